"""Before the first scenario of ``baccarat-conformance run``: does the game answer?

:func:`describe_game` asks the game ``describe`` through the run's own adapter options
(``--adapter``, ``--url``, ``--port``…, before or after ``--``), as ``check-protocol``
starts (:mod:`baccarat_conformance.run.check_protocol`). A game that does not answer ends the
run in seconds with one line (exit status 2), instead of every scenario failing with its
own traceback. The answer names the game under test (name, vendor, version) before the
run starts.

A library game (``--adapter library``) is not asked here: it is checked in a child
process by :func:`baccarat_conformance.cli.check_game` (it is imported, not reached).
"""

from __future__ import annotations

import argparse
from typing import Any, Optional

from baccarat_conformance.inputs import options
from baccarat_conformance.judging.errors import AdapterError

__all__ = ["GameUnreachable", "describe_game", "identity"]


class GameUnreachable(Exception):
    """The game did not answer ``describe`` (one line: what was tried, what happened)."""


def _adapter_args(args: argparse.Namespace) -> argparse.Namespace:
    """The run's options that reach a game, parsed as ``check-protocol`` parses them
    (each adapter's own defaults applied)."""
    from baccarat_conformance.run.check_protocol import add_arguments

    parser = argparse.ArgumentParser(add_help=False)
    add_arguments(parser)
    argv = ["--adapter", args.adapter]
    if getattr(args, "game", None):
        argv += ["--game", args.game]
    after = list(getattr(args, "pytest_args", []) or [])
    if after and after[0] == "--":
        after = after[1:]
    known, _rest = parser.parse_known_args(argv + options.adapter_pytest_args(args) + after)
    return known


def describe_game(args: argparse.Namespace) -> Optional[Any]:
    """The game's ``describe`` answer (a :class:`~baccarat_conformance.protocol.models.GameDescription`),
    asked through the adapter the run's options name; None for a library game (not asked here).

    :raises GameUnreachable: when the game cannot be reached or does not answer.
    :raises ConfigurationError: when the adapter's options are invalid (no ``--url``...).
    """
    if args.adapter == "library":
        return None
    from baccarat_conformance.run.check_protocol import build_adapter

    adapter = build_adapter(_adapter_args(args))
    try:
        return adapter.describe()
    except AdapterError as e:
        first = (str(e).splitlines() or [type(e).__name__])[0]
        raise GameUnreachable(f"the game did not answer describe (--adapter {args.adapter}): {first}") from None
    finally:
        adapter.close()


def identity(description: Any) -> dict[str, Optional[str]]:
    """``{"name", "vendor", "version"}`` of a ``describe`` answer (a model or its JSON)."""
    game = getattr(description, "game", None)
    if game is None and isinstance(description, dict):
        game = description.get("game")
    get = (lambda k: game.get(k)) if isinstance(game, dict) else (lambda k: getattr(game, k, None))
    return {k: (str(get(k)) if get(k) is not None else None) for k in ("name", "vendor", "version")}
