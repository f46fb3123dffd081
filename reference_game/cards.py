"""Cards, decks and shoe preparation for the reference game.

Self-contained on purpose: the reference game shares no code with the harness's
rules oracle, so the conformance suite never grades its own answer key.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]
RED = {"D", "H"}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def is_red(card: str) -> bool:
    return suit_of(card) in RED


#: card -> its Baccarat value: ace one, two to nine their pips, tens and court cards nothing
BACCARAT_VALUES = {rank + suit: (i + 1 if i < 9 else 0) for i, rank in enumerate(RANKS) for suit in SUITS}
#: card -> its face value (the burn count of § 631a.5(f)): ace one, 10 and court cards ten
FACE_VALUES = {rank + suit: min(i + 1, 10) for i, rank in enumerate(RANKS) for suit in SUITS}


def baccarat_value(card: str) -> int:
    """Ace counts one, two to nine their pips, tens and court cards nothing.

    :raises KeyError: ``card`` is not a card (``valid_card``)."""
    return BACCARAT_VALUES[card]


def face_value(card: str) -> int:
    """The burn count of § 631a.5(f): ace one, 10 and court cards ten.

    :raises KeyError: ``card`` is not a card (``valid_card``)."""
    return FACE_VALUES[card]


def one_deck() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def valid_card(card: object) -> bool:
    return isinstance(card, str) and card in BACCARAT_VALUES


@dataclass
class Shoe:
    """A dealing shoe: the stack in dealing order and a cursor.

    ``cover_card_index``: the cover card lies before ``cards[cover_card_index]``.
    """

    shoe_id: str
    cards: list[str]
    decks: int
    cover_card_index: Optional[int] = None
    cut_offset: Optional[int] = None
    position: int = 0
    burned: list[str] = field(default_factory=list)
    cover_card_seen: bool = False
    last_hand_announced: bool = False
    rounds_after_last_hand: int = 0
    ended: bool = False
    pre_shuffle: Optional[list[str]] = None  # the stack before the shuffle (protocol 1.2), for the game's own shoes

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    def cover_card_next(self) -> bool:
        """Whether the cover card is the next thing in the shoe, not yet removed: the
        next draw makes it appear (§ 631a.10(d))."""
        return (self.cover_card_index is not None and not self.cover_card_seen
                and self.position >= self.cover_card_index)

    def draw(self) -> Optional[str]:
        """Take the next card, or None when the shoe is empty. Passing the cover
        card sets ``cover_card_seen`` (§ 631a.10(d))."""
        if self.cover_card_next():
            self.cover_card_seen = True
        if self.position >= len(self.cards):
            return None
        card = self.cards[self.position]
        self.position += 1
        return card

    def peek(self, n: int) -> list[str]:
        """The next ``n`` cards (fewer near the end), without drawing them."""
        return self.cards[self.position:self.position + n]

    def burn(self) -> list[str]:
        """§ 631a.5(f): expose the first card, then burn that many more face down."""
        first = self.draw()
        if first is None:
            return []
        burned = [first]
        for _ in range(face_value(first)):
            card = self.draw()
            if card is None:
                break
            burned.append(card)
        self.burned = burned
        return burned


def shuffled_shoe(shoe_id: str, decks: int, rng: random.Random, cut_offset: Optional[int]) -> Shoe:
    """Shuffle ``decks`` decks, cut (§ 631a.5(c)–(d)) and place the second cover card.

    The cover card goes ``cut_offset`` cards in from the top (chosen at random at
    least ten from either end when not given); the cards above it go to the bottom;
    the second cover card is placed between 14 and 30 cards above the bottom.
    """
    before = one_deck() * decks
    stack = list(before)
    rng.shuffle(stack)
    n = len(stack)
    if cut_offset is None:
        cut_offset = rng.randint(10, n - 10)
    stack = stack[cut_offset:] + stack[:cut_offset]
    cover = n - rng.randint(14, 30)
    return Shoe(shoe_id=shoe_id, cards=stack, decks=decks, cover_card_index=cover, cut_offset=cut_offset,
                pre_shuffle=before)
