"""The protocol subcommands of ``baccarat-conformance``: ``check-protocol`` and
``serve-reference``.

``baccarat-conformance check-protocol [--adapter NAME] [--game M:F | --url URL | --port DEV …] [--profile P]``
    a short conversation with a game that checks every answer's shape against the
    protocol, each problem naming the operation, the field and the section of
    docs/protocol.md (:mod:`baccarat_conformance.run.check_protocol`).
``baccarat-conformance serve-reference --http PORT | --serial [--host H] [--game M:F] [--processes N] [-- ARGS…]``
    the bundled reference game, from the installed package: an HTTP server printing its
    URL (:func:`baccarat_conformance.reference_game.server.main`), or a serial device on a
    pseudo-terminal printing its path (:func:`baccarat_conformance.reference_game.device.main`).
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

__all__ = ["COMMANDS", "add_parsers"]

CHECK_DESCRIPTION = (
    "Hold a short conversation with a game (describe, open_table, start_shoe, place/change/withdraw a wager, "
    "no_more_bets, deal_round, read_meters, run_rounds, a few bad requests, close_table) and check every answer's "
    "shape against the protocol's schema. Judges no rule of the regulation (that is 'run'). Reach the game as for "
    "'run': --adapter and its options.")
CHECK_EPILOG = """\
exit status: 0 every answer fits the protocol; 2 the game cannot be reached (it did not
answer describe: run's exit status for the same game); 3 a problem was found (one line
each: operation, field, message and the docs/protocol.md section), or the game cannot be
built (a bad --game, --url or profile)."""


def add_parsers(sub: Any) -> None:
    """Add ``check-protocol`` and ``serve-reference`` to the subparsers ``sub``."""
    from baccarat_conformance.run.check_protocol import add_arguments

    cp = sub.add_parser("check-protocol", help="check a game's answers against the protocol in a short conversation",
                        description=CHECK_DESCRIPTION, epilog=CHECK_EPILOG,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(cp)

    sr = sub.add_parser("serve-reference", help="serve the bundled reference game over HTTP or a serial pty",
                        description="Start the bundled reference game from the installed package: --http PORT "
                                    "serves it over HTTP and prints its URL; --serial opens a pseudo-terminal and "
                                    "prints its path (the device of --adapter serial --port PATH). Serves until "
                                    "Ctrl-C. Arguments after -- go to the server or device unchanged (see "
                                    "docs/http.md, docs/serial.md).",
                        epilog="exit status: 0 stopped; 2 the game, the address or a file is bad.")
    how = sr.add_mutually_exclusive_group(required=True)
    how.add_argument("--http", type=int, metavar="PORT", help="serve over HTTP on PORT (0 picks a free port)")
    how.add_argument("--serial", action="store_true", help="serve as a serial device on a pseudo-terminal")
    sr.add_argument("--host", default="127.0.0.1", help="--http: address to listen on (default 127.0.0.1)")
    sr.add_argument("--game", default=None, metavar="MODULE:FACTORY",
                    help="factory of the game to serve (default: the reference game)")
    sr.add_argument("--processes", type=int, default=1, metavar="N",
                    help="--http: serve concurrent tables in parallel on N game processes, each table on the "
                         "process with the fewest open tables (default 1; docs/http.md)")
    sr.add_argument("extra", nargs=argparse.REMAINDER, help="-- then arguments of the server or device")


def check_protocol(args: argparse.Namespace) -> int:
    from baccarat_conformance.run.check_protocol import check_protocol_command

    return check_protocol_command(args)


def serve_reference(args: argparse.Namespace) -> int:
    """Run the reference game's own server or device ``main`` with the options given; a
    ``--game`` module is imported from the working directory, as ``run --game`` imports it."""
    import os
    import sys

    if args.game and os.getcwd() not in sys.path:  # tests.games.broken_games:... without PYTHONPATH=.
        sys.path.insert(0, os.getcwd())
    extra = [a for a in args.extra if a != "--"] if args.extra[:1] == ["--"] else list(args.extra)
    game = ["--game", args.game] if args.game else []
    if args.http is not None:
        from baccarat_conformance.reference_game import server

        processes = ["--processes", str(args.processes)] if args.processes != 1 else []
        return server.main(["--host", args.host, "--port", str(args.http), *game, *processes, *extra])
    from baccarat_conformance.reference_game import device

    return device.main([*game, *extra])


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check-protocol": check_protocol,
    "serve-reference": serve_reference,
}
