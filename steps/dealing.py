"""Steps on how a round is dealt and called, read from the round's ordered events
(58 Pa. Code § 631a.9(b)-(d), (f), § 631a.10(a)-(b), § 631a.12(a), § 631a.1 Natural):
the calls "no more bets" and "cards", the dealing order, which cards lie face up,
who turns each hand over, and what the dealer announces.
"""

from __future__ import annotations

import re
from typing import Any, Optional

import pytest
from pytest_bdd import parsers, then

from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.protocol import models as m

from ._events import card_events, describe, face_up, first, point_count_said, said
from ._results import Wagers
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import HAND_NAMES, cards_of_record


# ------------------------------------------------------------------ § 631a.9(b)
@then('"no more bets" is announced, then "cards", before the first card is dealt')
def calls_before_cards(round_record: m.RoundRecord, clause: str, request: pytest.FixtureRequest) -> None:
    try:  # "no more bets" may have been called through the no_more_bets operation
        earlier = list(request.getfixturevalue("no_more_bets_events"))
    except pytest.FixtureLookupError:
        earlier = []
    events = earlier + list(round_record.events)
    nmb = first(events, lambda e: said(e, "no more bets"))
    cards = first(events, lambda e: said(e, "cards"))
    card = first(events, lambda e: e.type == "card" and e.to in ("player", "banker"))
    if nmb is None or cards is None or card is None or not nmb < cards < card:
        raise Nonconformance(clause, '"no more bets", then "cards", then the first card',
                             f"events: {describe(events)}", cards_of_record(round_record))


# ------------------------------------------------------------------ § 631a.9(c)
@then(phrase("the cards are dealt in the order {order:Hands}"))
def dealt_in_order(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, order: list[str]) -> None:
    want = list(zip(stacked_cards[:len(order)], order))
    oracle = list(ch631a.deal(stacked_cards).order)
    if oracle != want:
        raise ValueError(f"feature error: the oracle deals {oracle}, the step says {want}")
    listed = [(c.card, c.to) for c in round_record.cards if c.to in ("player", "banker")]
    evented = [(e.card, e.to) for _, e in card_events(round_record.events)]
    for name, got in (("round record's cards", listed), ("card events", evented)):
        if got != want:
            pretty = ", ".join(f"{c} to the {HAND_NAMES[h]}" for c, h in want)
            raise Nonconformance(clause, f"cards dealt in order: {pretty}",
                                 f"{name}: {', '.join(f'{c} to {h}' for c, h in got)}", stacked_cards)


@then("the four initial cards are dealt face down")
def initial_face_down(round_record: m.RoundRecord, clause: str) -> None:
    dealt = card_events(round_record.events)[:4]
    faces = [face_up(e) for _, e in dealt]
    if len(dealt) < 4 or any(f is not False for f in faces):
        raise Nonconformance(clause, "the initial four cards dealt face down (card events face_up false)",
                             f"card events: {describe([e for _, e in dealt])}", cards_of_record(round_record))


def _reveals(record: m.RoundRecord, hand: str, third: bool) -> list[tuple[int, m.Event]]:
    return [(i, e) for i, e in enumerate(record.events)
            if e.type == "reveal" and e.hand == hand and (e.card is not None) == third]


@then("the dealer calling the game turns both hands face up")
def dealer_turns_both(round_record: m.RoundRecord, clause: str) -> None:
    fourth = card_events(round_record.events)[3][0]
    for hand in ("player", "banker"):
        found = _reveals(round_record, hand, third=False)
        if len(found) != 1 or found[0][1].seat is not None or found[0][0] < fourth:
            raise Nonconformance(clause, f"after the four cards are dealt, the dealer calling the game places the "
                                         f"{HAND_NAMES[hand]} face up (a reveal event with no seat)",
                                 f"events: {describe(round_record.events)}", cards_of_record(round_record))


@then("the third cards are dealt face up")
def thirds_face_up(round_record: m.RoundRecord, table: TableHandle, clause: str) -> None:
    thirds = card_events(round_record.events)[4:]
    if not thirds:
        table.not_as_stacked(round_record, "this round has no third card")
    if any(face_up(e) is not True for _, e in thirds):
        raise Nonconformance(clause, "third cards dealt face up", f"card events: {describe([e for _, e in thirds])}",
                             cards_of_record(round_record))


# ------------------------------------------------------------------ § 631a.9(d), (f)
def _turner_text(seat: Optional[int]) -> str:
    return "the dealer calling the game" if seat is None else f"seat {seat}"


def _check_turner(record: m.RoundRecord, clause: str, hand: str, seat: Optional[int]) -> int:
    found = _reveals(record, hand, third=False)
    if len(found) != 1 or found[0][1].seat != seat:
        seen = ", ".join(_turner_text(e.seat) for _, e in found) or "no reveal event"
        raise Nonconformance(clause, f"{_turner_text(seat)} turns the {HAND_NAMES[hand]} over",
                             f"turned over by {seen}; events: {describe(record.events)}", cards_of_record(record))
    return found[0][0]


def _oracle_turner(table: Any, wagers: Wagers, hand: str) -> Optional[int]:
    bets = {seat: stake for (seat, t), (_, stake) in wagers.placed.items() if t.wager_type == hand}
    seats = getattr(table, "seats", None)
    if seats:
        occupied = [s.seat for s in seats if s.occupied]
        accepting = [s.seat for s in seats if s.occupied and s.accepts_cards]
    else:
        occupied = accepting = list(range(1, 16))
    return ch631a.card_turner(bets, occupied, accepting)


@then(phrase("seat {seat:d} is handed the {hand:Hand} to turn over"))
def seat_turns(round_record: m.RoundRecord, table: Any, wagers: Wagers, clause: str, seat: int, hand: str) -> None:
    if _oracle_turner(table, wagers, hand) != seat:
        raise ValueError(f"feature error: § 631a.9(d) hands the {HAND_NAMES[hand]} to "
                         f"{_turner_text(_oracle_turner(table, wagers, hand))}, the step says seat {seat}")
    _check_turner(round_record, clause, hand, seat)


@then(phrase("the dealer calling the game turns the {hand:Hand} over"))
def dealer_turns(round_record: m.RoundRecord, table: Any, wagers: Wagers, clause: str, hand: str) -> None:
    if _oracle_turner(table, wagers, hand) is not None:
        raise ValueError(f"feature error: § 631a.9(d) hands the {HAND_NAMES[hand]} to a player here")
    _check_turner(round_record, clause, hand, None)


@then("each hand's Point Count is announced as soon as it is turned over, the Player's Hand first")
def announced_after_turn(round_record: m.RoundRecord, clause: str) -> None:
    events = round_record.events
    player = _reveals(round_record, "player", third=False)
    banker = _reveals(round_record, "banker", third=False)
    if not player or not banker or player[0][0] > banker[0][0]:
        raise Nonconformance(clause, "the Player's Hand turned over, then the Banker's Hand",
                             f"events: {describe(events)}", cards_of_record(round_record))
    for hand, (i, _), until in (("player", player[0], banker[0][0]), ("banker", banker[0], len(events))):
        want = ch631a.point_count([c for c in (round_record.player if hand == "player" else round_record.banker
                                              ).cards[:2]])  # type: ignore[union-attr]
        said_at = first(events, lambda e, h=hand: point_count_said(e, h) is not None, i)
        if said_at is None or said_at > until or point_count_said(events[said_at], hand) != want:
            raise Nonconformance(clause, f"the Point Count of the {HAND_NAMES[hand]}, {want}, announced after it is "
                                         "turned over" + (" and before the Banker's Hand is handed out"
                                                          if hand == "player" else ""),
                                 f"events: {describe(events)}", cards_of_record(round_record))


def _third_turner(table: TableHandle, record: m.RoundRecord, clause: str, hand: str, seat: Optional[int]) -> None:
    card_at = [(i, e) for i, e in card_events(record.events, (hand,))][2:]
    if not card_at:
        table.not_as_stacked(record, f"the {HAND_NAMES[hand]} has no third card in this round")
    i, card = card_at[0]
    if face_up(card) is not False:
        raise Nonconformance(clause, f"the third card of the {HAND_NAMES[hand]} placed face down",
                             f"card event: {describe([card])}", cards_of_record(record))
    found = [e for e in record.events[i:] if e.type == "reveal" and e.hand == hand and e.card == card.card]
    if len(found) != 1 or found[0].seat != seat:
        seen = ", ".join(_turner_text(e.seat) for e in found) or "no reveal event"
        raise Nonconformance(clause, f"the third card {card.card} handed to {_turner_text(seat)}, who turned the "
                                     f"{HAND_NAMES[hand]} over",
                             f"turned over by {seen}; events: {describe(record.events)}", cards_of_record(record))


@then(phrase("seat {seat:d} is handed the third card of the {hand:Hand}"))
def seat_turns_third(round_record: m.RoundRecord, table: TableHandle, clause: str, seat: int, hand: str) -> None:
    _third_turner(table, round_record, clause, hand, seat)


@then(phrase("the dealer calling the game turns the third card of the {hand:Hand}"))
def dealer_turns_third(round_record: m.RoundRecord, table: TableHandle, clause: str, hand: str) -> None:
    _third_turner(table, round_record, clause, hand, None)


# ------------------------------------------------------------------ § 631a.10(a), (b)
def _initial_counts_said(record: m.RoundRecord) -> tuple[Optional[int], Optional[int], int]:
    """Indexes of the first Player's and Banker's Point Count announcements after the
    fourth card, and the index of the first third card (or len(events))."""
    events = record.events
    dealt = card_events(events)
    fourth = dealt[3][0] if len(dealt) >= 4 else len(events)
    third = dealt[4][0] if len(dealt) > 4 else len(events)
    p = first(events, lambda e: point_count_said(e, "player") is not None, fourth)
    b = first(events, lambda e: point_count_said(e, "banker") is not None, fourth)
    return p, b, third


@then("the Point Counts of both hands are announced after the four initial cards and before any third card")
def counts_before_third(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    p, b, third = _initial_counts_said(round_record)
    coup = ch631a.deal(stacked_cards)
    want = (ch631a.point_count(coup.player[:2]), ch631a.point_count(coup.banker[:2]))
    events = round_record.events
    got = (point_count_said(events[p], "player") if p is not None else None,
           point_count_said(events[b], "banker") if b is not None else None)
    if p is None or b is None or p > third or b > third or got != want:
        raise Nonconformance(clause, f"\"player {want[0]}\" and \"banker {want[1]}\" announced after the four initial "
                                     "cards and before any third card",
                             f"events: {describe(events)}", stacked_cards)


@then("the third cards are dealt after the Point Counts of both hands are announced")
def third_after_counts(round_record: m.RoundRecord, stacked_cards: list[str], table: TableHandle,
                       clause: str) -> None:
    p, b, third = _initial_counts_said(round_record)
    if len(card_events(round_record.events)) <= 4:
        table.not_as_stacked(round_record, "this round has no third card")
    if p is None or b is None or third < max(p, b):
        raise Nonconformance(clause, "the dealer announces the Point Counts of both hands, then instructs the "
                                     "curator to deal the third cards",
                             f"events: {describe(round_record.events)}", stacked_cards)


# ------------------------------------------------------------------ § 631a.12(a)
def _after_last_card(record: m.RoundRecord) -> list[m.Event]:
    dealt = card_events(record.events)
    return record.events[dealt[-1][0] + 1:] if dealt else list(record.events)


@then("the dealer announces the final Point Count of each hand and the winning hand")
def announces_result(round_record: m.RoundRecord, stacked_cards: list[str], clause: str) -> None:
    """The final Point Counts and the winner, announced after the last card; when neither
    hand draws, after the announcement of the initial Point Counts too (§ 631a.10(a),
    § 631a.9(d)), which does not stand in for them (interpretation
    631a.12-a-final-count-of-two-card-hands)."""
    coup = ch631a.deal(stacked_cards)
    after = _after_last_card(round_record)
    if len(card_events(round_record.events)) <= 4:
        p0, b0, _ = _initial_counts_said(round_record)
        if p0 is not None and b0 is not None:
            after = round_record.events[max(p0, b0) + 1:]
    p = next((point_count_said(e, "player") for e in after if point_count_said(e, "player") is not None), None)
    b = next((point_count_said(e, "banker") for e in after if point_count_said(e, "banker") is not None), None)
    texts = [(e.text or "").strip().lower() for e in after if e.type == "announcement"]
    if coup.winner == "tie":
        winner_said = "tie hand" in texts
    else:
        winner_said = any(re.fullmatch(rf"{coup.winner}(?:'s hand)? wins", t) for t in texts)
    if (p, b) != (coup.player_count, coup.banker_count) or not winner_said:
        want_winner = "tie hand" if coup.winner == "tie" else f"{coup.winner} wins"
        raise Nonconformance(clause, f"after the last card: \"player {coup.player_count}\", "
                                     f"\"banker {coup.banker_count}\" and \"{want_winner}\"",
                             f"announced: {texts}", stacked_cards)


@then(parsers.parse('the dealer announces "{text}" after the last card'))
def announces(round_record: m.RoundRecord, clause: str, text: str) -> None:
    after = _after_last_card(round_record)
    if not any(said(e, text) for e in after):
        raise Nonconformance(clause, f"the dealer announces \"{text}\" after the last card",
                             f"announced: {[e.text for e in after if e.type == 'announcement']}",
                             cards_of_record(round_record))


# ------------------------------------------------------------------ § 631a.1 Natural
@then(phrase("the {hand:Hand} is reported as a Natural"))
def reported_natural(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, hand: str) -> None:
    _natural(round_record, stacked_cards, clause, hand, True)


@then(phrase("the {hand:Hand} is not reported as a Natural"))
def reported_not_natural(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, hand: str) -> None:
    _natural(round_record, stacked_cards, clause, hand, False)


def _natural(record: m.RoundRecord, stacked: list[str], clause: str, hand: str, natural: bool) -> None:
    coup = ch631a.deal(stacked)
    cards = coup.player if hand == "player" else coup.banker
    if ch631a.is_natural(cards) != natural:
        raise ValueError(f"feature error: {' '.join(cards)} is {'' if ch631a.is_natural(cards) else 'not '}a Natural")
    h = record.player if hand == "player" else record.banker
    if h is None or h.natural != natural:
        raise Nonconformance(clause, f"the {HAND_NAMES[hand]} {' '.join(cards)} is {'' if natural else 'not '}a "
                                     "Natural (a Point Count of 8 or 9 on the first two cards dealt)",
                             f"reported natural={h.natural if h else None}", stacked)
