#!/usr/bin/env python3
"""Rounds and shoes per second of the statistical verification's simulation
(gamestats/) against the reference game: in this process, on local processes, and on
a Dask LocalCluster of 2 worker processes (the ``--cluster`` route).

    python benchmarks/bench_statistics.py [--profile baccarat] [--shoes 100] [--workers 2]

Rounds are played with every wager the profile offers placed at $100 (the ``baccarat``
profile: Banker, Player, Tie, Dragon Bonus on either hand, House Money); shoes are
shuffled and disclosed only. Wall-clock timings; run it on an otherwise idle machine,
twice. docs/statistics.md quotes its figures.
"""

from __future__ import annotations

import argparse

from baccarat_conformance.gamestats.chunks import simulate
from baccarat_conformance.gamestats.simulate import GameSettings, Plan
from baccarat_conformance.oracle import par_wagers, settlement
from baccarat_conformance.profile import load_profile


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="baccarat")
    ap.add_argument("--shoes", type=int, default=100, help="played shoes (x4 shuffled-only shoes)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
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
