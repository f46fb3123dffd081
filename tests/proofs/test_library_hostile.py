"""The library adapter against hostile games (tests/games/hostile_games.py): the transcript
keeps what the harness sent whatever the game does to its params; a hanging game is
an adapter error within --operation-timeout; KeyboardInterrupt or SystemExit raised by
the game is an adapter error of that scenario, not the end of the run."""

from __future__ import annotations

import decimal
import json
import threading
import time

import pytest

from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.judging.errors import ConfigurationError, GameCrash, GameTimeout, ProtocolViolation
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import ReferenceGame

from tests.games.hostile_games import HangsForEver, RaisesKeyboardInterrupt, RaisesSystemExit, ReversesShoe, StuckAWhile
from tests.proofs.suite_runner import run_suite

RULES = {"variant": "baccarat", "decks": 8, "vigorish_collection": "at_payout", "vigorish_rounding": True}
STACK = ["9C", "2D", "KH", "3S", "QD", "4H"]
SUBSET = ("-m", "(631a.11.a or 631a.13.a) and not game_math", "-k", "not every_class_of_cards")  # ten scenarios that each
# deal one round (the settlement sweep of § 631a.13(a) left out)


def _deal(game: LibraryAdapter) -> m.RoundRecord:
    table = game.open_table(RULES)
    game.start_shoe(table, list(STACK))
    game.place_wager(table, 1, "player", "10.00")
    return game.deal_round(table)


# ---------------------------------------------------------------------- evidence
@pytest.mark.parametrize("timeout", [120.0, None], ids=["game thread", "calling thread"])
def test_a_game_rewriting_its_params_does_not_rewrite_the_transcript(timeout):
    game = LibraryAdapter(ReversesShoe(), operation_timeout=timeout)
    record = _deal(game)
    assert [c.card for c in record.cards][:4] == STACK[:4]  # the game dealt the shoe as sent
    shoe = next(e for e in game.transcript.exchanges if e.op == "start_shoe")
    assert shoe.params["cards"] == STACK and "x_rewritten_by_the_game" not in shoe.params
    assert all("x_rewritten_by_the_game" not in e.params for e in game.transcript.exchanges)
    batch = [m.BatchRound(cards=list(STACK))]
    game.run_rounds(RULES, batch)
    sent = game.transcript.exchanges[-1]
    assert sent.op == "run_rounds" and sent.params["rounds"][0]["cards"] == STACK
    exchanges = json.loads(game.transcript.as_json())["exchanges"]
    assert next(e for e in exchanges if e["op"] == "start_shoe")["params"]["cards"] == STACK


# ---------------------------------------------------------------------- deadlines
def test_a_hanging_game_is_an_adapter_error_and_every_later_call_fails_at_once():
    game = LibraryAdapter(HangsForEver(), operation_timeout=1.0)
    _deal(game), _deal(game)
    start = time.monotonic()
    with pytest.raises(GameTimeout, match=r"deal_round: the game did not return within the operation deadline "
                                          r"of 1 s \(--operation-timeout\)") as info:
        _deal(game)
    assert 0.9 < time.monotonic() - start < 3
    assert "in misbehave" in info.value.exchange["game_stack"]  # where the game is stuck
    start = time.monotonic()
    with pytest.raises(GameTimeout, match=r"open_table: not sent: the game is still inside deal_round"):
        _deal(game)
    assert time.monotonic() - start < 0.5


def test_a_game_stuck_for_a_while_is_usable_again_once_it_returns():
    game = LibraryAdapter(StuckAWhile(seconds=2.0), operation_timeout=1.0)
    _deal(game), _deal(game)
    with pytest.raises(GameTimeout):
        _deal(game)
    returned_by = time.monotonic() + 10  # the stuck call returns about 1 s after the deadline
    while game.game_thread.busy() is not None:
        assert time.monotonic() < returned_by, "the adapter never saw the stuck call return"
        time.sleep(0.02)
    assert _deal(game).round_id


def test_the_game_thread_keeps_the_decimal_context_of_the_caller():
    class Precision(ReferenceGame):
        def op_describe(self):
            d = super().op_describe()
            return {**d, "x_prec": decimal.getcontext().prec, "x_thread": threading.current_thread().name}

    with decimal.localcontext() as ctx:
        ctx.prec = 11
        game = LibraryAdapter(Precision(), operation_timeout=5.0)
        described = game.describe()
    assert described.model_extra["x_prec"] == 11 and described.model_extra["x_thread"] == "baccarat-game"
    game.close()


@pytest.mark.parametrize("cls,kind", [(RaisesKeyboardInterrupt, "KeyboardInterrupt"),
                                      (RaisesSystemExit, "SystemExit")])
@pytest.mark.parametrize("timeout", [120.0, None], ids=["game thread", "calling thread"])
def test_a_base_exception_from_the_game_is_its_crash(cls, kind, timeout):
    game = LibraryAdapter(cls(), operation_timeout=timeout)
    _deal(game), _deal(game)
    with pytest.raises(GameCrash, match=rf"deal_round: the game raised {kind}.*not the end of the run") as info:
        _deal(game)
    assert f"{kind}" in info.value.exchange["traceback"] and "misbehave" in info.value.exchange["traceback"]
    assert _deal(game).round_id  # the adapter goes on


def test_operation_timeout_option():
    values = {"--game": "tests.games.hostile_games:reverses_shoe", "--operation-timeout": "2.5"}
    config = type("Config", (), {"getoption": staticmethod(lambda name: values[name])})
    assert LibraryAdapter.from_config(config).operation_timeout == 2.5
    values["--operation-timeout"] = "0"
    adapter = LibraryAdapter.from_config(config)
    assert adapter.operation_timeout is None and adapter.game_thread is None
    values["--operation-timeout"] = "-1"
    with pytest.raises(ConfigurationError, match="--operation-timeout '-1'"):
        LibraryAdapter.from_config(config)


# ---------------------------------------------------------------------- suite runs
CASES = {  # game, extra options, words of the failures, how many scenarios fail, longest failing scenario (s)
    # the stuck call never returns: its scenario fails at the deadline, every later one at once
    "hangs_for_ever": ("--operation-timeout", "2", "--operation-timeout", 8, 5),
    "raises_keyboard_interrupt": (None, None, "the game raised KeyboardInterrupt", 1, 5),
    "raises_system_exit": (None, None, "the game raised SystemExit", 1, 5),
    "raises_generator_exit": (None, None, "the game raised GeneratorExit", 1, 5),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_run_goes_on(tmp_path, game):
    option, value, words, failures, longest = CASES[game]
    start = time.monotonic()
    run = run_suite(tmp_path, *SUBSET, *((option, value) if option else ()), game=f"tests.games.hostile_games:{game}")
    spent = time.monotonic() - start
    failed = [r for r in run.results if r["outcome"] != "passed"]
    assert len(run.results) == 10, run.output  # every scenario ran and was logged
    assert run.returncode == 1, run.output  # failures, not an interrupted run
    assert failed and {r["category"] for r in failed} == {"adapter error"}, run.categories()
    assert run.results[2] == failed[0] and words in failed[0]["message"], failed[0]["message"]
    assert all(r["duration"] < longest for r in failed)
    assert len(failed) == failures, run.categories()
    assert spent < 120


# ---------------------------------------------------------------------- answers the wire could not carry
class _Answers(ReferenceGame):
    def __init__(self, extra):
        super().__init__()
        self.extra = extra

    def op_describe(self):
        return {**super().op_describe(), "x_extra": self.extra}


def _deep(n):
    value: list = []
    for _ in range(n):
        value = [value]
    return value


@pytest.mark.parametrize("extra, words", [(10 ** 100_000, "4300 digits"), (_deep(100_000), "nested too deep"),
                                          (float("nan"), "NaN or Infinity"), (float("-inf"), "NaN or Infinity")],
                         ids=["100,001 digits", "100,000 deep", "NaN", "-Infinity"])
def test_an_answer_the_wire_could_not_carry_is_a_protocol_error(extra, words):
    """Over HTTP these answers are protocol errors; from a library game they were accepted
    and broke the transcript at teardown (a harness error; issue 26, item 7)."""
    game = LibraryAdapter(_Answers(extra))
    with pytest.raises(ProtocolViolation, match=f"describe: the answer is not JSON: .*{words}"):
        game.describe()
    json.loads(game.transcript.as_json())  # the evidence is still written
