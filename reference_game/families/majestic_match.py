"""Majestic Match (58 Pa. Code § 631c.7): a wager on the Player's Hand or the
Banker's Hand, placed with or without a Baccarat wager, that its initial two cards
are suited; a suited king and queen is a Royal Match. Settled before any third card."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from ..cards import rank_of, suit_of
from ..wagers import Hands, Settlement, WagerKind, lose, offered_wager, pays, register

ROYAL = Fraction(25)
SUITED = Fraction(5, 2)  # "2.5 to 1"


def _settle(h: Hands, w: dict, stake: Decimal) -> Settlement:
    a, b = (h.player if w["hand"] == "player" else h.banker)[:2]
    if suit_of(a) != suit_of(b):
        return lose()
    if sorted((rank_of(a), rank_of(b))) == ["K", "Q"]:
        return Settlement("win", pays(stake, ROYAL), outcome="royal_match")
    return Settlement("win", pays(stake, SUITED), outcome="suited_match")


register(WagerKind("majestic_match", _settle, offered_wager("majestic_match"), phase="initial", needs_hand=True))
