"""Wager kinds of the reference game and how each is settled.

Each kind registers itself in :data:`WAGER_KINDS`. A kind says when it is settled
(``initial``: after the first four cards and before any third card, e.g. House Money
§ 631a.9(e); ``final``: after the result is announced, § 631a.12(b)), whether it needs
a target hand, whether the Rules Submission offers it, and how it pays.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from functools import cached_property
from typing import Callable, Optional

from .cards import baccarat_value, rank_of

CENT = Decimal("0.01")


def pays(stake: Decimal, a: int | Fraction, b: int = 1) -> Decimal:
    """Stake back plus winnings at "a to b" odds (exact: ``stake * a`` is exact in
    Decimal, and dividing it by ``b`` rounds as dividing the reduced fraction does)."""
    if type(a) is int:
        won = stake * a if b == 1 else stake * a / b
        return (stake + won).quantize(CENT)
    won_f = Fraction(stake) * Fraction(a) / b
    return (stake + Decimal(won_f.numerator) / Decimal(won_f.denominator)).quantize(CENT)


def pays_for(stake: Decimal, a: int, b: int = 1) -> Decimal:
    """Total returned at "a for b" odds (the stake is part of it)."""
    return (stake * a / b).quantize(CENT)


@dataclass
class Hands:
    """What the settlement of a wager can see: the hands dealt so far."""

    player: list[str]
    banker: list[str]
    rules: dict

    @staticmethod
    def count(cards: list[str]) -> int:
        return sum(map(baccarat_value, cards)) % 10

    @cached_property
    def p(self) -> int:
        """The Player's Point Count (computed once: the hands are complete when settled)."""
        return self.count(self.player)

    @cached_property
    def b(self) -> int:
        """The Banker's Point Count (computed once)."""
        return self.count(self.banker)

    def natural(self, hand: str) -> bool:
        cards = self.player if hand == "player" else self.banker
        return self.count(cards[:2]) in (8, 9)

    @property
    def winner(self) -> str:
        if self.p == self.b:
            return "tie"
        return "player" if self.p > self.b else "banker"

    @property
    def dragon_7(self) -> bool:
        return len(self.banker) == 3 and self.b == 7 and self.p < 7

    @property
    def panda_8(self) -> bool:
        return len(self.player) == 3 and self.p == 8 and self.b < 8

    @property
    def ez(self) -> bool:
        return self.rules.get("variant") == "ez_baccarat"


@dataclass
class Settlement:
    result: str  # win | lose | push
    paid: Decimal
    vigorish: Decimal = Decimal("0.00")
    outcome: Optional[str] = None


@dataclass
class WagerKind:
    name: str
    settle: Callable[[Hands, dict, Decimal], Settlement]
    offered: Callable[[dict], bool]
    phase: str = "final"
    needs_hand: bool = False
    needs_baccarat_wager: bool = False
    # (rules, hand, option) -> a reason to refuse the wager's hand or option, or None
    check: Optional[Callable[[dict, Optional[str], Optional[str]], Optional[str]]] = None


WAGER_KINDS: dict[str, WagerKind] = {}

#: Extra announcements of variants: each is called with the final hands and returns
#: the dealer's call (e.g. "Lucky Six", § 631c.5(e)) or None; families append to it.
ANNOUNCERS: list[Callable[[Hands], Optional[str]]] = []


def register(kind: WagerKind) -> WagerKind:
    WAGER_KINDS[kind.name] = kind
    return kind


def lose(outcome: Optional[str] = None) -> Settlement:
    return Settlement("lose", Decimal("0.00"), outcome=outcome)


def push(stake: Decimal, outcome: Optional[str] = None) -> Settlement:
    return Settlement("push", stake.quantize(CENT), outcome=outcome)


def offered_wager(name: str) -> Callable[[dict], bool]:
    return lambda rules: name in (rules.get("wagers") or {})


def commission(rules: dict, won: Decimal) -> Decimal:
    """Five percent of the amount won, rounded up to a multiple of 25 cents when the
    Rules Submission says so (never less than 25 cents then)."""
    vig = won / 20
    if rules.get("vigorish_rounding"):
        quarters = (vig * 4).to_integral_value(rounding=ROUND_CEILING)
        vig = max(quarters, Decimal(1)) / 4
    return vig.quantize(CENT, rounding=ROUND_CEILING)


# ------------------------------------------------------------------ base wagers
def _banker(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if h.ez and h.dragon_7:
        return push(stake, "dragon_7")
    if h.winner == "tie":
        return push(stake)
    if h.winner == "player":
        return lose()
    no_commission = h.ez or h.rules.get("variant") == "commission_free"
    vig = Decimal("0.00") if no_commission else commission(h.rules, stake)
    return Settlement("win", pays(stake, 1), vig)


def _player(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if h.winner == "tie":
        return push(stake)
    if h.winner == "banker":
        return lose()
    return Settlement("win", pays(stake, 1))


def _tie(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if h.winner != "tie":
        return lose()
    return Settlement("win", pays(stake, _odds(str(h.rules.get("tie_odds", "8 to 1")))))


@functools.lru_cache(maxsize=64)
def _odds(text: str) -> int | Fraction:
    """``"8 to 1"`` -> 8, ``"9 to 2"`` -> Fraction(9, 2) (an int where the odds are whole)."""
    a, _, b = text.split()
    odds = Fraction(a) / Fraction(b)
    return int(odds) if odds.denominator == 1 else odds


DRAGON_BONUS = {
    "A": {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1, "natural": 1},
    "B": {9: 20, 8: 8, 7: 7, 6: 4, 5: 3, 4: 1, "natural": 1},
    "C": {9: 30, 8: 10, 7: 4, 6: 4, 5: 2, 4: 2, "natural": 1},
}


def _dragon_bonus(h: Hands, w: dict, stake: Decimal) -> Settlement:
    hand = w["hand"]
    other = "banker" if hand == "player" else "player"
    mine, theirs = (h.p, h.b) if hand == "player" else (h.b, h.p)
    table = DRAGON_BONUS[h.rules["wagers"]["dragon_bonus"].get("paytable", "A")]
    if h.natural(hand):
        if h.natural(other):
            if mine == theirs:
                return push(stake, "natural_tie")
            if mine < theirs:
                return lose("natural_loser")
        return Settlement("win", pays(stake, table["natural"]), outcome="natural_winner")
    margin = mine - theirs
    if h.natural(other) or margin < 4:
        return lose()
    return Settlement("win", pays(stake, table[margin]), outcome=f"win_by_{margin}")


def _dragon_7(h: Hands, w: dict, stake: Decimal) -> Settlement:
    return Settlement("win", pays(stake, 40)) if h.dragon_7 else lose()


def _panda_8(h: Hands, w: dict, stake: Decimal) -> Settlement:
    return Settlement("win", pays(stake, 25)) if h.panda_8 else lose()


def _house_money(h: Hands, w: dict, stake: Decimal) -> Settlement:
    pairs = [rank_of(x[0]) == rank_of(x[1]) for x in (h.player, h.banker)]
    if all(pairs):
        return Settlement("win", pays(stake, 15), outcome="both_pairs")
    if any(pairs):
        return Settlement("win", pays(stake, 3), outcome="one_pair")
    return lose()


def _ez_only(rules: dict) -> bool:
    return rules.get("variant") == "ez_baccarat"


register(WagerKind("banker", _banker, lambda r: True))
register(WagerKind("player", _player, lambda r: True))
register(WagerKind("tie", _tie, lambda r: True))
register(WagerKind("dragon_bonus", _dragon_bonus, offered_wager("dragon_bonus"), needs_hand=True))
# § 631a.8(a)(5), (6): permissible on every table designated for play as EZ Baccarat.
register(WagerKind("dragon_7", _dragon_7, _ez_only))
register(WagerKind("panda_8", _panda_8, _ez_only))
register(WagerKind("house_money", _house_money, offered_wager("house_money"), phase="initial"))

