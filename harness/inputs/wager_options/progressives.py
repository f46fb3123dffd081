"""Options of the progressive wagers in a Rules Submission profile.

``[wagers.heavenly_9]`` (58 Pa. Code § 631c.2, § 631c.6)::

    mystery = "B-$5"   # optional: the Must-Hit-By Mystery bonus configuration of
                       # § 631c.6(c)(4), paytable A-D and $1/$2/$5; absent = not offered

``[wagers.royal_9]`` (§ 629b.3 / § 627b.3)::

    denomination = "5"                       # "5" (§ 629b.3(f)) or "1" (§ 629b.3(g))
    rates = { mega = "1%", major = "0.5%", minor = "0.5%" }     # (f)(2)/(g)(2): rate of progression
    resets = { mega = "50000.00", major = "450.00", minor = "450.00" }  # initial and reset amounts
    personal_combinations = { 1 = "KS 9S", 2 = "KS 9H", ... }    # (e)(5): a King and a 9 per position
    mystery = "1"                            # optional: (h) configuration 1, 2 or 3

``[wagers.harmony]`` (§ 629b.7)::

    paytable = "A"        # (i): A to I
    seed = "1000.00"      # initial amount of the progressive meter
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

MYSTERY_NAMES = tuple(f"{p}-${d}" for p in "ABCD" for d in (1, 2, 5))
_CARD = re.compile(r"^(A|[2-9]|10|J|Q|K)[CDHS]$")


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _money(v: str, what: str) -> Decimal:
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", str(v)):  # ASCII digits only (Decimal takes "١٠")
        raise ValueError(f"{what}: not a dollar amount: {v!r}")
    try:
        d = Decimal(str(v))
    except InvalidOperation:
        raise ValueError(f"{what}: not a dollar amount: {v!r}") from None
    if not d.is_finite() or d < 0:
        raise ValueError(f"{what}: not a dollar amount: {v!r}")
    return d


def _rate(v: str, what: str) -> Decimal:
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?%", str(v).strip()):
        raise ValueError(f"{what}: a rate such as '1.5%', got {v!r}")
    return Decimal(str(v).strip()[:-1]) / 100


class Heavenly9(_Options):
    """§ 631c.2; ``mystery`` names the § 631c.6(c)(4) configuration, e.g. ``"B-$5"``."""

    paytable: Optional[str] = None
    mystery: Optional[Literal[MYSTERY_NAMES]] = None  # type: ignore[valid-type]


class Jackpots(_Options):
    mega: str
    major: str
    minor: str


class Royal9(_Options):
    """§ 629b.3 / § 627b.3: denomination, rates of progression, initial and reset
    amounts (at least the minimums of (f)(2)/(g)(2)), personal King 9 combinations
    (one King and one 9 per position, all different), optional mystery configuration."""

    paytable: Optional[str] = None
    denomination: Literal["5", "1"] = "5"
    rates: Jackpots
    resets: Jackpots
    personal_combinations: dict[str, str]
    mystery: Optional[Literal["1", "2", "3"]] = None

    @field_validator("rates")
    @classmethod
    def _rates(cls, v: Jackpots) -> Jackpots:
        for j in ("mega", "major", "minor"):
            _rate(getattr(v, j), f"rates.{j}")
        return v

    @field_validator("personal_combinations")
    @classmethod
    def _combinations(cls, v: dict[str, str]) -> dict[str, str]:
        seen = {}
        for pos, text in v.items():
            if not pos.isdigit() or not 1 <= int(pos) <= 15:
                raise ValueError(f"position {pos!r}: a player position 1 to 15")
            cards = text.split()
            if len(cards) != 2 or not all(_CARD.match(c) for c in cards) or sorted(c[:-1] for c in cards) != ["9", "K"]:
                raise ValueError(f"position {pos}: a King and a 9 such as 'KS 9H' (§ 629b.3(e)(5)), got {text!r}")
            key = tuple(sorted(cards))
            if key in seen:
                raise ValueError(f"positions {seen[key]} and {pos} share {text!r}: each combination is unique "
                                 "(§ 629b.3(e)(5))")
            seen[key] = pos
        return v

    @model_validator(mode="after")
    def _minimum_resets(self) -> "Royal9":
        minimum = {"5": ("50000", "450", "450"), "1": ("10000", "90", "90")}[self.denomination]
        for j, least in zip(("mega", "major", "minor"), minimum):
            amount = _money(getattr(self.resets, j), f"resets.{j}")
            if amount < Decimal(least):
                raise ValueError(f"resets.{j}: at least ${least} for a ${self.denomination} Royal 9 wager "
                                 f"(§ 629b.3({'f' if self.denomination == '5' else 'g'})(2)), got {amount}")
        return self


class Harmony(_Options):
    """§ 629b.7: paytable A to I, and the progressive meter's seed amount."""

    paytable: Literal["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    seed: str = "0.00"

    @field_validator("seed")
    @classmethod
    def _seed(cls, v: str) -> str:
        _money(v, "seed")
        return v


MODELS = {"heavenly_9": Heavenly9, "royal_9": Royal9, "harmony": Harmony}
