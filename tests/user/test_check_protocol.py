"""``baccarat-conformance check-protocol`` and ``serve-reference``: the reference game
passes the check in process, over a real HTTP server process and over a real serial
pty started by ``serve-reference``; misbehaving games fail it, each problem naming the
operation, the field and the section of docs/protocol.md."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from baccarat_conformance.run.check_protocol import SECTIONS, iter_sections
from baccarat_conformance.cli import build_parser, main
from baccarat_conformance.protocol.models import PROTOCOL_VERSION

from tests.games.misbehaving_servers import serve, stop

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def check(capsys, *args: str) -> tuple[int, list[str]]:
    status = main(["check-protocol", *args])
    out = capsys.readouterr().out
    return status, [line for line in out.splitlines() if line]


def anchors(text: str) -> set[str]:
    """GitHub's anchors of the headings of a markdown text."""
    found, fenced = set(), False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def test_every_section_named_is_a_heading_of_protocol_md():
    assert set(iter_sections()) <= anchors(DOC.read_text(encoding="utf-8"))


def test_the_adapter_options_are_those_of_a_run():
    text = build_parser().parse_args(["check-protocol", "--adapter", "http", "--url", "http://x",
                                      "--http-timeout", "5", "--profile", "ez_baccarat"])
    assert (text.adapter, text.url, text.profile) == ("http", "http://x", "ez_baccarat")
    helptext = subprocess.run([sys.executable, "-m", "baccarat_conformance", "check-protocol", "--help"],
                              capture_output=True, text=True, check=True).stdout
    for flag in ("--adapter", "--game", "--profile", "--url", "--port", "--baud", "--operation-timeout"):
        assert flag in helptext


@pytest.mark.parametrize("profile", ["baccarat", "ez_baccarat", "rising_phoenix", "full_table"])
def test_the_reference_game_passes_in_process(capsys, profile):
    status, problems = check(capsys, "--profile", profile)
    assert (status, problems) == (0, [])


@pytest.mark.parametrize("game, words, section", [
    ("float_money", "answer.wagers[0].paid", SECTIONS["wagers"]),
    ("missing_field", "answer.cards: Field required", SECTIONS["deal_round"]),
    ("not_json", "not JSON-compatible", SECTIONS["deal_round"]),
])
def test_a_misbehaving_library_game_fails_naming_the_section(capsys, game, words, section):
    status, problems = check(capsys, "--game", f"tests.games.misbehaving_games:{game}")
    assert status == 3
    assert any(p.startswith("deal_round: ") and words in p and p.endswith(f"(see docs/protocol.md#{section})")
               for p in problems), problems
    assert all(re.match(r"^[a-z_]+: answer[\w.\[\]]*: ", p) for p in problems), problems


@pytest.mark.parametrize("game, problem", [
    ("per_meter_capability", "describe: answer.capabilities: not capability names: 'progressive.heavenly_9' "
                             "(see docs/protocol.md#capabilities)"),
    ("own_event_type", "deal_round: answer.events: unknown event type(s) payout (a game's own start with x_) "
                       "(see docs/protocol.md#events)"),
    ("forgets_a_wager", "deal_round: answer.wagers: no settlement for wager(s) W{n} "
                        "(see docs/protocol.md#settlement-of-a-wager)"),
    ("accepts_zero_wagers", "place_wager: answer: a wager of $0.00: expected an error object with code "
                            "'invalid_request', got {\"accepted\": true, \"wager_id\": \"W0\", \"reason\": null} "
                            "(see docs/protocol.md#errors)"),
    ("late_wagers", "place_wager: answer.accepted: a wager after \"no more bets\" (§ 631a.8(c)): expected false, "
                    "got true (see docs/protocol.md#place_wager)"),
    ("short_batch", "run_rounds: answer.records: 2 rounds asked, 1 records (see docs/protocol.md#run_rounds)"),
])
def test_each_check_names_its_game_and_section(capsys, game, problem):
    status, problems = check(capsys, "--game", f"tests.games.misbehaving_games:{game}")
    assert status == 3
    assert any(re.fullmatch(re.escape(problem).replace(r"\{n\}", r"\d+"), p) for p in problems), problems


def test_a_game_that_crashes_fails_naming_the_operation(capsys):
    # Crashes raises from every third deal_round of the process: one of the conversation's four
    status, problems = check(capsys, "--game", "tests.games.misbehaving_games:crashes")
    assert status == 3
    crashed = [p for p in problems if "GameCrash" in p and "simulated crash in the game" in p]
    assert crashed, problems
    for p in crashed:
        op = p.split(":")[0]
        assert op in ("deal_round", "run_rounds") and p.endswith(f"(see docs/protocol.md#{SECTIONS[op]})"), p


def test_a_game_of_protocol_1_1_is_accepted_and_one_of_2_0_is_not(capsys):
    assert check(capsys, "--game", "tests.games.misbehaving_games:speaks_protocol_1_1") == (0, [])
    status, problems = check(capsys, "--game", "tests.games.misbehaving_games:declares_protocol_2")
    assert status == 3 and problems == [
        "describe: answer.protocol_version: '2.0' is not a version 1.N of the protocol (the harness speaks "
        f"{PROTOCOL_VERSION}) (see docs/protocol.md#describe)"]


def test_a_run_accepts_a_game_of_protocol_1_1():
    from baccarat_conformance.adapters.library import LibraryAdapter

    from tests.games.misbehaving_games import speaks_protocol_1_1

    adapter = LibraryAdapter.for_game(speaks_protocol_1_1())
    try:
        assert adapter.describe().protocol_version == "1.1"
        assert adapter.open_table({"variant": "baccarat"})
    finally:
        adapter.close()


def test_serve_reference_passes_what_follows_the_double_dash(monkeypatch):
    from baccarat_conformance.reference_game import device, server

    seen = {}
    monkeypatch.setattr(server, "main", lambda argv: seen.setdefault("server", argv) and 0)
    monkeypatch.setattr(device, "main", lambda argv: seen.setdefault("device", argv) and 0)
    main(["serve-reference", "--http", "0", "--game", "m:f", "--", "--verbose"])
    main(["serve-reference", "--serial", "--", "--baud", "9600", "--pace"])
    assert seen == {"server": ["--host", "127.0.0.1", "--port", "0", "--game", "m:f", "--verbose"],
                    "device": ["--baud", "9600", "--pace"]}


def test_the_reference_server_passes_over_http(capsys):
    with serve() as url:
        assert check(capsys, "--adapter", "http", "--url", url) == (0, [])


@pytest.mark.parametrize("fault, op, section", [
    ("float_money", "deal_round", SECTIONS["wagers"]),
    ("not_object", "describe", SECTIONS["describe"]),
    ("error_200", "open_table", SECTIONS["open_table"]),
])
def test_a_misbehaving_server_fails_naming_the_section(capsys, fault, op, section):
    with serve("--fault", fault, "--on", op, "--after", "0", module="tests.games.misbehaving_servers") as url:
        status, problems = check(capsys, "--adapter", "http", "--url", url)
    assert status == 3
    assert any(p.startswith(f"{op}: ") and p.endswith(f"#{section})") for p in problems), problems


def test_a_game_that_cannot_be_reached_exits_3(capsys):
    assert main(["check-protocol", "--adapter", "http"]) == 3
    assert "--url" in capsys.readouterr().err


# ---------------------------------------------------------------------- serve-reference
@contextlib.contextmanager
def serve_reference(*args: str, cwd: Path) -> Iterator[str]:
    """``python -m baccarat_conformance serve-reference ARGS`` as a real process run from
    ``cwd`` (not the repository); yields the first line it prints (URL or pty path)."""
    proc = subprocess.Popen([sys.executable, "-m", "baccarat_conformance", "serve-reference", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)  # type: ignore
        reader.start()
        reader.join(30)
        assert line and line[0].strip(), f"serve-reference printed nothing: {proc.poll()}"
        yield line[0].strip()
    finally:
        stop(proc)


def test_serve_reference_http_answers_describe(tmp_path):
    with serve_reference("--http", "0", cwd=tmp_path) as url:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", url)
        request = urllib.request.Request(f"{url}/v1/describe", data=b"{}", method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            described = json.load(response)
    assert described["game"]["name"] == "baccarat-conformance reference game"


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs a POSIX system")
def test_serve_reference_serial_passes_the_check(tmp_path, capsys):
    with serve_reference("--serial", cwd=tmp_path) as path:
        assert path.startswith("/dev/")
        assert check(capsys, "--adapter", "serial", "--port", path) == (0, [])
