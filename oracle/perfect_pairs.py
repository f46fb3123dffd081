"""The Perfect Pairs wager, written as data from the text: 58 Pa. Code § 631c.1
(Baccarat), § 629b.1 (Midibaccarat) and § 627b.1 (Minibaccarat).

The three sections define the same three pairs and print the same three
paytables cell for cell (only the capitalisation of the row names differs), so
one oracle serves all three; ``tests/test_oracle_sidewagers.py`` checks that the
corpus tables of all three sections hold exactly :data:`PAYTABLES_TEXT`.
"""

from __future__ import annotations

from typing import Optional, Sequence

from .ch631a import rank, suit
from .odds import Odds

# § 631c.1(d) [table] (= § 629b.1(e) [table] = § 627b.1(e) [table]), as printed:
#   | Hand         | Paytable A | Paytable B | Paytable C |
PAYTABLES_TEXT: dict[str, tuple[str, str, str, str]] = {
    "perfect_pair": ("Perfect pair", "25 to 1", "30 to 1", "25 to 1"),
    "colored_pair": ("Colored pair", "12 to 1", "10 to 1", "15 to 1"),
    "mixed_pair": ("Mixed pair", "6 to 1", "5 to 1", "5 to 1"),
}
PAYTABLE_LETTERS = ("A", "B", "C")
PAYTABLES: dict[str, dict[str, Odds]] = {
    letter: {row: Odds.parse(cells[i + 1]) for row, cells in PAYTABLES_TEXT.items()}
    for i, letter in enumerate(PAYTABLE_LETTERS)
}

RED_SUITS = frozenset("DH")  # diamonds and hearts are red, clubs and spades black


def color(card: str) -> str:
    return "red" if suit(card) in RED_SUITS else "black"


def pair_kind(initial_two: Sequence[str]) -> Optional[str]:
    """The pair formed by a hand's initial two cards, per § 631c.1(e):

    * ``"perfect_pair"``: "same rank, the same color and the same suit";
    * ``"colored_pair"``: "same rank and the same color but different suits";
    * ``"mixed_pair"``: "same rank but different colors";
    * ``None``: not of the same rank. § 631c.1(b): "only cards that are identical
      in either number or type will be considered of the same rank" — a 10 and a
      king (both worth zero) are not a pair.

    :raises ValueError: unless exactly two cards are given.
    """
    if len(initial_two) != 2:
        raise ValueError(f"a pair is judged on the initial two cards, got {list(initial_two)}")
    a, b = initial_two
    if rank(a) != rank(b):
        return None
    if suit(a) == suit(b):
        return "perfect_pair"
    if color(a) == color(b):
        return "colored_pair"
    return "mixed_pair"


def odds(row: str, paytable: str) -> Odds:
    """The odds of paytable row ``row`` under ``paytable`` (``"A"``, ``"B"`` or ``"C"``).

    :raises KeyError: naming the unknown paytable or row.
    """
    try:
        return PAYTABLES[paytable][row]
    except KeyError:
        raise KeyError(f"Perfect Pairs has no paytable {paytable!r} row {row!r}") from None
