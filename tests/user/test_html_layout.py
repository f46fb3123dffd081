"""matrix.html and diff.html laid out by a real browser (issue 37 item 11): headless
Chromium at 1400 and 1000 pixels wide measures every clause id of the matrix inside its
cell (ids of depth three and more, ``631a.11(c)(2)(iii)``, ``631a.11(c)[Table 1]``, used to
run over the Text column) and every clause id and effect of diff.html on one line
("VERIFICATION LOST" and ids used to break mid-word).

Skipped only when no Chromium is installed (``apt-get install chromium``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

WIDTHS = (1400, 1000)

#: Run in the page after load: every <details> opened, then the problems found written into the page.
MEASURE = """
<script>
window.addEventListener('load', () => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const problems = [];
  document.querySelectorAll('td.id').forEach(td => {
    const a = td.querySelector('a'); if (!a) return;
    const cell = td.getBoundingClientRect(), id = a.getBoundingClientRect();
    if (id.right > cell.right + 0.5) problems.push('overflows its cell: ' + a.textContent);
  });
  document.querySelectorAll('[data-one-line]').forEach(el => {
    const range = document.createRange(); range.selectNodeContents(el.firstChild || el);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) problems.push('on ' + tops.size + ' lines: ' + el.textContent.trim());
  });
  const out = document.createElement('pre'); out.id = 'layout-problems';
  out.textContent = JSON.stringify(problems); document.body.appendChild(out);
});
</script>
"""


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium here (apt-get install chromium)")


def problems_at(page: Path, width: int, tmp: Path) -> list[str]:
    """The layout problems of ``page`` (an HTML file) at ``width`` pixels, measured by headless Chromium."""
    probe = tmp / f"probe-{width}-{page.name}"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    proc = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--window-size={width},900", f"--user-data-dir={tmp / 'profile'}",
                           "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
                          capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="layout-problems">(.*?)</pre>', proc.stdout, re.S)
    assert found, f"Chromium did not lay the page out: {proc.stderr[-2000:]}"
    import html

    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def matrix_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """matrix.html of an empty results log: every clause of the corpus in its row."""
    from baccarat_conformance.reports.matrix_writers import write_run_matrix
    from baccarat_conformance.verdict.rebuild import rebuild_matrix

    folder = tmp_path_factory.mktemp("matrix")
    log = folder / "results.jsonl"
    log.write_text("")
    write_run_matrix(rebuild_matrix(log, as_of="2024-06-01", allow_pending=True), folder)
    page = folder / "matrix.html"
    text = page.read_text(encoding="utf-8").replace("<wbr>", "")
    assert ">631a.11(c)(2)(iii)</a>" in text and ">631a.11(c)(2)(iii)[Table 1]</a>" in text
    return page


@pytest.fixture(scope="module")
def diff_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from baccarat_conformance.reports.evidence_diff import write_diff
    from baccarat_conformance.verdict.diff import ClauseChange, RunDiff

    def side(result: str, label: str) -> dict:
        return {"result": result, "label": label, "detail": "the scenario stopped at a failure of "
                "§ 631a.13(b): the $10.00 tie wager of seat 3 wins at the Rules Submission's 8 to 1",
                "scenarios": [{"nodeid": "features/test_631a.py::test_a_tie_wager_wins_when_the_point_counts_are_"
                               "equal[QC 3D QH 4S 7C-7 against 7]", "result": result, "message": None}]}

    clauses = [ClauseChange(cid, side("pass", "pass"), side("not_verified", "not verified"), "verification_lost")
               for cid in ("631a.11(c)(2)(iii)", "631a.11(c)(2)(iii)[Table 1]", "631c.2(g)(4)(ii)(B)")]
    clauses.append(ClauseChange("631a.13(b)", side("pass", "pass"), side("fail", "fail"), "regression"))
    folder = tmp_path_factory.mktemp("diff")
    write_diff(RunDiff("old.evidence.tar.gz", "new.evidence.tar.gz", clauses=clauses, verdicts=(0, 4),
                       games=("reference 1.0", "reference 1.1")), folder)
    page = folder / "diff.html"
    assert page.read_text(encoding="utf-8").count("data-one-line") >= 8
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_matrix_clause_ids_stay_in_their_cells(matrix_page: Path, width: int, tmp_path: Path) -> None:
    assert problems_at(matrix_page, width, tmp_path) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_diff_clause_ids_and_effects_read_on_one_line(diff_page: Path, width: int, tmp_path: Path) -> None:
    assert problems_at(diff_page, width, tmp_path) == []
