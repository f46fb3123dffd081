"""The per-scenario results log (``--results-log``), the clause matrix's input.

One JSON object per line, one line per scenario that carries a clause::

    {"nodeid": "...", "clauses": ["631c.5(c)(3)", "631c.5(k)(2)"], "outcome": "failed",
     "category": "nonconformance", "failed_clause": "631c.5(k)(2)",
     "message": "§ 631c.5(k)(2): required: ...; game did: ...; cards: ...",
     "detail": "...", "judged": {"cards compared": 3, "wagers settled": 1},
     "duration": 0.0123, "phase": "call"}

``outcome`` is the first phase's that did not pass (``passed``, ``failed``, ``skipped``),
``phase`` that phase (absent when passed), ``category`` :mod:`baccarat_conformance.judging.classify`'s,
``message`` the skip reason, or the failure in one line (for a nonconformance: the
clause, what the regulation requires, what the game did, the cards; the traceback stays
in pytest's log, its last 4000 characters in ``detail``), ``failed_clause`` the clause a
nonconformance names (:mod:`baccarat_conformance.judging.attribution`: the matrix fails that
clause, not the scenario's other tags), ``judged`` what the scenario's Then steps judged
(:mod:`baccarat_conformance.judging.judgements`), ``statistics`` the statistical tests of a
``@statistics`` scenario (each one's name, clause, statistic, p-value, power, Holm's
verdict: ``gamestats.judge.Test``), and ``duration`` the seconds of all phases. A
scenario blocked by a rule the game broke (category ``blocked``, outcome ``skipped``) also
carries ``blocked_by``, that rule's clause. A failed or blocked scenario also carries
``replay``: what ``baccarat-conformance replay`` needs to run it again (the node id, the
profile's hash, the options, the shoes it sent; :mod:`baccarat_conformance.run.replay_record`).

A scenario whose pytest-xdist worker died under it (a game that ends its process) is
logged as failed, category ``adapter error``, phase ``crash``, under its clauses: those
of its setup report when it got that far, else those the workers recorded at collection
(each writes its map of nodeid -> clauses to a file the controller names in the worker's
``workerinput``; a worker's crash report carries no user properties).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Optional

import pytest

from baccarat_conformance.judging.classify import blocked_by, skip_category
from baccarat_conformance.run.replay_record import ReplayContext, needs_replay
from baccarat_conformance.util.atomic_files import open_append, write_atomic

__all__ = ["ResultsLog", "CLAUSE_MAP_KEY", "CRASH_MESSAGE"]


CLAUSE_MAP_KEY = "baccarat_conformance_clause_map"
"""The ``workerinput`` key of the file each pytest-xdist worker writes its nodeid -> clauses map to."""

_SKIP_NAME = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?(?:Skipped|Blocked|CapabilityMissing): ")
"""The exception name pytest puts before a skip's reason (``Skipped: ``, or the module
path of a skip exception of the harness's own)."""

CRASH_MESSAGE = "the worker running this scenario crashed (the game ended its process?)"
#: Characters of a failure's report kept in ``detail`` (its end: the exception and the
#: innermost frames); the whole report is in pytest's log.
DETAIL_LIMIT = 4000


def _last_line(text: str) -> str:
    """The last non-empty line of a failure's report (its ``E  ...`` line), for a failure
    the plugin did not summarise."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:1000] if lines else ""


_PHASES = ("setup", "call", "teardown")


class ResultsLog:
    """Appends one JSON line per finished scenario to ``--results-log`` (on the
    controller only under xdist), flushing each, so results already written stay
    even if the run dies. With ``--matrix-dir`` it also keeps this session's entries
    in memory (``entries``) for the clause matrix."""

    def __init__(self, config: pytest.Config):
        self.path: Optional[Path] = None
        self.keep = False
        self.entries: list[dict] = []
        self.workerinput: Optional[dict] = getattr(config, "workerinput", None)
        self.clause_map: Optional[Path] = None
        self._clause_map_cache: Optional[dict] = None
        if self.workerinput is not None:
            return
        value = config.getoption("--results-log")
        if value:
            self.path = Path(value)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.keep = bool(config.getoption("--matrix-dir"))
        self.partial: dict[str, dict] = {}
        self.replay = ReplayContext(config)

    # ---------------------------------------------------------------- the clause map (pytest-xdist)
    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """Controller: name the file the worker writes its clause map to."""
        if self.path is None and not self.keep:
            return
        if self.clause_map is None:
            self.clause_map = Path(tempfile.mkdtemp(prefix="baccarat-clauses-")) / "clauses.json"
        node.workerinput[CLAUSE_MAP_KEY] = str(self.clause_map)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Worker: write the nodeid -> clauses map of the items collected (atomically;
        every worker collects the same items)."""
        target = (self.workerinput or {}).get(CLAUSE_MAP_KEY)
        if not target:
            return
        mapping = {item.nodeid: dict(item.user_properties).get("clauses") for item in session.items}
        write_atomic(target, json.dumps({k: v for k, v in mapping.items() if v}))

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Controller: a run that collected no scenario (manual clauses alone) still has its
        log, empty; a run pytest refused (a usage error: nothing ran) has none."""
        if self.path is not None and not self.path.exists() and exitstatus != pytest.ExitCode.USAGE_ERROR:
            with open_append(self.path):
                pass

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if self.path is not None and self.path.exists():
            with open_append(self.path) as fh:
                os.fsync(fh.fileno())  # once, not a disk write per scenario
        if self.clause_map is not None:
            shutil.rmtree(self.clause_map.parent, ignore_errors=True)

    def _clauses_of(self, nodeid: str) -> Optional[list]:
        """The clauses of ``nodeid`` from its setup report, else from the workers' map."""
        started = self.partial.get(nodeid)
        if started is not None:
            return started["clauses"]
        if self._clause_map_cache is None and self.clause_map is not None:
            try:
                self._clause_map_cache = json.loads(self.clause_map.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
        return (self._clause_map_cache or {}).get(nodeid)

    # ---------------------------------------------------------------- the log
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.path is None and not self.keep:
            return
        props = dict(report.user_properties)
        crashed = report.when not in _PHASES  # pytest-xdist's report of a crashed worker ("???")
        clauses = props.get("clauses") or (self._clauses_of(report.nodeid) if crashed else None)
        if not clauses:
            return
        entry = self.partial.setdefault(report.nodeid, {
            "nodeid": report.nodeid, "clauses": clauses, "outcome": "passed", "category": None,
            "message": None, "duration": 0.0})
        entry["duration"] += report.duration
        if crashed and entry["outcome"] in ("passed", "skipped"):
            entry.update(outcome="failed", phase="crash", category="adapter error",
                         message=f"[adapter error] {CRASH_MESSAGE}: {report.longrepr}")
        elif report.outcome != "passed" and entry["outcome"] == "passed":
            entry["outcome"] = report.outcome
            entry["phase"] = report.when
            entry["category"] = props.get("category")
            if report.skipped and isinstance(report.longrepr, tuple):
                entry["message"] = _SKIP_NAME.sub("", report.longrepr[2])
                entry["category"] = entry["category"] or skip_category(entry["message"])
                if entry["category"] == "blocked":
                    entry["blocked_by"] = blocked_by(entry["message"])
            else:
                text = str(report.longrepr) if report.longrepr else ""
                entry["message"] = props.get("message") or _last_line(text) or None
                entry["detail"] = text[-DETAIL_LIMIT:] or None
                entry["category"] = entry["category"] or "harness error"
                if props.get("failed_clause"):
                    entry["failed_clause"] = props["failed_clause"]
        if props.get("judged") is not None and report.when == "call":
            entry["judged"] = props["judged"]
        if props.get("statistics") is not None and report.when == "call":
            entry["statistics"] = props["statistics"]
        if report.when == "teardown" or crashed:
            done = self.partial.pop(report.nodeid)
            if needs_replay(done):
                done["replay"] = self.replay.record(report.nodeid, props)
            self._write(done)

    def _write(self, done: dict) -> None:
        done["duration"] = round(done["duration"], 4)
        if self.keep:
            self.entries.append(done)
        if self.path is not None:
            # flushed line by line (the progress display and a supervisor read it as it
            # grows; a killed run keeps every line written), synced to disk once at the end
            with open_append(self.path) as fh:
                fh.write(json.dumps(done) + "\n")
