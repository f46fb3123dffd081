#!/usr/bin/env python3
"""Rounds and shoes per second of the statistical verification's simulation
(gamestats/) against the reference game: in this process, on local processes, and on
a Dask LocalCluster of 2 worker processes (the ``--cluster`` route).

    python benchmarks/bench_statistics.py [--profile baccarat] [--shoes 100] [--workers 2]
    python benchmarks/bench_statistics.py --depth lab --route library|http|cluster [--rounds 1e6]

Rounds are played with every wager the profile offers placed at $100 (the ``baccarat``
profile: Banker, Player, Tie, Dragon Bonus on either hand, House Money); shoes are
shuffled and disclosed only. Wall-clock timings; run it on an otherwise idle machine,
twice. docs/statistics.md quotes its figures.

``--depth`` times one whole depth of the ``@statistics`` scenarios as the steps run it
(steps/statistics.py: the shuffled shoes, then the played shoes, in chunks of
``gamestats.chunks.DEPTHS``; ``--rounds`` as ``--stats-rounds``) through one route: the
library adapter on two local processes, the HTTP adapter to a reference server process
on two local processes, or a Dask LocalCluster of two worker processes (the library
adapter in each). One JSON line: seconds, rounds, shoes, the load average.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
from typing import Any, Optional

from proc_tree import tree_cpu  # benchmarks/ is the script's folder

from baccarat_conformance.gamestats.chunks import simulate
from baccarat_conformance.gamestats.simulate import GameSettings, Plan
from baccarat_conformance.oracle import par_wagers, settlement
from baccarat_conformance.inputs.profile import load_profile


def plans(profile: str, shoes: int) -> tuple[Plan, Plan]:
    rs = load_profile(profile)
    rules = rs.as_rules()
    wagers = tuple((m.wager, m.hand, m.option) for m in par_wagers.models(rules) if m.engine is not None)
    audited = frozenset(w for w, _, _ in wagers if settlement.settler_for(w, rs) is not None)
    return (Plan(rules, 1, shoes * 4), Plan(rules, 2, shoes // 4 or 1, play=True, wagers=wagers, audited=audited))


def row(where: str, what: str, out) -> None:
    rate = out.rounds_per_second if what == "rounds" else out.shoes_per_second
    n = out.counts.rounds if what == "rounds" else out.counts.shoes
    print(f"| {where:<28} | {what:<6} | {n:>8} | {out.seconds:>7.1f} | {rate:>9.0f} |")


def depth_run(depth: str, route: str, rounds: Optional[int], profile: str, server_processes: int = 2) -> None:
    """One whole depth through ``route`` (see the module's docstring)."""
    import json
    import math
    import os
    import subprocess
    import sys
    import time

    from baccarat_conformance.gamestats.chunks import DEPTHS, played_shoes, shoes_for_rounds

    d = DEPTHS[depth]
    shuffles, plays = plans(profile, 4)
    decks = int(shuffles.rules.get("decks", 8))
    played = shoes_for_rounds(rounds, decks) if rounds else played_shoes(d, decks)
    shuffles = dataclasses.replace(shuffles, run_seed=1, shoes=d.chunk_shoes)
    plays = dataclasses.replace(plays, run_seed=1 + 7_919, shoes=d.chunk_shoes)
    proc = None
    settings = GameSettings()
    cluster: Any = None
    stack = contextlib.ExitStack()
    if route == "http":
        proc = subprocess.Popen([sys.executable, "-m", "baccarat_conformance.reference_game.server", "--port", "0",
                                 "--processes", str(server_processes)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        settings = GameSettings("http", url=proc.stdout.readline().strip())  # type: ignore[union-attr]
    elif route == "cluster":
        from distributed import Client, LocalCluster

        local = stack.enter_context(LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                                 dashboard_address=None))
        cluster = stack.enter_context(Client(local))
    load = os.getloadavg()
    cpu = tree_cpu()
    try:
        start = time.perf_counter()
        shuffled = simulate(settings, shuffles, math.ceil(d.shuffle_shoes / d.chunk_shoes), cluster=cluster)
        middle = time.perf_counter()
        dealt = simulate(settings, plays, math.ceil(played / d.chunk_shoes), cluster=cluster)
        end = time.perf_counter()
        cpu = tree_cpu() - cpu  # every process: this one, its workers, the server and its game processes
    finally:
        stack.close()
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)
    print(json.dumps({"depth": depth, "route": route, "where": dealt.where, "shuffled_shoes": shuffled.counts.shoes,
                      "shuffle_seconds": round(middle - start, 1), "played_shoes": played,
                      "rounds": dealt.counts.rounds, "rounds_seconds": round(end - middle, 1),
                      "rounds_per_second": round(dealt.counts.rounds / (end - middle)),
                      "seconds": round(end - start, 1), "cpu_s": round(cpu, 1),
                      "server_processes": server_processes if route == "http" else None,
                      "load_average_before": [round(x, 2) for x in load],
                      "load_average_after": [round(x, 2) for x in os.getloadavg()],
                      "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", choices=("smoke", "standard", "lab"), help="time one whole depth (see above)")
    ap.add_argument("--route", choices=("library", "http", "cluster"), default="library")
    ap.add_argument("--rounds", type=float, help="rounds to deal instead of the depth's (as --stats-rounds)")
    ap.add_argument("--profile", default="baccarat")
    ap.add_argument("--shoes", type=int, default=100, help="played shoes (x4 shuffled-only shoes)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--server-processes", type=int, default=2, help="--route http: game processes of the reference "
                    "server (serve-reference --processes; default 2)")
    args = ap.parse_args()
    if args.depth:
        depth_run(args.depth, args.route, int(args.rounds) if args.rounds else None, args.profile,
                  args.server_processes)
        return
    shuffles, plays = plans(args.profile, args.shoes)
    chunks = 4
    print("| where | what | count | seconds | per second |\n|---|---|---|---|---|")
    for workers in (1, args.workers):
        row(f"{workers} local process(es)", "shoes", simulate(GameSettings(), shuffles, chunks, workers=workers))
        row(f"{workers} local process(es)", "rounds", simulate(GameSettings(), plays, chunks, workers=workers))
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("(dask distributed not installed: pip install 'baccarat-conformance[cluster]')")
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        simulate(GameSettings(), shuffles, 2, cluster=client)  # warm the workers' imports
        row("LocalCluster, 2 workers", "shoes", simulate(GameSettings(), shuffles, chunks, cluster=client))
        row("LocalCluster, 2 workers", "rounds", simulate(GameSettings(), plays, chunks, cluster=client))


if __name__ == "__main__":
    main()
