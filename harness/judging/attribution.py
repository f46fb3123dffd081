"""Which clause a failing check names (docs/clause-matrix.md, "Which clause a failure
names").

A check names the clause whose rule it checked, never one picked among a scenario's
tags by chance. The step functions receive the ``clause`` fixture, a
:class:`ScenarioClause`: the scenario's *principal* clause (its first clause tag as
written in the feature file) that also knows all of the scenario's clause tags and
their roles (:mod:`baccarat_conformance.corpus.roles`). A check that judges one kind of
rule asks :func:`named` for the clause of that role:

* a settlement with the wrong result (win, lose, tie) names an ``outcome`` clause;
* a winning wager paid the wrong amount names a ``payout`` clause;
* a wrong vigorish or commission names a ``commission`` clause;
* a hand dealt the wrong cards names a ``hands`` clause;

each time the scenario's own tag of that role when it has one (the most specific), else
the clause the rules oracle names for it (``fallback``: the Tie's odds are § 631a.13(b),
whatever the scenario is tagged with), else the principal clause. A check with no role
(a call, an order of events, a refused wager) names the principal clause.

The failure's clause is the :class:`~baccarat_conformance.judging.errors.Nonconformance`'s
``clause``; the results log records it (``failed_clause``) and the clause matrix fails
that clause, never the scenario's other tags (:func:`failing_clauses`).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional

from baccarat_conformance.corpus.roles import edition_twins, pick

__all__ = ["ScenarioClause", "named", "failing_clauses", "UNKNOWN"]

UNKNOWN = "unknown clause"


class ScenarioClause(str):
    """The ``clause`` fixture: the scenario's principal clause id (a ``str``, so a check
    with no role passes it to :class:`~baccarat_conformance.judging.errors.Nonconformance` as it
    is), with ``tags`` (every clause tag of the scenario, principal first) and ``roles``
    (tag -> its roles)."""

    tags: tuple[str, ...]
    roles: Mapping[str, frozenset[str]]

    def __new__(cls, tags: Iterable[str], roles: Optional[Mapping[str, Iterable[str]]] = None) -> "ScenarioClause":
        tags = tuple(tags)
        self = super().__new__(cls, tags[0] if tags else UNKNOWN)
        self.tags = tags
        self.roles = {t: frozenset((roles or {}).get(t, ())) for t in tags}
        return self

    def __reduce__(self):  # copy and pickle rebuild it from its tags, not from the str
        return (ScenarioClause, (self.tags, {t: set(r) for t, r in self.roles.items()}))

    def for_role(self, role: str, fallback: Optional[str] = None, prefer: Optional[str] = None) -> str:
        """The scenario's tag of ``role``: ``fallback`` (the oracle's clause) when it is
        one of them (a Scenario Outline tagged with every outcome of a paytable names the
        one its row deals), else the most specific (one that also has the role ``prefer``
        first); else ``fallback``, else the principal clause."""
        if fallback and fallback in self.tags and role in self.roles.get(fallback, ()):
            return fallback
        return pick(self.tags, role, self.roles, prefer) or fallback or str(self)


def named(clause: str, role: str, fallback: Optional[str] = None, prefer: Optional[str] = None) -> str:
    """The clause a check of ``role`` names: ``clause.for_role(role, fallback, prefer)``
    for the ``clause`` fixture (``prefer``: ``"win"``, ``"lose"`` or ``"tie"``, the
    result an outcome check expected); a plain clause id (a check that names its clause
    itself) is returned unchanged."""
    if isinstance(clause, ScenarioClause):
        return clause.for_role(role, fallback, prefer)
    return str(clause)


def failing_clauses(failed: str, tags: Iterable[str], ancestors_of: Callable[[str], Iterable[str]]) -> list[str]:
    """The clauses a failure naming ``failed`` fails, of a scenario tagged ``tags``:
    ``failed`` itself, its copies in another edition among ``tags`` (§ 631c.2 is printed
    twice), and the ``tags`` that enclose one of those (the sweep tagged § 631a.11 found
    § 631a.11(c)(2)(iii) broken). ``ancestors_of(id)``: the ids enclosing a clause. The
    scenario's other tags are not verified: it stopped at the failure."""
    tags = list(tags)
    out = [failed] + edition_twins(failed, tags)
    for named_clause in list(out):
        enclosing = set(ancestors_of(named_clause))
        out += [t for t in tags if t in enclosing and t not in out]
    return out
