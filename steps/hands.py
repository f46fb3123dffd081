"""Steps that check the hands of a round: cards, Point Counts and third cards
(58 Pa. Code §§ 631a.6, 631a.9(c), 631a.11)."""

from __future__ import annotations

from pytest_bdd import then

from baccarat_conformance.errors import Nonconformance
from baccarat_conformance.oracle import ch631a as rules
from baccarat_conformance.protocol import models as m

from ._types import phrase
from ._vocabulary import HAND_NAMES


def _hand(record: m.RoundRecord, hand: str, clause: str, stacked: list[str]) -> m.HandRecord:
    h = record.player if hand == "player" else record.banker
    if h is None:
        raise Nonconformance(clause, f"a completed round with the {HAND_NAMES[hand]}",
                             f"round {record.status} with no {HAND_NAMES[hand]}", stacked)
    return h


def _why_third(coup: rules.Coup, hand: str) -> str:
    """The rule behind the oracle's decision, in the regulation's terms."""
    p2, b2 = rules.point_count(coup.player[:2]), rules.point_count(coup.banker[:2])
    if coup.natural:
        return "a Natural was dealt (§ 631a.11(a))"
    if hand == "player":
        return f"Player's Hand Point Count {p2} (§ 631a.11(b))"
    if len(coup.player) == 2:
        return f"Player's Hand stayed, Banker's Hand Point Count {b2} (§ 631a.11(c)(1))"
    third = rules.card_value(coup.player[2])
    if b2 in rules.TABLE_1:
        return (f"Banker's Hand Point Count {b2}, Player's third card value {third}: "
                f"Table 1 \"{rules.TABLE_1[b2][third]}\" (§ 631a.11(c)(2)(iii))")
    return f"Banker's Hand Point Count {b2} after the Player's third card (§ 631a.11(c)(2))"


@then(phrase("the {hand:Hand} is {cards:Cards} with a Point Count of {count:PointCount}"))
def hand_is(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, hand: str, cards: list[str],
            count: int) -> None:
    hand_name = HAND_NAMES[hand]
    h = _hand(round_record, hand, clause, stacked_cards)
    expected = cards
    if h.cards != expected:
        raise Nonconformance(clause, f"the {hand_name} holds {' '.join(expected)}",
                             f"the {hand_name} holds {' '.join(h.cards)}", stacked_cards)
    if h.point_count != count:
        raise Nonconformance(clause, f"the {hand_name} ({' '.join(h.cards)}) has a Point Count of {count}",
                             f"reported a Point Count of {h.point_count}", stacked_cards)


def _third_card(round_record: m.RoundRecord, stacked: list[str], clause: str, hand: str, dealt: bool) -> None:
    h = _hand(round_record, hand, clause, stacked)
    coup = rules.deal(stacked)
    why = _why_third(coup, hand)
    name = HAND_NAMES[hand]
    if dealt and len(h.cards) != 3:
        raise Nonconformance(clause, f"the {name} is dealt a third card: {why}",
                             f"the {name} stayed on {' '.join(h.cards)}", stacked)
    if not dealt and len(h.cards) != 2:
        extra = " ".join(h.cards[2:]) or "nothing"
        raise Nonconformance(clause, f"the {name} stays: {why}",
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
