"""The Lucky Nines wager of 58 Pa. Code § 631c.4, written as data from the text.

Offered only "on a fully automated electronic gaming table" (§ 631c.4(a)); settled
on the initial two cards of each hand, before any third card (§ 631c.4(d)), "based
on the number of nines in the player and banker hands" ((d)(2)).
"""

from __future__ import annotations

from typing import Optional, Sequence

from .ch631a import rank, suit
from .odds import Odds

# § 631c.4(e) [table], as printed:
#   | Hand | Paytable A | Paytable B | Paytable C | Paytable D |
PAYTABLES_TEXT: dict[str, tuple[str, str, str, str, str]] = {
    "four_nines": ("Four nines", "500 to 1", "500 to 1", "1000 to 1", "2000 to 1"),
    "three_nines_same_suit": ("Three nines same suit", "250 to 1", "250 to 1", "500 to 1", "500 to 1"),
    "three_nines": ("Three nines", "20 to 1", "30 to 1", "35 to 1", "15 to 1"),
    "two_nines_same_suit": ("Two nines same suit", "8 to 1", "12 to 1", "16 to 1", "10 to 1"),
    "two_nines": ("Two nines", "5 to 1", "5 to 1", "5 to 1", "4 to 1"),
    "one_nine_diamonds": ("One nine diamonds", "2 to 1", "2 to 1", "2 to 1", "2 to 1"),
    "one_nine": ("One nine", "1 to 1", "1 to 1", "1 to 1", "1 to 1"),
}
PAYTABLE_LETTERS = ("A", "B", "C", "D")
PAYTABLES: dict[str, dict[str, Odds]] = {
    letter: {row: Odds.parse(cells[i + 1]) for row, cells in PAYTABLES_TEXT.items()}
    for i, letter in enumerate(PAYTABLE_LETTERS)
}


def nines_row(player_two: Sequence[str], banker_two: Sequence[str]) -> Optional[str]:
    """The paytable row of the four initial cards, or ``None`` when none is a nine.

    Nines are counted across the Player's and the Banker's initial two cards (a
    third card never counts). "same suit" rows need every nine to be of one suit;
    "One nine diamonds" is a single nine of diamonds. With four nines only the
    "Four nines" row exists.

    :raises ValueError: unless each hand gives exactly its two initial cards.
    """
    if len(player_two) != 2 or len(banker_two) != 2:
        raise ValueError("Lucky Nines is judged on the initial two cards of each hand")
    nines = [c for c in (*player_two, *banker_two) if rank(c) == "9"]
    same_suit = len({suit(c) for c in nines}) == 1
    n = len(nines)
    if n == 0:
        return None
    if n == 4:
        return "four_nines"
    if n == 3:
        return "three_nines_same_suit" if same_suit else "three_nines"
    if n == 2:
        return "two_nines_same_suit" if same_suit else "two_nines"
    return "one_nine_diamonds" if suit(nines[0]) == "D" else "one_nine"
