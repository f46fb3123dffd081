"""Options of the optional wagers of 58 Pa. Code Ch. 631a."""

from __future__ import annotations

import re
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, field_validator


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DragonBonus(_Options):
    """§ 631a.13(e): paytable A, B or C."""

    paytable: Literal["A", "B", "C"]


class NoOptions(_Options):
    """A wager with nothing to choose (Dragon 7, Panda 8 insurance: § 631a.13(f), (g))."""


class HouseMoney(_Options):
    """§ 631a.9(e)(1)(i): all of the winning House Money payout may be added to the
    original wager, or only a specified portion (``portion = "all"`` or a percentage
    such as ``"50%"``, more than 0 and at most 100)."""

    portion: str = "all"
    paytable: Optional[str] = None

    @field_validator("portion")
    @classmethod
    def _portion(cls, v: str) -> str:
        m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)%", v)
        if v != "all" and not (m and 0 < float(m.group(1)) <= 100):
            raise ValueError(f"must be \"all\" or a percentage of the payout such as \"50%\" "
                             f"(58 Pa. Code § 631a.9(e)(1)(i)), got {v!r}")
        return v


MODELS = {"dragon_bonus": DragonBonus, "dragon_7": NoOptions, "panda_8": NoOptions, "house_money": HouseMoney}


def _ez_insurance_only(fields: dict[str, Any], wagers: dict[str, Any]) -> list[str]:
    """§ 631a.8(a)(5), (6): the Dragon 7 and Panda 8 Insurance Wagers are wagers of a
    table designated for play as EZ Baccarat."""
    variant = fields.get("variant")
    if variant == "ez_baccarat":
        return []
    return [f"[wagers.{name}] the {name.replace('_', ' ').title()} Insurance Wager is permissible only on a table "
            f"designated for play as EZ Baccarat (58 Pa. Code § 631a.8(a){'(5)' if name == 'dragon_7' else '(6)'}); "
            f"variant is {variant!r}" for name in ("dragon_7", "panda_8") if name in wagers]


CHECKS = [_ez_insurance_only]
