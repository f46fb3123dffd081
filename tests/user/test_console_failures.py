"""A failing run read at a glance (issue 37 items 1, 5, 6): the console of ``run`` off a
terminal shows one block per failed clause (scenario, required, game did, cards, the
commands that replay it) with the tracebacks kept in pytest.log; every replay command runs
as printed in a real shell; ``replay --failed`` replays every failure; ``run`` takes
pytest's common flags before ``--``. Each on a real run of a broken game (a Tie paid 9 to 1,
``tests.games.broken_games_631a:tie_pays_9_to_1``) in a child process, as a CI job runs it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.inputs import options
from baccarat_conformance.run.failures import TracebackFilter, failure_blocks, finding_parts

from tests.proofs.suite_runner import REPO

AS_OF = "2024-06-01"
GAME = "tests.games.broken_games_631a:tie_pays_9_to_1"
#: the three stakes of the § 631a.13(b) Tie outline: each fails § 631a.13(b)
TIE_ODDS = ["-m", "631a.13.b and not statistics and not property", "-k", "winning_tie and not every_class_of_cards"]
EXE = str(Path(sys.executable).with_name("baccarat-conformance"))


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))


def _cli(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *argv], cwd=REPO, env=_env(), capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, Path]:
    out = tmp_path_factory.mktemp("tie") / "run out"  # a space: every command must quote it
    proc = _cli("run", "--game", GAME, "--depth", "smoke", "--as-of", AS_OF, "--no-html", "--progress", "off",
                "--allow-pending", "--out", str(out), *TIE_ODDS)
    return proc, out


def test_the_console_shows_each_failure_as_its_finding_and_no_traceback(failing_run) -> None:
    proc, out = failing_run
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    console = proc.stdout
    assert "FAILS § 631a.13(b): 3 scenarios" in console, console
    block = console[console.index("FAILS § 631a.13(b)"):]
    assert "  required: the $5.00 tie wager of seat 3 wins at the Rules Submission's 8 to 1 ($45.00 returned in all)" \
        in block, block
    assert "  game did: settled it as win, returned $50.00 in all" in block, block  # item 13's wording
    assert re.search(r"^  cards:    [2-9TJQKA0]+[CDHS]( [0-9TJQKA]+[CDHS])*$", block, re.M), block
    # no Python crash on the console: no traceback, no pytest frames, no source lines
    for crash in ("Traceback", "_pytest/", "= FAILURES =", "raise Nonconformance", "steps/_results.py:"):
        assert crash not in console, crash
    assert not re.search(r"^E\s", console, re.M)
    assert len(console.splitlines()) < 60, len(console.splitlines())
    # the traceback stays in pytest.log
    log = (out / "pytest.log").read_text(encoding="utf-8")
    assert "= FAILURES =" in log and "raise Nonconformance" in log


def _commands(console: str, name: str) -> list[str]:
    return [line.split(":", 1)[1].strip() for line in console.splitlines() if line.startswith(f"  {name}:")]


def test_each_replay_command_runs_as_printed_in_a_shell(failing_run) -> None:
    proc, out = failing_run
    replays, plain = _commands(proc.stdout, "replay"), _commands(proc.stdout, "pytest")
    assert len(replays) == len(plain) == 3, proc.stdout
    five = next(c for c in replays if "[$5.00]" in c)
    assert "'" in five  # quoted: "$5" in double quotes would be expanded by the shell
    again = subprocess.run(["sh", "-c", five], cwd=REPO, env=_env(), capture_output=True, text=True, timeout=300)
    assert again.returncode == 1, again.stdout + again.stderr
    assert "the same failure as recorded" in again.stdout and "[$5.00]" in again.stdout, again.stdout
    five = next(c for c in plain if "[$5.00]" in c)
    again = subprocess.run(["sh", "-c", five + " -p no:cacheprovider"], cwd=REPO, env=_env(), capture_output=True,
                           text=True, timeout=300)
    assert again.returncode == 1 and "1 failed" in again.stdout, again.stdout[-3000:] + again.stderr[-2000:]
    assert "631a.13(b)" in again.stdout


def test_the_matrix_and_the_allure_result_carry_the_same_commands(failing_run) -> None:
    proc, out = failing_run
    printed = set(_commands(proc.stdout, "replay")) | set(_commands(proc.stdout, "pytest"))
    matrix = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    row = next(r for r in matrix["rows"] if r["id"] == "631a.13(b)")
    in_matrix = {c for x in row["results"] for c in (x.get("commands") or {}).values()}
    assert in_matrix == printed
    assert all(not x.get("commands") for r in matrix["rows"] for x in r["results"] if x["outcome"] == "passed")
    # the totals count failures as the verdict names them (item 2): "1 fail" beside "1 clause fails"
    assert matrix["verdict"]["reasons"][0].startswith("1 clause fails: 631a.13(b)")
    sentence = matrix["totals_sentences"]["631a"]
    # the other failing rows of the chapter are counted apart, as aggregates (which ones depends
    # on the selection: a section none of whose own scenarios was selected is not selected)
    import re

    failing = sum(r["result"] == "fail" for r in matrix["rows"] if r["chapter"] == "631a")
    aggregates = re.search(r"(\d+) failing as (?:an )?aggregates?$", sentence)
    assert " 1 fail," in sentence and failing == 1 + (int(aggregates.group(1)) if aggregates else 0), sentence
    html = (out / "matrix.html").read_text(encoding="utf-8")
    # the column of aggregates is shown exactly when some chapter counts one
    counted = any(re.search(r"failing as (?:an )?aggregates?$", s) for s in matrix["totals_sentences"].values())
    assert ("<th class='n'>failing as aggregates</th>" in html) == counted, matrix["totals_sentences"]
    attached = set()
    for path in (out / "allure-results").glob("*-attachment.txt"):
        text = path.read_text(encoding="utf-8")
        if text.startswith("replay: "):
            attached.update(line.split(": ", 1)[1] for line in text.splitlines())
    assert attached == printed


def test_replay_failed_replays_every_failure_one_line_each(failing_run) -> None:
    proc, out = failing_run
    again = _cli("replay", str(out), "--failed")
    assert again.returncode == 1, again.stdout + again.stderr
    lines = [line for line in again.stdout.splitlines() if line.startswith("[")]
    assert len(lines) == 3 and all(line.endswith(": the same failure as recorded") for line in lines), again.stdout
    assert "3 replayed: 3 the same failure as recorded" in again.stdout


def test_run_takes_pytests_common_flags_before_the_double_dash(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _cli("run", "--game", GAME, "--depth", "smoke", "--as-of", AS_OF, "--no-html", "--progress", "off",
                 "--allow-pending", "--out", str(out), *TIE_ODDS, "-x", "--tb", "short", "-v")
    assert first.returncode == 1, first.stdout[-3000:] + first.stderr[-3000:]
    logged = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [e["outcome"] for e in logged if e["outcome"] == "failed"] == ["failed"]  # -x: stopped at the first
    assert re.search(r"::test_a_winning_tie\S* FAILED", first.stdout), first.stdout  # -v: a line a scenario
    assert "raise Nonconformance" in first.stdout  # --tb: the tracebacks on the console too
    second = _cli("run", "--game", GAME, "--depth", "smoke", "--as-of", AS_OF, "--no-html", "--progress", "off",
                  "--allow-pending", "--out", str(out), *TIE_ODDS, "--lf", "--maxfail", "3", "-q")
    assert second.returncode == 1, second.stdout[-3000:] + second.stderr[-3000:]
    logged_again = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    # --lf: only the one that failed (the other two stakes fail too when they run)
    assert [e["nodeid"] for e in logged_again] == [e["nodeid"] for e in logged if e["outcome"] == "failed"]


def test_any_other_pytest_flag_before_the_double_dash_says_to_put_it_after(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["run", "--co"])
    assert stopped.value.code == 3
    err = capsys.readouterr().err
    assert "usage: baccarat-conformance run" in err and "put any other pytest option after `--`" in err, err
    assert "-- --co" in err
    parsed = cli.build_parser().parse_args(["run", "-x", "--lf", "--maxfail", "2", "--tb", "line", "-vv"])
    passed = options.pytest_args(parsed)
    assert passed[passed.index("-x"):] == ["-x", "--lf", "--maxfail", "2", "--tb", "line", "-v", "-v"], passed


def test_the_traceback_filter_keeps_the_summary_and_drops_the_failures_section() -> None:
    text = (b"..F.\n= FAILURES =\n___ test_x ___\n    raise Nonconformance(\nE   boom\n"
            b"= short test summary info =\nFAILED a::b\n= 1 failed in 1s =\n")
    f = TracebackFilter()
    shown = b"".join(f.feed(text[i:i + 7]) for i in range(0, len(text), 7)) + f.feed(b"", final=True)
    assert shown == b"..F.\n= short test summary info =\nFAILED a::b\n= 1 failed in 1s =\n"


def test_a_finding_splits_into_its_parts_and_other_failures_stay_one_line() -> None:
    parts = finding_parts("§ 631a.13(b): required: the $5.00 tie wins at 8 to 1 ($45.00 returned in all); "
                          "game did: settled it as win, returned $50.00 in all; cards: 10C 2D 3H 4S")
    assert parts == {"clause": "631a.13(b)", "required": "the $5.00 tie wins at 8 to 1 ($45.00 returned in all)",
                     "did": "settled it as win, returned $50.00 in all", "cards": "10C 2D 3H 4S"}
    lines = failure_blocks([{"nodeid": "features/x.py::t", "outcome": "failed", "category": "adapter error",
                             "clauses": ["631a.6(a)"], "message": "[adapter error] timed out \x1b[2J"}])
    assert lines[1:] == ["ADAPTER ERROR 631a.6(a): 1 scenario", "  scenario: features/x.py::t",
                         "  adapter error: [adapter error] timed out \\x1b[2J"]


def test_allure_junit_and_the_matrix_agree_on_what_failed(tmp_path: Path) -> None:
    """Issue 37 item 2: the Tie scenarios of § 631a.8(a)(3)(i) stop at the odds of
    § 631a.13(b): the matrix fails § 631a.13(b) (and calls § 631a.8(a)(3)(i) not verified);
    Allure files those failures under § 631a.13(b) too, and counts as many failed results as
    JUnit, the verdict's own result not among them."""
    import xml.etree.ElementTree as ET

    from baccarat_conformance.reports.allure_verdict import write_verdict

    out = tmp_path / "out"
    proc = _cli("run", "--game", GAME, "--depth", "smoke", "--as-of", AS_OF, "--no-html", "--progress", "off",
                "--allow-pending", "--out", str(out), "-m", "631a.8.a.3.i and not statistics and not property",
                "-k", "tie_wager_wins")
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    matrix = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    write_verdict(out / "allure-results", matrix, "../matrix.html")  # as run does before the HTML report
    failing = {r["id"] for r in matrix["rows"] if r["result"] == "fail" and r["disposition"] == "automated"}
    assert "631a.13(b)" in failing and "631a.8(a)(3)(i)" not in failing
    results = [json.loads(p.read_text(encoding="utf-8")) for p in (out / "allure-results").glob("*-result.json")]
    failed = [r for r in results if r["status"] == "failed"]
    suite = junit = ET.parse(out / "junit.xml").getroot()
    if junit.tag == "testsuites":
        suite = junit.find("testsuite")
    assert len(failed) == int(suite.get("failures")) == 2, [r["name"] for r in failed]
    for r in failed:
        labels = {(lb["name"], lb["value"]) for lb in r["labels"]}
        assert ("subSuite", next(v for n, v in labels if n == "subSuite")) and \
            next(v for n, v in labels if n == "subSuite").endswith("§ 631a.13(b)"), labels
        assert ("story", "631a.13(b)") in labels and ("story", "631a.8(a)(3)(i)") in labels
    (verdict,) = [r for r in results if r["fullName"] == "baccarat-conformance clause verdict"]
    assert verdict["status"] == "unknown" and "631a.13(b)" in verdict["name"]


def test_a_blocked_scenario_gets_its_block_with_the_reason_and_the_commands() -> None:
    entry = {"nodeid": "features/test_631a.py::test_x[$5.00]", "outcome": "skipped", "category": "blocked",
             "clauses": ["631a.15(d)"], "blocked_by": "631a.11(c)(1)",
             "message": "blocked: the game broke § 631a.11(c)(1): the Banker's Hand stood",
             "replay": {"scenario": "features/test_631a.py::test_x[$5.00]", "profile": {"given": "baccarat"},
                        "adapter": {"adapter": "library", "game": None}, "options": {"depth": "smoke"}}}
    lines = failure_blocks([entry], "run out")
    assert lines[1] == "BLOCKED by § 631a.11(c)(1): 1 scenario reached no verdict"
    assert lines[3] == "  reason:   blocked: the game broke § 631a.11(c)(1): the Banker's Hand stood"
    assert lines[4] == "  replay:   baccarat-conformance replay 'run out' --scenario 'features/test_631a.py::test_x[$5.00]'"
    assert lines[5] == ("  pytest:   pytest --pyargs 'baccarat_conformance.features.test_631a::test_x[$5.00]' "
                        "--profile baccarat --depth smoke")
