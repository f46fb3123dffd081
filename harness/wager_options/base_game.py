"""Options of the optional wagers of 58 Pa. Code Ch. 631a."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict


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
    such as ``"50%"``)."""

    portion: str = "all"
    paytable: Optional[str] = None


MODELS = {"dragon_bonus": DragonBonus, "dragon_7": NoOptions, "panda_8": NoOptions, "house_money": HouseMoney}
