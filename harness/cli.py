"""``baccarat-conformance``: the command line of the harness.

``baccarat-conformance run [options] [-- PYTEST_ARGS...]``
    the main job: validate the inputs, run the conformance suite against a game with a
    progress display, write Allure results, the per-scenario results log, JUnit XML and
    the clause matrix, and generate the HTML Allure report with the Allure 3 CLI.
    Its options that reach pytest (``--adapter``, ``--game``, ``--profile``, ``--depth``,
    ``--as-of``, ``--include-expired``, ``--attestations``, ``--waivers``,
    ``--allow-pending``, ``-n``) come from :data:`baccarat_conformance.inputs.options.OPTIONS`,
    the table the pytest options come from too, and the options of every installed adapter
    (``--url``, ``--port``, ``--baud``...) are accepted before ``--`` as well as after it;
    anything after ``--`` goes to pytest unchanged (e.g. ``-- -m 631a.6``).
``baccarat-conformance clauses [--chapter CH] [--uncovered] [--disposition KIND]``
    list the clauses of the corpus and how each is covered; ``--explain ID``: where one
    clause is judged (scenarios, steps, oracle rule, proofs).
``baccarat-conformance matrix conformance-report/results.jsonl [--out FOLDER]``
    rebuild the clause matrix from an existing results log.
``baccarat-conformance lint``
    check the clause anchors of the feature files and the dispositions.
``baccarat-conformance par-sheet --profile P [--decks N] [--format table|json|csv]``
    the exact par sheet of a profile's wagers (:mod:`baccarat_conformance.run.game_math`).
``baccarat-conformance seal | verify | keygen``
    the sealed evidence package of a run (:mod:`baccarat_conformance.commands.seal`).
``baccarat-conformance replay PACKAGE --scenario ID``
    run one failed scenario of a package again (:mod:`baccarat_conformance.commands.replay`).
``baccarat-conformance audit RECORDS... --profile P --out DIR`` | ``record``
    the field audit of recorded rounds; recording a game's rounds
    (:mod:`baccarat_conformance.audit.commands`).
``baccarat-conformance check-protocol | serve-reference``
    a game's answers checked against the protocol; the reference game served over HTTP
    or a serial pty (:mod:`baccarat_conformance.commands.protocol`).

Exit status: see :data:`baccarat_conformance.verdict.contract.EXIT_STATUS_HELP` (the CI contract).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Optional, Sequence

from baccarat_conformance.inputs import options
from baccarat_conformance.inputs.options import date_arg
from baccarat_conformance.run.progress import read_json, run_logged, run_with_progress
from baccarat_conformance.reports.matrix_writers import write_run_matrix
from baccarat_conformance.run.suite import pytest_command
from baccarat_conformance.verdict.contract import EXIT_CODES, EXIT_STATUS_HELP, combine
from baccarat_conformance.verdict.rebuild import load_context, rebuild_matrix


DEFAULT_OUT = "conformance-report"
"""The default ``--out`` of ``run``: a folder of its own, never a source package folder
(``reports/`` is the package of the report writers: a wheel built after a run shipped its
matrix)."""


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors exiting 3 ("invalid input") as the contract says."""

    def error(self, message: str) -> "NoReturn":  # type: ignore[name-defined]  # noqa: F821
        self.print_usage(sys.stderr)
        self.exit(3, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="baccarat-conformance",
                     description="Regulatory conformance harness for Baccarat games (58 Pa. Code).",
                     epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    from baccarat_conformance.verdict.run_info import harness_version

    parser.add_argument("--version", action="version", version=harness_version())
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = sub.add_parser("run", help="run the conformance suite and write the reports",
                         description="Run the conformance suite against a game and write the reports: "
                                     "OUT/allure-results, OUT/allure-report, OUT/results.jsonl, OUT/junit.xml, "
                                     "OUT/matrix.{html,csv,json} (the verdict), OUT/pytest.log.",
                         epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_run_arguments(run)  # the options that reach pytest (the table the pytest options come from)
    options.add_adapter_arguments(run)  # --url, --port, --baud...: before or after --
    run.add_argument("--out", default=DEFAULT_OUT, type=Path,
                     help="output folder: allure-results/, allure-report/, results.jsonl, junit.xml, matrix.*, "
                          f"pytest.log (default: {DEFAULT_OUT}, in the working directory)")
    run.add_argument("--no-html", action="store_true", help="skip generating the Allure HTML report")
    run.add_argument("--progress", default="auto", choices=["auto", "on", "off"],
                     help="progress display (auto: on a terminal); off passes pytest's output through")
    run.add_argument("pytest_args", nargs=argparse.REMAINDER, help="-- then extra pytest arguments")

    cl = sub.add_parser("clauses", help="list the clauses and how each is covered",
                        description="List the clauses of the corpus in regulation order with their disposition: "
                                    "automated (tagged by a scenario), manual, not_applicable, definitional, "
                                    "subclauses, or uncovered.",
                        epilog="exit status: 0; with --check, 4 if any listed clause is uncovered; 3 if the "
                               "corpus or dispositions are invalid.")
    cl.add_argument("--chapter", action="append", default=[], help="only this chapter (repeatable): 631a, ...")
    cl.add_argument("--section", action="append", default=[], help="only this section (repeatable): 631a.11")
    cl.add_argument("--uncovered", action="store_true", help="only clauses with no scenario and no disposition")
    cl.add_argument("--disposition", action="append", default=[],
                    choices=["automated", "manual", "not_applicable", "n/a", "definitional", "subclauses",
                             "uncovered"], help="only clauses with this disposition (repeatable)")
    cl.add_argument("--format", default="table", choices=["table", "ids", "csv", "json", "toml"],
                    help="table (default), ids (one per line), csv, json, or toml (dispositions.toml entries "
                         "to start from, for uncovered clauses)")
    cl.add_argument("--check", action="store_true", help="exit 4 if any listed clause is uncovered")
    cl.add_argument("--features", default=None, type=Path, help="feature folder (default: the installed suite)")
    cl.add_argument("--explain", metavar="ID", default=None, help="for clause ID: its scenarios, step functions, "
                    "oracle rule and the broken games proving it fails (--format json or table)")

    mx = sub.add_parser("matrix", help="rebuild the clause matrix from an existing results log",
                        description="Rebuild matrix.{html,csv,json} from a results log. Run facts (as-of date, "
                                    "profile, collected count, pytest's exit status) come from session.json "
                                    "beside the log when present; options override them.",
                        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    mx.add_argument("results_log", nargs="?", type=Path, metavar="RESULTS",
                    help=f"the results log ({DEFAULT_OUT}/results.jsonl); or --results")
    mx.add_argument("--results", default=None, type=Path, help="the results log (results.jsonl)")
    mx.add_argument("--out", default=None, type=Path, help="output folder (default: the results log's folder)")
    mx.add_argument("--session", default=None, type=Path, help="session.json of the run (default: beside the log)")
    mx.add_argument("--as-of", default=None, type=date_arg, metavar="YYYY-MM-DD")
    mx.add_argument("--include-expired", action="store_true", default=None)
    mx.add_argument("--profile", default=None, help="Rules Submission profile (for manual clauses 'not offered')")
    mx.add_argument("--attestations", default=None, type=Path, metavar="FILE")
    mx.add_argument("--waivers", default=None, type=Path, metavar="FILE")
    mx.add_argument("--allure-results", default=None, type=Path,
                    help="allure-results folder to link into (default: beside the log)")
    mx.add_argument("--allure-report", default=None, metavar="URL",
                    help="link to the Allure report's index.html (default: allure-report/index.html)")
    mx.add_argument("--allow-pending", action=argparse.BooleanOptionalAction, default=None,
                    help="manual clauses pending attestation and clauses without a disposition do not make the "
                         "run incomplete (default: as the run had it, from session.json)")

    li = sub.add_parser("lint", help="check the clause anchors of the feature files and the dispositions",
                        description="Check every scenario's clause tags and quote lines against the corpus, "
                                    "and every clause's disposition. One sentence per problem.",
                        epilog="exit status: 0 no problem; 3 problems found.")
    li.add_argument("--features", default=None, type=Path, help="feature folder (default: the installed suite)")
    li.add_argument("--no-coverage", action="store_true",
                    help="leave out the check that every clause has a disposition")
    li.add_argument("--strict", action="store_true",
                    help="also require every clause a scenario is tagged with to be quoted in it")

    from baccarat_conformance.commands import seal as seal_commands  # seal, verify, keygen: the sealed evidence package

    seal_commands.add_parsers(sub)
    from baccarat_conformance.commands import diff as diff_commands  # diff: two evidence packages compared clause by clause

    diff_commands.add_parsers(sub)
    from baccarat_conformance.commands import replay  # replay: one failed scenario of an evidence package, run again

    replay.add_parser(sub)
    from baccarat_conformance.commands import protocol as protocol_commands  # check-protocol, serve-reference

    protocol_commands.add_parsers(sub)
    from baccarat_conformance.run import game_math  # par-sheet: the exact odds and house edge of a profile's wagers

    game_math.add_parser(sub)
    from baccarat_conformance.audit import commands as audit_commands  # audit, record: the field audit

    audit_commands.add_parsers(sub)
    return parser


# ====================================================================== inputs
#: Columns of a table written off a terminal (a file, a pipe, a CI log), unless COLUMNS says otherwise:
#: rich's 80 squeezed the clause text of `clauses` into an 18-character column.
OFF_TERMINAL_WIDTH = 200


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or os.environ.get("COLUMNS") else OFF_TERMINAL_WIDTH
    return Console(stderr=stderr, highlight=False, soft_wrap=False, width=width)


def _error(message: str) -> None:
    from baccarat_conformance.inputs.input_bounds import escape_controls

    print(f"error: {escape_controls(message)}", file=sys.stderr)  # a file name or a key may hold ESC [2J


def _drop_partial_writes(out: Path) -> list[str]:
    """Remove what pytest left half written in ``out`` (a full filesystem left an empty
    ``junit.xml``, which pytest writes in place, and allure-pytest's temporary
    ``allure-results/*.tmp`` files); returns the errors to report."""
    import xml.etree.ElementTree as ET

    errors = []
    junit = out / "junit.xml"
    if junit.is_file():
        try:
            ET.parse(junit)
        except (ET.ParseError, OSError) as e:
            junit.unlink(missing_ok=True)
            errors.append(f"{junit} NOT written whole ({e}; a full filesystem?): removed")
    partial = sorted((out / "allure-results").glob("*.tmp"))
    for path in partial:
        path.unlink(missing_ok=True)
    if partial:
        errors.append(f"{len(partial)} Allure result file(s) NOT written whole (a full filesystem?): removed")
    return errors


def _session_says_interrupted(path: Path, code: int) -> None:
    """``session.json`` of an interrupted run says so (``finished``, ``exitstatus``: pytest's,
    None when it was killed; ``interrupted``) when pytest ended without writing its end: killed
    after the grace period, or an end-of-session hook of another plugin raised under the signal
    before the harness's ran."""
    import datetime as dt

    from baccarat_conformance.util.atomic_files import write_atomic

    facts = read_json(path)
    if not isinstance(facts, dict) or "finished" in facts:
        return
    facts.update(finished=dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                 exitstatus=code if code >= 0 else None, interrupted=True)
    try:
        write_atomic(path, json.dumps(facts, indent=1) + "\n")
    except OSError as e:
        _error(f"{path}: {e.strerror or e}")


def validate_inputs(args: argparse.Namespace, ctx: Any) -> tuple[list, list]:
    """Attestations and waivers of ``args`` (validated against ``ctx.coverage``).

    :raises ConfigurationError: naming file, line and field."""
    from baccarat_conformance.inputs.attestations import load_attestations, load_waivers

    att = load_attestations(args.attestations, coverage=ctx.coverage) if args.attestations else []
    wv = load_waivers(args.waivers, coverage=ctx.coverage) if args.waivers else []
    return att, wv


# ====================================================================== run
def check_out(out: Path) -> None:
    """``--out`` can be the output folder: a folder, or a path under a writable folder.

    :raises ConfigurationError: naming the path that is in the way.
    """
    from baccarat_conformance.judging.errors import ConfigurationError

    if out.exists() and not out.is_dir():
        raise ConfigurationError(f"--out {out}: not a folder (a file of that name exists)")
    existing = next((p for p in (out, *out.absolute().parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise ConfigurationError(f"--out {out}: {existing} is a file, not a folder")
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise ConfigurationError(f"--out {out}: the folder {existing} is not writable")


GAME_CHECK_TIMEOUT = 60.0
"""Seconds the ``--game`` factory has to build a game in the check before the run."""


def check_game(spec: str, timeout: float = GAME_CHECK_TIMEOUT) -> Optional[str]:
    """Check the library game ``spec`` (``module:factory``) before the run: import it
    and call its factory once, in a short-lived child process (the game may have side
    effects, or end its process): :mod:`baccarat_conformance.run.game_check`, from the
    working directory, as pytest will import it.

    Returns a warning when the check could not conclude (the factory did not return
    within ``timeout`` seconds: the run goes on), else None.

    :raises ConfigurationError: naming ``spec`` and what went wrong (a module that
        cannot be imported, with the file and line of a syntax error; a factory that
        raises, calls ``sys.exit`` or ends its process; a game without ``handle``).
    """
    from baccarat_conformance.judging.errors import ConfigurationError
    from baccarat_conformance.run.game_check import MARK

    try:
        proc = subprocess.run([sys.executable, "-m", "baccarat_conformance.run.game_check", spec], capture_output=True,
                              text=True, errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return f"--game {spec!r} could not be checked: its factory did not return within {timeout:g} s"
    said = [line[len(MARK):] for line in proc.stdout.splitlines() if line.startswith(MARK)]
    if proc.returncode == 0 and said == ["ok"]:
        return None
    if said and said[-1] != "ok":
        raise ConfigurationError(said[-1])
    how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit status {proc.returncode}"
    tail = (proc.stderr.strip().splitlines() or [""])[-1]
    raise ConfigurationError(f"--game {spec!r}: the game ended its process while it was being set up ({how})"
                             + (f": {tail}" if tail else ""))


def run(args: argparse.Namespace) -> int:
    from baccarat_conformance.run.supervise import Signals

    with Signals() as signals:
        return _run(args, signals)


def _run(args: argparse.Namespace, signals: Any) -> int:
    from baccarat_conformance.corpus import CorpusError
    from baccarat_conformance.corpus.features import FeatureSyntaxError
    from baccarat_conformance.corpus.lint import lint
    from baccarat_conformance.judging.errors import ConfigurationError
    from baccarat_conformance.inputs.profile import load_profile

    # 1. inputs: corpus, dispositions, feature anchors, profile, attestations, waivers, --out, --game (exit 3);
    #    nothing is deleted or started before all of them are valid
    try:
        ctx = load_context()
    except (CorpusError, FeatureSyntaxError) as e:
        _error(str(e))
        return 3
    problems = lint(ctx)
    conflicts = [p for p in problems if p.check == "clause_has_one_disposition"]
    problems = [p for p in problems if p.check not in ("clause_has_a_disposition", "clause_has_one_disposition")]
    if problems:
        _error("the feature files' clause anchors are invalid:\n" + "\n".join(str(p) for p in problems))
        return 3
    for p in conflicts:  # the scenarios decide (automated); `lint` and the tests fail on it
        print(f"warning: {p}", file=sys.stderr)
    try:
        load_profile(args.profile)
        validate_inputs(args, ctx)
        options.check_workers(args)  # -n: pytest-xdist installed, and accepted by the adapter
        check_out(args.out)
        if getattr(args, "cluster", None):  # reached now: never 30 s a scenario and exit 2 after the run
            from baccarat_conformance.gamestats.chunks import check_cluster

            cluster = check_cluster(args.cluster)
            print(f"--cluster: the Dask scheduler {cluster['address']} answered ({cluster['workers']} "
                  f"worker(s) now)", flush=True)
            if not cluster["workers"]:
                print("warning: the --cluster scheduler has no worker yet: the statistics wait for one "
                      "(`dask worker ADDRESS`)", file=sys.stderr)
        if args.game and args.adapter == "library":
            warning = check_game(args.game)
            if warning:
                print(f"warning: {warning}", file=sys.stderr)
    except ConfigurationError as e:
        _error(str(e))
        return 3
    if not args.no_html:  # the HTML report's Node and pinned Allure CLI, installed now: never found missing after the run
        from baccarat_conformance.reports.allure import ReportError, preflight

        try:
            print(f"HTML report by {preflight()}", flush=True)
        except ReportError as e:
            _error(f"the Allure HTML report cannot be made: {e}")
            return 3
    # 1b. the game answers describe, or the run ends here in seconds (exit 2), not after every scenario failed
    from baccarat_conformance.run.preflight import GameUnreachable, describe_game

    try:
        describe_game(args)
    except ConfigurationError as e:
        _error(str(e))
        return 3
    except GameUnreachable as e:
        _error(f"{e}; nothing was run")
        return 2
    if signals.received is not None:
        _error(f"{signals.name} before the run started; nothing was run")
        return 4
    # 2. one run per --out: held until the end (a second run exits 3 naming the first)
    from baccarat_conformance.run import out_lock

    try:
        lock = out_lock.acquire(args.out, getattr(args, "command_line", None))
    except ConfigurationError as e:
        _error(str(e))
        return 3
    with lock:
        if lock.stale_note:
            print(f"warning: {lock.stale_note}", file=sys.stderr)
        return _run_locked(args, signals, ctx)


def _run_locked(args: argparse.Namespace, signals: Any, ctx: Any) -> int:
    """The run itself, ``--out`` locked and every input valid: pytest, the matrix, the
    Allure report, the console's summary."""
    # 3. the run
    out: Path = args.out
    results = out / "allure-results"
    log = out / "results.jsonl"
    try:
        out.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(results, ignore_errors=True)
        # a report left by an earlier run: Allure 3 would write the new one into allure-report/awesome/ and
        # leave the old index.html in place
        shutil.rmtree(out / "allure-report", ignore_errors=True)
        for name in ("results.jsonl", "session.json", "describe.json", "junit.xml", "matrix.json", "matrix.csv",
                     "matrix-totals.csv", "matrix.html"):
            (out / name).unlink(missing_ok=True)
    except OSError as e:
        _error(f"--out {out}: {e.strerror or e}")
        return 3
    cmd = pytest_command(args, results, log, out)
    from baccarat_conformance.adapters.redact import without_url_passwords
    from baccarat_conformance.inputs.input_bounds import escape_controls

    print("+", escape_controls(without_url_passwords(" ".join(cmd))), flush=True)  # a path may hold ESC
    progress = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    from baccarat_conformance.run.session import command_line_env

    with command_line_env(getattr(args, "command_line", None) or ["baccarat-conformance", "run"]):  # session.json
        code = run_with_progress(cmd, out, log, signals) if progress else \
            run_logged(cmd, out, signals, tracebacks=_tracebacks_asked(args))
    interrupted = signals.received is not None
    if interrupted:
        print(f"{signals.name}: the run was interrupted (pytest exit status {code})", file=sys.stderr, flush=True)
    unfinished = _drop_partial_writes(out)
    if interrupted:  # a signal that lands mid-write leaves a half-written file: the interruption, not a full disk
        for message in unfinished:
            print(message.replace("a full filesystem?", f"the {signals.name} came mid-write"), file=sys.stderr)
        unfinished = []
    for message in unfinished:
        _error(message)
    if not interrupted and code == USAGE_ERROR:  # pytest refused the options (an unknown marker in -m...)
        message = usage_error_message(out / "pytest.log")
        _error(message)
        _after_a_usage_error(out, message)
        return 3

    # 4. the matrix: the one pytest wrote (--matrix-dir), or rebuilt from the results log if pytest died first
    #    (or finished without knowing of the interruption)
    matrix = read_json(out / "matrix.json")
    if matrix is not None and (not interrupted or matrix.get("run", {}).get("interrupted")):
        verdict = matrix["verdict"]["exit_code"]
        sentences = list(matrix["totals_sentences"].values())
        reasons = matrix["verdict"]["reasons"]
    else:
        try:
            m = rebuild_matrix(log, ctx=ctx, attestations=args.attestations, waivers=args.waivers,
                               as_of=args.as_of, include_expired=args.include_expired, profile=args.profile,
                               allure_results=results, allow_pending=args.allow_pending,
                               pytest_exit_status=code if code >= 0 else None, interrupted=True)
            write_run_matrix(m, out)
        except Exception as e:
            _error(f"the clause matrix could not be built: {e}")
            return combine(2, 4)
        verdict, reasons = m.exit_code, m.reasons
        sentences = [m.totals_sentence(ch) for ch in m.totals]
    if interrupted:
        _session_says_interrupted(out / "session.json", code)
    final = combine(verdict, 4 if interrupted else None)
    if unfinished:
        final = combine(final, 2)

    # 5. the Allure HTML report (a view of the same results); not after an interruption
    if interrupted:
        print("Allure report: not generated (the run was interrupted); the results are in "
              f"{results}", file=sys.stderr)
    elif not args.no_html:
        from baccarat_conformance.reports.allure import ReportError, generate
        from baccarat_conformance.reports.allure_verdict import named_report, write_verdict

        try:
            name = write_verdict(results, read_json(out / "matrix.json") or {}, "../matrix.html")
            with named_report(name):  # the clause verdict on the report's home page
                index = generate(results, out / "allure-report")
            print(f"Allure report: {index}")
        except ReportError as e:
            _error(str(e))
            final = combine(final, 2)
    _print_failures(log, out, args)
    for s in sentences:
        print(s)
    print(f"clause matrix: {out / 'matrix.html'} (also .csv, .json); pytest log: {out / 'pytest.log'}")
    print(f"exit status {final}: {EXIT_CODES[final]}" + (f" — {'; '.join(reasons)}" if reasons else ""))
    return final


def _tracebacks_asked(args: argparse.Namespace) -> bool:
    """Whether the console shows pytest's tracebacks too: ``run --tb STYLE``, or ``--tb``
    after ``--``."""
    extra = list(getattr(args, "pytest_args", None) or [])
    return getattr(args, "tb", None) is not None or any(a == "--tb" or a.startswith("--tb=") for a in extra)


def _print_failures(log: Path, out: Path, args: argparse.Namespace) -> None:
    """One block per failed clause and per blocked scenario of the run's results log
    (:func:`baccarat_conformance.run.failures.failure_blocks`), each with the commands that
    replay it; where the tracebacks are."""
    from baccarat_conformance.run.failures import failure_blocks

    try:
        entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return
    lines = failure_blocks(entries, str(out))
    if not lines:
        return
    print("\n".join(lines))
    where = "above and in" if _tracebacks_asked(args) else "in"
    print(f"\n(the tracebacks are {where} {out / 'pytest.log'}; `run --tb short` shows them here too)\n")


def _after_a_usage_error(out: Path, message: str) -> None:
    """What pytest left after refusing its options: no ``junit.xml`` (of 0 tests, which a
    CI dashboard reads as a green run), and ``session.json`` stating the harness's exit
    status (3, ``exitstatus``) beside pytest's (``pytest_exitstatus``) and the refusal
    (``usage_error``)."""
    from baccarat_conformance.util.atomic_files import write_atomic

    (out / "junit.xml").unlink(missing_ok=True)
    facts = read_json(out / "session.json")
    if isinstance(facts, dict):
        facts.update(exitstatus=3, pytest_exitstatus=facts.get("exitstatus"), usage_error=message)
        try:
            write_atomic(out / "session.json", json.dumps(facts, indent=1) + "\n")
        except OSError as e:
            _error(f"{out / 'session.json'}: {e.strerror or e}")


USAGE_ERROR = 4
"""pytest's exit status for options it refuses (``pytest.ExitCode.USAGE_ERROR``)."""


def usage_error_message(pytest_log: Path) -> str:
    """The line of ``run``'s error when pytest refused its options: pytest's own
    ``ERROR:`` lines from ``pytest_log`` (``Unknown marker(s) in '-m' expression: 629b``),
    and that no report was built."""
    from baccarat_conformance.run.suite import refusal

    try:
        why = refusal(pytest_log.read_text(encoding="utf-8", errors="replace")) or f"see {pytest_log}"
    except OSError:
        why = f"see {pytest_log}"
    return f"pytest refused the options (usage error): {why}; nothing was run, no report was built"


# ====================================================================== matrix
def matrix_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.corpus import CorpusError
    from baccarat_conformance.judging.errors import ConfigurationError
    from baccarat_conformance.verdict.matrix import MatrixError

    if (args.results_log is None) == (args.results is None):
        _error("matrix: name the results log once, as RESULTS or --results "
               + ("(both were given)" if args.results else "(none was given)"))
        return 3
    args.results = args.results or args.results_log
    out = args.out or args.results.parent
    try:
        m = rebuild_matrix(args.results, session=args.session, attestations=args.attestations,
                           waivers=args.waivers, as_of=args.as_of, include_expired=args.include_expired,
                           profile=args.profile, allure_results=args.allure_results,
                           allure_report=args.allure_report, allow_pending=args.allow_pending)
        write_run_matrix(m, out)
    except (ConfigurationError, CorpusError, MatrixError) as e:
        _error(str(e))
        return 3
    for ch in m.totals:
        print(m.totals_sentence(ch))
    print(f"clause matrix: {out / 'matrix.html'} (also .csv, .json)")
    print(f"exit status {m.exit_code}: {EXIT_CODES[m.exit_code]}" + (f" — {'; '.join(m.reasons)}" if m.reasons else ""))
    return m.exit_code


# ====================================================================== clauses
def clauses_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.corpus import CorpusError
    from baccarat_conformance.corpus.coverage import COVERAGE_KINDS, uncovered_hint
    from baccarat_conformance.corpus.features import FeatureSyntaxError

    if args.explain:
        from baccarat_conformance.commands.explain import explain_command

        return explain_command(args.explain, args.features, args.format)

    try:
        ctx = load_context(args.features)
    except (CorpusError, FeatureSyntaxError) as e:
        _error(str(e))
        return 3
    kinds = {("not_applicable" if k == "n/a" else k) for k in args.disposition}
    if args.uncovered:
        kinds.add("uncovered")
    chapters = set(args.chapter)
    unknown = chapters - set(ctx.corpus.chapters())
    if unknown:
        _error(f"unknown chapter {', '.join(sorted(unknown))}; chapters: {', '.join(ctx.corpus.chapters())}")
        return 3
    sections = set(args.section)
    rows = [cov for cov in ctx.coverage.values()
            if (not chapters or cov.clause.chapter in chapters)
            and (not sections or cov.clause.section in sections)
            and (not kinds or cov.disposition in kinds)]

    def detail(cov: Any) -> str:
        return uncovered_hint(cov.clause, ctx.corpus) if cov.disposition == "uncovered" else cov.detail

    def text(cov: Any) -> str:
        t = " ".join(cov.clause.text.split()) or cov.clause.section_heading
        return t if len(t) <= 110 else t[:109] + "…"

    if args.format == "ids":
        for cov in rows:
            print(cov.clause.id)
    elif args.format == "csv":
        from baccarat_conformance.inputs.input_bounds import csv_writer

        w = csv_writer(sys.stdout, lineterminator="\n")
        w.writerow(["id", "tag", "chapter", "disposition", "detail", "text"])
        for cov in rows:
            w.writerow([cov.clause.id, cov.clause.tag, cov.clause.chapter, cov.disposition, detail(cov), text(cov)])
    elif args.format == "json":
        print(json.dumps([{"id": cov.clause.id, "tag": cov.clause.tag, "chapter": cov.clause.chapter,
                           "disposition": cov.disposition, "detail": detail(cov), "text": cov.clause.text,
                           "scenarios": [s.where for s in cov.scenarios]} for cov in rows],
                         indent=1, ensure_ascii=False))
    elif args.format == "toml":
        print(_toml_stubs(rows, ctx))
    elif not rows:  # an empty table reads as a failure to list: say there is none
        what = " and ".join(sorted(kinds)) if kinds else "matching"
        print(f"none: no {what} clause" + (f" in {', '.join(sorted(chapters | sections))}"
                                           if chapters or sections else ""))
    else:
        from rich.table import Table
        from rich.text import Text

        console = _console()
        table = Table(show_lines=False, expand=True, pad_edge=False)
        table.add_column("clause", no_wrap=True, style="bold")
        table.add_column("disposition", no_wrap=True)
        table.add_column("detail", ratio=2)
        table.add_column("text", ratio=3)
        style = {"automated": "green", "manual": "cyan", "uncovered": "yellow"}
        for cov in rows:
            table.add_row(Text(cov.clause.id), Text(cov.disposition, style=style.get(cov.disposition, "")),
                          Text(detail(cov)), Text(text(cov)))
        console.print(table)
        per: dict[str, Counter] = {}
        for cov in rows:
            per.setdefault(cov.clause.chapter, Counter())[cov.disposition] += 1
        for ch, c in per.items():
            console.print(f"{ch}: {sum(c.values())} clauses — "
                          + ", ".join(f"{c[k]} {k.replace('_', ' ')}" for k in COVERAGE_KINDS if c.get(k)))
    if args.check and any(cov.disposition == "uncovered" for cov in rows):
        return 4
    return 0


def _toml_stubs(rows: list, ctx: Any) -> str:
    """Entries of ``dispositions.toml`` to start from, for the uncovered clauses listed:
    complete entries where the shape of the clause decides (tables, lead-ins), commented
    stubs otherwise (a clause software can test needs a scenario, not an entry)."""
    from baccarat_conformance.corpus.coverage import is_lead_in

    out = ["# Entries for corpus/dispositions.toml, generated by `baccarat-conformance clauses --uncovered "
           "--format toml`.", "# Check each one: a clause a scenario can test needs a tag, not an entry.", ""]
    for cov in rows:
        if cov.disposition != "uncovered":
            continue
        c = cov.clause
        text = " ".join(c.text.split()) or c.section_heading
        out.append(f"# {c.id}: {text[:150]}{'…' if len(text) > 150 else ''}")
        if c.kind == "table":
            out += ["[[definitional]]", f'clause = "{c.id}"', f'used_by = ["{c.parent}"]', ""]
        elif is_lead_in(c, ctx.corpus):
            out += ["[[subclauses]]", f'clause = "{c.id}"', 'note = "Lead-in to its subclauses."', ""]
        else:
            out += [f"# scenario tag: @{c.tag}", "# [[manual]]", f'# clause = "{c.id}"', '# inspection = """',
                    "# ...", '# """', ""]
    return "\n".join(out)


# ====================================================================== lint
def lint_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.corpus import CorpusError
    from baccarat_conformance.corpus.features import FeatureSyntaxError
    from baccarat_conformance.corpus.lint import lint

    try:
        ctx = load_context(args.features)
    except (CorpusError, FeatureSyntaxError) as e:
        _error(str(e))
        return 3
    problems = lint(ctx, strict=args.strict)
    if args.no_coverage:
        problems = [p for p in problems if p.check != "clause_has_a_disposition"]
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s) in {len(ctx.scenarios)} scenarios and {len(ctx.coverage)} clauses",
          file=sys.stderr)
    return 3 if problems else 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "replay":  # what follows PACKAGE's options (after --) goes to pytest: --url ...
        args.pytest_args = extra
    elif extra and args.command == "run":
        run_parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["run"]  # noqa: SLF001
        run_parser.error(f"unrecognized arguments: {' '.join(extra)}; run takes pytest's "
                         f"{', '.join(options.PYTEST_FLAGS)} itself: put any other pytest option after `--` "
                         f"(baccarat-conformance run ... -- {' '.join(extra)})")
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.command_line = ["baccarat-conformance", *(sys.argv[1:] if argv is None else argv)]
    if args.command == "run":
        return run(args)
    if args.command == "clauses":
        return clauses_command(args)
    if args.command == "matrix":
        return matrix_command(args)
    if args.command == "lint":
        return lint_command(args)
    if args.command == "par-sheet":
        from baccarat_conformance.run.game_math import par_sheet_command

        return par_sheet_command(args)
    from baccarat_conformance.commands.protocol import COMMANDS as PROTOCOL_COMMANDS
    from baccarat_conformance.commands.seal import COMMANDS as EVIDENCE_COMMANDS

    if args.command in EVIDENCE_COMMANDS:
        return EVIDENCE_COMMANDS[args.command](args)
    if args.command == "diff":
        from baccarat_conformance.commands.diff import diff_command

        return diff_command(args)
    if args.command == "replay":
        from baccarat_conformance.commands.replay import replay_command

        return replay_command(args)
    if args.command in PROTOCOL_COMMANDS:
        return PROTOCOL_COMMANDS[args.command](args)
    from baccarat_conformance.audit.commands import COMMANDS as AUDIT_COMMANDS

    if args.command in AUDIT_COMMANDS:
        return AUDIT_COMMANDS[args.command](args)
    return 3  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
