"""A pytest plugin for the suite's own tests (``-p tests.proofs.capability_recorder
--capability-log PATH``): each scenario runs against a game that declares exactly the
capabilities the scenario declares, and what it used is written down.

For every scenario with a clause, the game's ``describe`` answer (cached by the adapter)
is narrowed, for that scenario only, to the capabilities the scenario declares
(:func:`baccarat_conformance.run.gating.needed_capabilities`: its ``@capability.X`` tags, the
``wager.W`` of its ``@option.W`` tags…). A scenario that uses anything else is stopped by
the adapter (:class:`CapabilityMissing`) and ends "not verified"; code that only uses a
capability when the game has it (``GameAdapter.has_capability``) takes its other path.
One JSON line per scenario::

    {"nodeid": "...", "feature": "631a_baccarat/631a.9_hands_and_initial_deal.feature", "line": 12,
     "declared": ["stacked_shoe"], "used": ["stacked_shoe"]}

(``feature`` as pytest-bdd names it, ``line`` the scenario's). With
``--capability-record-only`` the game is not narrowed: every scenario runs as usual and
``used`` shows everything it asked for (to find the tags a new scenario needs).

``used`` is the scenario's ``Transcript.capabilities_used`` (noted by
:meth:`GameAdapter.require` at every use, allowed or not). ``tests/proofs/test_capabilities.py``
runs the suite with it against the reference game, which declares every capability.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from baccarat_conformance.adapters import Transcript
from baccarat_conformance.run.clauses import clause_tags
from baccarat_conformance.run.gating import needed_capabilities


SCENARIO = pytest.StashKey[tuple]()


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    request.node.stash[SCENARIO] = (feature.rel_filename, scenario.line_number)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--capability-log", default=None, metavar="PATH",
                     help="tests.proofs.capability_recorder: run each scenario with only the capabilities it declares, "
                          "and write what it declared and used here")
    parser.addoption("--capability-record-only", action="store_true",
                     help="tests.proofs.capability_recorder: do not narrow the game's capabilities, only record")


@pytest.fixture(autouse=True)
def _declared_capabilities_only(request: pytest.FixtureRequest) -> Iterator[None]:
    path = request.config.getoption("--capability-log")
    if not path or not clause_tags(request.node):
        yield
        return
    adapter: Any = request.getfixturevalue("game_adapter")
    declared = needed_capabilities(request.node, request.getfixturevalue("rules_submission"))
    real = adapter.describe()
    if not request.config.getoption("--capability-record-only"):
        adapter._description = real.model_copy(update={"capabilities": [c for c in real.capabilities
                                                                         if c in declared]})
    adapter.transcript = Transcript()  # fresh even for a scenario that never asks for the `game` fixture
    try:
        yield
    finally:
        adapter._description = real
        feature, line_number = request.node.stash.get(SCENARIO, (None, None))
        line = {"nodeid": request.node.nodeid, "feature": feature, "line": line_number,
                "declared": sorted(declared), "used": sorted(adapter.transcript.capabilities_used)}
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
