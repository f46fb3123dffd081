#!/usr/bin/env python3
"""What a child pytest costs the harness's own tests, three ways (docs/performance.md)::

    .venv/bin/python benchmarks/bench_child_pytest.py [--games N]

The first N broken games of tests/registry.py (default 10), each on its own proof's
scenarios, played: ``cold``, each in a fresh ``python -m pytest`` (as before issue 23);
``warm``, each in a fork of the warm starter (tests/pytest_zygote.py:
``tests.suite_runner.run_suite`` now); ``batch``, all in one pytest process that collects
the suite once and forks per game (tests/proof_runner.py: ``tests/test_proofs.py``).
Prints one JSON line a way: wall seconds, CPU seconds of the processes it started (user
+ system, from ``getrusage(RUSAGE_CHILDREN)`` after the starter has ended: on a loaded
machine the CPU seconds are the figure to read), and whether every proof held.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _way(way: str, n: int) -> dict:
    code = f"""
import json, os, resource, sys, time, tempfile
from pathlib import Path
sys.path.insert(0, {str(ROOT)!r})
from tests.registry import proofs
from tests import suite_runner as S
chosen = proofs()[:{n}]
tmp = Path(tempfile.mkdtemp(prefix="bench-child-"))
t = time.perf_counter()
if {way!r} == "batch":
    runs = S.run_suites(tmp, (), [p.selection() for p in chosen])
else:
    runs = [S.run_suite(tmp / str(i), *p.args, game=p.game, marks=p.selection().marks)
            for i, p in enumerate(chosen)]
wall = time.perf_counter() - t
ok = all(not p.problems(r) for p, r in zip(chosen, runs))
if S._ZYGOTE.proc is not None:
    S._ZYGOTE.proc.stdin.close()
    S._ZYGOTE.proc.wait()
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"way": {way!r}, "games": len(chosen), "wall_s": round(wall, 2),
                  "cpu_s": round(ru.ru_utime + ru.ru_stime, 2), "all_proofs_hold": ok}}))
"""
    env = dict(os.environ)
    env.pop("BACCARAT_COLD_PYTEST", None)
    if way == "cold":
        env["BACCARAT_COLD_PYTEST"] = "1"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args(argv)
    for way in ("cold", "warm", "batch"):
        print(json.dumps({**_way(way, args.games), "load_average": os.getloadavg()[0]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
