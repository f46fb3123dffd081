"""Steps that place wagers and check their settlement: result, amount paid and
vigorish, to the cent (money is ``Decimal``; odds are exact fractions).

Wager phrases (``target``) read like the regulation; their grammar is
:mod:`._wager_targets`.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import judged
from baccarat_conformance.oracle import Odds
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._results import Wagers, check_result, place as place_wager, result_of
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record
from ._wager_targets import Target

VIGORISH_CLAUSE = "631a.13(c)"
"""The clause that sets the vigorish on a winning Banker wager (the oracle's
``vigorish_clause`` of the Banker settler)."""


@pytest.fixture
def wagers() -> Wagers:
    """The wagers of the running scenario (empty at its start)."""
    return Wagers()


@given(phrase("seat {seat:d} wagers {amount:Money} on {target:Wager}"), target_fixture="wagers")
def place(table: TableHandle, seat: int, amount: Decimal, target: Target, clause: str, wagers: Wagers) -> Wagers:
    return place_wager(table, seat, amount, target, clause, wagers)


@when('the dealer announces "no more bets"', target_fixture="no_more_bets_events")
def announce_no_more_bets(table: TableHandle) -> list[m.Event]:
    return table.game.no_more_bets(table.table_id)


@then(phrase("the wager of seat {seat:d} on {target:Wager} wins at {odds}"))
def wins_at(round_record: m.RoundRecord, wagers: Wagers, table: TableHandle, rules_submission: RulesSubmission, clause: str,
            seat: int, target: Target, odds: str) -> None:
    o = Odds.parse(odds)
    _, stake = wagers.placed[(seat, target)]
    paid = o.total_return(stake)
    check_result(round_record, wagers, seat, target, clause, "win", paid,
                 f"wins at {o} (${paid} returned in all)", rules_submission, table.rules)


@then(phrase("the wager of seat {seat:d} on {target:Wager} loses"))
def loses(round_record: m.RoundRecord, wagers: Wagers, table: TableHandle, rules_submission: RulesSubmission, clause: str,
          seat: int, target: Target) -> None:
    check_result(round_record, wagers, seat, target, clause, "lose", Decimal("0"),
                 "loses and is collected", rules_submission, table.rules)


@then(phrase("the wager of seat {seat:d} on {target:Wager} loses or is returned"))
def loses_or_returned(round_record: m.RoundRecord, wagers: Wagers, table: TableHandle, rules_submission: RulesSubmission,
                      clause: str, seat: int, target: Target) -> None:
    """Where the regulation gives the hands no result (a Lucky Six on a six-six tie:
    neither the win nor either loss of § 631c.5(c)(3)), the wager does not win: it is
    collected, or returned whole (interpretation 631c.5-c-3-lucky-six-tie-on-six)."""
    _, stake = wagers.placed[(seat, target)]
    r = result_of(round_record, wagers, seat, target, clause)
    if r.result == "push" and r.paid == stake:
        judged(1, "wagers settled")
        return
    check_result(round_record, wagers, seat, target, clause, "lose", Decimal("0"),
                 "loses and is collected, or is returned whole", rules_submission, table.rules)


@then(phrase("the wager of seat {seat:d} on {target:Wager} pushes"))
def pushes(round_record: m.RoundRecord, wagers: Wagers, table: TableHandle, rules_submission: RulesSubmission, clause: str,
           seat: int, target: Target) -> None:
    _, stake = wagers.placed[(seat, target)]
    check_result(round_record, wagers, seat, target, clause, "push", stake,
                 "ties and is returned to the player", rules_submission, table.rules)


@then(phrase("the wager of seat {seat:d} on {target:Wager} is void and returned"))
def is_void(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target) -> None:
    _, stake = wagers.placed[(seat, target)]
    check_result(round_record, wagers, seat, target, clause, "void", stake, "is void and returned")


@then(phrase("seat {seat:d} owes vigorish of {amount:Money} on the Banker's Hand"))
def vigorish_is(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, amount: Decimal) -> None:
    r = result_of(round_record, wagers, seat, Target("banker"), clause)
    if r.vigorish != amount:
        raise Nonconformance(named(clause, "commission", VIGORISH_CLAUSE),
                             f"vigorish of ${amount} on seat {seat}'s winning Banker wager of ${r.amount}",
                             f"charged ${r.vigorish}", cards_of_record(round_record))


@then(parsers.parse("no vigorish is charged to seat {seat:d}"))
def no_vigorish(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int) -> None:
    charged = [r for r in round_record.wagers if r.seat == seat and r.vigorish != 0]
    events = [e for e in round_record.events if e.type.startswith("vigorish") and e.seat == seat]
    if charged or events:
        raise Nonconformance(named(clause, "commission"), f"no vigorish is charged to seat {seat}",
                             f"charged {', '.join(f'${r.vigorish} on {r.wager_type}' for r in charged) or events}",
                             cards_of_record(round_record))
