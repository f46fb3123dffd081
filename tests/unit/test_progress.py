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


# ------------------------------------------------------------------ issue 37 items 4 and 12
def test_the_bar_keeps_the_elapsed_time_and_the_eta_on_an_80_column_terminal() -> None:
    import io
    import re

    from rich.console import Console
    from rich.progress import Progress

    buf = io.StringIO()
    console = Console(file=buf, width=80, force_terminal=True, color_system=None)
    with Progress(*progress.progress_columns(), console=console, auto_refresh=False) as bar:
        bar.add_task(f"{'631a.5(a)':{progress.DESCRIPTION_WIDTH}}", total=300, completed=120,
                     counts="110 pass  3 fail  7 not offered  [test_the_outcomes_of_rounds: 340/1000 shoes dealt, "
                            "4.2/s, ETA 2:37]")
        bar.refresh()
    lines = [line for line in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buf.getvalue()).splitlines() if line.strip()]
    last = lines[-1]
    assert len(last) <= 80 and "631a.5(a)" in last and "120/300" in last, last
    assert re.search(r" \d:\d\d:\d\d ", last) and "-:--:--" in last, last  # elapsed, then the time left
    assert "110 pass" in last  # the counts give way, from their end


def test_a_heartbeat_with_its_start_gives_the_rate_and_the_time_left() -> None:
    beat = {"nodeid": "f.py::test_the_outcomes", "what": "shoes dealt", "done": 340, "total": 1000,
            "started": 1000.0, "time": 1100.0}
    assert progress.beat_phrase(beat, now=1100.0) == "test_the_outcomes: 340/1000 shoes dealt, 3.4/s, ETA 3:14"
    assert progress.beat_phrase({**beat, "done": 0}, now=1100.0).endswith("0/1000 shoes dealt, ETA -:--")
    del beat["started"]  # the exhaustive sweep's beats: as before
    assert progress.beat_phrase(beat, now=1100.0) == "test_the_outcomes: 340/1000 shoes dealt"


def test_the_statistics_beat_the_shoes_dealt_of_planned(tmp_path: Path) -> None:
    """A statistics scenario under ``run``'s heartbeat folder says the shoes it dealt of those
    planned, with the time it started (so the display gives the rate and the ETA)."""
    import os
    import subprocess

    from baccarat_conformance.run.suite import features_dir

    beats = tmp_path / "beats"
    env = dict(os.environ, **{heartbeat.ENV: str(beats)})
    proc = subprocess.run([sys.executable, "-m", "pytest", str(features_dir()), "-q", "-p", "no:cacheprovider",
                           "--import-mode=importlib", "-o", "addopts=--strict-markers", "--depth", "smoke",
                           "-m", "statistics", "-k", "outcomes_of_rounds", "-n", "0"], env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:]
    (saved,) = [json.loads(p.read_text()) for p in beats.glob("*.json")]
    assert saved["what"] == "shoes dealt" and saved["done"] == saved["total"] > 0, saved
    assert saved["started"] <= saved["time"]
