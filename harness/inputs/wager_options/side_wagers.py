"""Options of the non-progressive side wagers and variations of 58 Pa. Code
Ch. 631c (§§ 631c.1, 631c.3, 631c.4, 631c.5, 631c.7), Ch. 629b (§§ 629b.1, 629b.2)
and Ch. 627b (§§ 627b.1, 627b.2), and the checks that tie them to the rest of the
Rules Submission::

    [rules_submission]
    variant = "commission_free"       # Player Pair, Banker Pair, Lucky Six need it (§ 631c.5)
    fully_automated_table = true      # Lucky Nines needs it (§ 631c.4(a))

    [wagers.perfect_pairs]            # § 631c.1(d) / § 629b.1(e) / § 627b.1(e)
    paytable = "A"                    # A, B or C
    [wagers.cover_all]                # § 631c.3(h): A or B, the same for all five wagers
    paytable = "B"
    [wagers.lucky_nines]              # § 631c.4(e): A, B, C or D
    paytable = "D"
    [wagers.majestic_match]           # § 631c.7(d): one paytable, nothing to choose
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PerfectPairs(_Options):
    """§ 631c.1(d), § 629b.1(e), § 627b.1(e): paytable A, B or C."""

    paytable: Literal["A", "B", "C"]


class FiveTreasures(_Options):
    """§ 631c.3(h): paytable A or B ("which shall be specified in the certificate
    holder's Rules Submission"), one for all five 5 Treasures wagers."""

    paytable: Literal["A", "B"]


class LuckyNines(_Options):
    """§ 631c.4(e): paytable A, B, C or D."""

    paytable: Literal["A", "B", "C", "D"]


class NoPaytableChoice(_Options):
    """A wager whose odds the regulation fixes (Majestic Match § 631c.7(d); Player
    Pair, Banker Pair and Lucky Six § 631c.5(g), (k))."""


FIVE_TREASURES = ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all")
COMMISSION_FREE_WAGERS = ("player_pair", "banker_pair", "lucky_six")

MODELS = {
    "perfect_pairs": PerfectPairs,
    **{name: FiveTreasures for name in FIVE_TREASURES},
    "lucky_nines": LuckyNines,
    "majestic_match": NoPaytableChoice,
    **{name: NoPaytableChoice for name in COMMISSION_FREE_WAGERS},
}


def _lucky_nines_table(fields: dict[str, Any], wagers: dict[str, Any]) -> list[str]:
    if "lucky_nines" in wagers and not fields.get("fully_automated_table"):
        return ["[wagers.lucky_nines] Lucky Nines may be offered only on a fully automated electronic gaming "
                "table (58 Pa. Code § 631c.4(a)): set fully_automated_table = true in [rules_submission], "
                "or remove [wagers.lucky_nines]"]
    return []


def _five_treasures_paytable(fields: dict[str, Any], wagers: dict[str, Any]) -> list[str]:
    chosen = {name: getattr(wagers[name], "paytable", None) for name in FIVE_TREASURES if name in wagers}
    if len(set(chosen.values())) > 1:
        listed = ", ".join(f"{name} = {letter!r}" for name, letter in chosen.items())
        return [f"the 5 Treasures wagers are paid under one paytable (58 Pa. Code § 631c.3(h)); got {listed}"]
    return []


def _commission_free_wagers(fields: dict[str, Any], wagers: dict[str, Any]) -> list[str]:
    offered = [name for name in COMMISSION_FREE_WAGERS if name in wagers]
    variant = fields.get("variant")
    commission_free = variant == "commission_free" or (
        variant in ("midibaccarat", "minibaccarat") and fields.get("commission_free"))
    if offered and not commission_free:
        return [f"[wagers.{offered[0]}] Player Pair, Banker Pair and Lucky Six are wagers of commission-free "
                "Baccarat (58 Pa. Code § 631c.5(c)), Midibaccarat (§ 629b.2(c)) or Minibaccarat (§ 627b.2(c)): "
                "set variant = \"commission_free\", or commission_free = true with variant \"midibaccarat\" or "
                f"\"minibaccarat\" (got variant {variant!r})"]
    return []


CHECKS = [_lucky_nines_table, _five_treasures_paytable, _commission_free_wagers]
