"""One run per output folder (harness/run/out_lock.py): a second `run` on the `--out` of a run
in progress exits 3 naming the first and deletes nothing; a lock left by a run that no
longer runs is taken over with a warning naming it (issue 26, item 5: both runs went on,
the second deleted the first's files, results.jsonl held both)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.run.out_lock import LOCK_NAME, acquire
from baccarat_conformance.judging.errors import ConfigurationError

from tests.proofs.suite_runner import REPO

AS_OF = "2024-06-01"
GAME = "tests.games.hostile_games:slow_to_open"  # a first run that stays in its first scenario


def _second_run(out: Path) -> list[str]:
    return ["run", "--out", str(out), "--as-of", AS_OF, "--no-html", "--progress", "off", "--", "-k",
            "no_such_scenario"]


def test_a_second_run_on_the_out_of_a_run_in_progress_exits_3_naming_it(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "reports"
    first = subprocess.Popen([sys.executable, "-m", "baccarat_conformance.cli", "run", "--game", GAME, "--out",
                              str(out), "--as-of", AS_OF, "--no-html", "--progress", "off", "--",
                              "-m", "631a.11.a and not game_math"], cwd=REPO, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not (out / "session.json").exists():  # the first run's pytest has started
            assert first.poll() is None and time.monotonic() < deadline, "the first run ended or never started"
            time.sleep(0.2)
        lock = json.loads((out / LOCK_NAME).read_text(encoding="utf-8"))
        assert lock["pid"] == first.pid and GAME in lock["command"]
        code = cli.main(_second_run(out))
        err = capsys.readouterr().err
        assert code == 3, err
        assert f"--out {out} is in use by another run (PID {first.pid} on " in err
        assert GAME in err  # the first run's command line names it
        assert (out / "session.json").exists()  # nothing of the first run was deleted
    finally:
        first.send_signal(signal.SIGTERM)  # the CLI stops its pytest group (the game's call is interrupted)
        assert first.wait(timeout=90) in (2, 4)
    assert not (out / LOCK_NAME).exists()  # released when the run ended


def test_a_stale_lock_is_taken_over_with_a_warning_naming_its_run(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "reports"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()  # a PID no longer running
    (out / LOCK_NAME).write_text(json.dumps({"pid": int(dead), "host": "lab-7", "started": "2026-11-27T01:00:00+00:00",
                                             "command": ["baccarat-conformance", "run", "--game", "killed:game"]}),
                                 encoding="utf-8")
    code = cli.main(_second_run(out))
    err = capsys.readouterr().err
    assert code != 3, err
    assert (f"warning: --out {out}: took over a stale lock left by a run that is no longer running (PID {dead} on "
            f"lab-7, started 2026-11-27T01:00:00+00:00: baccarat-conformance run --game killed:game)") in err
    assert not (out / LOCK_NAME).exists()


def test_the_lock_is_held_by_its_process_only(tmp_path: Path) -> None:
    with acquire(tmp_path / "out", ["first"]) as held:
        assert held.stale is None
        holder = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                                 "from baccarat_conformance.run.out_lock import acquire; acquire(Path(sys.argv[1]))",
                                 str(tmp_path / "out")], capture_output=True, text=True)
        assert holder.returncode != 0 and f"is in use by another run (PID {os.getpid()} on " in holder.stderr
    with acquire(tmp_path / "out") as again:  # released: free again, and not stale
        assert again.stale is None
    with pytest.raises(ConfigurationError, match="out: Not a directory"):
        (tmp_path / "file").write_text("x")
        acquire(tmp_path / "file" / "out")


def test_seal_refuses_a_folder_a_run_is_still_writing(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "reports"
    lock = acquire(out, ["baccarat-conformance", "run", "--out", str(out)])
    try:
        assert cli.main(["seal", str(out)]) == 3
        err = capsys.readouterr().err
        assert "in use by a run that has not ended" in err and f"PID {os.getpid()}" in err, err
        assert not list(tmp_path.glob("*.tar.gz"))
    finally:
        lock.release()
    cli.main(["seal", str(out)])  # the lock released: seal reads the folder (here: an empty one, refused for that)
    assert "in use" not in capsys.readouterr().err
