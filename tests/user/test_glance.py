"""A run read at a glance and driven with pytest's habits (issue 25, items 3-8): `run -m` and
`run -k` directly, chapter markers, a usage error that exits 3 before any report, `--version`,
a game that does not answer found before the first scenario, run outputs outside the package
folders, the verdict naming its failing leaf clauses and the game under test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.run.suite import features_dir, pytest_command

from tests.proofs.suite_runner import REPO, run_pytest
from tests.user.test_cli import AS_OF, in_repo, main  # noqa: F401 (in_repo: an autouse fixture, the working directory)


# ------------------------------------------------------------------ pytest's habits (item 4)
def test_run_takes_m_and_k_directly(tmp_path: Path) -> None:
    args = cli.build_parser().parse_args(["run", "-m", "631a.11 and not property", "-k", "banker", "--depth", "smoke"])
    cmd = pytest_command(args, tmp_path / "r", tmp_path / "l.jsonl", tmp_path)
    given = cmd[cmd.index("pytest") + 1:]  # after `python -m pytest`
    assert given[given.index("-m") + 1] == "631a.11 and not property" and given[given.index("-k") + 1] == "banker"


def test_chapter_markers_select_a_whole_chapter() -> None:
    code, output = run_pytest([str(features_dir()), "-p", "no:cacheprovider", "--import-mode=importlib",
                               "-o", "addopts=--strict-markers", "--collect-only", "-q", "-m", "631c"], timeout=300)
    assert code == 0, output[-4000:]
    ids = [line for line in output.splitlines() if "::" in line]
    assert ids and all(line.startswith(("test_631c.py", f"{Path(features_dir()).name}/test_631c.py"))
                       or "test_631c.py::" in line for line in ids)


def test_a_usage_error_exits_3_before_any_report(tmp_path: Path, monkeypatch, capsys) -> None:
    from baccarat_conformance.reports import allure

    def never(results, output):
        raise AssertionError("no report after a usage error")

    monkeypatch.setattr(allure, "generate", never)
    code = main("run", "--out", str(tmp_path), "--depth", "smoke", "--as-of", AS_OF, "--progress", "off",
                "-m", "no_such_marker")
    err = capsys.readouterr().err
    assert code == 3, err
    assert "no_such_marker" in err and "no report was built" in err
    assert not (tmp_path / "matrix.json").exists() and not (tmp_path / "matrix.html").exists()
    # no junit.xml of 0 tests for a CI dashboard to read as a green run; session.json states the harness's status
    assert not (tmp_path / "junit.xml").exists()
    session = json.loads((tmp_path / "session.json").read_text(encoding="utf-8"))
    assert session["exitstatus"] == 3 and session["pytest_exitstatus"] == 4, session
    assert "no_such_marker" in session["usage_error"]


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main("--version")
    assert e.value.code == 0 and capsys.readouterr().out.startswith("baccarat-conformance ")


# ------------------------------------------------------------------ a game that does not answer (item 5)
def closed_port() -> int:
    import socket

    with socket.socket() as s:  # bound, never listening, then closed: nothing answers there
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_run_stops_before_the_first_scenario_when_the_game_does_not_answer(tmp_path: Path, capsys) -> None:
    code = main("run", "--out", str(tmp_path / "out"), "--adapter", "http", "--url",
                f"http://127.0.0.1:{closed_port()}", "--depth", "smoke", "--progress", "off", "-m", "631a.6")
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    assert len(err) == 1 and "did not answer describe" in err[0] and "nothing was run" in err[0]
    assert not (tmp_path / "out" / "results.jsonl").exists()  # no scenario, no pytest


def test_run_over_http_asks_describe_first_and_runs(tmp_path: Path, capsys) -> None:
    from tests.games.misbehaving_servers import serve

    with serve() as url:
        code = main("run", "--out", str(tmp_path), "--adapter", "http", "--url", url, "--depth", "smoke",
                    "--as-of", AS_OF, "--allow-pending", "--no-html", "--progress", "off", "-m", "631a.6")
    assert code == 0, capsys.readouterr()


def test_check_protocol_against_nothing_says_so_once_with_runs_exit_status(tmp_path: Path, capsys) -> None:
    url = f"http://127.0.0.1:{closed_port()}"
    code = main("check-protocol", "--adapter", "http", "--url", url)
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).strip().splitlines()
    assert len(lines) == 1 and "did not answer describe" in lines[0] and "protocol 1." not in lines[0], lines
    # one exit contract (issue 37 item 10): the same unreachable game exits run with the same status, 2
    ran = main("run", "--out", str(tmp_path / "out"), "--adapter", "http", "--url", url, "--no-html",
               "--progress", "off", "-m", "631a.6")
    capsys.readouterr()
    assert code == ran == 2


# ------------------------------------------------------------------ run outputs outside the package (item 6)
def package_dirs() -> dict[str, str]:
    """Folder of the repository -> the path of its package in a wheel (pyproject.toml's package-dir)."""
    try:
        import tomllib
    except ImportError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return {folder: pkg.replace(".", "/") for pkg, folder in project["tool"]["setuptools"]["package-dir"].items()}


def test_a_wheel_built_after_a_main_job_run_holds_none_of_its_outputs(tmp_path: Path) -> None:
    import shutil
    import zipfile

    src = tmp_path / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "node_modules", "*.pyc", "*.egg-info")
    folders = package_dirs()
    for name in ["pyproject.toml", "README.md", *folders]:  # what a wheel is built from
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name, ignore=ignore)
        else:
            shutil.copy2(REPO / name, src / name)
    # the main job's run, into the default --out, from the checkout (as `python3 run.py conformance` runs it)
    run = subprocess.run([str(Path(sys.executable).parent / "baccarat-conformance"), "run", "--profile", "full_table",
                          "--allow-pending", "--depth", "smoke", "--no-html", "--progress", "off", "-m", "631a.6"],
                         cwd=src, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    (matrix,) = src.rglob("matrix.json")
    written = [p.relative_to(src) for p in matrix.parent.rglob("*") if p.is_file()]
    assert matrix.parent.relative_to(src).parts[0] not in folders  # not a source package folder
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    (wheel,) = dist.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [f"{folders[f.parts[0]]}/{'/'.join(f.parts[1:])}" for f in written if f.parts[0] in folders]
    assert names and not [n for n in shipped if n in names]


# ------------------------------------------------------------------ smaller items (item 8)
@pytest.fixture(scope="module")
def reference_cli_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, Path]:
    """The reference game's run of § 631a.6 by the installed command, off a terminal and
    without COLUMNS: its output (the totals) and its folder (the results log) are read
    by two tests."""
    out = tmp_path_factory.mktemp("reference-run")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    run = subprocess.run([str(Path(sys.executable).parent / "baccarat-conformance"), "run", "--out", str(out),
                          "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--no-html", "-m", "631a.6"],
                         capture_output=True, text=True, cwd=REPO, env=env, timeout=600)
    return run, out


def test_matrix_takes_the_results_log_as_a_positional_or_as_results(reference_cli_run, tmp_path: Path,
                                                                   capsys) -> None:
    run, out = reference_cli_run
    assert run.returncode == 0, run.stderr[-2000:]
    assert main("matrix", str(out / "results.jsonl"), "--out", str(tmp_path / "a")) == 0
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path / "b")) == 0
    assert (tmp_path / "a" / "matrix.json").is_file() and (tmp_path / "b" / "matrix.json").is_file()
    capsys.readouterr()
    assert main("matrix") == 3 and "none was given" in capsys.readouterr().err


# ------------------------------------------------------------------ the verdict where people look (item 3)
def test_the_verdict_names_the_failing_leaf_clauses_once() -> None:
    from baccarat_conformance.verdict.contract import failing_leaves, failing_sentence

    def row(cid: str, result: str = "fail", disposition: str = "automated") -> dict:
        return {"id": cid, "result": result, "disposition": disposition}

    rows = [row("631a.11"), row("631a.11(b)", disposition="subclauses"), row("631a.11(b)(1)"), row("631a.11(c)", "pass"),
            row("631a.11(c)(5)[table]", disposition="definitional")]
    assert failing_sentence(failing_leaves(rows)) == "1 clause fails: 631a.11(b)(1)"
    many = [row(f"631a.{n}(a)") for n in range(1, 13)] + [row("631a.3(b)", "manual_fail", "manual")]
    said = failing_sentence(failing_leaves(many))
    assert said.startswith("13 clauses fail (1 by manual inspection): 631a.1(a), 631a.2(a),")
    assert said.endswith("631a.10(a), and 3 more")


def test_a_parametrized_scenario_is_named_by_its_part() -> None:
    from types import SimpleNamespace

    from baccarat_conformance.reports.allure_labels import filing, parameter_of

    part = SimpleNamespace(callspec=SimpleNamespace(params={"sweep_slice": 3}, id="first card 3"))
    outline = SimpleNamespace(callspec=SimpleNamespace(params={"_pytest_bdd_example": {"a": "1"}}, id="x-1"))
    assert parameter_of(part) == "first card 3" and parameter_of(outline) is None
    assert parameter_of(SimpleNamespace()) is None
    assert filing("n", [], "Every combination", None, None, "first card 3").title == "Every combination [first card 3]"


def test_table_1_reads_in_italics_and_other_markup_stays_text() -> None:
    from baccarat_conformance.reports.matrix_html import runs

    assert runs("<i>Point Count</i>\t0") == [{"text": "Point Count", "italic": True}, {"text": "\t0", "italic": False}]
    assert runs("Table <i>1</i> <i>5</i…") == [{"text": "Table ", "italic": False}, {"text": "1", "italic": True},
                                              {"text": " ", "italic": False}, {"text": "5", "italic": True},
                                              {"text": "…", "italic": False}]
    assert runs("<b>x</b> <script>") == [{"text": "<b>x</b> <script>", "italic": False}]


@pytest.fixture(scope="module")
def broken_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path, str]:
    out = tmp_path_factory.mktemp("broken-run")
    proc = subprocess.run([str(Path(sys.executable).parent / "baccarat-conformance"), "run", "--out", str(out),
                           "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--progress", "off",
                           "--game", "tests.games.broken_games:player_stands_on_5", "-m", "631a.11.b.1"],
                          cwd=REPO, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))})
    return proc.returncode, out, proc.stdout + proc.stderr


def test_an_exit_1_run_names_its_failing_clause_and_its_game_everywhere(broken_run) -> None:
    code, out, said = broken_run
    assert code == 1, said[-3000:]
    assert "exit status 1: nonconformance found — 1 clause fails: 631a.11(b)(1)\n" in said
    matrix = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    game = matrix["run"]["game_under_test"]
    assert game["name"] == "baccarat-conformance reference game" and game["vendor"] and game["version"]
    assert json.loads((out / "session.json").read_text(encoding="utf-8"))["game_under_test"] == game
    html = (out / "matrix.html").read_text(encoding="utf-8")
    assert f"Game under test: <b>{game['name']} {game['version']}" in html
    assert "1 clause fails: 631a.11(b)(1)" in html
    assert "&lt;i&gt;" not in html and "<i>Point Count of Banker’s Hand After Two Cards</i>" in html  # Table 1
    assert "table-layout:fixed" in html  # an expanded scenario list wraps, the Result column stays on screen
    csv_last = (out / "matrix.csv").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert csv_last.startswith("game under test,,,run,baccarat-conformance reference game")
    env = (out / "allure-results" / "environment.properties").read_text(encoding="ascii")
    assert "game.name=baccarat-conformance reference game" in env


def test_the_allure_home_page_carries_the_verdict(broken_run) -> None:
    code, out, said = broken_run
    if not (out / "allure-report" / "index.html").is_file():
        pytest.skip(f"no Allure report here: {said[-500:]}")
    summary = json.loads((out / "allure-report" / "summary.json").read_text(encoding="utf-8"))
    assert summary["name"].endswith("exit 1: NOT CONFORMANT — 1 clause fails: 631a.11(b)(1)")
    results = [json.loads(p.read_text(encoding="utf-8")) for p in (out / "allure-results").glob("*-result.json")]
    (verdict,) = [r for r in results if r["fullName"] == "baccarat-conformance clause verdict"]
    assert verdict["status"] == "unknown" and "631a.11(b)(1)" in verdict["name"]  # not one more failure
    assert verdict["links"][0]["url"] == "../matrix.html"
    tree = json.loads((out / "allure-report" / "widgets" / "tree.json").read_text(encoding="utf-8"))
    top = sorted(tree["groupsById"][g]["name"] for g in tree["root"]["groups"])
    assert top[0] == "0 · Clause verdict (matrix.html)"


def test_replay_with_an_unimportable_game_names_it(broken_run, capsys) -> None:
    code, out, said = broken_run  # the broken game's run folder (replay reads it, writes nothing into it)
    assert code == 1, said[-3000:]
    capsys.readouterr()
    code = main("replay", str(out), "--scenario", "631a.11(b)(1)", "--game", "no_such_module:create_game")
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 3
    assert "no_such_module" in said and "cannot import" in said and "waiver" not in said, said


def test_the_totals_print_once_and_clauses_keeps_its_columns_off_a_terminal(reference_cli_run) -> None:
    exe = str(Path(sys.executable).parent / "baccarat-conformance")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    run, _ = reference_cli_run
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.count("all chapters: ") == 1, run.stdout[-3000:]
    listed = subprocess.run([exe, "clauses", "--section", "631a.11"], capture_output=True, text=True, env=env,
                            timeout=120)
    first = next(line for line in listed.stdout.splitlines() if line.startswith("│631a.11 "))
    assert "Rules for determining whether a third card shall be dealt" in first, listed.stdout[:2000]


def test_serve_reference_serves_a_game_of_the_working_directory_and_names_it(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # as a user types it: no PYTHONPATH=.
    err = tmp_path / "err.txt"
    with open(err, "w+", encoding="utf-8") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "baccarat_conformance", "serve-reference", "--http", "0",
                                 "--game", "tests.games.broken_games:player_stands_on_5"], cwd=REPO, env=env,
                                stdout=subprocess.PIPE, stderr=fh, text=True)
        try:
            url = proc.stdout.readline().strip()  # type: ignore[union-attr]
            import time

            deadline = time.monotonic() + 20  # the announcement follows the URL, on standard error
            while "serving" not in err.read_text(encoding="utf-8") and time.monotonic() < deadline:
                time.sleep(0.1)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        fh.seek(0)
        said = fh.read()
    assert url.startswith("http://127.0.0.1:"), said
    assert "serving the game of --game tests.games.broken_games:player_stands_on_5 at" in said
    assert "reference game" not in said


def test_a_failure_keeps_the_requirement_apart_from_a_note() -> None:
    from baccarat_conformance.judging.errors import NOTE, Nonconformance
    from baccarat_conformance.steps._deal_check import value_note

    required = "the Player's Hand is dealt a third card: its Point Count is 5" + value_note(["AC", "4D"])
    assert required.endswith(NOTE + "the cards include an ace (§ 631a.6(a)(3): an ace counts 1)")
    e = Nonconformance("631a.11(b)(1)", required, "the Player's Hand stayed on AC 4D", ["AC", "4D", "KH", "QS"])
    assert e.one_line() == ("§ 631a.11(b)(1): required: the Player's Hand is dealt a third card: its Point Count is 5; "
                            "game did: the Player's Hand stayed on AC 4D; cards: AC 4D KH QS; note: the cards include "
                            "an ace (§ 631a.6(a)(3): an ace counts 1)")
    lines = str(e).splitlines()
    assert lines[0] == "58 Pa. Code § 631a.11(b)(1): the Player's Hand is dealt a third card: its Point Count is 5"
    assert lines[-1] == "  note: the cards include an ace (§ 631a.6(a)(3): an ace counts 1)"


# ------------------------------------------------------------------ node ids relative to the package (issue 37 item 3)
def test_node_ids_and_junit_class_names_do_not_carry_the_install_path(tmp_path: Path) -> None:
    """The package installed (not editable) into a venv-like folder inside a project whose
    pyproject.toml configures pytest, run from that project: the node ids of results.jsonl
    and the JUnit class names are those of a checkout (``features/...``), not
    ``vvenv/lib/python3.11/site-packages/baccarat_conformance/features/...``."""
    import xml.etree.ElementTree as ET

    project = tmp_path / "project"
    site = project / "vvenv" / "lib" / "site-packages"
    site.mkdir(parents=True)
    (project / "pyproject.toml").write_text("[tool.pytest.ini_options]\nminversion = \"7\"\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile", "--target", str(site),
                    str(REPO)], check=True, capture_output=True, text=True, timeout=600)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)  # before the editable install's finder: the copy in the project is the one run
    proc = subprocess.run([sys.executable, "-m", "baccarat_conformance", "run", "-m", "631a.6", "--depth", "smoke",
                           "--as-of", AS_OF, "--no-html", "--progress", "off", "--allow-pending", "--out", "out"],
                          cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert str(site) in proc.stdout  # the installed copy ran, not the checkout
    ids = [json.loads(line)["nodeid"] for line in (project / "out" / "results.jsonl").read_text().splitlines()]
    assert ids and all(i.startswith("features/") for i in ids), ids[:3]
    classes = {tc.get("classname") for tc in ET.parse(project / "out" / "junit.xml").getroot().iter("testcase")}
    assert classes and all(c.startswith("features.") for c in classes), classes


# ------------------------------------------------------------------ manual clauses alone (issue 37 item 9)
def test_a_selection_of_manual_clauses_with_attestations_gives_a_verdict_and_a_sealable_folder(tmp_path: Path,
                                                                                              capsys) -> None:
    """``run -m 631a.2 --attestations``: no scenario is collected, the attestations decide the
    clauses: a matrix (exit 0 when they all pass), an (empty) results log, and a folder that
    seals and verifies."""
    att = tmp_path / "att.toml"
    att.write_text("".join(f'[[attestation]]\nclause = "631a.2({c})"\nresult = "pass"\ninspector = "J. Doe (Lab QA-7)"\n'
                           f'date = 2024-05-02\nevidence = "checklist TL-631a-2"\n\n' for c in "ade"), encoding="utf-8")
    out = tmp_path / "out"
    code = main("run", "-m", "631a.2", "--attestations", str(att), "--as-of", AS_OF, "--allow-pending", "--no-html",
                "--progress", "off", "--out", str(out))
    said = capsys.readouterr().out
    assert code == 0, said[-2000:]
    assert (out / "results.jsonl").read_text() == ""
    rows = {r["id"]: r["result"] for r in json.loads((out / "matrix.json").read_text())["rows"]}
    assert rows["631a.2(d)"] == "manual_pass"
    assert main("seal", str(out)) == 0
    assert main("verify", str(tmp_path / "out.evidence.tar.gz")) == 0
