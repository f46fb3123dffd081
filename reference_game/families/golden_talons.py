"""Golden Talons (58 Pa. Code § 629b.6): a wager on the Player's Hand or the Banker's
Hand, placed after a Midibaccarat wager, paid by margin of victory, a natural win at
1 to 1 whatever its margin.

Rules: ``wagers.golden_talons.paytable`` is ``"A"`` to ``"E"``.
"""

from __future__ import annotations

from decimal import Decimal

from ..wagers import Hands, Settlement, WagerKind, lose, offered_wager, pays, push, register

# margin 9, 8, 7, 6, 5, 4 -> "N to 1"; natural win; natural tie (None = push)
PAYTABLES = {
    "A": ({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}, 1, None),
    "B": ({9: 20, 8: 10, 7: 5, 6: 4, 5: 2, 4: 1}, 1, 2),
    "C": ({9: 30, 8: 12, 7: 5, 6: 3, 5: 3, 4: 1}, 1, None),
    "D": ({9: 20, 8: 8, 7: 7, 6: 4, 5: 3, 4: 1}, 1, None),
    "E": ({9: 30, 8: 10, 7: 4, 6: 4, 5: 2, 4: 2}, 1, None),
}


def _golden_talons(h: Hands, w: dict, stake: Decimal) -> Settlement:
    by_margin, natural_win, natural_tie = PAYTABLES[h.rules["wagers"]["golden_talons"].get("paytable", "A")]
    hand = w["hand"]
    mine, theirs = (h.p, h.b) if hand == "player" else (h.b, h.p)
    if h.natural(hand):
        if mine == theirs:
            if natural_tie is None:
                return push(stake, "natural_tie")
            return Settlement("win", pays(stake, natural_tie), outcome="natural_tie")
        if mine > theirs:
            return Settlement("win", pays(stake, natural_win), outcome="natural_win")
        return lose()
    margin = mine - theirs
    if margin >= 4:
        return Settlement("win", pays(stake, by_margin[margin]), outcome=f"win_by_{margin}")
    return lose()


register(WagerKind("golden_talons", _golden_talons, offered_wager("golden_talons"), needs_hand=True,
                   needs_baccarat_wager=True))
