"""The library adapter: a game that is a Python object in this process.

The game object is built by a factory named ``package.module:callable`` (option
``--game``; default the bundled reference game). It must have one method::

    handle(op: str, params: dict) -> dict

taking and returning JSON-compatible values exactly as on the wire
(docs/protocol.md). Every answer is passed through a JSON round trip, so a game
that returns floats or Decimal objects for money fails here as it would over HTTP.
"""

from __future__ import annotations

import json
import pkgutil
import traceback
from typing import Any

from baccarat_conformance.errors import ConfigurationError, GameCrash, ProtocolViolation

from .base import GameAdapter

DEFAULT_GAME = "baccarat_conformance.reference_game:create_game"


def load_factory(spec: str) -> Any:
    """Resolve ``package.module:callable``.

    :raises ConfigurationError: naming the part of ``spec`` that does not resolve.
    """
    module_name, _, attr = spec.partition(":")
    if not all(part.isidentifier() for part in f"{module_name}.{attr}".split(".")):
        raise ConfigurationError(f"--game {spec!r}: expected 'package.module:factory'")
    try:
        obj = pkgutil.resolve_name(spec)
    except ImportError as e:
        raise ConfigurationError(f"--game {spec!r}: cannot import {module_name!r}: {e}") from e
    except AttributeError:
        raise ConfigurationError(f"--game {spec!r}: {module_name!r} has no attribute {attr!r}") from None
    return obj


class LibraryAdapter(GameAdapter):
    """Calls ``game.handle(op, params)`` in-process."""

    name = "library"

    def __init__(self, game: Any):
        super().__init__()
        if not callable(getattr(game, "handle", None)):
            raise ConfigurationError(f"the game object {game!r} has no handle(op, params) method")
        self.game = game

    @classmethod
    def add_options(cls, group: Any) -> None:
        group.addoption("--game", default=None, metavar="MODULE:FACTORY",
                        help=f"library adapter: factory of the game object (default {DEFAULT_GAME})")

    @classmethod
    def from_config(cls, config: Any) -> "LibraryAdapter":
        spec = config.getoption("--game") or DEFAULT_GAME
        factory = load_factory(spec)
        try:
            game = factory()
        except Exception as e:
            raise ConfigurationError(f"--game {spec!r}: the factory failed: {type(e).__name__}: {e}") from e
        return cls(game)

    @classmethod
    def for_game(cls, game: Any) -> "LibraryAdapter":
        return cls(game)

    def send(self, op: str, params: dict) -> str:
        try:
            answer = self.game.handle(op, params)
        except Exception as e:
            raise GameCrash(f"{op}: the game raised {type(e).__name__}: {e}",
                            exchange={"op": op, "params": params, "traceback": traceback.format_exc()}) from e
        try:
            return json.dumps(answer)
        except (TypeError, ValueError) as e:
            raise ProtocolViolation(f"{op}: the answer is not JSON-compatible: {e}",
                                    exchange={"op": op, "params": params, "answer": repr(answer)[:2000]}) from e
