"""The capability ``seeded_shuffle`` checked where the harness relies on it (not a step
module: modules whose name starts with "_" are not loaded as pytest plugins).

A game that declares it shuffles the same stack from the same ``start_shoe`` ``seed``
and different stacks from different seeds (docs/protocol.md, Capabilities). The cut
scenario (§ 631a.5(d)) compares two shoes of one seed cut at different places; the
statistical verification replays its chunks from their seeds. A game whose declaration
does not hold fails the declaration, naming it (a :class:`ProtocolViolation`): neither
finding would mean what it says.
"""

from __future__ import annotations

from typing import Optional

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.judging.errors import ProtocolViolation

__all__ = ["SEEDS", "seeded_stack", "check_seeded_shuffle", "uncut"]

SEEDS = (20_241, 20_242)  # any two seeds: a declared seeded_shuffle must tell them apart


def seeded_stack(game: GameAdapter, table_id: str, seed: int, cut_offset: int) -> list[str]:
    """The stack a shoe of the game's own shuffle from ``seed``, cut at ``cut_offset``,
    discloses (``cards``, first card out first).

    :raises CapabilityMissing: without ``seeded_shuffle`` or ``shoe_disclosure``.
    :raises ProtocolViolation: when the shoe record discloses no cards."""
    game.require("seeded_shuffle", "start_shoe with seed")
    shoe = game.start_shoe(table_id, None, seed=seed, cut_offset=cut_offset)
    cards = game.disclosed_cards(shoe)
    if not cards:
        raise ProtocolViolation(f"the game declares shoe_disclosure, but shoe {shoe.shoe_id} discloses no cards",
                                op="start_shoe")
    return list(cards)


def uncut(cards: list[str], cut_offset: int) -> list[str]:
    """The stack before a cut at ``cut_offset``: the cards the cut placed on the bottom
    (the ``cut_offset`` cards that were above the cover card) back on top."""
    k = cut_offset % len(cards) if cards else 0
    return cards[-k:] + cards[:-k] if k else list(cards)


def check_seeded_shuffle(game: GameAdapter, table_id: str, cut_offset: int,
                         first: Optional[list[str]] = None) -> list[str]:
    """Check the declaration ``seeded_shuffle`` on ``table_id``: two shoes from the first of
    :data:`SEEDS`, both cut at ``cut_offset``, are the same stack, and a shoe from the
    second seed is another (``first``: the first seed's stack when already dealt).
    Returns the first seed's stack.

    :raises ProtocolViolation: naming the capability, when it does not hold."""
    a = first if first is not None else seeded_stack(game, table_id, SEEDS[0], cut_offset)
    again = seeded_stack(game, table_id, SEEDS[0], cut_offset)
    if again != a:
        at = next(i for i, (x, y) in enumerate(zip(a, again)) if x != y) if len(a) == len(again) else 0
        raise ProtocolViolation(
            f"the game declares seeded_shuffle, but two shoes from seed {SEEDS[0]} (cut at {cut_offset}) differ: "
            f"card {at + 1} is {a[at:at + 1]} then {again[at:at + 1]}: the same seed must shuffle the same stack",
            op="start_shoe")
    other = seeded_stack(game, table_id, SEEDS[1], cut_offset)
    if other == a:
        raise ProtocolViolation(
            f"the game declares seeded_shuffle, but seeds {SEEDS[0]} and {SEEDS[1]} shuffle the same stack: "
            "different seeds must shuffle different stacks", op="start_shoe")
    return a
