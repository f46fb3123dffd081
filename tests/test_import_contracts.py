"""Import contracts (pyproject.toml, import-linter): the reference game never imports
the harness's rules oracle or anything else of the harness, and steps never import a
game or a transport library.

import-linter walks a package's folder, and the editable install maps the subpackages
from several top-level folders, so the check runs on a real (non-editable) install of
the project into a temporary folder — which also proves the package installs whole."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_import_contracts_hold(tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(REPO)],
                   check=True, capture_output=True, text=True)
    assert (target / "baccarat_conformance" / "reference_game" / "game.py").exists()
    assert list((target / "baccarat_conformance" / "features").rglob("*.feature")), "feature files are package data"
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    env = dict(os.environ, PYTHONPATH=str(target))
    proc = subprocess.run([exe, "--config", str(REPO / "pyproject.toml")], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout, proc.stdout
