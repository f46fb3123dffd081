"""Rounds per second through the HTTP adapter, against a bare requests loop and a
raw http.client loop on the same reference game server, in the same run.

    .venv/bin/python benchmarks/bench_http.py [--rounds 300] [--batch-rounds 10000] [--repeat 3] [--url URL]

Without ``--url`` it starts ``python -m baccarat_conformance.reference_game.server
--port 0`` on 127.0.0.1. Each single round is four requests on one keep-alive
connection (open_table, start_shoe, place_wager, deal_round); a batch is
``run_rounds`` in chunks of 2,500 rounds, as the exhaustive § 631a.11 sweep sends
them. The adapter rows include what the harness always does on top of the wire:
pydantic validation of every answer and the redacted raw-HTTP transcript. The
library adapter (in-process, no HTTP) is shown for scale. Best of ``--repeat``; the
last column is the client's own CPU time per round (the server runs in its own
process), which a busy machine does not distort the way it distorts wall time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import requests

from baccarat_conformance.adapters.http import HttpAdapter
from baccarat_conformance.adapters.http_auth import Credentials
from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import create_game

REPO = Path(__file__).resolve().parents[1]
RULES = {"variant": "baccarat", "decks": 8, "vigorish_collection": "at_payout", "vigorish_rounding": True}
STACKS = [["9C", "2D", "KH", "3S"], ["AC", "JD", "2H", "KS", "8C", "4D"], ["5C", "5D", "QH", "2S", "3C", "9D"]]
CHUNK = 2500
HEADERS = {"Content-Type": "application/json"}
WAGER = {"seat": 3, "wager_type": "player", "amount": "10.00"}


def adapter_single(game) -> Callable[[int], int]:
    def run(n: int) -> int:
        for i in range(n):
            table = game.open_table(RULES)
            game.start_shoe(table, STACKS[i % 3])
            game.place_wager(table, 3, "player", "10.00")
            game.deal_round(table)
        return 4 * n
    return run


def adapter_batch(game) -> Callable[[int], int]:
    def run(n: int) -> int:
        requests_sent = 0
        for start in range(0, n, CHUNK):
            rounds = [m.BatchRound(cards=STACKS[i % 3], wagers=[dict(WAGER)]) for i in range(start, min(n, start + CHUNK))]
            records = game.run_rounds(RULES, rounds)
            assert len(records) == len(rounds)
            requests_sent += 1
        return requests_sent
    return run


def wire_single(post: Callable[[str, dict], dict]) -> Callable[[int], int]:
    def run(n: int) -> int:
        for i in range(n):
            table = post("open_table", {"rules": RULES})["table_id"]
            post("start_shoe", {"table_id": table, "cards": STACKS[i % 3]})
            post("place_wager", {"table_id": table, "seat": 3, "wager_type": "player", "amount": "10.00"})
            record = post("deal_round", {"table_id": table})
            assert record["round_id"]
        return 4 * n
    return run


def wire_batch(post: Callable[[str, dict], dict]) -> Callable[[int], int]:
    def run(n: int) -> int:
        sent = 0
        for start in range(0, n, CHUNK):
            rounds = [{"cards": STACKS[i % 3], "wagers": [dict(WAGER)]} for i in range(start, min(n, start + CHUNK))]
            assert len(post("run_rounds", {"rules": RULES, "rounds": rounds})["records"]) == len(rounds)
            sent += 1
        return sent
    return run


def requests_poster(url: str) -> Callable[[str, dict], dict]:
    """A plain ``requests.Session`` loop (no proxy or .netrc lookups, as the adapter): no
    validation, no transcript."""
    session = requests.Session()
    session.trust_env = False

    def post(op: str, params: dict) -> dict:
        r = session.post(f"{url}/v1/{op}", data=json.dumps(params), headers=HEADERS, timeout=(5, 120))
        r.raise_for_status()
        return r.json()
    return post


def http_client_poster(url: str) -> Callable[[str, dict], dict]:
    parts = urlsplit(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = cls(parts.hostname, parts.port, timeout=120)

    def post(op: str, params: dict) -> dict:
        conn.request("POST", f"{parts.path}/v1/{op}", body=json.dumps(params).encode(), headers=HEADERS)
        response = conn.getresponse()
        body = response.read()
        if response.status != 200:
            raise RuntimeError(f"{op}: HTTP {response.status}: {body[:200]!r}")
        return json.loads(body)
    return post


def best(run: Callable[[int], int], n: int, repeat: int) -> tuple[float, int, float]:
    """(wall seconds, requests, client CPU seconds) of the fastest of ``repeat`` runs of
    ``n`` rounds. The client's CPU time does not depend on what else the machine runs."""
    results = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        sent = run(n)
        results.append((time.perf_counter() - start, sent, time.process_time() - cpu))
    return min(results)


def start_server(processes: int = 1) -> tuple[subprocess.Popen, str]:
    """The reference game's HTTP server on a free port of 127.0.0.1, on ``processes`` game
    processes (``--processes``): the process and its URL."""
    proc = subprocess.Popen([sys.executable, "-m", "baccarat_conformance.reference_game.server", "--port", "0",
                             "--processes", str(processes)],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = proc.stdout.readline().strip()  # type: ignore[union-attr]
    if not url.startswith("http"):
        proc.kill()
        raise SystemExit("the reference game server did not start")
    return proc, url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=300, help="single rounds per measurement (default 300)")
    parser.add_argument("--batch-rounds", type=int, default=10_000, help="rounds per batch measurement (default 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per row; the best is shown (default 3)")
    parser.add_argument("--url", help="benchmark this server instead of starting the reference game")
    args = parser.parse_args()

    proc, url = (None, args.url) if args.url else start_server()
    try:
        http_adapter = HttpAdapter(url, credentials=Credentials(None, (), "none"), timeout=(5, 120))
        http_adapter.describe()  # warm the connection and the capability cache
        library = LibraryAdapter(create_game())
        library.describe()
        rows = [
            ("single", "HttpAdapter", adapter_single(http_adapter), args.rounds),
            ("single", "bare requests loop", wire_single(requests_poster(url)), args.rounds),
            ("single", "raw http.client loop", wire_single(http_client_poster(url)), args.rounds),
            ("single", "LibraryAdapter (in-process)", adapter_single(library), args.rounds),
            ("batch", "HttpAdapter run_rounds", adapter_batch(http_adapter), args.batch_rounds),
            ("batch", "bare requests run_rounds", wire_batch(requests_poster(url)), args.batch_rounds),
            ("batch", "raw http.client run_rounds", wire_batch(http_client_poster(url)), args.batch_rounds),
            ("batch", "LibraryAdapter run_rounds", adapter_batch(library), args.batch_rounds),
        ]
        print(f"server {url}; best of {args.repeat}; single = 4 requests per round, batch = run_rounds "
              f"in chunks of {CHUNK}")
        header = (f"{'mode':<7} {'client':<29} {'rounds':>7} {'requests':>8} {'seconds':>8} {'rounds/s':>9} "
                  f"{'req/s':>8} {'client CPU ms/round':>20}")
        print(header)
        print("-" * len(header))
        for mode, name, run, n in rows:
            http_adapter.transcript.exchanges.clear()
            library.transcript.exchanges.clear()
            seconds, sent, cpu = best(run, n, args.repeat)
            print(f"{mode:<7} {name:<29} {n:>7} {sent:>8} {seconds:>8.3f} {n / seconds:>9.0f} {sent / seconds:>8.1f} "
                  f"{1000 * cpu / n:>20.3f}")
        http_adapter.close()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
