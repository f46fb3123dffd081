"""The game math of a Rules Submission: its exact par sheet
(:mod:`baccarat_conformance.oracle.par_sheet`) from the harness's side, and the
``par-sheet`` command.

The oracle takes plain data (the Rules Submission as sent in ``open_table``) and never
imports the harness; :func:`par_sheet_for` maps a
:class:`~baccarat_conformance.profile.RulesSubmission` onto it.

``baccarat-conformance par-sheet --profile P [--decks N] [--format table|json|csv]``
    prints, for every wager, paytable and hand the profile offers, the exact probability
    of each outcome, the odds paid and the house edge. Exit status 0; 3 for a bad
    profile or number of decks.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hashlib
import io
import json
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator, Optional

from baccarat_conformance.atomic_files import open_append, write_atomic
from baccarat_conformance.input_bounds import csv_writer
from baccarat_conformance.oracle.odds import Odds
from baccarat_conformance.oracle.par_sheet import OutcomePar, ParSheet, WagerPar, par_sheet

from .profile import RulesSubmission, load_profile


def par_sheet_for(rules_submission: RulesSubmission, decks: Optional[int] = None, profile: str = "") -> ParSheet:
    """The exact par sheet of ``rules_submission`` for ``decks`` decks (default: the
    submission's own ``decks``), named ``profile``.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow (naming it).
    """
    return par_sheet(rules_submission.as_rules(), decks if decks is not None else rules_submission.decks,
                     profile=profile)


def sheet_dict(rules_submission: RulesSubmission, profile: str = "") -> dict[str, Any]:
    """The par sheet of the run's Rules Submission as the JSON object of issue 15 (what
    ``OUT/par_sheet.json`` holds and the reports render)."""
    return par_sheet_for(rules_submission, profile=profile).as_dict()


# ---------------------------------------------------------------- the game's own par sheet (describe.par_sheet)
TOLERANCE = Fraction(1, 10**6)
"""A declared house edge that differs from the exact one by more than this fails."""


def table_commission_free(rules_submission: RulesSubmission) -> bool:
    """Whether the table collects no vigorish as a commission-free table (§ 631c.5,
    § 629b.2, § 627b.2, § 629b.5(b))."""
    rs = rules_submission
    return (rs.variant == "commission_free" or bool(rs.commission_free)
            or (rs.variant == "rising_phoenix" and rs.commission == "commission_free"))


def _fields(entry: Any) -> dict[str, Any]:
    return entry.model_dump() if hasattr(entry, "model_dump") else dict(entry)


def declared_edge(row: dict[str, Any], declared: list[Any], rules_submission: RulesSubmission,
                  decks: int) -> Optional[dict[str, Any]]:
    """The entry of the game's par sheet (``describe.par_sheet``) that declares the house
    edge of the par-sheet row ``row`` (a wager of :meth:`ParSheet.as_dict`) under
    ``rules_submission``, or None. An entry applies when each field it gives equals the
    row's (``paytable`` of the Tie wager: the Rules Submission's Tie odds); of several,
    the one that gives the most fields."""
    rs = rules_submission
    want = {"wager": row["wager"], "hand": row["hand"], "option": row["option"], "decks": decks,
            "variant": rs.variant, "commission_free": table_commission_free(rs),
            "paytable": rs.tie_odds if row["wager"] == "tie" else row["paytable"]}
    best: Optional[dict[str, Any]] = None
    for entry in declared:
        fields = {k: v for k, v in _fields(entry).items() if v is not None}
        if all(want.get(k) == v for k, v in fields.items() if k != "house_edge"):
            if best is None or len(fields) > len(best):
                best = fields
    return best


def parse_edge(text: str) -> Fraction:
    """A declared house edge, ``"p/q"`` or a decimal string, as an exact fraction.

    :raises ValueError: naming the text when it is neither.
    """
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not a house edge: {text!r} (expected 'p/q' or a decimal string such as '0.010579')") from None


#: The environment variable that turns the par-sheet cache off (any non-empty value).
NO_CACHE_ENV = "BACCARAT_NO_PAR_SHEET_CACHE"


def cache_folder() -> Path:
    """Where :func:`remembered_par_sheet` keeps the par sheets it computed:
    ``$XDG_CACHE_HOME/baccarat-conformance/par-sheets`` (default ``~/.cache``)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "baccarat-conformance" / "par-sheets"


@functools.lru_cache(maxsize=1)
def _oracle_digest() -> str:
    """SHA-256 of the source of the oracle package and of this module: a par sheet kept
    by an earlier version of either is never read."""
    from baccarat_conformance import oracle

    digest = hashlib.sha256()
    for path in sorted(Path(oracle.__file__).parent.glob("*.py")) + [Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def remembered_par_sheet(rules_submission: RulesSubmission, decks: Optional[int] = None,
                         profile: str = "") -> ParSheet:
    """:func:`par_sheet_for`, kept on disk (:func:`cache_folder`) under the SHA-256 of what
    it depends on: the Rules Submission as the oracle reads it, the decks, and the source
    of the oracle and of this module. Computing a par sheet takes 0.2–1.7 s; every run
    writes its profile's (``OUT/par_sheet.json``) and its game-math and statistics
    scenarios judge by it, each process of a run of its own: now computed once per
    profile and version on a machine.

    A kept sheet is used only when its file names the same key in full and its figures
    hold together (each exact wager's outcome probabilities sum to 1 and its house edge
    is the one they give: :func:`sheet_from_kept`); anything else is computed again,
    and a folder that cannot be written is left alone. Processes that ask for a sheet
    not kept yet compute it once: the first holds a lock while it computes, the others
    wait and read it (on a fresh machine a test run's forks had computed the same 30
    sheets 154 times, 52 s of CPU). ``$BACCARAT_NO_PAR_SHEET_CACHE`` set: always computed.

    :raises ValueError: as :func:`par_sheet_for` raises it.
    """
    if os.environ.get(NO_CACHE_ENV):
        return par_sheet_for(rules_submission, decks, profile)
    n = decks if decks is not None else rules_submission.decks
    key = json.dumps([rules_submission.as_rules(), n, _oracle_digest()], sort_keys=True, default=str)
    path = cache_folder() / f"{hashlib.sha256(key.encode()).hexdigest()}.json"
    kept = _kept(path, key)
    if kept is None:
        with _computing(path):  # another process computing the same sheet: wait for it, then read it
            kept = _kept(path, key)
            if kept is None:
                kept = par_sheet_for(rules_submission, n)
                try:
                    write_atomic(path, json.dumps({"key": key, "sheet": sheet_to_kept(kept)}))
                except OSError:
                    pass
    return dataclasses.replace(kept, profile=profile)


def _kept(path: Path, key: str) -> Optional[ParSheet]:
    try:
        stat = path.stat()
    except OSError:
        return None
    return _read_kept(str(path), stat.st_mtime_ns, stat.st_size, key)


@contextlib.contextmanager
def _computing(path: Path) -> Iterator[None]:
    """Hold the lock ``PATH.lock`` (``fcntl.flock``, released when the process ends,
    however it ends) while computing the sheet ``path`` keeps: the processes of a run
    that ask for it at once (a test run's forks, on a fresh machine: 150 of them) compute
    it once. Without ``fcntl`` or a folder to write in, no lock."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open_append(path.with_suffix(".lock"))
    except OSError:
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@functools.lru_cache(maxsize=64)
def _read_kept(path: str, mtime_ns: int, size: int, key: str) -> Optional[ParSheet]:
    """The par sheet the file ``path`` keeps under ``key`` (read once a process for one
    version of the file), or None when it keeps another key or does not hold together."""
    try:
        kept = json.loads(Path(path).read_text(encoding="utf-8"))
        if isinstance(kept, dict) and kept.get("key") == key and isinstance(kept.get("sheet"), dict):
            return sheet_from_kept(kept["sheet"])
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
        pass
    return None


def _ratio(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def sheet_to_kept(sheet: ParSheet) -> dict[str, Any]:
    """``sheet`` as the JSON object the cache keeps (:func:`sheet_from_kept` reads it back
    to an equal sheet): every figure an exact ``"p/q"``, odds with their ratio, kind and text."""
    return {"profile": sheet.profile, "decks": sheet.decks, "wagers": [
        [w.wager, w.hand, w.paytable, w.option, _ratio(w.house_edge), w.note,
         [[o.outcome, _ratio(o.probability), None if o.pays is None else [_ratio(o.pays.ratio), o.pays.kind, o.pays.text],
           _ratio(o.net), o.result] for o in w.outcomes]]
        for w in sheet.wagers]}


def sheet_from_kept(data: dict[str, Any]) -> ParSheet:
    """The :class:`ParSheet` that :func:`sheet_to_kept` gave ``data``.

    :raises ValueError: when the figures do not hold together: an exact wager's outcome
        probabilities not summing to 1, or a house edge other than the expected loss per
        unit wagered they give; also for a figure that does not parse.
    :raises KeyError, TypeError: for a shape that is not a kept par sheet's.
    """
    wagers = []
    for wager, hand, paytable, option, edge, note, rows in data["wagers"]:
        outcomes = tuple(OutcomePar(outcome, Fraction(p), None if pays is None else Odds(Fraction(pays[0]), pays[1], pays[2]),
                                    Fraction(net), result) for outcome, p, pays, net, result in rows)
        house_edge = Fraction(edge)
        if outcomes and (sum(o.probability for o in outcomes) != 1
                         or house_edge != -sum(o.probability * o.net for o in outcomes)):
            raise ValueError(f"the {wager} wager's figures do not hold together")
        wagers.append(WagerPar(wager, hand, paytable, option, outcomes, house_edge, note))
    return ParSheet(data["profile"], int(data["decks"]), tuple(wagers))


def remembered_sheet_dict(rules_submission: RulesSubmission, profile: str = "") -> dict[str, Any]:
    """:func:`sheet_dict` from :func:`remembered_par_sheet`: what ``OUT/par_sheet.json``
    holds and the game-math scenarios compare a game's declared figures with."""
    return remembered_par_sheet(rules_submission, profile=profile).as_dict()


def write_par_sheet(out_dir: Any, rules_submission: RulesSubmission, profile: str = "") -> Path:
    """Write the par sheet of the run's Rules Submission to ``OUT/par_sheet.json``
    (written to a temporary file and renamed; :func:`remembered_sheet_dict`); returns its path."""
    from baccarat_conformance.reports.matrix_html import GAME_MATH_FILE

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / GAME_MATH_FILE
    return write_atomic(path, json.dumps(remembered_sheet_dict(rules_submission, profile), indent=1) + "\n")


def _percent(value: Optional[float]) -> str:
    return "-" if value is None else f"{value * 100:.4f}%"


def _wager_name(w: dict[str, Any]) -> str:
    name = w["wager"]
    for key in ("hand", "paytable", "option"):
        if w.get(key):
            name += f" / {key} {w[key]}"
    return name


def to_csv(sheet: dict[str, Any]) -> str:
    """One row per outcome: profile, decks, wager, hand, paytable, option, outcome,
    probability (p/q), probability_float, pays, house_edge (p/q), house_edge_float."""
    buffer = io.StringIO()
    out = csv_writer(buffer, lineterminator="\n")
    out.writerow(["profile", "decks", "wager", "hand", "paytable", "option", "outcome", "probability",
                  "probability_float", "pays", "house_edge", "house_edge_float", "note"])
    for w in sheet["wagers"]:
        base = [sheet["profile"], sheet["decks"], w["wager"], w["hand"] or "", w["paytable"] or "", w["option"] or ""]
        tail = [w["house_edge"] or "", "" if w["house_edge_float"] is None else repr(w["house_edge_float"]),
                w.get("note") or ""]
        for o in w["outcomes"] or [{"outcome": "", "probability": "", "pays": ""}]:
            num, _, den = o["probability"].partition("/")
            p = repr(int(num) / int(den)) if den else ""
            out.writerow(base + [o["outcome"], o["probability"], p, o["pays"]] + tail)
    return buffer.getvalue()


def print_table(sheet: dict[str, Any], file: Any = None) -> None:
    """The par sheet as rich tables: one summary row per wager (house edge), then each
    wager's outcomes."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=file or sys.stdout, highlight=False, soft_wrap=False, width=160)
    summary = Table(title=f"Par sheet: {sheet['profile'] or 'Rules Submission'}, {sheet['decks']} decks "
                          "(composition-exact, off the top)")
    for col in ("wager", "hand", "paytable", "option", "house edge", "note"):
        summary.add_column(col, justify="right" if col == "house edge" else "left",
                           overflow="fold", max_width=60 if col == "note" else None)
    for w in sheet["wagers"]:
        summary.add_row(w["wager"], w["hand"] or "", w["paytable"] or "", w["option"] or "",
                        _percent(w["house_edge_float"]), w.get("note") or "")
    console.print(summary)
    for w in sheet["wagers"]:
        detail = Table(title=_wager_name(w), title_justify="left")
        for col in ("outcome", "probability", "pays", "net"):
            detail.add_column(col, justify="left" if col == "outcome" else "right", overflow="fold")
        for o in w["outcomes"]:
            num, _, den = o["probability"].partition("/")
            detail.add_row(o["outcome"], f"{int(num) / int(den):.8f}", o["pays"], str(Fraction(o["net"])) if o.get("net") else "")
        console.print(detail)


def add_parser(sub: Any) -> None:
    """Add ``par-sheet`` to the subparsers ``sub``."""
    ps = sub.add_parser("par-sheet", help="print the exact par sheet (odds and house edge) of a profile's wagers",
                        description="For every wager, paytable and hand the profile offers: the exact probability "
                                    "of each outcome (cards without replacement from a full shoe, off the top), "
                                    "the odds paid and the house edge (expected loss per unit wagered, a push "
                                    "returning the wager). Progressives are computed with their meters at reset "
                                    "amounts, and say so.",
                        epilog="exit status: 0; 3 a bad profile or number of decks.")
    ps.add_argument("--profile", default=None, help="Rules Submission profile: a file or a bundled name "
                                                    "(default: baccarat)")
    ps.add_argument("--decks", default=None, type=int, help="6, 7 or 8 (default: the profile's decks)")
    ps.add_argument("--format", default="table", choices=["table", "json", "csv"], help="output (default: table)")


def par_sheet_command(args: argparse.Namespace) -> int:
    """``baccarat-conformance par-sheet``: print the par sheet of ``--profile``."""
    from .errors import ConfigurationError

    try:
        rs = load_profile(args.profile)
        name = args.profile or "baccarat"
        sheet = par_sheet_for(rs, args.decks, profile=name).as_dict()
    except ConfigurationError as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    except ValueError as e:
        print(f"error: --decks {args.decks}: {e}", file=sys.stderr)
        return 3
    if args.format == "json":
        print(json.dumps(sheet, indent=2))
    elif args.format == "csv":
        sys.stdout.write(to_csv(sheet))
    else:
        print_table(sheet)
    return 0
