"""The wagers a scenario places and their settlement in the round record (not a step
module: modules whose name starts with "_" are not loaded as pytest plugins).

:class:`Wagers` is the value of the ``wagers`` fixture (steps/wagers.py); the step
modules that place wagers or judge their settlement share :func:`place`,
:func:`result_of` and :func:`check_result`.

:func:`check_result` names the clause of the rule that was broken
(:mod:`baccarat_conformance.judging.attribution`): a wrong result (win, lose, tie) names the
scenario's ``outcome`` clause, else the rules oracle's win/lose/tie clause of the wager
(§ 631a.8(a)); a winning wager paid the wrong amount names the scenario's ``payout``
clause, else the oracle's odds clause of the wager (§ 631a.13). It counts one wager
settled in the scenario's judgement ledger (:mod:`baccarat_conformance.judging.judgements`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Optional

import pytest

from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import judged
from baccarat_conformance.oracle import progressives as P
from baccarat_conformance.oracle import side_wagers as side
from baccarat_conformance.oracle.settlement import settler_for, settlers
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._support import TableHandle
from ._vocabulary import cards_of_record, money_text
from ._wager_targets import Target


@dataclass
class Wagers:
    """The wagers placed in this scenario: (seat, target) -> (wager_id, amount), and
    the acknowledgements of refused wagers, in order."""

    placed: dict[tuple[int, Target], tuple[str, Decimal]] = field(default_factory=dict)
    acks: list[tuple[int, Target, Decimal, m.WagerAck]] = field(default_factory=list)


def place(table: TableHandle, seat: int, amount: Decimal, target: Target, clause: str, wagers: Wagers) -> Wagers:
    """Place ``amount`` on ``target`` at ``seat`` and record it in ``wagers``.

    :raises Nonconformance: under ``clause`` when the game refuses the wager.
    :raises pytest.skip.Exception: "not offered" when the game refuses a wager outside
        the table limits the Rules Submission files for its type (``[limits]``): the
        scenario's example is not one this table offers.
    """
    ack = table.game.place_wager(table.table_id, seat, target.wager_type, amount, hand=target.hand,
                                 option=target.option)
    wagers.acks.append((seat, target, amount, ack))
    if not ack.accepted and (bounds := outside_limits(table.rules, target.wager_type, amount)):
        pytest.skip(f"not offered: the Rules Submission's table limits for {target.describe()} wagers are "
                    f"{bounds}, so a {money_text(amount)} wager is not offered (the game refused it: {ack.reason})")
    if not ack.accepted:
        raise Nonconformance(clause, f"the game accepts a {money_text(amount)} {target.describe()} wager at seat "
                                     f"{seat}", f"refused it: {ack.reason}")
    wagers.placed[(seat, target)] = (ack.wager_id or "", amount)
    return wagers


def outside_limits(rules: dict[str, Any], wager_type: str, amount: Decimal) -> Optional[str]:
    """The filed table limits of ``wager_type`` (``"$5.00 to $2,500.00"``) when ``amount``
    lies outside them, else None. ``rules``: the Rules Submission as sent to the game;
    its ``limits`` table names a wager type or ``default`` (min and max in dollars)."""
    limits = (rules.get("limits") or {})
    own = limits.get(wager_type) or limits.get("default") or {}
    low = Decimal(str(own["min"])) if own.get("min") is not None else None
    high = Decimal(str(own["max"])) if own.get("max") is not None else None
    if (low is not None and amount < low) or (high is not None and amount > high):
        return f"{money_text(low) if low is not None else 'no minimum'} to " \
               f"{money_text(high) if high is not None else 'no maximum'}"
    return None


def result_of(round_record: m.RoundRecord, wagers: Wagers, seat: int, target: Target, clause: str) -> m.WagerResult:
    """The settlement of the wager ``seat`` placed on ``target``, from the round record.

    :raises Nonconformance: under ``clause`` when the round record does not settle it.
    """
    wager_id, _ = wagers.placed[(seat, target)]
    for r in round_record.wagers:
        if r.wager_id == wager_id:
            return r
    raise Nonconformance(clause, f"the round record settles the {target.describe()} wager of seat {seat}",
                         f"no settlement for wager {wager_id} in the round record", cards_of_record(round_record))


#: Sections whose winning wagers the side-wager oracle does not settle: wager type (None:
#: any other wager of the section) -> the clause that sets its payout.
SECTION_PAYOUTS: dict[str, dict[Optional[str], str]] = {
    "629b.5": {"rising_phoenix_bonus": "629b.5(h)(2)", None: "629b.5(h)(1)"},
    "629b.6": {None: "629b.6(f)"},
}
_BASE_WAGERS = ("banker", "player", "tie")


def _sections(clause: str) -> list[str]:
    """The sections of the scenario's clause tags, in order (none for a plain id)."""
    return list(dict.fromkeys(t.split("(")[0].split("[")[0] for t in getattr(clause, "tags", ())))


def _progressive_clause(wager_type: str, role: str, record: m.RoundRecord, rules: dict, seat: int) -> Optional[str]:
    """The clause the progressive oracle names for a Heavenly 9, Harmony or Royal 9 wager
    settled wrong in ``record``: the paytable of the table's paytable or denomination
    (``payout``), or the outcome the hands make, else the clause that says it loses."""
    coup = P.Coup(tuple(record.player.cards), tuple(record.banker.cards), ())  # type: ignore[union-attr]
    wagers = rules.get("wagers") or {}
    if wager_type == "heavenly_9":
        row = P.heavenly_9_row(coup)
        return "631c.2(i)[table]" if role == "payout" else row.clause if row else "631c.2(h)"
    if wager_type == "harmony":
        paytable = str((wagers.get("harmony") or {}).get("paytable", "A"))
        row = P.harmony_row(coup, paytable)
        return P.harmony_table_clause("629b.7(i)", paytable) if role == "payout" else row.clause if row else "629b.7(h)"
    if wager_type == "royal_9":
        section = "627b" if rules.get("variant") == "minibaccarat" else "629b"
        denomination = str((wagers.get("royal_9") or {}).get("denomination", "5"))
        if role == "payout":
            return P.royal_9_paytable_clause(section, denomination)
        row = P.royal_9_row(coup, denomination, seat, P.royal_9_combinations(rules))
        return f"{section}.3{row.clause}" if row else None
    return None


def oracle_clause(wager_type: str, role: str, result: str, rules_submission: Optional[RulesSubmission] = None, *,
                  clause: str = "", target: Optional[Target] = None, round_record: Optional[m.RoundRecord] = None,
                  rules: Optional[dict] = None, seat: int = 0) -> Optional[str]:
    """The clause the rules oracle names for a ``wager_type`` settled wrong: its payout
    clause (``role`` ``"payout"``) or the clause that says it has ``result`` (``role``
    ``"outcome"``).

    Asked in order: the progressive oracle (Heavenly 9, Harmony, Royal 9: the outcome the
    hands make, under ``rules``, the table's rules); the side-wager oracle of a section
    the scenario (``clause``) is tagged in, for the wager and hands of ``round_record``
    (§ 631c.5(k)(2) for a three-card Lucky Six), or :data:`SECTION_PAYOUTS`; the Chapter
    631a settler of the
    wager under ``rules_submission`` (when given), then under any variant for the
    Banker, Player and Tie wagers (the base game of Chapters 627a and 629a is read as
    Chapter 631a's). None when none of them knows the wager.
    """
    complete = round_record is not None and round_record.player is not None and round_record.banker is not None
    table_rules = rules if rules is not None else (rules_submission.as_rules() if rules_submission is not None else {})
    if complete and wager_type in ("heavenly_9", "harmony", "royal_9"):
        return _progressive_clause(wager_type, role, round_record, table_rules, seat)  # type: ignore[arg-type]
    for section in _sections(clause):
        if target is not None and round_record is not None and round_record.player and round_record.banker \
                and any(w == wager_type for w, _ in side.SECTION_WAGERS.get(section, ())):
            try:
                want = side.expected(section, wager_type, target.hand, round_record.player.cards,
                                     round_record.banker.cards, table_rules)
            except (KeyError, ValueError):
                continue
            if role == "payout" and want.result == "win":
                return side.payout_clause(section, want)
            if role == "outcome":
                return side.outcome_clause(section, wager_type, want)
        if role == "payout" and section in SECTION_PAYOUTS:
            table = SECTION_PAYOUTS[section]
            return table.get(wager_type, table.get(None))
    settler = settler_for(wager_type, rules_submission) if rules_submission is not None else None
    if settler is None and (rules_submission is None or wager_type in _BASE_WAGERS):
        settler = settlers().get(wager_type)
    if settler is None:
        return None
    return settler.odds_clause if role == "payout" else settler.clause_for_result(result)


def check_result(round_record: m.RoundRecord, wagers: Wagers, seat: int, target: Target, clause: str, result: str,
                 paid: Optional[Decimal], how: str, rules_submission: Optional[RulesSubmission] = None,
                 rules: Optional[dict] = None) -> m.WagerResult:
    """The settlement of the wager ``seat`` placed on ``target``, checked: its
    ``result`` (``"win"``, ``"lose"``, ``"push"``, ``"void"``) and, unless None, the
    amount ``paid`` (the stake included). ``how`` completes the requirement's
    sentence ("the $10 ... wager of seat 1 <how>"). ``rules_submission`` and ``rules``
    (the table's rules, when a scenario opened it with other options) let the rules
    oracle name the clause of a wager settled wrong (:func:`oracle_clause`).

    :raises Nonconformance: when either differs, naming the ``payout`` clause when only
        a winning wager's amount is wrong, else the ``outcome`` clause (see the module
        docstring); a void wager names the scenario's principal clause.
    """
    r = result_of(round_record, wagers, seat, target, clause)
    _, stake = wagers.placed[(seat, target)]
    judged(1, "wagers settled")
    if r.result != result or (paid is not None and r.paid != paid):
        role = "payout" if r.result == result == "win" else "outcome" if result != "void" else "procedure"
        fallback = oracle_clause(target.wager_type, role, result, rules_submission, clause=clause, target=target,
                                 round_record=round_record, rules=rules, seat=seat) if role != "procedure" else None
        observed = f"settled it as {r.result}, returned ${r.paid} in all"
        prefer = {"win": "win", "lose": "lose", "push": "tie"}.get(result) if role == "outcome" else None
        raise Nonconformance(named(clause, role, fallback, prefer),
                             f"the ${stake} {target.describe()} wager of seat {seat} {how}", observed,
                             cards_of_record(round_record))
    problem = settlement_event_problem(round_record, r)
    if problem is not None:
        required, observed = problem
        # a void round's wagers are returned by § 631a.15(e) (the scenario's clause); every
        # other settlement is collected, paid or returned by the dealer, § 631a.12(b)
        raise Nonconformance(clause if result == "void" else SETTLEMENT_CLAUSE,
                             required, observed, cards_of_record(round_record))
    return r


#: The clause of the dealer's collecting, paying and returning of the wagers (the events of
#: a settlement): "collect all losing wagers ... pay off all winning wagers" (§ 631a.12(b)).
SETTLEMENT_CLAUSE = "631a.12(b)"
#: The events that move a wager's chips, by the result of its settlement (docs/protocol.md,
#: "Events": ``collect`` a loser's stake, ``pay`` the winnings on top of the stake returned,
#: ``push`` a stake returned on a tie, ``return`` a stake returned on a void round).
SETTLEMENT_EVENTS: dict[str, frozenset[str]] = {"lose": frozenset({"collect"}), "win": frozenset({"pay"}),
                                                "push": frozenset({"push", "return"}),
                                                "void": frozenset({"return", "push"})}
MONEY_EVENTS = frozenset().union(*SETTLEMENT_EVENTS.values())


def settlement_event_problem(record: m.RoundRecord, r: m.WagerResult) -> Optional[tuple[str, str]]:
    """The round's events and its record cross-checked for the settlement ``r``: the
    record settles the wager ``r.wager_id`` and its events move its chips once, as the
    settlement says (``collect`` of its stake when it lost, ``pay`` of ``paid`` less the
    stake when it won, ``push`` or ``return`` of its stake when it tied or the round was
    void; a House Money winner's ``pay`` may include what its seat added to another wager,
    ``house_money_added``); and no event moves the chips of a wager the record does not
    settle. ``(required, observed)`` of the first disagreement, or None.

    The record is the game's account of what its events did: a settlement with no event
    (a void round whose wagers the record says were returned, no chip returned) is a wager
    not settled (§ 631a.15(e), § 631a.12(b))."""
    events = list(record.events)
    settled = {w.wager_id for w in record.wagers}
    stray = [e for e in events if e.type in MONEY_EVENTS and e.wager_id and e.wager_id not in settled]
    if stray:
        e = stray[0]
        return (f"every {e.type} event of round {record.round_id} moves the chips of a wager its record settles",
                f"{e.type} ${e.amount} for wager {e.wager_id!r} at seat {e.seat}, which the record does not settle")
    kinds = SETTLEMENT_EVENTS.get(r.result)
    if kinds is None:
        return None
    mine = [e for e in events if e.type in MONEY_EVENTS and e.wager_id == r.wager_id]
    want = r.paid - r.amount if r.result == "win" else r.amount
    added = sum((e.amount or Decimal("0") for e in events if e.type == "house_money_added" and e.seat == r.seat),
                Decimal("0")) if r.wager_type == "house_money" and r.result == "win" else Decimal("0")
    ok = len(mine) == 1 and mine[0].type in kinds and mine[0].amount in (want, want + added)
    if ok:
        return None
    verb = {"lose": "collected", "win": "paid", "push": "returned", "void": "returned"}[r.result]
    event = {"lose": "collect", "win": "pay", "push": "push", "void": "return"}[r.result]
    seen = ", ".join(f"{e.type} ${e.amount}" for e in mine) or f"no {' or '.join(sorted(kinds))} event"
    return (f"the ${r.amount} {r.wager_type} wager of seat {r.seat}, settled {r.result} in the round record, is "
            f"{verb} once in its events (a {event} event of ${want})",
            f"{seen} for wager {r.wager_id!r}; the record says {r.result}, paid ${r.paid}")
