"""The clause matrix: the authoritative, clause-by-clause verdict of a run (the model:
its rows and roll-ups; the writers are :mod:`baccarat_conformance.reports.matrix_writers`).

One row per clause of the corpus, in regulation order, built from the closed clause
list (a clause with no scenario is a row, never a gap). Written as ``matrix.html``,
``matrix.csv`` and ``matrix.json``; the Allure report and the JUnit XML are views of the
same per-scenario results (``results.jsonl``, written by the pytest plugin).

Result of a clause (``Row.result``; label in parentheses)
----------------------------------------------------------
``pass``            every scenario of the clause that ran passed (or was not offered), at least one passed
``fail``            a check of a scenario found a rule nonconformance and named this clause
                    (the clause of the check that failed: ``failed_clause``), or a clause
                    it encloses among the scenario's tags
``error``           a scenario ended in a protocol, adapter or harness error (not a rule
                    failure; the label names which)
``not_offered``     the Rules Submission does not offer what the clause governs
``not_verified``    the clause is in force and offered, but a scenario of it needs a
                    capability the game does not declare, so it did not run ("not verified:
                    the game lacks capability X"), was blocked, the game having broken a
                    rule the scenario relies on ("not verified: blocked: the game broke § X"),
                    or stopped at a failure of another clause it is tagged with (the failing
                    check named the other: "the scenario stopped at a failure of § X"); never
                    a pass
``waived``          failed, and a valid waiver accepts the deviation
``manual_pass`` / ``manual_fail``   manual inspection attested pass / fail
``manual_pending``  manual clause without attestation
``not_applicable``  disposed not applicable
``expired``         the clause belongs to a temporary regulation that expired on or before
                    the ``--as-of`` date ("expired on DATE"); unless ``--include-expired``
``not_yet_effective``  the clause takes effect after the ``--as-of`` date
``not_run``         the clause has scenarios, some selected, none of which ran (interrupted)
``not_selected``    the clause has scenarios, none of which was selected (``-m``, ``-k``, node
                    ids), or, in a run with a selection, a manual clause without
                    attestation or a clause with no scenario and no disposition (no
                    scenario of it was selected): outside the run's
                    selection, it does not count in the verdict
``uncovered``       the clause has no scenario and no disposition
``not_judgeable``   a field audit (``baccarat-conformance audit``): no recorded round can show
                    the clause kept or broken (a layout, a shoe's preparation, a wager's
                    window); never a pass

A clause ``covered by its subclauses`` takes the aggregate of its children's results, a
``definitional`` clause the aggregate of the results of the clauses in its ``used_by`` (a
failure of one that only sets odds, a commission or a reset counts as a pass: the game
recognised the defined hand).
The aggregate is the worst result in :data:`AGGREGATE_ORDER`.

The exit status of a matrix is :func:`baccarat_conformance.verdict.contract.exit_code`'s;
the run facts the matrix needs besides its results are
:class:`~baccarat_conformance.verdict.run_info.RunInfo`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence

from baccarat_conformance.judging.attribution import failing_clauses
from baccarat_conformance.judging.classify import blocked_by, missing_capabilities
from baccarat_conformance.verdict.rerun import commands
from baccarat_conformance.corpus import Corpus, status_on
from baccarat_conformance.corpus.coverage import Coverage
from baccarat_conformance.corpus.editions import edition_statuses
from baccarat_conformance.corpus.roles import roles_of

from .contract import EXIT_CODES, exit_code, failing_leaves
from .results import AGGREGATE_ORDER, RESULT_LABELS, TOTAL_WORDS, broke_phrase, lacking_phrase, selection_phrase
from .run_info import RunInfo

__all__ = ["Matrix", "build_matrix", "MatrixError", "SCHEMA_VERSION", "clauses_failed_by", "table_cells"]

SCHEMA_VERSION = 1

_CATEGORY_RESULT = {"nonconformance": "fail", "not offered": "not_offered", "expired": "expired",
                    "not yet effective": "not_yet_effective", "not verified": "not_verified",
                    "blocked": "not_verified", "not judgeable": "not_judgeable"}


class MatrixError(Exception):
    """The matrix cannot be built (a cycle of definitional/subclauses references, an
    unreadable results log)."""


AGGREGATE_FAILS = "fail_as_aggregate"
"""The key of :meth:`Matrix.verdict_totals` for the clauses failing as aggregates (a section, a lead-in
or a definition whose result is that of a failing clause it holds or serves)."""


@dataclass
class Matrix:
    """The built matrix: ``rows`` (dicts, regulation order), ``totals`` (chapter ->
    result -> count, plus ``"all"``), ``problems`` (errors of the lab's input files found
    after the run), ``editions``, ``run``, ``exit_code`` and ``reasons``."""

    rows: list[dict[str, Any]]
    totals: dict[str, dict[str, int]]
    problems: list[str]
    editions: list[dict[str, Any]]
    run: RunInfo
    exit_code: int = 0
    reasons: list[str] = field(default_factory=list)
    allow_pending: bool = False
    results_count: int = 0
    #: category of the results log's entries -> how many (``"expired"``, ``"not yet
    #: effective"``, ``None`` for a pass...): a run whose every scenario was dated out judged nothing
    results_categories: dict[Optional[str], int] = field(default_factory=dict)

    def totals_sentence(self, chapter: str) -> str:
        """``631a: 159 clauses — 16 pass, 1 fail, 0 not offered, 27 manual pending, 2 n/a, ...``:
        "fail" counts the failing clauses as the verdict names them (a broken rule's own clause,
        :func:`~baccarat_conformance.verdict.contract.failing_leaves`); a clause failing because
        a subclause of it fails (its section, a lead-in) or by aggregation (a definition) is
        counted apart, last ("1 failing as an aggregate"), so that the counts still add up to the
        clauses and "fail" reads as the verdict's "1 clause fails"."""
        counts = self.verdict_totals(chapter)
        rolled_up = counts.pop(AGGREGATE_FAILS, 0)
        n = sum(counts.values()) + rolled_up
        parts = [f"{counts.get(k, 0)} {TOTAL_WORDS[k]}" for k in ("pass", "fail", "not_offered", "manual_pending",
                                                                  "not_applicable")]
        parts += [f"{counts[k]} {TOTAL_WORDS[k]}" for k in AGGREGATE_ORDER
                  if k not in ("pass", "fail", "not_offered", "manual_pending", "not_applicable") and counts.get(k)]
        if rolled_up > 0:
            parts.append(f"{rolled_up} failing as {'an aggregate' if rolled_up == 1 else 'aggregates'}")
        name = "all chapters" if chapter == "all" else chapter
        return f"{name}: {n} clauses — " + ", ".join(parts)

    def verdict_totals(self, chapter: str) -> dict[str, int]:
        """``totals[chapter]`` as the verdict counts failures: ``fail`` the failing clauses a
        broken rule fails itself (:func:`~baccarat_conformance.verdict.contract.failing_leaves`),
        :data:`AGGREGATE_FAILS` those failing because a subclause fails or by aggregation (absent
        when none); every other result as in ``totals``."""
        counts = dict(self.totals[chapter])
        rows = [r for r in self.rows if chapter == "all" or r["chapter"] == chapter]
        leaves = sum(r["result"] == "fail" for r in failing_leaves(rows))
        if counts.get("fail", 0) > leaves:
            counts[AGGREGATE_FAILS] = counts["fail"] - leaves
        if "fail" in counts:
            counts["fail"] = leaves
        return counts

    def selection_facts(self) -> dict[str, Any]:
        """Which clauses the run selected: ``{"options": {"-m": ...}, "selected": n,
        "not_selected": n, "whole_suite": bool}`` (``selected``: clauses with a selected
        scenario; None when the run did not record its selection)."""
        sel = self.run.selected_clauses
        n_out = sum(1 for r in self.rows if r["result"] == "not_selected")
        return {"options": dict(self.run.selection or {}), "selected": len(sel) if sel is not None else None,
                "not_selected": n_out, "whole_suite": n_out == 0}

    def as_dict(self) -> dict:
        return {"schema": SCHEMA_VERSION, "generated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                "run": self.run.as_dict(), "editions": self.editions,
                "verdict": {"exit_code": self.exit_code, "meaning": EXIT_CODES[self.exit_code],
                            "reasons": self.reasons, "allow_pending": self.allow_pending},
                "results_count": self.results_count, "selection": self.selection_facts(),
                "problems": self.problems, "totals": self.totals,
                "totals_sentences": {ch: self.totals_sentence(ch) for ch in self.totals},
                "rows": self.rows}



# ------------------------------------------------------------------ build
def _excerpt(text: str, limit: int = 160) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[:limit - 1].rstrip() + "…"


def table_cells(text: str) -> Optional[list[list[str]]]:
    """The cells of the Markdown table in a clause's ``text`` (its ``|`` lines; the
    ``---`` rule dropped, HTML tags such as ``<i>`` removed), header row first; None
    when the text holds no table."""
    import re

    rows = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-{3,}:?", c) for c in cells if c):
            continue
        rows.append(cells)
    return rows or None


def _entry_result(entry: Mapping[str, Any]) -> str:
    outcome = entry.get("outcome")
    if outcome == "passed":
        return "pass"
    category = entry.get("category")
    if category in ("not verified", "blocked"):  # a capability missing (at whichever phase), or a blocked scenario
        return "not_verified"
    if outcome == "skipped":
        return _CATEGORY_RESULT.get(category or "not offered", "not_offered")
    if category == "nonconformance":
        return "fail"
    return "error"


def _failing(entry: Mapping[str, Any], corpus: Corpus) -> Optional[list[str]]:
    """The clauses a failed entry fails: those of its ``failed_clause``
    (:func:`~baccarat_conformance.judging.attribution.failing_clauses`); None when the entry
    names no clause (a results log written before attribution, a failed assertion),
    which fails all its clauses."""
    named = entry.get("failed_clause")
    if not named or _entry_result(entry) != "fail":
        return None
    return failing_clauses(named, entry.get("clauses") or (),
                           lambda c: [a.id for a in corpus.ancestors(c)] if c in corpus.by_id else [])


def clauses_failed_by(entry: Mapping[str, Any], corpus: Corpus) -> list[str]:
    """The clauses a results-log entry fails in the matrix: none when it did not fail
    with a nonconformance; those its failing check named (:func:`_failing`); all its
    clauses when it names none."""
    if _entry_result(entry) != "fail":
        return []
    failing = _failing(entry, corpus)
    return list(entry.get("clauses") or ()) if failing is None else failing


def _clause_result(entry: Mapping[str, Any], cid: str, corpus: Corpus) -> str:
    """The result ``entry`` gives clause ``cid``: a failure fails the clauses its check
    named (:func:`_failing`); the scenario's other clauses are ``not_verified``."""
    result = _entry_result(entry)
    failing = _failing(entry, corpus)
    if failing is not None and cid not in failing:
        return "not_verified"
    return result


#: Roles of a clause that a game can fail only after it recognised what a definition defines:
#: it paid the wrong odds, or charged the wrong commission, on the hand the definition names.
_AFTER_RECOGNITION = frozenset({"payout", "commission", "reset"})


def _as_a_use(result: str, user: str, kind: str, corpus: Corpus) -> str:
    """The result a definition takes from its user ``user`` (``kind`` "definitional"): a
    failure of a clause that only sets a payout, a commission or a reset (§ 631a.13(f): a
    Dragon 7 paid 30 to 1) is a pass of the definition, whose hand the game recognised; a
    definition fails only when a use of it that turns on recognising it fails (a wager's
    outcome, a call, a hand). A subclause's result is taken as it is."""
    if kind == "definitional" and result == "fail" and user in corpus.by_id and \
            roles_of(corpus.by_id[user], corpus) <= _AFTER_RECOGNITION:
        return "pass"
    return result


def _worst(results: Iterable[str]) -> Optional[str]:
    rs = set(results)
    return next((r for r in AGGREGATE_ORDER if r in rs), None)


def _lacking(entries: Iterable[Mapping[str, Any]]) -> Counter:
    """Capability -> number of the ``entries`` "not verified" for lacking it."""
    lack: Counter = Counter()
    for e in entries:
        if e.get("category") == "not verified":
            lack.update(missing_capabilities(e.get("message") or ""))
    return lack


def _other_reasons(entries: Iterable[Mapping[str, Any]]) -> Counter:
    """Reason -> number of the ``entries`` "not verified" for a reason other than a
    capability the game lacks (``not verified: the game's par sheet declares no house edge
    for ...``): the first line of the skip message, without its ``not verified:`` lead."""
    other: Counter = Counter()
    for e in entries:
        message = (e.get("message") or "").strip()
        if e.get("category") == "not verified" and not missing_capabilities(message):
            first = message.splitlines()[0] if message else "no reason given"
            other[_excerpt(re.sub(r"^not verified:\s*", "", first), 160)] += 1
    return other


def _broke(entries: Iterable[Mapping[str, Any]]) -> Counter:
    """Clause -> number of the ``entries`` blocked because the game broke it."""
    return Counter(e.get("blocked_by") or blocked_by(e.get("message") or "") or "?"
                   for e in entries if e.get("category") == "blocked")


def _count_phrase(counter: Counter) -> str:
    return ", ".join(f"{n} {RESULT_LABELS[k]}" for k, n in sorted(counter.items(), key=lambda kv: AGGREGATE_ORDER.index(kv[0])))


def build_matrix(corpus: Corpus, coverage: Mapping[str, Coverage], results: Sequence[Mapping[str, Any]],
                 run: RunInfo, *, attestations: Sequence[Any] = (), waivers: Sequence[Any] = (),
                 allure: Optional[Mapping[str, str]] = None, allow_pending: bool = False) -> Matrix:
    """Build the matrix of a run.

    ``coverage`` is :func:`baccarat_conformance.corpus.coverage.resolve_coverage` of the
    suite; ``results`` the entries of the results log; ``attestations`` and ``waivers``
    validated records (:mod:`baccarat_conformance.inputs.attestations`); ``allure`` node id ->
    Allure test result id (:func:`allure_ids`).

    :raises MatrixError: on a cycle of definitional/subclauses references.
    """
    allure = allure or {}
    by_clause: dict[str, list[Mapping[str, Any]]] = {}
    unknown_clauses: list[str] = []
    for entry in results:
        own = list(entry.get("clauses") or ())
        # a failing check may name a clause the scenario is not tagged with (a card value,
        # the Tie's odds): that clause's row fails too
        extra = [c for c in (_failing(entry, corpus) or ()) if c not in own]
        for cid in own + extra:
            if cid in coverage:
                by_clause.setdefault(cid, []).append(entry)
            elif cid not in unknown_clauses:
                unknown_clauses.append(cid)
    attested = {a.clause: a for a in attestations}
    waived = {w.clause: w for w in waivers}
    selected = set(run.selected_clauses or ())
    memo: dict[str, tuple[str, str]] = {}
    lacking: dict[str, set[str]] = {}  # clause -> capabilities it went unverified for (its own or its parts')
    breaking: dict[str, set[str]] = {}  # clause -> rules the game broke that blocked its (or its parts') scenarios
    unverified: dict[str, set[str]] = {}  # clause -> other reasons its scenarios went unverified
    failed_before_waiver: set[str] = set()

    def compute(cid: str, stack: tuple[str, ...]) -> tuple[str, str]:
        if cid in memo:
            return memo[cid]
        if cid in stack:
            raise MatrixError("cycle of definitional/subclauses references: " + " -> ".join(stack + (cid,)))
        cov = coverage[cid]
        clause = cov.clause
        status = status_on(clause, run.as_of)
        if status == "expired" and not run.include_expired:
            res = ("expired", f"expired on {clause.expires.isoformat()}")  # type: ignore[union-attr]
        elif status == "not_yet_effective":
            res = ("not_yet_effective", f"not yet effective on {run.as_of.isoformat()} "
                   f"(effective {clause.effective.isoformat()})")
        else:
            res = by_disposition(cov, stack + (cid,))
            named = [e for e in by_clause.get(cid, []) if cov.disposition != "automated"
                     and _clause_result(e, cid, corpus) == "fail"]
            if named and res[0] != "not_offered":  # a check named a clause disposed otherwise (a lead-in)
                res = ("fail", f"{len(named)} fail — " + _excerpt((named[0].get("message") or "").strip(), 240))
            if status == "expired":
                res = (res[0], f"{res[1]} (expired on {clause.expires.isoformat()}; "  # type: ignore[union-attr]
                       "tested with --include-expired)".lstrip())
        if res[0] in ("fail", "manual_fail"):
            failed_before_waiver.add(cid)
            if cid in waived:
                w = waived[cid]
                res = ("waived", f"{RESULT_LABELS[res[0]]}, waived by {w.approver} until {w.expires.isoformat()}: "
                       f"{_excerpt(w.justification, 200)}")
        memo[cid] = res
        return res

    def by_disposition(cov: Coverage, stack: tuple[str, ...]) -> tuple[str, str]:
        cid = cov.clause.id
        kind = cov.disposition
        if kind == "automated":
            entries = by_clause.get(cid, [])
            if not entries and run.selected_clauses is not None and cid not in selected:
                return ("not_selected", f"{len(cov.scenarios)} scenario(s), none selected"
                        + (f" ({selection_phrase(run.selection)})" if run.selection else ""))
            if not entries:
                return ("not_run", f"{len(cov.scenarios)} scenario(s), none ran")
            counts = Counter(_clause_result(e, cid, corpus) for e in entries)
            worst = _worst(counts)
            detail = _count_phrase(counts)
            if worst == "not_verified":
                lack, broke, other = _lacking(entries), _broke(entries), _other_reasons(entries)
                lacking[cid], breaking[cid], unverified[cid] = set(lack), set(broke), set(other)
                stopped = sorted({e["failed_clause"] for e in entries if _entry_result(e) == "fail"
                                  and _clause_result(e, cid, corpus) == "not_verified"})
                why = ([f"the game lacks {lacking_phrase(lack, lack)}"] if lack else []) + \
                    ([broke_phrase(broke, broke)] if broke else []) + sorted(other) + \
                    ([f"the scenario stopped at a failure of § {', § '.join(stopped)}"] if stopped else [])
                detail = f"not verified: {'; '.join(why)}; {detail}"
            if worst in ("fail", "error"):
                first = next(e for e in entries if _clause_result(e, cid, corpus) == worst)
                msg = (first.get("message") or "").strip().splitlines()
                if msg:
                    detail += " — " + _excerpt(msg[0] if worst == "fail" else msg[-1], 240)
                if worst == "error":
                    cats = sorted({e.get("category") or "harness error" for e in entries if _entry_result(e) == "error"})
                    detail = ", ".join(cats) + ": " + detail
            return (worst or "not_run", detail)
        if kind == "manual":
            a = attested.get(cid)
            if a is not None:
                return ("manual_pass" if a.result == "pass" else "manual_fail",
                        f"attested {a.result} by {a.inspector} on {a.date.isoformat()} (evidence: {a.evidence})")
            missing = [o for o in (cov.entry.options if cov.entry else ()) if run.offered is not None
                       and not run.offered.get(o, False)]
            if missing:
                return ("not_offered", "the Rules Submission does not offer " + ", ".join(missing))
            if run.selection and run.selected_clauses is not None:  # no scenario of it can be selected
                return ("not_selected", "manual inspection, outside the selection"
                        + f" ({selection_phrase(run.selection)}); no attestation")
            return ("manual_pending", "no attestation")
        if kind == "not_applicable":
            return ("not_applicable", cov.entry.detail if cov.entry else "")
        if kind == "definitional" and cov.entry is not None and cov.entry.options and run.offered is not None:
            missing = [o for o in cov.entry.options if not run.offered.get(o, False)]
            if missing:  # a definition of a variant or wager not offered never takes its users' results
                return ("not_offered", "the Rules Submission does not offer " + ", ".join(missing))
        if kind in ("subclauses", "definitional"):
            refs = ([c.id for c in corpus.children(cid)] if kind == "subclauses"
                    else list(cov.entry.used_by if cov.entry else ()))
            sub = Counter(_as_a_use(compute(r, stack)[0], r, kind, corpus) for r in refs)
            worst = _worst(sub) or "not_applicable"
            what = f"{len(refs)} subclause{'s' if len(refs) != 1 else ''}" if kind == "subclauses" \
                else "used by " + ", ".join(refs)
            detail = f"{'aggregate of ' if kind == 'subclauses' else ''}{what}: {_count_phrase(sub)}"
            if worst == "not_verified":
                parts = [r for r in refs if memo[r][0] == "not_verified"]
                lacking[cid] = set().union(*(lacking.get(r, set()) for r in parts))
                breaking[cid] = set().union(*(breaking.get(r, set()) for r in parts))
                unverified[cid] = set().union(*(unverified.get(r, set()) for r in parts))
                if lacking[cid]:
                    detail += f" (the game lacks {lacking_phrase(lacking[cid])})"
                if breaking[cid]:
                    detail += f" ({broke_phrase(breaking[cid])})"
            return (worst, detail)
        if run.selection and run.selected_clauses is not None:
            return ("not_selected", "no scenario and no disposition, outside the selection"
                    + f" ({selection_phrase(run.selection)})")
        return ("uncovered", "no scenario and no disposition")

    # the folder the replay commands name: the run folder, where its results log is
    run_folder = os.path.dirname(run.results_log) or "." if run.results_log else None
    rows: list[dict[str, Any]] = []
    totals: dict[str, Counter] = {}
    for cid, cov in coverage.items():
        clause = cov.clause
        result, detail = compute(cid, ())
        entries = by_clause.get(cid, [])
        row_results = []
        for e in entries:
            aid = allure.get(e.get("nodeid", ""))
            row_results.append({"nodeid": e.get("nodeid"), "outcome": e.get("outcome"), "category": e.get("category"),
                                "result": _clause_result(e, cid, corpus), "failed_clause": e.get("failed_clause"),
                                "message": e.get("message"),
                                "allure": f"{run.allure_report}#{aid}" if aid else None,
                                "commands": commands(e, run_folder)})
        label = RESULT_LABELS[result]
        if result == "error":
            cats = sorted({r["category"] or "harness error" for r in row_results if r["result"] == "error"})
            if cats:
                label = " / ".join(cats)
        elif result == "expired":
            label = detail
        entry = cov.entry
        rows.append({
            "id": cid, "tag": clause.tag, "chapter": clause.chapter, "section": clause.section,
            "kind": clause.kind, "label": clause.label, "depth": len(corpus.ancestors(cid)),
            "excerpt": _excerpt(clause.text) if clause.text.strip() else clause.section_heading,
            "disposition": cov.disposition,
            "disposition_detail": entry.detail if entry else ("" if cov.disposition == "automated"
                                                              else "no scenario and no disposition"),
            "options": list(entry.options) if entry else [],
            "status": status_on(clause, run.as_of),
            "scenarios": [{"name": s.name, "file": s.file, "line": s.line} for s in cov.scenarios],
            "results": row_results,
            "result": result, "result_label": label, "result_detail": detail,
            "missing_capabilities": sorted(lacking.get(cid, ())) if result == "not_verified" else [],
            "blocked_by": sorted(breaking.get(cid, ())) if result == "not_verified" else [],
            "not_verified_reasons": sorted(unverified.get(cid, ())) if result == "not_verified" else [],
            "attestation": attested[cid].as_dict() if cid in attested else None,
            "waiver": waived[cid].as_dict() if cid in waived else None,
            "allure_filter": (f"{run.allure_report}?tags={clause.tag}"
                              if any(r["allure"] for r in row_results) else None),
            "url": clause.url, "edition": clause.edition,
            "table": table_cells(clause.text),
            "interpretations": [{"name": i.name, "reading": i.reading, "stricter": i.stricter,
                                 "applied": not i.stricter or i.name in run.stricter_readings}
                                for i in corpus.interpretations if i.name in clause.interpretations],
        })
        totals.setdefault(clause.chapter, Counter())[result] += 1
    all_counts: Counter = Counter()
    for c in totals.values():
        all_counts.update(c)
    totals_out = {ch: dict(c) for ch, c in totals.items()}
    totals_out["all"] = dict(all_counts)
    problems = [f"{w.where}: clause: the waiver of {w.clause} matches no failure in this run "
                f"(its result is {RESULT_LABELS[memo[w.clause][0]]}); a waiver is never a silent pass"
                for w in waivers if w.clause not in failed_before_waiver and w.clause in memo]
    problems += [f"results log: clause {c} is not in the corpus" for c in unknown_clauses]
    m = Matrix(rows, totals_out, problems, edition_statuses(corpus, run.as_of), run, allow_pending=allow_pending,
               results_count=len(results), results_categories=dict(Counter(e.get("category") for e in results)))
    m.exit_code, m.reasons = exit_code(m, allow_pending=allow_pending)
    return m
