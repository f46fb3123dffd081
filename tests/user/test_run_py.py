"""``python3 run.py test`` says how long it usually takes, and a line when a long group of
tests starts (issue 37 item 7): a newcomer knows it is working between two dots."""

from __future__ import annotations

import subprocess
import sys

from tests.proofs.suite_runner import REPO


def test_run_py_test_says_how_long_it_usually_takes() -> None:
    proc = subprocess.run([sys.executable, str(REPO / "run.py"), "test", "-o", "python_files=test_run_options.py",
                           "-k", "test_parse_date", "-n", "0", "-p", "no:cacheprovider"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "usually about 25 minutes on 2 idle cores" in proc.stdout, proc.stdout[:2000]


def test_a_long_group_says_what_it_does_when_it_starts_under_xdist_too() -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "tests/proofs/test_proofs.py", "-k", "registry", "-n", "1", "-q",
                           "-p", "no:cacheprovider"], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert proc.stdout.count("[tests/proofs/test_proofs.py] the broken-game proofs: each batch plays") == 1, proc.stdout
