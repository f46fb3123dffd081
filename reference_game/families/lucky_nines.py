"""Lucky Nines (58 Pa. Code § 631c.4): offered only on a fully automated electronic
table, after a Baccarat wager; wins on the nines among the four initial cards,
settled after the initial cards are face up and before any third card."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from ..cards import rank_of, suit_of
from ..wagers import Hands, Settlement, WagerKind, lose, pays, register

# rows: (outcome, odds under A, B, C, D)
TABLE = {
    "four_nines": (500, 500, 1000, 2000),
    "three_nines_same_suit": (250, 250, 500, 500),
    "three_nines": (20, 30, 35, 15),
    "two_nines_same_suit": (8, 12, 16, 10),
    "two_nines": (5, 5, 5, 4),
    "one_nine_diamonds": (2, 2, 2, 2),
    "one_nine": (1, 1, 1, 1),
}


def _offered(rules: dict) -> bool:
    return "lucky_nines" in (rules.get("wagers") or {}) and bool(rules.get("fully_automated_table"))


def _outcome(cards: list[str]) -> str | None:
    suits = Counter(suit_of(c) for c in cards if rank_of(c) == "9")
    n = sum(suits.values())
    if n == 0:
        return None
    if n == 4:
        return "four_nines"
    words = {3: "three_nines", 2: "two_nines"}
    if n in words:
        return words[n] + ("_same_suit" if len(suits) == 1 else "")
    return "one_nine_diamonds" if "D" in suits else "one_nine"


def _settle(h: Hands, w: dict, stake: Decimal) -> Settlement:
    outcome = _outcome(h.player[:2] + h.banker[:2])
    if outcome is None:
        return lose()
    column = "ABCD".index(h.rules["wagers"]["lucky_nines"].get("paytable", "A"))
    return Settlement("win", pays(stake, TABLE[outcome][column]), outcome=outcome)


register(WagerKind("lucky_nines", _settle, _offered, phase="initial", needs_baccarat_wager=True))
