"""The command line: `clauses`, `lint`, `matrix`, and `run` with its exit-status
contract (0 conformant, 1 nonconformance, 2 harness or adapter error, 3 invalid input,
4 incomplete), each shown on a real run or a real results log."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.run.progress import ResultsFollower
from baccarat_conformance.verdict.contract import combine
from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.corpus.lint import make_context

from tests.proofs.suite_runner import REPO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

AS_OF = "2024-06-01"  # every chapter in force: the run is the same whatever day the tests run


@pytest.fixture(autouse=True)
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # so that --game tests.games.broken_games_matrix:... imports
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def main(*argv: str) -> int:
    return cli.main(list(argv))


# ------------------------------------------------------------------ clauses
def test_clauses_uncovered_lists_only_uncovered(capsys: pytest.CaptureFixture) -> None:
    assert main("clauses", "--chapter", "631a", "--uncovered", "--format", "ids") == 0
    ids = capsys.readouterr().out.split()
    ctx = make_context()
    assert ids == [c.clause.id for c in ctx.coverage.values()
                   if c.clause.chapter == "631a" and c.disposition == "uncovered"]
    assert "631a.3(a)" not in ids and "631a.2(d)" not in ids and "631a.11(a)" not in ids


def test_clauses_says_none_when_the_table_is_empty(capsys: pytest.CaptureFixture) -> None:
    uncovered = [c for c in make_context().coverage.values() if c.clause.chapter == "631a" and c.disposition == "uncovered"]
    assert main("clauses", "--chapter", "631a", "--uncovered") == 0
    out = capsys.readouterr().out
    if not uncovered:
        assert out.strip() == "none: no uncovered clause in 631a"
    else:
        assert "none" not in out.splitlines()[0]


def test_clauses_by_disposition_csv_and_json(capsys: pytest.CaptureFixture) -> None:
    assert main("clauses", "--disposition", "manual", "--disposition", "n/a", "--format", "csv") == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert {r["disposition"] for r in rows} == {"manual", "not_applicable"}
    assert any(r["id"] == "631a.2(d)" and "drop box" in r["detail"] for r in rows)
    assert main("clauses", "--section", "631a.11", "--format", "json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["id"] == "631a.11" and data[0]["disposition"] == "automated" and data[0]["scenarios"]


def test_clauses_table_and_summary(capsys: pytest.CaptureFixture) -> None:
    assert main("clauses", "--chapter", "631c") == 0
    out = capsys.readouterr().out
    assert "631c.2(d)(1)" in out and "manual" in out
    assert "631c: 128 clauses — " in out.replace("\n", "")


def test_clauses_check_and_toml_stubs(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    assert main("clauses", "--uncovered", "--check", "--format", "ids") == 0  # every clause has a disposition
    assert capsys.readouterr().out.split() == []
    bare = tmp_path / "features"  # no scenario at all: every clause left to the scenarios is uncovered
    bare.mkdir()
    assert main("clauses", "--uncovered", "--check", "--format", "ids", "--features", str(bare)) == 4
    assert "631a.11(a)" in capsys.readouterr().out.split()
    assert main("clauses", "--uncovered", "--format", "toml", "--features", str(bare)) == 0
    stubs = capsys.readouterr().out
    doc = tomllib.loads(stubs)  # the uncommented stubs are valid dispositions.toml entries
    assert doc and set(doc) <= {"subclauses", "definitional"}
    assert main("clauses", "--disposition", "automated", "--check", "--format", "ids") == 0


def test_clauses_bad_options_exit_3(capsys: pytest.CaptureFixture) -> None:
    assert main("clauses", "--chapter", "999z") == 3
    with pytest.raises(SystemExit) as info:
        main("clauses", "--disposition", "nonsense")
    assert info.value.code == 3
    with pytest.raises(SystemExit) as info:
        main("run", "--as-of", "yesterday")
    assert info.value.code == 3
    assert "expected a date YYYY-MM-DD" in capsys.readouterr().err


def test_lint(capsys: pytest.CaptureFixture) -> None:
    assert main("lint", "--no-coverage") == 0
    assert main("lint") == (3 if any(c.disposition == "uncovered" for c in make_context().coverage.values()) else 0)


def test_help_documents_the_exit_status(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        main("run", "--help")
    out = capsys.readouterr().out
    for code in range(5):
        assert f"\n  {code}  " in out
    assert "--attestations" in out and "--waivers" in out and "--as-of" in out


# ------------------------------------------------------------------ progress
def test_results_follower_reads_complete_lines(tmp_path: Path) -> None:
    log = tmp_path / "results.jsonl"
    follower = ResultsFollower(log)
    follower.poll()  # no file yet
    assert follower.done == 0
    a = {"nodeid": "a", "clauses": ["631a.11(a)"], "outcome": "passed", "category": None}
    b = {"nodeid": "b", "clauses": ["631a.11(b)(1)"], "outcome": "failed", "category": "nonconformance"}
    with open(log, "w") as fh:
        fh.write(json.dumps(a) + "\n" + json.dumps(b)[:10])
    follower.poll()
    assert follower.done == 1
    with open(log, "a") as fh:
        fh.write(json.dumps(b)[10:] + "\n")
    follower.poll()
    assert follower.done == 2 and follower.summary() == "1 pass  1 fail" and follower.last["nodeid"] == "b"


def test_combine_precedence() -> None:
    assert combine(0, 4, 1) == 1
    assert combine(1, 2) == 2
    assert combine(2, 3, 4) == 3
    assert combine(None, 0) == 0


# ------------------------------------------------------------------ run: inputs are checked first (exit 3)
def test_run_rejects_invalid_inputs_before_running(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "out"
    att = tmp_path / "att.toml"
    att.write_text('[[attestation]]\nclause = "631a.11(a)"\nresult = "pass"\ninspector = "J"\ndate = 2024-01-01\n'
                   'evidence = "e"\n', encoding="utf-8")
    assert main("run", "--out", str(out), "--attestations", str(att), "--no-html") == 3
    assert f"{att}:2: clause: clause 631a.11(a) is automated, not manual" in capsys.readouterr().err
    wv = tmp_path / "wv.toml"
    wv.write_text('[[waiver]]\nclause = "631a.11(a)"\njustification = "j"\napprover = "a"\nexpires = 2020-01-01\n',
                  encoding="utf-8")
    assert main("run", "--out", str(out), "--waivers", str(wv), "--no-html") == 3
    assert f"{wv}:5: expires: the waiver expired on 2020-01-01" in capsys.readouterr().err
    bad = tmp_path / "p.toml"
    bad.write_text("[rules_submission]\ndecks = 9\n", encoding="utf-8")
    assert main("run", "--out", str(out), "--profile", str(bad), "--no-html") == 3
    assert "decks: must be 6, 7 or 8" in capsys.readouterr().err
    assert not out.exists()  # nothing ran


# ------------------------------------------------------------------ run: real runs
@pytest.fixture(scope="module")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path]:
    out = tmp_path_factory.mktemp("ref")
    code = cli.main(["run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--no-html",
                     "--progress", "off"])
    return code, out


def test_run_exit_0_on_the_reference_game(reference_run) -> None:
    code, out = reference_run
    assert code == 0
    for name in ("matrix.html", "matrix.csv", "matrix.json", "results.jsonl", "junit.xml", "session.json"):
        assert (out / name).is_file(), name


def test_real_run_matrix_totals(reference_run) -> None:
    code, out = reference_run
    corpus = load_corpus()
    data = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    rows = data["rows"]
    assert [r["id"] for r in rows] == [c.id for c in corpus.clauses]
    assert data["run"]["as_of"] == AS_OF and data["run"]["collected"] == data["results_count"] > 0
    per: dict[str, Counter] = {}
    for r in rows:
        per.setdefault(r["chapter"], Counter())[r["result"]] += 1
        if r["disposition"] == "automated":  # the reference game conforms; optional wagers may be not offered
            assert r["result"] in ("pass", "not_offered") and r["results"], r["id"]
        elif r["disposition"] == "manual":
            assert r["result"] in ("manual_pending", "not_offered"), r["id"]
        elif r["disposition"] == "not_applicable":
            assert r["result"] == "not_applicable"
        elif r["disposition"] == "uncovered":
            assert r["result"] == "uncovered"
    for ch, counts in per.items():
        assert data["totals"][ch] == dict(counts)
        assert sum(counts.values()) == sum(1 for c in corpus.clauses if c.chapter == ch)
    assert next(r for r in rows if r["id"] == "631a.2(b)(5)")["result"] == "manual_pending"  # Dragon Bonus offered
    assert next(r for r in rows if r["id"] == "631a.2(b)(6)(i)")["result"] == "not_offered"  # not EZ Baccarat
    csv_rows = list(csv.DictReader((out / "matrix.csv").read_text(encoding="utf-8").splitlines()))
    assert len(csv_rows) == len(corpus.clauses) + len(data["totals"]) + 1  # and the game under test
    assert csv_rows[-1]["id"] == "game under test" and csv_rows[-1]["excerpt"].startswith("baccarat-conformance reference")
    assert [r["excerpt"] for r in csv_rows if r["kind"] == "total"] == list(data["totals_sentences"].values())
    html = (out / "matrix.html").read_text(encoding="utf-8")
    assert all(s in html for s in data["totals_sentences"].values())
    assert "627b-minibaccarat-side-wagers-temporary.txt" in html and "in force until 2024-09-04" in html


def test_matrix_command_rebuilds_and_reports_pending(reference_run, tmp_path: Path, capsys) -> None:
    code, out = reference_run
    # the run had --allow-pending (session.json says so): the rebuilt matrix gives the run's verdict
    assert json.loads((out / "session.json").read_text(encoding="utf-8"))["allow_pending"] is True
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path)) == code == 0
    rebuilt = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    original = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    assert rebuilt["verdict"] == original["verdict"]
    # an explicit flag wins
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path), "--no-allow-pending") == 4
    text = capsys.readouterr().out
    assert "manual clause(s) pending attestation" in text
    rebuilt = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    assert rebuilt["totals"] == original["totals"] and rebuilt["run"]["as_of"] == AS_OF  # from session.json
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path), "--allow-pending") == 0
    capsys.readouterr()
    # a waiver that matches no failure: exit 3, named in the matrix
    wv = tmp_path / "wv.toml"
    wv.write_text('[[waiver]]\nclause = "631a.11(a)"\njustification = "j"\napprover = "a"\nexpires = 2999-01-01\n',
                  encoding="utf-8")
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path), "--allow-pending",
                "--waivers", str(wv)) == 3
    data = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    assert data["problems"][0].startswith(f"{wv}:1: clause: the waiver of 631a.11(a) matches no failure")
    # later as-of date: the temporary regulations have expired
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path), "--as-of", "2025-06-01",
                "--allow-pending") == 0
    data = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    assert set(data["totals"]["627b"]) == {"expired"}
    assert main("matrix", "--results", str(tmp_path / "none.jsonl")) == 3


def test_run_exit_1_on_a_broken_game(tmp_path: Path, capsys) -> None:
    code = main("run", "--out", str(tmp_path), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--no-html",
                "--progress", "off", "--game", "tests.games.broken_games:player_stands_on_5", "--", "-m", "631a.11")
    assert code == 1, capsys.readouterr()
    data = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    failed = {r["id"] for r in data["rows"] if r["result"] == "fail" and r["disposition"] == "automated"}
    assert failed == {"631a.11(b)(1)", "631a.11"}
    # with a waiver of each failure, what is left outside the selection (-m) is "not selected", not "not run"
    # (issue 16: a selection's verdict covers the selected clauses only): conformant
    wv = tmp_path / "wv.toml"
    wv.write_text("".join(f'[[waiver]]\nclause = "{c}"\njustification = "Board variance 12"\napprover = "A. Smith"\n'
                          f"expires = 2999-01-01\n\n" for c in sorted(failed)), encoding="utf-8")
    assert main("matrix", "--results", str(tmp_path / "results.jsonl"), "--out", str(tmp_path / "w"),
                "--waivers", str(wv), "--allow-pending") == 0
    data = json.loads((tmp_path / "w" / "matrix.json").read_text(encoding="utf-8"))
    assert {r["id"] for r in data["rows"] if r["result"] == "waived"} == failed | {"631a.11(b)"}  # its lead-in


def test_run_exit_2_on_an_adapter_error(tmp_path: Path, capsys) -> None:
    code = main("run", "--out", str(tmp_path), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--no-html",
                "--progress", "on", "--game", "tests.games.broken_games_matrix:crashes_when_dealing", "--", "-m", "631a.6")
    assert code == 2, capsys.readouterr()
    data = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    errors = {r["id"]: r["result_label"] for r in data["rows"] if r["result"] == "error" and r["results"]}
    assert errors and set(errors.values()) == {"adapter error"}
    assert not any(r["result"] == "fail" for r in data["rows"])  # never a rule failure
    assert (tmp_path / "pytest.log").is_file()  # the progress display keeps pytest's output there


@pytest.fixture(scope="module")
def xdist_run_whose_report_fails(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path, str]:
    """The reference game's run of § 631a.6 on two pytest-xdist workers, its Allure HTML
    report failing (``generate`` raises): the exit status, the folder, standard error.
    One run read by two tests: the report's failure (exit 2), and the selection recorded
    under xdist (the matrix's own verdict: conformant)."""
    from baccarat_conformance.reports import allure

    def broken(results, output):
        raise allure.ReportError("the Allure 3 CLI needs Node >= 22")

    out = tmp_path_factory.mktemp("xdist-run")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(REPO)  # so that the run imports as in_repo has it (a module fixture runs before it)
        mp.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        mp.setattr(allure, "generate", broken)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main("run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending",
                        "--progress", "off", "-n", "2", "--", "-m", "631a.6")
    return code, out, err.getvalue()


def test_run_exit_2_when_the_allure_report_fails(xdist_run_whose_report_fails) -> None:
    code, out, err = xdist_run_whose_report_fails
    assert code == 2, err
    assert "Node >= 22" in err
    assert json.loads((out / "matrix.json").read_text(encoding="utf-8"))["verdict"]["exit_code"] == 0  # the run's own


def test_a_selection_is_recorded_under_xdist_too(xdist_run_whose_report_fails) -> None:
    code, tmp_path, err = xdist_run_whose_report_fails
    data = json.loads((tmp_path / "matrix.json").read_text(encoding="utf-8"))
    # the reference game conforms: the clauses outside -m are not selected, not "not run" (the run's exit status
    # is 2 only because its HTML report failed: test_run_exit_2_when_the_allure_report_fails)
    assert data["verdict"]["exit_code"] == 0 and code == 2, (code, data["verdict"], err)
    session = json.loads((tmp_path / "session.json").read_text(encoding="utf-8"))
    assert session["selection"] == {"-m": "631a.6"}
    assert session["selected_clauses"] and all(c.startswith("631a.6") for c in session["selected_clauses"])
    assert data["selection"]["selected"] == len(session["selected_clauses"]) and not data["selection"]["whole_suite"]
    assert not [r["id"] for r in data["rows"] if r["result"] == "not_run"]
    assert (tmp_path / "pytest.log").is_file()  # written without the progress display too
