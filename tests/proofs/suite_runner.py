"""Run the conformance suite in a subprocess against a game and read back the
per-scenario results log: the tool the broken-game proofs use."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.proofs.proof_runner import exit_status_path

REPO = Path(__file__).resolve().parents[2]
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
    property scenarios (``@property``; tests/proofs/test_properties_bite.py proves those) and the
    statistical verification (``@statistics``; tests/proofs/test_broken_statistics.py): each
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


@dataclass(frozen=True)
class Selection:
    """What one run of the suite plays: the game, and the scenarios (``marks``: a ``-m``
    expression; ``keyword``: a ``-k`` one) of the features ``paths``; ``options``: pytest
    options of this game's run only, ``(dest, value)`` pairs (``("profile", "ez_baccarat")``),
    for :func:`run_suites`; ``only_paths``: in a batch of :func:`run_suites`, this game
    plays the scenarios of its ``paths`` only (as ``pytest FILE`` would; a path
    ``FILE::NAME``: the scenario NAME of FILE alone, as ``pytest FILE::NAME`` would), whatever the
    other games' paths; ``args``: more pytest options of this game's run only, as on a command
    line (``("--profile", "p.toml")``), parsed in its fork by the batch's own parser."""

    game: str | None
    marks: str | None
    keyword: str | None
    paths: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()
    only_paths: bool = False
    args: tuple[str, ...] = ()


def select(*args: str, game: str | None = None, features: str | os.PathLike = FEATURES,
           marks: str | None = None, statistics: bool | None = None) -> tuple[tuple[str, ...], Selection]:
    """The process arguments of a run (``args`` less its ``-m`` and ``-k``) and what it selects.

    ``statistics``: whether the ``@statistics`` scenarios run (5 s a run at smoke depth,
    half of a whole-suite run). By default only when ``marks`` names them: their proofs
    (tests/proofs/test_broken_statistics.py, the reference game under several profiles and 20
    seeds) and tests/proofs/test_capabilities.py run them on purpose; every other run of the
    whole suite leaves them out."""
    args_list = list(args)
    if "-m" in args_list:  # a -m among the args: one expression (pytest keeps the last -m only)
        i = args_list.index("-m")
        given = args_list[i + 1]
        del args_list[i:i + 2]
        marks = f"({given}) and ({marks})" if marks else given
    keyword = None
    if "-k" in args_list:
        i = args_list.index("-k")
        keyword = args_list[i + 1]
        del args_list[i:i + 2]
    if statistics is None:
        statistics = marks is not None and "statistics" in marks
    if not statistics:
        marks = f"({marks}) and not statistics" if marks else "not statistics"
    chapters = _chapters_selected(marks, (*args_list, *(("-k",) if keyword else ()))) \
        if Path(features) == FEATURES else None
    paths = tuple(str(FEATURES / f"test_{c}.py") for c in chapters) if chapters else (str(features),)
    return tuple(args_list), Selection(game, marks, keyword, paths)


def select_game(game: str | None, marks: str, keyword: str | None = None, **options: object) -> Selection:
    """The selection of ``game`` on the scenarios of ``marks`` (and ``keyword``, a ``-k``
    expression) with its own pytest ``options`` (``profile="ez_baccarat",
    include_expired=True``), for :func:`run_suites`."""
    _, sel = select(*(("-k", keyword) if keyword else ()), game=game, marks=marks)
    return dataclasses.replace(sel, options=tuple(options.items()))


def _command(log: Path, depth: str, args: tuple[str, ...], paths, marks: str | None,
             keyword: str | None, game: str | None) -> list[str]:
    cmd = [*paths, "-q", "-p", "no:cacheprovider", "--depth", depth,
           "--results-log", str(log), "-o", "addopts=--strict-markers", "--import-mode=importlib", *args]
    if not any(a.startswith("--tb") for a in args):
        # Python's own tracebacks: pytest's long ones repr every fixture argument of every
        # frame (tables, transcripts), which doubled the time of a run with 150 failures;
        # the results log's ``detail`` keeps the exception's message either way
        cmd.append("--tb=native")
    if not any(a.startswith("--basetemp") for a in args):
        # its own temporary folder: without one, every run makes /tmp/pytest-of-USER/pytest-N
        # and deletes the oldest at its end (the test run's own among them), 7% of a proof batch
        cmd += ["--basetemp", str(log.parent / f"{log.stem}.basetemp")]
    if game:
        cmd += ["--game", game]
    if marks:
        cmd += ["-m", marks]
    if keyword:
        cmd += ["-k", keyword]
    return cmd


def run_pytest(args: list[str], timeout: float) -> tuple[int, str]:
    """``python -m pytest ARGS`` in the repository, a fresh interpreter (the program a user
    runs): its exit status and output (the last 20,000 characters of stdout and 5,000 of
    stderr).

    :raises subprocess.TimeoutExpired: the run took longer than ``timeout`` seconds (it is
        killed)."""
    proc = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout[-20000:] + proc.stderr[-5000:]


def _read_log(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def run_suite(tmp_path: Path, *args: str, game: str | None = None, depth: str = "smoke",
              features: str | os.PathLike = FEATURES, timeout: float = 600,
              marks: str | None = None, statistics: bool | None = None) -> SuiteRun:
    """Run ``pytest features`` with ``args`` in a process of its own (:func:`run_pytest`)
    and return its results;
    ``marks``: a ``-m`` expression (e.g. :func:`proof_marks`); ``statistics``: see :func:`select`."""
    args, sel = select(*args, game=game, features=features, marks=marks, statistics=statistics)
    log = tmp_path / "results.jsonl"
    cmd = _command(log, depth, args, sel.paths, sel.marks, sel.keyword, game)
    code, output = run_pytest(cmd, timeout)
    return SuiteRun(code, _read_log(log), output)


def run_suites(tmp_path: Path, args: tuple[str, ...], selections: list[Selection], depth: str = "smoke",
               timeout: float = 900) -> list[SuiteRun]:
    """Play every game of ``selections`` against one collected suite, in one pytest
    process (the plugin tests/proofs/proof_runner.py), with the process arguments ``args`` (from
    :func:`select`) and each selection's own ``options`` and ``args`` (its profile...); return
    each game's results, in order.

    Each game runs the scenarios its selection picks, exactly as :func:`run_suite` would
    in a process of its own; its ``returncode`` is 1 when a scenario failed, 0 when none
    did, 5 when it selected none, and the fork's own status when it ended early (3: an
    error of the runner; 128 + N: killed by signal N); ``output`` is the batch's (every game's) output."""
    plan, logs = [], []
    for i, sel in enumerate(selections):
        log = tmp_path / str(i) / "results.jsonl"
        logs.append(log)
        plan.append({"game": sel.game, "marks": sel.marks, "keyword": sel.keyword, "log": str(log),
                     "options": dict(sel.options), **({"files": list(sel.paths)} if sel.only_paths else {}),
                     **({"args": list(sel.args)} if sel.args else {})})
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "plan.json").write_text(json.dumps(plan, indent=1), encoding="utf-8")
    paths = sorted({p for sel in selections for p in sel.paths})
    if str(FEATURES) in paths:
        paths = [str(FEATURES)]
    else:  # FILE::NAME of a FILE collected whole: FILE alone (pytest would collect the item twice)
        paths = [p for p in paths if "::" not in p or p.partition("::")[0] not in paths]
    union = " or ".join(f"({sel.marks})" for sel in selections) if all(s.marks for s in selections) else None
    cmd = _command(tmp_path / "unused.jsonl", depth, args, paths, union, None, None)
    cmd += ["-p", "tests.proofs.proof_runner", "--proof-plan", str(tmp_path / "plan.json")]
    returncode, output = run_pytest(cmd, timeout)
    runs = []
    for log in logs:
        results = _read_log(log)
        ended = exit_status_path(log)
        status = int(ended.read_text(encoding="utf-8")) if ended.exists() else None
        if not log.exists() or status is None:
            code = returncode or 3  # the batch died before this game ended
        elif status != 0:  # its fork ended early: the results are partial
            code = status if status > 0 else 128 - status  # killed by signal N: 128 + N, as a shell says
        elif any(r["outcome"] == "failed" for r in results):
            code = 1
        else:
            code = 0 if results else 5
        runs.append(SuiteRun(code, results, output))
    return runs
