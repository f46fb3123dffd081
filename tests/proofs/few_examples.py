"""A hypothesis settings profile of a few examples per property, for the suite's own runs
whose purpose is the plumbing, not the search: ``-p tests.proofs.few_examples
--hypothesis-profile few-examples`` (steps/_property_runner.py uses any registered profile
as it is). Each property scenario still runs every one of its steps, on
:data:`EXAMPLES` derandomized examples, no database, no deadline.

The runs that show a game keeping the rules (tests/proofs/reference_runs.py), the bite cases
(tests/proofs/test_properties_bite.py) and every proof keep the ``ci`` profile's examples.
"""

from __future__ import annotations

from hypothesis import settings

from baccarat_conformance.steps._property_runner import CI

NAME = "few-examples"
EXAMPLES = 5
ARGS = ("-p", "tests.proofs.few_examples", "--hypothesis-profile", NAME)
"""The pytest arguments of a run under this profile."""

settings.register_profile(NAME, settings(CI, max_examples=EXAMPLES))
