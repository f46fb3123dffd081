#!/usr/bin/env python3
"""Every row of issue 18's table against its comparator, measured side by side in one
run, one JSON line per row (docs/performance.md records the figures)::

    .venv/bin/python benchmarks/run.py                      # every row, standard depth
    .venv/bin/python benchmarks/run.py --row sweep --repeat 3
    .venv/bin/python benchmarks/run.py --depth smoke        # a quick look

Rows (``--row``, repeatable):

``sweep``
    the 10^5-deal § 631a.11 sweep through the library adapter exactly as the scenario
    deals and judges it (``steps.exhaustive._deal``, its ten slices in one process, then
    over two worker processes as ``-n 2`` spreads them), against the reference game alone
    answering the same ``run_rounds`` requests in one process. Goal: ``cpu_ratio`` <= 1.25.
``http``
    ``run_rounds`` in the sweep's chunks (200, then 2,500 rounds) through the HTTP adapter
    (``run_batches``: whole records, a wager in every round), against a bare
    ``requests.Session`` loop (``trust_env=False``) posting the same requests to the same
    reference server; and a single round (four requests) each way. Goals: the rate >= 0.9x
    the bare loop's, the client's CPU <= 1.5x; the server's CPU beside.
``statistics``
    the statistics' played shoes (gamestats/: every wager the ``baccarat`` profile offers,
    settlement audit on) in chunks over two worker processes, through the library adapter,
    through the HTTP adapter to the reference server on ``--server-processes`` game
    processes (``play_shoes``, protocol 1.3), and one operation at a time through the
    library adapter, against the reference game alone playing the same shoes in the same
    chunks on two processes. Goal: HTTP >= 0.9x the library adapter's rate.
``serial``
    a chunk of the sweep over the serial adapter at 115200 baud on a paced
    pseudo-terminal, whole records and hands-only: bytes per round and the fraction of
    the line rate reached.

Each row is the best of ``--repeat`` alternating runs of the measure and its comparator,
so a loaded machine slows both alike; ratios are the figures to read. ``cpu_s`` is the CPU
of every process of the side (:func:`tree_cpu`), ``load_average`` the lowest and highest
one-minute load average seen during the row.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

from baccarat_conformance.adapters.library import LibraryAdapter  # noqa: E402
from baccarat_conformance.inputs.profile import load_profile  # noqa: E402
from baccarat_conformance.protocol import models as m  # noqa: E402
from baccarat_conformance.reference_game import create_game  # noqa: E402
from baccarat_conformance.steps import exhaustive as sweep_steps  # noqa: E402

from proc_tree import load, tree_cpu  # noqa: E402  (benchmarks/ is the script's folder)

RULES = load_profile(None).as_rules()


def emit(row: str, **fields: Any) -> None:
    print(json.dumps({"row": row, **fields}), flush=True)


def best(fn: Callable[[], Any], repeat: int, server: Optional[int] = None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds of this side's processes, CPU seconds of the ``server``
    process tree) of the fastest of ``repeat`` runs (by CPU: what load does not move)."""
    runs = []
    for _ in range(repeat):
        other = tree_cpu(server) if server else 0.0
        wall, cpu = time.perf_counter(), tree_cpu(exclude=(server,) if server else ())
        fn()
        runs.append((time.perf_counter() - wall, tree_cpu(exclude=(server,) if server else ()) - cpu,
                     (tree_cpu(server) - other) if server else 0.0))
    return min(runs, key=lambda r: r[1])


def side_by_side(fns: dict[str, Callable[[], Any]], repeat: int,
                 server: Optional[int] = None) -> dict[str, tuple[float, float, float]]:
    """Each of ``fns`` run ``repeat`` times, alternating; for each the fastest wall time
    and the least CPU (this side's processes; the server's apart), and the load average
    seen (``"load"``: [lowest, highest])."""
    out: dict[str, tuple[float, float, float]] = {}
    loads = [load()]
    for _ in range(repeat):
        for name, fn in fns.items():
            w, c, o = best(fn, 1, server)
            was = out.get(name, (w, c, o))
            out[name] = (min(was[0], w), min(was[1], c), min(was[2], o))
            loads.append(load())
    out["load"] = (min(loads), max(loads), 0.0)  # type: ignore[assignment]
    return out


# ---------------------------------------------------------------------------- sweep
def _slices(depth: str) -> list[Optional[int]]:
    return [None] if depth == "smoke" else list(range(10))


def _chunks(depth: str, first: Optional[int]) -> list[list[list[str]]]:
    return sweep_steps.chunked(list(sweep_steps.combinations(depth, first)))


def sweep_slice(args: tuple[str, Optional[int]]) -> int:
    """One slice of the sweep as the scenario deals and judges it; returns the rounds."""
    depth, first = args
    adapter = LibraryAdapter(create_game())
    outcome = sweep_steps.SweepOutcome()
    shoes = list(sweep_steps.combinations(depth, first))  # the scenario's Given step
    with sweep_steps._long_lived_frozen():  # noqa: SLF001 - the scenario's When step
        sweep_steps._deal(adapter, RULES, shoes, outcome)  # noqa: SLF001
    assert outcome.rounds == len(shoes) and outcome.wrong == 0 and outcome.void == 0, outcome
    adapter.close()
    return outcome.rounds


def game_alone(depth: str, hands_only: bool) -> int:
    """The reference game answering the sweep's requests, nothing else."""
    game, rounds = create_game(), 0
    for first in _slices(depth):
        for i, chunk in enumerate(_chunks(depth, first)):
            params = {"rules": RULES, "rounds": [{"cards": c} for c in chunk]}
            if hands_only and i > 0:
                params["hands_only"] = True
            rounds += len(game.handle("run_rounds", params)["records"])
    return rounds


def bench_sweep(depth: str, repeat: int) -> None:
    slices = [(depth, first) for first in _slices(depth)]
    rounds = game_alone(depth, True)
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(sweep_slice, slices[:2])  # warm both workers
        t = side_by_side({
            "sweep_1": lambda: [sweep_slice(s) for s in slices],
            "sweep_2": lambda: pool.map(sweep_slice, slices, chunksize=1),
            "game": lambda: game_alone(depth, True),
            "game_whole": lambda: game_alone(depth, False),
        }, repeat)
    game, low_high = t["game"], list(t["load"][:2])
    emit("sweep_library", depth=depth, rounds=rounds, workers=1, seconds=round(t["sweep_1"][0], 2),
         cpu_s=round(t["sweep_1"][1], 2), rounds_per_second=round(rounds / t["sweep_1"][0]),
         comparator="reference game alone, same requests, one process", comparator_seconds=round(game[0], 2),
         comparator_cpu_s=round(game[1], 2), cpu_ratio=round(t["sweep_1"][1] / game[1], 2), goal_cpu_ratio=1.25,
         wall_ratio=round(t["sweep_1"][0] / game[0], 2), whole_records_game_cpu_s=round(t["game_whole"][1], 2),
         load_average=low_high)
    emit("sweep_library_n2", depth=depth, rounds=rounds, workers=2, seconds=round(t["sweep_2"][0], 2),
         cpu_s=round(t["sweep_2"][1], 2), rounds_per_second=round(rounds / t["sweep_2"][0]), goal_seconds=5.0,
         comparator="reference game alone, same requests, one process", comparator_cpu_s=round(game[1], 2),
         cpu_ratio=round(t["sweep_2"][1] / game[1], 2), load_average=low_high)


# ---------------------------------------------------------------------------- http
def bench_http(batch_rounds: int, single_rounds: int, repeat: int) -> None:
    import bench_http as bh

    from baccarat_conformance.adapters.http import HttpAdapter
    from baccarat_conformance.adapters.http_auth import Credentials

    proc, url = bh.start_server()
    try:
        adapter = HttpAdapter(url, credentials=Credentials(None, (), "none"), timeout=(5, 120))
        adapter.describe()
        bare = bh.requests_poster(url)

        # the chunks the sweep sends (steps/exhaustive.py): a first batch of FIRST_CHUNK rounds,
        # validated whole, then CHUNK rounds each; a wager in every round, whole records asked
        sizes = [sweep_steps.FIRST_CHUNK] + [sweep_steps.CHUNK] * ((batch_rounds - sweep_steps.FIRST_CHUNK)
                                                                   // sweep_steps.CHUNK)
        stacks = [[bh.STACKS[i % 3] for i in range(n)] for n in sizes]
        rounds = sum(sizes)

        def adapter_batches() -> None:
            chunks = [[m.BatchRound(cards=c, wagers=[dict(bh.WAGER)]) for c in chunk] for chunk in stacks]
            assert sum(len(b.hands) for b in adapter.run_batches(bh.RULES, chunks)) == rounds
            adapter.transcript.exchanges.clear()

        def bare_batches() -> None:
            for chunk in stacks:
                sent = {"rules": bh.RULES, "rounds": [{"cards": c, "wagers": [dict(bh.WAGER)]} for c in chunk]}
                assert len(bare("run_rounds", sent)["records"]) == len(chunk)

        frozen = sweep_steps._long_lived_frozen  # noqa: SLF001 - as the sweep sends its batches, for both

        def in_sweep(fn: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                with frozen():
                    fn()
            return run

        t = side_by_side({"adapter": in_sweep(adapter_batches), "bare": in_sweep(bare_batches)}, repeat,
                         server=proc.pid)
        a, b = rounds / t["adapter"][0], rounds / t["bare"][0]
        emit("http_batch", rounds=rounds, rounds_per_second=round(a), comparator="bare requests.Session loop "
             "(trust_env=False), same server, same requests", comparator_rounds_per_second=round(b),
             ratio=round(a / b, 2), goal_ratio=0.9, client_cpu_s=round(t["adapter"][1], 2),
             comparator_client_cpu_s=round(t["bare"][1], 2), client_cpu_ratio=round(t["adapter"][1] / t["bare"][1], 2),
             goal_client_cpu_ratio=1.5, server_cpu_s=[round(t["adapter"][2], 2), round(t["bare"][2], 2)],
             load_average=list(t["load"][:2]))
        t = side_by_side({"adapter": lambda: bh.adapter_single(adapter)(single_rounds),
                          "bare": lambda: bh.wire_single(bare)(single_rounds)}, repeat, server=proc.pid)
        a, b = single_rounds / t["adapter"][0], single_rounds / t["bare"][0]
        emit("http_single", rounds=single_rounds, rounds_per_second=round(a), comparator="bare requests.Session "
             "loop (trust_env=False)", comparator_rounds_per_second=round(b), ratio=round(a / b, 2),
             client_cpu_ratio=round(t["adapter"][1] / t["bare"][1], 2), load_average=list(t["load"][:2]))
        adapter.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# ---------------------------------------------------------------------------- statistics
def _stats_plan(shoes: int) -> Any:
    """The played shoes of benchmarks/bench_statistics.py, ``shoes`` a chunk."""
    import dataclasses

    import bench_statistics

    return dataclasses.replace(bench_statistics.plans("baccarat", 4)[1], shoes=shoes)


def stats_game_alone(args: tuple[Any, int]) -> int:
    """The reference game alone playing chunk ``index`` of ``plan`` in process: the
    ``play_shoes`` requests the chunk sends, answered, nothing read. Returns the rounds."""
    from baccarat_conformance.gamestats.simulate import seat_plan, shoe_seed, stake_for

    plan, index = args
    game = create_game()
    table = game.handle("open_table", {"rules": plan.rules, "test_mode": False})["table_id"]
    wagers = [{"seat": seat, "wager_type": key[0], "amount": str(stake_for(plan.rules, key[0])),
               **({"hand": key[1]} if key[1] else {}), **({"option": key[2]} if key[2] else {})}
              for seat, key in seat_plan(plan.wagers, int(plan.rules.get("table_positions", 14)))]
    seeds = [shoe_seed(plan.run_seed, index, i) for i in range(plan.shoes)]
    answer = game.handle("play_shoes", {"table_id": table, "shoes": plan.shoes, "seeds": seeds, "wagers": wagers})
    return sum(len(shoe["rounds"]) for shoe in answer["shoes"])


def bench_statistics(shoes: int, chunks: int, repeat: int, processes: int) -> None:
    """The statistics' played shoes over two local worker processes (as a run deals them),
    through the library adapter and through the HTTP adapter to the reference server
    serving on ``processes`` game processes, one operation at a time through the library
    adapter, and the reference game alone playing the same shoes in the same chunks on
    two processes: wall time and CPU of every process of each side (the harness, its
    workers, the server and its game processes), alternately."""
    import bench_http as bh

    from baccarat_conformance.gamestats.chunks import simulate
    from baccarat_conformance.gamestats.simulate import GameSettings

    plan = _stats_plan(shoes // chunks)
    jobs = [(plan, i) for i in range(chunks)]
    proc, url = bh.start_server(processes)
    rounds: dict[str, int] = {}

    def run(name: str, settings: Any, pool: Any = None) -> Callable[[], None]:
        def go() -> None:
            if pool is not None:
                rounds[name] = sum(pool.map(stats_game_alone, jobs, chunksize=1))
            else:
                rounds[name] = simulate(settings, plan, chunks, workers=2).counts.rounds
        return go

    try:
        with multiprocessing.get_context("fork").Pool(2) as pool:
            pool.map(stats_game_alone, jobs[:2])  # warm both workers
            t = side_by_side({
                "game_2": run("game_2", None, pool),
                "library": run("library", GameSettings()),
                "http": run("http", GameSettings("http", url=url)),
                "single": run("single", GameSettings(batch=False)),
            }, repeat)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert len(set(rounds.values())) == 1, rounds
    n, loads = rounds["library"], list(t["load"][:2])
    wall = {k: v[0] for k, v in t.items() if k != "load"}
    cpu = {k: v[1] for k, v in t.items() if k != "load"}
    emit("statistics_library", rounds=n, shoes=plan.shoes * chunks, chunks=chunks, workers=2,
         seconds=round(wall["library"], 2), cpu_s=round(cpu["library"], 2), rounds_per_second=round(n / wall["library"]),
         rounds_per_cpu_second=round(n / cpu["library"]),
         comparator="reference game alone playing the same shoes in the same chunks, 2 processes",
         comparator_seconds=round(wall["game_2"], 2), comparator_cpu_s=round(cpu["game_2"], 2),
         cpu_ratio=round(cpu["library"] / cpu["game_2"], 2), wall_ratio=round(wall["library"] / wall["game_2"], 2),
         load_average=loads)
    emit("statistics_http", rounds=n, shoes=plan.shoes * chunks, chunks=chunks, workers=2,
         server_processes=processes, seconds=round(wall["http"], 2), cpu_s=round(cpu["http"], 2),
         rounds_per_second=round(n / wall["http"]), rounds_per_cpu_second=round(n / cpu["http"]),
         comparator="the library adapter, same shoes", comparator_seconds=round(wall["library"], 2),
         comparator_cpu_s=round(cpu["library"], 2), rate_ratio=round(wall["library"] / wall["http"], 2),
         goal_rate_ratio=0.9, cpu_ratio=round(cpu["http"] / cpu["library"], 2), load_average=loads)
    emit("statistics_single_operations", rounds=n, workers=2, seconds=round(wall["single"], 2),
         cpu_s=round(cpu["single"], 2), rounds_per_cpu_second=round(n / cpu["single"]),
         comparator="the library adapter with play_shoes", comparator_cpu_s=round(cpu["library"], 2),
         cpu_ratio=round(cpu["single"] / cpu["library"], 2), load_average=loads)


# ---------------------------------------------------------------------------- serial
def bench_serial(rounds: int) -> None:
    from bench_serial import _result

    from baccarat_conformance.adapters.serial import SerialAdapter
    from tests.games.serial_device import running_device

    shoes = list(sweep_steps.combinations("smoke"))
    with running_device("--baud", "115200", "--pace", "--no-deflate") as port:
        adapter = SerialAdapter(port, baud=115200, deflate=False, answer_timeout=60.0)
        try:
            adapter.describe()
            rounds_sent = [m.BatchRound(cards=c) for c in shoes[:rounds]]
            for hands_only in (False, True):
                before = adapter.stats["tx_bytes"] + adapter.stats["rx_bytes"]
                start = time.perf_counter()
                done = _serial_hands(adapter, rounds_sent) if hands_only else len(adapter.run_rounds(RULES, rounds_sent))
                line = adapter.stats["tx_bytes"] + adapter.stats["rx_bytes"] - before
                r = _result(adapter, done, time.perf_counter() - start, line)
                emit("serial_batch", baud=115200, records="hands-only" if hands_only else "whole", **r)
        finally:
            adapter.close()


def _serial_hands(adapter: Any, rounds: list[m.BatchRound]) -> int:
    """One hands-only ``run_rounds`` (a sweep's later batches), read as the sweep reads it."""
    pending = adapter.begin("run_rounds", m.RunRoundsParams(rules=RULES, rounds=rounds, hands_only=True))
    return len(adapter.validated(pending, adapter.answer(pending), m.RunRoundsRead).records)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--row", action="append", choices=["sweep", "http", "statistics", "serial"])
    parser.add_argument("--depth", default="standard", choices=["smoke", "standard"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--batch-rounds", type=int, default=20_500)
    parser.add_argument("--single-rounds", type=int, default=300)
    parser.add_argument("--serial-rounds", type=int, default=300)
    parser.add_argument("--stats-shoes", type=int, default=200, help="played shoes of the statistics row (default "
                        "200, about 16,000 rounds, in 4 chunks)")
    parser.add_argument("--stats-chunks", type=int, default=4, help="chunks of the statistics row (default 4)")
    parser.add_argument("--server-processes", type=int, default=2, help="game processes of the reference server "
                        "of the statistics row (serve-reference --processes; default 2)")
    args = parser.parse_args()
    emit("machine", python=platform.python_version(), cpus=os.cpu_count(), platform=platform.platform(),
         load_average=[round(x, 2) for x in os.getloadavg()], date=time.strftime("%Y-%m-%d %H:%M:%S UTC",
                                                                                    time.gmtime()))
    rows = args.row or ["sweep", "http", "statistics", "serial"]
    if "sweep" in rows:
        bench_sweep(args.depth, args.repeat)
    if "http" in rows:
        bench_http(args.batch_rounds, args.single_rounds, args.repeat)
    if "statistics" in rows:
        bench_statistics(args.stats_shoes, args.stats_chunks, args.repeat, args.server_processes)
    if "serial" in rows:
        bench_serial(args.serial_rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
