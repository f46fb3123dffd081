"""The progress display of ``baccarat-conformance run``: a rich progress bar that follows
the results log as it grows, against the collected count that session.json states."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any, Optional

__all__ = ["ResultsFollower", "run_with_progress", "read_json"]


def read_json(path: Path) -> Optional[dict]:
    """The JSON object in ``path``, or None when it is missing or not (yet) whole JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None


class ResultsFollower:
    """Reads ``results.jsonl`` as it grows (complete lines only) and counts outcomes."""

    def __init__(self, path: Path):
        self.path = path
        self.offset = 0
        self.counts: Counter = Counter()
        self.done = 0
        self.last: Optional[dict] = None

    def poll(self) -> None:
        try:
            with open(self.path, "rb") as fh:
                fh.seek(self.offset)
                chunk = fh.read()
        except OSError:
            return
        end = chunk.rfind(b"\n")
        if end < 0:
            return
        self.offset += end + 1
        for line in chunk[:end].splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            self.done += 1
            self.last = entry
            cat = entry.get("category")
            key = {"passed": "pass", "skipped": cat or "skipped"}.get(entry.get("outcome"),
                                                                     "fail" if cat == "nonconformance" else "error")
            self.counts[key] += 1

    def summary(self) -> str:
        order = ("pass", "fail", "error", "not verified", "blocked", "not offered", "expired", "not yet effective",
                 "skipped")
        return "  ".join(f"{self.counts[k]} {k}" for k in order if self.counts.get(k))


def run_with_progress(cmd: list[str], out: Path, log: Path, signals: Any) -> int:
    """Run pytest (:func:`~baccarat_conformance.supervise.supervise`) with its output in
    OUT/pytest.log and a rich progress bar following the results log against the
    collected count. Returns pytest's exit status."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from baccarat_conformance.supervise import supervise

    from rich.console import Console

    console = Console(stderr=True)
    follower = ResultsFollower(log)
    session = out / "session.json"
    with open(out / "pytest.log", "w", encoding="utf-8") as logfh, Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[counts]}"),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=False) as progress:
        task = progress.add_task("collecting", total=None, counts="")

        def tick() -> None:
            follower.poll()
            if signals.received is not None:
                progress.update(task, description=f"{signals.name}: finishing", counts=follower.summary())
                return
            facts = read_json(session) or {}
            total = facts.get("collected")
            desc = "running" if total is not None else "collecting"
            if follower.last:
                desc = ", ".join(follower.last.get("clauses") or []) or desc
            progress.update(task, total=total, completed=follower.done, description=f"{desc[:28]:28}",
                            counts=follower.summary())

        code = supervise(cmd, signals, stdout=logfh, stderr=subprocess.STDOUT, tick=tick)
        follower.poll()
        total = (read_json(session) or {}).get("collected")
        progress.update(task, total=total if total is not None else follower.done, completed=follower.done,
                        description="done" if signals.received is None else "interrupted", counts=follower.summary())
    return code
