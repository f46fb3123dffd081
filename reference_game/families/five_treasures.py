"""5 Treasures Baccarat (58 Pa. Code § 631c.3): five wagers, each placed after a
Baccarat wager and settled with the Baccarat wagers once the round is complete.
Cover All may be placed alone and wins whenever one of the other four would."""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from ..wagers import Hands, Settlement, WagerKind, lose, offered_wager, pays, register

PAYTABLE = {
    "A": {"fortune_7": 40, "golden_8": 25, "heavenly_9_both": 75, "heavenly_9_either": 10,
          "blazing_7s_3_card": 400, "blazing_7s_2_card": None, "cover_all": 6},
    "B": {"fortune_7": 40, "golden_8": 25, "heavenly_9_both": 75, "heavenly_9_either": 10,
          "blazing_7s_3_card": 200, "blazing_7s_2_card": 50, "cover_all": 6},
}


def _letter(h: Hands, wager: str) -> str:
    return h.rules["wagers"][wager].get("paytable", "A")


def _fortune_7(h: Hands) -> Optional[str]:
    return "fortune_7" if h.winner == "banker" and len(h.banker) == 3 and h.b == 7 else None


def _golden_8(h: Hands) -> Optional[str]:
    return "golden_8" if h.winner == "player" and len(h.player) == 3 and h.p == 8 else None


def _heavenly_9(h: Hands) -> Optional[str]:
    hits = [len(cards) == 3 and Hands.count(cards) == 9 for cards in (h.player, h.banker)]
    if all(hits):
        return "heavenly_9_both"
    return "heavenly_9_either" if any(hits) else None


def _blazing_7s(h: Hands, letter: str) -> Optional[str]:
    if (h.p, h.b) != (7, 7) or len(h.player) != len(h.banker):
        return None
    row = f"blazing_7s_{len(h.player)}_card"
    return row if PAYTABLE[letter][row] is not None else None


def _cover_all(h: Hands, letter: str) -> Optional[str]:
    if _fortune_7(h) or _golden_8(h) or _heavenly_9(h) or _blazing_7s(h, letter):
        return "cover_all"
    return None


def _kind(name: str, find) -> WagerKind:
    def settle(h: Hands, w: dict, stake: Decimal) -> Settlement:
        letter = _letter(h, name)
        row = find(h, letter)
        if row is None:
            return lose()
        return Settlement("win", pays(stake, PAYTABLE[letter][row]), outcome=row)

    return WagerKind(name, settle, offered_wager(name), phase="final", needs_baccarat_wager=True)


register(_kind("fortune_7", lambda h, letter: _fortune_7(h)))
register(_kind("golden_8", lambda h, letter: _golden_8(h)))
register(_kind("heavenly_9_bonus", lambda h, letter: _heavenly_9(h)))
register(_kind("blazing_7s", _blazing_7s))
register(_kind("cover_all", _cover_all))
