"""A long scenario's progress reaches the run's display (harness/run/heartbeat.py), and
``run`` always writes ``OUT/pytest.log``, passing pytest's output through when there is
no progress display."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from baccarat_conformance.run import heartbeat
from baccarat_conformance.run import progress
from baccarat_conformance.run.supervise import Signals


def test_a_beat_is_written_only_where_the_run_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(heartbeat.ENV, raising=False)
    heartbeat.beat(1, 10, "deals", force=True)  # pytest alone: nothing, nowhere
    monkeypatch.setenv(heartbeat.ENV, str(tmp_path / "beats"))
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "features/test_631a.py::test_sweep (call)")
    heartbeat.beat(2500, 100000, "deals", force=True)
    [beat] = heartbeat.read_beats(tmp_path / "beats")
    assert (beat["nodeid"], beat["done"], beat["total"], beat["what"]) == \
        ("features/test_631a.py::test_sweep", 2500, 100000, "deals")
    assert "test_sweep: 2500/100000 deals" in progress._beats_phrase([beat])
    heartbeat.beat(100000, 100000, "deals", force=True)
    assert heartbeat.read_beats(tmp_path / "beats") == []  # done: no longer in progress


def test_stale_and_torn_beats_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "1.json").write_text(json.dumps({"nodeid": "x", "done": 1, "total": 2, "time": 0}), encoding="utf-8")
    (tmp_path / "2.json").write_text("{torn", encoding="utf-8")
    assert heartbeat.read_beats(tmp_path) == [] and heartbeat.read_beats(None) == []


def test_without_the_display_the_output_is_passed_through_and_logged(tmp_path: Path,
                                                                    capfd: pytest.CaptureFixture) -> None:
    code = progress.run_logged([sys.executable, "-c", "import sys; print('collected 3 items'); "
                                "print('boom', file=sys.stderr); sys.exit(1)"], tmp_path, Signals())
    assert code == 1
    log = (tmp_path / "pytest.log").read_text(encoding="utf-8")
    assert "collected 3 items" in log and "boom" in log
    assert "collected 3 items" in capfd.readouterr().out
    assert not (tmp_path / progress.PROGRESS_DIR).exists()  # the heartbeat folder is removed


def test_a_scenario_that_never_beats_is_named_every_quiet_interval_off_a_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture) -> None:
    """Every scenario is in progress from its start (the plugin's heartbeat.running), so a
    long one that never beats itself (the statistics over HTTP: 238 s silent) still gets
    a line off a terminal."""
    monkeypatch.setattr(progress, "QUIET_AFTER", 0.3)
    child = ("from baccarat_conformance.run import heartbeat; import time; "
             "heartbeat.running('features/test_631a.py::test_statistics_outcomes'); time.sleep(2.5); "
             "heartbeat.running(None)")
    assert progress.run_logged([sys.executable, "-c", child], tmp_path, Signals()) == 0
    out = capfd.readouterr().out
    assert "[in progress] test_statistics_outcomes: running for " in out, out


def test_a_started_scenario_stays_in_progress_while_its_process_lives(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import time

    monkeypatch.setenv(heartbeat.ENV, str(tmp_path))
    heartbeat.running("features/test_631a.py::test_long")
    then = time.time() - 100  # started 100 s ago, no beat since
    os.utime(tmp_path / f"{os.getpid()}.running", (then, then))
    (tmp_path / "999999999.running").write_text("dead", encoding="utf-8")  # no such process
    [beat] = heartbeat.read_beats(tmp_path)
    assert beat["nodeid"] == "features/test_631a.py::test_long"
    assert "test_long: running for 100 s" in progress._beats_phrase([beat])
    heartbeat.beat(5, 10, "deals", force=True)  # a scenario that beats is named by its beat alone
    assert [b["what"] for b in heartbeat.read_beats(tmp_path)] == ["deals"]
    heartbeat.running(None)
    (tmp_path / f"{os.getpid()}.json").unlink()
    assert heartbeat.read_beats(tmp_path) == []
