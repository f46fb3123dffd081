"""The clause matrix: the authoritative, clause-by-clause verdict of a run.

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
                    ids): outside the run's selection, it does not count in the verdict
``uncovered``       the clause has no scenario and no disposition

A clause ``covered by its subclauses`` takes the aggregate of its children's results, a
``definitional`` clause the aggregate of the results of the clauses in its ``used_by``.
The aggregate is the worst result in :data:`AGGREGATE_ORDER`.

Exit status (:func:`exit_code`, the CLI's contract; precedence 3 > 2 > 1 > 4 > 0)
---------------------------------------------------------------------------------
0 conformant; 1 nonconformance found; 2 harness or adapter error; 3 invalid corpus,
profile, attestation or waiver file (including a waiver that matches no failure);
4 incomplete run (interrupted, nothing collected, clauses not verified, or clauses
pending). The contract, the precedence and the run facts (:class:`RunInfo`) are
:mod:`baccarat_conformance.verdict`'s.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from baccarat_conformance.attribution import failing_clauses
from baccarat_conformance.classify import blocked_by, missing_capabilities
from baccarat_conformance.corpus import Corpus, status_on
from baccarat_conformance.corpus.coverage import Coverage
from baccarat_conformance.corpus.editions import edition_statuses
from baccarat_conformance.verdict import EXIT_CODES, RunInfo, combine

__all__ = ["RESULT_LABELS", "AGGREGATE_ORDER", "EXIT_CODES", "RunInfo", "Matrix", "build_matrix", "write_matrix",
           "read_results_log", "allure_ids", "exit_code", "MatrixError", "SCHEMA_VERSION", "clauses_failed_by"]

SCHEMA_VERSION = 1

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
}
#: Worst first: the aggregate of several results is the first of them in this order.
AGGREGATE_ORDER: tuple[str, ...] = ("fail", "manual_fail", "error", "not_verified", "not_run", "uncovered",
                                    "manual_pending", "not_selected", "waived", "pass", "manual_pass", "not_offered", "expired",
                                    "not_yet_effective", "not_applicable")
#: Words of the per-chapter totals sentence (the first five are always printed).
TOTAL_WORDS: dict[str, str] = {"pass": "pass", "fail": "fail", "not_offered": "not offered",
                               "manual_pending": "manual pending", "not_applicable": "n/a",
                               "error": "protocol/adapter error", "waived": "waived",
                               "manual_pass": "manual attested pass", "manual_fail": "manual attested fail",
                               "expired": "expired", "not_yet_effective": "not yet effective", "not_run": "not run",
                               "uncovered": "uncovered", "not_verified": "not verified",
                               "not_selected": "not selected"}
_CATEGORY_RESULT = {"nonconformance": "fail", "not offered": "not_offered", "expired": "expired",
                    "not yet effective": "not_yet_effective", "not verified": "not_verified",
                    "blocked": "not_verified"}


class MatrixError(Exception):
    """The matrix cannot be built (a cycle of definitional/subclauses references, an
    unreadable results log)."""


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

    def totals_sentence(self, chapter: str) -> str:
        """``631a: 159 clauses — 16 pass, 0 fail, 0 not offered, 27 manual pending, 2 n/a, ...``"""
        counts = self.totals[chapter]
        n = sum(counts.values())
        parts = [f"{counts.get(k, 0)} {TOTAL_WORDS[k]}" for k in ("pass", "fail", "not_offered", "manual_pending",
                                                                  "not_applicable")]
        parts += [f"{counts[k]} {TOTAL_WORDS[k]}" for k in AGGREGATE_ORDER
                  if k not in ("pass", "fail", "not_offered", "manual_pending", "not_applicable") and counts.get(k)]
        name = "all chapters" if chapter == "all" else chapter
        return f"{name}: {n} clauses — " + ", ".join(parts)

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


# ------------------------------------------------------------------ inputs
def read_results_log(path: Union[str, Path]) -> list[dict]:
    """The entries of a ``results.jsonl`` (one JSON object per line; a torn last line,
    left by a killed run, is ignored).

    :raises MatrixError: if the file cannot be read or a line other than the last is not JSON.
    """
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise MatrixError(f"cannot read the results log {p}: {e.strerror}") from None
    out = []
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            if i == len(lines):
                break
            raise MatrixError(f"{p}:{i}: not a JSON line ({e.msg})") from None
    return out


def allure_ids(results_dir: Union[str, Path, None]) -> dict[str, str]:
    """pytest node id -> Allure 3 test result id, from an ``allure-results`` folder.

    The plugin labels every Allure result with ``nodeid``; Allure 3 names a test result
    ``md5(uuid)`` of the result file (``@allurereport/core``, ``testResultRawToState``),
    and its report opens it at ``index.html#<id>``.
    """
    out: dict[str, tuple[int, str]] = {}
    if not results_dir or not Path(results_dir).is_dir():
        return {}
    for f in Path(results_dir).glob("*-result.json"):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        nodeid = next((lab.get("value") for lab in data.get("labels", []) if lab.get("name") == "nodeid"), None)
        uuid = data.get("uuid")
        if nodeid and uuid:
            stop = int(data.get("stop") or 0)
            if nodeid not in out or stop >= out[nodeid][0]:
                out[nodeid] = (stop, hashlib.md5(uuid.encode("utf-8")).hexdigest())
    return {k: v[1] for k, v in out.items()}


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
    (:func:`~baccarat_conformance.attribution.failing_clauses`); None when the entry
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


def _lacking_phrase(capabilities: Iterable[str], counts: Optional[Counter] = None) -> str:
    """``capability stacked_shoe (3 scenarios)``, ``capabilities a (1 scenario), b (2 scenarios)``."""
    caps = sorted(capabilities)
    if counts is not None:
        caps = [f"{c} ({counts[c]} scenario{'s' if counts[c] != 1 else ''})" for c in caps]
    return ("capability " if len(caps) == 1 else "capabilities ") + ", ".join(caps)


def _broke(entries: Iterable[Mapping[str, Any]]) -> Counter:
    """Clause -> number of the ``entries`` blocked because the game broke it."""
    return Counter(e.get("blocked_by") or blocked_by(e.get("message") or "") or "?"
                   for e in entries if e.get("category") == "blocked")


def _broke_phrase(clauses: Iterable[str], counts: Optional[Counter] = None) -> str:
    """``blocked: the game broke § 631a.11(c)(1) (3 scenarios)``."""
    return "blocked: the game broke " + ", ".join(
        f"§ {c}" + (f" ({counts[c]} scenario{'s' if counts[c] != 1 else ''})" if counts is not None else "")
        for c in sorted(clauses))


def _count_phrase(counter: Counter) -> str:
    return ", ".join(f"{n} {RESULT_LABELS[k]}" for k, n in sorted(counter.items(), key=lambda kv: AGGREGATE_ORDER.index(kv[0])))


def _selection_phrase(selection: Mapping[str, str]) -> str:
    """``-m 631a.6, -k natural``."""
    return ", ".join(f"{k} {v}" for k, v in selection.items())


def build_matrix(corpus: Corpus, coverage: Mapping[str, Coverage], results: Sequence[Mapping[str, Any]],
                 run: RunInfo, *, attestations: Sequence[Any] = (), waivers: Sequence[Any] = (),
                 allure: Optional[Mapping[str, str]] = None, allow_pending: bool = False) -> Matrix:
    """Build the matrix of a run.

    ``coverage`` is :func:`baccarat_conformance.corpus.coverage.resolve_coverage` of the
    suite; ``results`` the entries of the results log; ``attestations`` and ``waivers``
    validated records (:mod:`baccarat_conformance.attestations`); ``allure`` node id ->
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
                        + (f" ({_selection_phrase(run.selection)})" if run.selection else ""))
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
                why = ([f"the game lacks {_lacking_phrase(lack, lack)}"] if lack else []) + \
                    ([_broke_phrase(broke, broke)] if broke else []) + sorted(other) + \
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
            sub = Counter(compute(r, stack)[0] for r in refs)
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
                    detail += f" (the game lacks {_lacking_phrase(lacking[cid])})"
                if breaking[cid]:
                    detail += f" ({_broke_phrase(breaking[cid])})"
            return (worst, detail)
        return ("uncovered", "no scenario and no disposition")

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
                                "allure": f"{run.allure_report}#{aid}" if aid else None})
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
            "interpretations": [{"name": i.name, "reading": i.reading} for i in corpus.interpretations
                                if i.name in clause.interpretations],
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
               results_count=len(results))
    m.exit_code, m.reasons = exit_code(m, allow_pending=allow_pending)
    return m


def exit_code(m: Matrix, *, allow_pending: bool = False) -> tuple[int, list[str]]:
    """The exit status of a run and the reasons for it (see the module docstring).

    ``allow_pending`` keeps manual pending and uncovered clauses from making it 4 (they
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
        add(1, f"{fails} clause(s) fail" + (f" ({counts['manual_fail']} by manual inspection)"
                                            if counts["manual_fail"] else ""))
    if run.pytest_exit_status == 1 and not fails and not counts["error"] and not counts["waived"]:
        add(2, "pytest reported failures outside the clause matrix (a test without a clause tag failed)")
    if run.interrupted or (run.pytest_exit_status == 2 and not run.collection_errors):
        add(4, "the run was interrupted")
    if run.pytest_exit_status == 5 or run.collected == 0:
        add(4, "no scenario was collected")
    if counts["not_verified"]:  # whatever --allow-pending says: neither a capability nor a broken rule buys a pass
        caps = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("missing_capabilities", ())})
        broke = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("blocked_by", ())})
        other = sorted({c for r in m.rows if r["result"] == "not_verified" for c in r.get("not_verified_reasons", ())})
        add(4, f"{counts['not_verified']} clause(s) not verified"
            + (f": the game lacks {_lacking_phrase(caps)}" if caps else "")
            + (f" ({_broke_phrase(broke)})" if broke else "")
            + (f" ({other[0]}" + (f"; and {len(other) - 1} other reason(s), in the matrix" if len(other) > 1 else "")
               + ")" if other else ""))
    if counts["not_run"]:
        add(4, f"{counts['not_run']} clause(s) have scenarios that did not run")
    if not allow_pending:
        if counts["manual_pending"]:
            add(4, f"{counts['manual_pending']} manual clause(s) pending attestation")
        if counts["uncovered"]:
            add(4, f"{counts['uncovered']} clause(s) with no scenario and no disposition")
    if found:
        code = combine(*found)
        return code, found[code]
    hidden = [f"{counts[k]} {RESULT_LABELS[k]}" for k in ("manual_pending", "uncovered") if counts[k]]
    why = [f"not counted (--allow-pending): {', '.join(hidden)}"] if hidden else []
    if counts["not_selected"]:
        why.append(f"the verdict covers the selected clauses only: {counts['not_selected']} clause(s) not selected"
                   + (f" ({_selection_phrase(run.selection)})" if run.selection else ""))
    return 0, why



def write_matrix(m: Matrix, out_dir: Union[str, Path], basename: str = "matrix",
                 game_math: Optional[Mapping[str, Any]] = None) -> dict[str, Path]:
    """Write ``matrix.json``, ``matrix.csv``, ``matrix-totals.csv`` and ``matrix.html``
    into ``out_dir`` (:func:`.matrix_writers.write_matrix`; ``game_math``: the optional
    "Game math" section of the HTML). Returns the paths by format."""
    from .matrix_writers import write_matrix as write

    return write(m, out_dir, basename, game_math=game_math)
