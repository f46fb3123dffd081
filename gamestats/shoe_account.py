"""The account of a dealing shoe of the statistics: every round a chunk counts is dealt
from the shoe it is said to come from, in order, and the shoe ends only where the
regulation ends it.

The statistics judge the rounds of the game's own shuffle; a game that ends its shoes
early, deals from another stack than the one it prepared, or lists one shoe's rounds
under another, would be judged on fewer or other rounds than it says it dealt. So each
shoe is accounted before its rounds are counted (:func:`account_shoe`):

* the burn (58 Pa. Code § 631a.5(f)): "the dealer shall remove and expose the first card
  from the dealing shoe and place it, and an additional number of cards, drawn face
  down, equal to the face value of the first card drawn, in the discard bucket";
* with the stack disclosed (capability ``shoe_disclosure``), the cards of every round,
  card for card, are the next cards of that stack in the order § 631a.9(c) deals them:
  "The first and third cards dealt shall constitute the first and second cards of the
  Player's Hand. The second and fourth cards dealt shall constitute the first and second
  cards of the Banker's Hand. ... Any third cards that are required to be dealt shall
  first be dealt face up to the Player's Hand and then to the Banker's Hand";
* with or without it, the cards used (the burn and every round's cards) place the
  second cover card (``cover_card_index``, § 631a.5(d)), and the shoe ends where
  § 631a.10(d) ends it: "If the cover card appears as the first card in the dealing shoe
  at the beginning of a round of play or appears during play, the cover card shall be
  removed and placed to the side and the hand will be completed. Upon completion of that
  hand, the dealer calling the game shall announce “last hand.” At the completion of one
  more hand, the cards shall be replaced with new decks of cards", or at a void round
  when "there are insufficient cards remaining in the dealing shoe to complete a round
  of play" (§ 631a.15(e)).

A shoe that breaks one of these is a :class:`Fault` naming the clause; a shoe that
states no second cover card, or neither its burn nor its stack, cannot be accounted
(:class:`Unaccounted`, the clause its account rests on). Both are plain data (they
pickle, and a chunk's :class:`~.simulate.Counts` carries them across processes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence, Union

from baccarat_conformance.oracle import ch631a

__all__ = ["Fault", "Unaccounted", "account_shoe", "dealing_order", "MAX_ROUND_CARDS"]

MAX_ROUND_CARDS = 6
"""The most cards a round takes (two hands of three): a shoe holding this many still
completes a round, so a void round with as many left is not § 631a.15(e)'s."""


@dataclass(frozen=True)
class Fault:
    """A shoe dealt against ``clause``: what the clause ``required``, what the game
    ``observed`` did, in shoe ``shoe_id`` (round ``round_id`` when one is at fault)."""

    clause: str
    required: str
    observed: str
    shoe_id: str
    round_id: Optional[str] = None


@dataclass(frozen=True)
class Unaccounted:
    """A shoe whose rounds cannot be accounted: the game did not state what ``clause``
    makes the account rest on (``missing``)."""

    clause: str
    missing: str
    shoe_id: str


Round = tuple[Optional[str], str, Optional[Sequence[str]], Optional[Sequence[str]]]
"""``(round_id, status, player cards, banker cards)``: one round as the shoe dealt it."""


def dealing_order(player: Sequence[str], banker: Sequence[str]) -> list[str]:
    """The cards of a round in the order § 631a.9(c) deals them: Player, Banker, Player,
    Banker, then the Player's third card, then the Banker's."""
    return [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]


def account_shoe(shoe_id: str, card_count: int, cover_card_index: Optional[int], burned: Optional[Sequence[str]],
                 cards: Optional[Sequence[str]], rounds: Sequence[Round]) -> Union[Fault, Unaccounted, None]:
    """The account of one shoe played to its end: None when every round of ``rounds``
    (in the order dealt) was dealt from it in order and the shoe ended where § 631a.10(d)
    or § 631a.15(e) ends it; else the first :class:`Fault`, or :class:`Unaccounted`.

    ``card_count``: cards in the stack (cover cards not counted); ``cover_card_index``:
    cards before the second cover card, from the first card out of the shoe (the burn's
    first); ``burned``: the burn as the game states it (None: not stated); ``cards``: the
    disclosed stack in dealing order, before the burn (None: not disclosed). The hands of
    a completed round hold two or three cards (the adapter refuses any other record).
    """
    if cards is not None and len(cards) == card_count and card_count:
        burn = list(cards[:1 + ch631a.burn_count(cards[0])])
        if burned is not None and list(burned) != burn:
            return Fault("631a.5(f)", f"the first card exposed and its face value in cards burned: {' '.join(burn)}",
                         f"burned {' '.join(burned) or 'nothing'}", shoe_id)
    elif burned:
        want = 1 + ch631a.burn_count(burned[0])
        if len(burned) != want:
            return Fault("631a.5(f)", f"the first card exposed ({burned[0]}) and {want - 1} more burned",
                         f"burned {len(burned)} cards: {' '.join(burned)}", shoe_id)
        burn, cards = list(burned), None
    else:
        return Unaccounted("631a.5(f)", "the burn (burned) nor the stack (cards)", shoe_id)
    if cover_card_index is None:
        return Unaccounted("631a.5(d)", "the second cover card (cover_card_index)", shoe_id)
    pos = len(burn)
    appeared: Optional[int] = None  # the round in which the cover card came out
    for k, (round_id, status, player, banker) in enumerate(rounds):
        where = f"round {round_id or '?'} (the shoe's round {k + 1})"
        if status == "void" or player is None or banker is None:
            left = card_count - pos
            if left >= MAX_ROUND_CARDS:
                return Fault("631a.15(e)", "a round is void only when insufficient cards remain in the dealing "
                             "shoe to complete it", f"{where} is void with {left} cards left in the shoe "
                             f"({pos} of {card_count} dealt)", shoe_id, round_id)
            if k != len(rounds) - 1:
                return Fault("631a.15(e)", "a new round commences after the entire set of cards has been replaced",
                             f"{len(rounds) - k - 1} more round(s) dealt after the void {where}", shoe_id, round_id)
            return None
        dealt = dealing_order(player, banker)
        end = pos + len(dealt)
        if end > card_count:
            return Fault("631a.9(c)", f"every card dealt from the dealing shoe of {card_count} cards",
                         f"{where} takes cards {pos + 1} to {end}", shoe_id, round_id)
        if cards is not None and list(cards[pos:end]) != dealt:
            return Fault("631a.9(c)", f"{where} dealt from the shoe's disclosed stack in order: cards {pos + 1} to "
                         f"{end} are {' '.join(cards[pos:end])}",
                         f"dealt {' '.join(dealt)} (Player {' '.join(player)}, Banker {' '.join(banker)})",
                         shoe_id, round_id)
        if appeared is not None:  # this is the one more hand after "last hand"
            if k != len(rounds) - 1:
                return Fault("631a.10(d)", "the cards are replaced with new decks at the completion of one more "
                             f"hand after \"last hand\": round {k + 1} of the shoe is its last",
                             f"{len(rounds) - k - 1} more round(s) dealt from the shoe after it", shoe_id, round_id)
            return None
        if end > cover_card_index:
            appeared = k
        pos = end
    if appeared is None:
        required = (f"the shoe is dealt until the cover card (before card {cover_card_index + 1} of {card_count}) "
                    "appears, that hand completed, \"last hand\", and one more hand")
    else:
        required = (f"one more hand after \"last hand\" (the cover card came out in the shoe's round "
                    f"{appeared + 1})")
    return Fault("631a.10(d)", required, f"the shoe ended after {len(rounds)} round(s), {pos} of {card_count} "
                 "cards dealt (the burn included)", shoe_id, rounds[-1][0] if rounds else None)
