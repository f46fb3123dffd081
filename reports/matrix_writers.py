"""The writers of the clause matrix (:mod:`.matrix`): ``matrix.json``, ``matrix.csv`` and
``matrix.html``, each written to a temporary file and renamed."""

from __future__ import annotations

import csv
import html
import io
import json
import os
from pathlib import Path
from collections import Counter
from typing import Any, Union

from baccarat_conformance.verdict import EXIT_CODES

from .matrix import RESULT_LABELS, Matrix

__all__ = ["CSV_COLUMNS", "write_matrix"]


CSV_COLUMNS = ("id", "chapter", "section", "kind", "excerpt", "disposition", "disposition_detail", "options",
               "scenarios", "passed", "failed", "errors", "skipped", "result", "result_label", "result_detail",
               "attestation", "waiver", "allure", "url")


def _csv(m: Matrix) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
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
    return buf.getvalue()


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}
table{border-collapse:collapse;width:100%;font-size:.86em}
th,td{border:1px solid #ddd;padding:.3em .45em;vertical-align:top;text-align:left}
th{background:#f3f3f3;position:sticky;top:0}
td.id{white-space:nowrap;font-family:ui-monospace,monospace}
tr.section td{background:#fafafa;font-weight:600}
.r{display:inline-block;padding:.05em .45em;border-radius:.7em;font-size:.9em;white-space:nowrap}
.pass,.manual_pass{background:#d8f3dc;color:#1b4332}.fail,.manual_fail{background:#ffd6d6;color:#7a0000}
.error{background:#ffe0b3;color:#7a3e00}.waived{background:#e9d8fd;color:#44337a}
.manual_pending,.not_run,.uncovered,.not_verified{background:#fff3bf;color:#5c4400}
.not_offered,.not_applicable,.expired,.not_yet_effective,.not_selected{background:#e9ecef;color:#495057}
.detail{color:#555;font-size:.92em}details summary{cursor:pointer}
.verdict{font-size:1.1em;padding:.6em;border-radius:.3em;margin:.5em 0}
.v0{background:#d8f3dc}.v1{background:#ffd6d6}.v2{background:#ffe0b3}.v3{background:#ffd6d6}.v4{background:#fff3bf}
"""


def _h(x: Any) -> str:
    return html.escape("" if x is None else str(x))


def _html(m: Matrix) -> str:
    run = m.run
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           "<title>Clause matrix — 58 Pa. Code Baccarat conformance</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>Clause matrix — 58 Pa. Code Baccarat conformance</h1>",
           f"<div class='verdict v{m.exit_code}'><b>Verdict: {_h(EXIT_CODES[m.exit_code])}</b> (exit status "
           f"{m.exit_code})" + ("".join(f"<br>{_h(r)}" for r in m.reasons)) + "</div>",
           "<h2>Run</h2><table>"]
    facts = [("Regulations as of", run.as_of.isoformat() + (" (expired clauses tested: --include-expired)"
                                                            if run.include_expired else "")),
             ("Rules Submission profile", f"{run.profile or ''} {('— ' + run.certificate_holder) if run.certificate_holder else ''}"),
             ("Adapter / game", f"{run.adapter or ''} {run.game or ''}"), ("Depth", run.depth),
             ("Scenarios collected / with a result", f"{run.collected if run.collected is not None else '?'} / "
                                                    f"{m.results_count}"),
             ("Started / finished", f"{run.started or ''} / {run.finished or ''}"),
             ("Attestations", run.attestations or "none"), ("Waivers", run.waivers or "none"),
             ("Results log", run.results_log), ("Allure report", run.allure_report),
             ("Harness", run.harness_version)]
    for k, v in facts:
        out.append(f"<tr><th>{_h(k)}</th><td>{_h(v)}</td></tr>")
    out.append("</table><h2>Regulation editions</h2><table><tr><th>Source text</th><th>Publisher</th>"
               "<th>Citation</th><th>Status on " + _h(run.as_of.isoformat()) + "</th></tr>")
    for e in m.editions:
        out.append(f"<tr><td>{_h(e['description'])}<br><span class='detail'>{_h(e['file'])}</span></td>"
                   f"<td>{_h(e['publisher'])}</td><td>{'<br>'.join(_h(c) for c in e['citations'])}</td><td>{_h(e['summary'])}</td></tr>")
    out.append("</table>")
    if m.problems:
        out.append("<h2>Problems of the input files</h2><ul>" + "".join(f"<li>{_h(p)}</li>" for p in m.problems)
                   + "</ul>")
    out.append("<h2>Clauses</h2><table><tr><th>Clause</th><th>Text</th><th>Disposition</th><th>Scenarios</th>"
               "<th>Result</th></tr>")
    for r in m.rows:
        cls = " class='section'" if r["kind"] == "section" else ""
        indent = "&nbsp;" * 2 * r["depth"]
        link = f"<a href='{_h(r['url'])}' title='official text'>{_h(r['id'])}</a>"
        scen = ""
        if r["scenarios"] or r["results"]:
            items = "".join(f"<li>{_h(s['name'])} <span class='detail'>({_h(s['file'])}:{s['line']})</span></li>"
                            for s in r["scenarios"])
            res = "".join(
                f"<li><span class='r {x['result']}'>{_h(RESULT_LABELS[x['result']])}</span> "
                + (f"<a href='{_h(x['allure'])}'>{_h(x['nodeid'])}</a>" if x["allure"] else _h(x["nodeid"]))
                + "</li>" for x in r["results"])
            summary = f"{len(r['scenarios'])} scenario(s), {len(r['results'])} result(s)"
            scen = f"<details><summary>{_h(summary)}</summary><ul>{items}</ul><ul>{res}</ul></details>"
            if r["allure_filter"]:
                scen += f"<a class='detail' href='{_h(r['allure_filter'])}'>in the Allure report</a>"
        disp = _h(r["disposition"].replace("_", " "))
        if r["disposition_detail"]:
            disp += f"<div class='detail'>{_h(r['disposition_detail'])}</div>"
        extra = ""
        if r["attestation"]:
            a = r["attestation"]
            extra = f"<div class='detail'>attestation {_h(a['source'])}</div>"
        if r["waiver"]:
            extra += f"<div class='detail'>waiver {_h(r['waiver']['source'])}</div>"
        out.append(f"<tr{cls} id='{_h(r['tag'])}'><td class='id'>{indent}{link}</td><td>{_h(r['excerpt'])}</td>"
                   f"<td>{disp}</td><td>{scen}</td><td><span class='r {r['result']}'>{_h(r['result_label'])}</span>"
                   f"<div class='detail'>{_h(r['result_detail'])}</div>{extra}</td></tr>")
    out.append("</table><h2>Totals</h2><ul>")
    for ch in m.totals:
        out.append(f"<li>{_h(m.totals_sentence(ch))}</li>")
    out.append("</ul></body></html>\n")
    return "\n".join(out)


def write_matrix(m: Matrix, out_dir: Union[str, Path], basename: str = "matrix") -> dict[str, Path]:
    """Write ``matrix.json``, ``matrix.csv`` and ``matrix.html`` into ``out_dir`` (each
    written to a temporary file and renamed, so a reader never sees half a file).
    Returns the paths by format."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {}
    for fmt, text in (("json", json.dumps(m.as_dict(), indent=1, ensure_ascii=False) + "\n"),
                      ("csv", _csv(m)), ("html", _html(m))):
        path = out / f"{basename}.{fmt}"
        tmp = path.with_suffix(f".{fmt}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        paths[fmt] = path
    return paths
