"""The reference game with its draws seeded in the open, for the suite's own runs.

The harness's own tests play the reference game (and the broken games and conforming
variants built on it) dozens of times a test run, and some scenarios are statistical: the
Kolmogorov-Smirnov test of the mystery hit values at 0.001 (the stricter reading), and the
statistics at 1% family-wise against a game whose shuffles are its own (the capability
recorder's narrowed game declares no ``seeded_shuffle``). Unseeded, one of them would raise
a false alarm in about one test run of forty. So every game the tests make from
:class:`SeededReferenceGame` draws repeatably:

* its shuffles and cuts: the k-th game a process makes (k = 0, 1, ...) from a digest of
  :data:`SHUFFLE_SEED` and k, so the games a statistics run makes one after another (one a
  chunk) never deal the same shoes;
* its mystery hit values: from :data:`HIT_SEED`.

This is the tests' business alone: the bundled reference game reads no environment and no
process-wide state (``ReferenceGame(seed=..., hit_seed=...)`` is its one way to be seeded).
``--game tests.games.seeded_games:create_game`` names the seeded reference game.
"""

from __future__ import annotations

import hashlib
import itertools
from typing import Optional

from baccarat_conformance.reference_game import ReferenceGame

SHUFFLE_SEED = 20261127
HIT_SEED = 20261127

_MADE = itertools.count()  # the games this process made without a seed: each its own stream


def next_seed() -> int:
    """The shuffle seed of the next game this process makes without one."""
    digest = hashlib.sha256(f"{SHUFFLE_SEED}:{next(_MADE)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class SeededReferenceGame(ReferenceGame):
    """:class:`ReferenceGame` whose ``seed`` defaults to :func:`next_seed` and ``hit_seed`` to
    :data:`HIT_SEED`."""

    def __init__(self, seed: Optional[int] = None, hit_seed: Optional[int] = None):
        super().__init__(seed=next_seed() if seed is None else seed,
                         hit_seed=HIT_SEED if hit_seed is None and seed is None else hit_seed)


def create_game(seed: Optional[int] = None) -> SeededReferenceGame:
    """A new seeded reference game (``--game tests.games.seeded_games:create_game``)."""
    return SeededReferenceGame(seed=seed)
