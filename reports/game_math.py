"""The "Game math" section of the reports: the exact par sheet of the run's Rules
Submission (``OUT/par_sheet.json``, the JSON shape of
:meth:`baccarat_conformance.oracle.par_sheet.ParSheet.as_dict`) as an HTML fragment.

The clause matrix HTML places :func:`game_math_html` of the run's ``par_sheet.json``
before its totals (it uses the matrix page's own table and ``details`` styles).
"""

from __future__ import annotations

import html
import json
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional, Union

PAR_SHEET_FILE = "par_sheet.json"


def _h(x: Any) -> str:
    return html.escape("" if x is None else str(x))


def read_par_sheet(out_dir: Union[str, Path]) -> Optional[dict[str, Any]]:
    """``OUT/par_sheet.json`` of a run, or None when the run wrote none (or it is unreadable)."""
    try:
        return json.loads((Path(out_dir) / PAR_SHEET_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _probability(text: str) -> str:
    return f"{float(Fraction(text)):.8f}" if text else ""


def game_math_html(sheet: Optional[dict[str, Any]]) -> str:
    """The "Game math" section: one row per wager, hand, paytable and option with its
    house edge (percent, and the exact fraction on hover) and its note, and each wager's
    outcomes (probability, odds paid) in a ``details`` element. ``sheet`` None: a line
    saying the run wrote no par sheet."""
    out = ["<h2 id='game-math'>Game math</h2>"]
    if not sheet:
        out.append("<p class='detail'>No par sheet was written for this run.</p>")
        return "\n".join(out)
    out.append(f"<p>Exact par sheet of the Rules Submission <b>{_h(sheet.get('profile'))}</b>, "
               f"{_h(sheet.get('decks'))} decks: every probability composition-exact (cards without replacement "
               "from a full shoe, off the top), the house edge the expected loss per unit wagered (a push "
               "returns the wager). Also: <code>baccarat-conformance par-sheet</code>.</p>")
    out.append("<table><tr><th>Wager</th><th>Hand</th><th>Paytable</th><th>Option</th><th>House edge</th>"
               "<th>Outcomes</th></tr>")
    for w in sheet.get("wagers", []):
        edge = "—" if w.get("house_edge_float") is None else f"{w['house_edge_float'] * 100:.4f}%"
        rows = "".join(f"<tr><td>{_h(o['outcome'])}</td><td>{_probability(o['probability'])}</td>"
                       f"<td>{_h(o['pays'])}</td></tr>" for o in w.get("outcomes", []))
        outcomes = (f"<details><summary>{len(w.get('outcomes', []))} outcome(s)</summary><table><tr><th>Outcome"
                    f"</th><th>Probability</th><th>Pays</th></tr>{rows}</table></details>") if rows else ""
        note = f"<div class='detail'>{_h(w['note'])}</div>" if w.get("note") else ""
        out.append(f"<tr><td>{_h(w['wager'])}</td><td>{_h(w.get('hand') or '')}</td>"
                   f"<td>{_h(w.get('paytable') or '')}</td><td>{_h(w.get('option') or '')}</td>"
                   f"<td title='{_h(w.get('house_edge') or '')}'>{edge}{note}</td><td>{outcomes}</td></tr>")
    out.append("</table>")
    return "\n".join(out)
