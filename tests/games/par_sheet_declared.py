"""Builds ``reference_game/par_sheet.json``: the house edges the bundled reference game
declares in ``describe.par_sheet`` (protocol 1.2), as a vendor ships its par sheet.

The reference game never imports the oracle, so its figures are a data file made here
from the harness's exact par sheet, for every wager, paytable, variant and number of
decks the reference game implements (the Heavenly 9 meter at its seed; Royal 9 and
Harmony are left out: their figures depend on the reset amounts each Rules Submission
files). Regenerate after a change of the oracle::

    python -m tests.games.par_sheet_declared --write
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator

from baccarat_conformance.oracle.par_sheet import par_sheet

PATH = Path(__file__).resolve().parents[2] / "reference_game" / "par_sheet.json"
BASE = ("banker", "player", "tie")
SKIP = ("royal_9", "harmony")


def _tables(decks: int) -> Iterator[dict[str, Any]]:
    """Rules Submissions that together offer every paytable of every wager."""
    for tie in ("8 to 1", "9 to 1"):
        for pt in "ABC":
            yield {"variant": "baccarat", "decks": decks, "tie_odds": tie, "wagers": {
                "dragon_bonus": {"paytable": pt}, "house_money": {}, "perfect_pairs": {"paytable": pt},
                "lucky_nines": {"paytable": pt}, "majestic_match": {}, "heavenly_9": {},
                **{w: {"paytable": "AB"["ABC".index(pt) % 2]} for w in
                   ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all")}}}
            yield {"variant": "ez_baccarat", "decks": decks, "tie_odds": tie, "wagers": {"dragon_bonus": {"paytable": pt}}}
            yield {"variant": "midibaccarat", "decks": decks, "tie_odds": tie, "wagers": {}}
            yield {"variant": "minibaccarat", "decks": decks, "tie_odds": tie, "wagers": {}}
    yield {"variant": "baccarat", "decks": decks, "wagers": {"lucky_nines": {"paytable": "D"}}}
    for variant in ("commission_free", "midibaccarat", "minibaccarat"):
        yield {"variant": variant, "decks": decks, "commission_free": variant != "commission_free",
               "wagers": {"player_pair": {}, "banker_pair": {}, "lucky_six": {}}}
    if decks in (6, 8):
        for commission in ("standard", "commission_free"):
            for pt in "ABCDE":
                yield {"variant": "rising_phoenix", "decks": decks, "commission": commission,
                       "wagers": {"rising_phoenix_bonus": {}, "golden_talons": {"paytable": pt}}}


def build() -> list[dict[str, Any]]:
    """The declared par sheet: one entry per distinct (wager, hand, paytable, option,
    decks[, variant, commission_free for the Banker, Player and Tie wagers]), each house
    edge a decimal string to 10 places (well inside the 1e-6 the scenarios allow)."""
    out: dict[tuple, dict[str, Any]] = {}
    for decks in (6, 7, 8):
        for table in _tables(decks):
            free = table["variant"] == "commission_free" or bool(table.get("commission_free")) or \
                table.get("commission") == "commission_free"
            for row in par_sheet(table, decks).wagers:
                if row.wager in SKIP:
                    continue
                entry: dict[str, Any] = {"wager": row.wager, "decks": decks}
                if row.wager in BASE:
                    entry.update(variant=table["variant"], commission_free=free)
                paytable = table.get("tie_odds", "8 to 1") if row.wager == "tie" else row.paytable
                for key, value in (("hand", row.hand), ("paytable", paytable), ("option", row.option)):
                    if value is not None:
                        entry[key] = value
                edge = f"{Decimal(row.house_edge.numerator) / Decimal(row.house_edge.denominator):.10f}"
                key = tuple(sorted(entry.items()))
                if key in out and out[key]["house_edge"] != edge:
                    raise AssertionError(f"two house edges for {entry}")
                out[key] = {**entry, "house_edge": edge}
    return [out[k] for k in sorted(out, key=repr)]


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["--write"]:
        PATH.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {PATH}")
    else:
        print(json.dumps(build(), indent=1))
