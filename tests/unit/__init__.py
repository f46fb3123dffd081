"""Unit tests: the oracle, the verdict, the corpus, the adapters and the step judges, called on records in this process (no pytest session of the suite, no server)."""
