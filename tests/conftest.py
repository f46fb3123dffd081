"""Fixtures of the suite's own tests, and their order.

The tests are in folders by kind (hypothesis's ``tests/cover``, ``nocover``…; pytest's
``testing/`` and ``example_scripts/``): ``unit/`` (the oracle, verdict, corpus, adapters and
step judges called on records), ``proofs/`` (broken games and conforming variants played
against the suite, and the runners that play them), ``user/`` (the CLI, documented
commands, wheel and servers, as a user runs them), and ``games/`` (what the tests play;
no tests). ``pytest tests/unit`` runs one tier alone. As pytest's own ``testing/conftest.py``
orders its slow tests last, the user tier runs after the others.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Callable

import pytest

from baccarat_conformance.plugin import GC_THRESHOLDS

from tests.proofs.reference_runs import play
from tests.proofs.suite_runner import SuiteRun


#: What a long group of the suite's own tests does, said on the console when its first test starts
#: (``python3 run.py test`` sits a minute or more between two dots in them): the test file -> a phrase.
LONG_GROUPS = {
    "tests/proofs/test_proofs.py": "the broken-game proofs: each batch plays the conformance suite against its broken "
                            "games in one child pytest, about 1 to 2 minutes a batch",
    "tests/proofs/test_conforming_variants.py": "the reference runs of the conforming variants: the suite against each "
                                         "variant in a child pytest (played once a session)",
    "tests/proofs/test_broken_631a.py": "the reference game under every example profile: the suite in child pytest "
                                 "processes",
    "tests/user/test_docs_commands.py": "every documented command, run as written (a short selection of the suite each)",
    "tests/user/test_wheel_install.py": "a wheel built and installed into a fresh venv (about 3 minutes)",
}


class _Narrator:
    """Says on the controller's console what a long group of tests does when its first test
    starts (:data:`LONG_GROUPS`); pytest-xdist reports each start to the controller."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.said: set[str] = set()

    def pytest_runtest_logstart(self, nodeid: str, location: tuple) -> None:
        group = nodeid.split("::", 1)[0]
        phrase = LONG_GROUPS.get(group)
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if phrase is None or group in self.said or reporter is None:
            return
        self.said.add(group)
        reporter.ensure_newline()
        reporter.write_line(f"[{group}] {phrase}")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or pytest alone): its console
        config.pluginmanager.register(_Narrator(config), "baccarat-tests-narrator")
    # (the suite's games are seeded in the open: tests/games/seeded_games.py)
    # the statistics scenarios of the suite's runs (about 40 a test run, at smoke depth) deal
    # their shoes in the scenario's own process: a pool of local processes (a forkserver and
    # a worker a core, each importing the harness) took 0.3 s of CPU more a scenario for the
    # same wall time; tests/user/test_gamestats.py and tests/user/test_wheel_install.py play the pool
    os.environ.setdefault("BACCARAT_STATS_WORKERS", "1")
    # the suite's own processes collect garbage as a run of the conformance suite does (the
    # harness's plugin raises the thresholds only in a session that runs only the suite)
    gc.set_threshold(*GC_THRESHOLDS)


#: The order of the tiers in a run (a folder not named here runs before the user tier).
TIER_ORDER = {"unit": 0, "proofs": 1, "user": 3}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests of ``tests/user/`` (fresh interpreters, servers, wheels) after the others;
    the order within a tier unchanged."""
    tests = Path(__file__).resolve().parent

    def tier(item: pytest.Item) -> int:
        try:
            part = Path(item.path).resolve().relative_to(tests).parts[0]
        except (ValueError, IndexError):
            return 2
        return TIER_ORDER.get(part, 2)

    items.sort(key=tier)  # a stable sort


@pytest.fixture(scope="session")
def must_pass_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of tests/proofs/reference_runs.py's batches: one a session, shared by its xdist
    workers (each worker's base temporary folder is a child of the session's)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "must-pass"


@pytest.fixture(scope="session")
def must_pass(must_pass_root: Path) -> Callable[[str], SuiteRun]:
    """``must_pass(NAME)``: the results of the run NAME of tests/proofs/reference_runs.py (its
    batch played at the first use in the session, by whichever worker asks first)."""
    return lambda name: play(name, must_pass_root)


@pytest.fixture(scope="session")
def must_fail(must_pass: Callable[[str], SuiteRun]) -> Callable[[str], SuiteRun]:
    """``must_fail(NAME)``: the results of the run NAME of tests/proofs/reference_runs.py that a
    broken game must fail: ``must_pass`` itself, named for what the test reads in it."""
    return must_pass
