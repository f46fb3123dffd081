#!/usr/bin/env python3
"""Rounds per second of the exhaustive third-card sweep (58 Pa. Code § 631a.11)
through the library adapter against the reference game, and peak memory.

    python benchmarks/bench_sweep.py [--depth smoke|standard] [--chunk 2500]

Prints one table row per measurement: the game alone (no adapter), the adapter
(whole records, pydantic validation), and the adapter plus the oracle check as the
scenario does it (hands-only batches after the first). benchmarks/run.py measures
the rows of issue 18 side by side. Timings are wall-clock on an otherwise idle machine; run it twice.
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc

from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.steps.exhaustive import SweepOutcome, _check_chunk, combinations


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", default="standard", choices=["smoke", "standard"])
    ap.add_argument("--chunk", type=int, default=2500)
    args = ap.parse_args()
    rules = load_profile(None).as_rules()
    sweep = list(combinations(args.depth))
    chunks = [sweep[i:i + args.chunk] for i in range(0, len(sweep), args.chunk)]

    def game_only() -> None:
        game = create_game()
        for c in chunks:
            json.dumps(game.handle("run_rounds", {"rules": rules, "rounds": [{"cards": x} for x in c]}))

    def adapter() -> None:
        a = LibraryAdapter(create_game())
        for c in chunks:
            a.run_rounds(rules, [m.BatchRound(cards=x) for x in c])

    def scenario() -> None:  # as steps/exhaustive.py deals and judges (one slice; see benchmarks/run.py)
        a = LibraryAdapter(create_game())
        outcome = SweepOutcome()
        batches = a.run_batches(rules, [[m.BatchRound(cards=x) for x in c] for c in chunks], hands_only=True)
        for c, batch in zip(chunks, batches):
            _check_chunk(c, batch, outcome)
        assert outcome.wrong == 0

    print(f"{'measurement':<32}{'rounds':>9}{'seconds':>10}{'rounds/s':>11}{'peak MiB':>10}")
    for name, fn in [("reference game alone", game_only), ("library adapter", adapter),
                     ("adapter + oracle (the scenario)", scenario)]:
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        tracemalloc.start()  # a second, slower pass for the peak memory only
        fn()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        print(f"{name:<32}{len(sweep):>9}{dt:>10.2f}{len(sweep) / dt:>11.0f}{peak:>10.1f}")


if __name__ == "__main__":
    main()
