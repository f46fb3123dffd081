"""Acme's table controller (a stand-in): serves ``sys.argv[1]`` (``MODULE:FACTORY``), one
JSON request a line on stdin, one JSON answer a line on stdout."""

from __future__ import annotations

import importlib
import json
import sys


def main() -> None:
    module, _, factory = sys.argv[1].partition(":")
    game = getattr(importlib.import_module(module), factory)()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = game.handle(request["op"], request["params"])
        except Exception as e:  # the controller reports its failure as the protocol says
            answer = {"error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
