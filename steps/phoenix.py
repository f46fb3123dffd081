"""Steps of 58 Pa. Code Ch. 629b §§ 629b.4–629b.6: the alternative card reveal of
Midibaccarat, Rising Phoenix Baccarat and its Bonus wagers, and Golden Talons.

Reveal order (§ 629b.4(b)) is read from the round's ``reveal`` events (``hand``, and
``seat`` when a player turned the hand face up); a player asks for the Banker's Hand
first with ``DealChoice(seat, reveal_banker_first=True)`` in ``deal_round``.
Settlement is checked as the steps of :mod:`.wagers` check it; a Bonus wager is the target
``Rising Phoenix Bonus "<row of the § 629b.5(h)(2) table>"``.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.oracle import Odds
from baccarat_conformance.oracle import alternative_reveal, rising_phoenix
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._events import result_said
from ._results import Wagers, check_result, result_of
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import HAND_NAMES, cards_of_record
from ._wager_targets import Target, option_name

SETTLEMENT_EVENTS = ("pay", "collect", "push", "return")


# ------------------------------------------------------------------ Rules Submission gates
@given(parsers.parse('the Rules Submission offers the Rising Phoenix Bonus "{hand}"'))
def offers_bonus(rules_submission: RulesSubmission, hand: str) -> None:
    """Skip as "not offered" unless the profile offers this Bonus wager (§ 629b.5(e), (g)(4))."""
    from baccarat_conformance.inputs.wager_options import MODELS

    option = option_name(hand)
    if option not in rising_phoenix.BONUS_ODDS:
        raise ValueError(f"{hand!r} is no row of the § 629b.5(h)(2) odds table")
    offered = rules_submission.wagers.get("rising_phoenix_bonus")
    if offered is None:
        pytest.skip("not offered: the Rules Submission does not offer the Rising Phoenix Bonus wagers")
    bonuses = MODELS["rising_phoenix_bonus"].model_validate(offered.model_dump(exclude_none=True)).bonuses
    if option not in bonuses:
        pytest.skip(f"not offered: the Rules Submission does not offer the Bonus wager {hand!r}")


@given(parsers.parse("the Rules Submission pays Golden Talons by Paytable {letter}"))
def golden_talons_paytable(rules_submission: RulesSubmission, letter: str) -> None:
    """Skip as "not offered" unless the profile names this Golden Talons paytable (§ 629b.6(f))."""
    options = rules_submission.wagers.get("golden_talons")
    chosen = options.paytable if options is not None else None
    if chosen != letter:
        pytest.skip(f"not offered: the Rules Submission pays Golden Talons by Paytable {chosen}, not {letter}")


# ------------------------------------------------------------------ wagers the game must refuse
@then("the game refuses the attempted wager")
def refused(attempt: tuple[Target, Any, m.WagerAck], clause: str) -> None:
    """Judges the wager of ``seat N attempts to wager $X on <target>`` (a step of
    :mod:`.progressives`, target fixture ``attempt``)."""
    t, stake, ack = attempt
    if ack.accepted:
        raise Nonconformance(clause, f"the game refuses the ${stake} {t.describe()} wager",
                             f"accepted it as wager {ack.wager_id}")


# ------------------------------------------------------------------ § 629b.4 alternative card reveal
@when(parsers.parse("the round is dealt with seat {seat:d} asking to see the Banker's Hand first"),
      target_fixture="round_record")
def dealt_banker_first(table: TableHandle, seat: int) -> m.RoundRecord:
    return table.deal(choices=[m.DealChoice(seat=seat, reveal_banker_first=True)])


def _reveals(record: m.RoundRecord, clause: str) -> list[m.Event]:
    reveals = [e for e in record.events if e.type == "reveal" and e.hand in HAND_NAMES]
    for hand in HAND_NAMES:
        if not any(e.hand == hand for e in reveals):
            raise Nonconformance(clause, f"a reveal event for the {HAND_NAMES[hand]}",
                                 f"reveal events {[e.hand for e in reveals]}", cards_of_record(record))
    return reveals


def _placed(wagers: Wagers) -> list[tuple[int, str, Any]]:
    return [(seat, target.wager_type, amount) for (seat, target), (_, amount) in wagers.placed.items()]


@then(phrase("the {first:Hand} is revealed before the {second:Hand}"))
def revealed_before(round_record: m.RoundRecord, wagers: Wagers, clause: str, first: str, second: str) -> None:
    """§ 629b.4(b): the hand revealed first. The Banker's Hand may come first only when "all
    players have wagered on the Player's Hand" (:func:`~baccarat_conformance.oracle.
    alternative_reveal.all_on_player_hand`); a feature that says otherwise is a feature error."""
    if first == "banker" and not alternative_reveal.all_on_player_hand(_placed(wagers)):
        raise ValueError("feature error: § 629b.4(b) reveals the Banker's Hand first only when all players "
                         "have wagered on the Player's Hand")
    order = [e.hand for e in _reveals(round_record, clause)]
    if order.index(first) > order.index(second):
        raise Nonconformance(clause, f"the {HAND_NAMES[first]} is revealed before the {HAND_NAMES[second]}",
                             f"revealed in the order {', '.join(HAND_NAMES[h] for h in order)}",
                             cards_of_record(round_record))


@then(parsers.parse("the Player's Hand is turned face up by seat {seat:d}"))
def player_hand_turned_by(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int) -> None:
    """§ 629b.4(b): the Player's Hand is turned face up by "the player with the highest wager on the
    Player's Hand" (:func:`~baccarat_conformance.oracle.alternative_reveal.highest_player_wager_seat`)."""
    highest = alternative_reveal.highest_player_wager_seat(_placed(wagers))
    if highest != seat:
        raise ValueError(f"feature error: § 629b.4(b) hands the Player's Hand to seat {highest}, the step says "
                         f"seat {seat}")
    event = next(e for e in _reveals(round_record, clause) if e.hand == "player")
    if event.seat != seat:
        who = f"seat {event.seat}" if event.seat else "the dealer"
        raise Nonconformance(clause, f"the two cards of the Player's Hand are handed face down to seat {seat}, "
                             "the player with the highest wager on the Player's Hand, who turns them face up",
                             f"the Player's Hand was revealed by {who}", cards_of_record(round_record))


# ------------------------------------------------------------------ settlement
@then(phrase("the wager of seat {seat:d} on {target:Wager} is a winning wager"))
def is_winning(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target) -> None:
    """The wager wins; what it is paid is checked by the paytable's own scenarios."""
    check_result(round_record, wagers, seat, target, clause, "win", None, "wins")


@then(parsers.parse("the Tie wager of seat {seat:d} is paid at the Tie odds of the Rules Submission"))
def tie_wins_at_profile_odds(round_record: m.RoundRecord, wagers: Wagers, rules_submission: RulesSubmission, clause: str,
                             seat: int) -> None:
    odds = Odds.parse(rules_submission.tie_odds)
    tie = Target("tie")
    _, stake = wagers.placed[(seat, tie)]
    paid = odds.total_return(stake)
    check_result(round_record, wagers, seat, tie, clause, "win", paid,
                 f"wins at the Rules Submission's Tie odds of {odds} (${paid} returned in all)", rules_submission)


@then(phrase("the wager of seat {seat:d} on {target:Wager} is settled after the result of the round is announced"))
def settled_after_result(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target) -> None:
    """§ 629b.6(d), § 629b.7(f): the wager's settlement event comes after the last card of
    the round and after the announcement of its result (``player wins``, ``banker wins``
    or ``tie hand``), not merely after the Point Counts."""
    r = result_of(round_record, wagers, seat, target, clause)
    events = round_record.events
    settle_at = next((i for i, e in enumerate(events) if e.type in SETTLEMENT_EVENTS and e.wager_id == r.wager_id),
                     None)
    if settle_at is None:
        raise Nonconformance(clause, f"a settlement event for the {target.describe()} wager of seat {seat}",
                             "no pay, collect or push event names it", cards_of_record(round_record))
    last_card = max(i for i, e in enumerate(events) if e.type == "card")
    announced = [i for i, e in enumerate(events) if result_said(e) and last_card < i < settle_at]
    if settle_at < last_card or not announced:
        raise Nonconformance(clause, f"the {target.describe()} wager of seat {seat} is settled after the round is "
                             "completed and its result announced",
                             f"settled at event {settle_at} ({events[settle_at].type}); last card at event "
                             f"{last_card}; result announcements in between: {len(announced)}", cards_of_record(round_record))


# ------------------------------------------------------------------ § 629b.5(f) decks
@when("a shuffled shoe is started for Rising Phoenix Baccarat", target_fixture="shuffled_shoe")
def shuffled_shoe(table: TableHandle) -> m.ShoeRecord:
    return table.start_shoe(None)


@then("the shoe holds six or eight decks, as many as the Rules Submission names")
def six_or_eight_decks(shuffled_shoe: m.ShoeRecord, rules_submission: RulesSubmission, clause: str) -> None:
    shoe = shuffled_shoe
    want = rules_submission.decks
    if not rising_phoenix.is_rising_phoenix_decks(shoe.decks) or shoe.decks != want:
        raise Nonconformance(clause, f"a shoe of {want} decks (six or eight)", f"a shoe of {shoe.decks} decks")
    if shoe.cards is not None:  # capability shoe_disclosure: the whole stack, before the burn
        counts: dict[str, int] = {}
        for card in shoe.cards:
            counts[card] = counts.get(card, 0) + 1
        deck = [r + s for r in m.RANKS for s in m.SUITS]
        wrong = sorted(c for c in deck if counts.get(c, 0) != want) + sorted(set(counts) - set(deck))
        if len(shoe.cards) != 52 * want or wrong:
            raise Nonconformance(clause, f"{want} complete decks: {52 * want} cards, each card {want} times",
                                 f"{len(shoe.cards)} cards; off count: {', '.join(wrong[:8]) or 'none'}")
