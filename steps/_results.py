"""The wagers a scenario places and their settlement in the round record (not a step
module: modules whose name starts with "_" are not loaded as pytest plugins).

:class:`Wagers` is the value of the ``wagers`` fixture (steps/wagers.py); the step
modules that place wagers or judge their settlement share :func:`place`,
:func:`result_of` and :func:`check_result`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional

from baccarat_conformance.errors import Nonconformance
from baccarat_conformance.protocol import models as m

from ._support import TableHandle
from ._vocabulary import cards_of_record, money_text
from ._wager_targets import Target


@dataclass
class Wagers:
    """The wagers placed in this scenario: (seat, target) -> (wager_id, amount), and
    the acknowledgements of refused wagers, in order."""

    placed: dict[tuple[int, Target], tuple[str, Decimal]] = field(default_factory=dict)
    acks: list[tuple[int, Target, Decimal, m.WagerAck]] = field(default_factory=list)


def place(table: TableHandle, seat: int, amount: Decimal, target: Target, clause: str, wagers: Wagers) -> Wagers:
    """Place ``amount`` on ``target`` at ``seat`` and record it in ``wagers``.

    :raises Nonconformance: under ``clause`` when the game refuses the wager.
    """
    ack = table.game.place_wager(table.table_id, seat, target.wager_type, amount, hand=target.hand,
                                 option=target.option)
    wagers.acks.append((seat, target, amount, ack))
    if not ack.accepted:
        raise Nonconformance(clause, f"the game accepts a {money_text(amount)} {target.describe()} wager at seat "
                                     f"{seat}", f"refused it: {ack.reason}")
    wagers.placed[(seat, target)] = (ack.wager_id or "", amount)
    return wagers


def result_of(round_record: m.RoundRecord, wagers: Wagers, seat: int, target: Target, clause: str) -> m.WagerResult:
    """The settlement of the wager ``seat`` placed on ``target``, from the round record.

    :raises Nonconformance: under ``clause`` when the round record does not settle it.
    """
    wager_id, _ = wagers.placed[(seat, target)]
    for r in round_record.wagers:
        if r.wager_id == wager_id:
            return r
    raise Nonconformance(clause, f"the round record settles the {target.describe()} wager of seat {seat}",
                         f"no settlement for wager {wager_id} in the round record", cards_of_record(round_record))


def check_result(round_record: m.RoundRecord, wagers: Wagers, seat: int, target: Target, clause: str, result: str,
                 paid: Optional[Decimal], how: str) -> m.WagerResult:
    """The settlement of the wager ``seat`` placed on ``target``, checked: its
    ``result`` (``"win"``, ``"lose"``, ``"push"``, ``"void"``) and, unless None, the
    amount ``paid`` (the stake included). ``how`` completes the requirement's
    sentence ("the $10 ... wager of seat 1 <how>").

    :raises Nonconformance: under ``clause`` when either differs.
    """
    r = result_of(round_record, wagers, seat, target, clause)
    _, stake = wagers.placed[(seat, target)]
    if r.result != result or (paid is not None and r.paid != paid):
        observed = f"settled it as {r.result}, paying ${r.paid}"
        raise Nonconformance(clause, f"the ${stake} {target.describe()} wager of seat {seat} {how}", observed,
                             cards_of_record(round_record))
    return r
