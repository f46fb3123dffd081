"""The bundled reference game: a fully conforming implementation of every wager,
paytable, progressive meter and procedure in scope, speaking protocol version 1.

It never imports the harness (an import-linter contract in pyproject.toml enforces
it), so the suite is graded against an independent implementation.

``create_game()`` is the factory the library adapter loads by default
(``--game baccarat_conformance.reference_game:create_game``).
"""

from __future__ import annotations

from typing import Optional

from . import families  # noqa: F401 (side wagers, variations and progressives register in wagers.WAGER_KINDS)
from .game import ReferenceGame  # noqa: F401
from .table import GameError  # noqa: F401


def create_game(seed: Optional[int] = None) -> ReferenceGame:
    """Return a new reference game. ``seed`` seeds its shuffles, cuts and mystery hit
    values (None: system entropy)."""
    return ReferenceGame(seed=seed)
