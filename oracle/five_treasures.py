"""The 5 Treasures Baccarat wagers of 58 Pa. Code § 631c.3, written as data from
the text: Fortune 7, Golden 8, Heavenly 9 bonus, Blazing 7s and Cover All.

Settled after the round is completed and its result announced (§ 631c.3(e)), on
the final hands. Readings applied (named interpretations in corpus/interpretations.toml):

* ``631c.3-f-4-blazing-7s-card-count``: Blazing 7s wins when both hands are 7 with
  the same number of cards (both two-card or both three-card hands); a two-card 7
  against a three-card 7 loses.
* ``631c.3-h-2-card-blazing-7s-not-offered-in-a``: under Paytable A ("N/A") two
  two-card 7s are no winning outcome, for Blazing 7s nor for Cover All.
"""

from __future__ import annotations

from typing import Optional, Sequence

from .ch631a import point_count
from .odds import Odds

# § 631c.3(h) [table], as printed: | Wager | Paytable A | Paytable B |
PAYTABLES_TEXT: dict[str, tuple[str, str, str]] = {
    "fortune_7": ("Fortune 7", "40 to 1", "40 to 1"),
    "golden_8": ("Golden 8", "25 to 1", "25 to 1"),
    "heavenly_9_both": ("Heavenly 9, player and banker", "75 to 1", "75 to 1"),
    "heavenly_9_either": ("Heavenly 9, player or banker", "10 to 1", "10 to 1"),
    "blazing_7s_3_card": ("3-card Blazing 7s", "400 to 1", "200 to 1"),
    "blazing_7s_2_card": ("2-card Blazing 7s", "N/A", "50 to 1"),
    "cover_all": ("Cover All", "6 to 1", "6 to 1"),
}
PAYTABLE_LETTERS = ("A", "B")
NOT_AVAILABLE = "N/A"
PAYTABLES: dict[str, dict[str, Optional[Odds]]] = {
    letter: {row: (None if cells[i + 1] == NOT_AVAILABLE else Odds.parse(cells[i + 1]))
             for row, cells in PAYTABLES_TEXT.items()}
    for i, letter in enumerate(PAYTABLE_LETTERS)
}
# The five wagers (protocol wager types) and the paytable rows each can win on.
WAGERS: dict[str, tuple[str, ...]] = {
    "fortune_7": ("fortune_7",),
    "golden_8": ("golden_8",),
    "heavenly_9_bonus": ("heavenly_9_both", "heavenly_9_either"),
    "blazing_7s": ("blazing_7s_3_card", "blazing_7s_2_card"),
    "cover_all": ("cover_all",),
}


def _three_card(cards: Sequence[str], total: int) -> bool:
    return len(cards) == 3 and point_count(cards) == total


def winning_row(wager: str, player: Sequence[str], banker: Sequence[str], paytable: str) -> Optional[str]:
    """The paytable row on which the 5 Treasures ``wager`` wins with these final
    hands under ``paytable``, or ``None`` when it loses (§ 631c.3(g)).

    * (f)(1) Fortune 7: "the banker's hand wins with a 3-card total of 7";
    * (f)(2) Golden 8: "the player's hand wins with a 3-card total of 8";
    * (f)(3) Heavenly 9 bonus: "the banker's or player's hand has a 3-card total of 9",
      the higher row when both have;
    * (f)(4) Blazing 7s: both hands 7 on the same number of cards (see module docstring);
    * (f)(5) Cover All: "if any of the other four 5 Treasures Baccarat wagers wins",
      whether or not they were placed.

    :raises KeyError: for an unknown wager or paytable.
    """
    table = PAYTABLES[paytable]
    p, b = point_count(player), point_count(banker)
    if wager == "fortune_7":
        return "fortune_7" if b > p and _three_card(banker, 7) else None
    if wager == "golden_8":
        return "golden_8" if p > b and _three_card(player, 8) else None
    if wager == "heavenly_9_bonus":
        nines = _three_card(player, 9) + _three_card(banker, 9)
        return {2: "heavenly_9_both", 1: "heavenly_9_either"}.get(nines)
    if wager == "blazing_7s":
        if p != 7 or b != 7 or len(player) != len(banker):
            return None
        row = "blazing_7s_3_card" if len(player) == 3 else "blazing_7s_2_card"
        return row if table[row] is not None else None
    if wager == "cover_all":
        others = ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s")
        return "cover_all" if any(winning_row(w, player, banker, paytable) for w in others) else None
    raise KeyError(f"not a 5 Treasures wager: {wager!r} (one of {', '.join(WAGERS)})")


def odds(row: str, paytable: str) -> Odds:
    """The odds printed for ``row`` under ``paytable``.

    :raises KeyError: when the cell is "N/A" or the row or paytable is unknown.
    """
    value = PAYTABLES[paytable][row]
    if value is None:
        raise KeyError(f"5 Treasures paytable {paytable} row {PAYTABLES_TEXT[row][0]!r} is N/A")
    return value
