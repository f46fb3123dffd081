"""A full filesystem leaves no half-written file behind (issue 26, item 19).

On a real full filesystem (a small tmpfs, mounted for the test: root only) ``seal`` left
``PACKAGE.tmp``, and a run left a 0-byte ``matrix.json.tmp`` and an empty ``junit.xml``.
Every file the harness replaces is written by ``atomic_files.write_atomic`` (its temporary
file removed on every way out), and ``run`` removes what pytest and allure-pytest left
unfinished, saying so (exit 2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest

from baccarat_conformance import cli
from baccarat_conformance.reports.matrix_writers import write_matrix
from baccarat_conformance.verdict.rebuild import rebuild_matrix

from tests.proofs.suite_runner import REPO

AS_OF = "2025-07-01"
RUN = ("--depth", "smoke", "--as-of", AS_OF, "--progress", "off", "--no-html", "--allow-pending", "--", "-m", "631a.6")


@pytest.fixture
def full_fs(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, unmounted after the test."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "full"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def leftovers(folder: Path) -> list[str]:
    """Temporary files, and empty files, under ``folder``."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and (".tmp" in p.name or p.stat().st_size == 0))


def run(out: Path) -> int:
    old = Path.cwd()
    os.chdir(REPO)
    try:
        return cli.main(["run", "--out", str(out), *RUN])
    finally:
        os.chdir(old)


def test_a_run_seal_and_matrix_on_a_full_filesystem_leave_no_partial_file(full_fs: Path, tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture) -> None:
    # a run whose --out fills up
    assert run(full_fs / "out") == 2
    assert "No space left on device" in capsys.readouterr().err
    assert leftovers(full_fs) == []
    junit = full_fs / "out/junit.xml"
    assert not junit.exists() or junit.stat().st_size > 0
    # seal of a whole run into the full filesystem
    shutil.rmtree(full_fs / "out")
    out = tmp_path / "reports"
    assert run(out) in (0, 4)
    assert cli.main(["seal", str(out), "-o", str(full_fs / "run.evidence.tar.gz")]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert list(full_fs.iterdir()) == []
    # the matrix written into it
    (full_fs / "filler").write_bytes(b"x" * (60 * 1024))
    m = rebuild_matrix(out / "results.jsonl", session=out / "session.json")
    with pytest.raises(OSError):
        write_matrix(m, full_fs)
    assert [p.name for p in full_fs.iterdir()] == ["filler"]
