"""Exact, composition-dependent probabilities of Baccarat rounds: the counting engine
of the par sheet (:mod:`.par_sheet`).

Cards are drawn without replacement from a full shoe of ``decks`` decks, off the top
(the standard "off-the-top" figure). Two engines, both exact rational arithmetic:

* :func:`round_classes`: every round by *card value* (10 value classes with their
  multiplicities: 16 zero-valued cards and 4 of each other value per deck), dealt by
  the oracle's own rules of § 631a.10 and § 631a.11 (:func:`.ch631a.is_natural`,
  :func:`.ch631a.player_draws`, :func:`.ch631a.banker_draws`). A round is reduced to
  its :class:`RoundClass` (each hand's Point Count on two cards and the value of its
  third card): every rule of the chapters that looks at values only decides on these.
* :func:`initial_classes`: the first two or four cards by a finer *card class* (rank,
  suit, or a single named card), for wagers judged on the initial cards (pairs,
  suited matches, nines, Royal 9s).

Both are cached per ``decks`` (and partition) within a process; a full shoe of 8
decks takes about a second for the value engine.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Optional

from .ch631a import DECKS, RANKS, SUITS, banker_draws, card_value, is_natural, player_draws

#: A representative rank of each card value, 0 to 9 (the value engine's cards).
VALUE_RANKS = ("10", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def check_decks(decks: int) -> int:
    """``decks`` when it is a shoe § 631a.3(a) allows (6, 7 or 8 decks).

    :raises ValueError: naming the value otherwise.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in DECKS:
        raise ValueError(f"decks must be 6, 7 or 8 (58 Pa. Code § 631a.3(a)), got {decks!r}")
    return decks


@dataclass(frozen=True, order=True)
class RoundClass:
    """A round as the value rules see it: ``player2`` / ``banker2`` the Point Counts of
    the initial two cards (0 to 9); ``player3`` / ``banker3`` the value of the hand's
    third card, or None when the hand stayed."""

    player2: int
    player3: Optional[int]
    banker2: int
    banker3: Optional[int]

    def hands(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Representative cards of the two hands: the first card carries the two-card
        Point Count, the second is a zero-valued court card; no two cards of the round
        share a rank and suit pattern that a pair or suit rule could read (those rules
        use :func:`initial_classes`)."""
        player = [VALUE_RANKS[self.player2] + "C", "KD"]
        banker = [VALUE_RANKS[self.banker2] + "H", "QS"]
        if self.player3 is not None:
            player.append(VALUE_RANKS[self.player3] + "S")
        if self.banker3 is not None:
            banker.append(VALUE_RANKS[self.banker3] + "D")
        return tuple(player), tuple(banker)


def _value_counts(decks: int) -> list[int]:
    """Cards of each value 0 to 9 in the shoe (§ 631a.6(a): 10, J, Q, K count zero)."""
    counts = [0] * 10
    for r in RANKS:
        counts[card_value(r + "C")] += 4 * decks
    return counts


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@functools.lru_cache(maxsize=None)
def round_classes(decks: int) -> dict[RoundClass, Fraction]:
    """The exact probability of every :class:`RoundClass` of a round dealt off the top
    of a full shoe of ``decks`` decks (the values sum to 1).

    Enumerates the four initial cards and any third cards by value, with the number of
    cards of each value left in the shoe at each draw (about 3 x 10^5 card sequences).

    :raises ValueError: for a number of decks § 631a.3(a) does not allow.
    """
    check_decks(decks)
    counts = _value_counts(decks)
    total = sum(counts)
    p_draws = [player_draws(c) for c in range(10)]
    b_draws = {(c, v): banker_draws(c, v) for c in range(10) for v in (None, *range(10))}
    naturals = [is_natural([VALUE_RANKS[c] + "C", "KC"]) for c in range(10)]
    by_length: dict[int, dict[RoundClass, int]] = {4: {}, 5: {}, 6: {}}

    def add(length: int, key: RoundClass, weight: int) -> None:
        table = by_length[length]
        table[key] = table.get(key, 0) + weight

    values = range(10)
    for p1 in values:
        w1 = counts[p1]
        counts[p1] -= 1
        for b1 in values:
            w2 = w1 * counts[b1]
            counts[b1] -= 1
            for p2 in values:
                w3 = w2 * counts[p2]
                counts[p2] -= 1
                pc = (p1 + p2) % 10
                for b2 in values:
                    w4 = w3 * counts[b2]
                    if not w4:
                        continue
                    counts[b2] -= 1
                    bc = (b1 + b2) % 10
                    if naturals[pc] or naturals[bc]:
                        add(4, RoundClass(pc, None, bc, None), w4)
                    elif p_draws[pc]:
                        for p3 in values:
                            w5 = w4 * counts[p3]
                            if not w5:
                                continue
                            if b_draws[bc, p3]:
                                counts[p3] -= 1
                                for b3 in values:
                                    if counts[b3]:
                                        add(6, RoundClass(pc, p3, bc, b3), w5 * counts[b3])
                                counts[p3] += 1
                            else:
                                add(5, RoundClass(pc, p3, bc, None), w5)
                    elif b_draws[bc, None]:
                        for b3 in values:
                            if counts[b3]:
                                add(5, RoundClass(pc, None, bc, b3), w4 * counts[b3])
                    else:
                        add(4, RoundClass(pc, None, bc, None), w4)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    out: dict[RoundClass, Fraction] = {}
    for length, table in by_length.items():
        denominator = _falling(total, length)
        for key, weight in table.items():
            out[key] = out.get(key, Fraction(0)) + Fraction(weight, denominator)
    return out


# ---------------------------------------------------------------- initial cards by card class
def one_deck_cards() -> tuple[str, ...]:
    """The 52 distinct cards (rank + suit), each present ``decks`` times in the shoe."""
    return tuple(r + s for s in SUITS for r in RANKS)


@functools.lru_cache(maxsize=None)
def initial_classes(decks: int, cards: int, partition: Callable[[str], str]) -> dict[tuple[str, ...], Fraction]:
    """The exact probability of each sequence of card classes among the first
    ``cards`` cards off the top (2: one hand's initial two cards; 4: Player, Banker,
    Player, Banker), where ``partition`` maps a card (``"KH"``) to its class.

    A class is returned as its *representative*: the first card of the class in
    (suit, rank) order, so that a rule reading ranks and suits of the representative
    sees what it would see on any member. ``partition`` must be a module-level function
    (it keys the cache); a partition finer than the rule needs only costs time.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow, or ``cards``
        not 2 or 4.
    """
    check_decks(decks)
    if cards not in (2, 4):
        raise ValueError(f"cards must be 2 or 4 (initial cards), got {cards!r}")
    members: dict[str, int] = {}
    representative: dict[str, str] = {}
    for card in one_deck_cards():
        label = partition(card)
        members[label] = members.get(label, 0) + decks
        representative.setdefault(label, card)
    labels = list(members)
    total = 52 * decks
    denominator = _falling(total, cards)
    out: dict[tuple[str, ...], Fraction] = {}

    def walk(prefix: tuple[str, ...], weight: int) -> Iterator[tuple[tuple[str, ...], int]]:
        if len(prefix) == cards:
            yield prefix, weight
            return
        for label in labels:
            left = members[label]
            if left:
                members[label] -= 1
                yield from walk(prefix + (representative[label],), weight * left)
                members[label] += 1

    for seq, weight in walk((), 1):
        out[seq] = Fraction(weight, denominator)
    return out


def by_card(card: str) -> str:
    """Partition: every card its own class (rank and suit)."""
    return card


def by_rank(card: str) -> str:
    """Partition: cards by rank (a pair is two cards of one rank, § 631c.1(b))."""
    return card[:-1]


def nines_by_suit(card: str) -> str:
    """Partition: each nine by its suit; every other card one class (Lucky Nines)."""
    return card if card[:-1] == "9" else "other"


def royal_9_cards(card: str) -> str:
    """Partition: nines and face cards by rank and suit; every other card one class
    (Royal 9: "a face card (K, Q or J) and a nine", suited or not)."""
    return card if card[:-1] in ("9", "K", "Q", "J") else "other"
