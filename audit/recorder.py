"""Recording the rounds of a game the harness can drive, as a table's recorder would:
``baccarat-conformance record --game FACTORY --profile P --shoes N --out FILE.jsonl``.

A table is opened under the Rules Submission (not in test mode: the game shuffles each
dealing shoe itself, seeded when it declares ``seeded_shuffle``); before every round every
wager the par sheet lists for the profile (:func:`baccarat_conformance.oracle.par_wagers.models`)
is placed, one seat each as the statistics place them
(:func:`baccarat_conformance.gamestats.simulate.seat_plan`), the stakes cycling through
:func:`~baccarat_conformance.gamestats.simulate.stake_for`'s and :data:`OTHER_STAKES`
within the filed limits, and each ``deal_round`` answer is
written as one JSON line: the round record as the game sent it (validated by the
adapter), with the envelope of docs/protocol.md "Recorded rounds" (``table_id``,
``shoe_id``, ``burned`` on the first round of each shoe: the burn the game disclosed,
``timestamp``: a clock starting at ``start`` that advances ``seconds_per_round``
a round, so that a recording is reproducible).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from decimal import Decimal
from pathlib import Path
from typing import Optional, Sequence

from baccarat_conformance.adapters.library import load_factory
from baccarat_conformance.gamestats.simulate import seat_plan, shoe_seed, stake_for
from baccarat_conformance.oracle import par_wagers
from baccarat_conformance.inputs.profile import load_profile

__all__ = ["record_rounds"]


#: Stakes a recording cycles through besides the statistics' own (whole cents whose 5% is not
#: a whole number of quarters, as at a real table), each kept only within the filed limits.
OTHER_STAKES = (Decimal("12.50"), Decimal("35.00"), Decimal("5.00"), Decimal("250.00"))


def _stakes(rules: dict, wager: str) -> tuple[Decimal, ...]:
    limits = (rules.get("limits") or {})
    own = limits.get(wager) or limits.get("default") or {}
    lo = Decimal(own["min"]) if own.get("min") else None
    hi = Decimal(own["max"]) if own.get("max") else None
    fits = [a for a in OTHER_STAKES if (lo is None or a >= lo) and (hi is None or a <= hi)]
    return (stake_for(rules, wager), *fits)


def record_rounds(out: Path, *, game: str = "baccarat_conformance.reference_game:create_game",
                  profile: str = "full_table", shoes: int = 1, seed: int = 1, table_id: str = "T1",
                  start: Optional[str] = None, seconds_per_round: int = 45,
                  wagers: Optional[Sequence[str]] = None) -> int:
    """Play ``shoes`` dealing shoes of ``game`` (a ``package.module:factory``) under the
    Rules Submission ``profile`` and write every round to ``out`` (gzip when its name ends
    in ``.gz``); ``wagers``: only these wager types of the par sheet's (default: all). Returns
    the number of rounds written.

    :raises ConfigurationError: for a bad factory or profile.
    :raises AdapterError: when the game answers outside the protocol.
    """
    from baccarat_conformance.adapters.base import Transcript
    from baccarat_conformance.adapters.library import LibraryAdapter

    rs = load_profile(profile)
    rules = rs.as_rules()
    adapter = LibraryAdapter(load_factory(game)())
    clock = dt.datetime.fromisoformat(start.replace("Z", "+00:00")) if start else \
        dt.datetime(2026, 1, 5, 18, 0, tzinfo=dt.timezone.utc)
    keys = tuple((m.wager, m.hand, m.option) for m in par_wagers.models(rules) if m.engine is not None
                 and (wagers is None or m.wager in wagers))
    plan = seat_plan(keys, int(rules.get("table_positions", 14) or 14))
    stakes = {w: _stakes(rules, w) for _, (w, _, _) in plan}
    n = 0
    opener = gzip.open if str(out).endswith(".gz") else open
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    try:
        table = adapter.open_table(rules, test_mode=False)
        seeded = adapter.has_capability("seeded_shuffle")
        with opener(out, "wt", encoding="utf-8") as fh:  # type: ignore[operator]
            for i in range(shoes):
                kw = {"seed": shoe_seed(seed, 0, i)} if seeded else {}
                shoe = adapter.start_shoe(table, burn=True, **kw)
                burned: Optional[list] = list(shoe.burned)  # the envelope of the shoe's first round
                while True:
                    for k, (seat, (wager, hand, option)) in enumerate(plan):
                        amounts = stakes[wager]
                        adapter.place_wager(table, seat, wager, amounts[(n + k) % len(amounts)], hand=hand,
                                            option=option)
                    record = adapter.deal_round(table)
                    line = {"table_id": table_id, "shoe_id": shoe.shoe_id,
                            "timestamp": clock.isoformat().replace("+00:00", "Z"),
                            **({"burned": burned} if burned is not None else {}),
                            **record.model_dump(mode="json", exclude_none=True)}
                    burned = None
                    fh.write(json.dumps(line, separators=(",", ":")) + "\n")
                    n += 1
                    clock += dt.timedelta(seconds=seconds_per_round)
                    if record.shoe == "ended" or (record.status == "void" and record.shoe != "in_play"):
                        break
                adapter.transcript = Transcript()  # a recording keeps no transcript: it would hold every round
    finally:
        adapter.close()
    return n
