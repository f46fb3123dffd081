"""The exit-status contract of a run (the CI contract): the statuses and what each
means (:data:`EXIT_STATUSES`, printed by ``--help`` and in the README), which wins when
several apply (:data:`PRECEDENCE`: 3 > 2 > 1 > 4 > 0), and the rules that give a clause
matrix its status (:func:`exit_code`).

0 conformant; 1 nonconformance found; 2 harness or adapter error; 3 invalid corpus,
profile, attestation or waiver file (including a waiver that matches no failure);
4 incomplete run (interrupted, nothing collected, nothing judged, clauses not verified,
or clauses pending).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Optional

from .results import RESULT_LABELS, broke_phrase, lacking_phrase, selection_phrase

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from .matrix import Matrix

__all__ = ["EXIT_STATUSES", "EXIT_STATUS_HELP", "exit_status_markdown", "EXIT_CODES", "PRECEDENCE", "combine",
           "exit_code"]

#: The exit statuses of the CI contract, each with its meaning in one sentence: the one
#: source of :data:`EXIT_STATUS_HELP` (``--help``) and of the README's table
#: (:func:`exit_status_markdown`; ``tests/user/test_docs_commands.py`` checks the README holds it).
EXIT_STATUSES: tuple[tuple[int, str, str], ...] = (
    (0, "conformant",
     "every clause in force passed, was waived, was attested pass, is not offered or not applicable, and the run "
     "completed (a clause the game could not be tested on for lack of a capability is never conformant; with a "
     "selection, -m or -k, the clauses outside it are not selected and not counted)"),
    (1, "nonconformance found",
     "a clause failed (a scenario found a rule nonconformance, or a manual inspection was attested fail) and no "
     "valid waiver accepts it"),
    (2, "harness or adapter error",
     "a scenario ended in a protocol, adapter or harness error; pytest reported an internal or collection error; "
     "or the Allure report could not be generated"),
    (3, "invalid input",
     "the corpus, dispositions, feature anchors, profile, attestation or waiver file, or a command-line option is "
     "invalid (the run does not start); or a waiver matched no failure (found after the run)"),
    (4, "incomplete run",
     "interrupted, nothing collected, nothing judged (every scenario selected is expired or not yet effective on "
     "the --as-of date), a selected scenario did not run, clauses not verified (the game lacks a "
     "capability a scenario of a clause in force and offered needs, or a scenario was blocked: the game broke a "
     "rule it relies on, or it stopped at a failure of another clause before judging this one), clauses "
     "pending (manual clause without attestation, clause with no scenario and no disposition, a field audit's "
     "clause not judgeable from records; --allow-pending ignores these three, never \"not verified\"), or a "
     "field audit found bad records in its input"),
)
#: When several exit statuses apply, the first of these wins.
PRECEDENCE = (3, 2, 1, 4, 0)


def _help_text() -> str:
    import textwrap

    lines = ["exit status (CI contract; when several apply, the first of 3, 2, 1, 4 wins):"]
    for code, title, text in EXIT_STATUSES:
        lines += textwrap.wrap(f"{title}: {text}", width=78, initial_indent=f"  {code}  ",
                               subsequent_indent="     ")
    return "\n".join(lines) + "\n"


EXIT_STATUS_HELP = _help_text()
"""The exit-status contract as ``--help`` prints it (from :data:`EXIT_STATUSES`)."""


def exit_status_markdown() -> str:
    """The exit-status contract as the README's Markdown table (from :data:`EXIT_STATUSES`)."""
    rows = ["| status | meaning |", "|---|---|"]
    rows += [f"| {code} | **{title}**: {text.replace('|', '&#124;')} |" for code, title, text in EXIT_STATUSES]
    first = ", ".join(str(c) for c in PRECEDENCE[:-1])
    return f"When several apply, the first of {first} wins.\n\n" + "\n".join(rows) + "\n"


EXIT_CODES: dict[int, str] = {
    0: "conformant",
    1: "nonconformance found",
    2: "harness or adapter error",
    3: "invalid corpus, profile, attestation or waiver file",
    4: "incomplete run (interrupted, nothing judged, clauses not verified, or clauses pending)",
}


def combine(*codes: Optional[int]) -> int:
    """The exit status of several findings: the first of 3, 2, 1, 4, 0 present (None
    is no finding; 0 when there is none)."""
    present = {c for c in codes if c is not None}
    return next((c for c in PRECEDENCE if c in present), 0)


#: Categories of a scenario skipped for its dates: a run of nothing else judged nothing.
_DATED_OUT = frozenset({"expired", "not yet effective"})

FAILING_NAMED = 10
"""How many failing clauses a verdict names before "and N more"."""


def failing_leaves(rows: list[dict]) -> list[dict]:
    """The failing clauses of ``rows`` (matrix rows, regulation order) that a broken rule
    fails itself, each once: not a clause failing because a subclause of it fails (631a.11
    and 631a.11(b) when 631a.11(b)(1) fails), nor one failing by aggregation (a lead-in or
    a definition, whose result is that of the clauses it serves). A manual inspection
    attested fail is its own leaf."""
    failing = [r for r in rows if r["result"] in ("fail", "manual_fail")]
    ids = [r["id"] for r in failing]

    def has_failing_subclause(cid: str) -> bool:
        return any(o != cid and o.startswith(cid + "(") for o in ids)

    return [r for r in failing if r["disposition"] not in ("subclauses", "definitional")
            and not has_failing_subclause(r["id"])]


def failing_sentence(leaves: list[dict], named: int = FAILING_NAMED) -> str:
    """``2 clauses fail: 631a.11(b)(1), 631a.6(a)`` — the first ``named`` ids, then
    ``and N more``; those attested fail by manual inspection counted in parentheses."""
    n = len(leaves)
    ids = [r["id"] for r in leaves[:named]]
    more = f", and {n - named} more" if n > named else ""
    manual = sum(r["result"] == "manual_fail" for r in leaves)
    return (f"{n} clause{'s' if n != 1 else ''} fail{'s' if n == 1 else ''}"
            + (f" ({manual} by manual inspection)" if manual else "") + f": {', '.join(ids)}{more}")


def exit_code(m: Matrix, *, allow_pending: bool = False) -> tuple[int, list[str]]:
    """The exit status of a run and the reasons for it (see the module docstring and :data:`EXIT_STATUSES`).

    ``allow_pending`` keeps manual pending and uncovered clauses from making it 4 (they
    stay in the matrix); a scenario that did not run, and a clause not verified (the
    game lacks a capability it needs, or a scenario of it was blocked by a rule the game
    broke), still do.
    """
    counts = Counter(r["result"] for r in m.rows)
    run = m.run
    found: dict[int, list[str]] = {}

    def add(code: int, why: str) -> None:
        found.setdefault(code, []).append(why)

    for p in m.problems:
        add(3, p)
    if counts["error"]:
        add(2, f"{counts['error']} clause(s) with a protocol, adapter or harness error")
    if run.pytest_exit_status == 3:
        add(2, "pytest reported an internal error")
    if run.collection_errors:
        add(2, f"{run.collection_errors} collection error(s)")
    if run.pytest_exit_status == 4:
        add(3, "pytest rejected the options (usage error)")
    fails = counts["fail"] + counts["manual_fail"]
    if fails:
        add(1, failing_sentence(failing_leaves(m.rows)))
    if run.pytest_exit_status == 1 and not fails and not counts["error"] and not counts["waived"]:
        add(2, "pytest reported failures outside the clause matrix (a test without a clause tag failed)")
    if run.interrupted or (run.pytest_exit_status == 2 and not run.collection_errors):
        add(4, "the run was interrupted")
    # a selection of manual clauses alone (-m 631a.2 with --attestations) collects no scenario: the
    # attestations decide its clauses, and that is a verdict; with nothing attested, nothing was decided
    attested = counts["manual_pass"] + counts["manual_fail"]
    if (run.pytest_exit_status == 5 or run.collected == 0) and not attested:
        add(4, "no scenario was collected")
    dated = {c: n for c, n in m.results_categories.items() if c in _DATED_OUT}
    if m.results_count and sum(dated.values()) == m.results_count:
        add(4, f"nothing judged: every scenario {'selected' if run.selection else 'collected'} is "
            + " or ".join(sorted(dated)) + f" on {run.as_of.isoformat()} ({m.results_count} scenario(s)"
            + (f", {selection_phrase(run.selection)}" if run.selection else "")
            + ("; --include-expired tests the expired ones" if "expired" in dated else "") + ")")
    if counts["not_verified"]:  # whatever --allow-pending says: neither a capability nor a broken rule buys a pass
        caps = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("missing_capabilities", ())})
        broke = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("blocked_by", ())})
        other = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("not_verified_reasons", ())})
        add(4, f"{counts['not_verified']} clause(s) not verified"
            + (f": the game lacks {lacking_phrase(caps)}" if caps else "")
            + (f" ({broke_phrase(broke)})" if broke else "")
            + (f" ({other[0]}" + (f"; and {len(other) - 1} other reason(s), in the matrix" if len(other) > 1 else "")
               + ")" if other else ""))
    if run.input_findings:
        add(4, f"{run.input_findings} finding(s) in the audit's input (bad or repeated records, in the matrix's evidence)")
    if counts["not_run"]:
        add(4, f"{counts['not_run']} clause(s) have scenarios that did not run")
    if not allow_pending:
        if counts["manual_pending"]:
            add(4, f"{counts['manual_pending']} manual clause(s) pending attestation")
        if counts["uncovered"]:
            add(4, f"{counts['uncovered']} clause(s) with no scenario and no disposition")
        if counts["not_judgeable"]:
            add(4, f"{counts['not_judgeable']} clause(s) not judgeable from records")
    if found:
        code = combine(*found)
        return code, found[code]
    hidden = [f"{counts[k]} {RESULT_LABELS[k]}" for k in ("manual_pending", "uncovered", "not_judgeable") if counts[k]]
    why = [f"not counted (--allow-pending): {', '.join(hidden)}"] if hidden else []
    if counts["not_selected"]:
        why.append(f"the verdict covers the selected clauses only: {counts['not_selected']} clause(s) not selected"
                   + (f" ({selection_phrase(run.selection)})" if run.selection else ""))
    return 0, why
