"""The irregularities of 58 Pa. Code § 631a.15 in the rules oracle: where the cards of
a round with a card drawn in error, a Player's third card dealt in error, or a card found
face up go, per the Rules Submission's irregularity procedure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .ch631a import Coup, banker_draws, deal, is_natural, player_draws, point_count

__all__ = ["Irregular", "player_third_card_in_error", "card_drawn_in_error", "card_face_up"]


@dataclass(frozen=True)
class Irregular:
    """What § 631a.15 requires of a round with an irregularity, from a stacked shoe.

    ``coup``: the round's hands. ``error_card``: the card drawn or dealt in error.
    ``disposition``: where the error card goes: ``banker`` (third card of the Banker's
    Hand), ``next_round`` (first card of the next hand), ``discard`` (with one more card
    face down, § 631a.15(c)(1)) or ``simulated`` (first card of a simulated round).
    ``discarded``: cards placed in the discard bucket. ``simulated``: the cards of the
    simulated round in dealing order. ``next_stack``: the cards the next round is dealt
    from. ``clause``: the clause that decides.
    """

    coup: Optional[Coup]
    error_card: str
    disposition: str
    discarded: tuple[str, ...]
    simulated: tuple[str, ...]
    next_stack: tuple[str, ...]
    clause: str


def _banker_draws_without_player_third(p: Sequence[str], b: Sequence[str]) -> bool:
    return not (is_natural(p) or is_natural(b)) and banker_draws(point_count(b), None)


def player_third_card_in_error(cards: Sequence[str], disclosed: bool, procedure: str) -> Irregular:
    """§ 631a.15(b), (c): a third card dealt to the Player's Hand when § 631a.11 does not
    authorize one. ``cards``: the stack (the error card is ``cards[4]``); ``procedure``
    the Rules Submission's ``irregularity_procedure`` ("631a.15(c)(1)" or "(c)(2)").

    :raises ValueError: when the Player's Hand is entitled to a third card.
    """
    p, b = [cards[0], cards[2]], [cards[1], cards[3]]
    if not (is_natural(p) or is_natural(b)) and player_draws(point_count(p)):
        raise ValueError(f"the Player's Hand {' '.join(p)} draws: a third card is authorized (§ 631a.11(b)(1))")
    err = cards[4]
    rest = tuple(cards[5:])
    if _banker_draws_without_player_third(p, b):
        coup = Coup(tuple(p), (*b, err), ((p[0], "player"), (b[0], "banker"), (p[1], "player"),
                                          (b[1], "banker"), (err, "banker")))
        return Irregular(coup, err, "banker", (), (), rest, "631a.15(c)" if disclosed else "631a.15(b)")
    coup = Coup(tuple(p), tuple(b), ((p[0], "player"), (b[0], "banker"), (p[1], "player"), (b[1], "banker")))
    if not disclosed:
        return Irregular(coup, err, "next_round", (), (), (err, *rest), "631a.15(b)")
    if procedure.endswith("(c)(1)"):
        return Irregular(coup, err, "discard", (err, rest[0]), (), rest[1:], "631a.15(c)(1)")
    sim = deal((err, *rest))
    used = tuple(c for c, _ in sim.order)
    return Irregular(coup, err, "simulated", (), used, rest[sim.used - 1:], "631a.15(c)(2)")


def card_drawn_in_error(cards: Sequence[str], disclosed: bool) -> Irregular:
    """§ 631a.15(a), (d): after a round dealt from ``cards``, the next card is drawn in
    error. Not disclosed (a): it is the first card of the next hand. Disclosed (d): it
    is the first card of a simulated round, dealt at once."""
    coup = deal(cards)
    err = cards[coup.used]
    rest = tuple(cards[coup.used + 1:])
    if not disclosed:
        return Irregular(coup, err, "next_round", (), (), (err, *rest), "631a.15(a)")
    sim = deal((err, *rest))
    used = tuple(c for c, _ in sim.order)
    return Irregular(coup, err, "simulated", (), used, rest[sim.used - 1:], "631a.15(d)")


def card_face_up(cards: Sequence[str]) -> Irregular:
    """§ 631a.15(d): the first card of the round is found face up in the dealing shoe:
    it is the first card of a simulated round in which no wager is settled; the round's
    wagers are settled by the next round, dealt after the simulated one."""
    sim = deal(cards)
    used = tuple(c for c, _ in sim.order)
    return Irregular(None, cards[0], "simulated", (), used, tuple(cards[sim.used:]), "631a.15(d)")
