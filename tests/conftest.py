"""Fixtures of the suite's own tests."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Callable

import pytest

from baccarat_conformance.plugin import GC_THRESHOLDS

from .reference_runs import play
from .suite_runner import SuiteRun


def pytest_configure(config: pytest.Config) -> None:
    # (the suite's games are seeded in the open: tests/seeded_games.py)
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
