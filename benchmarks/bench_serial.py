"""Rounds per second over the serial adapter on a paced link, against the line's
theoretical limit for the same frames.

The device simulator runs on a pseudo-terminal with ``--pace``, so each direction
carries at most baud / 10 bytes per second (8N1), as a real RS-232 line would. For
each baud rate and compression setting the benchmark plays:

* **batch**: ``run_rounds`` with the exhaustive sweep's stacked shoes, one chunk of
  2 500 rounds as steps/exhaustive.py sends them (the bulk of a ``--depth`` run);
  uncompressed, fewer rounds (sized by ``--seconds``);
* **single**: one round the way a scenario plays it: open_table, start_shoe,
  place_wager, no_more_bets, deal_round, close_table.

and reports measured rounds per second beside the limit = baud / (bytes on the line
per round, both directions, x 10 bits). Run::

    python benchmarks/bench_serial.py                      # 115200 baud, deflate on and off
    python benchmarks/bench_serial.py --baud 9600 --baud 115200 --deflate on --json out.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from baccarat_conformance.adapters.serial import SerialAdapter, bits_per_byte  # noqa: E402
from baccarat_conformance.inputs.profile import load_profile  # noqa: E402
from baccarat_conformance.protocol import models as m  # noqa: E402
from baccarat_conformance.steps.exhaustive import CHUNK, combinations  # noqa: E402
from tests.games.serial_device import running_device  # noqa: E402

RULES = load_profile(None).as_rules()
STACK = ["8C", "7D", "KH", "QS", "2C", "3D"]


def _line_bytes(adapter: SerialAdapter) -> int:
    return adapter.stats["tx_bytes"] + adapter.stats["rx_bytes"]


def bench_batch(adapter: SerialAdapter, rounds: int) -> dict:
    sweep = list(combinations("smoke"))[:rounds]
    before = _line_bytes(adapter)
    start = time.perf_counter()
    done = 0
    for i in range(0, len(sweep), CHUNK):
        done += len(adapter.run_rounds(RULES, [m.BatchRound(cards=c) for c in sweep[i:i + CHUNK]]))
    return _result(adapter, done, time.perf_counter() - start, _line_bytes(adapter) - before)


def bench_single(adapter: SerialAdapter, rounds: int) -> dict:
    before = _line_bytes(adapter)
    start = time.perf_counter()
    for _ in range(rounds):
        table = adapter.open_table(RULES)
        adapter.start_shoe(table, STACK)
        adapter.place_wager(table, 3, "banker", "10.00")
        adapter.no_more_bets(table)
        adapter.deal_round(table)
        adapter.close_table(table)
    return _result(adapter, rounds, time.perf_counter() - start, _line_bytes(adapter) - before)


def _result(adapter: SerialAdapter, rounds: int, seconds: float, line_bytes: int) -> dict:
    per_round = line_bytes / rounds
    limit = adapter.baud / (per_round * bits_per_byte(adapter.parity, float(adapter.stopbits)))
    measured = rounds / seconds
    return {"rounds": rounds, "seconds": round(seconds, 2), "bytes_per_round": round(per_round, 1),
            "rounds_per_second": round(measured, 2), "limit_rounds_per_second": round(limit, 2),
            "efficiency": round(measured / limit, 3)}


def run(baud: int, deflate: bool, seconds: float, pace: bool, batch_rounds: int) -> dict:
    args = ["--baud", str(baud)] + (["--pace"] if pace else []) + ([] if deflate else ["--no-deflate"])
    with running_device(*args) as port:
        adapter = SerialAdapter(port, baud=baud, deflate=deflate, answer_timeout=30.0)
        try:
            adapter.describe()
            # compressed: one chunk of the sweep, as the suite sends it (compression depends on
            # the size); uncompressed: sized to take about `seconds` at the line's limit
            probe = bench_batch(adapter, 50)
            batch_n = batch_rounds if deflate else max(100, int(seconds * probe["limit_rounds_per_second"]))
            batch = bench_batch(adapter, min(batch_n, 10_000))
            probe = bench_single(adapter, 3)
            single = bench_single(adapter, max(5, int(seconds * probe["limit_rounds_per_second"])))
        finally:
            adapter.close()
    return {"baud": baud, "deflate": deflate, "paced": pace, "batch": batch, "single": single}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baud", type=int, action="append", help="baud rate (repeatable; default 115200)")
    parser.add_argument("--seconds", type=float, default=8.0, help="about how long each measurement runs")
    parser.add_argument("--no-pace", action="store_true", help="do not pace the pty (the host's own speed)")
    parser.add_argument("--deflate", choices=["on", "off", "both"], default="both")
    parser.add_argument("--batch-rounds", type=int, default=CHUNK,
                        help=f"rounds of the compressed batch measurement (default {CHUNK}, one chunk of the sweep)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    results = []
    for baud in args.baud or [115200]:
        for deflate in {"on": [True], "off": [False], "both": [True, False]}[args.deflate]:
            results.append(run(baud, deflate, args.seconds, not args.no_pace, args.batch_rounds))
            r = results[-1]
            for kind in ("batch", "single"):
                x = r[kind]
                print(f"{baud:>6} baud  deflate {'on ' if deflate else 'off'}  {kind:<6}  {x['rounds']:>6} rounds  "
                      f"{x['bytes_per_round']:>8.1f} B/round  {x['rounds_per_second']:>8.2f} rounds/s  "
                      f"limit {x['limit_rounds_per_second']:>8.2f}  ({x['efficiency']:.0%})", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
