"""The conformance suite: Gherkin scenarios, one folder per chapter, each scenario
quoting one clause of 58 Pa. Code and tagged with its id."""
