"""The lock of ``run --out DIR``: one run per output folder at a time.

Two runs on one folder deleted each other's files and mixed their results into one
``results.jsonl``, both exiting 0. ``run`` now holds :data:`LOCK_NAME` in ``DIR`` for its
whole lifetime (:func:`acquire` after the inputs are validated, before anything is
deleted; :meth:`OutLock.release` at the end): an advisory ``flock`` on the file, which
the kernel releases whenever the owner ends, however it ends, and in the file the owner's
PID, host, start time and command line, to name it. A second run finds the lock held and
exits 3 naming the first. A lock file whose lock nobody holds is stale (its run was
killed, or the machine stopped): it is taken over, with a warning naming the run that
left it. Without ``flock`` (Windows, some network file systems) the PID in the file
decides: a lock whose process still runs is held.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
from pathlib import Path
from typing import Optional, Sequence

from baccarat_conformance.judging.errors import ConfigurationError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory lock; the PID alone decides
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_NAME", "OutLock", "acquire", "held_by"]

LOCK_NAME = ".baccarat-conformance.lock"
"""The lock file in the output folder (removed when the run ends)."""


def _describe(owner: dict) -> str:
    from baccarat_conformance.inputs.input_bounds import escape_controls

    command = " ".join(str(a) for a in owner.get("command") or [])[:300]
    text = f"PID {owner.get('pid', '?')} on {owner.get('host', '?')}, started {owner.get('started', '?')}"
    return escape_controls(text + (f": {command}" if command else ""))


def _read(fd: int) -> dict:
    os.lseek(fd, 0, os.SEEK_SET)
    data = os.read(fd, 64 * 1024)
    try:
        owner = json.loads(data.decode("utf-8")) if data.strip() else {}
    except ValueError:
        return {"pid": "?", "command": ["(unreadable lock file)"]}
    return owner if isinstance(owner, dict) else {}


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


class OutLock:
    """A held lock of an output folder: ``path`` (the lock file), ``stale`` (the owner
    of the stale lock taken over, else None)."""

    def __init__(self, path: Path, fd: int, stale: Optional[dict]):
        self.path, self._fd, self.stale = path, fd, stale

    @property
    def stale_note(self) -> Optional[str]:
        """The warning about a stale lock taken over, or None."""
        if self.stale is None:
            return None
        return (f"--out {self.path.parent}: took over a stale lock left by a run that is no longer running "
                f"({_describe(self.stale)}); its files are replaced by this run's")

    def release(self) -> None:
        """Remove the lock file and release the lock (idempotent)."""
        if self._fd < 0:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
        os.close(self._fd)
        self._fd = -1

    def __enter__(self) -> "OutLock":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def acquire(out: Path, command: Optional[Sequence[str]] = None) -> OutLock:
    """Lock the output folder ``out`` (created if missing) for this process.

    :raises ConfigurationError: ``--out DIR is in use by another run (PID ...): ...``
        when another live run holds it, or when the folder or lock cannot be made.
    """
    path = out / LOCK_NAME
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigurationError(f"--out {out}: {e.strerror or e}") from None
    for _ in range(10):  # the file may be replaced between open and lock by a run that ends: try again
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                         0o644)
        except OSError as e:
            raise ConfigurationError(f"--out {out}: cannot create the lock file {path}: {e.strerror or e}") from None
        try:
            flocked = fcntl is not None
            if flocked:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    owner = _read(fd)
                    raise ConfigurationError(
                        f"--out {out} is in use by another run ({_describe(owner)}); wait for it to end, or give "
                        f"this run another --out") from None
                except OSError:  # a file system without flock (some network mounts): the PID alone decides
                    flocked = False
            try:
                same = os.fstat(fd).st_ino == os.stat(path, follow_symlinks=False).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # the owner removed it as we opened it: lock the new one
                os.close(fd)
                continue
            previous = _read(fd)
            if not flocked and previous and _alive(previous.get("pid")) and previous.get("pid") != os.getpid():
                raise ConfigurationError(f"--out {out} is in use by another run ({_describe(previous)}); wait for "
                                         f"it to end, or give this run another --out")
            me = {"pid": os.getpid(), "host": socket.gethostname(),
                  "started": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                  "command": list(command or [])}
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, json.dumps(me).encode("utf-8"))
            return OutLock(path, fd, previous or None)
        except BaseException:
            try:
                os.close(fd)
            except OSError:
                pass
            raise
    raise ConfigurationError(f"--out {out}: could not lock {path}: other runs keep replacing it")  # pragma: no cover


def held_by(out: Path) -> Optional[str]:
    """Who holds the lock of the output folder ``out`` now (a run still writing it: its
    PID, host, start and command line), or None when no live run does (no lock file, or
    a stale one). Takes nothing: ``seal`` asks before it reads the folder."""
    path = out / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        owner = _read(fd)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return _describe(owner)
            except OSError:  # no flock here: the PID decides, as in acquire
                pass
            else:
                return None
        return _describe(owner) if _alive(owner.get("pid")) and owner.get("pid") != os.getpid() else None
    finally:
        os.close(fd)
