"""The Majestic Match wager of 58 Pa. Code § 631c.7, written as data from the text."""

from __future__ import annotations

from typing import Optional, Sequence

from .ch631a import rank, suit
from .odds import Odds

# § 631c.7(d) [table], as printed ("Majestic Match": Outcome, Payback). "2.5 to 1" is
# exact: a $10 wager wins $25.
PAYTABLE_TEXT: dict[str, tuple[str, str]] = {
    "royal_match": ("Royal Match (suited king and queen)", "25 to 1"),
    "suited_match": ("Suited Match (any other suited)", "2.5 to 1"),
}
PAYTABLE: dict[str, Odds] = {row: Odds.parse(cells[1]) for row, cells in PAYTABLE_TEXT.items()}


def match_kind(initial_two: Sequence[str]) -> Optional[str]:
    """§ 631c.7(e): ``"royal_match"`` for "a king and queen of the same suit",
    ``"suited_match"`` for two cards "of the same suit but ... not a king and queen"
    (two kings of one suit included), else ``None``.

    :raises ValueError: unless exactly two cards are given.
    """
    if len(initial_two) != 2:
        raise ValueError(f"a match is judged on the initial two cards, got {list(initial_two)}")
    a, b = initial_two
    if suit(a) != suit(b):
        return None
    if {rank(a), rank(b)} == {"K", "Q"}:
        return "royal_match"
    return "suited_match"
