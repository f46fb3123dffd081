"""Options of the Rising Phoenix Bonus wagers (58 Pa. Code § 629b.5(g)(4)) and of
the Golden Talons wager (§ 629b.6) in a Rules Submission profile.

::

    [wagers.rising_phoenix_bonus]
    bonuses = ["sun_7", "moon_8"]    # the Bonus wagers offered; omitted: all twenty

    [wagers.golden_talons]
    paytable = "A"                   # § 629b.6(f): A, B, C, D or E
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from baccarat_conformance.protocol.vocabulary import RISING_PHOENIX_BONUSES


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RisingPhoenixBonus(_Options):
    """§ 629b.5(e)(1)–(3) and (g)(4): a certificate holder may offer any of the twenty
    Bonus wagers. ``bonuses`` names those offered, by the names of
    :data:`~baccarat_conformance.protocol.vocabulary.RISING_PHOENIX_BONUSES`
    (the rows of the § 629b.5(h)(2) odds table in snake case); all twenty when omitted."""

    bonuses: tuple[str, ...] = RISING_PHOENIX_BONUSES

    @field_validator("bonuses")
    @classmethod
    def _known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [b for b in v if b not in RISING_PHOENIX_BONUSES]
        if unknown:
            raise ValueError(f"unknown Bonus wager(s) {unknown} (58 Pa. Code § 629b.5(g)(4)); "
                             f"known: {', '.join(RISING_PHOENIX_BONUSES)}")
        if not v:
            raise ValueError("names no Bonus wager: leave [wagers.rising_phoenix_bonus] out instead")
        return v


class GoldenTalons(_Options):
    """§ 629b.6(f): the paytable specified in the Rules Submission, A to E."""

    paytable: Literal["A", "B", "C", "D", "E"]


MODELS = {"rising_phoenix_bonus": RisingPhoenixBonus, "golden_talons": GoldenTalons}
