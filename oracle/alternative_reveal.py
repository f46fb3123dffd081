"""The alternative card reveal procedure of 58 Pa. Code § 629b.4 (Midibaccarat).

§ 629b.4(b): "if all players have wagered on the Player's Hand and, upon request of the
player with the highest wager on the Player's Hand", the Banker's Hand is placed face
up and its Point Count announced first; the two cards of the Player's Hand are handed
face down to that player, who returns them face up.

In the protocol the request is a ``DealChoice(seat=N, reveal_banker_first=True)`` in
``deal_round``'s ``choices``; the reveals are the round's ``reveal`` events, in order,
with ``hand`` and, for a hand a player turned face up, ``seat``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable, Optional

BACCARAT_WAGERS = ("banker", "player", "tie")


def highest_player_wager_seat(wagers: Iterable[tuple[int, str, Decimal]]) -> Optional[int]:
    """The seat with the highest wager on the Player's Hand, from ``(seat, wager_type,
    amount)`` triples (None when there is none). Several Player wagers of one seat
    add up; of seats tied for the highest, the lowest-numbered, the one closest to the
    dealer moving counterclockwise (interpretation ``seat-direction-counterclockwise``,
    as for the highest wager of § 631a.9(d)(6))."""
    totals: dict[int, Decimal] = {}
    for seat, wager_type, amount in wagers:
        if wager_type == "player":
            totals[seat] = totals.get(seat, Decimal(0)) + amount
    if not totals:
        return None
    top = max(totals.values())
    return min(seat for seat, total in totals.items() if total == top)


def all_on_player_hand(wagers: Iterable[tuple[int, str, Decimal]]) -> bool:
    """Whether "all players have wagered on the Player's Hand": at least one Midibaccarat
    wager, and every Banker, Player and Tie wager of the round is on the Player's Hand
    (optional side wagers do not count; interpretation ``629b.4-b-all-players-on-player-hand``)."""
    kinds = [wager_type for _, wager_type, _ in wagers if wager_type in BACCARAT_WAGERS]
    return bool(kinds) and all(k == "player" for k in kinds)


def banker_revealed_first(wagers: Iterable[tuple[int, str, Decimal]], requests: Iterable[int]) -> bool:
    """§ 629b.4(b): whether the Banker's Hand is revealed first, given the round's wagers
    and the seats that asked for it (``reveal_banker_first``)."""
    wagers = list(wagers)
    seat = highest_player_wager_seat(wagers)
    return all_on_player_hand(wagers) and seat is not None and seat in set(requests)
