"""The progress of a long scenario, for the display of ``baccarat-conformance run``.

A scenario that works for minutes between two results (the exhaustive third-card sweep
over HTTP or serial) reports how far it got with :func:`beat`. ``run`` names a folder in
the environment variable :data:`ENV` (``OUT/.progress``; pytest-xdist's workers inherit
it); each process of the run writes one small JSON file there, replaced atomically,
and :func:`read_beats` gives the display what is in progress. Without the variable
(pytest alone) :func:`beat` does nothing.

A file holds ``{"nodeid": str, "what": str, "done": int, "total": int, "time": float}``
(``time``: seconds since the epoch of the last beat), and ``started`` (seconds since the
epoch) when the beating work says when it started: the display then gives its rate and
the time it has left (the statistics' shoes, dealt over minutes at lab depth).

Each process also names the scenario it is running in ``PID.running`` (:func:`running`,
from the plugin's ``pytest_runtest_protocol``), removed when the scenario ends: a file
left when pytest has ended names the scenario its process died in (a game calling
``os._exit``), which :func:`died_in` gives ``run`` to say. While pytest runs, the same
file makes every scenario in progress from its start until it ends (or its process dies),
beating or not (:func:`read_beats`: ``{"what": "running", "done": None, "total": None,
"since": float}``), so that off a terminal ``run`` names a scenario that keeps the log
silent (the statistics over HTTP ran 238 s without a line).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Optional

from baccarat_conformance.util.atomic_files import write_atomic

__all__ = ["ENV", "INTERVAL", "beat", "read_beats", "running", "died_in"]

ENV = "BACCARAT_CONFORMANCE_PROGRESS_DIR"
#: Seconds between two writes of one process's file (a beat in between is dropped).
INTERVAL = 1.0
_last: dict[str, float] = {}


def beat(done: int, total: int, what: str, *, force: bool = False, started: Optional[float] = None) -> None:
    """Report that the running scenario has done ``done`` of ``total`` units of ``what``
    (``"deals"``), ``started`` (seconds since the epoch) the time that work started, if
    known; written at most once per :data:`INTERVAL` unless ``force``. Never raises:
    progress is a display, not a result."""
    folder = os.environ.get(ENV)
    if not folder:
        return
    now = time.time()
    if not force and now - _last.get(folder, 0.0) < INTERVAL:
        return
    _last[folder] = now
    nodeid = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    try:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        write_atomic(path / f"{os.getpid()}.json",
                     json.dumps({"nodeid": nodeid, "what": what, "done": done, "total": total, "time": now,
                                 **({"started": started} if started is not None else {})}))
    except OSError:
        return


def read_beats(folder: Optional[Path], *, fresh: float = 30.0) -> list[dict]:
    """The beats in ``folder`` of scenarios still in progress (a beat older than
    ``fresh`` seconds, or one that reached its total, is left out), oldest first; and for
    a process whose scenario gives no such beat, the scenario it runs (its ``PID.running``,
    :func:`running`, while the process lives), as ``{"nodeid", "what": "running", "done":
    None, "total": None, "since": the time it started}``."""
    if folder is None or not folder.is_dir():
        return []
    now = time.time()
    out = []
    beating = set()
    for f in folder.glob("*.json"):
        try:
            b = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(b, dict) and now - float(b.get("time", 0)) < fresh and b.get("done") != b.get("total"):
            out.append(b)
            beating.add(f.stem)
    for f in folder.glob("*.running"):
        if f.stem in beating or not _alive(f.stem):
            continue
        try:
            nodeid, since = f.read_text(encoding="utf-8").strip(), f.stat().st_mtime
        except OSError:
            continue
        out.append({"nodeid": nodeid, "what": "running", "done": None, "total": None, "since": since, "time": since})
    return sorted(out, key=lambda b: b.get("time", 0))


def _alive(pid: str) -> bool:
    """Whether the process ``pid`` (a file's stem) still runs."""
    try:
        os.kill(int(pid), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:  # pragma: no cover - another user's process of that number
        return True
    return True


def running(nodeid: Optional[str]) -> None:
    """Note that this process runs the scenario ``nodeid`` (None: it ended). Does nothing
    without :data:`ENV`; never raises."""
    folder = os.environ.get(ENV)
    if not folder:
        return
    path = Path(folder) / f"{os.getpid()}.running"
    try:
        if nodeid is None:
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, nodeid)
    except OSError:
        return


def died_in(folder: Optional[Path]) -> list[tuple[int, str]]:
    """``(pid, nodeid)`` of every scenario whose process ended while running it (its
    ``PID.running`` file is still in ``folder``), read once pytest has ended."""
    if folder is None or not folder.is_dir():
        return []
    out = []
    for f in sorted(folder.glob("*.running")):
        try:
            out.append((int(f.stem), f.read_text(encoding="utf-8").strip()))
        except (OSError, ValueError):
            continue
    return out
