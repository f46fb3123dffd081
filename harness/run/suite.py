"""The conformance suite as pytest runs it in a child process: the installed feature
folder (:func:`features_dir`) and the pytest command line of a run (:func:`pytest_command`),
shared by ``run`` (:mod:`baccarat_conformance.cli`) and ``replay``
(:mod:`baccarat_conformance.commands.replay`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional, Sequence

from baccarat_conformance.inputs import options

__all__ = ["FEATURES_PACKAGE", "features_dir", "pytest_command", "refusal"]

FEATURES_PACKAGE = "baccarat_conformance.features"
CACHE_DIR = ".pytest_cache"
"""The folder of ``--out`` pytest's cache is kept in (what ``run --lf`` reruns)."""


def features_dir() -> Path:
    import baccarat_conformance.features as features

    return Path(features.__file__).parent


def pytest_command(args: argparse.Namespace, results: Path, log: Path, out: Optional[Path] = None,
                   target: Optional[Sequence[str]] = None) -> list[str]:
    """The pytest command of ``run`` (``target``: what to run instead of the whole suite,
    e.g. ``["--pyargs", "MODULE::SCENARIO"]``): the suite with its Allure results in ``results``,
    its results log ``log``, with ``out`` the matrix, ``session.json``, JUnit XML and
    hypothesis' files (``.hypothesis/``) there; then the ``run`` flags of
    :data:`~baccarat_conformance.inputs.options.OPTIONS` set in ``args``, then
    ``args.pytest_args`` (after ``--``) unchanged. Nothing is written outside ``out``:
    pytest's cache is ``out/.pytest_cache`` (none without ``out``), no pytest-benchmark
    storage (the suite has no benchmarks). The node ids are relative to the package
    (``--rootdir``: ``features/631a_baccarat/test_x.py::test_y``) wherever it is installed."""
    # pytest's cache (the failures --lf reruns) in OUT/.pytest_cache, kept from run to run; none for a replay
    cache = ["-o", f"cache_dir={out / CACHE_DIR}"] if out is not None else ["-p", "no:cacheprovider"]
    # node ids relative to the package (features/...::test_x), wherever it is installed: the same ids in
    # results.jsonl, junit.xml, Allure's history, replay and diff from a checkout, a venv inside a project, a wheel
    rootdir = [] if target else [f"--rootdir={features_dir().parent}"]
    quiet = [] if getattr(args, "verbose", 0) else ["-q"]  # -v: pytest's own verbosity (one line a scenario)
    cmd = [sys.executable, "-m", "pytest", *(target or [str(features_dir())]), *rootdir, *cache,
           "-p", "no:benchmark",
           "--import-mode=importlib",
           "-o", "addopts=--strict-markers", "--alluredir", str(results), "--results-log", str(log), *quiet]
    if out is not None:
        cmd += ["--matrix-dir", str(out), "--junitxml", str(out / "junit.xml")]
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    return cmd + options.pytest_args(args) + options.adapter_pytest_args(args) + extra


def refusal(pytest_output: str) -> Optional[str]:
    """Why pytest refused to run (its exit status 4, a usage error), from its output:
    its own ``ERROR:`` lines (``Unknown marker(s) in '-m' expression: 629b``) and the
    harness's (``baccarat-conformance: --game 'x:f': cannot import 'x'``, from
    ``pytest.exit``), joined; None when it says nothing of the kind."""
    said = []
    for line in pytest_output.splitlines():
        line = line.strip().strip("!").strip()
        if line.startswith("_pytest.outcomes.Exit: "):
            line = line[len("_pytest.outcomes.Exit: "):]
        if line.startswith(("ERROR:", "error:", "baccarat-conformance:")) and line not in said:
            said.append(line)
    return "; ".join(said[-3:]) or None
