"""Steps on the seats of a table and the dealing shoe's curator (58 Pa. Code
§ 631a.7, § 631a.14): which players are seated, who accepts the dealing shoe, to
whom it is offered and in what order.

Seat directions follow interpretation seat-direction-counterclockwise:
counterclockwise is ascending seat number, wrapping from the highest seat to seat 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pytest_bdd import given, parsers, then

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._deal_check import breach
from ._events import describe
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record

YES = {"yes", "y", "true", "x"}


@dataclass
class SeatedTable(TableHandle):
    """A table opened with explicit seats (``m.SeatSpec``)."""

    seats: list[m.SeatSpec] = field(default_factory=list)

    def occupied(self) -> list[int]:
        return [s.seat for s in self.seats if s.occupied]


def _flag(row: dict[str, str], column: str, default: bool) -> bool:
    value = row.get(column)
    return default if value is None or value.strip() == "" else value.strip().lower() in YES


@given("a table opened under the Rules Submission with seats:", target_fixture="table")
def table_with_seats(game: GameAdapter, rules_submission: RulesSubmission, datatable: list[list[str]],
                     scenario_clauses: tuple[str, ...]) -> SeatedTable:
    """Data table columns: ``seat``, and optionally ``occupied`` (default yes),
    ``accepts shoe`` (default no), ``accepts cards`` (default yes)."""
    header = [h.strip().lower() for h in datatable[0]]
    seats = []
    for raw in datatable[1:]:
        row = dict(zip(header, raw))
        seats.append(m.SeatSpec(seat=int(row["seat"]), occupied=_flag(row, "occupied", True),
                                accepts_shoe=_flag(row, "accepts shoe", False),
                                accepts_cards=_flag(row, "accepts cards", True)))
    rules_json = rules_submission.as_rules()
    return SeatedTable(game, game.open_table(rules_json, seats), rules_json, clauses=scenario_clauses, seats=seats)


def _seated(table: TableHandle) -> SeatedTable:
    if not isinstance(table, SeatedTable):
        raise TypeError("this step needs 'a table opened under the Rules Submission with seats:'")
    return table


def _offers(events: list[m.Event], start: int = 0) -> tuple[list[int], list[int]]:
    offered = [e.seat for e in events[start:] if e.type == "shoe_offered" and e.seat is not None]
    accepted = [e.seat for e in events[start:] if e.type == "shoe_accepted" and e.seat is not None]
    return offered, accepted


@then(phrase("the new dealing shoe is offered to seats {seats:Seats} in that order"))
def first_offers(table: TableHandle, clause: str, scenario_clauses: tuple[str, ...], seats: list[int]) -> None:
    """§ 631a.7(b): checks the ``shoe_offered`` events of the last ``start_shoe``; in a
    scenario of another clause (§ 631a.7(d)(2)), a wrong order blocks it, naming § 631a.7(b).

    :raises Nonconformance: of ``clause``, in a scenario of § 631a.7(b).
    :raises Blocked: naming § 631a.7(b), in a scenario of another clause."""
    t = _seated(table)
    accepts = [s.seat for s in t.seats if s.occupied and s.accepts_shoe]
    oracle_order, _ = ch631a.shoe_offers(t.occupied(), accepts)
    if oracle_order != seats:
        raise ValueError(f"feature error: § 631a.7(b) offers seats {oracle_order} here, the step says {seats}")
    events = t.shoes[-1].events
    offered, _ = _offers(events)
    if offered != seats:
        raise breach(scenario_clauses, clause, "631a.7(b)",
                     f"the dealing shoe offered to seats {', '.join(map(str, seats))} in that order "
                     "(seat 1 first, then counterclockwise)",
                     f"offered it to seats {', '.join(map(str, offered)) or 'nobody'}: {describe(events)}")


@then(phrase("the dealing shoe is then offered to seats {seats:Seats} in that order"))
def passed_offers(table: TableHandle, round_record: m.RoundRecord, clause: str, seats: list[int]) -> None:
    """§ 631a.14(b): checks the ``shoe_offered`` events after the ``shoe_passed`` event."""
    _seated(table)
    events = round_record.events
    passed = next((i for i, e in enumerate(events) if e.type == "shoe_passed"), None)
    offered, _ = _offers(events, passed if passed is not None else len(events))
    if offered != seats:
        raise Nonconformance(clause, f"the dealing shoe offered to seats {', '.join(map(str, seats))} in that order "
                                     "(the player immediately to the right of the previous curator first, then "
                                     "counterclockwise)",
                             f"offered it to seats {', '.join(map(str, offered)) or 'nobody'}: {describe(events)}",
                             cards_of_record(round_record))


@then(parsers.parse("the curator in seat {seat:d} passes the dealing shoe"))
def curator_passes(round_record: m.RoundRecord, clause: str, scenario_clauses: tuple[str, ...], seat: int) -> None:
    """§ 631a.14(a)(1): "The curator shall pass the dealing shoe whenever the Banker's Hand
    loses." In a scenario of another clause (§ 631a.14(b): the offers after the passing),
    a shoe not passed blocks it, naming § 631a.14(a)(1).

    :raises Nonconformance: of ``clause``, in a scenario of § 631a.14(a)(1).
    :raises Blocked: naming § 631a.14(a)(1), in a scenario of another clause."""
    passed = [e.seat for e in round_record.events if e.type == "shoe_passed"]
    if passed and seat not in passed:  # another curator passed it: the player who accepted was not the curator
        by = ", ".join("the dealer" if s == 0 else f"seat {s}" for s in passed)
        raise breach(scenario_clauses, clause, "631a.7(c)",
                     f"the player in seat {seat}, who accepted the dealing shoe, is the curator who passes it",
                     f"the dealing shoe was passed by {by}", cards_of_record(round_record))
    if passed != [seat]:
        raise breach(scenario_clauses, clause, "631a.14(a)(1)",
                     f"the curator in seat {seat} passes the dealing shoe (the Banker's Hand lost)",
                     f"shoe_passed events for seats {passed or 'none'}; curator after the round: "
                     f"{round_record.curator}", cards_of_record(round_record))


@then(parsers.parse("the curator in seat {seat:d} keeps the dealing shoe"))
def curator_keeps(round_record: m.RoundRecord, stacked_cards: list[str], clause: str, seat: int) -> None:
    """§ 631a.14(a): after a round the Banker's Hand does not lose (a win or a tie hand), the
    curator, who accepted the dealing shoe, remains (interpretation 631a.14-a-the-curator-remains)."""
    if ch631a.deal(stacked_cards).winner == "player":
        raise ValueError("feature error: the Banker's Hand loses this round (§ 631a.14(a)(1))")
    passed = [e.seat for e in round_record.events if e.type == "shoe_passed"]
    # the shoe passed, or another player dealing after the round; the dealer reported as the
    # curator without any passing is § 631a.7(c)'s (the player who accepted is not the curator)
    if passed or round_record.curator not in (seat, 0):
        raise Nonconformance(clause, f"the curator in seat {seat} remains: the Banker's Hand did not lose "
                                     f"({round_record.winner or round_record.status}), and the curator chose to "
                                     "keep the dealing shoe it accepted",
                             f"shoe_passed events for seats {passed or 'none'}; curator after the round: "
                             f"{round_record.curator}", cards_of_record(round_record))


def _curator(table: TableHandle) -> tuple[int | None, str]:
    if table.records:
        record = table.records[-1]
        return record.curator, describe(record.events)
    events = table.shoes[-1].events if table.shoes else []
    accepted = [e.seat for e in events if e.type == "shoe_accepted"]
    return (accepted[-1] if accepted else None), describe(events)


def _acceptor(table: TableHandle) -> tuple[int | None, str]:
    """The seat that accepted the dealing shoe last, by the game's own events (the round's
    after a ``shoe_passed``, else the shoe's), and the rule that chose it: § 631a.14(b) after
    a passing, § 631a.7(b) for a new shoe."""
    if table.records:
        events = table.records[-1].events
        passed = next((i for i, e in enumerate(events) if e.type == "shoe_passed"), None)
        if passed is not None:
            accepted = [e.seat for e in events[passed:] if e.type == "shoe_accepted"]
            return (accepted[-1] if accepted else None), "631a.14(b)"
    events = table.shoes[-1].events if table.shoes else []
    accepted = [e.seat for e in events if e.type == "shoe_accepted"]
    return (accepted[-1] if accepted else None), "631a.7(b)"


@then(parsers.parse("seat {seat:d} is the curator"))
def seat_is_curator(table: TableHandle, clause: str, scenario_clauses: tuple[str, ...], seat: int) -> None:
    """The player in ``seat`` is the curator: the player who accepted the dealing shoe
    (§ 631a.7(c): "The player that accepts the dealing shoe shall be designated as the
    curator"; after a passing, § 631a.14(b): "The first player to accept the dealing shoe
    when offered shall become the new curator"). When the game's events show another seat
    accepting, the offers went otherwise (§ 631a.7(b) for a new shoe, § 631a.14(b) after a
    passing): a scenario of another clause is blocked by that rule; when the seat accepted
    and another is the curator, by the designation's rule.

    :raises Nonconformance: of ``clause``, when the scenario judges the rule broken.
    :raises Blocked: naming the rule broken, otherwise."""
    who, seen = _curator(table)
    if who == seat:
        return
    accepted, offer_rule = _acceptor(table)
    required = f"the player in seat {seat}, who accepted the dealing shoe, is the curator"
    observed = f"the curator is {'the dealer' if who == 0 else f'seat {who}'}: {seen}"
    if accepted != seat:
        raise breach(scenario_clauses, clause, offer_rule,
                     f"the dealing shoe is accepted by the player in seat {seat}, the first player offered it who "
                     "accepts it", f"{'nobody' if accepted is None else f'seat {accepted}'} accepted it; {observed}")
    designation = "631a.14(b)" if offer_rule == "631a.14(b)" else "631a.7(c)"
    raise breach(scenario_clauses, clause, designation, required, observed)


@then("the dealer calling the game is the curator")
def dealer_is_curator(table: TableHandle, clause: str, scenario_clauses: tuple[str, ...]) -> None:
    """§ 631a.7(d)(2): the dealer may act as the curator when "No player to whom the dealing
    shoe is offered accepts the dealing shoe" (a new shoe, or one relinquished under
    § 631a.14(b)). In a scenario of another clause, blocked naming § 631a.7(d)(2).

    :raises Nonconformance: of ``clause``, in a scenario of § 631a.7(d)(2).
    :raises Blocked: naming § 631a.7(d)(2), in a scenario of another clause."""
    who, seen = _curator(table)
    if who != 0:
        raise breach(scenario_clauses, clause, "631a.7(d)(2)",
                     "the dealer calling the game acts as the curator (no player accepted the dealing shoe; "
                     "curator seat 0)", f"the curator is {'unknown' if who is None else f'seat {who}'}: {seen}")
