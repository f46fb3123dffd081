"""Steps that place wagers and check their settlement: result, amount paid and
vigorish, to the cent (money is ``Decimal``; odds are exact fractions).

Wager phrases (``target``) read like the regulation:

* ``the Banker's Hand``, ``the Player's Hand``, ``a Tie`` -> banker, player, tie;
* ``<wager name>`` or ``<wager name> on the Player's Hand`` / ``on the Banker's Hand``,
  where the name is a protocol wager type written with spaces (``Dragon Bonus``,
  ``Dragon 7``, ``Perfect Pairs``, ``House Money``) -> ``dragon_bonus`` etc.;
* ``<wager name> "<option>"`` for a wager with a sub-choice: the quoted option in snake
  case, parenthesised words left out (``Rising Phoenix Bonus "Sun 7"`` ->
  ``rising_phoenix_bonus`` with option ``sun_7``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional

import pytest
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.errors import Nonconformance
from baccarat_conformance.oracle import Odds
from baccarat_conformance.protocol import models as m
from baccarat_conformance.protocol.vocabulary import WAGER_OPTIONS, WAGER_TYPES

from ._support import TableHandle

HAND_SUFFIX = re.compile(r"\s+on the (Player|Banker)'s Hand$")
FIXED = {"the banker's hand": "banker", "the player's hand": "player", "a tie": "tie", "the tie": "tie"}
QUOTED_OPTION = re.compile(r'^(?P<name>[^"]*?)\s+"(?P<option>[^"]+)"(?P<rest>.*)$')


@dataclass(frozen=True)
class Target:
    """A wager type and, for wagers placed on a hand, the hand."""

    wager_type: str
    hand: Optional[str] = None
    option: Optional[str] = None

    def describe(self) -> str:
        name = self.wager_type.replace("_", " ") + (f' "{self.option}"' if self.option else "")
        return f"{name} on the {self.hand.capitalize()}'s Hand" if self.hand else name


def option_name(text: str) -> str:
    """``"Player pair (initial two cards)"`` -> ``"player_pair"``; ``"Sun 7"`` -> ``"sun_7"``."""
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"\([^)]*\)", " ", text).lower()).strip("_")


def parse_target(text: str) -> Target:
    """``"Dragon Bonus on the Player's Hand"`` -> ``Target("dragon_bonus", "player")``.

    :raises ValueError: naming the phrase when it names no protocol wager type.
    """
    option = None
    quoted = QUOTED_OPTION.match(text.strip())
    if quoted:
        option = option_name(quoted["option"])
        text = quoted["name"] + quoted["rest"]
    text = text.strip().strip('"')
    if text.lower() in FIXED and option is None:
        return Target(FIXED[text.lower()])
    hand = None
    m_ = HAND_SUFFIX.search(text)
    if m_:
        hand = m_.group(1).lower()
        text = text[: m_.start()]
    name = re.sub(r"^(a|an|the)\s+", "", text.strip(), flags=re.I)
    name = re.sub(r"\s+wager$", "", name, flags=re.I)
    wager_type = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    if wager_type not in WAGER_TYPES:
        raise ValueError(f"{text!r} names no wager type; known: {', '.join(WAGER_TYPES)}")
    if option is not None and option not in WAGER_OPTIONS.get(wager_type, (option,)):
        raise ValueError(f"{option!r} is no option of {wager_type}; known: {', '.join(WAGER_OPTIONS[wager_type])}")
    return Target(wager_type, hand, option)


def money(text: str) -> Decimal:
    """``"$10.00"`` -> ``Decimal("10.00")``."""
    return Decimal(text.strip().lstrip("$").replace(",", ""))


@dataclass
class Wagers:
    """The wagers placed in this scenario: (seat, target) -> (wager_id, amount), and
    the acknowledgements of refused wagers, in order."""

    placed: dict[tuple[int, Target], tuple[str, Decimal]] = field(default_factory=dict)
    acks: list[tuple[int, Target, Decimal, m.WagerAck]] = field(default_factory=list)


@pytest.fixture
def wagers() -> Wagers:
    """The wagers of the running scenario (empty at its start)."""
    return Wagers()


@given(parsers.parse("seat {seat:d} wagers {amount} on {target}"), target_fixture="wagers")
def place(table: TableHandle, seat: int, amount: str, target: str, clause: str, wagers: Wagers) -> Wagers:
    t = parse_target(target)
    stake = money(amount)
    ack = table.game.place_wager(table.table_id, seat, t.wager_type, stake, hand=t.hand, option=t.option)
    wagers.acks.append((seat, t, stake, ack))
    if not ack.accepted:
        raise Nonconformance(clause, f"the game accepts a {amount} {t.describe()} wager at seat {seat}",
                             f"refused it: {ack.reason}")
    wagers.placed[(seat, t)] = (ack.wager_id or "", stake)
    return wagers


@when('the dealer announces "no more bets"', target_fixture="no_more_bets_events")
def announce_no_more_bets(table: TableHandle) -> list[m.Event]:
    return table.game.no_more_bets(table.table_id)


def _result_of(round_record: m.RoundRecord, wagers: Wagers, seat: int, t: Target, clause: str) -> m.WagerResult:
    wager_id, _ = wagers.placed[(seat, t)]
    for r in round_record.wagers:
        if r.wager_id == wager_id:
            return r
    raise Nonconformance(clause, f"the round record settles the {t.describe()} wager of seat {seat}",
                         f"no settlement for wager {wager_id} in the round record",
                         [c.card for c in round_record.cards])


def _check(round_record: m.RoundRecord, wagers: Wagers, seat: int, target: str, clause: str, result: str,
           paid: Optional[Decimal], how: str) -> m.WagerResult:
    t = parse_target(target)
    r = _result_of(round_record, wagers, seat, t, clause)
    cards = [c.card for c in round_record.cards]
    _, stake = wagers.placed[(seat, t)]
    if r.result != result or (paid is not None and r.paid != paid):
        observed = f"settled it as {r.result}, paying ${r.paid}"
        raise Nonconformance(clause, f"the ${stake} {t.describe()} wager of seat {seat} {how}", observed, cards)
    return r


@then(parsers.parse("the wager of seat {seat:d} on {target} wins at {odds}"))
def wins_at(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: str, odds: str) -> None:
    o = Odds.parse(odds)
    _, stake = wagers.placed[(seat, parse_target(target))]
    paid = o.total_return(stake)
    _check(round_record, wagers, seat, target, clause, "win", paid,
           f"wins at {o} (${paid} returned in all)")


@then(parsers.parse("the wager of seat {seat:d} on {target} loses"))
def loses(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: str) -> None:
    _check(round_record, wagers, seat, target, clause, "lose", Decimal("0"), "loses and is collected")


@then(parsers.parse("the wager of seat {seat:d} on {target} pushes"))
def pushes(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: str) -> None:
    _, stake = wagers.placed[(seat, parse_target(target))]
    _check(round_record, wagers, seat, target, clause, "push", stake, "ties and is returned to the player")


@then(parsers.parse("the wager of seat {seat:d} on {target} is void and returned"))
def is_void(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: str) -> None:
    _, stake = wagers.placed[(seat, parse_target(target))]
    _check(round_record, wagers, seat, target, clause, "void", stake, "is void and returned")


@then(parsers.parse("seat {seat:d} owes vigorish of {amount} on the Banker's Hand"))
def vigorish_is(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, amount: str) -> None:
    r = _result_of(round_record, wagers, seat, Target("banker"), clause)
    want = money(amount)
    if r.vigorish != want:
        raise Nonconformance(clause, f"vigorish of ${want} on seat {seat}'s winning Banker wager of ${r.amount}",
                             f"charged ${r.vigorish}", [c.card for c in round_record.cards])


@then(parsers.parse("no vigorish is charged to seat {seat:d}"))
def no_vigorish(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int) -> None:
    charged = [r for r in round_record.wagers if r.seat == seat and r.vigorish != 0]
    events = [e for e in round_record.events if e.type.startswith("vigorish") and e.seat == seat]
    if charged or events:
        raise Nonconformance(clause, f"no vigorish is charged to seat {seat}",
                             f"charged {', '.join(f'${r.vigorish} on {r.wager_type}' for r in charged) or events}",
                             [c.card for c in round_record.cards])
