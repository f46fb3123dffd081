"""Commission-free Baccarat (58 Pa. Code § 631c.5), Midibaccarat (§ 629b.2) and
Minibaccarat (§ 627b.2): no commission on the Banker's Hand, which pays 1 to 2 when
it wins with six; Player Pair and Banker Pair (11 to 1, settled before any third
card); Lucky Six (12 to 1 with two cards, 20 to 1 with three); the dealer calls
"Lucky Six" when the Banker's Hand wins with six."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Optional

from ..cards import rank_of
from ..wagers import ANNOUNCERS, WAGER_KINDS, Hands, Settlement, WagerKind, lose, push, pays, register


def commission_free(rules: dict) -> bool:
    """Whether the table is commission-free: the variant ``commission_free``
    (§ 631c.5), or a Midibaccarat / Minibaccarat table filed as commission-free."""
    variant = rules.get("variant")
    return variant == "commission_free" or (variant in ("midibaccarat", "minibaccarat")
                                            and bool(rules.get("commission_free")))


def _offered(name: str):
    return lambda rules: commission_free(rules) and name in (rules.get("wagers") or {})


def _banker_wins_with_six(h: Hands) -> bool:
    return h.winner == "banker" and h.b == 6


_standard_banker = WAGER_KINDS["banker"]


def _banker(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if not commission_free(h.rules):
        return _standard_banker.settle(h, w, stake)
    if h.winner == "tie":
        return push(stake)
    if h.winner == "player":
        return lose()
    if h.b == 6:
        return Settlement("win", pays(stake, Fraction(1, 2)), outcome="banker_six")
    return Settlement("win", pays(stake, 1))


def _pair(hand: str):
    def settle(h: Hands, w: dict, stake: Decimal) -> Settlement:
        a, b = (h.player if hand == "player" else h.banker)[:2]
        return Settlement("win", pays(stake, 11), outcome="pair") if rank_of(a) == rank_of(b) else lose()

    return settle


def _lucky_six(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if not _banker_wins_with_six(h):
        return lose()
    if len(h.banker) == 2:
        return Settlement("win", pays(stake, 12), outcome="lucky_six_2_cards")
    return Settlement("win", pays(stake, 20), outcome="lucky_six_3_cards")


def _announce(h: Hands) -> Optional[str]:
    return "Lucky Six" if commission_free(h.rules) and _banker_wins_with_six(h) else None


register(WagerKind("banker", _banker, _standard_banker.offered, _standard_banker.phase, _standard_banker.needs_hand,
                   _standard_banker.needs_baccarat_wager))
register(WagerKind("player_pair", _pair("player"), _offered("player_pair"), phase="initial"))
register(WagerKind("banker_pair", _pair("banker"), _offered("banker_pair"), phase="initial"))
register(WagerKind("lucky_six", _lucky_six, _offered("lucky_six")))
ANNOUNCERS.append(_announce)
