"""Progressive table game systems of the reference game (58 Pa. Code § 605a.7 as
used by § 631c.2(d), § 631c.6, § 629b.3(a) and § 629b.7(d)).

A *system* owns some progressive meters of a table and is told when the table opens,
when dealing begins (the wagers recognised for the round contribute), when a wager
is offered (a system may refuse it), and when the round has been settled (mystery
awards are paid). Systems register themselves in :data:`SYSTEMS` from their family
module (``families/progressives.py``); ``game.py`` and ``rounds.py`` call them.

A meter keeps its amount exactly (contributions of fractions of a cent accumulate);
``read_meters`` shows the exact amount, at least to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any, Optional

CENT = Decimal("0.01")


@dataclass
class MeterState:
    """One progressive meter: ``amount`` now, ``reset`` (seed/reseed) amount, and for a
    mystery meter the ``low``/``high`` range of its hit value and the ``hit_value``."""

    amount: Decimal
    reset: Decimal
    hit_value: Optional[Decimal] = None
    low: Optional[Decimal] = None
    high: Optional[Decimal] = None

    def as_dict(self, name: str, disclose: bool) -> dict:
        d = {"name": name, "amount": show(self.amount), "reset": show(self.reset)}
        if self.hit_value is not None and disclose:
            d["hit_value"] = show(self.hit_value)
        return d


def show(amount: Decimal) -> str:
    """Exact amount as a decimal string with at least two decimals."""
    if amount == amount.quantize(CENT):
        return format(amount.quantize(CENT), "f")
    return format(amount.normalize(), "f")


def cents_down(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_DOWN)


class ProgressiveSystem:
    """Base of a progressive system: every hook does nothing."""

    def on_open(self, game: Any, table: Any) -> None:
        """The table has opened: seed the meters."""

    def check_wager(self, game: Any, table: Any, wager_type: str, stake: Decimal, seat: int) -> Optional[str]:
        """A reason to refuse the wager, or None."""
        return None

    def on_deal(self, game: Any, table: Any, events: list[dict]) -> None:
        """Betting has closed and dealing begins: the round's wagers contribute."""

    def after_settle(self, game: Any, table: Any, events: list[dict]) -> None:
        """Every wager of the round is settled: pay mystery awards."""

    def meters(self, game: Any, table: Any) -> list[dict]:
        """The meters to show (protocol ``Meter`` objects)."""
        return []


SYSTEMS: list[ProgressiveSystem] = []


def register_system(system: ProgressiveSystem) -> ProgressiveSystem:
    SYSTEMS.append(system)
    return system
