"""Line faults on the serial link, injected by the device simulator on a real
pseudo-terminal: each is recovered by retransmission and resynchronisation, or
fails the exchange with a clear adapter error carrying the frame transcript in hex,
and the run goes on (docs/serial-framing.md § 5)."""

from __future__ import annotations

import collections
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.adapters.serial import SerialAdapter
from baccarat_conformance.judging.errors import ConfigurationError, GameTimeout, TransportError
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.steps.exhaustive import combinations

from tests.games.serial_device import running_device
from tests.proofs.suite_runner import run_suite

RULES = load_profile(None).as_rules()
STACK = ["8C", "7D", "KH", "QS", "2C", "3D"]  # Player's Natural 8 against 7
SWEEP = list(combinations("smoke"))[:300]
FAST = dict(timeout=0.2, answer_timeout=2.0, retries=8)  # short timeouts keep the faulty runs quick


def _round_and_batch(adapter, stack: list, wager_type: str, batch: list) -> tuple:
    """One stacked round with a $10 wager at seat 3 (open, shoe, wager, no more bets, deal,
    close), then ``batch`` in one ``run_rounds``: the round's record and the batch's."""
    table = adapter.open_table(RULES)
    adapter.start_shoe(table, stack)
    adapter.place_wager(table, 3, wager_type, "10.00")
    adapter.no_more_bets(table)
    record = adapter.deal_round(table)
    adapter.close_table(table)
    return record, adapter.run_rounds(RULES, batch)


def play(adapter) -> list:
    """A short session: a stacked round with a wager, then a batch of 300 rounds (a
    multi-frame answer). Returns what the rounds dealt, settled and paid."""
    adapter.describe()
    record, batch = _round_and_batch(adapter, STACK, "player", [m.BatchRound(cards=c) for c in SWEEP])
    settled = [(w.result, str(w.paid)) for w in record.wagers]
    return [(record.player.cards, record.banker.cards, record.winner, settled)] + [
        (r.player.cards, r.banker.cards, r.winner) for r in batch]


@pytest.fixture(scope="module")
def expected() -> list:
    return play(LibraryAdapter(create_game()))


def raw_transcripts(adapter: SerialAdapter) -> str:
    return "\n".join(e.raw or "" for e in adapter.transcript.exchanges)


@pytest.mark.parametrize("fault", ["noise:0.15", "drop-byte:every=7", "truncate:every=5", "bad-crc:every=5"])
def test_line_fault_is_recovered(fault, expected):
    """Damage in both directions: the receiver NAKs or the sender times out, the frame is
    sent again, duplicates are acknowledged but delivered once, and every answer is
    exactly the library adapter's."""
    # the device's retry budget is generous: on a loaded CI machine the host can be slow to
    # ACK, and this test is about damage on the line, not about timing
    with running_device("--fault", fault, "--ack-timeout", "0.2", "--retries", "20") as port:
        adapter = SerialAdapter(port, **FAST)
        try:
            assert play(adapter) == expected
        finally:
            adapter.close()
    stats = adapter.stats
    # damaged frames from the device, or the host's own frames sent again (NAKed or unacknowledged)
    assert stats["bad_frames"] + stats["retransmits"] + stats["naks_received"] + stats["duplicates"] > 0, stats
    assert not stats["failed_exchanges"], stats
    assert "bad frame" in raw_transcripts(adapter)  # the damage is in the evidence, in hex


def test_uncompressed_link_carries_multi_frame_messages(expected):
    """A device that cannot inflate: the 345 kB batch answer crosses in 1024-byte fragments."""
    with running_device("--no-deflate") as port:
        adapter = SerialAdapter(port, **FAST)
        try:
            assert play(adapter) == expected
        finally:
            adapter.close()
    assert not adapter.peer_deflate
    assert adapter.stats["rx_frames"] > 300


def test_a_line_too_noisy_to_recover_fails_the_exchange_with_the_transcript():
    with running_device("--fault", "bad-crc:every=1,dir=tx") as port:
        adapter = SerialAdapter(port, timeout=0.1, answer_timeout=1.0, retries=2)
        try:
            with pytest.raises(TransportError) as err:
                adapter.open_table(RULES)
        finally:
            adapter.close()
    message = str(err.value)
    assert message.startswith("[adapter error] link reset: frame seq=0 not acknowledged after 3 attempts"), message
    assert "D>H bad frame (bad CRC" in message  # the last frames, in hex, in the message itself
    raw = err.value.exchange["raw"]  # and the whole transcript in the exchange evidence
    assert raw.count("H>D RESET") == 3 and "00 03 12 08 01 01 01 03" in raw  # the damaged ACKs, as received


def test_a_device_that_stops_answering_mid_round():
    """The device acknowledges deal_round and falls silent: a timeout naming the state,
    with the transcript; further requests fail fast while it is silent; when it comes
    back the link is reset and the game's tables are still there."""
    # frames the device sends: ACK of RESET, then ACK + answer for describe, open_table,
    # start_shoe (7), then the ACK of deal_round (8): the answer never comes.
    with running_device("--fault", "stop-after:8,resume=3") as port:
        adapter = SerialAdapter(port, timeout=0.2, answer_timeout=0.5, retries=2)
        try:
            adapter.describe()
            table = adapter.open_table(RULES)
            adapter.start_shoe(table, STACK)
            silent_since = time.perf_counter()
            with pytest.raises(GameTimeout) as err:
                adapter.deal_round(table)
            message = str(err.value)
            assert "deal_round: the device stopped answering before any of it: silent for 0.5 s" in message
            assert "D>H ACK seq=" in message and "H>D DATA" in message
            assert "ACK seq=" in err.value.exchange["raw"]

            start = time.perf_counter()
            with pytest.raises(GameTimeout, match="link reset: the device does not answer"):
                adapter.open_table(RULES)
            with pytest.raises(GameTimeout, match="sent once"):  # a silent device costs one timeout
                adapter.open_table(RULES)
            assert time.perf_counter() - start < 2.0

            time.sleep(max(0.0, 3.3 - (time.perf_counter() - silent_since)))
            adapter.read_meters(table)  # the table opened before the silence is still there
            table = adapter.open_table(RULES)
            adapter.start_shoe(table, STACK)
            record = adapter.deal_round(table)
            assert record.winner == "player" and record.player.cards == ["8C", "KH"]
        finally:
            adapter.close()


def test_a_device_that_stops_in_the_middle_of_a_long_answer():
    with running_device("--no-deflate", "--fault", "stop-after:40") as port:
        adapter = SerialAdapter(port, timeout=0.2, answer_timeout=0.5, retries=2)
        try:
            # the device stops after 40 frames of its own (the reset and describe answers, the
            # ACKs of the request's fragments, then part of the answer): the answer is cut
            # after however many of its fragments fit in what is left
            adapter.describe()
            with pytest.raises(GameTimeout, match=r"run_rounds: the device stopped answering after \d+ fragments"):
                adapter.run_rounds(RULES, [m.BatchRound(cards=c) for c in SWEEP])
        finally:
            adapter.close()


def test_the_suite_run_goes_on_past_a_silent_device(tmp_path):
    """At the suite level: the scenarios caught by the silence fail as adapter errors with
    the frames in their message, and the run continues to the end."""
    with running_device("--fault", "stop-after:12,resume=1") as port:
        run = run_suite(tmp_path, "--adapter", "serial", "--port", port, "--serial-timeout", "0.2",
                        "--answer-timeout", "0.4", "--retries", "1", "-k", "natural", timeout=120)
    outcomes = [r["outcome"] for r in run.results]
    assert len(run.results) >= 4, run.output
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert failed, run.output
    assert {r["category"] for r in failed} == {"adapter error"}, run.categories()
    assert all("H>D" in r["message"] for r in failed), failed[0]["message"]
    ran = [o for o in outcomes if o != "skipped"]  # expired chapters' scenarios are skipped
    assert ran[-1] == "passed", outcomes  # back in business once the device speaks again


def test_a_pyserial_url_reaches_a_device_behind_a_tcp_serial_server(expected):
    """``--port socket://host:port`` (a serial server in raw mode), opened through
    ``serial.serial_for_url``; a second session on a new connection works too."""
    with running_device("--listen", "127.0.0.1:0") as url:
        assert url.startswith("socket://127.0.0.1:")
        for _ in range(2):
            adapter = SerialAdapter(url, **FAST)
            try:
                assert play(adapter) == expected
            finally:
                adapter.close()


def test_a_line_that_echoes_is_named_as_such():
    adapter = SerialAdapter("loop://", timeout=0.05, retries=1)
    with pytest.raises(TransportError, match="the line echoes the host's own frames back"):
        adapter.describe()
    adapter.close()


def test_a_port_that_cannot_be_opened_says_how_to_fix_it():
    with pytest.raises(ConfigurationError, match=r"--port /dev/ttyNOSUCH: cannot open the serial port: .*dialout"):
        SerialAdapter("/dev/ttyNOSUCH")


# a cheap scenario: one stacked round with a wager (open, shoe, wager, no more bets, deal, close), then a
# batch of 40 rounds (a multi-fragment answer), as the suite's scenarios play
NOISE_SCENARIOS = 200
NOISE_STACKS = [list(c) for c in list(combinations("smoke"))[:NOISE_SCENARIOS]]
NOISE_BATCH = [m.BatchRound(cards=list(c)) for c in list(combinations("smoke"))[:40]]
# the scenarios are shared out among this many lines, played side by side: the time a noisy
# scenario takes is the link's timeouts waited out (1 s and 0.5 s by default), not work
NOISE_LINES = 8


def _scenario(adapter, cards: list) -> tuple:
    record, batch = _round_and_batch(adapter, cards, "banker", NOISE_BATCH)
    return (record.player.cards, record.banker.cards, [(w.result, str(w.paid)) for w in record.wagers],
            [r.winner for r in batch])


def _noisy_line(noise: str, seed: int, stacks: list) -> tuple[list[str], collections.Counter]:
    """``stacks`` played as scenarios over one line with ``noise`` (fault seed ``seed``),
    each compared with the library adapter's: the first lines of the adapter errors, and
    the adapter's counters."""
    library = LibraryAdapter(create_game())
    with running_device("--fault", noise, "--fault-seed", str(seed)) as port:
        adapter = SerialAdapter(port)
        errors = []
        try:
            for cards in stacks:
                try:
                    assert _scenario(adapter, cards) == _scenario(library, cards)
                except (TransportError, GameTimeout) as e:
                    errors.append(str(e).splitlines()[0])
        finally:
            adapter.close()
    return errors, adapter.stats


@pytest.mark.parametrize("noise", ["noise:0.05", "noise:0.1"])
def test_the_documented_noise_levels_pass_200_scenarios_with_no_adapter_error(noise):
    """docs/serial.md's noise levels, every setting at its default (host and device): one
    burst of noise costs one retransmission, after the line is quiet, not every retry at
    once (issue 26, item 3: 1 scenario in 4 was an adapter error at noise:0.05, 1 in 47 at
    0.1). The 200 scenarios are played over eight lines at once (a device and an adapter
    each, fault seeds 1 to 8), 25 a line."""
    with ThreadPoolExecutor(NOISE_LINES) as pool:
        lines = list(pool.map(_noisy_line, [noise] * NOISE_LINES, range(1, NOISE_LINES + 1),
                              [NOISE_STACKS[i::NOISE_LINES] for i in range(NOISE_LINES)]))
    errors = [e for line_errors, _ in lines for e in line_errors]
    stats = sum((line_stats for _, line_stats in lines), collections.Counter())
    assert sum(len(NOISE_STACKS[i::NOISE_LINES]) for i in range(NOISE_LINES)) == NOISE_SCENARIOS
    assert stats["exchanges"] >= 7 * NOISE_SCENARIOS, stats  # every scenario was played
    assert stats["bad_frames"] > 50 and stats["retransmits"] + stats["naks_received"] > 0, stats  # it was noisy
    assert errors == [], f"{len(errors)} of {NOISE_SCENARIOS} scenarios ended as an adapter error: {errors[:3]}; {stats}"
