"""Payout odds as exact fractions, parsed from the regulation's own wording.

"2.5 to 1", "1 to 2" and "299 for 1" are different things: at "a to b" odds a
winning wager keeps its stake and wins ``stake * a / b``; at "a for b" odds the
player receives ``stake * a / b`` in all, the stake included.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

_ODDS = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s+(to|for)\s+([0-9]+(?:\.[0-9]+)?)\s*$", re.ASCII)


@dataclass(frozen=True)
class Odds:
    """Exact payout odds. ``kind`` is ``"to"`` or ``"for"``; ``ratio`` = a / b."""

    ratio: Fraction
    kind: str
    text: str

    @classmethod
    def parse(cls, text: str) -> "Odds":
        """Parse ``"30 to 1"``, ``"2.5 to 1"``, ``"1 to 2"`` or ``"299 for 1"``.

        :raises ValueError: naming the text when it is not odds.
        """
        if cls is Odds and isinstance(text, str):
            return _parse(text)
        return _parse.__wrapped__(text, cls)

    def winnings(self, stake: Decimal) -> Decimal:
        """Dollars won on top of (``to``) or instead of (``for``) the returned stake."""
        total = self.total_return(stake)
        return total - stake

    def total_return(self, stake: Decimal) -> Decimal:
        """Everything handed back to the player for a winning ``stake``, in dollars.

        Exact: raises ``ValueError`` if the amount is not a whole number of cents
        (the regulation sets no rounding for payouts; a game that must round is
        reported, not silently excused).
        """
        return _total_return(self.ratio, self.kind, self.text, stake)

    def __str__(self) -> str:
        return self.text


@functools.lru_cache(maxsize=256)
def _parse(text: str, cls: type = Odds) -> Odds:
    """:meth:`Odds.parse`, remembered by text (a paytable's few odds are read each settlement)."""
    m = _ODDS.match(text)
    if not m:
        raise ValueError(f"not payout odds: {text!r} (expected e.g. '8 to 1' or '299 for 1')")
    a, kind, b = m.groups()
    return cls(Fraction(a) / Fraction(b), kind, text.strip())


@functools.lru_cache(maxsize=4096)
def _total_return(ratio: Fraction, kind: str, text: str, stake: Decimal) -> Decimal:
    """:meth:`Odds.total_return`, remembered by odds and stake: a table's stakes repeat, and
    exact fractions cost microseconds a settlement (a field audit settles millions).
    Bounded; an error is raised again each time (``lru_cache`` keeps no exceptions)."""
    stake_f = Fraction(stake)
    won = stake_f * ratio
    total = won + stake_f if kind == "to" else won
    cents = total * 100
    if cents.denominator != 1:
        raise ValueError(f"{text} on ${stake} is not a whole number of cents ({float(total):.4f})")
    return (Decimal(cents.numerator) / 100).quantize(Decimal("0.01"))
