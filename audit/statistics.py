"""Statistics over recorded rounds: the outcome frequencies of each table and over all
tables against the exact par sheet (:func:`baccarat_conformance.oracle.par_sheet.round_outcome_probabilities`),
and each wager's observed return against the par sheet's house edge
(:func:`baccarat_conformance.oracle.par_sheet.par_sheet`), with the tests of
:mod:`baccarat_conformance.gamestats.judge` (exact binomial tests, z tests with their 99%
confidence intervals, each with its power) and Holm's correction over every test of
every table (:func:`~baccarat_conformance.gamestats.judge.holm`): a table whose Banker
wins too often, or whose Tie returns too little, is named.

The figures are evidence beside the clause matrix, not a clause verdict: recorded rounds
are not dealt from shoes of known composition off the top, so a rejection says where to
look (docs/statistics.md gives the size of the cut-card effect).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from baccarat_conformance.gamestats.judge import ALPHA, holm, label, observed_return, outcome_tests, return_tests
from baccarat_conformance.gamestats.simulate import Counts
from baccarat_conformance.oracle.par_sheet import par_sheet, round_outcome_probabilities
from baccarat_conformance.inputs.profile import RulesSubmission

from .tally import ROUND_EVENTS, Tally

__all__ = ["statistics_tests", "return_points", "MIN_ROUNDS"]

MIN_ROUNDS = 100
"""Rounds a table needs before its frequencies are tested (fewer: nothing to resolve)."""


def _counts(rounds: int, events: Counter, returns: Counter) -> Counts:
    """The gamestats counts of one table (or all): round events, and per wager its
    settlements as outcomes and its net return per unit staked (exact fractions)."""
    c = Counts()
    c.rounds = rounds
    c.events = Counter({k: events.get(k, 0) for k in ROUND_EVENTS})
    for (wager, hand, option, net, stake), n in returns.items():
        key = (wager, hand, option)
        unit = net / stake  # a float from here on: the counts themselves stay exact integers
        c.outcomes.setdefault(key, Counter())["settled"] += n
        c.net_sum[key] += unit * n
        c.net_sq[key] += unit * unit * n
        c.stake[key] = 1
    return c


def _edges(rs: RulesSubmission) -> dict:
    try:
        sheet = par_sheet(rs.as_rules())
    except (KeyError, ValueError):
        return {}
    return {(w.wager, w.hand, w.option): w.house_edge for w in sheet.wagers if w.exact and w.note is None}


def return_points(tally: Tally, rs: RulesSubmission) -> list[dict[str, Any]]:
    """Each table's observed return per wager of the par sheet, for the picture
    (:mod:`.plots`): ``table``, ``wager`` (its label), ``n`` (settlements), ``observed``
    (mean net return per unit wagered), ``low`` / ``high`` (its 99% confidence interval,
    the normal approximation of :func:`~baccarat_conformance.gamestats.judge.return_tests`)
    and ``par`` (minus the par sheet's house edge); tables with fewer than
    :data:`MIN_ROUNDS` rounds are left out, as from the tests."""
    from scipy import stats

    edges = _edges(rs)
    z = float(stats.norm.isf(ALPHA / 2))
    out = []
    for table in sorted(t for t, n in tally.rounds_by_table.items() if n >= MIN_ROUNDS):
        counts = _counts(tally.rounds_by_table[table], tally.events.get(table, Counter()),
                         tally.returns.get(table, Counter()))
        for key, edge in edges.items():
            seen = observed_return(counts, key)
            if seen is None:
                continue
            n, mean, se = seen
            out.append({"table": table, "wager": label(key), "n": n, "observed": mean, "low": mean - z * se,
                        "high": mean + z * se, "par": -float(edge)})
    return out


def statistics_tests(tally: Tally, rs: RulesSubmission) -> list[dict[str, Any]]:
    """Every test (``gamestats.judge.Test.as_dict`` plus ``table``: a table id or
    ``"all tables"``), Holm's correction applied across all of them."""
    probabilities = round_outcome_probabilities(rs.decks)
    events = {k: probabilities[k] for k in ROUND_EVENTS}
    edges = _edges(rs)
    tables = sorted(t for t, n in tally.rounds_by_table.items() if n >= MIN_ROUNDS)
    groups: list[tuple[str, Counts]] = []
    for t in tables:
        groups.append((t, _counts(tally.rounds_by_table[t], tally.events.get(t, Counter()),
                                  tally.returns.get(t, Counter()))))
    if len(tables) != 1 and sum(tally.rounds_by_table.values()) >= MIN_ROUNDS:
        ev: Counter = Counter()
        ret: Counter = Counter()
        for t in tally.events:
            ev += tally.events[t]
        for t in tally.returns:
            ret += tally.returns[t]
        groups.append(("all tables", _counts(sum(tally.rounds_by_table.values()), ev, ret)))
    tests = []
    m = len(groups) * (len(events) + len(edges))
    for name, counts in groups:
        seen = {k: v for k, v in edges.items() if k in counts.outcomes}
        for t in outcome_tests(counts, events, {}, {}, m_extra=max(0, m - len(events))) + \
                return_tests(counts, seen, {k: "631a.13" for k in seen}, m_extra=max(0, m - len(seen))):
            t.name = f"{name}: {t.name}"
            tests.append((name, t))
    holm([t for _, t in tests])
    return [{"table": name, **t.as_dict()} for name, t in tests]


def named_tables(tests: list[dict[str, Any]]) -> list[str]:
    """``table: test name (p = ...)`` for every rejected test."""
    return [f"{t['name']} (p = {t['p_value']:.3g}; {t['detail']})" for t in tests if t.get("reject")]


def first_rejection(tests: list[dict[str, Any]]) -> Optional[dict[str, Any]]:
    rejected = [t for t in tests if t.get("reject")]
    return min(rejected, key=lambda t: t["p_value"]) if rejected else None
