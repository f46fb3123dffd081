#!/usr/bin/env python3
"""Seconds of the settlement sweeps (steps/settlement_sweep.py) through the library
adapter against the reference game: plan (card classes and stakes), deal (``run_rounds``)
and judge (the oracle), per wager and profile.

    python benchmarks/bench_settlement_sweep.py [--depth smoke|standard]

The target (issue 34 item 12): at depth smoke the sweeps a ``full_table`` run adds (the
Player, Tie and Banker wagers of § 631a.13(a)—(c)) take under 10 s in all. Timings are
wall-clock on an otherwise idle machine; run it twice.
"""

from __future__ import annotations

import argparse
import time

from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.steps import settlement_sweep as S
from baccarat_conformance.steps._wager_targets import parse_target

CASES = [("full_table", "the Player's Hand", "payout"), ("full_table", "a Tie", "payout"),
         ("full_table", "the Banker's Hand", "vigorish"), ("minibaccarat_royal_9", "Royal 9", "result")]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", default="smoke", choices=["smoke", "standard"])
    args = ap.parse_args()
    print(f"{'profile':<22}{'wager':<20}{'deals':>7}{'plan s':>8}{'deal s':>8}{'judge s':>9}")
    total = {}
    for profile, wager, role in CASES:
        rs = load_profile(profile)
        rules = rs.as_rules()
        t0 = time.perf_counter()
        sweep = S.plan(rules, rs, parse_target(wager), args.depth)
        t1 = time.perf_counter()
        result = S.deal_plan(LibraryAdapter(create_game()), rules, sweep)
        t2 = time.perf_counter()
        S.judge(result, sweep, rules, rs, "bench", role)
        t3 = time.perf_counter()
        total[profile] = total.get(profile, 0.0) + t3 - t0
        print(f"{profile:<22}{wager:<20}{len(sweep):>7}{t1 - t0:>8.2f}{t2 - t1:>8.2f}{t3 - t2:>9.2f}")
    for profile, seconds in total.items():
        print(f"{profile}: {seconds:.2f} s in all")


if __name__ == "__main__":
    main()
