"""A game server on a busy machine: the reference game over HTTP, whose ``play_shoes``
answer takes longer the more shoes a request deals, past the read timeout when the
request is large (issue 36, item 5).

    python -m tests.games.slow_server --port 0 --fast-shoes 4 --seconds-per-shoe 1.0

A request dealing up to ``--fast-shoes`` shoes is answered at the game's own speed; one of
more waits ``--seconds-per-shoe`` for each shoe of it before the game plays it (outside
the server's game lock, as a busy machine would: the wait of an abandoned request delays
no other). Shuffle-only requests (``deal`` false) are never slowed.
"""

from __future__ import annotations

import functools
import sys
import time
from typing import Any, Optional, Sequence

from baccarat_conformance.reference_game.server import GameRequestHandler, GameServer, build_parser, serve


class SlowServer(GameServer):
    def __init__(self, *args: Any, fast_shoes: int, seconds_per_shoe: float, log: Optional[str],
                 **kwargs: Any) -> None:
        self.fast_shoes = fast_shoes
        self.seconds_per_shoe = seconds_per_shoe
        self.log = log
        super().__init__(*args, **kwargs)

    def note(self, line: str) -> None:
        if self.log:
            with open(self.log, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")


class SlowHandler(GameRequestHandler):
    server: SlowServer

    def respond(self, op: str, params: dict) -> None:
        shoes = params.get("shoes") if op == "play_shoes" and params.get("deal", True) else 0
        if op == "play_shoes":
            self.server.note(f"play_shoes {shoes}")
        if isinstance(shoes, int) and shoes > self.server.fast_shoes:
            time.sleep(shoes * self.server.seconds_per_shoe)
        super().respond(op, params)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser("python -m tests.games.slow_server")
    parser.add_argument("--fast-shoes", type=int, default=4, help="shoes a request deals at full speed (default 4)")
    parser.add_argument("--seconds-per-shoe", type=float, default=1.0,
                        help="the wait per shoe of a larger request (default 1.0)")
    parser.add_argument("--log", default=None, metavar="FILE",
                        help="append 'play_shoes N' to FILE for each play_shoes request (N: its dealt shoes)")
    args = parser.parse_args(argv)
    server_class = functools.partial(SlowServer, fast_shoes=args.fast_shoes, seconds_per_shoe=args.seconds_per_shoe,
                                     log=args.log)
    return serve(args, SlowHandler, server_class)


if __name__ == "__main__":
    sys.exit(main())
