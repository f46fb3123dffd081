"""Steps that check the hands of a round: cards, Point Counts and third cards
(58 Pa. Code §§ 631a.6, 631a.9(c), 631a.11).

A round the game dealt otherwise than its stack promised blocks a scenario about another
rule before these steps run (steps/_deal_check.py); a hand check that fails names the
scenario's ``hands`` clause (a card value, a third-card rule, a side wager's "deal the
cards in accordance with" clause), else the clause of the scenario the deviation
relates to, else the scenario's principal clause; a third-card check names the
``hands`` clause, else the third-card rule that decides the hand
(:mod:`baccarat_conformance.judging.attribution`). Each check counts what it compared in the
scenario's judgement ledger.
"""

from __future__ import annotations

from pytest_bdd import then

from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import judged
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.protocol import models as m

from ._deal_check import related, value_note, void_text, why_third
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import HAND_NAMES


def _hand(record: m.RoundRecord, hand: str, clause: str, stacked: list[str]) -> m.HandRecord:
    h = record.player if hand == "player" else record.banker
    if h is None:
        status = void_text(record) if record.status == "void" else f"round {record.status}"
        raise Nonconformance(clause, f"a completed round with the {HAND_NAMES[hand]}",
                             f"{status} with no {HAND_NAMES[hand]}", stacked)
    return h


@then(phrase("the {hand:Hand} is {cards:Cards} with a Point Count of {count:PointCount}"))
def hand_is(round_record: m.RoundRecord, stacked_cards: list[str], table: TableHandle, clause: str, hand: str,
            cards: list[str], count: int) -> None:
    hand_name = HAND_NAMES[hand]
    h = _hand(round_record, hand, clause, stacked_cards)
    expected = cards
    judged(len(expected) + 1, "cards compared")
    dev = table.deviations.get(round_record.round_id)
    own = related(table.clauses, dev) if dev is not None else None
    rule = named(clause, "hands", own)  # the scenario's hands clause, else the one the deviation relates to
    if h.cards != expected:
        raise Nonconformance(rule, f"the {hand_name} holds {' '.join(expected)}",
                             f"the {hand_name} holds {' '.join(h.cards)}", stacked_cards)
    if h.point_count != count:
        if dev is not None and own is None:
            raise dev.blocked()  # a wrong Point Count is § 631a.6's to judge, not this scenario's
        raise Nonconformance(rule, f"the {hand_name} ({' '.join(h.cards)}) has a Point Count of {count}",
                             f"reported a Point Count of {h.point_count}", stacked_cards)


def _third_card(round_record: m.RoundRecord, stacked: list[str], clause: str, hand: str, dealt: bool) -> None:
    h = _hand(round_record, hand, clause, stacked)
    coup = ch631a.deal(stacked)
    why = why_third(coup, hand) + value_note(ch631a.decision_cards(coup, hand))
    name = HAND_NAMES[hand]
    judged(1, "hands checked")
    rule = named(clause, "hands", ch631a.deciding_clause(coup, hand))
    if dealt and len(h.cards) != 3:
        raise Nonconformance(rule, f"the {name} is dealt a third card: {why}",
                             f"the {name} stayed on {' '.join(h.cards)}", stacked)
    if not dealt and len(h.cards) != 2:
        extra = " ".join(h.cards[2:]) or "nothing"
        raise Nonconformance(rule, f"the {name} stays: {why}",
                             f"dealt {extra} to the {name} ({' '.join(h.cards)})", stacked)


@then("the Player's Hand is dealt a third card")
def player_third(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    _third_card(round_record, stacked_cards, clause, "player", True)


@then("the Player's Hand is not dealt a third card")
def player_stays(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    _third_card(round_record, stacked_cards, clause, "player", False)


@then("the Banker's Hand is dealt a third card")
def banker_third(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    _third_card(round_record, stacked_cards, clause, "banker", True)


@then("the Banker's Hand is not dealt a third card")
def banker_stays(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    _third_card(round_record, stacked_cards, clause, "banker", False)


@then("neither hand is dealt a third card")
def neither_third(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    _third_card(round_record, stacked_cards, clause, "player", False)
    _third_card(round_record, stacked_cards, clause, "banker", False)
