"""The writers of the clause matrix (:mod:`baccarat_conformance.verdict.matrix`): ``matrix.json``, ``matrix.csv``,
``matrix-totals.csv`` and ``matrix.html`` (:mod:`.matrix_html`, a Jinja2 template), each
written to a temporary file and renamed."""

from __future__ import annotations

import io
import json
from pathlib import Path
from collections import Counter
from typing import Any, Mapping, Optional, Union

from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.inputs.input_bounds import csv_writer
from baccarat_conformance.verdict.matrix import Matrix
from baccarat_conformance.verdict.results import AGGREGATE_ORDER

from .matrix_html import chapter_order, load_game_math, render_html

__all__ = ["CSV_COLUMNS", "matrix_json", "write_matrix", "write_run_matrix"]


CSV_COLUMNS = ("id", "chapter", "section", "kind", "excerpt", "disposition", "disposition_detail", "options",
               "scenarios", "passed", "failed", "errors", "skipped", "result", "result_label", "result_detail",
               "attestation", "waiver", "allure", "url")


def matrix_json(m: Matrix) -> str:
    """The text of ``matrix.json``: :meth:`Matrix.as_dict`, indented, UTF-8 characters kept."""
    return json.dumps(m.as_dict(), indent=1, ensure_ascii=False) + "\n"


def _csv(m: Matrix) -> str:
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in m.rows:
        res = Counter(x["outcome"] for x in r["results"])
        errs = sum(1 for x in r["results"] if x["result"] == "error")
        a, wv = r["attestation"], r["waiver"]
        w.writerow([r["id"], r["chapter"], r["section"], r["kind"], r["excerpt"], r["disposition"],
                    r["disposition_detail"], " ".join(r["options"]),
                    "; ".join(f"{s['file']}:{s['line']} {s['name']}" for s in r["scenarios"]),
                    res.get("passed", 0), res.get("failed", 0) - errs, errs, res.get("skipped", 0),
                    r["result"], r["result_label"], r["result_detail"],
                    f"{a['result']} {a['inspector']} {a['date']} ({a['evidence']})" if a else "",
                    f"{wv['approver']} until {wv['expires']}" if wv else "",
                    r["allure_filter"] or "", r["url"]])
    for ch in m.totals:
        w.writerow([f"total {ch}", "" if ch == "all" else ch, "", "total", m.totals_sentence(ch)]
                   + [""] * (len(CSV_COLUMNS) - 5))
    w.writerow(["game under test", "", "", "run", m.run.game_phrase or "not recorded"] + [""] * (len(CSV_COLUMNS) - 5))
    return buf.getvalue()


def _totals_csv(m: Matrix) -> str:
    """``matrix-totals.csv``: one row per chapter, in force first (then ``all``), the
    number of clauses and of each result (:data:`~baccarat_conformance.verdict.results.AGGREGATE_ORDER`), as integers."""
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")
    w.writerow(["chapter", "clauses", *AGGREGATE_ORDER])
    for ch in [c for c, _ in chapter_order(m)] + ["all"]:
        counts = m.totals.get(ch, {})
        w.writerow([ch, sum(counts.values()), *(counts.get(k, 0) for k in AGGREGATE_ORDER)])
    return buf.getvalue()


def write_matrix(m: Matrix, out_dir: Union[str, Path], basename: str = "matrix",
                 game_math: Optional[Mapping[str, Any]] = None) -> dict[str, Path]:
    """Write ``matrix.json``, ``matrix.csv`` (one row per clause, then the totals
    sentences), ``matrix-totals.csv`` (the totals as numbers) and ``matrix.html``
    (:func:`.matrix_html.render_html`; ``game_math`` its optional "Game math" section)
    into ``out_dir``, each written to a temporary file and renamed, so a reader never
    sees half a file. Returns the paths by format (``json``, ``csv``, ``html``;
    ``matrix-totals.csv`` is beside the CSV)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {}
    for fmt, name, text in (("json", f"{basename}.json", matrix_json(m)),
                            ("csv", f"{basename}.csv", _csv(m)),
                            ("totals_csv", f"{basename}-totals.csv", _totals_csv(m)),
                            ("html", f"{basename}.html", render_html(m, game_math))):
        path = out / name
        write_atomic(path, text)
        if fmt != "totals_csv":
            paths[fmt] = path
    return paths


def write_run_matrix(m: Matrix, out_dir: Union[str, Path]) -> dict[str, Path]:
    """Write the matrix of a run into the run's folder ``out_dir`` (:func:`write_matrix`),
    a par sheet there (``par_sheet.json`` and its PNG plots, written by a game-math job)
    becoming the HTML's "Game math" section (:func:`.matrix_html.load_game_math`).
    Returns the paths by format."""
    return write_matrix(m, out_dir, game_math=load_game_math(Path(out_dir)))
