"""The "Game math" section of the reports: the exact par sheet of the run's Rules
Submission (``OUT/par_sheet.json``, the JSON shape of
:meth:`baccarat_conformance.oracle.par_sheet.ParSheet.as_dict`), rendered by the
template fragment ``templates/game_math.html.j2``, which the clause matrix page includes
(:func:`.matrix_html.render_html`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Optional

from .templates import environment


def is_par_sheet(sheet: Any) -> bool:
    """Whether ``sheet`` has the par sheet's shape (``{"profile", "decks", "wagers": [...]}``)."""
    return isinstance(sheet, Mapping) and isinstance(sheet.get("wagers"), list)


def section(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The template's data of a par sheet: ``profile``, ``decks`` and one row per wager,
    hand, paytable and option with its house edge as a percentage (``edge``), the exact
    fraction (``exact``), its note and its outcomes (probability to 8 places, odds paid)."""
    rows = []
    for w in sheet.get("wagers", []):
        edge = w.get("house_edge_float")
        rows.append({
            "wager": w.get("wager"), "hand": w.get("hand") or "", "paytable": w.get("paytable") or "",
            "option": w.get("option") or "", "edge": "—" if edge is None else f"{edge * 100:.4f}%",
            "exact": w.get("house_edge") or "", "note": w.get("note") or "",
            "outcomes": [{"outcome": o.get("outcome"), "pays": o.get("pays"),
                          "probability": f"{float(Fraction(o['probability'])):.8f}" if o.get("probability") else ""}
                         for o in w.get("outcomes", [])],
        })
    return {"profile": sheet.get("profile") or "", "decks": sheet.get("decks"), "wagers": rows}


def game_math_html(sheet: Optional[Mapping[str, Any]]) -> str:
    """The section's body for ``sheet`` (the fragment, without its heading), or a line
    saying the run wrote no par sheet."""
    if not is_par_sheet(sheet):
        return "<p class='detail'>No par sheet was written for this run.</p>"
    assert sheet is not None
    return environment().get_template("game_math.html.j2").render(game_math=section(sheet))
