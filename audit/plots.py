"""The field audit's picture, PNG bytes drawn with matplotlib's Agg backend (no display):
:data:`RETURNS_PNG` (``audit-returns.png``), each table's observed return per wager with its
99% confidence interval against the par sheet's figure (:func:`returns_plot`), linked from
the audit's ``matrix.html``. Where people would rather look than read: a bar that misses the
par sheet's mark (drawn red) is a wager whose return a table should be asked about; the
tests themselves, with Holm's correction across tables, are in ``results.jsonl``
(:mod:`.statistics`).
"""

from __future__ import annotations

import io
from typing import Any, Sequence

__all__ = ["RETURNS_PNG", "returns_plot"]

RETURNS_PNG = "audit-returns.png"
MAX_ROWS = 120
"""Rows drawn at most (table x wager); the rest are in ``results.jsonl``, and the title says so."""


def returns_plot(points: Sequence[dict[str, Any]], title: str) -> bytes:
    """``points``: :func:`.statistics.return_points` (``table``, ``wager``, ``observed``,
    ``low``, ``high``, ``par``: returns per unit wagered). One row a table and wager: the
    observed return, its 99% confidence bar, and the par sheet's return as a black mark;
    red when the bar misses the mark. Returns the PNG's bytes.

    :raises ValueError: when there is no point to draw."""
    if not points:
        raise ValueError("no observed return to draw")
    import matplotlib

    matplotlib.use("Agg")  # before pyplot: draw into files, never a window
    import matplotlib.pyplot as plt

    rows = list(points)[:MAX_ROWS]
    more = len(points) - len(rows)
    fig, ax = plt.subplots(figsize=(8, max(3.0, 0.26 * len(rows) + 1.4)))
    for i, p in enumerate(rows):
        off = p["low"] > p["par"] or p["high"] < p["par"]
        colour = "tab:red" if off else "tab:blue"
        ax.errorbar(p["observed"], i, xerr=[[p["observed"] - p["low"]], [p["high"] - p["observed"]]], fmt="o",
                    color=colour, capsize=3, markersize=4)
        ax.plot([p["par"]], [i], marker="|", color="black", markersize=12)
    ax.axvline(0.0, color="grey", linestyle=":", linewidth=1)
    # a table id is the recording's text: cut, and its "$" kept from starting matplotlib's math mode
    ax.set_yticks(range(len(rows)), [f"{p['table']}: {p['wager']}"[:60].replace("$", r"\$") for p in rows],
                  fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("return per unit wagered (dot: observed, 99% confidence bar; black mark: the par sheet's; "
                  "red: the bar misses it)", fontsize=8)
    ax.set_title(title + (f" (first {len(rows)} rows; {more} more in results.jsonl)" if more else ""), fontsize=9)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()
