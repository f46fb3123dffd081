"""``matrix.html``: the clause matrix for reading, top-down, from the Jinja2 template
``reports/templates/matrix.html.j2`` (autoescaped: no text of the corpus, a game or a
lab's files reaches the page unescaped).

The page reads: the verdict and the totals (per chapter, numeric) first, what was
selected, the run and the regulation editions; then one table per chapter, the chapters
in force first (631a, 631c), those expired or not yet effective after them, folded; a
clause holding a table (``631c.7(d)[table]``) shows it as a table, and the named
interpretations the harness applies to a clause stand beside it. An optional "Game math"
section shows a par sheet and its plots when they are given (:func:`render_html`'s
``game_math``, :func:`load_game_math`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping, Optional

from baccarat_conformance.verdict.contract import EXIT_CODES
from baccarat_conformance.verdict.matrix import AGGREGATE_FAILS, Matrix
from baccarat_conformance.verdict.results import AGGREGATE_ORDER, RESULT_LABELS

from .game_math import is_par_sheet, section
from .templates import environment

__all__ = ["CHAPTER_ORDER", "render_html", "chapter_order", "load_game_math", "quoted_table", "runs", "GAME_MATH_FILE"]

#: The chapters in reading order when all are in force (the in-force ones come first).
CHAPTER_ORDER = ("631a", "631c", "629b", "627b")
#: The par sheet a game-math job writes into the run's folder (read by :func:`load_game_math`).
GAME_MATH_FILE = "par_sheet.json"
TEMPLATE = "matrix.html.j2"


def chapter_order(m: Matrix) -> list[tuple[str, bool]]:
    """The chapters of ``m`` in reading order, each with whether any of its clauses is
    in force on the as-of date: in force first, then by :data:`CHAPTER_ORDER`."""
    chapters: dict[str, bool] = {}
    for r in m.rows:
        chapters[r["chapter"]] = chapters.get(r["chapter"], False) or r["status"] == "in_force"
    rank = {ch: i for i, ch in enumerate(CHAPTER_ORDER)}
    return sorted(chapters.items(), key=lambda kv: (not kv[1], rank.get(kv[0], len(rank)), kv[0]))


def load_game_math(folder: Path) -> Optional[dict[str, Any]]:
    """The game-math block of a run's folder: ``{"par_sheet": dict, "images": [PNG
    file names]}`` from ``folder/par_sheet.json`` and the PNG files beside it; None when
    there is no par sheet (or it is not a JSON object)."""
    path = Path(folder) / GAME_MATH_FILE
    try:
        sheet = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(sheet, dict):
        return None
    return {"par_sheet": sheet, "images": sorted(p.name for p in Path(folder).glob("*.png"))}


def _flatten(data: Any, prefix: str = "") -> list[tuple[str, str]]:
    """A par sheet's nested values as (dotted key, text) pairs."""
    if isinstance(data, Mapping):
        out: list[tuple[str, str]] = []
        for k, v in data.items():
            out += _flatten(v, f"{prefix}.{k}" if prefix else str(k))
        return out
    if isinstance(data, list) and all(not isinstance(x, (Mapping, list)) for x in data):
        return [(prefix, ", ".join(str(x) for x in data))]
    if isinstance(data, list):
        return [pair for i, x in enumerate(data) for pair in _flatten(x, f"{prefix}[{i}]")]
    return [(prefix, str(data))]


ITALIC = re.compile(r"<i>(.*?)</i>", re.S)


def runs(text: str) -> list[dict[str, Any]]:
    """``text`` as runs of plain and italic text: the source texts of the regulation mark
    italics as ``<i>…</i>`` (Table 1's headings). Only that mark is read; the template
    writes the ``<i>`` element itself and escapes every run's text, so any other markup
    in a text shows as written, never as HTML."""
    ellipsis = text.endswith("…")
    if ellipsis:  # an excerpt cut inside a mark: drop the cut mark's piece, close the italic it left open
        text = re.sub(r"<(/(i)?)?$|<i$", "", text[:-1])
        if text.count("<i>") > text.count("</i>"):
            text += "</i>"
        text += "…"
    out: list[dict[str, Any]] = []
    at = 0
    for m in ITALIC.finditer(text):
        if m.start() > at:
            out.append({"text": text[at:m.start()], "italic": False})
        out.append({"text": m.group(1), "italic": True})
        at = m.end()
    if at < len(text):
        out.append({"text": text[at:], "italic": False})
    return out


def quoted_table(cells: list[list[str]]) -> list[dict[str, Any]]:
    """The lines of a table quoted in a clause, for the template: a line with one
    filled cell before the header is a ``title`` (spanning the table), the first line of
    two or more filled cells the ``head``, the rest body lines; each cell as its
    :func:`runs`."""
    width = max(len(c) for c in cells)
    out, head_seen = [], False
    for line in cells:
        filled = [c for c in line if c]
        if not head_seen and len(filled) == 1:
            out.append({"cells": [runs(c) for c in filled], "title": True, "head": False, "span": width})
            continue
        out.append({"cells": [runs(c) for c in line], "title": False, "head": not head_seen, "span": 1})
        head_seen = True
    return out


def render_html(m: Matrix, game_math: Optional[Mapping[str, Any]] = None) -> str:
    """The page of ``m`` (see the module docstring). ``game_math``: ``{"par_sheet":
    dict, "images": [file names relative to the matrix]}``, or None (no such section).

    :raises jinja2.TemplateError: if the packaged template is broken (a harness bug).
    """
    run = m.run
    order = chapter_order(m)
    # the failures counted as the verdict counts them ("fail": the clauses it names; those failing as
    # aggregates in a column of their own, last), as the totals' sentences and the banner do
    counted = {ch: m.verdict_totals(ch) for ch in m.totals}
    kinds = [k for k in AGGREGATE_ORDER if any(counted[ch].get(k) for ch in m.totals)]
    if any(counted[ch].get(AGGREGATE_FAILS) for ch in m.totals):
        kinds.append(AGGREGATE_FAILS)
    tables = {r["id"]: quoted_table(r["table"]) for r in m.rows if r.get("table")}
    totals = [{"chapter": ch, "label": "all chapters" if ch == "all" else ch, "clauses": sum(m.totals[ch].values()),
               "counts": [counted[ch].get(k, 0) for k in kinds], "sentence": m.totals_sentence(ch)}
              for ch in [c for c, _ in order] + ["all"] if ch in m.totals]
    chapters = [{"id": ch, "in_force": in_force, "sentence": m.totals_sentence(ch),
                 "status": "in force" if in_force else next(
                     (r["result_label"] for r in m.rows if r["chapter"] == ch), ""),
                 "rows": [r for r in m.rows if r["chapter"] == ch]} for ch, in_force in order]
    facts = [("Game under test", run.game_phrase or "not recorded (no scenario asked the game to describe itself)"),
             ("Regulations as of", run.as_of.isoformat() + (" (expired clauses tested: --include-expired)"
                                                            if run.include_expired else "")),
             ("Rules Submission profile", f"{run.profile or ''} "
                                          f"{('— ' + run.certificate_holder) if run.certificate_holder else ''}"),
             ("Adapter / game", f"{run.adapter or ''} {run.game or ''}"), ("Depth", run.depth),
             ("Scenarios collected / with a result", f"{run.collected if run.collected is not None else '?'} / "
                                                    f"{m.results_count}"),
             ("Started / finished", f"{run.started or ''} / {run.finished or ''}"),
             ("Attestations", run.attestations or "none"), ("Waivers", run.waivers or "none"),
             ("Results log", run.results_log), ("Allure report", run.allure_report),
             ("Harness", run.harness_version)]
    math = None
    if game_math:
        sheet = game_math.get("par_sheet") or {}
        math = {"pairs": [] if is_par_sheet(sheet) else _flatten(sheet), "images": list(game_math.get("images") or ()),
                **(section(sheet) if is_par_sheet(sheet) else {"wagers": None})}
    excerpts = {r["id"]: runs(r["excerpt"]) for r in m.rows}
    return environment().get_template(TEMPLATE).render(
        m=m, excerpts=excerpts, meaning=EXIT_CODES[m.exit_code], kinds=[RESULT_LABELS.get(k, "failing as aggregates") for k in kinds], kind_keys=kinds,
        totals=totals, chapters=chapters, facts=facts, tables=tables, selection=m.selection_facts(), labels=RESULT_LABELS,
        game_math=math)
