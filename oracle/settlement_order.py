"""The order in which the dealer settles the wagers of a round, once its result is
announced: 58 Pa. Code § 631a.12(b) (Baccarat), and the same order for commission-free
Baccarat, § 631c.5(f) (Ch. 629b and 627b repeat it for Midibaccarat and Minibaccarat).

§ 631a.12(b): "the dealer shall [...] collect all losing wagers and, thereafter, starting at
the highest numbered player position at which a winning wager is located, pay that
player's winning wager and immediately thereafter mark or collect the vigorish owed by
that player unless the table is designated for play as an EZ Baccarat table in which
vigorish is not collected."

The rule is stated over plain :class:`Settlement` actions (what was done, at which seat,
to which wager), in the order the dealer did them; the steps turn a game's round record
into them. Each function returns ``None`` when the order keeps the rule, or an
:class:`OrderProblem` (``required``, ``observed``: one sentence each) naming what it
broke. House Money wagers are settled before the third cards (§ 631a.9(e)) and are not
part of this order: leave them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping, Optional, Sequence

__all__ = ["Settlement", "OrderProblem", "losers_before_winners", "paid_from_highest_seat",
           "vigorish_after_each_payment", "order_problem"]


@dataclass(frozen=True)
class Settlement:
    """One settlement action of the dealer: ``collect`` a losing wager, ``pay`` a winning
    wager, or mark or collect ``vigorish``; ``seat`` the player position (1-based),
    ``wager`` the wager's id (``None`` for vigorish)."""

    kind: Literal["collect", "pay", "vigorish"]
    seat: Optional[int]
    wager: Optional[str] = None


@dataclass(frozen=True)
class OrderProblem:
    """What § 631a.12(b) requires and what was done instead, one sentence each."""

    required: str
    observed: str


def _seats(actions: Sequence[Settlement], kind: str) -> list[Optional[int]]:
    return [a.seat for a in actions if a.kind == kind]


def losers_before_winners(actions: Sequence[Settlement], *, losing: Sequence[str],
                          winning: Sequence[str]) -> Optional[OrderProblem]:
    """§ 631a.12(b) (§ 631c.5(f)): every losing wager is collected, and only thereafter is a
    winning wager paid.

    :param actions: the round's settlement actions, in order.
    :param losing: the ids of the round's losing wagers; ``winning``: of its winning wagers.
    :returns: ``None``, or the problem: a losing wager not collected, a winning wager not
        paid, or a collection after the first payment.
    :raises ValueError: when the round has no losing or no winning wager (the order of the
        two cannot be judged on it).
    """
    if not losing or not winning:
        raise ValueError("the order of collection and payment needs a round with losing and winning wagers")
    collected = {a.wager for a in actions if a.kind == "collect"}
    paid = {a.wager for a in actions if a.kind == "pay"}
    missing = [w for w in losing if w not in collected] + [w for w in winning if w not in paid]
    if missing:
        return OrderProblem(f"each of the {len(losing)} losing wagers collected and each of the {len(winning)} "
                            "winning wagers paid",
                            f"wager {missing[0]} was not {'collected' if missing[0] in losing else 'paid'}")
    first_pay = next(i for i, a in enumerate(actions) if a.kind == "pay")
    late = [a for a in actions[first_pay:] if a.kind == "collect"]
    if late:
        return OrderProblem("every losing wager collected before the first winning wager is paid",
                            f"the wager {late[0].wager} of seat {late[0].seat} was collected after a winning "
                            "wager was paid")
    return None


def paid_from_highest_seat(actions: Sequence[Settlement], *, winning_seats: Sequence[int]) -> Optional[OrderProblem]:
    """§ 631a.12(b) (§ 631c.5(f)): the winning wagers are paid starting at the highest
    numbered player position at which a winning wager is located, then down.

    :param winning_seats: the seats at which the round has a winning wager.
    :returns: ``None``, or the problem: a winning seat left unpaid, or a seat paid after a
        lower-numbered one.
    :raises ValueError: when fewer than two seats hold a winning wager (no order to judge).
    """
    if len(set(winning_seats)) < 2:
        raise ValueError("the order of payment needs winning wagers at two seats at least")
    paid = _seats(actions, "pay")
    unpaid = sorted(set(winning_seats) - set(paid), reverse=True)
    if unpaid:
        return OrderProblem(f"the winning wagers of seats {sorted(set(winning_seats), reverse=True)} paid",
                            f"seat {unpaid[0]} was not paid (paid seats in the order {paid})")
    if any(a is None or b is None or a < b for a, b in zip(paid, paid[1:])):
        return OrderProblem("winning wagers paid starting at the highest-numbered seat, then in descending order",
                            f"paid seats in the order {paid}")
    return None


def vigorish_after_each_payment(actions: Sequence[Settlement], *, owed: Mapping[int, object]) -> Optional[OrderProblem]:
    """§ 631a.12(b): each seat that owes vigorish has it marked or collected immediately
    after that seat's winning wagers are paid (an EZ Baccarat or commission-free table owes
    none: pass an empty ``owed`` and expect no vigorish action at all).

    :param owed: seat -> the vigorish it owes on this round (any non-empty mark of it).
    :returns: ``None``, or the problem: vigorish taken where none is owed, or a seat's
        vigorish not the action right after its last payment.
    """
    taken = [a for a in actions if a.kind == "vigorish"]
    if not owed:
        if taken:
            return OrderProblem("no vigorish marked or collected", f"vigorish taken at seats {_seats(taken, 'vigorish')}")
        return None
    for seat in sorted(owed, reverse=True):
        pays = [i for i, a in enumerate(actions) if a.kind == "pay" and a.seat == seat]
        after = actions[pays[-1] + 1] if pays and pays[-1] + 1 < len(actions) else None
        if after is None or after.kind != "vigorish" or after.seat != seat:
            return OrderProblem(f"seat {seat} paid, then immediately its vigorish marked or collected",
                                f"after seat {seat}'s payment: {after.kind + ' at seat ' + str(after.seat) if after else 'nothing'}")
    return None


def order_problem(actions: Sequence[Settlement]) -> Optional[OrderProblem]:
    """§ 631a.12(b) over any round, whatever its wagers: no losing wager collected after a
    winning wager is paid; payments from the highest-numbered seat down; each vigorish
    action right after the last payment of its own seat. (The amounts, and whether every
    wager was settled, are other checks' business.)

    :returns: ``None``, or the first problem found, the order of settlement as observed.
    """
    seen = "order of settlement: " + ", ".join(f"{a.kind} seat {a.seat}" for a in actions)
    pays = [i for i, a in enumerate(actions) if a.kind == "pay"]
    if pays and any(a.kind == "collect" for a in actions[pays[0]:]):
        return OrderProblem("every losing wager is collected before any winning wager is paid", seen)
    paid = _seats(actions, "pay")
    misplaced = any(a is None or b is None or a < b for a, b in zip(paid, paid[1:]))
    last_paid: Optional[int] = None
    for i, a in enumerate(actions):
        if a.kind == "pay":
            last_paid = a.seat
        elif a.kind == "vigorish" and (last_paid != a.seat
                                       or any(b.kind == "pay" and b.seat == a.seat for b in actions[i:])):
            misplaced = True
    if misplaced:
        return OrderProblem("winning wagers are paid from the highest numbered seat down, each seat's vigorish "
                            "marked or collected right after its payment", seen)
    return None
