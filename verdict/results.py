"""The results a clause can have in the clause matrix, worst first, and the words the
verdict says them in (the matrix's rows and totals, the exit status's reasons, the writers).

Each result is explained in :mod:`baccarat_conformance.verdict.matrix`.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Optional

__all__ = ["RESULT_LABELS", "AGGREGATE_ORDER", "TOTAL_WORDS", "lacking_phrase", "broke_phrase", "selection_phrase"]

RESULT_LABELS: dict[str, str] = {
    "pass": "pass",
    "fail": "fail",
    "error": "protocol/adapter error",
    "not_offered": "not offered",
    "not_verified": "not verified",
    "waived": "waived",
    "manual_pass": "manual attested pass",
    "manual_fail": "manual attested fail",
    "manual_pending": "manual pending",
    "not_applicable": "not applicable",
    "expired": "expired",
    "not_yet_effective": "not yet effective",
    "not_run": "not run",
    "uncovered": "uncovered",
    "not_selected": "not selected",
    "not_judgeable": "not judgeable from records",
}
#: Worst first: the aggregate of several results is the first of them in this order.
AGGREGATE_ORDER: tuple[str, ...] = ("fail", "manual_fail", "error", "not_verified", "not_run", "uncovered",
                                    "manual_pending", "not_judgeable", "not_selected", "waived", "pass", "manual_pass", "not_offered", "expired",
                                    "not_yet_effective", "not_applicable")
#: Words of the per-chapter totals sentence (the first five are always printed).
TOTAL_WORDS: dict[str, str] = {"pass": "pass", "fail": "fail", "not_offered": "not offered",
                               "manual_pending": "manual pending", "not_applicable": "n/a",
                               "error": "protocol/adapter error", "waived": "waived",
                               "manual_pass": "manual attested pass", "manual_fail": "manual attested fail",
                               "expired": "expired", "not_yet_effective": "not yet effective", "not_run": "not run",
                               "uncovered": "uncovered", "not_verified": "not verified",
                               "not_selected": "not selected", "not_judgeable": "not judgeable from records"}


def lacking_phrase(capabilities: Iterable[str], counts: Optional[Counter] = None) -> str:
    """``capability stacked_shoe (3 scenarios)``, ``capabilities a (1 scenario), b (2 scenarios)``."""
    caps = sorted(capabilities)
    if counts is not None:
        caps = [f"{c} ({counts[c]} scenario{'s' if counts[c] != 1 else ''})" for c in caps]
    return ("capability " if len(caps) == 1 else "capabilities ") + ", ".join(caps)


def broke_phrase(clauses: Iterable[str], counts: Optional[Counter] = None) -> str:
    """``blocked: the game broke § 631a.11(c)(1) (3 scenarios)``."""
    return "blocked: the game broke " + ", ".join(
        f"§ {c}" + (f" ({counts[c]} scenario{'s' if counts[c] != 1 else ''})" if counts is not None else "")
        for c in sorted(clauses))


def selection_phrase(selection: Mapping[str, str]) -> str:
    """``-m 631a.6, -k natural``."""
    return ", ".join(f"{k} {v}" for k, v in selection.items())
