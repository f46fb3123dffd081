"""Fixtures of the suite's own tests."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest

from .reference_runs import play
from .suite_runner import SuiteRun


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
