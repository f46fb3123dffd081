"""Steps on the order in which wagers are settled and vigorish is charged, read from
the round's ordered events (58 Pa. Code § 631a.9(e), § 631a.12(b), § 631a.13(d)).

Events used: ``collect`` (a losing wager collected), ``pay`` (a winning wager paid),
``vigorish_collected`` / ``vigorish_marked``, ``house_money_added`` and ``card``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from pytest_bdd import parsers, then, when

from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import counts_judgements, judged
from baccarat_conformance.oracle.settlement_order import (OrderProblem, Settlement, losers_before_winners,
                                                            paid_from_highest_seat, vigorish_after_each_payment)
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._events import card_events, describe
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record

VIG = ("vigorish_collected", "vigorish_marked")
NO_VIGORISH_VARIANTS = ("ez_baccarat", "commission_free")


def charges_vigorish(rules_submission: RulesSubmission) -> bool:
    """Whether the Rules Submission's game extracts a vigorish on a winning Banker wager
    (§ 631a.13(c)): not EZ Baccarat (§ 631a.1) nor a commission-free game."""
    return (rules_submission.variant not in NO_VIGORISH_VARIANTS
            and not getattr(rules_submission, "commission_free", False)
            and getattr(rules_submission, "commission", "standard") == "standard")


def _ids_of(record: m.RoundRecord, *types: str, exclude: tuple[str, ...] = ()) -> set[str]:
    return {w.wager_id for w in record.wagers
            if (not types or w.wager_type in types) and w.wager_type not in exclude}


def _final_events(record: m.RoundRecord) -> list[tuple[int, m.Event]]:
    """(index, event) of the settlement events of the wagers settled after the result
    (every wager but House Money, which § 631a.9(e) settles earlier)."""
    final = _ids_of(record, exclude=("house_money",))
    return [(i, e) for i, e in enumerate(record.events)
            if (e.type in ("collect", "pay", "push") and e.wager_id in final) or e.type in VIG]


# ------------------------------------------------------------------ § 631a.12(b)
def _settlements(record: m.RoundRecord) -> list[Settlement]:
    """The round's final settlement actions (:func:`_final_events`) for the oracle's rule."""
    kinds = {"collect": "collect", "pay": "pay", **{t: "vigorish" for t in VIG}}
    return [Settlement(kinds[e.type], e.seat, e.wager_id) for _, e in _final_events(record) if e.type in kinds]


def _judge(problem: Optional[OrderProblem], clause: str, record: m.RoundRecord) -> None:
    if problem is not None:
        raise Nonconformance(clause, problem.required,
                             f"{problem.observed}; events: {describe([e for _, e in _final_events(record)])}",
                             cards_of_record(record))


def _by_result(record: m.RoundRecord, result: str) -> list[m.WagerResult]:
    return [w for w in record.wagers if w.result == result and w.wager_type != "house_money"]


@then("every losing wager is collected before any winning wager is paid")
@then("the losing wagers are collected before any winning wager is paid")
def losers_first(round_record: m.RoundRecord, clause: str) -> None:
    losing = [w.wager_id for w in _by_result(round_record, "lose")]
    winning = [w.wager_id for w in _by_result(round_record, "win")]
    if not losing or not winning:
        raise ValueError("feature error: the round needs both losing and winning wagers")
    _judge(losers_before_winners(_settlements(round_record), losing=losing, winning=winning), clause, round_record)


@then("the winning wagers are paid from the highest-numbered seat down")
def paid_descending(round_record: m.RoundRecord, clause: str) -> None:
    seats = sorted({w.seat for w in _by_result(round_record, "win")})
    if len(seats) < 2:
        raise ValueError("feature error: the round needs winning wagers at two seats at least")
    _judge(paid_from_highest_seat(_settlements(round_record), winning_seats=seats), clause, round_record)


@then("each seat's vigorish is marked or collected immediately after that seat is paid, unless EZ Baccarat")
def vig_after_each(round_record: m.RoundRecord, rules_submission: RulesSubmission, clause: str) -> None:
    owed: dict[int, Decimal] = {}
    for w in round_record.wagers:
        if w.vigorish:
            owed[w.seat] = owed.get(w.seat, Decimal(0)) + w.vigorish
    actions = _settlements(round_record)
    if not charges_vigorish(rules_submission):
        if owed:
            raise Nonconformance(clause, f"no vigorish at a {rules_submission.variant} table",
                                 f"vigorish {owed}", cards_of_record(round_record))
        _judge(vigorish_after_each_payment(actions, owed={}), clause, round_record)
        return
    banker_winners = {w.wager_id for w in _by_result(round_record, "win") if w.wager_type == "banker"}
    seats = {a.seat for a in actions if a.kind == "pay" and a.wager in banker_winners}
    if not seats:
        raise ValueError("feature error: no winning Banker wager in this round")
    _judge(vigorish_after_each_payment(actions, owed={s: owed.get(s) for s in seats}), clause, round_record)
    events = [e for _, e in _final_events(round_record)]
    for seat in sorted(seats, reverse=True):
        taken = [e for e in events if e.type in VIG and e.seat == seat]
        if [e.amount for e in taken] != [owed.get(seat)]:
            raise Nonconformance(clause, f"the vigorish of seat {seat}, ${owed.get(seat)}, marked or collected",
                                 f"{describe(taken) or 'no vigorish event'}", cards_of_record(round_record))


# ------------------------------------------------------------------ § 631a.13(d)
def _vig_event(record: m.RoundRecord, seat: int) -> list[tuple[int, m.Event]]:
    return [(i, e) for i, e in enumerate(record.events) if e.type in VIG and e.seat == seat]


@then(parsers.parse("the vigorish of seat {seat:d} is collected at the time its winning payout is made"))
def collected_at_payout(round_record: m.RoundRecord, clause: str, seat: int) -> None:
    found = _vig_event(round_record, seat)
    pays = [i for i, e in enumerate(round_record.events) if e.type == "pay" and e.seat == seat]
    if len(found) != 1 or found[0][1].type != "vigorish_collected" or not pays or found[0][0] != pays[-1] + 1:
        raise Nonconformance(clause, f"the vigorish of seat {seat} collected with its winning payout "
                                     "(vigorish_collected right after the pay event)",
                             f"events: {describe(round_record.events)}", cards_of_record(round_record))


@then(phrase("the vigorish of seat {seat:d}, {amount:Money}, is marked at its seat number and not yet collected"))
def marked(round_record: m.RoundRecord, clause: str, seat: int, amount: Decimal) -> None:
    found = _vig_event(round_record, seat)
    if len(found) != 1 or found[0][1].type != "vigorish_marked" or found[0][1].amount != amount:
        raise Nonconformance(clause, f"the vigorish of seat {seat}, ${amount}, tracked at the space numbered {seat} "
                                     "(vigorish_marked), not collected at payout",
                             f"events: {describe([e for _, e in found]) or 'no vigorish event'}",
                             cards_of_record(round_record))


@then(parsers.parse("the marker of seat {seat:d} is removed only when the vigorish it tracks is collected"))
@counts_judgements
def marker_removed_when_collected(table: TableHandle, clause: str, seat: int) -> None:
    """§ 631a.13(d)(2)(iii): a seat's tracked vigorish may be collected in any later round
    ("At a later time", § 631a.13(d)(2)), but only the whole amount its marker tracks: what
    it owed before the round, or that and what the round marked. A collection of any other
    amount removed a marker whose vigorish was not collected."""
    judged(len(table.records), "rounds checked")
    owed = Decimal(0)
    for record in table.records:
        marked = sum((e.amount or Decimal(0) for e in record.events if e.type == "vigorish_marked" and e.seat == seat),
                     Decimal(0))
        got = _collected(record.events, seat)
        if got not in (Decimal(0), owed, owed + marked):
            raise Nonconformance(clause, f"the marker of seat {seat} stays on the layout until the vigorish it tracks "
                                         f"is collected: a round collects nothing or the ${owed} owed before it"
                                         + (f", or ${owed + marked} with the vigorish it marked" if marked else ""),
                                 f"round {record.round_id} collected ${got}: "
                                 f"{describe([e for e in record.events if e.type in VIG and e.seat == seat])}",
                                 cards_of_record(record))
        owed = Decimal(0) if got == owed + marked else marked if got else owed + marked


@when("a new dealing shoe is started", target_fixture="shoe_record")
def new_shoe(table: TableHandle) -> m.ShoeRecord:
    return table.start_shoe(None)


@when(parsers.parse("the player in seat {seat:d} leaves the table"), target_fixture="leave_events")
def leaves(table: TableHandle, seat: int) -> list[m.Event]:
    return table.game.player_leaves(table.table_id, seat)


def _collected(events: list[m.Event], seat: int) -> Decimal:
    return sum((e.amount or Decimal(0) for e in events if e.type == "vigorish_collected" and e.seat == seat),
               Decimal(0))


@then(phrase("{amount:Money} of vigorish is collected from seat {seat:d} before play begins with the new "
             "dealing shoe"))
def collected_at_new_shoe(shoe_record: m.ShoeRecord, clause: str, amount: Decimal, seat: int) -> None:
    """Nothing collected of what is owed fails § 631a.13(d)(2)(i) (the vigorish is carried
    into the new dealing shoe); an amount collected other than what is owed fails
    § 631a.13(d)(2)(ii): the marker did not contain the amount of the vigorish owed (each
    win's vigorish added to it, nothing once it was collected)."""
    got = _collected(shoe_record.events, seat)
    if got != amount:
        named_clause = "631a.13(d)(2)(i)" if amount and not got else "631a.13(d)(2)(ii)"
        what = ("collected before play begins with a new dealing shoe" if named_clause.endswith("(i)") else
                "held by the marker at its seat number (every win's vigorish added) and collected")
        raise Nonconformance(named_clause, f"the outstanding vigorish of seat {seat}, ${amount}, {what}",
                             f"collected ${got}: {describe(shoe_record.events)}")


@then(phrase("{amount:Money} of vigorish in all is collected from seat {seat:d} by the time play begins with the "
             "new dealing shoe"))
def collected_in_all_by_new_shoe(table: TableHandle, shoe_record: m.ShoeRecord, clause: str, amount: Decimal,
                                 seat: int) -> None:
    """What the rounds collected from ``seat`` (at any later round, § 631a.13(d)(2)) and
    what was collected before play with the new dealing shoe add up to ``amount``, all the
    vigorish the seat owed. Something owed and nothing collected with the new shoe fails
    § 631a.13(d)(2)(i) (carried into the new dealing shoe); another total fails
    § 631a.13(d)(2)(ii): the marker did not contain the amount of the vigorish owed."""
    in_rounds = sum((_collected(r.events, seat) for r in table.records), Decimal(0))
    at_shoe = _collected(shoe_record.events, seat)
    if in_rounds + at_shoe != amount:
        carried = amount > in_rounds and not at_shoe
        named_clause = "631a.13(d)(2)(i)" if carried else "631a.13(d)(2)(ii)"
        what = ("collected by the time play begins with a new dealing shoe" if carried else
                "held by the marker at its seat number (every win's vigorish added) and collected")
        raise Nonconformance(named_clause, f"the vigorish of seat {seat}, ${amount} in all, {what}",
                             f"collected ${in_rounds} in the rounds and ${at_shoe} with the new dealing shoe: "
                             f"{describe(shoe_record.events)}")


@then(phrase("{amount:Money} of vigorish is collected from seat {seat:d} as the player leaves"))
def collected_on_leaving(leave_events: list[m.Event], clause: str, amount: Decimal, seat: int) -> None:
    got = _collected(leave_events, seat)
    if got != amount:
        raise Nonconformance(clause, f"the outstanding vigorish of seat {seat}, ${amount}, collected when the player "
                                     "leaves the gaming table",
                             f"collected ${got}: {describe(leave_events)}")


# ------------------------------------------------------------------ § 631a.9(e)
def _house_money(record: m.RoundRecord) -> list[tuple[int, m.Event]]:
    ids = _ids_of(record, "house_money")
    return [(i, e) for i, e in enumerate(record.events)
            if (e.type in ("collect", "pay", "push") and e.wager_id in ids) or e.type == "house_money_added"]


@then("the House Money wagers are settled after the four initial cards are turned face up and before any third card")
def house_money_timing(round_record: m.RoundRecord, table: TableHandle, clause: str) -> None:
    events = round_record.events
    dealt = card_events(events)
    hm = _house_money(round_record)
    if len(hm) < len(_ids_of(round_record, "house_money")) or not hm:
        raise Nonconformance(clause, "every House Money wager collected or paid", f"events: {describe(events)}",
                             cards_of_record(round_record))
    turned = [i for i, e in enumerate(events) if e.type == "reveal" and e.card is None]
    after = max([dealt[3][0]] + turned)
    before = dealt[4][0] if len(dealt) > 4 else len(events)
    if len(dealt) <= 4:
        table.not_as_stacked(round_record, "the round needs a third card")
    if any(not after < i < before for i, _ in hm):
        raise Nonconformance(clause, "House Money wagers settled after the initial two cards of each hand are turned "
                                     "face up and before any third card is dealt",
                             f"events: {describe(events)}", cards_of_record(round_record))


@then("the third cards are dealt after the House Money wagers are settled")
def thirds_after_house_money(round_record: m.RoundRecord, table: TableHandle, clause: str) -> None:
    dealt = card_events(round_record.events)
    hm = _house_money(round_record)
    if len(dealt) <= 4:
        table.not_as_stacked(round_record, "the round needs a third card")
    if not hm:
        raise Nonconformance(clause, "the House Money wagers settled, then the third cards dealt",
                             f"no House Money wager settled; events: {describe(round_record.events)}",
                             cards_of_record(round_record))
    if dealt[4][0] < max(i for i, _ in hm):
        raise Nonconformance(clause, "the game resumes with the third cards after the House Money wagers are settled",
                             f"events: {describe(round_record.events)}", cards_of_record(round_record))


@then(phrase("the House Money wagers are settled from the dealer's right counterclockwise: seats {seats:Seats}"))
def house_money_order(round_record: m.RoundRecord, clause: str, seats: list[int]) -> None:
    got = [e.seat for _, e in _house_money(round_record) if e.type in ("collect", "pay", "push")]
    if got != seats:
        raise Nonconformance(clause, f"House Money wagers settled beginning from the dealer's right, moving "
                                     f"counterclockwise: seats {seats}",
                             f"settled seats {got}", cards_of_record(round_record))
