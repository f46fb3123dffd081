"""Commission-free Baccarat (58 Pa. Code § 631c.5), commission-free Midibaccarat
(§ 629b.2) and commission-free Minibaccarat (§ 627b.2), written as data from the text.

The three sections give the same wagers and odds. § 629b.2's text is garbled
where noted below; the readings the harness applies are named interpretations in
corpus/interpretations.toml (``629b.2-cut-off-h``, ``629b.2-duplicate-i-tie-odds``,
``629b.2-1-for-l``).
"""

from __future__ import annotations

from typing import Optional, Sequence

from .ch631a import point_count, rank
from .odds import Odds

# The odds as printed, per section (subsection letters as the corpus files them).
ODDS_TEXT: dict[str, dict[str, str]] = {
    "631c.5": {
        "pair": "11 to 1",            # (g) "A winning pair wager ... shall be paid at odds of 11 to 1."
        "player": "1 to 1",           # (h)
        "banker": "1 to 1",           # (i) "... paid at odds of 1 to 1, except if the banker's hand
        "banker_six": "1 to 2",       #      wins with a point count of 6, ... at odds of 1 to 2."
        "tie": "8 to 1",              # (j)
        "lucky_six_2_cards": "12 to 1",  # (k)(1) "With only two cards dealt to the banker's hand"
        "lucky_six_3_cards": "20 to 1",  # (k)(2) "With three cards dealt to the banker's hand"
    },
    "627b.2": {
        "pair": "11 to 1", "player": "1 to 1", "banker": "1 to 1", "banker_six": "1 to 2", "tie": "8 to 1",
        "lucky_six_2_cards": "12 to 1", "lucky_six_3_cards": "20 to 1",
    },
    "629b.2": {
        "pair": "11 to 1",
        # (h) is cut off after "1 to"; read as "1 to 1" (interpretation 629b.2-cut-off-h).
        "player": "1 to 1",
        "banker": "1 to 1", "banker_six": "1 to 2",
        # (j), printed "(i)" a second time (interpretation 629b.2-duplicate-i-tie-odds).
        "tie": "8 to 1",
        "lucky_six_2_cards": "12 to 1", "lucky_six_3_cards": "20 to 1",
    },
}
PRINTED_629B2_H = "A winning wager made on the Player's Hand shall be paid at odds of 1 to"
ODDS: dict[str, dict[str, Odds]] = {
    section: {k: Odds.parse(v) for k, v in table.items()} for section, table in ODDS_TEXT.items()
}
#: The dealer's call when the Banker's Hand wins with a Point Count of six (§ 631c.5(e)).
LUCKY_SIX_ANNOUNCEMENT = "Lucky Six"


def section_for(variant: str) -> str:
    """The section governing a commission-free table of ``variant``
    (``commission_free`` -> 631c.5, ``midibaccarat`` -> 629b.2, ``minibaccarat`` -> 627b.2)."""
    return {"commission_free": "631c.5", "midibaccarat": "629b.2", "minibaccarat": "627b.2"}[variant]


def is_pair(initial_two: Sequence[str]) -> bool:
    """(c)(1), (c)(2): "a pair such as two nines or two queens" — the same rank."""
    if len(initial_two) != 2:
        raise ValueError(f"a pair is judged on the initial two cards, got {list(initial_two)}")
    return rank(initial_two[0]) == rank(initial_two[1])


def lucky_six_row(player: Sequence[str], banker: Sequence[str]) -> Optional[str]:
    """(c)(3) and (k): the Lucky Six wager wins when the Banker's Hand has a Point
    Count of six higher than the Player's: ``"lucky_six_2_cards"`` or
    ``"lucky_six_3_cards"`` by the number of cards dealt to the Banker's Hand; ``None``
    otherwise. A tie on six is no win and the wager loses (interpretation
    ``631c.5-c-3-lucky-six-tie-on-six``)."""
    b, p = point_count(banker), point_count(player)
    if b != 6 or b <= p:
        return None
    return "lucky_six_2_cards" if len(banker) == 2 else "lucky_six_3_cards"


def banker_row(player: Sequence[str], banker: Sequence[str]) -> Optional[str]:
    """(i): the odds row of a winning Banker wager (``"banker_six"`` when the
    Banker's Hand wins with six), ``None`` when the Banker's Hand does not win."""
    b, p = point_count(banker), point_count(player)
    if b <= p:
        return None
    return "banker_six" if b == 6 else "banker"
