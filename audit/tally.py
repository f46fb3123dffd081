"""What an audit saw, as counts that merge exactly (:class:`Tally`): one partition's
(a file of recorded rounds) on its own, any number of them summed in partition order.

Counts are integers and :class:`~collections.Counter` s; the findings quoted in full are
the first :data:`KEEP` of each clause (and of the bad input), in input order, so the same
input gives the same tally on one process, a local pool or a Dask cluster.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional

__all__ = ["Tally", "KEEP", "ROUND_EVENTS"]

KEEP = 20
"""Findings kept in full per clause (and bad-input findings kept in full); the rest are counted."""

ROUND_EVENTS = ("banker_win", "player_win", "tie", "natural", "player_natural", "banker_natural",
                "player_pair", "banker_pair")
"""Round events counted per table (:func:`gamestats.judge.outcome_tests` against the par sheet)."""


def _keep(a: list, b: list, limit: int) -> list:
    return (a + b[:max(0, limit - len(a))]) if len(a) < limit else a


@dataclass
class Tally:
    """What one or more partitions saw.

    ``records``: lines (or rows) read; ``rounds``: round records read whole (by
    ``status``: ``statuses``); ``judged``: clause -> rounds that judged it; ``failed``:
    clause -> rounds that broke it; ``findings``: clause -> the first :data:`KEEP`
    quotes (dicts: ``file``, ``line``, ``table_id``, ``shoe_id``, ``round_id``,
    ``timestamp``, ``required``, ``observed``); ``bad``: bad-input kind -> count;
    ``bad_findings``: the first :data:`KEEP` of them (``file``, ``line``, ``kind``,
    ``problem``); ``unjudged_wagers``: wager type -> settlements the oracle cannot judge
    under the Rules Submission; ``blocked``: (clause, the clause that blocked it) ->
    rounds that could not judge it, a rule it rests on broken; ``not_in_force``: clause -> rounds dealt on a date the
    clause was not in force; ``events``: table -> round event -> count; ``rounds_by_table``;
    ``returns``: table -> ``(wager_type, hand, option, net cents, stake cents)`` -> count.
    """

    records: int = 0
    rounds: int = 0
    statuses: Counter = field(default_factory=Counter)
    judged: Counter = field(default_factory=Counter)
    failed: Counter = field(default_factory=Counter)
    findings: dict = field(default_factory=dict)
    bad: Counter = field(default_factory=Counter)
    bad_findings: list = field(default_factory=list)
    unjudged_wagers: Counter = field(default_factory=Counter)
    not_in_force: Counter = field(default_factory=Counter)
    blocked: Counter = field(default_factory=Counter)
    shoes_unjudged: Counter = field(default_factory=Counter)
    events: dict = field(default_factory=dict)
    rounds_by_table: Counter = field(default_factory=Counter)
    returns: dict = field(default_factory=dict)
    files: list = field(default_factory=list)

    def finding(self, clause: str, quote: dict[str, Any]) -> None:
        self.failed[clause] += 1
        kept = self.findings.setdefault(clause, [])
        if len(kept) < KEEP:
            kept.append(quote)

    def bad_input(self, kind: str, quote: dict[str, Any]) -> None:
        self.bad[kind] += 1
        if len(self.bad_findings) < KEEP:
            self.bad_findings.append(quote)

    @property
    def bad_total(self) -> int:
        return sum(self.bad.values())

    def merge(self, other: "Tally") -> "Tally":
        """The sum of this tally and ``other``, ``other`` coming after it in input order
        (a new object)."""
        out = Tally()
        out.records = self.records + other.records
        out.rounds = self.rounds + other.rounds
        for name in ("statuses", "judged", "failed", "bad", "unjudged_wagers", "not_in_force", "rounds_by_table",
                     "blocked", "shoes_unjudged"):
            setattr(out, name, getattr(self, name) + getattr(other, name))
        for clause in list(self.findings) + [c for c in other.findings if c not in self.findings]:
            out.findings[clause] = _keep(list(self.findings.get(clause, [])), other.findings.get(clause, []), KEEP)
        out.bad_findings = _keep(list(self.bad_findings), other.bad_findings, KEEP)
        for name in ("events", "returns"):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(out, name, {t: mine.get(t, Counter()) + theirs.get(t, Counter())
                                for t in list(mine) + [t for t in theirs if t not in mine]})
        out.files = self.files + other.files
        return out

    def figures(self) -> dict[str, Any]:
        """The tally as plain JSON values, sorted: what must be identical on one process,
        a local pool and a Dask cluster (tests compare these)."""
        def c(x: Counter) -> dict:
            return {str(k): v for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
        return {"records": self.records, "rounds": self.rounds, "statuses": c(self.statuses),
                "judged": c(self.judged), "failed": c(self.failed), "bad": c(self.bad),
                "unjudged_wagers": c(self.unjudged_wagers), "not_in_force": c(self.not_in_force),
                "blocked": c(self.blocked), "shoes_unjudged": c(self.shoes_unjudged),
                "rounds_by_table": c(self.rounds_by_table),
                "events": {t: c(v) for t, v in sorted(self.events.items())},
                "returns": {t: c(v) for t, v in sorted(self.returns.items())},
                "findings": {k: v for k, v in sorted(self.findings.items())}, "bad_findings": self.bad_findings}


def empty() -> Tally:
    return Tally()


def merge_all(tallies: list[Optional[Tally]]) -> Tally:
    """The tallies summed in order."""
    out = Tally()
    for t in tallies:
        if t is not None:
            out = out.merge(t)
    return out
