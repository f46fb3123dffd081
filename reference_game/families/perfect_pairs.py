"""Perfect Pairs (58 Pa. Code § 631c.1; Midibaccarat § 629b.1; Minibaccarat § 627b.1):
a wager on the Player's Hand or the Banker's Hand that its initial two cards are a
pair, paid by the kind of pair under the paytable of the Rules Submission.
Settled after the initial cards, before any third card."""

from __future__ import annotations

from decimal import Decimal

from ..cards import is_red, rank_of, suit_of
from ..wagers import Hands, Settlement, WagerKind, lose, offered_wager, pays, register

# to-1 odds by paytable: (perfect, colored, mixed)
ODDS = {"A": (25, 12, 6), "B": (30, 10, 5), "C": (25, 15, 5)}


def _settle(h: Hands, w: dict, stake: Decimal) -> Settlement:
    first, second = (h.player if w["hand"] == "player" else h.banker)[:2]
    if rank_of(first) != rank_of(second):
        return lose()
    perfect, colored, mixed = ODDS[h.rules["wagers"]["perfect_pairs"].get("paytable", "A")]
    if suit_of(first) == suit_of(second):
        return Settlement("win", pays(stake, perfect), outcome="perfect_pair")
    if is_red(first) == is_red(second):
        return Settlement("win", pays(stake, colored), outcome="colored_pair")
    return Settlement("win", pays(stake, mixed), outcome="mixed_pair")


register(WagerKind("perfect_pairs", _settle, offered_wager("perfect_pairs"), phase="initial", needs_hand=True))
