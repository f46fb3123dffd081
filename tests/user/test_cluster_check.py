"""``--cluster`` is reached before the first scenario (issue 36, item 4).

An unreachable scheduler or a malformed address used to give every statistics scenario a
harness error with Dask's raw message after 30 s, and exit 2 after 136-167 s. Now ``run``
reaches the scheduler with its input checks: exit 3 in seconds, one line naming
``--cluster`` and the fix. The scheduler here is a real one (``distributed``'s own
``dask scheduler``), on a free port of 127.0.0.1 (never 8786: another engineer's may be
there), and the test checks that the scheduler reached is its own (its id, from the
scheduler file).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from baccarat_conformance import cli
from baccarat_conformance.judging.errors import ConfigurationError

from tests.proofs.suite_runner import REPO

pytest.importorskip("distributed")

RUN = ("--depth", "smoke", "--progress", "off", "--no-html", "--allow-pending")
BOUND = 60.0  # seconds: the old failure took 136-167 s; a check takes about 10 s at most


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(tmp_path: Path, *argv: str) -> int:
    old = Path.cwd()
    os.chdir(REPO)
    try:
        return cli.main(["run", "--out", str(tmp_path / "out"), *RUN, *argv])
    finally:
        os.chdir(old)


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[dict]:
    """A real Dask scheduler on a free port; its scheduler file (address and id)."""
    port = _free_port()
    assert port != 8786
    info = tmp_path / "scheduler.json"
    proc = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                             "--port", str(port), "--no-dashboard", "--scheduler-file", str(info)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not info.exists() or not info.read_text().strip().endswith("}"):
            assert proc.poll() is None, "the scheduler exited"
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.2)
        yield json.loads(info.read_text())
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("address", ["tcp//127.0.0.1:8786", "tcp://127.0.0.1:port", "htp://127.0.0.1:1",
                                     "tcp://:1", "tcp://127.0.0.1:70000", "tcp://127.0.0.1"])
def test_a_malformed_address_is_refused_at_once_naming_the_option(address: str, tmp_path: Path, capsys):
    started = time.monotonic()
    code = _run(tmp_path, "--cluster", address, "--", "-m", "631a.6")
    err = capsys.readouterr().err.strip()
    assert code == 3, err
    assert time.monotonic() - started < BOUND
    assert len(err.splitlines()) == 1 and err.startswith("error: --cluster ") and "not a Dask scheduler address" in err
    assert "leave --cluster out" in err
    assert not (tmp_path / "out" / "results.jsonl").exists()  # nothing ran


def test_an_unreachable_scheduler_ends_the_run_in_seconds_with_exit_3(tmp_path: Path, capsys):
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    started = time.monotonic()
    code = _run(tmp_path, "--cluster", address, "--", "-m", "statistics")
    err = capsys.readouterr().err.strip()
    assert code == 3, err
    assert time.monotonic() - started < BOUND
    assert len(err.splitlines()) == 1 and f"--cluster {address}: no Dask scheduler answered" in err
    assert "dask scheduler" in err and not (tmp_path / "out" / "results.jsonl").exists()


def test_the_run_reaches_its_own_scheduler(scheduler: dict, tmp_path: Path, capsys):
    from baccarat_conformance.gamestats.chunks import check_cluster

    reached = check_cluster(scheduler["address"])
    assert reached["id"] == scheduler["id"] and reached["address"] == scheduler["address"]
    assert reached["workers"] == 0
    code = _run(tmp_path, "--cluster", scheduler["address"], "--", "-m", "631a.6")  # no statistics scenario
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert f"--cluster: the Dask scheduler {scheduler['address']} answered (0 worker(s) now)" in captured.out
    assert "the --cluster scheduler has no worker yet" in captured.err


def test_something_else_on_the_port_is_not_a_scheduler(tmp_path: Path):
    from baccarat_conformance.gamestats.chunks import check_cluster

    with socket.socket() as listener:  # accepts, never speaks Dask
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        with pytest.raises(ConfigurationError, match="no Dask scheduler answered"):
            check_cluster(f"tcp://127.0.0.1:{listener.getsockname()[1]}", timeout=3)
