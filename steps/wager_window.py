"""Steps on the betting window (58 Pa. Code § 631a.8(c)): after the dealer announces
"no more bets", a wager may not be made, increased or withdrawn. Each request is
sent to the game and its answer kept; the game must refuse it and say why
(``WagerAck.accepted`` false with a ``reason``, or an error object)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Optional

import pytest
from pytest_bdd import parsers, then, when

from baccarat_conformance.errors import GameRefused, Nonconformance
from baccarat_conformance.protocol import models as m

from ._results import Wagers, place
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record, money_text
from ._wager_targets import Target


@dataclass
class Request:
    """One wager request and the game's answer (an ack, or the refusal's message)."""

    what: str
    ack: Optional[m.WagerAck] = None
    refusal: Optional[str] = None

    @property
    def refused_with_reason(self) -> bool:
        if self.refusal is not None:
            return bool(self.refusal.strip())
        return self.ack is not None and not self.ack.accepted and bool((self.ack.reason or "").strip())


@pytest.fixture
def wager_requests() -> list[Request]:
    """The wager requests of the running scenario, in order."""
    return []


def _send(what: str, call) -> Request:
    try:
        return Request(what, ack=call())
    except GameRefused as e:
        return Request(what, refusal=e.game_message)


@when(phrase("seat {seat:d} offers a wager of {amount:Money} on {target:Wager}"), target_fixture="wager_requests")
def offer(table: TableHandle, wager_requests: list[Request], seat: int, amount: Decimal,
          target: Target) -> list[Request]:
    wager_requests.append(_send(f"seat {seat} wagers {money_text(amount)} on {target.describe()}",
                                lambda: table.game.place_wager(table.table_id, seat, target.wager_type, amount,
                                                               hand=target.hand)))
    return wager_requests


@when(phrase("seat {seat:d} asks to increase its wager on {target:Wager} to {amount:Money}"),
      target_fixture="wager_requests")
def increase(table: TableHandle, wagers: Wagers, wager_requests: list[Request], seat: int, target: Target,
             amount: Decimal) -> list[Request]:
    wager_id, stake = wagers.placed[(seat, target)]
    wager_requests.append(_send(f"seat {seat} increases its ${stake} wager {wager_id} to {money_text(amount)}",
                                lambda: table.game.change_wager(table.table_id, wager_id, amount)))
    return wager_requests


@when(phrase("seat {seat:d} asks to withdraw its wager on {target:Wager}"), target_fixture="wager_requests")
def withdraw(table: TableHandle, wagers: Wagers, wager_requests: list[Request], seat: int,
             target: Target) -> list[Request]:
    wager_id, stake = wagers.placed[(seat, target)]
    wager_requests.append(_send(f"seat {seat} withdraws its ${stake} wager {wager_id}",
                                lambda: table.game.withdraw_wager(table.table_id, wager_id)))
    return wager_requests


@then("the game refuses each request, giving a reason")
def refused(wager_requests: list[Request], clause: str) -> None:
    if not wager_requests:
        raise ValueError("feature error: no wager request was made")
    for r in wager_requests:
        if not r.refused_with_reason:
            got = (f"accepted it ({r.ack.wager_id})" if r.ack and r.ack.accepted
                   else f"refused it without a reason: {r.ack or r.refusal!r}")
            raise Nonconformance(clause, f'after "no more bets", the game refuses: {r.what}', got)


@then(parsers.parse("seat {seat:d} has no wager settled in the round"))
def nothing_settled(round_record: m.RoundRecord, clause: str, seat: int) -> None:
    found = [w for w in round_record.wagers if w.seat == seat]
    if found:
        raise Nonconformance(clause, f"no wager of seat {seat} in the round (it was offered after \"no more bets\")",
                             f"settled {[(w.wager_type, str(w.amount), w.result) for w in found]}",
                             cards_of_record(round_record))


@then(phrase("the wager of seat {seat:d} on {target:Wager} is settled on its original {amount:Money}"))
def settled_on_original(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target,
                        amount: Decimal) -> None:
    wager_id, _ = wagers.placed[(seat, target)]
    found = [w for w in round_record.wagers if w.wager_id == wager_id]
    if len(found) != 1 or found[0].amount != amount:
        raise Nonconformance(clause, f"the wager {wager_id} of seat {seat} stays in action for its original "
                                     f"${amount}",
                             f"settled: {[(w.wager_id, str(w.amount), w.result) for w in found] or 'not settled'}",
                             cards_of_record(round_record))


@when(phrase("seat {seat:d} wagers {amount:Money} on {target:Wager}"), target_fixture="wagers")
def place_for_next_round(table: TableHandle, seat: int, amount: Decimal, target: Target, clause: str,
                         wagers: Wagers) -> Wagers:
    """The Given step "seat N wagers $X on ..." as a When step, for a later round."""
    return place(table, seat, amount, target, clause, wagers)
