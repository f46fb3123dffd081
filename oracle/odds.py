"""Payout odds as exact fractions, parsed from the regulation's own wording.

"2.5 to 1", "1 to 2" and "299 for 1" are different things: at "a to b" odds a
winning wager keeps its stake and wins ``stake * a / b``; at "a for b" odds the
player receives ``stake * a / b`` in all, the stake included.
"""

from __future__ import annotations

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
        m = _ODDS.match(text)
        if not m:
            raise ValueError(f"not payout odds: {text!r} (expected e.g. '8 to 1' or '299 for 1')")
        a, kind, b = m.groups()
        return cls(Fraction(a) / Fraction(b), kind, text.strip())

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
        stake_f = Fraction(stake)
        won = stake_f * self.ratio
        total = won + stake_f if self.kind == "to" else won
        cents = total * 100
        if cents.denominator != 1:
            raise ValueError(f"{self.text} on ${stake} is not a whole number of cents ({float(total):.4f})")
        return (Decimal(cents.numerator) / 100).quantize(Decimal("0.01"))

    def __str__(self) -> str:
        return self.text
