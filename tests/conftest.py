"""Fixtures of the suite's own tests."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Callable

import pytest

from baccarat_conformance.plugin import GC_THRESHOLDS
from baccarat_conformance.reference_game import HIT_SEED_ENV, SHUFFLE_SEED_ENV

from .reference_runs import play
from .suite_runner import SuiteRun


#: What a long group of the suite's own tests does, said on the console when its first test starts
#: (``python3 run.py test`` sits a minute or more between two dots in them): the test file -> a phrase.
LONG_GROUPS = {
    "tests/test_proofs.py": "the broken-game proofs: each batch plays the conformance suite against its broken "
                            "games in one child pytest, about 1 to 2 minutes a batch",
    "tests/test_conforming_variants.py": "the reference runs of the conforming variants: the suite against each "
                                         "variant in a child pytest (played once a session)",
    "tests/test_broken_631a.py": "the reference game under every example profile: the suite in child pytest "
                                 "processes",
    "tests/test_docs_commands.py": "every documented command, run as written (a short selection of the suite each)",
    "tests/test_wheel_install.py": "a wheel built and installed into a fresh venv (about 3 minutes)",
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
    # Every reference game of the suite's runs (in this process, its child pytest runs, the
    # CLI's and the servers', subclasses included) draws its mystery hit values from the same seed: their
    # Kolmogorov-Smirnov scenarios at 0.001, run about 25 times a test run, would otherwise
    # raise a false alarm in about one test run of forty (one did on 2026-11-27)
    os.environ.setdefault(HIT_SEED_ENV, "20261127")
    # ... and their shuffles: a game without seeded_shuffle (the capability recorder's
    # narrowed reference game, tests/capability_games.py) deals shoes of its own to the
    # statistics, whose scenarios at 1% family-wise would raise a false alarm now and then
    # (one did on 2026-11-27, session 9: the Heavenly 9 outcomes under the recorder)
    os.environ.setdefault(SHUFFLE_SEED_ENV, "20261127")
    # the statistics scenarios of the suite's runs (about 40 a test run, at smoke depth) deal
    # their shoes in the scenario's own process: a pool of local processes (a forkserver and
    # a worker a core, each importing the harness) took 0.3 s of CPU more a scenario for the
    # same wall time; tests/test_gamestats.py and tests/test_wheel_install.py play the pool
    os.environ.setdefault("BACCARAT_STATS_WORKERS", "1")
    # the suite's own processes collect garbage as a run of the conformance suite does (the
    # harness's plugin raises the thresholds only in a session that runs only the suite)
    gc.set_threshold(*GC_THRESHOLDS)


@pytest.fixture(scope="session")
def must_pass_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of tests/reference_runs.py's batches: one a session, shared by its xdist
    workers (each worker's base temporary folder is a child of the session's)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "must-pass"


@pytest.fixture(scope="session")
def must_pass(must_pass_root: Path) -> Callable[[str], SuiteRun]:
    """``must_pass(NAME)``: the results of the run NAME of tests/reference_runs.py (its
    batch played at the first use in the session, by whichever worker asks first)."""
    return lambda name: play(name, must_pass_root)
