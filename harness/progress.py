"""The progress display of ``baccarat-conformance run``: a rich progress bar that follows
the results log as it grows, against the collected count that session.json states, and
names a long scenario's own progress (:mod:`baccarat_conformance.heartbeat`). Without the
display (not on a terminal, ``--progress off``) pytest's output is passed through, with a
line every :data:`QUIET_AFTER` seconds on a long scenario. Either way it is also written
to ``OUT/pytest.log``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Optional

from baccarat_conformance import heartbeat

__all__ = ["ResultsFollower", "run_with_progress", "run_logged", "read_json", "PROGRESS_DIR", "QUIET_AFTER"]

#: The folder of ``--out`` the scenarios' heartbeats are written to (removed at the end).
PROGRESS_DIR = ".progress"
#: Seconds of a long scenario between two lines of its progress, without the display.
QUIET_AFTER = 30.0


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


def _beats_phrase(beats: list[dict]) -> str:
    """``631a.11 sweep: 34000/100000 deals`` for the long scenarios in progress, ``test_x:
    running for 95 s`` for one that does not beat itself."""
    now = time.time()

    def phrase(b: dict) -> str:
        name = b.get("nodeid", "").rsplit("::", 1)[-1][:60]
        if b.get("total") is None:
            return f"{name}: running for {max(0, int(now - float(b.get('since') or now)))} s"
        return f"{name}: {b.get('done')}/{b.get('total')} {b.get('what')}"

    return "; ".join(phrase(b) for b in beats)


def _supervised(cmd: list[str], out: Path, signals: Any, tick: Callable[[], None]) -> int:
    """pytest under :func:`~baccarat_conformance.supervise.supervise`, its output in
    ``OUT/pytest.log``, with the heartbeat folder ``OUT/.progress`` (removed after)."""
    from baccarat_conformance.supervise import supervise

    beats = out / PROGRESS_DIR
    saved = os.environ.get(heartbeat.ENV)
    os.environ[heartbeat.ENV] = str(beats)
    try:
        with open(out / "pytest.log", "w", encoding="utf-8") as logfh:
            code = supervise(cmd, signals, stdout=logfh, stderr=subprocess.STDOUT, tick=tick)
        _say_where_pytest_died(beats, code)
        return code
    finally:
        if saved is None:
            os.environ.pop(heartbeat.ENV, None)
        else:
            os.environ[heartbeat.ENV] = saved
        shutil.rmtree(beats, ignore_errors=True)


def _say_where_pytest_died(beats: Path, code: int) -> None:
    """Name on stderr each scenario a pytest process ended in (its ``PID.running`` file is
    left: :func:`heartbeat.died_in`), with pytest's exit status."""
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    for pid, nodeid in heartbeat.died_in(beats):
        print(f"error: pytest died during the scenario {nodeid} (process {pid}; pytest's {how}): the game or "
              f"the harness ended the process (a game calling os._exit ends the run); that scenario has no "
              f"result, and no scenario after it ran in that process", file=sys.stderr, flush=True)


def run_logged(cmd: list[str], out: Path, signals: Any, tracebacks: bool = False) -> int:
    """Run pytest with its output in ``OUT/pytest.log`` and passed through to stdout as it
    comes, with a line on a long scenario's progress every :data:`QUIET_AFTER` seconds
    (a CI job's log never sits silent for minutes). Its tracebacks (the ``FAILURES`` and
    ``ERRORS`` sections) stay in the log unless ``tracebacks`` (``run --tb``): the run's
    failures are shown as findings (:mod:`baccarat_conformance.failures`). Returns pytest's
    exit status."""
    from baccarat_conformance.failures import TracebackFilter

    log = out / "pytest.log"
    state = {"offset": 0, "said": time.monotonic()}
    shown = None if tracebacks else TracebackFilter()

    def copy(final: bool = False) -> None:
        try:
            with open(log, "rb") as fh:
                fh.seek(state["offset"])
                chunk = fh.read()
        except OSError:
            return
        if chunk or final:
            state["offset"] += len(chunk)
            text = chunk if shown is None else shown.feed(chunk, final=final)
            sys.stdout.buffer.write(text)
            sys.stdout.flush()
            state["said"] = time.monotonic()

    def tick() -> None:
        copy()
        if time.monotonic() - state["said"] >= QUIET_AFTER:
            beats = heartbeat.read_beats(out / PROGRESS_DIR)
            if beats:
                print(f"\n[in progress] {_beats_phrase(beats)}", flush=True)
            state["said"] = time.monotonic()

    code = _supervised(cmd, out, signals, tick)
    copy(final=True)
    return code


def run_with_progress(cmd: list[str], out: Path, log: Path, signals: Any) -> int:
    """Run pytest (:func:`~baccarat_conformance.supervise.supervise`) with its output in
    OUT/pytest.log and a rich progress bar following the results log against the
    collected count, naming a long scenario's progress. Returns pytest's exit status."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from rich.console import Console

    console = Console(stderr=True)
    follower = ResultsFollower(log)
    session = out / "session.json"
    with Progress(
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
            beats = heartbeat.read_beats(out / PROGRESS_DIR)
            counts = follower.summary() + (f"  [{_beats_phrase(beats)}]" if beats else "")
            progress.update(task, total=total, completed=follower.done, description=f"{desc[:28]:28}",
                            counts=counts)

        code = _supervised(cmd, out, signals, tick)
        follower.poll()
        total = (read_json(session) or {}).get("collected")
        progress.update(task, total=total if total is not None else follower.done, completed=follower.done,
                        description="done" if signals.received is None else "interrupted", counts=follower.summary())
    return code
