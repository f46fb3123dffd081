"""The pytest child of ``baccarat-conformance run``, and what happens to it on a signal.

pytest runs in a process group of its own (a new session), so that everything the run
starts — pytest-xdist workers, a game server a scenario spawns — is one group the CLI
can signal and reap. The CLI catches SIGINT, SIGTERM and SIGHUP (``timeout``, a CI
cancel, ``docker stop``, Ctrl-C, a closed terminal) for as long as :class:`Signals` is
installed:

1. the first signal is passed on to the whole group as SIGINT: pytest sees a
   ``KeyboardInterrupt``, stops after the scenario in progress, and writes
   ``session.json`` and the clause matrix saying the run was interrupted (its exit
   status 2);
2. if the group is still there :data:`GRACE` seconds later, or on a second signal, the
   group is killed (SIGKILL);
3. once pytest has ended, whatever is left of its group is terminated, then killed
   (:func:`reap_group`): no process of the run outlives the CLI.

The CLI then exits 4 ("incomplete run"), unless the contract's precedence gives an
earlier status (3, 2 or 1) from what the run found before it was interrupted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import IO, Any, Callable, Optional, Sequence, Union

__all__ = ["GRACE", "Signals", "supervise", "group_members", "reap_group"]

GRACE = 30.0
"""Seconds the run's process group has to end after the first signal before it is killed."""

FORWARDED = tuple(s for s in (getattr(signal, name, None) for name in ("SIGINT", "SIGTERM", "SIGHUP"))
                  if s is not None)
"""The signals the CLI catches and passes on to the run."""


class Signals:
    """Catches :data:`FORWARDED` signals while installed (a context manager) and passes
    them on to the process group ``pgid`` once it is set: the first as SIGINT, any
    later one as SIGKILL. ``received`` is the first signal caught (None: none)."""

    def __init__(self) -> None:
        self.received: Optional[int] = None
        self.count = 0
        self.first_at: Optional[float] = None
        self.pgid: Optional[int] = None
        self._saved: dict[int, Any] = {}

    def __enter__(self) -> "Signals":
        for sig in FORWARDED:
            try:
                self._saved[sig] = signal.signal(sig, self._handle)
            except (ValueError, OSError):  # not the main thread, or not settable here
                continue
        return self

    def __exit__(self, *exc: Any) -> None:
        for sig, handler in self._saved.items():
            signal.signal(sig, handler)
        self._saved.clear()

    @property
    def name(self) -> str:
        """The name of the first signal caught (``SIGTERM``), or ``""``."""
        return signal.Signals(self.received).name if self.received is not None else ""

    def _handle(self, signum: int, frame: Any) -> None:
        self.count += 1
        if self.received is None:
            self.received = signum
            self.first_at = time.monotonic()
        self.forward()

    def forward(self) -> None:
        """Pass the signals caught so far on to the group (SIGINT first, then SIGKILL)."""
        if self.pgid is not None and self.count:
            _killpg(self.pgid, signal.SIGINT if self.count == 1 else _SIGKILL)


_SIGKILL = getattr(signal, "SIGKILL", signal.SIGTERM)


def _killpg(pgid: int, sig: int) -> bool:
    """Send ``sig`` to the group ``pgid``; False when the group is gone."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(pgid, sig)
        else:  # pragma: no cover - not POSIX: the child alone
            os.kill(pgid, sig)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def group_members(pgid: int) -> list[int]:
    """The live processes (not zombies) of the process group ``pgid``.

    Reads ``/proc`` where there is one (a zombie still answers ``kill(0)`` until its
    parent reaps it, and a reparented zombie may wait long for that); elsewhere, the
    group's leader ``[pgid]`` when ``killpg(pgid, 0)`` succeeds.
    """
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():  # pragma: no cover - not Linux
        return [pgid] if _killpg(pgid, 0) else []
    members = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()  # after "pid (comm) ": state ppid pgrp ...
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
            members.append(int(entry.name))
    return sorted(members)


def reap_group(pgid: int, timeout: float = 5.0) -> list[int]:
    """Terminate what is left of the group ``pgid`` (SIGTERM), and kill (SIGKILL) what
    is still there after ``timeout`` seconds. Returns the pids that were left."""
    left = group_members(pgid)
    if not left:
        return []
    _killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while group_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if group_members(pgid):
        _killpg(pgid, _SIGKILL)
        deadline = time.monotonic() + timeout
        while group_members(pgid) and time.monotonic() < deadline:
            time.sleep(0.05)
    return left


def supervise(cmd: Sequence[str], signals: Signals, *, stdout: Union[IO[Any], int, None] = None,
              stderr: Union[IO[Any], int, None] = None, grace: float = GRACE,
              tick: Optional[Callable[[], None]] = None, interval: float = 0.25) -> int:
    """Run ``cmd`` in a new process group, passing on the signals ``signals`` catches
    (see the module docstring), calling ``tick`` every ``interval`` seconds while it
    runs; reap the group when it ends. Returns the child's exit status (negative: the
    signal that ended it, as :class:`subprocess.Popen` reports it)."""
    posix = os.name == "posix"
    proc = subprocess.Popen(list(cmd), stdout=stdout, stderr=stderr, start_new_session=posix)
    signals.pgid = proc.pid
    signals.forward()  # a signal caught while the child was starting
    killed = False
    try:
        while True:
            try:
                code = proc.wait(timeout=interval)
                break
            except subprocess.TimeoutExpired:
                pass
            if (not killed and signals.first_at is not None and time.monotonic() - signals.first_at > grace):
                _killpg(proc.pid, _SIGKILL)
                killed = True
            if tick is not None:
                tick()
    finally:
        if proc.returncode is None:  # the CLI itself is failing: take the run down with it
            _killpg(proc.pid, _SIGKILL)
            proc.wait()
        signals.pgid = None
        if posix:
            reap_group(proc.pid)
    return code
