"""Start the device simulator (``reference_game/device.py``) as a subprocess on a
pseudo-terminal, for the serial adapter's tests and benchmark."""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[2]
MODULE = "baccarat_conformance.reference_game.device"


@contextlib.contextmanager
def running_device(*args: str, startup_timeout: float = 15.0) -> Iterator[str]:
    """Run ``python -m baccarat_conformance.reference_game.device ARGS`` and yield the
    path of its pseudo-terminal (``/dev/pts/N``), or with ``--listen 127.0.0.1:0`` its
    ``socket://`` URL; the process is ended (by its id) on exit.

    :raises RuntimeError: when the simulator does not print its path within ``startup_timeout``
        seconds (its stderr is in the message).
    """
    err = tempfile.TemporaryFile("w+")
    proc = subprocess.Popen([sys.executable, "-m", MODULE, *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=err, text=True)
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
        if not sel.select(startup_timeout):
            raise RuntimeError(f"the device simulator printed no pty path within {startup_timeout} s")
        path = proc.stdout.readline().strip()  # type: ignore[union-attr]
        if not path.startswith(("/dev/", "socket://")):
            proc.wait(timeout=5)
            err.seek(0)
            raise RuntimeError(f"the device simulator did not start: {path!r} {err.read()}")
        assert path.startswith("socket://") or os.path.exists(path), path
        yield path
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        err.close()
