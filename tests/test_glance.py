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
from baccarat_conformance.suite import features_dir, pytest_command

from .suite_runner import REPO

AS_OF = "2024-06-01"


@pytest.fixture(autouse=True)
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # so that --game tests.broken_games:... imports
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def main(*argv: str) -> int:
    return cli.main(list(argv))


# ------------------------------------------------------------------ pytest's habits (item 4)
def test_run_takes_m_and_k_directly(tmp_path: Path) -> None:
    args = cli.build_parser().parse_args(["run", "-m", "631a.11 and not property", "-k", "banker", "--depth", "smoke"])
    cmd = pytest_command(args, tmp_path / "r", tmp_path / "l.jsonl", tmp_path)
    given = cmd[cmd.index("pytest") + 1:]  # after `python -m pytest`
    assert given[given.index("-m") + 1] == "631a.11 and not property" and given[given.index("-k") + 1] == "banker"


def test_chapter_markers_select_a_whole_chapter() -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", str(features_dir()), "-p", "no:cacheprovider",
                           "--import-mode=importlib", "-o", "addopts=--strict-markers", "--collect-only", "-q",
                           "-m", "631c"], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    ids = [line for line in proc.stdout.splitlines() if "::" in line]
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
    from .misbehaving_servers import serve

    with serve() as url:
        code = main("run", "--out", str(tmp_path), "--adapter", "http", "--url", url, "--depth", "smoke",
                    "--as-of", AS_OF, "--allow-pending", "--no-html", "--progress", "off", "-m", "631a.6")
    assert code == 0, capsys.readouterr()


def test_check_protocol_against_nothing_says_so_once(capsys) -> None:
    code = main("check-protocol", "--adapter", "http", "--url", f"http://127.0.0.1:{closed_port()}")
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).strip().splitlines()
    assert code == 3
    assert len(lines) == 1 and "did not answer describe" in lines[0] and "protocol 1." not in lines[0], lines


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
def test_matrix_takes_the_results_log_as_a_positional_or_as_results(tmp_path: Path, capsys) -> None:
    out = tmp_path / "run"
    assert main("run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending", "--no-html",
                "--progress", "off", "-m", "631a.6") == 0
    assert main("matrix", str(out / "results.jsonl"), "--out", str(tmp_path / "a")) == 0
    assert main("matrix", "--results", str(out / "results.jsonl"), "--out", str(tmp_path / "b")) == 0
    assert (tmp_path / "a" / "matrix.json").is_file() and (tmp_path / "b" / "matrix.json").is_file()
    capsys.readouterr()
    assert main("matrix") == 3 and "none was given" in capsys.readouterr().err
