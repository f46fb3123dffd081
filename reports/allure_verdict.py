"""The clause verdict on the Allure report's home page.

Allure's own figure on its home page is a test pass rate: "100%" on a run that is not
conformant (exit 4), "86.59%" on one that fails a clause. The verdict is the clause
matrix's, so the report carries it where people look first:

- the report's **name**, the title of the home page: ``Baccarat conformance — exit 1:
  nonconformant — 1 clause fails: 631a.11(b)(1)`` (:func:`report_name`; Allure 3 reads it
  from ``allurerc.mjs``, which takes it from the environment variable :data:`NAME_ENV`);
- a **global attachment** (Allure 3's ``*-globals.json`` in the results folder), the page
  "Clause verdict": the exit status and its reasons, the failing clauses, the game under
  test, and a link to ``matrix.html``;
- for a run that is not conformant, a **global error** holding the same sentence, which
  Allure 3 shows on the home page beside the run's figures;
- one **result** of its own, first in the tree (``0 · Clause verdict``), named by the
  verdict, with its reasons as the message, the page attached and a link to
  ``matrix.html``, whose status is Allure's ``unknown`` whatever the verdict (the verdict
  is in its name): it is not one more failed, broken or passed result, so the home page's
  counts of failed, broken and skipped results are those of JUnit and pytest (issue 37
  item 2), and no category (*Product errors*) files it. Allure 3 focuses the first result
  of its tree when the home page opens, so the verdict is what the page shows first.

Everything written here comes from the matrix (``matrix.json``); the text of a game or
of a lab's files is escaped in the page (:func:`html.escape`).
"""

from __future__ import annotations

import html
import json
import time
import uuid
from pathlib import Path
from typing import Any, ContextManager, Mapping, Optional

from baccarat_conformance.util.environ import variable_set
from baccarat_conformance.util.atomic_files import write_atomic

__all__ = ["NAME_ENV", "GLOBALS_FILE", "VERDICT_GROUP", "report_name", "write_verdict", "named_report"]

NAME_ENV = "BACCARAT_CONFORMANCE_REPORT_NAME"
"""The environment variable ``allurerc.mjs`` reads the report's name from."""
GLOBALS_FILE = "clause-verdict-globals.json"
TITLE = "Baccarat conformance (58 Pa. Code)"
#: The tree group of the verdict's result: first, before "1 · 58 Pa. Code Ch. 631a ..." (reports/allure_labels.py).
VERDICT_GROUP = "0 · Clause verdict (matrix.html)"
STATUS = {0: "unknown", 1: "unknown", 2: "unknown", 3: "unknown", 4: "unknown"}
"""The Allure status of the verdict's own result, by exit status: never counted among the scenarios' results."""
SHORT = {0: "conformant", 1: "NOT CONFORMANT", 2: "harness or adapter error", 3: "invalid input",
         4: "incomplete"}


def _leaves_phrase(matrix: Mapping[str, Any]) -> Optional[str]:
    reasons = matrix.get("verdict", {}).get("reasons") or []
    return next((r for r in reasons if " fail" in r and r[:1].isdigit()), None)


def report_name(matrix: Mapping[str, Any]) -> str:
    """The report's name: the title, the exit status and what it means, and the first
    reason (for exit 1 the failing clauses, :func:`~baccarat_conformance.verdict.contract.failing_sentence`)."""
    verdict = matrix.get("verdict", {})
    code = int(verdict.get("exit_code", 2))
    reasons = verdict.get("reasons") or []
    first = _leaves_phrase(matrix) or (reasons[0] if reasons and code else "")
    return f"{TITLE} — exit {code}: {SHORT.get(code, '?')}" + (f" — {first}" if first else "")


def _page(matrix: Mapping[str, Any], matrix_href: str) -> str:
    verdict = matrix.get("verdict", {})
    code = int(verdict.get("exit_code", 2))
    run = matrix.get("run", {})
    game = run.get("game_under_test") or {}
    who = " ".join(str(game[k]) for k in ("name", "version") if game.get(k))
    who = f"{who} ({game['vendor']})" if game.get("vendor") else who
    e = html.escape
    failing = [r for r in matrix.get("rows", []) if r.get("result") in ("fail", "manual_fail")]
    reasons = "".join(f"<li>{e(str(r))}</li>" for r in verdict.get("reasons") or [])
    totals = "".join(f"<li>{e(str(s))}</li>" for s in (matrix.get("totals_sentences") or {}).values())
    colour = {0: "#d8f3dc", 1: "#ffd6d6", 2: "#ffe0b3", 3: "#ffd6d6", 4: "#fff3bf"}.get(code, "#eee")
    rows = "".join(f"<tr><td>{e(r['id'])}</td><td>{e(str(r.get('result_label', '')))}</td>"
                   f"<td>{e(str(r.get('result_detail', '')))}</td></tr>" for r in failing[:200])
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Clause verdict</title>"
            f"<style>body{{font-family:system-ui,sans-serif;margin:1em}}.v{{background:{colour};padding:.6em;"
            f"border-radius:.3em;font-size:1.1em}}td,th{{border:1px solid #ddd;padding:.2em .4em;text-align:left}}"
            f"table{{border-collapse:collapse}}</style></head><body>"
            f"<div class='v'><b>Verdict: exit {code}, {e(str(verdict.get('meaning', '')))}</b>"
            f"<ul>{reasons}</ul></div>"
            f"<p>Game under test: <b>{e(who) or 'not recorded'}</b>; Rules Submission {e(str(run.get('profile') or ''))};"
            f" regulations as of {e(str(run.get('as_of') or ''))}.</p>"
            f"<p>The clause matrix is the verdict: <a href='{e(matrix_href)}' target='_top'>matrix.html</a>"
            f" (one row per clause; this report shows the scenarios).</p>"
            + (f"<table><tr><th>failing clause</th><th>result</th><th>detail</th></tr>{rows}</table>" if rows else "")
            + f"<ul>{totals}</ul></body></html>")


def write_verdict(results_dir: Path, matrix: Mapping[str, Any], matrix_href: str) -> str:
    """Write the verdict into the Allure results folder ``results_dir`` (the page as a
    global attachment, and a global error when the run is not conformant) from
    ``matrix`` (``matrix.json``'s object); ``matrix_href`` is the link to ``matrix.html``
    from the report. Returns the report's name (:func:`report_name`)."""
    results_dir = Path(results_dir)
    results_dir.mkdir(parents=True, exist_ok=True)
    for old in results_dir.glob(f"*{GLOBALS_FILE}"):
        old.unlink(missing_ok=True)
    source = f"{uuid.uuid4()}-attachment.html"
    write_atomic(results_dir / source, _page(matrix, matrix_href))
    name = report_name(matrix)
    now = int(time.time() * 1000)
    doc: dict[str, Any] = {"attachments": [{"name": "Clause verdict (the clause matrix)", "source": source,
                                            "type": "text/html", "timestamp": now}], "errors": []}
    code = int(matrix.get("verdict", {}).get("exit_code", 2))
    if code != 0:
        doc["errors"].append({"message": name + " — the clause matrix is the verdict: matrix.html",
                              "timestamp": now})
    write_atomic(results_dir / f"{uuid.uuid4()}-{GLOBALS_FILE}", json.dumps(doc, ensure_ascii=False))
    reasons = matrix.get("verdict", {}).get("reasons") or []
    result = {
        "uuid": str(uuid.uuid4()), "historyId": "baccarat-conformance-clause-verdict",
        "name": f"Clause verdict: exit {code}, {SHORT.get(code, '?')}"
                + (f" — {_leaves_phrase(matrix) or reasons[0]}" if code and reasons else ""),
        "fullName": "baccarat-conformance clause verdict", "status": STATUS.get(code, "broken"),
        "statusDetails": {"message": "; ".join(str(r) for r in reasons) or "conformant: every selected clause passes",
                          "trace": ""},
        "stage": "finished", "start": now, "stop": now,
        "description": "The clause matrix (matrix.html) is the verdict of the run: one row per clause of the "
                       "regulation, each pass, fail, not offered, not verified or manual. The results under it are "
                       "the scenarios that decided it.",
        "labels": [{"name": "parentSuite", "value": VERDICT_GROUP}, {"name": "tag", "value": "verdict"}],
        "links": [{"name": "matrix.html — the clause matrix", "url": matrix_href, "type": "link"}],
        "attachments": [{"name": "Clause verdict", "source": source, "type": "text/html"}],
        "parameters": [], "steps": [],
    }
    write_atomic(results_dir / f"{result['uuid']}-result.json", json.dumps(result, ensure_ascii=False))
    return name


def named_report(name: str) -> ContextManager[None]:
    """Within the block, the Allure CLI started by the harness names the report ``name``
    (:data:`NAME_ENV`, read by ``allurerc.mjs``)."""
    return variable_set(NAME_ENV, name)
