"""``baccarat-conformance``: the command line of the harness.

``baccarat-conformance run [options] [-- PYTEST_ARGS...]``
    the main job: run the conformance suite against a game, write Allure results,
    the per-scenario results log and the clause matrix, and generate the HTML
    Allure report with the Allure 3 CLI. Options mirror the pytest options
    (``--adapter``, ``--game``, ``--profile``, ``--depth``, ``--as-of``,
    ``--include-expired``); anything after ``--`` goes to pytest unchanged
    (e.g. ``-- --url https://game.example -n auto``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

FEATURES_PACKAGE = "baccarat_conformance.features"


def features_dir() -> Path:
    import baccarat_conformance.features as features

    return Path(features.__file__).parent


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="baccarat-conformance",
                                     description="Regulatory conformance harness for Baccarat games (58 Pa. Code).")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the conformance suite and write the reports")
    run.add_argument("--adapter", default="library", help="adapter plugin (default: library)")
    run.add_argument("--game", default=None, help="library adapter: MODULE:FACTORY of the game")
    run.add_argument("--profile", default=None, help="Rules Submission profile (TOML path or bundled name)")
    run.add_argument("--depth", default="standard", choices=["smoke", "standard", "exhaustive"])
    run.add_argument("--as-of", default=None, metavar="YYYY-MM-DD")
    run.add_argument("--include-expired", action="store_true")
    run.add_argument("--out", default="reports", type=Path,
                     help="output folder: allure-results/, allure-report/, results.jsonl, matrix.* (default: reports)")
    run.add_argument("--no-html", action="store_true", help="skip generating the Allure HTML report")
    run.add_argument("-n", "--workers", default=None, help="pytest-xdist workers (e.g. auto)")
    run.add_argument("pytest_args", nargs=argparse.REMAINDER, help="-- then extra pytest arguments")
    return parser


def pytest_command(args: argparse.Namespace, results: Path, log: Path) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", str(features_dir()), "-p", "no:cacheprovider", "--import-mode=importlib",
           "-o", "addopts=--strict-markers", "--alluredir", str(results), "--results-log", str(log),
           "--adapter", args.adapter, "--depth", args.depth, "-q"]
    if args.game:
        cmd += ["--game", args.game]
    if args.profile:
        cmd += ["--profile", args.profile]
    if args.as_of:
        cmd += ["--as-of", args.as_of]
    if args.include_expired:
        cmd.append("--include-expired")
    if args.workers:
        cmd += ["-n", str(args.workers)]
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    return cmd + extra


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    results = out / "allure-results"
    log = out / "results.jsonl"
    shutil.rmtree(results, ignore_errors=True)
    log.unlink(missing_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    cmd = pytest_command(args, results, log)
    print("+", " ".join(cmd), flush=True)
    code = subprocess.call(cmd)
    if not args.no_html:
        from baccarat_conformance.reports.allure import ReportError, generate

        try:
            index = generate(results, out / "allure-report")
            print(f"Allure report: {index}")
        except ReportError as e:
            print(f"error: {e}", file=sys.stderr)
            return code or 3
    return code


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "run":
        return run(args)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
