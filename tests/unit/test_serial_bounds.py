"""The serial adapter's bounds, against the device simulator on a real pseudo-terminal:
a device whose game hangs keeps sending BUSY (so the silence timeout never fires) and
is cut off at --operation-timeout; an answer over --max-answer-bytes is refused; the
link is reset and the session goes on."""

from __future__ import annotations

import time

import pytest

from baccarat_conformance.adapters.serial import SerialAdapter
from baccarat_conformance.judging.errors import AnswerTooLarge, GameTimeout
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol import models as m
from baccarat_conformance.steps.exhaustive import combinations

from tests.games.serial_device import running_device

RULES = load_profile(None).as_rules()
STACK = ["8C", "7D", "KH", "QS", "2C", "3D"]  # Player's Natural 8 against 7


def deal(adapter: SerialAdapter) -> m.RoundRecord:
    table = adapter.open_table(RULES)
    adapter.start_shoe(table, STACK)
    return adapter.deal_round(table)


def test_a_device_sending_busy_for_ever_is_cut_off_at_the_operation_deadline():
    with running_device("--game", "tests.games.hostile_games:stuck_a_while", "--busy-interval", "0.2") as port:
        adapter = SerialAdapter(port, timeout=0.3, answer_timeout=0.6, retries=8, operation_timeout=1.5)
        try:
            deal(adapter), deal(adapter)
            table = adapter.open_table(RULES)
            adapter.start_shoe(table, STACK)
            start = time.perf_counter()
            with pytest.raises(GameTimeout, match=r"deal_round: the operation took longer than its deadline of "
                                                  r"1.5 s \(--operation-timeout\) plus 0.\d\d s") as err:
                adapter.deal_round(table)
            spent = time.perf_counter() - start
            assert 1.5 < spent < 2.5, spent  # the silence timeout (0.6 s) never fired: BUSY every 0.2 s
            assert "D>H BUSY" in err.value.exchange["raw"]
            time.sleep(3)  # the game's stuck call returns after 4 s
            assert deal(adapter).winner == "player"  # the link is reset and the session goes on
        finally:
            adapter.close()


def test_an_answer_over_the_cap_is_refused_and_the_session_goes_on():
    sweep = list(combinations("smoke"))[:300]
    with running_device("--no-deflate") as port:
        adapter = SerialAdapter(port, timeout=0.3, answer_timeout=2.0, retries=8, max_answer_bytes=64 * 1024)
        try:
            with pytest.raises(AnswerTooLarge, match=r"run_rounds: the answer exceeds the cap of 65536 bytes "
                                                     r"\(--max-answer-bytes\) after \d+ fragments"):
                adapter.run_rounds(RULES, [m.BatchRound(cards=c) for c in sweep])
            assert deal(adapter).winner == "player"
        finally:
            adapter.close()
    with running_device() as port:  # deflated: the cap holds for the inflated size
        adapter = SerialAdapter(port, timeout=0.3, answer_timeout=2.0, retries=8, max_answer_bytes=64 * 1024)
        try:
            with pytest.raises(AnswerTooLarge, match=r"the answer exceeds the cap of 65536 bytes .*inflates to more"):
                adapter.run_rounds(RULES, [m.BatchRound(cards=c) for c in sweep])
            assert deal(adapter).winner == "player"
        finally:
            adapter.close()


def test_a_long_batch_at_a_low_rate_is_not_cut():
    """The deadline grows with the data on the line: 20 rounds uncompressed at 115200 baud,
    paced (about 2.5 s of line time), would never fit a 1 s deadline otherwise."""
    sweep = list(combinations("smoke"))[:20]
    with running_device("--no-deflate", "--pace", "--baud", "115200") as port:
        adapter = SerialAdapter(port, baud=115200, timeout=0.5, answer_timeout=2.0, retries=8,
                                operation_timeout=1.0)
        try:
            start = time.perf_counter()
            records = adapter.run_rounds(RULES, [m.BatchRound(cards=c) for c in sweep])
            assert len(records) == 20 and time.perf_counter() - start > 1.0
        finally:
            adapter.close()
