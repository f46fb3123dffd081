"""The game math of a Rules Submission: its exact par sheet
(:mod:`baccarat_conformance.oracle.par_sheet`) from the harness's side, and the
``par-sheet`` command.

The oracle takes plain data (the Rules Submission as sent in ``open_table``) and never
imports the harness; :func:`par_sheet_for` maps a
:class:`~baccarat_conformance.inputs.profile.RulesSubmission` onto it.

``baccarat-conformance par-sheet --profile P [--decks N] [--format table|json|csv]``
    prints, for every wager, paytable and hand the profile offers, the exact probability
    of each outcome, the odds paid and the house edge. Exit status 0; 3 for a bad
    profile or number of decks.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.inputs.input_bounds import csv_writer
from baccarat_conformance.oracle.par_sheet import ParSheet, par_sheet

from baccarat_conformance.inputs.profile import RulesSubmission, load_profile


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


def write_par_sheet(out_dir: Any, rules_submission: RulesSubmission, profile: str = "") -> Path:
    """Write the par sheet of the run's Rules Submission to ``OUT/par_sheet.json``
    (written to a temporary file and renamed; :func:`sheet_dict`, computed in this process); returns its path."""
    from baccarat_conformance.reports.matrix_html import GAME_MATH_FILE

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / GAME_MATH_FILE
    return write_atomic(path, json.dumps(sheet_dict(rules_submission, profile), indent=1) + "\n")


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
    from baccarat_conformance.judging.errors import ConfigurationError

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
