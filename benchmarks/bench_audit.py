"""Rounds judged per second per core by the field audit (``baccarat-conformance audit``).

    .venv/bin/python benchmarks/bench_audit.py [--rounds 200000] [--repeat 2]

Two recordings of the reference game (``record``), each replicated to ``--rounds``
rounds with fresh shoe and round ids (so that no round is a repeat): the 631a core (the
``baccarat`` profile, Banker, Player and Tie wagers at three seats, every event
recorded) and the side wagers (``full_table``: every wager its par sheet lists). Each is
audited by one process (:func:`baccarat_conformance.audit.engine.audit_partition`: read,
validate, judge, count) and, split into two files, by two local processes
(:func:`~baccarat_conformance.audit.engine.run_partitions`). Figures: rounds per CPU
second of the judging process (per core: what a loaded machine does not distort), wall
rounds per second, and the peak resident memory of a fresh process auditing N and 2N
rounds (flat memory: the same peak). Issue 35's goal: >= 20,000 rounds/s per core for
the 631a core.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from baccarat_conformance.audit.engine import Task, audit_partition, run_partitions
from baccarat_conformance.audit.recorder import record_rounds

AS_OF = "2026-01-10"


def replicate(src: Path, dst: Path, n: int, parts: int = 1) -> list[Path]:
    lines = [json.loads(x) for x in src.read_text().splitlines()]
    outs = [dst.with_name(f"{dst.stem}-{i}.jsonl") for i in range(parts)]
    handles = [open(p, "w") for p in outs]
    for k in range(n):
        x = dict(lines[k % len(lines)])
        rep = k // len(lines)
        x["shoe_id"], x["round_id"] = f"{x['shoe_id']}-{rep}", f"{x['round_id']}-{rep}"
        handles[k % parts].write(json.dumps(x, separators=(",", ":")) + "\n")
    for h in handles:
        h.close()
    return outs


def peak_rss(path: Path, profile: str) -> int:
    """KiB: the peak resident memory of a fresh process auditing ``path``."""
    code = ("import resource,sys; from baccarat_conformance.audit.engine import Task, audit_partition; "
            f"audit_partition(Task(sys.argv[1], {profile!r}, as_of={AS_OF!r})); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    return int(subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                              check=True).stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-audit-") as tmp:
        root = Path(tmp)
        for row, profile, wagers in (("631a_core", "baccarat", ["banker", "player", "tie"]),
                                     ("side_wagers", "full_table", None)):
            rec = root / f"{row}.jsonl"
            record_rounds(rec, profile=profile, shoes=4, seed=11, wagers=wagers)
            one = replicate(rec, root / f"{row}-all", args.rounds)[0]
            two = replicate(rec, root / f"{row}-split", args.rounds, parts=2)
            audit_partition(Task(str(rec), profile, as_of=AS_OF))  # warm: imports, corpus, settlers
            best_cpu = best_wall = None
            for _ in range(args.repeat):
                wall, cpu = time.perf_counter(), time.process_time()
                tally = audit_partition(Task(str(one), profile, as_of=AS_OF))
                w, c = time.perf_counter() - wall, time.process_time() - cpu
                assert tally.rounds == args.rounds and not tally.failed and not tally.bad, tally.figures()["failed"]
                best_cpu, best_wall = min(best_cpu or c, c), min(best_wall or w, w)
            wall = time.perf_counter()
            merged = run_partitions([Task(str(p), profile, as_of=AS_OF) for p in two], workers=2)
            pool = time.perf_counter() - wall
            assert merged.rounds == args.rounds
            half = replicate(rec, root / f"{row}-half", args.rounds // 2)[0]
            print(json.dumps({"row": row, "rounds": args.rounds, "bytes_per_round": one.stat().st_size // args.rounds,
                              "rounds_per_cpu_second": round(args.rounds / best_cpu),
                              "rounds_per_wall_second_1_process": round(args.rounds / best_wall),
                              "rounds_per_wall_second_2_processes": round(args.rounds / pool),
                              "peak_rss_kib_half": peak_rss(half, profile), "peak_rss_kib_all": peak_rss(one, profile),
                              "goal_rounds_per_cpu_second": 20_000 if row == "631a_core" else None}), flush=True)


if __name__ == "__main__":
    main()
