"""Import contracts (pyproject.toml, import-linter): the reference game imports nothing
of the harness, the rules oracle nothing of the package outside itself, steps never a
game or a transport library; the verdict's layers (CLI → commands → report writers →
verdict); and no import circle anywhere in the package.

import-linter walks a package's folder, and the editable install maps the subpackages
from several top-level folders, so the checks run on a real (non-editable) install of
the project into a temporary folder — which also proves the package installs whole."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: Every import of one module by another that closes a circle (``a -> b``, with a chain
#: of imports from ``b`` back to ``a``), in grimp's graph of the installed package: every
#: import statement counts, at the top of a module or inside a function, but those only
#: for type checkers (``if TYPE_CHECKING:``), as import-linter's contracts count them.
CIRCLES = """
import json, grimp
g = grimp.build_graph("baccarat_conformance", exclude_type_checking_imports=True, cache_dir=None)
circles = []
for a in sorted(g.modules):
    for b in sorted(g.find_modules_directly_imported_by(a)):
        back = g.find_shortest_chain(importer=b, imported=a)
        if back:
            circles.append(" -> ".join((a,) + tuple(back)))
print(json.dumps({"modules": len(g.modules), "circles": circles}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(REPO)],
                   check=True, capture_output=True, text=True)
    return target


def test_import_contracts_hold(site, tmp_path):
    assert (site / "baccarat_conformance" / "reference_game" / "game.py").exists()
    assert list((site / "baccarat_conformance" / "features").rglob("*.feature")), "feature files are package data"
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    env = dict(os.environ, PYTHONPATH=str(site))
    proc = subprocess.run([exe, "--config", str(REPO / "pyproject.toml")], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout, proc.stdout


def test_no_import_circle_between_modules(site, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(site))
    proc = subprocess.run([sys.executable, "-c", CIRCLES], cwd=tmp_path, env=env, capture_output=True, text=True,
                          check=True)
    found = json.loads(proc.stdout)
    assert found["modules"] > 100, found  # the whole package was read, not the harness folder alone
    assert found["circles"] == [], "import circles:\n" + "\n".join(found["circles"])
