"""``serve-reference --http PORT --processes N`` (reference_game/server.py, ``GameProcesses``):
concurrent tables are served in parallel by N game processes behind one HTTP server, each
table on the process with the fewest open tables; table, shoe, wager and round ids are
unique across the processes; a game whose ids are not is refused at the table it
duplicates; stopping the server stops its game processes. Real server processes on
127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Iterator

import psutil

from baccarat_conformance.reference_game import ReferenceGame

from tests.games.misbehaving_servers import stop

REPO = Path(__file__).resolve().parents[2]
RULES = {"variant": "baccarat", "decks": 8}


class NotNumbered(ReferenceGame):
    """A game without ``number_ids``: every process numbers its tables from T1."""

    number_ids = None  # type: ignore[assignment]


def not_numbered() -> NotNumbered:
    return NotNumbered()


@contextlib.contextmanager
def serving(*args: str) -> Iterator[tuple[str, subprocess.Popen]]:
    proc = subprocess.Popen([sys.executable, "-m", "baccarat_conformance", "serve-reference", "--http", "0", *args],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)  # type: ignore
        reader.start()
        reader.join(60)
        assert line and line[0].startswith("http://127.0.0.1:"), f"no URL: {proc.poll()}"
        yield line[0].strip(), proc
    finally:
        stop(proc)


def post(url: str, op: str, params: dict) -> dict:
    request = urllib.request.Request(f"{url}/v1/{op}", data=json.dumps(params).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as e:
        return json.load(e)


def games(proc: subprocess.Popen) -> list[psutil.Process]:
    return [p for p in psutil.Process(proc.pid).children() if "spawn_main" in " ".join(p.cmdline())
            and "resource_tracker" not in " ".join(p.cmdline())]


def cpu(p: psutil.Process) -> float:
    t = p.cpu_times()
    return t.user + t.system


def test_concurrent_tables_play_in_parallel_on_the_game_processes_with_unique_ids():
    with serving("--processes", "2") as (url, proc):
        tables = [post(url, "open_table", {"rules": RULES, "test_mode": False})["table_id"] for _ in range(4)]
        assert len(set(tables)) == 4, tables
        workers = games(proc)
        assert len(workers) == 2, workers
        before = [cpu(p) for p in workers]
        answers: dict[str, dict] = {}

        def play(table: str) -> None:
            answers[table] = post(url, "play_shoes", {"table_id": table, "shoes": 60, "seeds": list(range(60)),
                                                      "wagers": [{"seat": 1, "wager_type": "player",
                                                                  "amount": "10.00"}]})

        threads = [threading.Thread(target=play, args=(t,)) for t in tables[:2]]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        spent = [cpu(p) - b for p, b in zip(workers, before)]
        # the two tables were opened first, on different processes: each process dealt a table's
        # shoes (60 of them, about 0.2 s of CPU; 20 gave 0.05 s, at the bound, on a busy machine)
        assert all(s > 0.05 for s in spent), spent
        rounds = [r["round_id"] for a in answers.values() for shoe in a["shoes"] for r in shoe["rounds"]]
        shoes = [shoe["shoe_id"] for a in answers.values() for shoe in a["shoes"]]
        assert rounds and len(set(rounds)) == len(rounds), "round ids repeat across the processes"
        assert len(set(shoes)) == len(shoes) == 120
        # a table is answered by the process that opened it: the same table, its own next shoe
        assert post(url, "start_shoe", {"table_id": tables[3], "seed": 5})["shoe_id"].startswith(f"{tables[3]}-S")
        assert post(url, "close_table", {"table_id": tables[3]}) is not None
        assert post(url, "start_shoe", {"table_id": tables[3]})["error"]["code"] == "invalid_request"
        batch = post(url, "run_rounds", {"rules": RULES, "rounds": [{"cards": ["9C", "2D", "KH", "3S"]}] * 3})
        assert len(batch["records"]) == 3
    assert all(not p.is_running() or p.status() == psutil.STATUS_ZOMBIE for p in workers), "game processes left"


def test_a_table_id_two_processes_both_give_is_an_internal_error_naming_it():
    with serving("--processes", "2", "--game", "tests.user.test_server_processes:not_numbered") as (url, _):
        first = post(url, "open_table", {"rules": RULES})
        second = post(url, "open_table", {"rules": RULES})
    assert first == {"table_id": "T1"}
    assert second["error"]["code"] == "internal" and "'T1'" in second["error"]["message"], second
    assert "--processes 1" in second["error"]["message"]


def test_one_process_is_the_default():
    with serving() as (_, proc):
        assert games(proc) == []
