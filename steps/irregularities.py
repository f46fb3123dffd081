"""Steps on irregularities (58 Pa. Code § 631a.15), staged in test mode with
``deal_round(irregularity=...)`` (capability ``irregularities``; the staging of each
kind is defined in :class:`baccarat_conformance.protocol.models.Irregularity`), and
on the void round of § 631a.15(e).

Each scenario stacks the dealing shoe, stages the irregularity, checks where every
card went (``RoundRecord.cards`` ``to``: a hand, ``discard``, ``simulated`` or
``next_round``) and then deals the next round to see that it starts where § 631a.15
says.
"""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from baccarat_conformance.judging.errors import GameRefused, Nonconformance
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._deal_check import deviation, related
from ._events import describe
from ._support import TableHandle
from ._types import phrase


def _disclosed(text: str) -> bool:
    text = text.strip().lower()
    if text not in ("disclosed", "not disclosed"):
        raise ValueError(f"expected 'disclosed' or 'not disclosed', not {text!r}")
    return text == "disclosed"


@when(parsers.parse("the round is dealt and a card is then drawn in error, {disclosure}"),
      target_fixture="round_record")
def drawn_in_error(table: TableHandle, disclosure: str) -> m.RoundRecord:
    return table.deal(irregularity=m.Irregularity(kind="card_drawn_in_error", disclosed=_disclosed(disclosure)))


@when(parsers.parse("the round is dealt with a third card dealt to the Player's Hand in error, {disclosure}"),
      target_fixture="round_record")
def player_third_in_error(table: TableHandle, disclosure: str) -> m.RoundRecord:
    return table.deal(irregularity=m.Irregularity(kind="player_third_card_in_error",
                                                  disclosed=_disclosed(disclosure)))


@when("the round is dealt with its first card found face up in the dealing shoe", target_fixture="round_record")
def first_card_face_up(table: TableHandle) -> m.RoundRecord:
    return table.deal(irregularity=m.Irregularity(kind="card_face_up", disclosed=True))


@when("the next round is dealt", target_fixture="round_record")
def next_round(table: TableHandle) -> m.RoundRecord:
    return table.deal()


def _to(record: m.RoundRecord, where: str) -> list[str]:
    return [c.card for c in record.cards if c.to == where]


@then(phrase("{card:Card} becomes the third card of the Banker's Hand"))
def becomes_banker_third(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, card: str) -> None:
    banker = round_record.banker.cards if round_record.banker else []
    player = round_record.player.cards if round_record.player else []
    if len(banker) != 3 or banker[2] != card or card in player:
        raise Nonconformance(clause, f"{card}, dealt to the Player's Hand in error, used as the third card of the "
                                     "Banker's Hand (the Banker's Hand must draw)",
                             f"Player's Hand {' '.join(player)}, Banker's Hand {' '.join(banker)}", stacked_cards)


@then(phrase("{card:Card} is held as the first card of the next hand"))
def held_for_next(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, card: str) -> None:
    in_hands = card in (round_record.player.cards if round_record.player else []) + \
        (round_record.banker.cards if round_record.banker else [])
    if _to(round_record, "next_round") != [card] or in_hands or card in _to(round_record, "discard"):
        raise Nonconformance(clause, f"{card} kept, undisclosed, as the first card of the next hand",
                             f"cards: {[(c.card, c.to) for c in round_record.cards]}", stacked_cards)


@then(phrase("{cards:Cards} are placed in the discard bucket, the second without being disclosed"))
def discarded(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, cards: list[str]) -> None:
    if _to(round_record, "discard") != cards:
        raise Nonconformance(clause, f"the disclosed card and one additional card, {' '.join(cards)}, placed in the "
                                     "discard bucket",
                             f"discarded {' '.join(_to(round_record, 'discard')) or 'nothing'}; cards: "
                             f"{[(c.card, c.to) for c in round_record.cards]}", stacked_cards)
    extra = [e for e in round_record.events if e.type == "card" and e.card == cards[1] and e.to == "discard"]
    if extra and getattr(extra[0], "face_up", None) is True:
        raise Nonconformance(clause, f"the additional card {cards[1]} drawn face down, not disclosed",
                             f"event: {describe(extra)}", stacked_cards)


def _simulated(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, cards: list[str]) -> None:
    oracle = [c for c, _ in ch631a.deal(cards).order]
    if oracle != cards:
        raise ValueError(f"feature error: a round dealt from {' '.join(cards)} uses {' '.join(oracle)}")
    got = _to(round_record, "simulated")
    if got != cards:
        raise Nonconformance(clause, f"a simulated round dealt under the rules of the chapter from "
                                     f"{' '.join(cards)}",
                             f"simulated cards: {' '.join(got) or 'none'}", stacked_cards)
    # The simulated round starts with its announcement or its second card: the card in
    # question (cards[0]) may be reported where it left the shoe, before the round it
    # interrupted is settled (docs/protocol.md, Irregularities)
    events = round_record.events
    start = next((i for i, e in enumerate(events)
                  if (e.type == "card" and e.to == "simulated" and e.card != cards[0])
                  or (e.type == "announcement" and (e.text or "").strip().lower() == "simulated round")), len(events))
    settled = [e for e in events[start:] if e.type in ("pay", "collect", "push", "return")
               or e.type.startswith("vigorish")]
    if settled:
        raise Nonconformance(clause, "no wager accepted or settled in the simulated round",
                             f"events in the simulated round: {describe(settled)}", stacked_cards)


@then(phrase("a simulated round is dealt from {cards:Cards} with no wager settled in it"))
def simulated_after(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, cards: list[str]) -> None:
    _simulated(round_record, stacked_cards, clause, cards)


@then(phrase("the round is a simulated round dealt from {cards:Cards}, settling no wager"))
def simulated_whole(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, cards: list[str]) -> None:
    if round_record.status != "simulated" or round_record.wagers:
        raise Nonconformance(clause, "a simulated round (status simulated) in which wagers are not accepted",
                             f"status {round_record.status}, wagers "
                             f"{[(w.wager_type, w.result) for w in round_record.wagers]}", stacked_cards)
    _simulated(round_record, stacked_cards, clause, cards)


@then(phrase("the round is dealt from {cards:Cards}"))
def dealt_from(round_record: m.RoundRecord, stacked_cards: list[str], table: TableHandle, clause: str,
               cards: list[str]) -> None:
    want = [c for c, _ in ch631a.deal(cards).order]
    got = [c.card for c in round_record.cards if c.to in ("player", "banker")]
    if round_record.status == "void":  # a void the cards do not call for (§ 631a.15(e)) is not the irregularity's
        dev, _ = deviation(round_record, cards)
        if dev is not None and dev.clause == "631a.15(e)" and related(table.clauses, dev) is None:
            raise dev.blocked()
    if round_record.status != "completed" or got != want:
        raise Nonconformance(clause, f"the round dealt from {' '.join(cards)}: {' '.join(want)}",
                             f"round {round_record.status}, dealt {' '.join(got)}", stacked_cards)


# ------------------------------------------------------------------ § 631a.15(e)
@then("the round is void")
def is_void(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    if round_record.status != "void":
        raise Nonconformance(clause, "the round is void: too few cards remain in the dealing shoe to complete it",
                             f"status {round_record.status}, winner {round_record.winner}", stacked_cards)


@then("no round is dealt until a new dealing shoe is started")
def no_round_until_new_shoe(table: TableHandle, stacked_cards: list[str], clause: str, rules_submission: RulesSubmission) -> None:
    try:
        record = table.game.deal_round(table.table_id)
    except GameRefused:
        pass
    else:
        raise Nonconformance(clause, "a new round commences only after the entire set of cards has been replaced",
                             f"dealt round {record.round_id} ({record.status}) from the same cards", stacked_cards)
    table.start_shoe(None)
    record = table.deal()
    if record.status != "completed":
        raise Nonconformance(clause, "a new round commences once new cards are in the dealing shoe",
                             f"round {record.round_id} {record.status}")
