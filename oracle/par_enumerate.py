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
    # weights by (cards dealt, class index): index = ((player2 * 11 + p3) * 10 + banker2) * 11 + b3,
    # a third card's value stored as value + 1 (0: the hand stayed)
    size = 10 * 11 * 10 * 11
    by_length = {4: [0] * size, 5: [0] * size, 6: [0] * size}
    four, five, six = by_length[4], by_length[5], by_length[6]
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
                        four[(pc * 11 * 10 + bc) * 11] += w4
                    elif p_draws[pc]:
                        for p3 in values:
                            w5 = w4 * counts[p3]
                            if not w5:
                                continue
                            base = ((pc * 11 + p3 + 1) * 10 + bc) * 11
                            if b_draws[bc, p3]:
                                counts[p3] -= 1
                                for b3 in values:
                                    six[base + b3 + 1] += w5 * counts[b3]
                                counts[p3] += 1
                            else:
                                five[base] += w5
                    elif b_draws[bc, None]:
                        base = (pc * 11 * 10 + bc) * 11
                        for b3 in values:
                            five[base + b3 + 1] += w4 * counts[b3]
                    else:
                        four[(pc * 11 * 10 + bc) * 11] += w4
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    out: dict[RoundClass, Fraction] = {}
    for length, table in by_length.items():
        denominator = _falling(total, length)
        for index, weight in enumerate(table):
            if weight:
                rest, b3 = divmod(index, 11)
                rest, bc = divmod(rest, 10)
                pc, p3 = divmod(rest, 11)
                key = RoundClass(pc, p3 - 1 if p3 else None, bc, b3 - 1 if b3 else None)
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
    """Partition: nines and kings by rank and suit, queens and jacks together by suit;
    every other card one class (Royal 9: "a face card (K, Q or J) and a nine", suited
    or not; a personal King 9 names a king and a nine)."""
    r = card[:-1]
    if r in ("9", "K"):
        return card
    return "QJ" + card[-1] if r in ("Q", "J") else "other"


# ---------------------------------------------------------------- all cards of one rank, suit or colour
def class_sequences(decks: int, key: RoundClass) -> list[tuple[tuple[int, ...], tuple[int, ...], Fraction]]:
    """Every sequence of card values of the :class:`RoundClass` ``key``, as (Player's
    values, Banker's values, exact probability); the probabilities sum to that of
    ``key`` in :func:`round_classes`."""
    check_decks(decks)
    base = _value_counts(decks)
    total = sum(base)
    out = []
    for p1 in range(10):
        for b1 in range(10):
            player = [p1, (key.player2 - p1) % 10] + ([key.player3] if key.player3 is not None else [])
            banker = [b1, (key.banker2 - b1) % 10] + ([key.banker3] if key.banker3 is not None else [])
            order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
            counts = list(base)
            weight = 1
            for v in order:
                weight *= counts[v]
                counts[v] -= 1
            if weight:
                out.append((tuple(player), tuple(banker), Fraction(weight, _falling(total, len(order)))))
    return out


#: How the suits of all the cards of a round fall: one suit, one colour (two suits), or both colours.
SUIT_PATTERNS = ("suit", "color", "mixed")


def uniformity(decks: int, values: tuple[int, ...]) -> dict[tuple[bool, str], Fraction]:
    """Given the values of all the cards of a round, the exact conditional probability
    that they are all of one rank (True/False) and that their suits are of one suit,
    of one colour, or mixed (:data:`SUIT_PATTERNS`). Patterns of probability 0 are left
    out. See :func:`pattern_counts`."""
    counts = pattern_counts(decks, tuple(sorted(values)))
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in counts.items()}


@functools.lru_cache(maxsize=None)
def pattern_counts(decks: int, values: tuple[int, ...]) -> dict[tuple[bool, str], int]:
    """How many ordered sequences of physical cards of a full shoe have these
    ``values`` (sorted) and are all of one rank (True/False) with suits of one suit,
    one colour or mixed: ``{(one_rank, pattern): count}``, zero counts left out.

    Given the values, the cards of each value are drawn without replacement from that
    value's cards (4N of each suit for the zero-valued 10, J, Q, K; N of each suit for
    the others), independently between values: every count is a product of falling
    factorials.
    """
    k = {v: values.count(v) for v in set(values)}
    per_suit = {v: (4 if v == 0 else 1) * decks for v in k}

    def product(top: Callable[[int], int]) -> int:
        out = 1
        for v, n in k.items():
            out *= _falling(top(per_suit[v]), n)
        return out

    total = product(lambda s: 4 * s)
    n_suit = 4 * product(lambda s: s)
    n_color = 2 * product(lambda s: 2 * s)
    if len(k) == 1 and 0 not in k:  # one non-zero value: one rank
        n_rank, n_rank_suit, n_rank_color = total, n_suit, n_color
    elif len(k) == 1:  # zero-valued cards only: 10, J, Q, K, N of each rank and suit
        n = k[0]
        n_rank = 4 * _falling(4 * decks, n)
        n_rank_suit = 16 * _falling(decks, n)
        n_rank_color = 8 * _falling(2 * decks, n)
    else:
        n_rank = n_rank_suit = n_rank_color = 0
    table = {
        (True, "suit"): n_rank_suit, (True, "color"): n_rank_color - n_rank_suit, (True, "mixed"): n_rank - n_rank_color,
        (False, "suit"): n_suit - n_rank_suit, (False, "color"): (n_color - n_suit) - (n_rank_color - n_rank_suit),
    }
    table[(False, "mixed")] = total - sum(table.values())
    return {key: n for key, n in table.items() if n}


_ZERO_RANKS = ("10", "K", "Q", "J")
_SUITS_OF = {"suit": ("S",), "color": ("S", "C"), "mixed": ("S", "H", "C", "D")}


def uniform_hands(player: tuple[int, ...], banker: tuple[int, ...], one_rank: bool, suits: str
                  ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Cards of these values whose ranks are all one (``one_rank``) or not, and whose
    suits follow ``suits`` (:data:`SUIT_PATTERNS`): a representative of
    :func:`uniformity`'s pattern for rules that read those only."""
    values = (*player, *banker)
    zeros = iter(range(len(values)))
    ranks = [VALUE_RANKS[v] if (one_rank or v) else _ZERO_RANKS[next(zeros) % 4] for v in values]
    palette = _SUITS_OF[suits]
    cards = [r + palette[i % len(palette)] for i, r in enumerate(ranks)]
    return tuple(cards[:len(player)]), tuple(cards[len(player):])


@functools.lru_cache(maxsize=None)
def rank_patterns(decks: int, cards: int) -> dict[tuple[str, ...], Fraction]:
    """The exact probability of each pattern of equal ranks among the first ``cards``
    cards (2 or 4), for rules that read only whether cards share a rank (pairs): every
    rank is alike (4 x ``decks`` cards each), so a pattern is represented by ranks
    A, 2, 3, 4 in order of first appearance, suits C, D, H, S in turn (suits mean
    nothing here). 15 patterns for four cards instead of 13^4 rank sequences.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow, or ``cards``
        not 2 or 4.
    """
    check_decks(decks)
    if cards not in (2, 4):
        raise ValueError(f"cards must be 2 or 4 (initial cards), got {cards!r}")
    per_rank, ranks = 4 * decks, len(RANKS)
    out: dict[tuple[str, ...], Fraction] = {}
    denominator = _falling(52 * decks, cards)

    def walk(seq: tuple[int, ...], weight: int) -> None:
        if len(seq) == cards:
            key = tuple(RANKS[r] + SUITS[i % 4] for i, r in enumerate(seq))
            out[key] = Fraction(weight, denominator)
            return
        used = max(seq, default=-1) + 1
        for r in range(used):
            walk(seq + (r,), weight * (per_rank - seq.count(r)))
        walk(seq + (used,), weight * (ranks - used) * per_rank)

    walk((), 1)
    return out


@functools.lru_cache(maxsize=None)
def initial_hands(decks: int, cards: int, partition: Callable[[str], str]
                  ) -> dict[tuple[tuple[str, ...], tuple[str, ...]], Fraction]:
    """:func:`initial_classes` as (Player's two cards, Banker's two cards), each hand's
    two cards in sorted order: the regulations judge a hand's initial two cards as a
    pair, whichever came first (a pair, a suited match, a Royal 9, nines), so the order
    within a hand is summed out. For ``cards`` 2 the one hand is given as both."""
    out: dict[tuple[tuple[str, ...], tuple[str, ...]], Fraction] = {}
    for seq, p in initial_classes(decks, cards, partition).items():
        if cards == 2:
            hand = tuple(sorted(seq))
            key = (hand, hand)
        else:
            key = (tuple(sorted((seq[0], seq[2]))), tuple(sorted((seq[1], seq[3]))))
        out[key] = out.get(key, Fraction(0)) + p
    return out


def _generic_values(key: RoundClass) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Values of a round of class ``key`` that are not all zero (a 5 and a 5 for a
    two-card 0 where every card would otherwise be zero-valued)."""
    player = (key.player2, 0) + ((key.player3,) if key.player3 is not None else ())
    banker = (key.banker2, 0) + ((key.banker3,) if key.banker3 is not None else ())
    if not any(player + banker):
        player = (5, 5) + player[2:]
    return player, banker


UniformKey = tuple[tuple[int, ...], tuple[int, ...], bool, str]


@functools.lru_cache(maxsize=None)
def uniform_round_classes(decks: int) -> dict[UniformKey, Fraction]:
    """Every round by :class:`RoundClass`, split by what the rules may read of the
    round as a whole: whether all its cards are zero-valued, of one rank, of one suit
    or of one colour (Heavenly 9's suited tie, Harmony's six of a kind and six 0-value
    cards). Keys are (Player's values, Banker's values, one rank, suit pattern) of a
    representative round (:func:`uniform_hands` makes its cards); the values sum to 1.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow.
    """
    check_decks(decks)
    by_length: dict[int, dict[UniformKey, int]] = {4: {}, 5: {}, 6: {}}
    for key in round_classes(decks):
        generic = _generic_values(key)
        p_thirds = (key.player3,) if key.player3 is not None else ()
        b_thirds = (key.banker3,) if key.banker3 is not None else ()
        table = by_length[4 + len(p_thirds) + len(b_thirds)]
        for p1 in range(10):
            player = (p1, (key.player2 - p1) % 10) + p_thirds
            for b1 in range(10):
                banker = (b1, (key.banker2 - b1) % 10) + b_thirds
                values = player + banker
                zero = not any(values)
                for (one_rank, suits), n in pattern_counts(decks, tuple(sorted(values))).items():
                    rep = (player, banker) if (one_rank or zero) else generic
                    k = (*rep, one_rank, suits)
                    table[k] = table.get(k, 0) + n
    out: dict[UniformKey, Fraction] = {}
    for length, table in by_length.items():
        denominator = _falling(52 * decks, length)
        for k, n in table.items():
            out[k] = Fraction(n, denominator)
    return out
