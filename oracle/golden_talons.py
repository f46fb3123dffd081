"""The rules of 58 Pa. Code § 629b.6 (Golden Talons), written as data from the text.

A Golden Talons wager is placed on the Player's Hand or the Banker's Hand (a player
may place one on each, § 629b.6(e)) and settled after the result of the round is
announced ((d)) at the odds of the paytable the Rules Submission names ((f)).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from .ch631a import Coup, Expected, _lose, _push, _win, is_natural, point_count
from .odds import Odds

PAYTABLE_LETTERS = ("A", "B", "C", "D", "E")

# § 629b.6(f), row for row and cell for cell as printed ("Scenario", "Paytable A" ... "Paytable E").
PAYTABLES_TEXT: dict[str, tuple[str, ...]] = {
    "win_by_9": ("Win by 9", "30 to 1", "20 to 1", "30 to 1", "20 to 1", "30 to 1"),
    "win_by_8": ("Win by 8", "10 to 1", "10 to 1", "12 to 1", "8 to 1", "10 to 1"),
    "win_by_7": ("Win by 7", "6 to 1", "5 to 1", "5 to 1", "7 to 1", "4 to 1"),
    "win_by_6": ("Win by 6", "4 to 1", "4 to 1", "3 to 1", "4 to 1", "4 to 1"),
    "win_by_5": ("Win by 5", "2 to 1", "2 to 1", "3 to 1", "3 to 1", "2 to 1"),
    "win_by_4": ("Win by 4", "1 to 1", "1 to 1", "1 to 1", "1 to 1", "2 to 1"),
    "natural_win": ("Natural win", "1 to 1", "", "", "", ""),
    "natural_tie": ("Natural tie", "Push", "2 to 1", "Push", "Push", "Push"),
}

# § 629b.6(g): "A Golden Talons win with a natural will only pay the Natural win odds of 1 to 1"
NATURAL_WIN_ODDS = Odds.parse("1 to 1")


def _cell(row: str, text: str) -> Optional[Odds]:
    """A cell as odds; ``None`` for "Push". The blank "Natural win" cells of Paytables B to E
    are read as 1 to 1 (interpretation ``629b.6-f-natural-win-blank-cells``; § 629b.6(g))."""
    if text == "Push":
        return None
    if text == "" and row == "natural_win":
        return NATURAL_WIN_ODDS
    return Odds.parse(text)


PAYTABLES: dict[str, dict[str, Optional[Odds]]] = {
    letter: {row: _cell(row, cells[i + 1]) for row, cells in PAYTABLES_TEXT.items()}
    for i, letter in enumerate(PAYTABLE_LETTERS)
}


def row(coup: Coup, hand: str) -> tuple[str, str]:
    """§ 629b.6(e) and (g): ``(result, row)`` of a Golden Talons wager on ``hand``.

    ``result`` is ``"win"``, ``"natural_tie"`` (settled by the paytable's "Natural tie"
    cell) or ``"lose"``; ``row`` the paytable row that pays, or why it loses. A
    natural that wins is a "Natural win" whatever its margin ((g)); a hand that is
    not a natural wins by its margin of at least 4 points ((e)(1)); a natural tie is
    (e)(2); anything else loses (no row of the paytable, (e)(3)).
    """
    mine, other = (coup.player, coup.banker) if hand == "player" else (coup.banker, coup.player)
    m, o = point_count(mine), point_count(other)
    if is_natural(mine):
        if m == o:
            return "natural_tie", "natural_tie"  # both hands are naturals of equal Point Count
        if m > o:
            return "win", "natural_win"
        return "lose", "loses"
    if m - o >= 4:
        return "win", f"win_by_{m - o}"
    if m == o:
        return "lose", "tie_not_natural"
    return "lose", ("loses" if m < o else f"wins_by_{m - o}")


def settle(coup: Coup, hand: str, stake: Decimal, paytable: str) -> Expected:
    """§ 629b.6(e)–(g): the settlement of a Golden Talons wager of ``stake`` on ``hand``
    under ``paytable`` (A to E). No vigorish."""
    result, r = row(coup, hand)
    if result == "lose":
        return _lose("629b.6(e)", r)
    odds = PAYTABLES[paytable][r]
    clause = "629b.6(g)" if r == "natural_win" else "629b.6(f)"
    if odds is None:
        return _push(stake, clause, r)
    return _win(stake, odds, clause, r)
