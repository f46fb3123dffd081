"""The rules of 58 Pa. Code § 629b.5 (Rising Phoenix Baccarat), written as data from
the text.

Rising Phoenix Baccarat is a Midibaccarat variation (§ 629b.5(a)); Chapter 629a
(Midibaccarat) is not in the corpus, so its base game is that of Chapter 631a
(interpretation ``base-game-631a-for-627a-629a``) and hands are dealt by
:func:`baccarat_conformance.oracle.ch631a.deal`.

The twenty Bonus wagers of § 629b.5(g)(4) are the ``option`` of wager type
``rising_phoenix_bonus``; each option is the row of the § 629b.5(h)(2) odds table in
snake case (:func:`option_id`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Callable

from .ch631a import Coup, Expected, _lose, _push, _win, point_count, rank, vigorish
from .odds import Odds

# § 629b.5(f): "six or eight decks of cards"
DECKS = (6, 8)

# § 629b.5(h)(2), the two printed tables ("Hand", "Odds") one after the other, cell for cell.
BONUS_PAYTABLE_TEXT: tuple[tuple[str, str], ...] = (
    ("Sun 7", "40 to 1"),
    ("Moon 8", "25 to 1"),
    ("9 over 7", "25 to 1"),
    ("2-card 8 over 2-card 1", "50 to 1"),
    ("Player win with a 3-card 6", "40 to 1"),
    ("Banker win with 1 or 2", "60 to 1"),
    ("Player and Banker have an 8 or 9", "20 to 1"),
    ("1 over 0", "90 to 1"),
    ("3-card 6 over 3-card 3", "150 to 1"),
    ("3-card 8 over 3-card 0", "130 to 1"),
    ("Banker win over a 2-card 7", "30 to 1"),
    ("3-card 9 over 3-card 6", "200 to 1"),
    ("3-card 9 over 3-card 8", "200 to 1"),
    ("Player win with a 3-card 8 over 3-card 0", "250 to 1"),
    ("Tie with 0", "150 to 1"),
    ("Tie with 1, 2 or 3", "70 to 1"),
    ("Tie with 4, 5, 6 or 7", "15 to 1"),
    ("Tie with 8 or 9", "40 to 1"),
    ("Player pair (initial two cards)", "11 to 1"),
    ("Banker pair (initial two cards)", "11 to 1"),
)

# § 629b.5(g)(4): the clause that defines each Bonus wager, in the order of the odds table.
BONUS_CLAUSE_LABELS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv",
                       "xv", "xvi", "xvii", "xviii", "xix", "xx")


def option_id(hand: str) -> str:
    """The option name of a Bonus wager from its row in the § 629b.5(h)(2) table:
    snake case, parenthesised words left out (``"Player pair (initial two cards)"`` ->
    ``"player_pair"``, ``"2-card 8 over 2-card 1"`` -> ``"2_card_8_over_2_card_1"``)."""
    text = re.sub(r"\([^)]*\)", " ", hand).lower()
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")


BONUS_ODDS: dict[str, Odds] = {option_id(hand): Odds.parse(odds) for hand, odds in BONUS_PAYTABLE_TEXT}
BONUS_NAMES: dict[str, str] = {option_id(hand): hand for hand, _ in BONUS_PAYTABLE_TEXT}
BONUS_CLAUSES: dict[str, str] = {
    option_id(hand): f"629b.5(g)(4)({label})" for (hand, _), label in zip(BONUS_PAYTABLE_TEXT, BONUS_CLAUSE_LABELS)
}


# ------------------------------------------------------------------ the round as the Bonus wagers see it
def _cards(coup: Coup, hand: str) -> int:
    return len(coup.player if hand == "player" else coup.banker)


def _count(coup: Coup, hand: str) -> int:
    return coup.player_count if hand == "player" else coup.banker_count


def _loser(coup: Coup) -> str:
    return "banker" if coup.winner == "player" else "player"


def _wins_over(coup: Coup, win: int, lose: int, cards: int | None = None, *, hand: str | None = None) -> bool:
    """Either hand (or ``hand``) wins with a Point Count of ``win`` over a losing hand of
    ``lose``, both hands of ``cards`` cards when given."""
    if coup.winner == "tie" or (hand is not None and coup.winner != hand):
        return False
    w, lo = coup.winner, _loser(coup)
    if (_count(coup, w), _count(coup, lo)) != (win, lose):
        return False
    return cards is None or (_cards(coup, w) == cards and _cards(coup, lo) == cards)


def _pair(cards: tuple[str, ...]) -> bool:
    """(g)(4)(xix), (xx): "the ... initial two cards match (that is, two 4's or two kings)": same rank."""
    return rank(cards[0]) == rank(cards[1])


# § 629b.5(g)(4)(i)-(xx): when each Bonus wager wins; it loses otherwise.
BONUS_WINS: dict[str, Callable[[Coup], bool]] = {
    # (i) "win if the Banker's hand wins with three cards with a point count equaling 7"
    "sun_7": lambda c: c.winner == "banker" and len(c.banker) == 3 and c.banker_count == 7,
    # (ii) "win if the Player's hand wins with three cards with a point count equaling 8"
    "moon_8": lambda c: c.winner == "player" and len(c.player) == 3 and c.player_count == 8,
    # (iii) "either the Player or Banker hand wins with a point count of 9 over the losing hand with a point count of 7"
    "9_over_7": lambda c: _wins_over(c, 9, 7),
    # (iv) "wins with a 2-card hand with a point count of 8 over the losing 2-card hand with a point count of 1"
    "2_card_8_over_2_card_1": lambda c: _wins_over(c, 8, 1, 2),
    # (v) "the Player's hand wins with a point count of 6 consisting of 3 cards"
    "player_win_with_a_3_card_6": lambda c: c.winner == "player" and c.player_count == 6 and len(c.player) == 3,
    # (vi) "the Banker's hand, regardless of the number of cards, wins with a point count equal to 1 or 2"
    "banker_win_with_1_or_2": lambda c: c.winner == "banker" and c.banker_count in (1, 2),
    # (vii) "each have a point count of 8 or 9 regardless of whether the Player's or Banker's hand win or if they tie"
    "player_and_banker_have_an_8_or_9": lambda c: c.player_count in (8, 9) and c.banker_count in (8, 9),
    # (viii) "wins with a point count of 1 and the losing hand has a point count of 0"
    "1_over_0": lambda c: _wins_over(c, 1, 0),
    # (ix) "wins with a 3-card hand with point count of 6 over a losing 3-card hand with a point count of 3"
    "3_card_6_over_3_card_3": lambda c: _wins_over(c, 6, 3, 3),
    # (x) "wins with a 3-card hand with a point count of 8 over a losing 3-card hand with a point count of 0"
    "3_card_8_over_3_card_0": lambda c: _wins_over(c, 8, 0, 3),
    # (xi) "the Banker's hand, regardless of the number of cards, wins over a 2-card Player's hand with a point count of 7"
    "banker_win_over_a_2_card_7": lambda c: c.winner == "banker" and len(c.player) == 2 and c.player_count == 7,
    # (xii) "wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 6"
    "3_card_9_over_3_card_6": lambda c: _wins_over(c, 9, 6, 3),
    # (xiii) "wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 8"
    "3_card_9_over_3_card_8": lambda c: _wins_over(c, 9, 8, 3),
    # (xiv) "the Player's hand wins with a 3-card hand with a point count of 8 over a losing Banker's hand
    # consisting of 3 cards with a point count of 0"
    "player_win_with_a_3_card_8_over_3_card_0": lambda c: _wins_over(c, 8, 0, 3, hand="player"),
    # (xv)-(xviii) "tie with a point count of ...", "regardless of the number of cards in either hand"
    "tie_with_0": lambda c: c.winner == "tie" and c.player_count == 0,
    "tie_with_1_2_or_3": lambda c: c.winner == "tie" and c.player_count in (1, 2, 3),
    "tie_with_4_5_6_or_7": lambda c: c.winner == "tie" and c.player_count in (4, 5, 6, 7),
    "tie_with_8_or_9": lambda c: c.winner == "tie" and c.player_count in (8, 9),
    # (xix) "the Player's initial two cards match"; (xx) "the Banker's initial two cards match"
    "player_pair": lambda c: _pair(c.player),
    "banker_pair": lambda c: _pair(c.banker),
}


def bonus_wins(option: str, coup: Coup) -> bool:
    """Whether the Bonus wager ``option`` wins on ``coup`` (§ 629b.5(g)(4)).

    :raises KeyError: for a name that is no Bonus wager.
    """
    return BONUS_WINS[option](coup)


def settle_bonus(coup: Coup, option: str, stake: Decimal) -> Expected:
    """§ 629b.5(g)(4) and (h)(2): a winning Bonus wager is paid at its odds; a Bonus
    wager that does not win loses (no Bonus wager ties)."""
    if bonus_wins(option, coup):
        return _win(stake, BONUS_ODDS[option], "629b.5(h)(2)", option)
    return _lose(BONUS_CLAUSES[option])


def is_three_card_banker_7_win(coup: Coup) -> bool:
    """§ 629b.5(g)(1)(iv): "a Banker's hand consisting of three cards with a point count of
    seven wins the round of play"."""
    return coup.winner == "banker" and len(coup.banker) == 3 and coup.banker_count == 7


def settle_banker(coup: Coup, stake: Decimal, *, commission_free: bool, vig_rounding: bool) -> Expected:
    """§ 629b.5(g)(1) and (h)(1): a Banker wager in Rising Phoenix Baccarat.

    Standard commission: paid 1 to 1 less the 5% vigorish of § 631a.13(c) (read for
    § 629a.12(c)). Commission-free: a three-card Banker 7 that wins ties and is
    returned ((g)(1)(iv)); any other win is paid 1 to 1 with no vigorish (also a
    Banker win with 6: (h)(1) sends Banker wins to § 629a.12, not to § 629b.2(i)).
    """
    if commission_free and is_three_card_banker_7_win(coup):
        return _push(stake, "629b.5(g)(1)(iv)", "three_card_7")
    if coup.winner == "tie":
        return _push(stake, "629b.5(g)(1)(iii)")
    if coup.winner == "player":
        return _lose("629b.5(g)(1)(ii)")
    vig = Decimal(0) if commission_free else vigorish(stake, vig_rounding)
    return _win(stake, Odds.parse("1 to 1"), "629b.5(h)(1)", vig=vig)


def is_rising_phoenix_decks(decks: int) -> bool:
    """§ 629b.5(f): six or eight decks."""
    return decks in DECKS


__all__ = [
    "BONUS_CLAUSES", "BONUS_NAMES", "BONUS_ODDS", "BONUS_PAYTABLE_TEXT", "BONUS_WINS", "DECKS", "bonus_wins",
    "is_rising_phoenix_decks", "is_three_card_banker_7_win", "option_id", "point_count", "settle_banker",
    "settle_bonus",
]
