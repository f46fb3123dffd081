"""Run the conformance suite in a subprocess against a game and read back the
per-scenario results log: the tool the broken-game proofs use."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FEATURES = REPO / "features"


@dataclass
class SuiteRun:
    returncode: int
    results: list[dict]
    output: str

    def clauses_with(self, outcome: str) -> set[str]:
        return {c for r in self.results if r["outcome"] == outcome for c in r["clauses"]}

    @property
    def failed_clauses(self) -> set[str]:
        """The clauses the clause matrix fails: those the failing checks named (with the
        tags enclosing them), not every tag of a failed scenario."""
        from baccarat_conformance.corpus import load_corpus
        from baccarat_conformance.verdict.matrix import clauses_failed_by

        corpus = load_corpus()
        return {c for r in self.results for c in clauses_failed_by(r, corpus)}

    @property
    def named_clauses(self) -> dict[str, str]:
        """nodeid -> the clause its failing check named (``failed_clause``)."""
        return {r["nodeid"]: r["failed_clause"] for r in self.results if r.get("failed_clause")}

    def categories(self) -> dict[str, str]:
        return {r["nodeid"]: r["category"] for r in self.results if r["outcome"] != "passed"}

    def failure_categories(self) -> dict[str, str]:
        """nodeid -> category of the failed scenarios only (skips are "expired" or "not offered")."""
        return {r["nodeid"]: r["category"] for r in self.results if r["outcome"] == "failed"}


def sections_of(clauses) -> list[str]:
    """The section markers (``631a.13``) of clause ids (``631a.13(e)[table]``)."""
    return sorted({re.match(r"\d{3}[a-z]\.\d+", c).group(0) for c in clauses})


def proof_marks(clauses) -> str:
    """A ``-m`` expression selecting the example scenarios of the sections of ``clauses``.

    A broken-game proof runs the sections its break touches, leaving out the hypothesis
    property scenarios (``@property``; tests/test_properties_bite.py proves those) and the
    statistical verification (``@statistics``; tests/test_broken_statistics.py): each
    proof stays a few seconds, and the reference-game runs of the whole suite under every
    example profile are what show the rest of the suite raises no false alarm."""
    return "(" + " or ".join(sections_of(clauses)) + ") and not property and not statistics"


_WORDS = {"and", "or", "not", "property", "statistics", "game_math"}


def _chapters_selected(marks: str | None, args: tuple) -> list[str] | None:
    """The chapters (``631a``...) whose scenarios alone ``marks`` can select, so that only
    their feature modules are collected (each chapter's folder holds only its own clause
    tags); None when it may select any (no marks, a ``-k``, a negated clause, an option
    marker)."""
    if not marks or {"-k", "--matrix-dir", "--alluredir"} & set(args):  # reports list every chapter's clauses
        return None
    tokens = re.findall(r"[^\s()]+", marks)
    chapters = set()
    for i, token in enumerate(tokens):
        if token in _WORDS:
            continue
        m = re.match(r"(\d{3}[a-z])\.", token)
        if not m or (i and tokens[i - 1] == "not"):
            return None
        chapters.add(m.group(1))
    return sorted(chapters) or None


def run_suite(tmp_path: Path, *args: str, game: str | None = None, depth: str = "smoke",
              features: str | os.PathLike = FEATURES, timeout: float = 600,
              marks: str | None = None, statistics: bool | None = None) -> SuiteRun:
    """Run ``pytest features`` with ``args`` in a fresh process and return its results;
    ``marks``: a ``-m`` expression (e.g. :func:`proof_marks`).

    ``statistics``: whether the ``@statistics`` scenarios run (5 s a run at smoke depth,
    half of a whole-suite run). By default only when ``marks`` names them: their proofs
    (tests/test_broken_statistics.py, the reference game under several profiles and 20
    seeds) and tests/test_capabilities.py run them on purpose; every other run of the
    whole suite leaves them out."""
    args_list = list(args)
    if "-m" in args_list:  # a -m among the args: one expression (pytest keeps the last -m only)
        i = args_list.index("-m")
        given = args_list[i + 1]
        del args_list[i:i + 2]
        marks = f"({given}) and ({marks})" if marks else given
    args = tuple(args_list)
    if statistics is None:
        statistics = marks is not None and "statistics" in marks
    if not statistics:
        marks = f"({marks}) and not statistics" if marks else "not statistics"
    log = tmp_path / "results.jsonl"
    chapters = _chapters_selected(marks, args) if Path(features) == FEATURES else None
    paths = [str(FEATURES / f"test_{c}.py") for c in chapters] if chapters else [str(features)]
    cmd = [sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider", "--depth", depth,
           "--results-log", str(log), "-o", "addopts=--strict-markers", "--import-mode=importlib", *args]
    if not any(a.startswith("--tb") for a in args):
        # Python's own tracebacks: pytest's long ones repr every fixture argument of every
        # frame (tables, transcripts), which doubled the time of a run with 150 failures;
        # the results log's ``detail`` keeps the exception's message either way
        cmd.append("--tb=native")
    if game:
        cmd += ["--game", game]
    if marks:
        cmd += ["-m", marks]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    results = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return SuiteRun(proc.returncode, results, proc.stdout[-20000:] + proc.stderr[-5000:])
