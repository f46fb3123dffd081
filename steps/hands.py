"""Steps that check the hands of a round: cards, Point Counts and third cards
(58 Pa. Code §§ 631a.6, 631a.9(c), 631a.11).

A wrong hand names the scenario's ``hands`` clause (a card value, a third-card rule,
a side wager's "deal the cards in accordance with" clause); in a scenario about
something else (a wager's payout) it names the rule the rules oracle finds broken: the
third-card rule that decides the hand (§ 631a.11), the initial deal (§ 631a.9(c)) when
the first two cards differ, or the Point Count (§ 631a.6(b)) when only the count is
wrong (:mod:`baccarat_conformance.attribution`). Each check counts the cards it
compared in the scenario's judgement ledger.
"""

from __future__ import annotations

from typing import Optional

from pytest_bdd import then

from baccarat_conformance.attribution import named
from baccarat_conformance.errors import Nonconformance
from baccarat_conformance.judgements import judged
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


def _oracle_hand_clause(stacked: list[str], hand: str, dealt: list[str], expected: list[str]) -> Optional[str]:
    """The rule the rules oracle finds broken when ``hand`` was dealt ``dealt`` from a
    shoe stacked with ``stacked``: § 631a.9(c) when the first two cards differ from the
    oracle's, else the third-card rule that decides the hand. None when the oracle deals
    the same hand, cannot deal the stack, or deals another hand than the scenario
    ``expected`` (a scenario of another procedure, an irregularity: its own clause)."""
    try:
        coup = rules.deal(stacked)
    except Exception:  # a stack the oracle cannot deal: the scenario's own clause
        return None
    want = list(coup.player if hand == "player" else coup.banker)
    if want == list(dealt) or want != list(expected):
        return None
    if want[:2] != list(dealt[:2]):
        return "631a.9(c)"
    return rules.deciding_clause(coup, hand)


@then(phrase("the {hand:Hand} is {cards:Cards} with a Point Count of {count:PointCount}"))
def hand_is(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, hand: str, cards: list[str],
            count: int) -> None:
    hand_name = HAND_NAMES[hand]
    h = _hand(round_record, hand, clause, stacked_cards)
    expected = cards
    judged(len(expected) + 1, "cards compared")
    if h.cards != expected:
        raise Nonconformance(named(clause, "hands", _oracle_hand_clause(stacked_cards, hand, h.cards, expected)),
                             f"the {hand_name} holds {' '.join(expected)}",
                             f"the {hand_name} holds {' '.join(h.cards)}", stacked_cards)
    if h.point_count != count:
        raise Nonconformance(named(clause, "hands", "631a.6(b)"),
                             f"the {hand_name} ({' '.join(h.cards)}) has a Point Count of {count}",
                             f"reported a Point Count of {h.point_count}", stacked_cards)


def _third_card(round_record: m.RoundRecord, stacked: list[str], clause: str, hand: str, dealt: bool) -> None:
    h = _hand(round_record, hand, clause, stacked)
    coup = rules.deal(stacked)
    why = _why_third(coup, hand)
    name = HAND_NAMES[hand]
    judged(1, "hands checked")
    rule = named(clause, "hands", rules.deciding_clause(coup, hand))
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
