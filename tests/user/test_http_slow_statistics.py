"""The lab's HTTP road (issue 36, item 5): a server that answers slower than the read
timeout when a ``play_shoes`` request is large.

At lab depth each 200-shoe chunk went out as one ``play_shoes`` request (the byte bound
allows about 250 shoes); a busy server took longer than the read timeout to answer it
and the run ended in an adapter error after 22 minutes, the next scenario starting the
same simulation over first. Now a request is sized so that its answer is expected within
a quarter of the read timeout, from the rate the first requests show; a slow answer is
asked again as half the shoes; and a failed simulation is never started over.

The server is a real process (``tests/games/slow_server.py``: the reference game, a second a
shoe past 4 shoes a request, deal only); the read timeout is 2 s (the lab's 60 s scaled
down) so that the test takes a minute, not an hour.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from baccarat_conformance.adapters.http import HttpAdapter
from baccarat_conformance.judging.errors import GameTimeout
from baccarat_conformance.gamestats.simulate import Plan, play_chunk

from tests.games.misbehaving_servers import serve
from tests.proofs.suite_runner import REPO

SLOW = ("--fast-shoes", "4", "--seconds-per-shoe", "1.0")
READ_TIMEOUT = 2.0


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    log = tmp_path / "requests.log"
    with serve(*SLOW, "--log", str(log), module="tests.games.slow_server") as url:
        yield url, log


def _requests(log: Path) -> list[int]:
    return [int(line.split()[1]) for line in log.read_text().splitlines()] if log.exists() else []


def test_a_chunk_is_sized_by_the_rate_and_a_slow_answer_is_asked_again_smaller(slow_server):
    url, log = slow_server
    game = HttpAdapter(url, timeout=(5, READ_TIMEOUT))
    try:
        game.describe()
        plan = Plan({"decks": 8}, 8, 25, play=True, seeded=True, wagers=(("banker", None, None),),
                    audited=frozenset())
        counts = play_chunk(game, plan, 0)  # before: one request of 25 shoes, GameTimeout after 2 s
    finally:
        game.close()
    asked = _requests(log)
    assert asked[0] == 2  # the first request measures the rate
    assert any(n > 4 for n in asked), asked  # one was too large for this server: slow, and asked again
    slow = [n for n in asked if n > 4]
    big = asked.index(slow[0])
    assert asked[big + 1] <= asked[big] // 2, asked  # asked again, at most half as many, from the rate it showed
    assert sum(asked) - sum(slow) == 25, asked  # each shoe answered once; the slow answers not counted
    assert 1900 < counts.rounds < 2200  # 25 shoes of 8 decks, every one counted once


def test_a_request_of_one_shoe_that_times_out_fails_the_chunk(tmp_path: Path):
    with serve("--fast-shoes", "0", "--seconds-per-shoe", "3.0", module="tests.games.slow_server") as url:
        game = HttpAdapter(url, timeout=(5, 1.0))
        try:
            plan = Plan({"decks": 8}, 8, 3, play=True, seeded=True, wagers=(("banker", None, None),),
                        audited=frozenset())
            with pytest.raises(GameTimeout):
                play_chunk(game, plan, 0)
        finally:
            game.close()


def _documented_http_command() -> list[str]:
    text = (REPO / "docs" / "statistics.md").read_text(encoding="utf-8")
    line = next(m.group(0) for m in re.finditer(r"^baccarat-conformance run --adapter http .*-m statistics$", text,
                                                 re.MULTILINE))
    return shlex.split(line)


def test_the_documented_http_command_completes_against_a_server_slower_than_the_read_timeout(slow_server,
                                                                                           tmp_path: Path):
    url, log = slow_server
    argv = _documented_http_command()
    argv[argv.index("--url") + 1] = url
    argv[argv.index("--profile") + 1] = "full_table"  # my_rules.toml, as tests/user/test_docs_commands.py reads it
    assert argv[argv.index("--depth") + 1] == "smoke"
    at = argv.index("--")
    argv[at:at] = ["--http-timeout", f"5,{READ_TIMEOUT:g}", "--out", str(tmp_path / "out"), "--no-html",
                   "--progress", "off"]
    exe = Path(sys.executable).with_name("baccarat-conformance")
    done = subprocess.run([str(exe), *argv[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "NO_COLOR": "1"})
    results = [line for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines() if line.strip()]
    assert len(results) == 3 and all('"outcome": "passed"' in r for r in results), done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr  # manual clauses outside the selection are not selected
    assert "not selected (-m statistics)" in done.stdout
    asked = _requests(log)
    dealt = [n for n in asked if n]  # the shuffle-only requests are logged as 0 shoes dealt
    assert dealt[0] == 2 and max(dealt) < 25, asked  # before: one request of the chunk's 25 shoes, timed out
