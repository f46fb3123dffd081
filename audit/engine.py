"""The audit of recorded rounds: each partition (one input file) read and judged into a
:class:`~.tally.Tally` (:func:`audit_partition`), the partitions run on this process,
a local process pool or a Dask cluster (:func:`run_partitions`), and the merged tally
turned into results-log entries the clause matrix is built from (:func:`entries_of`).
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import time
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from pydantic import ValidationError

from baccarat_conformance.corpus import load_corpus, status_on
from baccarat_conformance.inputs.input_bounds import free_text
from baccarat_conformance.oracle.settlement import settler_for, settlers
from baccarat_conformance.inputs.profile import RulesSubmission, load_profile

from .judge import JUDGED_CLAUSES, BadRecord, RecordedRound, judge_round, parse_timestamp
from .readers import MAX_LINE_BYTES, load_readers, reader_for
from .shoes import SHOE_CLAUSES, MeterJudge, ShoeJudge, ShoeVerdict, meter_clauses
from .tally import ROUND_EVENTS, Tally, merge_all

__all__ = ["Task", "audit_partition", "run_partitions", "entries_of", "judgeable_clauses"]

PROBLEM_CHARS = 300
"""Characters of a problem's or a finding's text kept (escaped): input is untrusted."""
SHOES_KEPT = 4
"""Dealing shoes per table whose round ids are remembered (repeated rounds, round order)."""


@dataclass(frozen=True)
class Task:
    """One partition (picklable): ``path`` a file of recorded rounds, ``profile`` the
    Rules Submission (a path or a bundled name), ``reader`` a reader name or None (by
    suffix), ``max_line_bytes``, ``as_of`` (``YYYY-MM-DD``: the date of a round without a
    timestamp), ``include_expired``."""

    path: str
    profile: str
    reader: Optional[str] = None
    max_line_bytes: int = MAX_LINE_BYTES
    as_of: str = ""
    include_expired: bool = False
    shown: str = ""
    """The file as the command line named it (quoted in the findings; default ``path``)."""


@functools.lru_cache(maxsize=4)
def _profile(name: str) -> RulesSubmission:
    return load_profile(name)


@functools.lru_cache(maxsize=100_000)
def _in_force(clause: str, day: dt.date, include_expired: bool) -> bool:
    c = load_corpus().by_id.get(clause)
    if c is None:
        return True
    status = status_on(c, day)
    return status == "in_force" or (status == "expired" and include_expired)


def _kind_of_problem(problem: str) -> str:
    if problem.startswith("oversized"):
        return "oversized line"
    if problem.startswith(("truncated", "the file ends early")):
        return "truncated gzip"
    return "malformed line"


def _validation_problem(e: ValidationError) -> tuple[str, str]:
    """(kind, sentence) of a record that does not validate: an unknown card, else a malformed record."""
    first = e.errors()[0]
    loc = ".".join(str(p) for p in first["loc"])
    if first.get("type") in ("json_invalid", "json_type", "model_type", "recursion_loop") and not first["loc"]:
        return "malformed line", f"malformed line: not a JSON object ({first['msg']})"
    if first.get("type") == "string_pattern_mismatch" and ("card" in loc):
        return "unknown card", f"unknown card {free_text(first.get('input'), 20)!r} at {loc}"
    return "malformed record", f"not a round record: {loc or '(top)'}: {first['msg']}"


def _guarded(reader: Any, path: Path, max_line_bytes: int) -> Iterable[Any]:
    """The records of ``reader.read``; a reader that raises (a plugin's bug, a file that
    vanished) ends the file with one problem naming the exception, after the last record
    it gave."""
    from .readers import Raw

    last = 0
    try:
        for raw in reader.read(path, max_line_bytes):
            last = raw.line
            yield raw
    except Exception as e:  # noqa: BLE001 - a reader's failure is a finding of the input, the audit goes on
        yield Raw(last + 1, problem=f"malformed line: the {getattr(reader, 'name', 'record')} reader failed here "
                                    f"({type(e).__name__}: {free_text(str(e), 200)}); the rest of the file is not read")


def _cut(text: str) -> str:
    """A finding's sentence cut to :data:`PROBLEM_CHARS` (the recording's texts in it are
    escaped where they are quoted)."""
    return free_text(text if len(text) <= PROBLEM_CHARS else text[:PROBLEM_CHARS - 3] + "...", PROBLEM_CHARS)


def _apply_shoe(tally: Tally, verdict: ShoeVerdict, default_day: dt.date, include_expired: bool) -> None:
    """A :class:`~.shoes.ShoeVerdict` counted into ``tally``: each clause judged or broken on
    the date of the round that showed it (a clause not in force then counts as such)."""
    def day_of(quote: dict) -> dt.date:
        when = parse_timestamp(quote.get("timestamp"))  # validated when the round was read
        return when.date() if when is not None else default_day

    for clause, quote in verdict.judged:
        if _in_force(clause, day_of(quote), include_expired):
            tally.judged[clause] += 1
        else:
            tally.not_in_force[clause] += 1
    for f, quote in verdict.findings:
        if _in_force(f.clause, day_of(quote), include_expired):
            tally.finding(f.clause, {**quote, "clause": f.clause, "required": _cut(f.required),
                                     "observed": _cut(f.observed)})
    for clause, why in verdict.unjudged:
        tally.shoes_unjudged[(clause, why)] += 1
    for clause, by in verdict.blocked:
        tally.blocked[(clause, by)] += 1


def _stored_size(path: str) -> int:
    """The bytes of the input file as stored (0 when it cannot be read: the reader says why)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def audit_partition(task: Task, progress: Optional[Callable[[int], None]] = None) -> Tally:
    """Read and judge every record of ``task.path`` (see the module docstring).
    ``progress(records, stored_bytes)`` is told every 10,000 records of the records read
    and of the bytes of the file as stored read since (the reader's ``Raw.offset``), and
    once at the end of the rest of both. Never raises for bad content:
    each bad record is a finding of the tally with its line."""
    rs = _profile(task.profile)
    readers = load_readers()
    reader = reader_for(Path(task.path), readers, task.reader)
    default_day = dt.date.fromisoformat(task.as_of) if task.as_of else dt.date.today()
    tally = Tally(files=[task.shown or task.path])
    shoes: dict[tuple[Optional[str], Optional[str]], list] = {}
    table_shoes: dict[Optional[str], list] = {}
    table_meters: dict[Optional[str], MeterJudge] = {}
    rules = rs.as_rules()
    fname = task.shown or task.path
    judged_count = tally.judged
    size, reported = _stored_size(task.path), 0
    for raw in _guarded(reader, Path(task.path), task.max_line_bytes):
        tally.records += 1
        if progress is not None and tally.records % 10_000 == 0:
            at = min(raw.offset, size) if raw.offset is not None else reported
            progress(10_000, max(at - reported, 0))
            reported = max(at, reported)
        where = {"file": fname, "line": raw.line}
        if raw.problem is not None:
            tally.bad_input(_kind_of_problem(raw.problem), {**where, "kind": _kind_of_problem(raw.problem),
                                                            "problem": free_text(raw.problem, PROBLEM_CHARS)})
            continue
        try:
            record = RecordedRound.model_validate_json(raw.json) if raw.json is not None else \
                RecordedRound.model_validate(raw.data)
        except ValidationError as e:
            kind, problem = _validation_problem(e)
            tally.bad_input(kind, {**where, "kind": kind, "problem": free_text(problem, PROBLEM_CHARS)})
            continue
        quote = {**where, "table_id": record.table_id, "shoe_id": record.shoe_id, "round_id": record.round_id,
                 "timestamp": record.timestamp}
        try:
            when = parse_timestamp(record.timestamp)
        except BadRecord as e:
            tally.bad_input("malformed record", {**quote, "kind": "malformed record", "problem": str(e)})
            continue
        # across one shoe's rounds: a round recorded twice, a round out of order
        key = (record.table_id, record.shoe_id)
        state = shoes.get(key)
        if state is None:
            state = shoes[key] = [None, set(), ShoeJudge()]
            order = table_shoes.setdefault(record.table_id, [])
            order.append(key)
            if len(order) > SHOES_KEPT:
                gone = shoes.pop(order.pop(0), None)
                if gone is not None:
                    _apply_shoe(tally, gone[2].end(), default_day, task.include_expired)
        if record.round_id in state[1]:
            tally.bad_input("repeated round", {**quote, "kind": "repeated round",
                                               "problem": f"round {free_text(record.round_id, 80)!r} of shoe "
                                                          f"{free_text(record.shoe_id, 80)!r} is recorded again "
                                                          "(judged once)"})
            continue
        state[1].add(record.round_id)
        if when is not None:
            if state[0] is not None and when < state[0]:
                tally.bad_input("out-of-order round", {**quote, "kind": "out-of-order round",
                                                       "problem": f"recorded at {record.timestamp}, before the "
                                                                  "shoe's previous round (judged)"})
            else:
                state[0] = when
        tally.rounds += 1
        tally.statuses[record.status] += 1
        shoe_verdict = state[2].record(record, quote)
        if shoe_verdict:
            _apply_shoe(tally, shoe_verdict, default_day, task.include_expired)
        meter_judge = table_meters.get(record.table_id)
        if meter_judge is None:
            meter_judge = table_meters[record.table_id] = MeterJudge(rules)
        meter_verdict = meter_judge.record(record, quote)
        if meter_verdict:
            _apply_shoe(tally, meter_verdict, default_day, task.include_expired)
        try:
            j = judge_round(record, rs)
        except BadRecord as e:
            tally.bad_input("self-contradicting record", {**quote, "kind": "self-contradicting record",
                                                          "problem": free_text(str(e), PROBLEM_CHARS)})
            continue
        except ValueError as e:  # a card value the oracle cannot read: refused by the schema first
            tally.bad_input("unknown card", {**quote, "kind": "unknown card", "problem": free_text(str(e), 200)})
            continue
        day = when.date() if when is not None else default_day
        broke = {f.clause for f in j.findings}
        for clause in dict.fromkeys(j.judged):
            if _in_force(clause, day, task.include_expired):
                if clause not in broke:
                    judged_count[clause] += 1
            else:
                tally.not_in_force[clause] += 1
        seen: set[str] = set()
        for f in j.findings:
            if f.clause not in seen and _in_force(f.clause, day, task.include_expired):
                seen.add(f.clause)
                tally.finding(f.clause, {**quote, "clause": f.clause,
                                         "required": free_text(f.required, PROBLEM_CHARS),
                                         "observed": free_text(f.observed, PROBLEM_CHARS)})
        for clause in j.blocked:
            tally.blocked[(clause, j.blocked_by)] += 1
        for w in j.wagers_unjudged:
            tally.unjudged_wagers[w] += 1
        if j.coup is not None:
            _count_statistics(tally, record, j.coup)
    for state in shoes.values():  # the end of the file ends every shoe still open
        _apply_shoe(tally, state[2].end(), default_day, task.include_expired)
    if progress is not None:
        progress(tally.records % 10_000, max(size - reported, 0))
    return tally


def _count_statistics(tally: Tally, record: RecordedRound, coup: Any) -> None:
    table = record.table_id or "(no table_id)"
    tally.rounds_by_table[table] += 1
    ev = tally.events.get(table)
    if ev is None:
        ev = tally.events[table] = Counter()
    from baccarat_conformance.oracle import ch631a

    p, b = coup.player, coup.banker
    pn, bn = ch631a.is_natural(p), ch631a.is_natural(b)
    ev[f"{coup.winner}_win" if coup.winner != "tie" else "tie"] += 1
    if pn or bn:
        ev["natural"] += 1
    if pn:
        ev["player_natural"] += 1
    if bn:
        ev["banker_natural"] += 1
    if ch631a.rank(p[0]) == ch631a.rank(p[1]):
        ev["player_pair"] += 1
    if ch631a.rank(b[0]) == ch631a.rank(b[1]):
        ev["banker_pair"] += 1
    ret = tally.returns.get(table)
    if ret is None:
        ret = tally.returns[table] = Counter()
    for w in record.wagers:
        if w.result == "void" or w.amount <= 0:
            continue
        net = w.paid - w.vigorish - w.amount
        ret[(w.wager_type, w.hand, w.option, int(net * 100), int(w.amount * 100))] += 1


# ====================================================================== partitions
def run_partitions(tasks: list[Task], *, workers: int = 1, cluster: Optional[str] = None,
                   progress: Optional[Callable[[int], None]] = None) -> Tally:
    """Every task's tally, merged in task order: on this process (``workers`` 1), on
    ``workers`` local processes (:mod:`concurrent.futures`), or on the Dask scheduler at
    ``cluster`` (``tcp://HOST:PORT``; the ``cluster`` extra). ``progress(records,
    stored_bytes)`` is told of the records and input bytes read (every 10,000 records on
    this process; per partition on a pool or cluster, as each ends)."""
    if cluster:
        try:
            from distributed import Client
        except ImportError:
            from baccarat_conformance.judging.errors import ConfigurationError

            raise ConfigurationError("--cluster needs Dask: pip install 'baccarat-conformance[cluster]'") from None

        with Client(cluster) as client:
            futures = client.map(audit_partition, tasks, pure=False)
            if progress is None:
                done = client.gather(futures)
            else:
                from distributed import as_completed as dask_completed

                index = {f.key: i for i, f in enumerate(futures)}
                done = [None] * len(tasks)
                for fut in dask_completed(futures):
                    i = index[fut.key]
                    done[i] = fut.result()
                    progress(done[i].records, _stored_size(tasks[i].path))
        return merge_all(list(done))
    if workers <= 1 or len(tasks) <= 1:
        return merge_all([audit_partition(t, progress) for t in tasks])
    from concurrent.futures import ProcessPoolExecutor

    results: list[Optional[Tally]] = [None] * len(tasks)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(audit_partition, t): i for i, t in enumerate(tasks)}
        from concurrent.futures import as_completed

        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            if progress is not None:
                i = futures[fut]
                progress(results[i].records, _stored_size(tasks[i].path))  # type: ignore[union-attr]
    return merge_all(results)


# ====================================================================== results log
def judgeable_clauses(rs: RulesSubmission) -> list[str]:
    """The clauses a recorded round can judge under ``rs``: those of the deal and the
    Point Counts (:data:`~.judge.JUDGED_CLAUSES`) and every clause of the settlers of the
    wagers the oracle settles under ``rs`` (result, odds, vigorish)."""
    from baccarat_conformance.oracle import five_treasures
    from baccarat_conformance.oracle import side_wagers as side

    from .judge import side_section

    out = list(JUDGED_CLAUSES) + list(SHOE_CLAUSES) + ["631a.12(a)"] + meter_clauses(rs.as_rules())
    for section, wagers in side.SECTION_WAGERS.items():
        for wager, _ in wagers:
            if side_section(wager, rs) == section and (rs.offers(wager) or wager in ("banker", "player", "tie")):
                win = f"631c.3(f)({list(five_treasures.WAGERS).index(wager) + 1})" if section == "631c.3" else section
                out += [side.outcome_clause(section, wager, side.Expected("lose", section)),
                        side.outcome_clause(section, wager, side.Expected("win", win)),
                        side.PAYOUT_CLAUSES.get(section, "")]
    out = [c for c in out if c and "(" in c]
    for name in settlers():
        s = settler_for(name, rs)
        if s is None or side_section(name, rs) is not None:
            continue
        results = [c for _, c in s.result_clauses] or [s.result_clause]
        out += results + [s.odds_clause] + ([s.vigorish_clause] if name == "banker" and rs.no_vigorish_because() is None
                                            else [])
    return list(dict.fromkeys(out))


def _quote_line(q: dict) -> str:
    where = f"{q['file']}:{q['line']}"
    who = ", ".join(f"{k.split('_')[0]} {q[k]}" for k in ("table_id", "shoe_id", "round_id") if q.get(k))
    at = f" at {q['timestamp']}" if q.get("timestamp") else ""
    return f"{where} ({who}{at})"


def _offered_or_not(cov: Any, rs: RulesSubmission) -> Optional[str]:
    """The option no scenario of an unjudged clause can run without, when the Rules
    Submission does not offer it (every scenario of the clause needs one): the clause
    is then not offered, as in a run."""
    missing = []
    for s in cov.scenarios:
        options = sorted(t[len("option."):] for t, _ in s.tags if t.startswith("option."))
        lacking = [o for o in options if not rs.offers_option(o)]
        if not lacking:
            return None
        missing.append(lacking[0])
    return sorted(missing)[0] if missing else None


def entries_of(tally: Tally, rs: RulesSubmission, ctx: Any) -> list[dict]:
    """The results-log entries of an audit (docs/clause-matrix.md's shape: the clause
    matrix, ``seal``, ``verify`` and ``diff`` read them as a run's), one a clause:

    * a clause the records judged: ``passed`` (``judged``: the rounds that showed it), or
      ``failed``, category ``nonconformance``, ``failed_clause`` it, ``message`` the
      first nonconforming round quoted, ``findings`` the first of them in full;
    * a clause the audit judges that no recorded round showed: skipped, ``not verified``;
    * an automated clause of an enclosing rule whose every automated subclause the
      audit judged (§ 631a.11): passed, or failed naming the first broken subclause;
    * any other automated clause: skipped, ``not judgeable`` ("not judgeable from
      records"), or ``not offered`` when none of its scenarios is offered;
    * ``audit::input``: the bad input (no clause: its count is the run fact
      ``input_findings``, its first findings quoted).
    """
    corpus = ctx.corpus
    coverage = ctx.coverage
    judged_set = judgeable_clauses(rs)
    entries: list[dict] = []
    done: dict[str, str] = {}

    def base(cid: str) -> dict:
        return {"nodeid": f"audit::{cid}", "clauses": [cid], "outcome": "passed", "category": None,
                "message": None, "duration": 0.0}

    order = list(coverage)
    for cid in sorted(set(judged_set) | set(tally.judged) | set(tally.failed),
                      key=lambda c: order.index(c) if c in coverage else len(order)):
        if cid not in coverage:
            continue
        e = base(cid)
        n_ok, n_bad = tally.judged.get(cid, 0), tally.failed.get(cid, 0)
        blockers = sorted({by for (c, by) in tally.blocked if c == cid})
        n_blocked = sum(n for (c, _), n in tally.blocked.items() if c == cid)
        e["judged"] = {"rounds judged": n_ok + n_bad}
        unjudged = {why: n for (c, why), n in sorted(tally.shoes_unjudged.items()) if c == cid}
        if unjudged:
            e["judged"]["shoes not judged"] = sum(unjudged.values())
        if n_blocked:
            e["judged"]["rounds blocked"] = n_blocked
        if n_bad:
            first = tally.findings[cid][0]
            e.update(outcome="failed", phase="call", category="nonconformance", failed_clause=cid,
                     message=f"§ {cid}: {n_bad} of {n_ok + n_bad} recorded rounds break it; first "
                             f"{_quote_line(first)}: required: {first['required']}; recorded: {first['observed']}",
                     findings=tally.findings[cid], findings_count=n_bad)
            done[cid] = "fail"
        elif n_ok:
            done[cid] = "pass"
        elif n_blocked:
            e.update(outcome="skipped", phase="call", category="blocked", blocked_by=blockers[0],
                     message=f"blocked: the game broke § {blockers[0]}: the {n_blocked} recorded rounds that "
                             f"could show § {cid} rest on a Point Count the game got wrong")
            done[cid] = "not_verified"
        else:
            e.update(outcome="skipped", phase="setup", category="not verified",
                     message=f"not verified: no recorded round showed § {cid}"
                             + (f" ({tally.not_in_force[cid]} rounds dealt when it was not in force)"
                                if tally.not_in_force.get(cid) else "")
                             + "".join(f"; {n} shoe(s) not judged: {why}" for why, n in unjudged.items()))
            done[cid] = "not_verified"
        entries.append(e)
    for cid, cov in coverage.items():
        if cid in done or cov.disposition != "automated":
            continue
        parts = [d for d in coverage if d != cid and (d.startswith(cid + "(") or d.startswith(cid + "["))]
        auto = [d for d in parts if coverage[d].disposition == "automated"]
        e = base(cid)
        failing = [d for d in auto if done.get(d) == "fail"]
        if failing or (auto and all(d in done for d in auto)):
            if failing:
                f = failing[0]
                e.update(outcome="failed", phase="call", category="nonconformance", failed_clause=f,
                         message=f"§ {f}: {tally.failed[f]} recorded rounds break it (a rule of § {cid}); first "
                                 f"{_quote_line(tally.findings[f][0])}")
            elif any(done[d] == "not_verified" for d in auto):
                e.update(outcome="skipped", phase="setup", category="not verified",
                         message=f"not verified: no recorded round showed every rule of § {cid}")
            e["judged"] = {"rounds judged": sum(tally.judged.get(d, 0) + tally.failed.get(d, 0) for d in auto)}
            entries.append(e)
            continue
        option = _offered_or_not(cov, rs)
        if option is not None:
            e.update(outcome="skipped", phase="setup", category="not offered",
                     message=f"not offered: the Rules Submission does not offer {option}")
        else:
            e.update(outcome="skipped", phase="setup", category="not judgeable",
                     message="not judgeable from records: no field of a recorded round shows this clause kept "
                             "or broken")
        entries.append(e)
    if tally.bad_total:
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(tally.bad.items()))
        first = tally.bad_findings[0]
        entries.append({"nodeid": "audit::input", "clauses": [], "outcome": "skipped", "phase": "setup",
                        "category": "bad input", "duration": 0.0,
                        "message": f"{tally.bad_total} finding(s) in the input ({kinds}); first "
                                   f"{first['file']}:{first['line']}: {first['kind']}: {first['problem']}",
                        "findings": tally.bad_findings, "findings_count": tally.bad_total,
                        "counts": dict(sorted(tally.bad.items()))})
    return entries
