"""The progress display of ``baccarat-conformance run``: a rich progress bar that follows
the results log as it grows, against the collected count that session.json states, and
names a long scenario's own progress (:mod:`baccarat_conformance.run.heartbeat`). Without the
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

from baccarat_conformance.run import heartbeat
from baccarat_conformance.util.json_files import read_json  # noqa: F401 - also read from here by the CLI
from baccarat_conformance.util.atomic_files import open_fresh

__all__ = ["ResultsFollower", "run_with_progress", "run_logged", "read_json", "PROGRESS_DIR", "QUIET_AFTER"]

#: The folder of ``--out`` the scenarios' heartbeats are written to (removed at the end).
PROGRESS_DIR = ".progress"
#: Seconds of a long scenario between two lines of its progress, without the display.
QUIET_AFTER = 30.0


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


def _clock(seconds: float) -> str:
    """``1:05:09`` or ``5:09`` for ``seconds``."""
    m, s = divmod(int(round(seconds)), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def beat_phrase(b: dict, now: Optional[float] = None) -> str:
    """One scenario in progress, from its heartbeat ``b`` (:mod:`baccarat_conformance.run.heartbeat`):
    ``test_x: 34000/100000 deals``; with the time its work started, also its rate and the
    time it has left, ``test_x: 340/1000 shoes dealt, 4.2/s, ETA 2:37``; ``test_x: running
    for 95 s`` for one that does not beat itself."""
    now = time.time() if now is None else now
    name = b.get("nodeid", "").rsplit("::", 1)[-1][:60]
    if b.get("total") is None:
        return f"{name}: running for {max(0, int(now - float(b.get('since') or now)))} s"
    said = f"{name}: {b.get('done')}/{b.get('total')} {b.get('what')}"
    try:
        done, total, started = int(b["done"]), int(b["total"]), float(b["started"])
    except (KeyError, TypeError, ValueError):
        return said
    took = float(b.get("time") or now) - started
    if done <= 0 or took <= 0:
        return said + ", ETA -:--"
    rate = done / took
    left = max(0.0, (total - done) / rate - (now - float(b.get("time") or now)))
    return said + f", {rate:.3g}/s, ETA {_clock(left)}"


def _beats_phrase(beats: list[dict]) -> str:
    """``631a.11 sweep: 34000/100000 deals`` for the long scenarios in progress (with
    their rate and time left when known: :func:`beat_phrase`), ``test_x: running for 95 s``
    for one that does not beat itself."""
    now = time.time()
    return "; ".join(beat_phrase(b, now) for b in beats)


def _supervised(cmd: list[str], out: Path, signals: Any, tick: Callable[[], None]) -> int:
    """pytest under :func:`~baccarat_conformance.run.supervise.supervise`, its output in
    ``OUT/pytest.log``, with the heartbeat folder ``OUT/.progress`` (removed after)."""
    from baccarat_conformance.run.supervise import supervise

    beats = out / PROGRESS_DIR
    saved = os.environ.get(heartbeat.ENV)
    os.environ[heartbeat.ENV] = str(beats)
    try:
        with open_fresh(out / "pytest.log") as logfh:
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
    failures are shown as findings (:mod:`baccarat_conformance.run.failures`). Returns pytest's
    exit status."""
    from baccarat_conformance.run.failures import TracebackFilter

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


def progress_columns() -> tuple:
    """The columns of ``run``'s progress bar: the clause running, the bar, done of
    collected, the elapsed time and the time left, then the counts and the long scenarios'
    progress, which alone give way (cut with an ellipsis) on a narrow terminal: at 80
    columns the elapsed time and the ETA stay on screen."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.table import Column

    def fixed(width: int) -> Column:
        return Column(no_wrap=True, min_width=width)

    return (TextColumn("[bold]{task.description}", table_column=Column(no_wrap=True, width=DESCRIPTION_WIDTH)),
            BarColumn(bar_width=12, table_column=fixed(12)), MofNCompleteColumn(table_column=fixed(9)),
            TimeElapsedColumn(table_column=fixed(7)), TimeRemainingColumn(table_column=fixed(7)),
            TextColumn("{task.fields[counts]}", table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1)))


#: Characters of the progress bar's first column (the clause running).
DESCRIPTION_WIDTH = 20


def run_with_progress(cmd: list[str], out: Path, log: Path, signals: Any) -> int:
    """Run pytest (:func:`~baccarat_conformance.run.supervise.supervise`) with its output in
    OUT/pytest.log and a rich progress bar following the results log against the
    collected count, naming a long scenario's progress. Returns pytest's exit status."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    follower = ResultsFollower(log)
    session = out / "session.json"
    with Progress(*progress_columns(), console=console, transient=False) as progress:
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
            progress.update(task, total=total, completed=follower.done, description=f"{desc[:DESCRIPTION_WIDTH]:{DESCRIPTION_WIDTH}}",
                            counts=counts)

        code = _supervised(cmd, out, signals, tick)
        follower.poll()
        total = (read_json(session) or {}).get("collected")
        progress.update(task, total=total if total is not None else follower.done, completed=follower.done,
                        description="done" if signals.received is None else "interrupted", counts=follower.summary())
    return code
