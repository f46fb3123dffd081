"""Steps for progressive meters and mystery bonuses (58 Pa. Code § 631c.2, § 631c.6,
§ 629b.3, § 627b.3, § 629b.7).

The meters are read before and after every round (``read_meters`` and the round
record's ``meters``) and compared, to the cent, with the oracle's account of the round
(:func:`baccarat_conformance.oracle.progressives.expected_round`): contributions of
each recognised wager, jackpots paid at 100% of a meter, resets to the seed/reseed
amount, and mystery awards (``jackpot`` events).

Meter phrases: ``Heavenly 9`` (heavenly_9), ``Must-Hit-By Mystery`` (heavenly_9_mystery),
``Mega Jackpot`` / ``Major Jackpot`` / ``Minor Jackpot`` (royal_9_mega/major/minor),
``Royal 9 mystery`` (royal_9_mystery), ``Harmony Progressive`` (harmony), ``Harmony
reserve`` (harmony_reserve).
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Optional

import pytest
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import GameRefused, Nonconformance, Unsupported
from baccarat_conformance.judging.judgements import counts_judgements, judged
from baccarat_conformance.oracle import progressives as P
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._deal_check import breach, judges
from ._results import Wagers, oracle_clause
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of, cards_of_record, money_text
from ._wager_targets import Target

METERS = {
    "heavenly 9": P.HEAVENLY_9_METER, "must-hit-by mystery": P.MYSTERY_METER,
    "mega jackpot": "royal_9_mega", "major jackpot": "royal_9_major", "minor jackpot": "royal_9_minor",
    "royal 9 mystery": P.ROYAL_9_MYSTERY_METER, "harmony progressive": P.HARMONY_METER,
    "harmony reserve": P.HARMONY_RESERVE_METER,
}
DEPTH_SAMPLES = {"smoke": 300, "standard": 2000, "exhaustive": 20000, "lab": 20000}
DEPTH_ROUNDS = {"smoke": 25, "standard": 150, "exhaustive": 1000, "lab": 1000}


def meter_name(text: str) -> str:
    key = text.strip().lower().removeprefix("the ").removesuffix(" meter").strip()
    if key not in METERS:
        raise ValueError(f"{text!r} names no progressive meter; known: {', '.join(METERS)}")
    return METERS[key]


def _by_name(meters: list[m.Meter]) -> dict[str, m.Meter]:
    return {x.name: x for x in meters}


def _section(rules: dict) -> str:
    return P.section_of(rules)


def required_meters(rules: dict) -> dict[str, str]:
    """Meter name -> the clause that requires the meter, for every progressive meter the
    Rules Submission ``rules`` offers: § 631c.2(i) (the Heavenly 9 "Meter seed/reseed"),
    § 631c.6(c)(4) (the Must-Hit-By Mystery bonus meter's configuration), § 629b.3(f)(2) or
    (g)(2) (§ 627b.3 likewise: "the meters used for the Royal 9 Progressive wager"),
    § 629b.3(h) (the Royal 9 mystery meter), § 629b.7(j) (Harmony)."""
    out = {}
    for name, (_, rule) in P.reset_amounts(rules, _section(rules)).items():
        out[name] = "631c.6(c)(4)" if name == P.MYSTERY_METER else rule.removesuffix("[table]")
    return out


def offered_meters(rules: dict, meters: list[m.Meter], clause: str,
                   where: str = "from read_meters", game: Any = None) -> dict[str, m.Meter]:
    """``meters`` (an answer of the game: ``read_meters`` or a round record's) by name, once
    every meter the Rules Submission ``rules`` (as the table was opened) offers is among them.

    :raises Nonconformance: of ``clause``, a meter missing in a scenario whose principal
        clause is the one requiring it (:func:`required_meters`).
    :raises Blocked: naming that clause, in any other scenario: its expectations rest on the
        meter (README, "Blocked scenarios"). ``game``: the adapter the table was opened through;
        only the meters of the wagers it declares are required (the table was opened without the
        others: :meth:`~baccarat_conformance.adapters.GameAdapter.declared_rules`)."""
    if game is not None:  # the table was opened without the wagers the game does not declare
        rules = game.declared_rules(rules)
    by_name = _by_name(meters)
    missing = [(name, rule) for name, rule in required_meters(rules).items() if name not in by_name]
    if missing:  # the scenario's own meter first: its clause fails, whatever else is missing
        missing.sort(key=lambda nr: judges((clause,), nr[1]) is None)
        name, rule = missing[0]
        others = [n for n, _ in missing[1:]]
        raise breach((clause,), clause, rule,
                     f"the game reports the {name} meter of the progressive the Rules Submission offers (§ {rule})",
                     f"{where}, the game reports {', '.join(sorted(by_name)) or 'no meter'}"
                     + (f" (missing too: {', '.join(others)})" if others else ""))
    return by_name


# ------------------------------------------------------------------ tables
def _override(rules: dict, text: str) -> tuple[dict, Optional[list[m.SeatSpec]]]:
    rules = copy.deepcopy(rules)
    wagers = rules.setdefault("wagers", {})
    seats = None
    for part in re.split(r"\s+and\s+(?=Must|Harmony|the \$|Royal|only)", text):
        if g := re.fullmatch(r"Must-Hit-By Mystery configuration ([A-D]-\$[125])", part):
            wagers.setdefault("heavenly_9", {})["mystery"] = g.group(1)
        elif g := re.fullmatch(r"Harmony Progressive paytable ([A-I])", part):
            wagers.setdefault("harmony", {})["paytable"] = g.group(1)
        elif g := re.fullmatch(r"the \$([15]) Royal 9 Progressive wager", part):
            opts = wagers.setdefault("royal_9", {})
            opts["denomination"] = g.group(1)
            least = {"5": ("50000", "450", "450"), "1": ("10000", "90", "90")}[g.group(1)]
            resets = dict(opts.get("resets") or {})
            for j, low in zip(("mega", "major", "minor"), least):
                if Decimal(str(resets.get(j, "0"))) < Decimal(low):
                    resets[j] = f"{low}.00"
            opts["resets"] = resets
        elif g := re.fullmatch(r"Royal 9 mystery configuration ([123])", part):
            wagers.setdefault("royal_9", {})["mystery"] = g.group(1)
        elif g := re.fullmatch(r"only seats ([\d, ]+) occupied", part):
            occupied = {int(s) for s in re.findall(r"\d+", g.group(1))}
            seats = [m.SeatSpec(seat=s, occupied=s in occupied) for s in range(1, 15)]
        else:
            raise ValueError(f"unknown table setting {part!r}")
    return rules, seats


@given(parsers.re(r"a table opened under the Rules Submission with (?P<setting>(?!seats:).+)"),
       target_fixture="table")
def table_opened_with(game: Any, rules_submission: RulesSubmission, setting: str,
                      scenario_clauses: tuple[str, ...]) -> TableHandle:
    filed = rules_submission.as_rules()
    rules, seats = _override(filed, setting)
    try:
        return TableHandle(game, game.open_table(rules, seats), rules, clauses=scenario_clauses)
    except Unsupported as e:
        if {**filed, "wagers": filed.get("wagers") or {}} == rules:  # what the casino filed: refusing it fails
            raise
        pytest.skip(f"not offered: the Rules Submission files another configuration than {setting}, "
                    f"which the game does not implement ({e})")


@given("the Rules Submission offers the Must-Hit-By Mystery bonus")
def offers_mystery(rules_submission: RulesSubmission) -> None:
    if not P.mystery_configuration(rules_submission.as_rules()):
        pytest.skip("not offered: the Rules Submission does not offer the Must-Hit-By Mystery bonus "
                    "([wagers.heavenly_9] mystery)")


@given("the Rules Submission offers the Royal 9 mystery progressive")
def offers_royal_mystery(rules_submission: RulesSubmission) -> None:
    if not (rules_submission.as_rules().get("wagers", {}).get("royal_9") or {}).get("mystery"):
        pytest.skip("not offered: the Rules Submission offers no Royal 9 mystery progressive "
                    "([wagers.royal_9] mystery)")


@given("the progressive meters are read", target_fixture="meters_before")
def meters_read(table: TableHandle, clause: str) -> dict[str, m.Meter]:
    """The meters before the round (``read_meters``): every meter the Rules Submission offers
    (:func:`offered_meters`)."""
    return offered_meters(table.rules, table.game.read_meters(table.table_id), clause, game=table.game)


# ------------------------------------------------------------------ the account of a round
def placed_wagers(wagers: Wagers) -> list[P.PlacedWager]:
    return [P.PlacedWager(seat, t.wager_type, amount, wid) for (seat, t), (wid, amount) in wagers.placed.items()]


def _hits(meters: dict[str, m.Meter]) -> dict[str, Decimal]:
    return {k: v.hit_value for k, v in meters.items() if v.hit_value is not None}


def check_round(table: TableHandle, before: dict[str, m.Meter], placed: list[P.PlacedWager],
                record: m.RoundRecord, clause: str, label: str = "the round") -> P.RoundMeters:
    """Compare the meters after ``record`` (in the record and from ``read_meters``),
    the jackpots paid and the mystery awards with the oracle's account, to the cent.

    :raises Nonconformance: naming the meter, the expected and the observed amounts; a
        wrong meter names the clause the oracle says decides its amount (its rate of
        progression, its reset), a wrong jackpot the scenario's outcome or payout clause.
    """
    cards = cards_of_record(record)
    if record.player is None or record.banker is None:
        raise Nonconformance(clause, f"{label} is completed", f"the round is {record.status}", cards)
    coup = P.Coup(tuple(record.player.cards), tuple(record.banker.cards), ())
    after_record = offered_meters(table.rules, record.meters, clause, f"in the record of {label}", game=table.game)
    after_read = offered_meters(table.rules, table.game.read_meters(table.table_id), clause,
                                f"after {label}, from read_meters", game=table.game)
    seen_awards = [(e.seat, e.wager_id, e.meter, e.amount) for e in record.events if e.type == "jackpot"]
    want, placed, problem = P.judge_meters(
        table.rules, {k: v.amount for k, v in before.items()}, _hits(before), placed, coup, seen_awards,
        {r.wager_id: (r.result, r.paid) for r in record.wagers},
        [(where, {k: v.amount for k, v in seen.items()}) for where, seen in
         (("in the round record", after_record), ("from read_meters", after_read))], _hits(after_read), label)
    if problem is not None and problem.kind == "jackpot":
        r = next((x for x in record.wagers if x.wager_id == problem.wager_id), None)
        if r is not None and r.result == "win" and problem.meter in before:
            _judge_growth(table, before[problem.meter], placed, r, clause, label, cards)
        w = next(p for p in placed if p.wager_id == problem.wager_id)
        fallback = oracle_clause(w.wager_type, problem.role, "win", rules=table.rules, round_record=record,
                                 seat=w.seat)
        raise Nonconformance(named(clause, problem.role, fallback, prefer="win"), problem.required, problem.observed,
                             cards)
    if problem is not None and problem.kind == "award":
        # the right seats paid, the wrong amounts: the payout; else whether an award is made at all;
        # named by the mystery meter's own clauses, whatever wager the scenario is about
        if problem.meter in before:  # an award made when the game's own meter passed its hit value: its growth first
            _judge_growth(table, before[problem.meter], placed, None, clause, label, cards)
        raise Nonconformance(problem.clause or named(clause, "outcome" if problem.role == "award" else problem.role,
                                                     prefer="win"), problem.required, problem.observed, cards)
    if problem is not None:  # the clause that decides the meter's amount (its rate, its reset)
        raise Nonconformance(problem.clause or clause, problem.required, problem.observed, cards)
    judged(len(want.after), "meters compared")
    return want


def rate_clause(rules: dict, meter: str) -> str:
    """The clause that sets how ``meter`` grows with each wager
    (:func:`baccarat_conformance.oracle.progressives.meter_rate_clause`)."""
    return P.meter_rate_clause(rules, meter)


#: the cards of a round dealt to see how the game grows a meter: no Royal 9, King 9
#: combination, pair, six of a kind or 3-card 9; both hands stand (6 against 8)
GROWTH_PROBE = "2C 3D 4H 5S 6C 7D 2H 3S AC AD AH AS".split()


#: new tables a growth probe tries when its round makes a mystery award (the fresh meter's
#: random hit value was passed): the growth of a round that pays the meter is not seen
PROBE_TRIES = 6


def _growth_probe(table: TableHandle, placed: list[P.PlacedWager], meter: str) -> Optional[tuple[Decimal, Decimal]]:
    """Deal :data:`GROWTH_PROBE` on a new table of the same Rules Submission with the wagers
    ``placed`` (a round that pays no jackpot) and return how much the game's ``meter`` grew
    and how much the filed rates grow it (the oracle's account); None when the game does
    not play that round (a wager refused, the meter not reported) or every try paid the meter."""
    for _ in range(PROBE_TRIES):
        seen = _probe_once(table, placed, meter)
        if seen != "paid":
            return seen  # type: ignore[return-value]
    return None


def _probe_once(table: TableHandle, placed: list[P.PlacedWager], meter: str) -> Any:
    game = table.game
    table_id = game.open_table(table.rules)
    try:
        game.start_shoe(table_id, GROWTH_PROBE)
        probe = []
        for w in placed:
            ack = game.place_wager(table_id, w.seat, w.wager_type, w.amount)
            if not ack.accepted:
                return None
            probe.append(P.PlacedWager(w.seat, w.wager_type, w.amount, ack.wager_id or ""))
        before = _by_name(game.read_meters(table_id))
        record = game.deal_round(table_id)
        after = _by_name(record.meters)
        if meter not in before or meter not in after or record.player is None or record.banker is None:
            return None
        coup = P.Coup(tuple(record.player.cards), tuple(record.banker.cards), ())
        want = P.expected_round(table.rules, {k: v.amount for k, v in before.items()}, _hits(before), probe, coup,
                                _section(table.rules))
        if meter not in want.after:
            return None
        if want.jackpots or want.awards or any(e.type == "jackpot" for e in record.events):
            return "paid"  # a round that pays the meter shows no growth
        return after[meter].amount - before[meter].amount, want.after[meter] - before[meter].amount
    except GameRefused:
        return None
    finally:
        game.close_table(table_id)


def _judge_growth(table: TableHandle, before: m.Meter, placed: list[P.PlacedWager],
                  settled: Optional[m.WagerResult], clause: str, label: str, cards: list[str]) -> None:
    """A jackpot paid other than the oracle's 100% of the meter (``settled``), or a mystery
    award made otherwise than the oracle's account (None): when the game grows the meter
    at another rate than the one filed (seen in a round dealt to check it,
    :func:`_growth_probe`), the row paid the meter the game grew, whose growth is the rate
    clause's (:func:`rate_clause`), not the row's; otherwise nothing (the payout is the row's).

    :raises Nonconformance: of ``clause``, when the scenario's principal clause is the rate's.
    :raises Blocked: naming the rate clause, otherwise."""
    probe = _growth_probe(table, placed, before.name)
    if probe is None or P.to_cent(probe[0]) == P.to_cent(probe[1]):
        return
    grew, filed = probe
    rule = rate_clause(table.rules, before.name)
    raise breach((clause,), clause, rule,
                 f"the {before.name} meter grows by the round's contributions at the rate of progression the Rules "
                 f"Submission files: ${P.to_cent(filed)} in a round of the same wagers that pays no jackpot "
                 f"({' '.join(GROWTH_PROBE[:4])})",
                 f"it grew by ${P.to_cent(grew)} in that round"
                 + (f"; in {label} wager {settled.wager_id} was paid ${settled.paid}" if settled is not None else ""),
                 cards)


@dataclass
class Checked:
    """The meters of the last round checked, and what the oracle expected of them."""

    before: dict[str, m.Meter]
    record: m.RoundRecord
    expected: P.RoundMeters
    rounds: int = 1
    hit_values: list[Decimal] = field(default_factory=list)


@then("every progressive meter moves as the regulations require", target_fixture="checked")
@counts_judgements
def meters_move(table: TableHandle, meters_before: dict[str, m.Meter], wagers: Wagers,
                round_record: m.RoundRecord, clause: str) -> Checked:
    return Checked(meters_before, round_record, check_round(table, meters_before, placed_wagers(wagers),
                                                            round_record, clause))


@then(phrase("the {meter} meter rises by {rate} of the {amount:Money} wagered"))
def meter_rises(table: TableHandle, meters_before: dict[str, m.Meter], round_record: m.RoundRecord,
                clause: str, meter: str, rate: str, amount: Decimal) -> None:
    """The meter rises by ``rate`` of ``amount``, unless it is a mystery meter the
    contribution takes past its preselected hit value (the game's random outcome,
    § 631c.6(c)(3), § 629b.3(h), § 627b.3(h)): then the bonus is paid, 100% of the meter
    with the contribution (§ 631c.6(c)(7)), and the meter is reseeded (§ 631c.6(c)(5)(iv);
    interpretation mystery-bonus-hit). Each failure names the clause of the rule it found
    broken: the rise the scenario's, the award, its amount and the reseed their own."""
    name = meter_name(meter)
    before = meters_before[name]
    want = before.amount + amount * P.percent(rate)
    got = offered_meters(table.rules, round_record.meters, clause, "in the round record", game=table.game).get(name)
    cards = cards_of_record(round_record)
    clauses = P.MYSTERY_CLAUSES.get(name)
    if clauses and before.hit_value is not None and want > before.hit_value:
        clauses = {k: v.format(section=_section(table.rules)) for k, v in clauses.items()}
        awards = [e for e in round_record.events if e.type == "jackpot" and e.meter == name]
        judged(1, "mystery awards")
        if not awards:
            raise Nonconformance(clauses["award"], f"the {meter} bonus is paid: the contribution of "
                                 f"{rate} of {money_text(amount)} takes the meter from ${before.amount} to "
                                 f"${P.to_cent(want)}, in excess of its hit value ${before.hit_value}",
                                 "no award", cards)
        if awards[0].amount != P.to_cent(want):
            raise Nonconformance(clauses["payout"], f"the {meter} bonus is 100% of the meter, ${P.to_cent(want)} "
                                 f"(${before.amount} plus {rate} of {money_text(amount)}, past its hit value "
                                 f"${before.hit_value})", f"an award of ${awards[0].amount}", cards)
        reset = P.reset_amounts(table.rules, _section(table.rules))[name][0]
        if got is None or P.to_cent(got.amount) != reset or (got.reset is not None and got.reset != reset):
            raise Nonconformance(clauses["reset"], f"after the award the {meter} meter is reseeded at ${reset}",
                                 f"it reads ${got.amount if got else None} (reset ${got.reset if got else None})",
                                 cards)
        return
    if got is None or P.to_cent(got.amount) != P.to_cent(want):  # the rate's clause's, blocking another's scenario
        raise breach((clause,), clause, rate_clause(table.rules, name),
                     f"the {meter} meter rises from ${before.amount} by {rate} of {money_text(amount)} to "
                     f"${P.to_cent(want)}"
                     + (f" (below its hit value ${before.hit_value})" if before.hit_value is not None else ""),
                     f"it reads ${got.amount if got else None}", cards)


@then(parsers.parse("the {meter} meter is unchanged"))
def meter_unchanged(table: TableHandle, meters_before: dict[str, m.Meter], clause: str, meter: str) -> None:
    name = meter_name(meter)
    got = offered_meters(table.rules, table.game.read_meters(table.table_id), clause, game=table.game).get(name)
    if got is None or got.amount != meters_before[name].amount:
        raise Nonconformance(clause, f"the {meter} meter stays at ${meters_before[name].amount}",
                             f"it reads ${got.amount if got else None}")


@then(phrase("the {meter} meter is reseeded at {amount:Money}"))
def meter_reseeded(table: TableHandle, round_record: m.RoundRecord, clause: str, meter: str,
                   amount: Decimal) -> None:
    """Names the clause that sets the meter's seed/reseed amount (§ 631c.2(i) "Meter
    seed/reseed"), not the scenario's winning outcome."""
    name, want = meter_name(meter), amount
    got = offered_meters(table.rules, round_record.meters, clause, "in the round record", game=table.game).get(name)
    if got is None or P.to_cent(got.amount) != want or (got.reset is not None and got.reset != want):
        rule = P.reset_amounts(table.rules, _section(table.rules)).get(name, (None, None))[1]
        raise Nonconformance(rule or clause, f"the {meter} meter is reset to ${want} after it is paid",
                             f"it reads ${got.amount if got else None} (reset ${got.reset if got else None})",
                             cards_of_record(round_record))


@then(phrase("the {meter} meter starts at {amount:Money}"))
def meter_starts(table: TableHandle, meters_before: dict[str, m.Meter], clause: str, meter: str,
                 amount: Decimal) -> None:
    name, want = meter_name(meter), amount
    got = meters_before.get(name)
    if got is None or got.amount != want or (got.reset is not None and got.reset != want):
        raise Nonconformance(clause, f"the {meter} meter is seeded at ${want} (its seed/reseed amount)",
                             f"it reads {('$' + str(got.amount) + ', reset $' + str(got.reset)) if got else 'nothing'}")


@then(phrase("the {meter} meter opens at {low:Money} with a hit value from {low2:Money} to {high:Money}"))
def mystery_starts(meters_before: dict[str, m.Meter], clause: str, meter: str, low: Decimal, low2: Decimal,
                   high: Decimal) -> None:
    name = meter_name(meter)
    got = meters_before.get(name)
    lo, hi = low, high
    if got is None or got.amount != lo or (got.reset is not None and got.reset != lo):
        raise Nonconformance(clause, f"the {meter} meter starts at the minimum dollar value ${lo}",
                             f"it reads {('$' + str(got.amount)) if got else 'nothing'}")
    if got.hit_value is None:
        raise Nonconformance(clause, "the game discloses the preselected hit value in test mode (Meter.hit_value)",
                             "no hit_value")
    if not lo <= got.hit_value <= hi:
        raise Nonconformance(clause, f"a hit value between ${lo} and ${hi}", f"${got.hit_value}")


@then(phrase("the wager of seat {seat:d} on {target:Wager} is paid 100% of the {meter} meter"))
def paid_whole_meter(table: TableHandle, meters_before: dict[str, m.Meter], wagers: Wagers,
                     round_record: m.RoundRecord, clause: str, seat: int, target: Target, meter: str) -> None:
    wid, _ = wagers.placed[(seat, target)]
    name = meter_name(meter)
    want = P.expected_round(table.rules, {k: v.amount for k, v in meters_before.items()}, _hits(meters_before),
                            placed_wagers(wagers), P.Coup(tuple(round_record.player.cards),
                                                          tuple(round_record.banker.cards), ()),
                            _section(table.rules))
    meter_paid = want.jackpots.get(wid)
    if meter_paid is None or meter_paid[0] != name:  # the game dealt the stack (its deal is checked): the feature's
        raise ValueError(f"feature error: the cards {' '.join(cards_of_record(round_record))} do not make "
                         f"{target.phrase} of seat {seat} win the {meter} meter")
    r = next((x for x in round_record.wagers if x.wager_id == wid), None)
    judged(1, "wagers settled")
    if r is not None and r.result == "win" and r.paid != meter_paid[1] and name in meters_before:
        _judge_growth(table, meters_before[name], placed_wagers(wagers), r, clause, "the round",
                      cards_of_record(round_record))
    if r is None or r.result != "win" or r.paid != meter_paid[1]:
        role = "payout" if r is not None and r.result == "win" else "outcome"
        fallback = oracle_clause(target.wager_type, role, "win", rules=table.rules, round_record=round_record,
                                 seat=seat)
        raise Nonconformance(named(clause, role, fallback, prefer="win"),
                             f"the {target.describe()} wager of seat {seat} is paid 100% of the {meter} meter: "
                             f"${meter_paid[1]} in all (${meters_before[name].amount} before the round plus the "
                             "round's contributions)",
                             "no settlement" if r is None else f"settled {r.result}, returned ${r.paid} in all",
                             cards_of_record(round_record))


@then(phrase("the wager of seat {seat:d} on {target:Wager} is paid 100% of the {meter} meter, or {amount:Money} in "
             "all where that is more"))
def paid_meter_or_larger(table: TableHandle, meters_before: dict[str, m.Meter], wagers: Wagers,
                         round_record: m.RoundRecord, clause: str, seat: int, target: Target, meter: str,
                         amount: Decimal) -> None:
    """A deal that makes a jackpot row and a later row of the same pay table (interpretation
    royal-9-two-rows-first-or-larger): the wager is paid the jackpot, first in printed order,
    or ``amount``, the later row's award, when that is more than the meter."""
    wid, _ = wagers.placed[(seat, target)]
    name = meter_name(meter)
    coup = P.Coup(tuple(round_record.player.cards), tuple(round_record.banker.cards), ())  # type: ignore[union-attr]
    want = P.expected_round(table.rules, {k: v.amount for k, v in meters_before.items()}, _hits(meters_before),
                            placed_wagers(wagers), coup, _section(table.rules))
    meter_paid = want.jackpots.get(wid)
    if meter_paid is None or meter_paid[0] != name:  # the game dealt the stack (its deal is checked): the feature's
        raise ValueError(f"feature error: the cards {' '.join(cards_of_record(round_record))} do not make "
                         f"{target.phrase} of seat {seat} win the {meter} meter")
    acceptable = [meter_paid[1]] + ([amount] if amount > meter_paid[1] else [])
    r = next((x for x in round_record.wagers if x.wager_id == wid), None)
    judged(1, "wagers settled")
    if r is not None and r.result == "win" and r.paid not in acceptable and name in meters_before:
        _judge_growth(table, meters_before[name], placed_wagers(wagers), r, clause, "the round",
                      cards_of_record(round_record))
    if r is None or r.result != "win" or r.paid not in acceptable:
        role = "payout" if r is not None and r.result == "win" else "outcome"
        fallback = oracle_clause(target.wager_type, role, "win", rules=table.rules, round_record=round_record,
                                 seat=seat)
        raise Nonconformance(named(clause, role, fallback, prefer="win"),
                             f"the {target.describe()} wager of seat {seat} is paid 100% of the {meter} meter, "
                             f"${meter_paid[1]} in all (the first row in printed order)" +
                             (f", or ${amount}, the larger award of the later row" if len(acceptable) > 1 else ""),
                             "no settlement" if r is None else f"settled {r.result}, returned ${r.paid} in all",
                             cards_of_record(round_record))


@then(phrase("the wager of seat {seat:d} on {target:Wager} is paid {amount:Money} in all"))
def paid_in_all(wagers: Wagers, round_record: m.RoundRecord, table: TableHandle, clause: str, seat: int,
                target: Target, amount: Decimal) -> None:
    wid, stake = wagers.placed[(seat, target)]
    r = next((x for x in round_record.wagers if x.wager_id == wid), None)
    judged(1, "wagers settled")
    if r is None or r.result != "win" or r.paid != amount:
        role = "payout" if r is not None and r.result == "win" else "outcome"
        fallback = oracle_clause(target.wager_type, role, "win", rules=table.rules, round_record=round_record,
                                 seat=seat)
        raise Nonconformance(named(clause, role, fallback, prefer="win"),
                             f"the ${stake} {target.describe()} wager of seat {seat} is paid ${amount} in all",
                             "no settlement" if r is None else f"settled {r.result}, returned ${r.paid} in all",
                             cards_of_record(round_record))


@then(phrase("the wager of seat {seat:d} on {target:Wager} is settled before any third card is dealt"))
def settled_early(wagers: Wagers, round_record: m.RoundRecord, clause: str, seat: int, target: Target) -> None:
    wid, _ = wagers.placed[(seat, target)]
    events = round_record.events
    settle_at = next((i for i, e in enumerate(events) if e.wager_id == wid and e.type in ("pay", "collect")), None)
    cards = [i for i, e in enumerate(events) if e.type == "card" and e.to in ("player", "banker")]
    result_at = next((i for i, e in enumerate(events) if e.type == "announcement"
                      and e.text in ("player wins", "banker wins", "tie hand")), len(events))
    limit = min(cards[4] if len(cards) > 4 else len(events), result_at)
    if settle_at is None or settle_at > limit or settle_at < (cards[3] if len(cards) > 3 else 0):
        raise Nonconformance(clause, f"the wager of seat {seat} on {target.phrase} is paid after the first four cards "
                             "and before the dealer completes the dealing procedures (any third card, the result)",
                             f"its settlement is event {settle_at} of {len(events)}; the fourth card is event "
                             f"{cards[3] if len(cards) > 3 else None}, the result event {result_at}",
                             cards_of_record(round_record))


# ------------------------------------------------------------------ attempts and lockouts
@when(phrase("seat {seat:d} attempts to wager {amount:Money} on {target:Wager}"), target_fixture="attempt")
@given(phrase("seat {seat:d} attempts to wager {amount:Money} on {target:Wager}"), target_fixture="attempt")
def attempt(table: TableHandle, seat: int, amount: Decimal, target: Target) -> tuple[Target, Decimal, m.WagerAck]:
    return target, amount, table.game.place_wager(table.table_id, seat, target.wager_type, amount, hand=target.hand)


@then("the attempted wager is not recognised")
def not_recognised(attempt: tuple[Any, Decimal, m.WagerAck], clause: str) -> None:
    t, stake, ack = attempt
    if ack.accepted:
        raise Nonconformance(clause, f"the ${stake} {t.describe()} wager is refused (not recognised)",
                             f"accepted it as {ack.wager_id}")


# ------------------------------------------------------------------ many rounds
def _deal_checked(table: TableHandle, cards: list[str], wagers: list[tuple[int, str, Decimal]], clause: str,
                  label: str) -> tuple[dict[str, m.Meter], m.RoundRecord, P.RoundMeters]:
    table.game.start_shoe(table.table_id, cards)
    placed = []
    for seat, wtype, amount in wagers:
        ack = table.game.place_wager(table.table_id, seat, wtype, amount)
        if not ack.accepted:
            raise Nonconformance(clause, f"the game accepts a ${amount} {wtype} wager at seat {seat} ({label})",
                                 f"refused it: {ack.reason}")
        placed.append(P.PlacedWager(seat, wtype, amount, ack.wager_id or ""))
    before = offered_meters(table.rules, table.game.read_meters(table.table_id), clause, f"before {label}",
                            game=table.game)
    record = table.game.deal_round(table.table_id)
    return before, record, check_round(table, before, placed, record, clause, label)


@when(parsers.parse("the same wagers are placed round after round until the {meter} meter passes its hit value"),
      target_fixture="checked")
def until_hit(table: TableHandle, wagers: Wagers, stacked_cards: list[str], round_record: m.RoundRecord,
              meters_before: dict[str, m.Meter], clause: str, meter: str) -> Checked:
    """Repeat the scenario's wagers on the same stacked cards, checking the meters
    round by round, until a mystery award is paid (bounded by the hit value)."""
    name = meter_name(meter)
    spec = [(seat, t.wager_type, amount) for (seat, t), (_, amount) in wagers.placed.items()]
    first = check_round(table, meters_before, placed_wagers(wagers), round_record, clause, "round 1")
    before, record, want = meters_before, round_record, first
    gap = (meters_before[name].hit_value or Decimal(0)) - meters_before[name].amount
    per_round = first.after[name] - meters_before[name].amount
    limit = int(gap / per_round) + 3 if per_round > 0 else 3
    n = 1
    while not any(a[2] == name for a in want.awards):
        n += 1
        if n > limit:
            raise Nonconformance(clause, f"the {meter} bonus is paid once the meter passes its hit value "
                                 f"${meters_before[name].hit_value}", f"no award after {n - 1} rounds",
                                 stacked_cards)
        before, record, want = _deal_checked(table, stacked_cards, spec, clause, f"round {n}")
    return Checked(before, record, want, n)


@then(parsers.parse("seat {seat:d} is paid 100% of the {meter} meter as it passes its hit value"))
def mystery_paid(checked: Checked, clause: str, seat: int, meter: str) -> None:
    name = meter_name(meter)
    awards = [a for a in checked.expected.awards if a[2] == name]
    seen = [e for e in checked.record.events if e.type == "jackpot" and e.meter == name]
    if not awards or not seen or seen[0].seat != seat or seen[0].amount != awards[0][3]:
        role = "payout" if awards and seen and seen[0].seat == seat else "outcome"
        raise Nonconformance(named(clause, role, prefer="win"), f"seat {seat} is paid the whole {meter} meter, "
                             f"${awards[0][3] if awards else '?'}, in round {checked.rounds}",
                             f"{[(e.seat, str(e.amount)) for e in seen] or 'no award'}",
                             cards_of_record(checked.record))


@then(phrase("the {meter} meter resets to {amount:Money} with a new hit value from {low:Money} to {high:Money}"))
def mystery_reset(table: TableHandle, checked: Checked, clause: str, meter: str, amount: Decimal, low: Decimal,
                  high: Decimal) -> None:
    name = meter_name(meter)
    got = offered_meters(table.rules, checked.record.meters, clause, "in the round record", game=table.game)[name]
    want = checked.expected.after[name]
    if P.to_cent(got.amount) != P.to_cent(want) or got.amount < amount or \
            (got.reset is not None and got.reset != amount):
        raise Nonconformance(named(clause, "reset"), f"after the award the {meter} meter resets to ${amount} "
                             f"(then ${P.to_cent(want)} with the later contributions of the round)",
                             f"${got.amount}", cards_of_record(checked.record))
    if got.hit_value is None or not low <= got.hit_value <= high:
        raise Nonconformance(clause, f"a new hit value between {money_text(low)} and {money_text(high)}",
                             f"{got.hit_value}")


@when(parsers.parse("tables are opened under the Rules Submission and the {meter} hit value of each is read"),
      target_fixture="hit_values")
def sample_hits(game: Any, rules_submission: RulesSubmission, depth: str, meter: str, clause: str) -> list[Decimal]:
    name = meter_name(meter)
    rules = rules_submission.as_rules()
    values = []
    for _ in range(DEPTH_SAMPLES[depth]):
        table_id = game.open_table(rules)
        got = offered_meters(rules, game.read_meters(table_id), clause, game=game).get(name)
        game.close_table(table_id)
        if got is None or got.hit_value is None:
            raise Nonconformance(clause, f"the {meter} meter discloses its preselected hit value in test mode",
                                 "no hit_value")
        values.append(got.hit_value)
    return values


#: The stricter reading of § 631c.6(c)(3) a lab may turn on (``--stricter-readings``).
UNIFORM_READING = "mystery-hit-value-uniform"
#: "spread over the range" (interpretation mystery-hit-value-random): each end quarter of the
#: range receives at least this share of the draws (one-sided binomial test).
END_QUARTER_SHARE = 0.025


def randomness_problem(values: list[Decimal], low: Decimal, high: Decimal, alpha: float) -> Optional[tuple[str, str]]:
    """Whether the hit ``values`` (in the order drawn) are "a random dollar value ... between a
    set minimum and maximum dollar value" (§ 631c.6(c)(3); interpretation
    mystery-hit-value-random), at significance level ``alpha``: every value in [``low``,
    ``high``]; not constant; not predictable from the value before (Spearman's rank
    correlation of each draw with the next, two-sided); spread over the range (each end
    quarter holds at least :data:`END_QUARTER_SHARE` of the draws, a one-sided binomial
    test). ``(required, observed)`` of the first that fails, or None."""
    from scipy import stats

    n = len(values)
    outside = [v for v in values if not low <= v <= high]
    if outside:
        return f"every hit value lies between ${low} and ${high}", f"{[str(v) for v in outside[:5]]} outside"
    if len(set(values)) < 2:
        return (f"the {n} hit values are random: not one value drawn every time",
                f"every hit value is ${values[0]}" if values else "no hit value")
    rho = stats.spearmanr([float(v) for v in values[:-1]], [float(v) for v in values[1:]])
    if rho.pvalue == rho.pvalue and rho.pvalue < alpha:  # nan (one side constant): no evidence either way
        return (f"the {n} hit values are random: not predictable from the value drawn before (Spearman's rank "
                f"correlation of each draw with the next, alpha = {alpha})",
                f"rho = {rho.statistic:.4f}, p = {rho.pvalue:.3g} < {alpha}; first values "
                f"{', '.join(f'${v}' for v in values[:5])}")
    quarter = (high - low) / 4
    for name, count in (("lowest", sum(v < low + quarter for v in values)),
                        ("highest", sum(v > high - quarter for v in values))):
        p = stats.binomtest(int(count), n, END_QUARTER_SHARE, alternative="less").pvalue
        if p < alpha:
            return (f"the {n} hit values are random over the range: at least {END_QUARTER_SHARE:.1%} of them in its "
                    f"{name} quarter (binomial test, alpha = {alpha})",
                    f"{count} of {n} ({count / n:.1%}), p = {p:.3g} < {alpha}; lowest ${min(values)}, highest "
                    f"${max(values)}")
    return None


@then(parsers.parse("the hit values are random between the {meter} minimum and maximum dollar values at "
                    "significance level {alpha}"))
def hits_random(hit_values: list[Decimal], rules_submission: RulesSubmission, clause: str, meter: str, alpha: str,
                request: pytest.FixtureRequest) -> None:
    """§ 631c.6(c)(3) (§ 629b.3(h), § 627b.3(h) for the Royal 9 mystery meter): the hit values
    read from many fresh tables are random in the range (:func:`randomness_problem`,
    interpretation mystery-hit-value-random); with the stricter reading
    mystery-hit-value-uniform turned on (``--stricter-readings``), also uniform over it by a
    one-sample Kolmogorov-Smirnov test.

    :raises Nonconformance: naming ``clause``."""
    from scipy import stats

    from baccarat_conformance.inputs.options import stricter_readings

    rules = rules_submission.as_rules()
    if meter_name(meter) == P.MYSTERY_METER:
        config = P.mystery_configuration(rules)
        low, high = config.minimum, config.maximum  # type: ignore[union-attr]
    else:
        low, high, _ = P.ROYAL_9_MYSTERY[str(rules["wagers"]["royal_9"]["mystery"])]
    a = float(alpha)
    problem = randomness_problem(hit_values, low, high, a)
    if problem is not None:
        raise Nonconformance(clause, *problem)
    if UNIFORM_READING not in stricter_readings(request.config.getoption("--stricter-readings")):
        return
    result = stats.kstest([float(v) for v in hit_values], stats.uniform(loc=float(low), scale=float(high - low)).cdf)
    if result.pvalue < a:
        raise Nonconformance(clause, f"{len(hit_values)} hit values spread uniformly over [${low}, ${high}] "
                             f"(Kolmogorov-Smirnov, alpha = {alpha}; the stricter reading {UNIFORM_READING}, "
                             "turned on by --stricter-readings)",
                             f"D = {result.statistic:.4f}, p = {result.pvalue:.3g} < {alpha}; mean "
                             f"${sum(hit_values) / len(hit_values):.2f} (uniform: ${(low + high) / 2})")


# ------------------------------------------------------------------ round by round, generated shoes
JACKPOT_SHOES = {
    "heavenly_9": ["2H AH 3H AH 4H 7H", "2H AD 3H AD 4D 7H", "2H AC 3C AS KD 7D", "2H KS 3C 6C 4D"],
    "harmony": ["KH KS KD KC KH KS", "8H 8S 8D 8C", "5H 4C 5D 6S KC 10H"],
    "royal_9": [],
}


@when(phrase("rounds are dealt from shuffled shoes with seat {seat:d} wagering {base:Money} on the Banker's Hand "
             "and {amount:Money} on {target:Wager}"), target_fixture="checked")
def round_by_round(table: TableHandle, depth: str, clause: str, seat: int, base: Decimal, amount: Decimal,
                   target: Target) -> Checked:
    """Deal DEPTH_ROUNDS[depth] rounds from shoes shuffled by a fixed-seed generator,
    every fifth round stacked with a paying (jackpot) hand, checking every meter
    before and after each round."""
    rng = random.Random(631)
    deck = [r + s for r in m.RANKS for s in "CDHS"] * 8
    jackpots = list(JACKPOT_SHOES.get(target.wager_type, []))
    if target.wager_type == "royal_9":
        combos = P.royal_9_combinations(table.rules)
        mine = combos.get(seat)
        other = next((c for s, c in sorted(combos.items()) if s != seat), None)
        if mine:
            jackpots += [f"{mine[0]} 2C {mine[1]} 3D", f"2C {mine[0]} 3D {mine[1]}",
                         f"{mine[0]} {mine[0]} {mine[1]} {mine[1]}"]
        if other:
            jackpots.append(f"{other[0]} {other[0]} {other[1]} {other[1]}")
        jackpots.append("QH 2C 9H 3D")
    n = DEPTH_ROUNDS[depth]
    wagers = [(seat, "banker", base), (seat, target.wager_type, amount)]
    last = None
    for i in range(1, n + 1):
        if jackpots and i % 5 == 0:
            cards = cards_of(jackpots[(i // 5 - 1) % len(jackpots)]) + ["AC"] * 6
        else:
            cards = rng.sample(deck, 12)
        before, record, want = _deal_checked(table, cards, wagers, clause, f"round {i} of {n}")
        last = Checked(before, record, want, i)
    assert last is not None
    return last


@then("every round's meters were checked before and after the round")
def all_checked(checked: Checked) -> None:
    assert checked.rounds >= 1


@then(phrase("the wager of seat {seat:d} on {target:Wager} is settled after the result is announced"))
def settled_with_result(wagers: Wagers, round_record: m.RoundRecord, clause: str, seat: int, target: Target) -> None:
    wid, _ = wagers.placed[(seat, target)]
    events = round_record.events
    settle_at = next((i for i, e in enumerate(events) if e.wager_id == wid and e.type in ("pay", "collect")), None)
    result_at = next((i for i, e in enumerate(events) if e.type == "announcement"
                      and e.text in ("player wins", "banker wins", "tie hand")), None)
    if settle_at is None or result_at is None or settle_at < result_at:
        raise Nonconformance(clause, f"the wager of seat {seat} on {target.phrase} is settled after the result of the "
                             "round is announced", f"settlement event {settle_at}, result announcement {result_at}",
                             cards_of_record(round_record))


@given(phrase("seats {first:d} to {last:d} each wager {base:Money} on the Banker's Hand and {amount:Money} on "
              "{target:Wager}"), target_fixture="wagers")
def seats_wager(table: TableHandle, wagers: Wagers, clause: str, first: int, last: int, base: Decimal,
                amount: Decimal, target: Target) -> Wagers:
    for seat in range(first, last + 1):
        for tt, stake in ((Target("banker"), base), (target, amount)):
            ack = table.game.place_wager(table.table_id, seat, tt.wager_type, stake, hand=tt.hand)
            if not ack.accepted:
                raise Nonconformance(clause, f"the game accepts a ${stake} {tt.describe()} wager at seat {seat}",
                                     f"refused it: {ack.reason}")
            wagers.placed[(seat, tt)] = (ack.wager_id or "", stake)
    return wagers


@then("the Royal 9 jackpot meters start at the Rules Submission's initial amounts and no lower than the minimums")
def royal_9_initial(table: TableHandle, meters_before: dict[str, m.Meter], clause: str) -> None:
    opts = table.rules["wagers"]["royal_9"]
    denom = str(opts.get("denomination", "5"))
    for j, name in P.ROYAL_9_METERS.items():
        filed = Decimal(str(opts["resets"][j]))
        least = P.ROYAL_9_MINIMUM_RESETS[denom][j]
        got = meters_before.get(name)
        if got is None or got.amount != filed or got.amount < least or (got.reset is not None and got.reset != filed):
            # the initial amounts are the denomination's: § (f)(2) for a $5 wager, § (g)(2) for a $1 wager
            rule = P.royal_9_rates_clause(_section(table.rules), denom)
            raise Nonconformance(named(clause, "procedure", rule if rule in getattr(clause, "tags", ()) else None),
                                 f"the {j.capitalize()} Jackpot meter starts at the Rules Submission's "
                                 f"initial amount ${filed} (at least ${least} for a ${denom} wager)",
                                 f"it reads {('$' + str(got.amount) + ', reset $' + str(got.reset)) if got else 'nothing'}")
