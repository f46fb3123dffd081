"""Deliberately broken games for the game-math scenarios (describe.par_sheet, protocol
1.2): each declares a par sheet that is wrong, or none, so the suite can be shown to
judge it. Usable as ``--game tests.games.broken_games_par_sheet:NAME``;
tests/proofs/test_broken_par_sheet.py maps each to its profile and the clauses it fails."""

from __future__ import annotations

from fractions import Fraction

from baccarat_conformance.reference_game.game import declared_par_sheet

from tests.games.seeded_games import SeededReferenceGame


class _Declares(SeededReferenceGame):
    """The reference game declaring ``par_sheet`` instead of its own."""

    par_sheet: "list[dict] | None" = None

    def op_describe(self) -> dict:
        out = super().op_describe()
        if self.par_sheet is None:
            out.pop("par_sheet", None)
        else:
            out["par_sheet"] = self.par_sheet
        return out


def _off(match: dict, by: Fraction) -> list[dict]:
    """The reference game's par sheet with the entries matching ``match`` off by ``by``."""
    out = []
    for e in declared_par_sheet():
        if all(e.get(k) == v for k, v in match.items()):
            e = {**e, "house_edge": str(Fraction(e["house_edge"]) + by)}
        out.append(e)
    return out


class DragonBonusBankerEdgeOff(_Declares):
    """Declares the Dragon Bonus on the Banker's Hand, paytable A, 8 decks, 2e-6 off (§ 631a.13(e))."""

    par_sheet = _off({"wager": "dragon_bonus", "hand": "banker", "paytable": "A", "decks": 8}, Fraction(2, 10**6))


class TieEdgeOffWithinTolerance(_Declares):
    """Declares the Tie wager 1e-7 off: within the tolerance, a pass."""

    par_sheet = _off({"wager": "tie"}, Fraction(1, 10**7))


class PerfectPairsAsDecimal(_Declares):
    """Declares Perfect Pairs, paytable A, 8 decks, as a decimal rounded to the 4th place
    of the percentage (0.040964): within 1e-6, a pass; and the Majestic Match 1% off."""

    par_sheet = [({**e, "house_edge": "0.040964"} if (e["wager"], e.get("paytable"), e["decks"]) == (
        "perfect_pairs", "A", 8) else e) for e in _off({"wager": "majestic_match"}, Fraction(1, 100))]


class RisingPhoenixBonusEdgeOff(_Declares):
    """Declares the Rising Phoenix "tie_with_0" Bonus wager 1e-5 off (§ 629b.5(h)(2))."""

    par_sheet = _off({"wager": "rising_phoenix_bonus", "option": "tie_with_0"}, Fraction(1, 10**5))


class TieEdgeOff(_Declares):
    """Declares the Tie wager at 8 to 1 with 8 decks 1e-5 off (§ 631a.13(b))."""

    par_sheet = _off({"wager": "tie", "paytable": "8 to 1", "decks": 8}, Fraction(1, 10**5))


class DeclaresNoParSheet(_Declares):
    """Declares no par sheet at all."""

    par_sheet = None


class DeclaresNoDragonBonus(_Declares):
    """Declares a par sheet without the Dragon Bonus wager."""

    par_sheet = [e for e in declared_par_sheet() if e["wager"] != "dragon_bonus"]


def dragon_bonus_banker_edge_off() -> SeededReferenceGame:
    return DragonBonusBankerEdgeOff(seed=7)


def tie_edge_off_within_tolerance() -> SeededReferenceGame:
    return TieEdgeOffWithinTolerance(seed=7)


def perfect_pairs_as_decimal() -> SeededReferenceGame:
    return PerfectPairsAsDecimal(seed=7)


def rising_phoenix_bonus_edge_off() -> SeededReferenceGame:
    return RisingPhoenixBonusEdgeOff(seed=7)


def tie_edge_off() -> SeededReferenceGame:
    return TieEdgeOff(seed=7)


def declares_no_par_sheet() -> SeededReferenceGame:
    return DeclaresNoParSheet(seed=7)


def declares_no_dragon_bonus() -> SeededReferenceGame:
    return DeclaresNoDragonBonus(seed=7)
