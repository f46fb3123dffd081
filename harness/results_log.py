"""The per-scenario results log (``--results-log``), the clause matrix's input.

One JSON object per line, one line per scenario that carries a clause::

    {"nodeid": "...", "clauses": ["631a.11(b)(1)"], "outcome": "failed",
     "category": "nonconformance", "message": "...", "duration": 0.0123, "phase": "call"}

``outcome`` is the first phase's that did not pass (``passed``, ``failed``, ``skipped``),
``phase`` that phase (absent when passed), ``category`` :mod:`baccarat_conformance.classify`'s,
``message`` the skip reason or the end of the failure's report (4000 characters), and
``duration`` the seconds of all phases.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import pytest

from baccarat_conformance.classify import skip_category

__all__ = ["ResultsLog"]


class ResultsLog:
    """Appends one JSON line per finished scenario to ``--results-log`` (on the
    controller only under xdist), flushing each, so results already written stay
    even if the run dies. With ``--matrix-dir`` it also keeps this session's entries
    in memory (``entries``) for the clause matrix."""

    def __init__(self, config: pytest.Config):
        self.path: Optional[Path] = None
        self.keep = False
        self.entries: list[dict] = []
        if hasattr(config, "workerinput"):
            return
        value = config.getoption("--results-log")
        if value:
            self.path = Path(value)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.keep = bool(config.getoption("--matrix-dir"))
        self.partial: dict[str, dict] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.path is None and not self.keep:
            return
        props = dict(report.user_properties)
        if "clauses" not in props:
            return
        entry = self.partial.setdefault(report.nodeid, {
            "nodeid": report.nodeid, "clauses": props["clauses"], "outcome": "passed", "category": None,
            "message": None, "duration": 0.0})
        entry["duration"] += report.duration
        if report.outcome != "passed" and entry["outcome"] == "passed":
            entry["outcome"] = report.outcome
            entry["phase"] = report.when
            entry["category"] = props.get("category")
            if report.skipped and isinstance(report.longrepr, tuple):
                entry["message"] = report.longrepr[2].removeprefix("Skipped: ")
                entry["category"] = entry["category"] or skip_category(entry["message"])
            else:
                entry["message"] = str(report.longrepr)[-4000:] if report.longrepr else None
                entry["category"] = entry["category"] or "harness error"
        if report.when == "teardown":
            done = self.partial.pop(report.nodeid)
            done["duration"] = round(done["duration"], 4)
            if self.keep:
                self.entries.append(done)
            if self.path is not None:
                with open(self.path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(done) + "\n")
                    fh.flush()
                    os.fsync(fh.fileno())
