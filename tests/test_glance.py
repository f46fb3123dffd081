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
