"""``baccarat-conformance diff OLD NEW``: a modification submission compared with the
certified run, clause by clause (docs/evidence.md, "Modification submissions").

Both packages are checked as ``verify`` checks them before anything is compared; the
comparison is :mod:`baccarat_conformance.verdict.diff`, the text and files
:mod:`baccarat_conformance.reports.evidence_diff`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["COMMANDS", "add_parsers"]


def _epilog() -> str:
    from baccarat_conformance.verdict.diff import DIFF_EXIT_STATUSES

    return "exit status:\n" + "\n".join(f"  {code}  {title}: {text}" for code, title, text in DIFF_EXIT_STATUSES)


def add_parsers(sub: Any) -> None:
    """Add ``diff`` to the subparsers ``sub``."""
    di = sub.add_parser("diff", help="compare two sealed evidence packages clause by clause (a modification "
                                     "against the certified run)",
                        description="Verify OLD and NEW as `verify` does, then print what changed: every clause "
                                    "whose result differs (with the scenarios behind it), the game's identity, the "
                                    "Rules Submission field by field, the regulation editions and as-of date, the "
                                    "harness version, and the attestations and waivers. See docs/evidence.md.",
                        epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    di.add_argument("old", type=Path, metavar="OLD", help="the earlier (certified) run's evidence package")
    di.add_argument("new", type=Path, metavar="NEW", help="the modified game's evidence package")
    di.add_argument("--pubkey", type=Path, default=None,
                    help="the signer's public key (PEM) you trust: both packages must be signed by it")
    di.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="also write DIR/diff.json and DIR/diff.html")


def diff_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.reports.evidence_diff import diff_lines, exit_line, printable, read_run, write_diff
    from baccarat_conformance.reports.package_check import VerifyFailure
    from baccarat_conformance.verdict.diff import SchemaMismatch, compare

    sides = []
    for which, package in (("OLD", args.old), ("NEW", args.new)):
        try:
            sides.append(read_run(package, args.pubkey))
        except VerifyFailure as e:
            print(f"diff: {which} {printable(package)} does not verify: {printable(str(e), 500)}", file=sys.stderr)
            return 3
    try:
        diff = compare(*sides)
    except SchemaMismatch as e:
        print(f"diff: {printable(str(e), 500)}", file=sys.stderr)
        return 3
    for line in diff_lines(diff):
        print(line)
    if args.out is not None:
        try:
            paths = write_diff(diff, args.out)
        except OSError as e:
            print(f"diff: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
            return 2
        print("written: " + ", ".join(str(p) for p in paths))
    print(exit_line(diff))
    return diff.exit_code


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"diff": diff_command}
