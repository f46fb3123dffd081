"""Rising Phoenix Baccarat (58 Pa. Code § 629b.5): the Banker wager of a commission or
commission-free game, and the twenty Bonus wagers (wager ``rising_phoenix_bonus``,
the Bonus named by ``option``).

Rules: ``variant = "rising_phoenix"``; ``commission = "standard"`` or
``"commission_free"``; ``wagers.rising_phoenix_bonus.bonuses`` lists the Bonus wagers
offered (all when absent).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Callable, Optional

from ..cards import rank_of
from ..wagers import WAGER_KINDS, Hands, Settlement, WagerKind, commission, lose, pays, push, register

# Every Bonus wager: its name, its odds ("N to 1") and when it wins.
_Rule = Callable[[Hands], bool]


def _winner_cards(h: Hands) -> tuple[int, int, int, int]:
    """(winning count, losing count, winning cards, losing cards); call only when not a tie."""
    if h.winner == "player":
        return h.p, h.b, len(h.player), len(h.banker)
    return h.b, h.p, len(h.banker), len(h.player)


def _over(high: int, low: int, cards: Optional[int] = None, who: Optional[str] = None) -> _Rule:
    def rule(h: Hands) -> bool:
        if h.winner == "tie" or (who is not None and h.winner != who):
            return False
        w, lo, wc, lc = _winner_cards(h)
        return w == high and lo == low and (cards is None or wc == lc == cards)
    return rule


def _tie(*counts: int) -> _Rule:
    return lambda h: h.winner == "tie" and h.p in counts


BONUSES: dict[str, tuple[int, _Rule]] = {
    "sun_7": (40, lambda h: h.winner == "banker" and h.b == 7 and len(h.banker) == 3),
    "moon_8": (25, lambda h: h.winner == "player" and h.p == 8 and len(h.player) == 3),
    "9_over_7": (25, _over(9, 7)),
    "2_card_8_over_2_card_1": (50, _over(8, 1, cards=2)),
    "player_win_with_a_3_card_6": (40, lambda h: h.winner == "player" and h.p == 6 and len(h.player) == 3),
    "banker_win_with_1_or_2": (60, lambda h: h.winner == "banker" and h.b in (1, 2)),
    "player_and_banker_have_an_8_or_9": (20, lambda h: h.p >= 8 and h.b >= 8),
    "1_over_0": (90, _over(1, 0)),
    "3_card_6_over_3_card_3": (150, _over(6, 3, cards=3)),
    "3_card_8_over_3_card_0": (130, _over(8, 0, cards=3)),
    "banker_win_over_a_2_card_7": (30, lambda h: h.winner == "banker" and h.p == 7 and len(h.player) == 2),
    "3_card_9_over_3_card_6": (200, _over(9, 6, cards=3)),
    "3_card_9_over_3_card_8": (200, _over(9, 8, cards=3)),
    "player_win_with_a_3_card_8_over_3_card_0": (250, _over(8, 0, cards=3, who="player")),
    "tie_with_0": (150, _tie(0)),
    "tie_with_1_2_or_3": (70, _tie(1, 2, 3)),
    "tie_with_4_5_6_or_7": (15, _tie(4, 5, 6, 7)),
    "tie_with_8_or_9": (40, _tie(8, 9)),
    "player_pair": (11, lambda h: rank_of(h.player[0]) == rank_of(h.player[1])),
    "banker_pair": (11, lambda h: rank_of(h.banker[0]) == rank_of(h.banker[1])),
}


def _phoenix(rules: dict) -> bool:
    return rules.get("variant") == "rising_phoenix"


def _offered_bonuses(rules: dict) -> list[str]:
    options = (rules.get("wagers") or {}).get("rising_phoenix_bonus")
    if options is None:
        return []
    return list(options.get("bonuses") or BONUSES)


def _check_bonus(rules: dict, hand: Optional[str], option: Optional[str]) -> Optional[str]:
    if option not in BONUSES:
        return f"a Rising Phoenix Bonus wager must name one of the Bonus wagers, not {option!r}"
    if option not in _offered_bonuses(rules):
        return f"the Bonus wager {option!r} is not offered at this table"
    return None


def _bonus(h: Hands, w: dict, stake: Decimal) -> Settlement:
    odds, wins = BONUSES[w["option"]]
    if wins(h):
        return Settlement("win", pays(stake, odds), outcome=w["option"])
    return lose()


# The Banker wager: a Rising Phoenix table settles it here, any other table as before.
_base_banker = WAGER_KINDS["banker"]


def _banker(h: Hands, w: dict, stake: Decimal) -> Settlement:
    if not _phoenix(h.rules):
        return _base_banker.settle(h, w, stake)
    free = h.rules.get("commission") == "commission_free"
    if h.winner == "tie":
        return push(stake)
    if h.winner == "player":
        return lose()
    if free and len(h.banker) == 3 and h.b == 7:
        return push(stake, "three_card_7")
    return Settlement("win", pays(stake, 1), Decimal("0.00") if free else commission(h.rules, stake))


register(WagerKind("banker", _banker, _base_banker.offered, _base_banker.phase, _base_banker.needs_hand,
                   _base_banker.needs_baccarat_wager, _base_banker.check))
register(WagerKind("rising_phoenix_bonus", _bonus, lambda r: _phoenix(r) and bool(_offered_bonuses(r)),
                   check=_check_bonus))
