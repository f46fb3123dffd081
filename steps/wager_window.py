"""Steps on the betting window (58 Pa. Code § 631a.8(c)): after the dealer announces
"no more bets", a wager may not be made, increased or withdrawn. Each request is
sent to the game and its answer kept; the game must refuse it and say why
(``WagerAck.accepted`` false with a ``reason``, or an error object)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Optional

import pytest
from pytest_bdd import parsers, then, when

from baccarat_conformance.judging.errors import GameRefused, Nonconformance
from baccarat_conformance.judging.judgements import judged
from baccarat_conformance.inputs.profile import RulesSubmission
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


# ------------------------------------------------------------------ table limits (§ 631a.8(a))
#: The optional wagers of § 631a.8(a) the table limits are judged on (with the Banker, Player
#: and Tie wagers); a side wager of another section only when the Rules Submission files
#: limits of its own for it.
OPTIONAL_631A = ("dragon_bonus", "dragon_7", "panda_8", "house_money")
CENT = Decimal("0.01")


def _limited_wagers(rules_submission: RulesSubmission, game: Any) -> list[tuple[Target, Decimal | None, Decimal | None]]:
    """``(wager, minimum, maximum)`` of each wager type the filed limits apply to."""
    from baccarat_conformance.oracle import par_wagers

    limits = {k: v for k, v in rules_submission.limits.items()}
    rules = rules_submission.as_rules()
    targets = {w.wager: Target(w.wager, w.hand, w.option) for w in reversed(par_wagers.models(rules))}
    out = []
    for wager_type in ("banker", "player", "tie") + OPTIONAL_631A + tuple(sorted(set(limits) - {"default"})):
        target = targets.get(wager_type)
        own = limits.get(wager_type) or limits.get("default")
        if target is None or own is None or any(t.wager_type == wager_type for t, _, _ in out):
            continue
        if wager_type not in ("banker", "player", "tie") and not game.has_capability(f"wager.{wager_type}"):
            continue
        out.append((target, Decimal(own.min) if own.min else None, Decimal(own.max) if own.max else None))
    return out


def _try(table: TableHandle, seat: int, target: Target, amount: Decimal) -> Request:
    """Place ``amount`` on ``target`` at ``seat`` (after a Banker wager at the seat's minimum for
    an optional wager), then withdraw whatever was accepted: the next try starts clean."""
    placed = []
    base = None
    if target.wager_type not in ("banker", "player", "tie"):
        base = _send("the Banker wager first", lambda: table.game.place_wager(table.table_id, seat, "banker",
                                                                                _banker_stake(table)))
        if base.ack is not None and base.ack.accepted:
            placed.append(base.ack.wager_id)
    request = _send(f"seat {seat} wagers {money_text(amount)} on {target.describe()}",
                    lambda: table.game.place_wager(table.table_id, seat, target.wager_type, amount,
                                                   hand=target.hand, option=target.option))
    if request.ack is not None and request.ack.accepted and request.ack.wager_id:
        placed.append(request.ack.wager_id)
    for wager_id in reversed(placed):
        _send("withdraw", lambda w=wager_id: table.game.withdraw_wager(table.table_id, w))
    return request


def _banker_stake(table: TableHandle) -> Decimal:
    limits = table.rules.get("limits") or {}
    own = limits.get("banker") or limits.get("default") or {}
    return Decimal(own.get("min") or "10.00")


@then("each wager the table limits apply to is refused a cent below its minimum and a cent above its maximum, "
      "and accepted at both")
def within_limits(table: TableHandle, rules_submission: RulesSubmission, clause: str) -> None:
    """Interpretation 631a.8-a-table-limits: each wager type's filed ``[limits.TYPE]`` (else
    ``[limits.default]``) bound what the game accepts, ends included."""
    if not rules_submission.limits:
        pytest.skip("not offered: the Rules Submission files no table limits")
    seat = 1
    tried = 0
    for target, low, high in _limited_wagers(rules_submission, table.game):
        where = "[limits." + (target.wager_type if target.wager_type in rules_submission.limits else "default") + "]"
        probes = [(low - CENT, False, f"below the minimum of ${low}")] if low is not None and low > CENT else []
        probes += [(high + CENT, False, f"above the maximum of ${high}")] if high is not None else []
        probes += [(a, True, f"at the {what} of ${a}") for a, what in ((low, "minimum"), (high, "maximum"))
                   if a is not None]
        for amount, accept, why in probes:
            r = _try(table, seat, target, amount)
            tried += 1
            accepted = r.ack is not None and r.ack.accepted
            if accepted != accept:
                raise Nonconformance(clause, f"a {money_text(amount)} wager on {target.describe()}, {why} the Rules "
                                             f"Submission files ({where}), "
                                             + ("accepted" if accept else "refused (accepted: false)"),
                                     f"accepted it ({r.ack.wager_id})" if accepted else
                                     f"refused it: {(r.ack.reason if r.ack else r.refusal) or 'no reason'}")
    if not tried:
        pytest.skip("not offered: the table limits the Rules Submission files apply to no wager the table offers")
    judged(tried, "wagers offered at and beyond the table limits")
