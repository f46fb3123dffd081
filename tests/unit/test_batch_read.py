"""Batches read for a sweep (adapters/batch.py): the judged fields of every record are
validated strictly, whole records for the first batch, a sample of every later one and
every record kept as evidence; malformed data in any field is still caught. Hands-only
batches (protocol 1.2) and the library adapter's strict validation of the game's dicts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from baccarat_conformance.adapters.batch import SAMPLE_EVERY
from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.judging.errors import ProtocolViolation
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import ReferenceGame
from baccarat_conformance.steps.exhaustive import combinations

from tests.games import misbehaving_games as bad

RULES = load_profile(None).as_rules()
SHOES = list(combinations("smoke"))[:300]
WAGER = {"seat": 3, "wager_type": "player", "amount": "10.00"}


def chunks(wagers: bool = False, size: int = 100) -> list[list[m.BatchRound]]:
    rounds = [m.BatchRound(cards=c, wagers=[dict(WAGER)] if wagers else []) for c in SHOES]
    return [rounds[i:i + size] for i in range(0, len(rounds), size)]


def read_all(game, hands_only: bool = True, wagers: bool = False) -> list:
    adapter = LibraryAdapter(game, operation_timeout=None)
    return list(adapter.run_batches(RULES, chunks(wagers), hands_only=hands_only))


# ------------------------------------------------------------------ the reference game
def test_the_first_batch_is_whole_and_the_later_ones_hands_only():
    batches = read_all(ReferenceGame())
    assert [b.hands_only for b in batches] == [False, True, True]
    assert all(isinstance(r, m.RoundRecord) for r in batches[0].hands)
    assert all(type(r) is m.RoundHandsRead for b in batches[1:] for r in b.hands)
    whole = batches[1].record(0)
    assert isinstance(whole, m.RoundHands) and whole.player is not None and whole.player.cards


def test_a_hands_only_record_carries_the_same_hands_as_the_whole_record():
    whole = LibraryAdapter(ReferenceGame()).run_rounds(RULES, chunks()[1])
    batches = read_all(ReferenceGame())
    for w, h in zip(whole, batches[1].hands):
        assert (h.status, h.player.cards, h.banker.cards) == (w.status, w.player.cards, w.banker.cards)


def test_evidence_of_a_hands_only_round_is_its_whole_record_dealt_again():
    batch = read_all(ReferenceGame())[2]
    records = batch.full_records([0, 7])
    assert set(records) == {0, 7}
    assert all(isinstance(r, m.RoundRecord) and r.cards for r in records.values())
    assert [c.card for c in records[7].cards][:4] == batch.rounds[7].cards[:4]


def test_a_game_that_ignores_hands_only_is_read_from_its_whole_records():
    batches = read_all(bad.IgnoresHandsOnly())
    assert batches[1].hands_only and isinstance(batches[1].record(3), m.RoundRecord)
    assert batches[1].full_records([3])[3].round_id  # as sent, not dealt again


def test_hands_only_is_not_sent_to_a_game_without_batch_hands():
    class NoBatchHands(ReferenceGame):
        def op_describe(self):
            d = super().op_describe()
            d["capabilities"].remove("batch_hands")
            return d

        def op_run_rounds(self, rules, rounds):  # a 1.1 game: an unknown param is an error
            return super().op_run_rounds(rules, rounds)

    batches = read_all(NoBatchHands())
    assert [b.hands_only for b in batches] == [False, False, False]


# ------------------------------------------------------------------ malformed data is caught
@pytest.mark.parametrize("game", [bad.FloatMoney, bad.MissingField, bad.NotJson])
def test_each_misbehaving_game_is_caught_in_the_first_batch(game):
    with pytest.raises(ProtocolViolation):
        read_all(game(), wagers=True)


def _spoil_card(record):
    record["player"]["cards"][0] = "1H"


def _spoil_status(record):
    record["status"] = "done"


def _spoil_void_reason(record):
    record["void_reason"] = 7


def _spoil_float(record):
    record["player"]["cards"] = 3.5


@pytest.mark.parametrize("spoil,field", [(_spoil_card, "player.cards.0"), (_spoil_status, "status"),
                                         (_spoil_void_reason, "void_reason"), (_spoil_float, "player.cards")])
def test_a_judged_field_is_validated_in_every_record_of_a_later_batch(spoil, field):
    # one record of the third batch, off the sample
    game = bad.LateMalformed(spoil, after=200 + SAMPLE_EVERY // 2, every=10_000)
    with pytest.raises(ProtocolViolation, match=rf"records\.{SAMPLE_EVERY // 2}\.{field}"):
        read_all(game)


@pytest.mark.parametrize("hands_only", [True, False])
def test_an_unjudged_field_of_a_sampled_record_is_caught(hands_only):
    def spoil(record):
        record["x_vendor"] = object() if hands_only else None
        if not hands_only:
            record["meters"] = [{"name": "x", "amount": 1.5}]

    game = bad.LateMalformed(spoil, after=100 + 1)  # the second batch's sample starts at record 1
    with pytest.raises(ProtocolViolation, match="record 1 of the answer"):
        read_all(game, hands_only=hands_only)


def test_a_record_kept_as_evidence_is_validated_whole():
    def spoil(record):
        record["wagers"] = [{"wager_id": "W1", "seat": 1, "wager_type": "player", "amount": 10, "result": "win",
                             "paid": "20.00"}]

    game = bad.LateMalformed(spoil, after=100 + 3, every=10_000)  # off the sample: not caught while reading
    batches = read_all(game, hands_only=False)
    with pytest.raises(ProtocolViolation, match=r"(?s)record 3 of the answer violates .*wagers\.0\.amount"):
        batches[1].full_records([3])


def test_the_library_adapter_refuses_what_is_not_json_in_a_vendor_field():
    class VendorObject(ReferenceGame):
        def op_describe(self):
            return {**super().op_describe(), "x_build": {1, 2}}

    with pytest.raises(ProtocolViolation, match="x_build"):
        LibraryAdapter(VendorObject()).describe()


def test_the_library_adapter_refuses_decimal_money():
    class DecimalMoney(ReferenceGame):
        def op_deal_round(self, *a, **kw):
            record = super().op_deal_round(*a, **kw)
            for w in record["wagers"]:
                w["paid"] = Decimal(w["paid"])
            return record

    adapter = LibraryAdapter(DecimalMoney())
    table = adapter.open_table(RULES)
    adapter.start_shoe(table, ["9C", "2D", "KH", "3S"])
    adapter.place_wager(table, 3, "player", "10.00")
    with pytest.raises(ProtocolViolation, match=r"wagers\.0\.paid"):
        adapter.deal_round(table)


# ------------------------------------------------------------------ HTTP: the next batch in flight
def test_http_batches_go_on_a_second_connection_with_their_transcript():
    from baccarat_conformance.adapters.http import HttpAdapter
    from baccarat_conformance.adapters.http_auth import Credentials
    from baccarat_conformance.reference_game.server import GameServer

    from tests.user.test_http_adapter import running

    with running(GameServer(("127.0.0.1", 0), ReferenceGame())) as server:
        adapter = HttpAdapter(server.url, credentials=Credentials(None, (), "none"))
        try:
            got = [[(h.status, h.player.cards, h.banker.cards) for h in b.hands]
                   for b in adapter.run_batches(RULES, chunks(), hands_only=True)]
            twin, _ = adapter._ahead  # noqa: SLF001
            assert twin.session is not adapter.session
            batches = [e for e in adapter.transcript.exchanges if e.op == "run_rounds"]
            assert len(batches) == 3 and all(e.raw and "POST /v1/run_rounds" in e.raw for e in batches)
            assert all(e.error is None and e.elapsed_ms > 0 for e in batches)
        finally:
            adapter.close()
    want = [[(h.status, h.player.cards, h.banker.cards) for h in b.hands] for b in read_all(ReferenceGame())]
    assert got == want


def test_an_http_batch_that_fails_fails_its_own_exchange():
    from baccarat_conformance.adapters.http import HttpAdapter
    from baccarat_conformance.adapters.http_auth import Credentials
    from baccarat_conformance.reference_game.server import GameServer

    from tests.user.test_http_adapter import running

    with running(GameServer(("127.0.0.1", 0), bad.LateMalformed(_spoil_status, after=150, every=10_000))) as server:
        adapter = HttpAdapter(server.url, credentials=Credentials(None, (), "none"))
        try:
            with pytest.raises(ProtocolViolation, match=r"records\.50\.status") as caught:
                list(adapter.run_batches(RULES, chunks(), hands_only=True))
            assert caught.value.exchange and caught.value.exchange["op"] == "run_rounds"
        finally:
            adapter.close()


# ------------------------------------------------------------------ a batch contradicting the round dealt
def test_a_hands_only_record_without_the_bankers_third_card_is_a_protocol_error_naming_both_records():
    """A game that deals right but leaves the Banker's third card out of its hands-only
    records (tests/games/misbehaving_games.py) is not a draw-rule failure: the § 631a.11 sweep
    (steps/exhaustive.py) reads the wrong hands whole, the same stacked shoes dealt again,
    and the batch answer contradicting them is a protocol error naming both records (on
    e611af6 the sweep charged § 631a.11(c) with "wrong hands")."""
    from baccarat_conformance.steps import exhaustive

    adapter = LibraryAdapter(bad.DropsBankersThirdCardHandsOnly(), operation_timeout=None)
    with pytest.raises(ProtocolViolation, match=r"run_rounds: hands-only record \d+ of the answer \(completed, "
                       r"Player's Hand [^)]*, Banker's Hand \S+ \S+\) contradicts round \S+, the same stacked shoe "
                       r"dealt again with whole records \(completed, Player's Hand [^)]*, Banker's Hand \S+ \S+ \S+\)"):
        exhaustive._deal(adapter, RULES, [list(c) for c in combinations("smoke")][:exhaustive.FIRST_CHUNK + 400],
                         exhaustive.SweepOutcome())


def test_a_game_that_draws_wrong_in_every_record_is_still_a_draw_rule_failure():
    """The whole record dealt again agrees with the hands-only one: the hands are the
    game's, and the sweep judges them (a nonconformance, not a protocol error)."""
    from baccarat_conformance.steps import exhaustive
    from tests.games.broken_games import PlayerStandsOn5

    outcome = exhaustive.SweepOutcome()
    exhaustive._deal(LibraryAdapter(PlayerStandsOn5(), operation_timeout=None), RULES,
                     [list(c) for c in combinations("smoke")][:exhaustive.FIRST_CHUNK + 400], outcome)
    assert outcome.wrong and outcome.failures


# ------------------------------------------------------------------ what a batch sends
@pytest.mark.parametrize("wagers", [[], [dict(WAGER)], [{"seat": 3, "wager_type": "player", "amount": Decimal("10.00")}],
                                    [{"seat": 3, "wager_type": "player", "amount": "10.00", "hand": None}],
                                    [{"seat": 3, "wager_type": "player", "amount": 10.5}]])
@pytest.mark.parametrize("hands_only", [None, True])
def test_a_batch_is_sent_as_pydantic_dumps_it(wagers, hands_only):
    """The batch's own dump (adapters/base.py ``_payload``) is the schema's JSON of the
    params, key order included; a wager holding anything but strings, integers and
    booleans is left to pydantic's serializer."""
    import json as std_json

    from baccarat_conformance.adapters.base import _payload

    params = m.RunRoundsParams(rules=RULES, rounds=[m.BatchRound(cards=c, wagers=wagers) for c in SHOES[:5]],
                               hands_only=hands_only)
    want = params.model_dump(mode="json", exclude_none=True)
    assert std_json.dumps(_payload(params)) == std_json.dumps(want)
