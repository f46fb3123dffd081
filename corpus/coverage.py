"""Which disposition each clause has, once the feature files are read.

:func:`resolve_coverage` joins the corpus, ``dispositions.toml`` and the scanned feature
files: a clause tagged by at least one scenario is ``automated``; otherwise it has the
disposition written (or implied) in the file; otherwise it is ``uncovered``. A clause
that is both tagged and written in the file is a conflict (reported by the linter);
it counts as automated. An implicit ``subclauses`` (a section with no text of its
own) yields to a tag without conflict.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Optional

from . import Clause, Corpus
from .dispositions import Disposition, Dispositions
from .features import ScenarioInfo, scenarios_by_clause

__all__ = ["COVERAGE_KINDS", "Coverage", "resolve_coverage", "uncovered_hint", "coverage_counts", "is_lead_in"]

#: Every disposition a clause can end up with, in the order listings use.
COVERAGE_KINDS = ("automated", "manual", "not_applicable", "definitional", "subclauses", "uncovered")


@dataclass(frozen=True)
class Coverage:
    """The resolved disposition of one clause.

    ``disposition`` is one of :data:`COVERAGE_KINDS`; ``entry`` the entry of
    ``dispositions.toml`` (or the implicit one), None for automated or uncovered
    clauses without one; ``scenarios`` the scenarios tagged with the clause.
    """

    clause: Clause
    disposition: str
    entry: Optional[Disposition]
    scenarios: tuple[ScenarioInfo, ...]

    @property
    def conflict(self) -> bool:
        """Tagged by a scenario and also written in ``dispositions.toml``."""
        return bool(self.scenarios) and self.entry is not None and not self.entry.implicit

    @property
    def detail(self) -> str:
        if self.disposition == "automated":
            n = len(self.scenarios)
            return f"{n} scenario{'s' if n != 1 else ''}: " + "; ".join(s.name for s in self.scenarios)
        if self.entry is not None:
            return self.entry.detail
        return ""


def resolve_coverage(corpus: Corpus, dispositions: Dispositions,
                     scenarios: Iterable[ScenarioInfo]) -> dict[str, Coverage]:
    """Clause id -> :class:`Coverage`, for every clause, in regulation order."""
    tagged = scenarios_by_clause(scenarios)
    out: dict[str, Coverage] = {}
    for clause in corpus.clauses:
        scs = tuple(tagged.get(clause.id, ()))
        entry = dispositions.get(clause.id)
        if scs:
            kind = "automated"
        elif entry is not None:
            kind = entry.kind
        else:
            kind = "uncovered"
        out[clause.id] = Coverage(clause, kind, entry, scs)
    return out


def coverage_counts(coverage: dict[str, Coverage]) -> dict[str, Counter]:
    """Chapter -> Counter of dispositions (non-governing editions counted under their chapter)."""
    out: dict[str, Counter] = {}
    for cov in coverage.values():
        out.setdefault(cov.clause.chapter, Counter())[cov.disposition] += 1
    return out


def is_lead_in(clause: Clause, corpus: Corpus) -> bool:
    """A short text ending in ":" that introduces subclauses (not only a table): the
    shape of a clause covered by its subclauses."""
    text = " ".join(clause.text.split())
    kids = corpus.children(clause.id)
    return (text.endswith(":") and len(text) <= 160 and any(k.kind != "table" for k in kids))


def uncovered_hint(clause: Clause, corpus: Corpus) -> str:
    """A suggestion for an uncovered clause, for the lead who reconciles the branches."""
    from .dispositions import defined_term

    text = " ".join(clause.text.split())
    kids = corpus.children(clause.id)
    if clause.kind == "table":
        return f"table: [[definitional]] used_by = [\"{clause.parent}\"], or tag a scenario @{clause.tag}"
    if clause.kind == "definition" or (defined_term(clause) and "—" in text[:80]):
        return "definition: [[definitional]] with used_by, or tag a scenario"
    if is_lead_in(clause, corpus):
        return "lead-in ending in ':': [[subclauses]] if it adds no requirement, else tag a scenario"
    if kids and text.endswith(":"):
        return f"introduces {'a table' if all(k.kind == 'table' for k in kids) else 'its subclauses'} and states a requirement: tag a scenario @{clause.tag}"
    lowered = text.lower()
    for word in ("layout", "signage", "sign ", "drop box", "tip box", "discard", "floorperson", "wash",
                 "dealing shoe specifically", "lock-out", "wagering device"):
        if word in lowered:
            return f"mentions {word.strip()!r}: [[manual]] if the protocol cannot observe it, else tag a scenario"
    return f"tag a scenario @{clause.tag}"
