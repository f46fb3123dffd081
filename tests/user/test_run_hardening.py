"""`baccarat-conformance run` under stress: every bad input is refused with exit 3 before
anything in --out is deleted or any scenario started, and a run stopped by a signal
(SIGTERM from `timeout`, a CI cancel or `docker stop`; SIGINT) takes every process it
started down with it, says so in session.json and the matrix, and exits 4."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.run.supervise import Signals, group_members, supervise

from tests.proofs.suite_runner import REPO, run_suite

AS_OF = "2024-06-01"

PROFILE_HEAD = '[rules_submission]\ncertificate_holder = "Example Casino"\nvariant = "baccarat"\n'

# name -> (option, file name, file content (str: UTF-8 text, bytes: written as is), words of the message; {path}
# is the file's path)
BAD_INPUTS = {
    "tie odds 8 to 0": ("--profile", "p.toml", PROFILE_HEAD + 'tie_odds = "8 to 0"\n',
                        "{path}:4: tie_odds: must be odds such as '8 to 1'"),
    "rules_submission = 5": ("--profile", "p.toml", "# a profile\nrules_submission = 5\n",
                             "{path}:2: rules_submission: must be a table ([rules_submission]), got 5"),
    "profile not UTF-8": ("--profile", "p.toml", (PROFILE_HEAD + "# Café\n").encode("latin-1"),
                          "--profile {path}: cannot read the profile: not UTF-8 text (line 4, "),
    "attestations not UTF-8": ("--attestations", "a.toml", "# Caf\xe9\n".encode("latin-1"),
                               "--attestations {path}: cannot read the attestation file: not UTF-8 text (line 1, "),
    "waivers not UTF-8": ("--waivers", "w.toml", '[[waiver]]\nclause = "631a.11(a)" # Caf\xe9\n'.encode("latin-1"),
                          "--waivers {path}: cannot read the waiver file: not UTF-8 text (line 2, "),
    "limits min -5": ("--profile", "p.toml", PROFILE_HEAD + '[limits.default]\nmin = "-5"\n',
                      "{path}:5: limits.default.min: a dollar amount in whole cents such as \"25.00\", got '-5'"),
    "limits min abc": ("--profile", "p.toml", PROFILE_HEAD + '[limits.banker]\nmax = "500"\nmin = "abc"\n',
                       "{path}:6: limits.banker.min: a dollar amount in whole cents"),
    "limits max 1e999": ("--profile", "p.toml", PROFILE_HEAD + '[limits.default]\nmax = "1e999"\n',
                         "{path}:5: limits.default.max: a dollar amount in whole cents such as \"25.00\", got '1e999'"),
    "limits min above max": ("--profile", "p.toml", PROFILE_HEAD + '[limits.default]\nmin = "50"\nmax = "10.00"\n',
                             "{path}:4: limits.default: min $50 is above max $10.00"),
    "limits of no such wager": ("--profile", "p.toml", PROFILE_HEAD + '[limits.baccarat]\nmin = "5"\n',
                                "{path}:4: limits.baccarat: unknown wager type 'baccarat'"),
    "limits of a wager not offered": ("--profile", "p.toml", PROFILE_HEAD + '[limits.dragon_bonus]\nmin = "5"\n',
                                      "{path}:4: limits.dragon_bonus: the dragon_bonus wager is not offered"),
    "commission-free with tracked vigorish": (
        "--profile", "p.toml", '[rules_submission]\nvariant = "commission_free"\nvigorish_collection = "tracked"\n',
        "{path}:3: vigorish_collection: is \"tracked\", but commission-free Baccarat collects no vigorish"),
    "--out is a file": ("--out", "out", "not a folder\n", "--out {path}: not a folder (a file of that name exists)"),
    "--game with a syntax error": ("--game", "bad_syntax.py", "def create_game():\n    return (1 +\n",
                                   "--game 'bad_syntax:create_game': cannot import it: {path}:2: "),
    "--game factory calls sys.exit": ("--game", "exits.py", "import sys\n\n\ndef create_game():\n    sys.exit(2)\n",
                                      "--game 'exits:create_game': the factory called sys.exit(2) (at {path}:5)"),
    "--game factory ends its process": ("--game", "dies.py", "import os\n\n\ndef create_game():\n    os._exit(9)\n",
                                        "--game 'dies:create_game': the game ended its process while it was "
                                        "being set up (exit status 9)"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_exits_3_naming_it_and_deletes_nothing(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture) -> None:
    option, name, content, words = BAD_INPUTS[case]
    monkeypatch.chdir(tmp_path)  # the --game modules import from the working directory, as pytest's would
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    out = tmp_path / "reports"
    out.mkdir()
    marker = out / "results.jsonl"  # the previous run's reports: deleted by a run that starts, not by a refused one
    marker.write_text('{"previous": "run"}\n', encoding="utf-8")
    (out / "allure-results").mkdir()
    value = f"{path.stem}:create_game" if option == "--game" else str(path)
    argv = ["run", "--out", str(out), "--as-of", AS_OF, "--no-html", "--progress", "off", option, value]
    if option == "--out":
        argv = ["run", "--as-of", AS_OF, "--no-html", "--progress", "off", "--out", str(path)]
    started = time.monotonic()
    assert cli.main(argv) == 3, capsys.readouterr()
    err = capsys.readouterr().err
    assert words.format(path=path) in err, err
    assert "Traceback" not in err
    assert marker.read_text(encoding="utf-8") == '{"previous": "run"}\n' and (out / "allure-results").is_dir()
    assert not (out / "session.json").exists()  # pytest never started
    if option == "--out":
        assert path.read_text(encoding="utf-8") == "not a folder\n"
    assert time.monotonic() - started < 60


def test_a_good_game_passes_the_check_and_a_slow_one_is_only_warned_about(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "slow.py").write_text("import time\n\n\ndef create_game():\n    time.sleep(30)\n", encoding="utf-8")
    assert cli.check_game("baccarat_conformance.reference_game:create_game") is None
    warning = cli.check_game("slow:create_game", timeout=1)
    assert warning == "--game 'slow:create_game' could not be checked: its factory did not return within 1 s"


def test_pytest_alone_reports_a_bad_game_once_as_a_usage_error(tmp_path: Path) -> None:
    """Without the CLI's check, a game module with a syntax error is one usage error
    (pytest exit status 4), not one harness error per scenario."""
    (tmp_path / "bad_syntax.py").write_text("def create_game():\n    return (1 +\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "pytest", str(REPO / "features"), "-q", "-p", "no:cacheprovider",
                           "--import-mode=importlib", "-o", "addopts=--strict-markers", "--depth", "smoke",
                           "-m", "631a.6", "--game", "bad_syntax:create_game", "--results-log",
                           str(tmp_path / "results.jsonl")], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 4, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "--game 'bad_syntax:create_game': the game could not be set up: SyntaxError" in proc.stdout + proc.stderr
    assert not (tmp_path / "results.jsonl").exists() or not (tmp_path / "results.jsonl").read_text().strip()


# ------------------------------------------------------------------ signals
def marked_processes(marker: str) -> list[int]:
    """Live processes (not zombies) whose environment carries ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if stat[stat.rfind(")") + 2:].split()[0] in ("Z", "X"):
                continue
            if marker.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def lines_of(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except OSError:
        return 0


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc to find the run's processes")
@pytest.mark.parametrize("signum,extra", [
    (signal.SIGTERM, ["-n", "2", "--progress", "off"]),  # `timeout`, a CI cancel, `docker stop`: workers too
    (signal.SIGINT, ["--progress", "on"]),  # Ctrl-C of the CLI alone, with the progress display
], ids=["SIGTERM-xdist", "SIGINT-progress"])
def test_a_signal_stops_the_whole_run_and_exits_4(tmp_path: Path, signum: int, extra: list[str]) -> None:
    marker = f"BACCARAT_RUN_MARKER={uuid.uuid4().hex}"
    key, value = marker.split("=")
    out = tmp_path / "reports"
    env = {**os.environ, key: value, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "baccarat_conformance", "run", "--out", str(out), "--depth", "smoke",
           "--as-of", AS_OF, "--allow-pending", "--no-html", *extra]
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 300
        while lines_of(out / "results.jsonl") < 5:
            assert proc.poll() is None, proc.communicate()[0][-3000:]
            assert time.monotonic() < deadline, "the run wrote no results in 300 s"
            time.sleep(0.2)
        running = marked_processes(value)
        assert len(running) >= (4 if "-n" in extra else 2), running  # the CLI, pytest (and its workers)
        proc.send_signal(signum)
        output, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:  # pragma: no cover - the test failed: leave nothing behind
            proc.kill()
            for pid in marked_processes(value):
                os.kill(pid, signal.SIGKILL)
    assert proc.returncode == 4, output[-5000:]
    assert marked_processes(value) == [], "processes of the run survived"
    session = json.loads((out / "session.json").read_text(encoding="utf-8"))
    assert session["interrupted"] is True and session["exitstatus"] == 2, session
    matrix = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    assert matrix["verdict"]["exit_code"] == 4 and "the run was interrupted" in matrix["verdict"]["reasons"], \
        matrix["verdict"]
    assert matrix["run"]["interrupted"] is True
    assert f"{signal.Signals(signum).name}: the run was interrupted" in output
    assert "exit status 4: incomplete run" in output
    results = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(results) < matrix["run"]["collected"]  # it stopped: not every scenario ran


def test_the_group_is_killed_when_it_ignores_the_signal(tmp_path: Path) -> None:
    """A run that does not end within the grace period after the signal is killed,
    its children with it."""
    ready = tmp_path / "ready"
    child = ("import os, signal, subprocess, sys, time\n"
             "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
             "kid = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
             "signal.signal(signal.SIGINT, signal.SIG_IGN); time.sleep(120)'])\n"
             f"open({str(ready)!r}, 'w').write(str(kid.pid))\n"
             "time.sleep(120)\n")
    signals = Signals()
    seen: dict[str, int] = {}

    def tick() -> None:
        if ready.exists() and ready.read_text() and "kid" not in seen:
            seen["kid"] = int(ready.read_text())
            signals._handle(signal.SIGTERM, None)  # as if the CLI had received SIGTERM
            seen["pgid"] = signals.pgid

    started = time.monotonic()
    code = supervise([sys.executable, "-c", child], signals, grace=1.0, tick=tick, interval=0.05)
    assert code == -signal.SIGKILL and signals.name == "SIGTERM"
    assert time.monotonic() - started < 30
    assert group_members(seen["pgid"]) == []
    assert not alive(seen["kid"])


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its parent is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:].split()[0] not in ("Z", "X")


# ------------------------------------------------------------------ categories of games that fail now and then
def test_an_intermittent_adapter_error_in_a_property_scenario_is_an_adapter_error(tmp_path: Path) -> None:
    """hypothesis raises FlakyFailure (an exception group) when the failure does not
    happen again on replay; the scenario is filed by the adapter error it holds."""
    run = run_suite(tmp_path, "-k", "test_every_wager_of_any_round_wins_loses_or_ties",
                    game="tests.games.crashing_games:crashes_once", marks="property")
    assert len(run.results) == 1, run.output
    result = run.results[0]
    assert result["outcome"] == "failed" and result["category"] == "adapter error", result
    assert "[adapter error] deal_round: the game raised RuntimeError" in result["message"]


def test_a_scenario_whose_worker_crashed_is_an_adapter_error_under_its_clauses(tmp_path: Path) -> None:
    """Under pytest-xdist, a game that ends its process takes its worker down: each
    scenario it was running is logged as an adapter error under its clauses, and the
    matrix says so (not "a test without a clause tag failed")."""
    # 8 scenarios of one round each: each worker dies in its third, and a new worker plays what is left (the 71 of
    # all § 631a.11 crashed a worker every third scenario until pytest-xdist stopped restarting them)
    run = run_suite(tmp_path, "-n", "2", "--matrix-dir", str(tmp_path / "m"), "--as-of", AS_OF,
                    game="tests.games.crashing_games:ends_its_process", marks="631a.11.b and not property")
    crashed = [r for r in run.results if r.get("phase") == "crash"]
    assert crashed, run.output
    for r in crashed:
        assert r["outcome"] == "failed" and r["category"] == "adapter error" and r["clauses"], r
        assert r["message"].startswith("[adapter error] the worker running this scenario crashed"), r
    after = [r for r in run.results[run.results.index(crashed[0]) + 1:] if r["outcome"] == "passed"]
    assert after, run.output  # the run went on with new workers
    assert len(run.results) == len({r["nodeid"] for r in run.results})
    verdict = json.loads((tmp_path / "m" / "matrix.json").read_text(encoding="utf-8"))["verdict"]
    assert verdict["exit_code"] == 2 and not any("without a clause tag" in r for r in verdict["reasons"]), verdict


def test_a_worker_that_crashed_in_setup_is_logged_under_the_clauses_the_workers_collected(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    """The worker dies building the game, before any report of its first scenario: the
    clauses come from the map the workers wrote at collection."""
    monkeypatch.setenv("CRASH_FLAG", str(tmp_path / "crashed-once"))
    run = run_suite(tmp_path, "-n", "2", game="tests.games.crashing_games:ends_its_process_once_when_built",
                    marks="631a.6 and not property")
    crashed = [r for r in run.results if r.get("phase") == "crash"]
    assert len(crashed) == 1, run.output
    assert crashed[0]["clauses"] and all(c.startswith("631a.6") for c in crashed[0]["clauses"]), crashed
    assert crashed[0]["category"] == "adapter error"
    assert all(r["outcome"] == "passed" for r in run.results if r is not crashed[0]), run.categories()


# ------------------------------------------------------------------ where a run writes
ONE_PROPERTY = ["-m", "property", "-k", "test_the_vigorish_of_any_round"]


def test_the_cli_writes_only_into_out(tmp_path: Path) -> None:
    """hypothesis' files go to OUT/.hypothesis, nothing to the working directory (no
    .hypothesis/, no pytest cache, no pytest-benchmark storage)."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    env.pop("HYPOTHESIS_STORAGE_DIRECTORY", None)
    proc = subprocess.run([sys.executable, "-m", "baccarat_conformance", "run", "--out", "out", "--depth", "smoke",
                           "--no-html", "--progress", "off", "--allow-pending", "--", *ONE_PROPERTY],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert (cwd / "out" / "results.jsonl").read_text(encoding="utf-8").count("\n") == 1, proc.stdout[-3000:]
    assert sorted(p.name for p in cwd.iterdir()) == ["out"]
    assert (cwd / "out" / ".hypothesis").is_dir()


def test_pytest_alone_leaves_no_hypothesis_folder_in_the_working_directory(tmp_path: Path) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_STORAGE_DIRECTORY"}
    base = [sys.executable, "-m", "pytest", "--pyargs", "baccarat_conformance.features", "-q", "-p", "no:cacheprovider",
            "-p", "no:benchmark", "--depth", "smoke", *ONE_PROPERTY]
    proc = subprocess.run(base, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert list(cwd.iterdir()) == []  # a temporary folder, removed at the end
    proc = subprocess.run(base + ["--results-log", str(tmp_path / "log" / "results.jsonl")], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert list(cwd.iterdir()) == [] and (tmp_path / "log" / ".hypothesis").is_dir()



def test_a_game_ending_pytest_before_any_result_is_named_with_its_scenario(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           capsys: pytest.CaptureFixture) -> None:
    """A game calling os._exit in its first scenario: the console said only that the results
    log could not be read; it says that pytest died, and in which scenario (issue 26, item 12)."""
    monkeypatch.chdir(REPO)  # the --game module imports from the working directory
    code = cli.main(["run", "--game", "tests.games.crashing_games:ends_its_process_before_any_result", "--out",
                     str(tmp_path / "out"), "--as-of",
                     AS_OF, "--no-html", "--progress", "off", "--", "-m", "631a.11.a and not game_math"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "error: pytest died during the scenario features/test_631a.py::test_a_natural_stops_both_hands[" in err
    assert "pytest's exit status 7" in err and "os._exit" in err
    assert not (tmp_path / "out" / ".progress").exists()


def test_session_json_says_interrupted_when_pytest_ended_without_writing_its_end(tmp_path: Path) -> None:
    # pytest killed after the grace period, or another plugin's end-of-session hook raising
    # under the signal before the harness's: the CLI completes session.json itself
    started = {"started": "2026-11-27T12:00:00+00:00", "collected": 386, "profile": "full_table"}
    for code, status in ((2, 2), (-9, None)):
        path = tmp_path / f"session{code}.json"
        path.write_text(json.dumps(started), encoding="utf-8")
        cli._session_says_interrupted(path, code)
        facts = json.loads(path.read_text(encoding="utf-8"))
        assert facts["interrupted"] is True and facts["exitstatus"] == status and facts["finished"], facts
        assert facts["collected"] == 386 and facts["profile"] == "full_table"
    ended = tmp_path / "ended.json"  # pytest wrote its end: left as it is
    ended.write_text(json.dumps({**started, "finished": "2026-11-27T12:01:00+00:00", "exitstatus": 0,
                                 "interrupted": False}), encoding="utf-8")
    cli._session_says_interrupted(ended, 2)
    assert json.loads(ended.read_text(encoding="utf-8"))["interrupted"] is False
