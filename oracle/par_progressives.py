"""The progressive wagers of the par sheet (:mod:`.par_sheet`): Heavenly 9 (§ 631c.2),
Royal 9 (§ 629b.3 / § 627b.3) and Harmony (§ 629b.7), settled by the rows of
:mod:`.progressives`.

A progressive is computed with its meters at their reset amounts (the seed the
regulation prints or the Rules Submission files) and for one wager of a stated
amount; the note of each row says which. The meters' increments and the mystery
bonuses (§ 631c.6, § 629b.3(h)), which pay from a meter that the cards do not decide,
are not part of these figures.
"""

from __future__ import annotations

import functools
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Optional

from . import progressives as P
from .ch631a import Coup
from .odds import Odds
from .par_enumerate import royal_9_cards
from .par_model import RulesView, Settled, WagerModel


def _settled(row: Optional[P.Row], stake: Decimal, meters: dict[str, Decimal]) -> Settled:
    """What ``row`` pays a wager of ``stake`` dollars, a meter row paying its meter at
    ``meters[row.key]``."""
    return _row_settled(row, stake, tuple(sorted(meters.items())))


@functools.lru_cache(maxsize=None)
def _row_settled(row: Optional[P.Row], stake: Decimal, meter_items: tuple[tuple[str, Decimal], ...]) -> Settled:
    meters = dict(meter_items)

    if row is None:
        return Settled("lose", "lose", None, Fraction(-1))
    odds = row.odds
    if odds is not None:
        return Settled(row.key, "win", odds, odds.ratio - 1 if odds.kind == "for" else odds.ratio)
    total = row.fixed if row.fixed is not None else meters[row.key] * (row.meter_share or 1)
    ratio = Fraction(total) / Fraction(stake)
    return Settled(row.key, "win", Odds(ratio, "for", f"{row.cell} (${total} for ${stake})"), ratio - 1)


def _heavenly_9(rs: RulesView) -> list[WagerModel]:
    stake = P.HEAVENLY_9_MINIMUM
    meters = {"suited_tie": P.HEAVENLY_9_SEED}
    note = (f"the progressive meter at its seed, ${P.HEAVENLY_9_SEED} (§ 631c.2(i)), for a ${stake} wager "
            "(the least § 631c.2(c) allows); its 10% increment is not counted")
    if rs.options["heavenly_9"].get("mystery"):
        note += ("; the Must-Hit-By Mystery bonus (§ 631c.6) is not included: its meter, not the cards, "
                 "decides when it pays")
    return [WagerModel("heavenly_9", None, None, None, "round_uniform",
                       lambda c: _settled(P.heavenly_9_row(c), stake, meters), note)]


def _royal_9(rs: RulesView) -> list[WagerModel]:
    options = rs.options["royal_9"]
    denomination = str(options.get("denomination", "5"))
    stake = Decimal(denomination)
    resets = {j: Decimal(str(v)) for j, v in (options.get("resets") or {}).items()}
    if set(resets) != {"mega", "major", "minor"}:
        return [WagerModel("royal_9", None, denomination, None, None, _never,
                           "not computed: the Rules Submission files no reset amounts of the mega, major and "
                           "minor meters")]
    combos = P.royal_9_combinations(dict(rs.table))
    section = "627b.3" if rs.variant == "minibaccarat" else "629b.3"
    note = (f"the mega, major and minor meters at their reset amounts (${resets['mega']}, ${resets['major']}, "
            f"${resets['minor']}), for a ${stake} wager (§ {section}); their increments are not counted; a deal "
            "making a jackpot row and a later row paying more (a suited personal King 9 against a suited Royal 9) is "
            "paid the first row in printed order, the larger award being accepted too (interpretation "
            "royal-9-two-rows-first-or-larger)")
    if options.get("mystery"):
        note += f"; the mystery progressive of § {section}(h) is not included: its meter decides when it pays"

    def at(seat: int) -> Callable[[Coup], "Settled"]:
        return lambda c: _settled(P.royal_9_row(c, denomination, seat, combos), stake, resets)

    seats = sorted(combos) or [0]
    return [WagerModel("royal_9", None, denomination,
                       f"position {seat}: {' '.join(combos[seat])}" if seat in combos else None,
                       (4, royal_9_cards), at(seat), note) for seat in seats]


def _harmony(rs: RulesView) -> list[WagerModel]:
    letter = rs.paytable("harmony") or "A"
    seed = Decimal(str(rs.options["harmony"].get("seed", "0")))
    stake = Decimal(1)
    note = (f"the progressive meter at its seed, ${seed} (the Rules Submission), for a ${stake} wager; its "
            "increments and reserve (§ 629b.7(j)) are not counted")
    return [WagerModel("harmony", None, letter, None, "round_uniform",
                       lambda c: _settled(P.harmony_row(c, letter), stake, {"six_of_a_kind": seed}), note)]


def models(rs: RulesView) -> list[WagerModel]:
    """The progressive wagers ``rs`` offers, as :class:`.par_model.WagerModel` rows
    (Royal 9 once per player position, each with its personal King 9)."""
    out: list[WagerModel] = []
    if rs.offers("heavenly_9"):
        out += _heavenly_9(rs)
    if rs.offers("royal_9"):
        out += _royal_9(rs)
    if rs.offers("harmony"):
        out += _harmony(rs)
    return out


def _never(coup: Coup) -> Settled:  # pragma: no cover - a row without an engine is never settled
    raise AssertionError("never settled")
