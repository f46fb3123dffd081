"""The bundled reference game: a fully conforming implementation of every wager,
paytable, progressive meter and procedure in scope, speaking protocol version 1.

It never imports the harness (an import-linter contract in pyproject.toml enforces
it), so the suite is graded against an independent implementation.

``create_game()`` is the factory the library adapter loads by default
(``--game baccarat_conformance.reference_game:create_game``).
"""

from __future__ import annotations

import os
from typing import Optional

from . import families  # noqa: F401 (side wagers, variations and progressives register in wagers.WAGER_KINDS)
from .game import ReferenceGame
from .table import GameError  # noqa: F401


#: The environment variable that seeds the mystery hit values of every reference game
#: made without a seed (an integer; unset: they come from the game's own generator).
HIT_SEED_ENV = "BACCARAT_REFERENCE_HIT_SEED"


def create_game(seed: Optional[int] = None) -> ReferenceGame:
    """Return a new reference game. ``seed`` seeds its shuffles, cuts and mystery hit
    values (None: system entropy). Without ``seed``, ``$BACCARAT_REFERENCE_HIT_SEED`` (an
    integer) seeds its mystery hit values alone: a run whose statistical scenarios must
    come out the same every time (the harness's own test suite, where the
    Kolmogorov-Smirnov tests of the hit values at 0.001 run about 25 times a test run)
    sets it; the shuffles stay the system's, so that the games of parallel worker
    processes never deal the same shoes.

    :raises ValueError: ``$BACCARAT_REFERENCE_HIT_SEED`` is set but not an integer."""
    hit_seed = None
    if seed is None and os.environ.get(HIT_SEED_ENV, "").strip():
        try:
            hit_seed = int(os.environ[HIT_SEED_ENV])
        except ValueError:
            raise ValueError(f"{HIT_SEED_ENV}={os.environ[HIT_SEED_ENV]!r}: not an integer") from None
    return ReferenceGame(seed=seed, hit_seed=hit_seed)
