"""The commands of the field audit: ``audit`` and ``record``.

``baccarat-conformance audit RECORDS... --profile P --out DIR``
    judge recorded rounds clause by clause (:mod:`baccarat_conformance.audit`) and
    write into ``DIR`` what a run writes there for the verdict: ``results.jsonl`` (one
    entry a clause; the nonconforming rounds quoted with file, line, table, shoe, round
    and time), ``session.json`` (the audit's facts), ``matrix.{html,csv,json}`` and
    ``matrix-totals.csv``, and ``audit-returns.png`` (each table's observed return per
    wager against the par sheet, :mod:`.plots`; linked from ``matrix.html``). Exit status: the clause matrix's, as for ``run``
    (:data:`baccarat_conformance.verdict.contract.EXIT_STATUS_HELP`); findings in the
    input make it at least 4 (incomplete).
``baccarat-conformance record --game FACTORY --profile P --shoes N --out FILE.jsonl``
    record the rounds of a game the harness drives (:mod:`.recorder`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path
from typing import Any

from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.options import date_arg
from baccarat_conformance.verdict.contract import EXIT_CODES, EXIT_STATUS_HELP

from .readers import MAX_LINE_BYTES

__all__ = ["add_parsers", "COMMANDS", "audit_command", "record_command", "OUT_FILES"]

OUT_FILES = ("results.jsonl", "session.json", "matrix.json", "matrix.csv", "matrix-totals.csv", "matrix.html",
             "audit-returns.png")
"""What an audit writes into ``--out`` (and deletes there first, once every input is valid)."""


def add_parsers(sub: Any) -> None:
    """Add ``audit`` and ``record`` to the CLI's subcommands."""
    au = sub.add_parser("audit", help="judge the recorded rounds of live tables clause by clause",
                        description="Judge recorded rounds (JSON Lines of round records, plain or .gz, or any "
                                    "format of an installed record reader) clause by clause with the rules "
                                    "oracle, and write OUT/results.jsonl, OUT/session.json and "
                                    "OUT/matrix.{html,csv,json}: a folder `seal`, `verify` and `diff` read as "
                                    "a run's.",
                        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    au.add_argument("records", nargs="+", metavar="RECORDS",
                    help="files, folders (their record files, recursively) or globs of recorded rounds")
    au.add_argument("--profile", default="baccarat",
                    help="the Rules Submission the tables ran under (a bundled name or a TOML/JSON file)")
    au.add_argument("--out", default="audit-report", help="the folder of the verdict (default: audit-report)")
    au.add_argument("--as-of", type=date_arg, default=None, metavar="YYYY-MM-DD",
                    help="the date the regulations are evaluated on (default: today); a round's own date "
                         "(its timestamp) decides whether a clause was in force for it")
    au.add_argument("--include-expired", action="store_true", help="judge the clauses of expired regulations too")
    au.add_argument("--attestations", default=None, help="manual inspection attestations (TOML/JSON)")
    au.add_argument("--waivers", default=None, help="waivers of accepted deviations (TOML/JSON)")
    au.add_argument("--allow-pending", action="store_true",
                    help="manual pending, uncovered and not-judgeable clauses do not make the exit status 4")
    au.add_argument("--reader", default=None,
                    help="the record reader for every input (default: by file name: .jsonl[.gz], .csv ...)")
    au.add_argument("--max-line-bytes", type=int, default=MAX_LINE_BYTES,
                    help=f"the longest record read, in bytes (default {MAX_LINE_BYTES}); a longer line is a finding")
    au.add_argument("-n", "--workers", type=int, default=1,
                    help="local processes judging partitions (one partition a file; default 1)")
    au.add_argument("--cluster", default=None, metavar="ADDRESS",
                    help="run the partitions on the Dask scheduler at ADDRESS (tcp://host:port; extra `cluster`)")
    au.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                    help="progress lines with rounds per second, the share of the input read and an ETA on stderr "
                         "(auto: on a terminal)")
    au.add_argument("--no-html", action="store_true",
                    help="as for run (a command line of run's options works here): an audit makes no Allure "
                         "report, so there is nothing to skip; matrix.html is always written")
    rec = sub.add_parser("record", help="record the rounds of a game as a table's recorder would (JSON Lines)",
                         description="Play dealing shoes of a game under a Rules Submission, every offered wager "
                                     "placed before every round, and write each round record with its envelope "
                                     "(table_id, shoe_id, timestamp) as one JSON line.")
    rec.add_argument("--game", default="baccarat_conformance.reference_game:create_game",
                     help="package.module:factory of the game (default: the reference game)")
    rec.add_argument("--profile", default="full_table", help="the Rules Submission (default: full_table)")
    rec.add_argument("--shoes", type=int, default=1, help="dealing shoes to play (default 1)")
    rec.add_argument("--seed", type=int, default=1, help="seed of the shoes' seeds (default 1)")
    rec.add_argument("--table-id", default="T1", help="the envelope's table_id (default T1)")
    rec.add_argument("--start", default=None, help="the first round's timestamp (ISO 8601; default 2026-01-05T18:00:00Z)")
    rec.add_argument("--wagers", default=None,
                     help="comma-separated wager types placed (default: every wager the profile's par sheet lists)")
    rec.add_argument("--out", required=True, help="the file to write (.jsonl, or .jsonl.gz for gzip)")


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _eta(seconds: float) -> str:
    """``1:02:03`` or ``2:03`` (hours, minutes, seconds)."""
    m, sec = divmod(int(round(seconds)), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _progress_printer(mode: str, total_bytes: int) -> Any:
    """(``tell(records, stored_bytes)`` for :func:`~.engine.run_partitions`, its state):
    a line on stderr at most once a second with the records read, the rounds per second and
    the ETA, the time left at the rate so far over the input's stored bytes still unread
    (shown once some of them are read; ``total_bytes`` the inputs' sizes)."""
    on = mode == "on" or (mode == "auto" and sys.stderr.isatty())
    state = {"n": 0, "bytes": 0, "t0": time.monotonic(), "last": 0.0}

    def tell(records: int, stored_bytes: int = 0) -> None:
        state["n"] += records
        state["bytes"] += stored_bytes
        now = time.monotonic()
        if on and now - state["last"] >= 1.0:
            state["last"] = now
            elapsed = max(now - state["t0"], 1e-9)
            rate = state["n"] / elapsed
            done = min(state["bytes"], total_bytes)
            eta = (f", {100 * done / total_bytes:.0f}% of the input, ETA {_eta(elapsed * (total_bytes - done) / done)}"
                   if 0 < done and total_bytes else ", ETA not yet known")
            print(f"audit: {state['n']:,} records, {rate:,.0f} rounds/s{eta}", file=sys.stderr, flush=True)
    return tell, state


def audit_command(args: argparse.Namespace) -> int:
    """``audit`` (see the module docstring). Returns the exit status."""
    from baccarat_conformance.inputs.attestations import load_attestations, load_waivers
    from baccarat_conformance.inputs.profile import load_profile
    from baccarat_conformance.reports.matrix_writers import write_run_matrix
    from baccarat_conformance.verdict.rebuild import load_context, matrix_of_run
    from baccarat_conformance.verdict.run_info import harness_version, offered_options

    from .engine import Task, entries_of, run_partitions
    from .readers import expand_inputs, load_readers
    from baccarat_conformance.reports.matrix_writers import write_matrix

    from .plots import RETURNS_PNG
    from .statistics import named_tables, return_points, statistics_tests

    started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    try:
        if args.max_line_bytes < 1024:
            raise ConfigurationError("--max-line-bytes: at least 1024")
        if args.workers < 1:
            raise ConfigurationError("--workers: at least 1")
        rs = load_profile(args.profile)
        ctx = load_context()
        att = load_attestations(args.attestations, coverage=ctx.coverage) if args.attestations else []
        wv = load_waivers(args.waivers, coverage=ctx.coverage) if args.waivers else []
        readers = load_readers()
        files = expand_inputs(args.records, readers)
        if args.cluster:
            try:
                import distributed  # noqa: F401
            except ImportError:
                raise ConfigurationError("--cluster needs Dask: pip install 'baccarat-conformance[cluster]'") from None
        if args.reader and args.reader not in readers:
            raise ConfigurationError(f"--reader {args.reader!r}: no such record reader (installed: "
                                     f"{', '.join(sorted(readers))})")
    except ConfigurationError as e:
        print(f"baccarat-conformance audit: {e}", file=sys.stderr)
        return 3
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in OUT_FILES:
        (out / name).unlink(missing_ok=True)
    as_of = args.as_of or dt.date.today().isoformat()
    # absolute paths for the partitions (a Dask worker has a working directory of its own)
    profile_path = str(Path(args.profile).resolve()) if Path(args.profile).is_file() else args.profile
    tasks = [Task(str(f.resolve()), profile_path, args.reader, args.max_line_bytes, as_of, args.include_expired,
                  shown=str(f)) for f in files]
    tell, state = _progress_printer(args.progress, sum(_size(f) for f in files))
    t0 = time.monotonic()
    try:
        tally = run_partitions(tasks, workers=args.workers, cluster=args.cluster, progress=tell)
    except ConfigurationError as e:
        print(f"baccarat-conformance audit: {e}", file=sys.stderr)
        return 3
    seconds = time.monotonic() - t0
    entries = entries_of(tally, rs, ctx)
    tests = statistics_tests(tally, rs)
    if tests:
        named = named_tables(tests)
        entries.append({"nodeid": "audit::statistics", "clauses": [], "outcome": "passed", "category": None,
                        "duration": 0.0, "message": ("; ".join(named[:5]) if named else None),
                        "statistics": tests})
    results = out / "results.jsonl"
    write_atomic(results, "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries))
    facts = {"started": started, "finished": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
             "collected": len(entries), "collection_errors": 0, "as_of": as_of,
             "include_expired": bool(args.include_expired), "profile": args.profile,
             "certificate_holder": rs.certificate_holder, "variant": rs.variant, "adapter": "audit",
             "game": f"recorded rounds: {len(files)} file(s)", "results_log": str(results),
             "attestations": args.attestations, "waivers": args.waivers, "allow_pending": bool(args.allow_pending),
             "offered": offered_options(rs), "harness_version": harness_version(),
             "command_line": _command_line(args),
             "interrupted": False, "input_findings": tally.bad_total,
             "audit": {"files": [str(f) for f in files], "records": tally.records, "rounds": tally.rounds,
                       "statuses": dict(tally.statuses), "tables": len(tally.rounds_by_table),
                       "input_findings": dict(sorted(tally.bad.items())),
                       "wagers_not_judged": dict(sorted(tally.unjudged_wagers.items())),
                       "seconds": round(seconds, 3),
                       "rounds_per_second": round(tally.records / seconds) if seconds > 0 else None,
                       "workers": args.workers, "cluster": bool(args.cluster)}}
    write_atomic(out / "session.json", json.dumps(facts, indent=1, ensure_ascii=False) + "\n")
    matrix = matrix_of_run(entries, facts, ctx=ctx, attestations=att, waivers=wv, allure_results=None,
                           allow_pending=bool(args.allow_pending))
    points = return_points(tally, rs)
    if points:
        from .plots import returns_plot

        (out / RETURNS_PNG).write_bytes(returns_plot(points, f"observed return per table and wager against the "
                                                            f"par sheet ({tally.rounds:,} recorded rounds)"))
        write_matrix(matrix, out, game_math={"par_sheet": {"observed returns": f"{RETURNS_PNG}: each table's "
                                                           "observed return per wager, 99% confidence interval, "
                                                           "against the par sheet's (results.jsonl: the tests)"},
                                             "images": [RETURNS_PNG]})
    else:
        write_run_matrix(matrix, out)
    failing = sum(1 for e in entries if e.get("category") == "nonconformance")
    print(f"audit: {tally.records:,} records in {len(files)} file(s), {tally.rounds:,} rounds judged in "
          f"{seconds:.1f} s ({facts['audit']['rounds_per_second'] or 0:,} rounds/s); "
          f"{failing} clause(s) with nonconforming rounds; {tally.bad_total} input finding(s)")
    for reason in matrix.reasons:
        print(f"  {reason}")
    print(f"exit {matrix.exit_code}: {EXIT_CODES[matrix.exit_code]} — {out / 'matrix.html'}")
    return matrix.exit_code


def record_command(args: argparse.Namespace) -> int:
    """``record``: exit 0, or 3 for a bad game factory or profile."""
    from .recorder import record_rounds

    try:
        n = record_rounds(Path(args.out), game=args.game, profile=args.profile, shoes=args.shoes, seed=args.seed,
                          table_id=args.table_id, start=args.start,
                          wagers=args.wagers.split(",") if args.wagers else None)
    except ConfigurationError as e:
        print(f"baccarat-conformance record: {e}", file=sys.stderr)
        return 3
    print(f"record: {n} rounds written to {args.out}")
    return 0


COMMANDS = {"audit": audit_command, "record": record_command}


def _command_line(args: argparse.Namespace) -> list[str]:
    """The audit's command line as ``run`` records its own: secrets redacted
    (:func:`baccarat_conformance.run.session.redacted_command_line`)."""
    from baccarat_conformance.run.session import redacted_command_line

    return redacted_command_line(getattr(args, "command_line", None) or sys.argv)
