"""The regulation corpus: committed output is fresh, ids and tags are sound, the
text is verbatim, interpretations quote the text, editions and expiry are recorded."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_conformance import corpus as C
from baccarat_conformance.corpus import build as B

CORPUS_JSON = B.DEFAULT_OUTPUT
SHARED = B.REPO_DIR.parent / "shared" / "regulations"


@pytest.fixture(scope="module")
def committed() -> dict:
    return json.loads(CORPUS_JSON.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def corpus() -> C.Corpus:
    return C.load_corpus()


def source_text(file: str) -> str:
    return (B.SOURCES_COPY_DIR / file).read_text(encoding="utf-8")


def run_build(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "baccarat_conformance.corpus.build", *args],
                          capture_output=True, text=True, env={**os.environ, **(env or {})}, timeout=120)


# ------------------------------------------------------------------ freshness
@pytest.mark.parametrize("where", ["default", "copies"])
def test_committed_corpus_equals_fresh_build(committed: dict, where: str) -> None:
    sources = B.resolve_sources() if where == "default" else B.SOURCES_COPY_DIR
    fresh = B.build_corpus(sources)
    assert B.stale_report(committed, fresh) == []
    assert B.render(fresh) == CORPUS_JSON.read_text(encoding="utf-8")


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared regulations folder beside the repo")
def test_source_copies_are_verbatim() -> None:
    for spec in B.ALL_SOURCES:
        assert (B.SOURCES_COPY_DIR / spec.file).read_bytes() == (SHARED / spec.file).read_bytes(), spec.file


def test_build_check_passes_on_committed_corpus() -> None:
    result = run_build("--check")
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout


def altered_sources(tmp_path: Path, file: str, old: str, new: str) -> Path:
    dest = tmp_path / "regulations"
    shutil.copytree(B.SOURCES_COPY_DIR, dest)
    path = dest / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {file}"
    path.chmod(0o644)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return dest


def test_changed_word_makes_check_fail_naming_the_clause(tmp_path: Path) -> None:
    sources = altered_sources(tmp_path, "631a-baccarat.txt",
                              "A winning Tie Wager shall be paid at odds of at least 8 to 1.",
                              "A winning Tie Wager shall be paid at odds of at least 9 to 1.")
    result = run_build("--check", "--sources", str(sources))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "clause 631a.13(b): text, sha256 differ" in result.stderr
    assert "'8' -> '9'" in result.stderr
    # only that clause (and the source's checksum) is reported
    assert [line for line in result.stderr.splitlines() if line.strip().startswith("clause ")] == [
        line for line in result.stderr.splitlines() if "631a.13(b)" in line]


def test_changed_word_via_environment_variable(tmp_path: Path) -> None:
    sources = altered_sources(tmp_path, "631c-baccarat-side-wagers-and-variations.txt",
                              "| Cover All | 6 to 1 | 6 to 1 |", "| Cover All | 6 to 1 | 7 to 1 |")
    result = run_build("--check", env={B.ENV_VAR: str(sources)})
    assert result.returncode == 1
    assert "clause 631c.3(h)[table]" in result.stderr


def test_changed_quote_makes_build_fail_naming_the_interpretation(tmp_path: Path) -> None:
    sources = altered_sources(tmp_path, "631a-baccarat.txt",
                              "placement of the Player's Hand and the Dealer's Hand.",
                              "placement of the Player's Hand and the Banker's Hand.")
    result = run_build("--check", "--sources", str(sources))
    assert result.returncode == 2
    assert "dealers-hand-means-bankers-hand" in result.stderr and "631a.9(c)" in result.stderr


def test_unlabelled_stray_text_is_an_error(tmp_path: Path) -> None:
    sources = altered_sources(tmp_path, "631a-baccarat.txt",
                              "(c) In no event may more than one additional card be dealt to either hand.\n",
                              "(c) In no event may more than one additional card be dealt to either hand.\n\n"
                              "Stray text.\n")
    with pytest.raises(B.BuildError, match=r"631a-baccarat\.txt:\d+: cannot place unlabelled text 'Stray text\.'"):
        B.build_corpus(sources)


def test_resolve_sources_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(B.ENV_VAR, str(tmp_path))
    assert B.resolve_sources("/x") == Path("/x")
    assert B.resolve_sources() == tmp_path
    monkeypatch.delenv(B.ENV_VAR)
    assert B.resolve_sources() in (SHARED, B.SOURCES_COPY_DIR)


# ------------------------------------------------------------------ ids and tags
def test_clause_ids_unique(committed: dict) -> None:
    ids = [e["id"] for e in committed["clauses"]]
    assert len(ids) == len(set(ids))


def test_every_entry_is_well_formed(corpus: C.Corpus) -> None:
    for c in corpus.clauses:
        assert c.kind in ("section", "clause", "definition", "table"), c.id
        assert c.sha256 == B.sha256(c.text), c.id
        assert (c.kind == "table") == (c.table is not None), c.id
        assert c.url == B.URL_TEMPLATE.format(chapter=c.chapter, section=c.section), c.id
        assert c.chapter == c.section.split(".")[0] and c.chapter_title and c.section_heading, c.id
        assert c.parent is None if c.kind == "section" else c.parent in corpus.by_id, c.id
        assert c.id.startswith(c.section), c.id
        if c.kind == "section":
            assert c.label == f"§ {c.section}" and c.id == c.section + (f"@{c.edition}" if c.edition else "")
        for name in c.interpretations:
            assert c.id in corpus.interpretation(name).clauses


def test_tags_round_trip_for_every_clause(corpus: C.Corpus) -> None:
    for c in corpus.clauses:
        tag = c.tag
        assert C.PYTEST_MARKER_RE.match(tag) and ":" not in tag and "(" not in tag, tag
        assert C.clause_id_for_tag(tag) == c.id
        assert C.clause_id_for_tag("@" + tag) == c.id
        assert corpus.by_tag(tag) is c


@pytest.mark.parametrize("clause_id, tag", [
    ("631a.11", "631a.11"),
    ("631a.11(c)(2)(iii)", "631a.11.c.2.iii"),
    ("631a.8(a)(4)(i)(A)", "631a.8.a.4.i.A"),
    ("631a.1[Natural]", "631a.1.def.Natural"),
    ("631a.1[Dragon 7]", "631a.1.def.Dragon_7"),
    ("631c.1(e)[Colored pair]", "631c.1.e.def.Colored_pair"),
    ("631a.11(c)(2)(iii)[Table 1]", "631a.11.c.2.iii.table.Table_1"),
    ("631a.13(e)[table]", "631a.13.e.table.table"),
    ("629b.7(i)[table 2]", "629b.7.i.table.table_2"),
    ("631c.2(g)(1)@current-through-2024-06-22", "631c.2.g.1.ed.current-through-2024-06-22"),
    ("631c.2(i)[table]@current-through-2024-06-22", "631c.2.i.table.table.ed.current-through-2024-06-22"),
])
def test_tag_examples(clause_id: str, tag: str) -> None:
    assert C.tag_for(clause_id) == tag
    assert C.clause_id_for_tag(tag) == clause_id


@pytest.mark.parametrize("bad", ["631a", "631a.11(c", "631a.11 (c)", "§ 631a.11", "631a.11[Bad_term]",
                                 "631a.11(def)", "631a.1[x]@Ed", ""])
def test_tag_for_rejects_bad_ids(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        C.tag_for(bad)


@pytest.mark.parametrize("bad", ["slow", "option.dragon_bonus", "631a.11.def", "631a.11.ed.x.c",
                                 "631a.11(c)", "631a.11.c:2"])
def test_clause_id_for_tag_rejects_bad_tags(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        C.clause_id_for_tag(bad)


def test_unknown_clause_error(corpus: C.Corpus) -> None:
    with pytest.raises(KeyError) as info:
        corpus.get("631a.11(h)")
    err = info.value
    assert isinstance(err, C.UnknownClause) and err.clause_id == "631a.11(h)"
    assert "631a.11(h)" in str(err) and "631a.11(g)" in err.suggestions and "631a.11(g)" in str(err)
    with pytest.raises(C.UnknownClause):
        corpus.children("999z.1")
    with pytest.raises(C.UnknownClause):
        corpus.ancestors("631a.11(z)")


# ------------------------------------------------------------------ structure
def ids(clauses) -> list[str]:
    return [c.id for c in clauses]


def test_chapters_and_sections(corpus: C.Corpus) -> None:
    assert corpus.chapters() == ("627b", "629b", "631a", "631c")
    expected = {"631a": 15, "631c": 7, "629b": 7, "627b": 3}
    for chapter, n in expected.items():
        assert ids(corpus.sections(chapter)) == [f"{chapter}.{i}" for i in range(1, n + 1)]
        for section in corpus.sections(chapter):
            assert corpus.children(section.id), f"{section.id} has no clauses"
    assert ids(corpus.sections("631c", edition="current-through-2024-06-22")) == [
        "631c.2@current-through-2024-06-22"]
    assert corpus.get("631a.11").section_heading == "Rules for determining whether a third card shall be dealt"
    assert corpus.get("631a.1").chapter_title == "Baccarat"
    assert corpus.get("629b.1").chapter_title == "Midibaccarat Side Wagers and Variations—Temporary Regulations"


def test_regulation_order(corpus: C.Corpus) -> None:
    order = ids(corpus.clauses)
    assert order.index("631a.8(a)(4)(i)(A)") < order.index("631a.8(a)(4)(i)(B)") < order.index("631a.8(a)(5)")
    assert order.index("631a.9") < order.index("631a.10") < order.index("631a.11")
    alt = [i for i in order if i.endswith("@current-through-2024-06-22")]
    assert order.index(alt[0]) == order.index("631c.2(i)[table]") + 1
    assert order.index(alt[-1]) + 1 == order.index("631c.3")


def test_631a_11_structure_and_table_1(corpus: C.Corpus) -> None:
    assert ids(corpus.children("631a.11")) == [f"631a.11({x})" for x in "abcdefg"]
    assert ids(corpus.children("631a.11(b)")) == ["631a.11(b)(1)", "631a.11(b)(2)"]
    assert ids(corpus.children("631a.11(c)(2)")) == [f"631a.11(c)(2)({x})" for x in ("i", "ii", "iii")]
    table = corpus.get("631a.11(c)(2)(iii)[Table 1]")
    assert table.kind == "table" and table.parent == "631a.11(c)(2)(iii)"
    assert table.table.caption == "Table 1"
    assert table.table.title == "Value of the Third Card Drawn by Player’s Hand"
    assert table.table.columns == ("Point Count of Banker’s Hand After Two Cards", *map(str, range(10)))
    grid = [row.split() for row in ["D D D D D D D D S D", "S S D D D D D D S S",
                                    "S S S S D D D D S S", "S S S S S S D D S S"]]
    assert [row[0] for row in table.table.rows] == ["3", "4", "5", "6"]
    assert [list(row[1:]) for row in table.table.rows] == grid  # 4 rows x 10 columns
    assert table.text.startswith("Table 1\n\nValue of the Third Card Drawn by Player’s Hand\n\n")
    assert "*Point Count of\nBanker's Hand*" in table.text  # the repeated header stays in the text
    assert any("repeated after a page break" in n for n in table.table.notes)


def test_clause_counts_are_plausible(corpus: C.Corpus) -> None:
    assert ids(corpus.children("631a.1")) == [f"631a.1[{t}]" for t in
                                              ("Curator", "Dragon 7", "EZ Baccarat", "Natural", "Panda 8")]
    assert all(c.kind == "definition" for c in corpus.children("631a.1"))
    assert ids(corpus.children("631a.8(a)")) == [f"631a.8(a)({n})" for n in range(1, 8)]
    assert ids(corpus.children("631a.8(a)(4)(i)")) == [f"631a.8(a)(4)(i)({x})" for x in "ABC"]
    assert len(corpus.children("629b.5(g)(4)")) == 20
    assert corpus.children("629b.5(g)(4)")[-1].id == "629b.5(g)(4)(xx)"
    assert ids(corpus.children("629b.2")) == [f"629b.2({x})" for x in "abcdefghijkl"]
    assert ids(corpus.children("631c.1(e)")) == [f"631c.1(e)[{t}]" for t in ("Colored pair", "Mixed pair",
                                                                               "Perfect pair")]
    assert ids(corpus.children("629b.7(i)")) == [f"629b.7(i)[table {n}]" for n in (1, 2, 3)]
    assert len(corpus.get("631c.6(c)(4)[table]").table.rows) == 12
    assert len(corpus.get("629b.7(g)").text) and len(corpus.children("629b.7(g)")) == 12
    per_chapter = {ch: sum(1 for c in corpus.clauses if c.chapter == ch and c.edition is None)
                   for ch in corpus.chapters()}
    assert per_chapter == {"627b": 62, "629b": 160, "631a": 159, "631c": 110}


def test_parsed_tables(corpus: C.Corpus) -> None:
    for c in corpus.clauses:
        if c.table:
            assert c.table.columns and all(len(r) == len(c.table.columns) for r in c.table.rows), c.id
    dragon = corpus.get("631a.13(e)[table]").table
    assert dragon.columns == ("Hand", "Paytable A", "Paytable B", "Paytable C")
    assert dragon.rows[0] == ("Win by 9 points", "30 to 1", "20 to 1", "30 to 1")
    assert corpus.get("631a.13(h)[table]").table.rows == (("Player and Banker Pair", "15 to 1"),
                                                          ("Player or Banker Pair", "3 to 1"))
    majestic = corpus.get("631c.7(d)[table]").table
    assert majestic.title == "Majestic Match" and majestic.columns == ("Outcome", "Payback")
    heavenly = corpus.get("631c.2(i)[table]").table
    assert len(heavenly.rows) == 7 and heavenly.rows[1] == ("Player and banker 3-card tie— all cards same color",
                                                            "299 for 1")
    assert corpus.get("631c.2(i)[table]@current-through-2024-06-22").table.rows[5] == ("Meter seed/reseed",
                                                                                      "$10,000")
    ghi = corpus.get("629b.7(j)[table 3]").table
    assert ghi.rows == (("Incrementation rate", "15%", "19%", "15%"), ("Reserve incrementation rate", "3%", "5%", "3%"))
    assert corpus.get("629b.6(f)[table]").table.rows[6] == ("Natural win", "1 to 1", "", "", "", "")


# ------------------------------------------------------------------ verbatim text
def undo_joins(clause: C.Clause) -> str:
    text = clause.text
    for j in sorted(clause.joins, key=lambda j: j.offset, reverse=True):
        assert text[j.offset:j.offset + len(j.inserted)] == j.inserted, (clause.id, j)
        text = text[:j.offset] + j.removed + text[j.offset + len(j.inserted):]
    return text


def test_text_is_verbatim_source(corpus: C.Corpus) -> None:
    """Every text, with its recorded joins undone, occurs verbatim in its source."""
    for c in corpus.clauses:
        source = source_text(c.source.split(":")[0])
        assert undo_joins(c) in source, c.id


def test_joins_are_recorded(corpus: C.Corpus) -> None:
    b = corpus.get("631a.12(b)")
    assert "immediately thereafter mark" in b.text
    assert [(j.kind, j.removed, j.inserted) for j in b.joins] == [("hyphenated-page-break", "-\n\n", "")]
    assert "in a separate rack designed" in corpus.get("631a.2(c)").text
    assert corpus.get("631a.2(c)").joins[0].kind == "page-break"
    assert [j.kind for j in corpus.get("629b.7(j)[table 3]").joins] == ["moved-fragment", "moved-fragment"]
    for c in corpus.clauses:
        for j in c.joins:
            assert j.kind in ("page-break", "hyphenated-page-break", "page-furniture", "moved-fragment")


def test_source_artifacts_are_kept(corpus: C.Corpus) -> None:
    assert "\\$5" in corpus.get("631c.2(c)").text
    assert "$5" in corpus.get("631c.2(c)@current-through-2024-06-22").text
    assert "“last hand.”" in corpus.get("631a.10(d)").text
    assert "the Dealer's Hand result in a Panda 8" in corpus.get("631a.8(a)(6)(i)").text
    assert corpus.get("629b.2(h)").text.endswith("paid at odds of 1 to")
    assert not any("631a-7" in c.text or "(413841)" in c.text or "[Next page" in c.text
                   for c in corpus.clauses if c.kind != "table")


def test_repaired_labels_keep_the_printed_label(corpus: C.Corpus) -> None:
    assert corpus.get("629b.2(i)").label == "(i)"
    assert corpus.get("629b.2(j)").label == "(i)"
    assert corpus.get("629b.2(j)").text == "A winning Tie wager shall be paid at odds of 8 to 1."
    assert corpus.get("629b.2(l)").label == "(1)"
    assert corpus.get("629b.2(l)").parent == "629b.2"
    assert corpus.get("629b.2(l)").printed.startswith("(1) At the conclusion of a round of play")


# ------------------------------------------------------------------ interpretations
REQUIRED_INTERPRETATIONS = {
    "629b.2-cut-off-h": "629b.2(h)",
    "629b.2-duplicate-i-tie-odds": "629b.2(j)",
    "629b.2-1-for-l": "629b.2(l)",
    "629b.7-j-scattered-rate-table": "629b.7(j)[table 3]",
    "631a.8-a-2-i-and-if-ez-baccarat": "631a.8(a)(2)(i)",
    "dollar-sign-escapes": "631c.2(c)",
    "631c.3-f-4-blazing-7s-card-count": "631c.3(f)(4)",
    "dealers-hand-means-bankers-hand": "631a.9(c)",
    "payable-means-paytable": "631a.13(h)",
    "for-1-versus-to-1-odds": "631c.2(i)[table]",
    "seat-direction-counterclockwise": "631a.14(b)",
}


def test_required_interpretations_exist(corpus: C.Corpus) -> None:
    for name, clause_id in REQUIRED_INTERPRETATIONS.items():
        assert clause_id in corpus.interpretation(name).clauses, name
        assert name in corpus.get(clause_id).interpretations, name
    for cid in ("631a.8(a)(2)(i)", "631a.8(a)(6)(i)", "631a.8(a)(6)(ii)", "631a.9(c)"):
        assert "dealers-hand-means-bankers-hand" in corpus.get(cid).interpretations
    for cid in ("631a.7(b)", "631a.14(b)", "631a.9(d)(6)", "631a.9(e)(1)"):
        assert "seat-direction-counterclockwise" in corpus.get(cid).interpretations
    for cid in ("631a.13(h)", "631c.2(i)"):
        assert "payable-means-paytable" in corpus.get(cid).interpretations
    blazing = corpus.interpretation("631c.3-f-4-blazing-7s-card-count").reading
    assert "mixed pair" in blazing and "does not win" in blazing


def test_interpretation_quotes_are_verbatim(corpus: C.Corpus) -> None:
    for item in corpus.interpretations:
        clauses = [corpus.get(cid) for cid in item.clauses]
        for quote in item.quotes:
            assert any(quote in c.printed for c in clauses), (item.name, quote)
            assert any(quote in source_text(c.source.split(":")[0]) for c in clauses), (item.name, quote)
        for c in clauses:
            assert any(q in c.printed for q in item.quotes), (item.name, c.id)
            assert item.name in c.interpretations


def test_interpretations_file_matches_corpus(corpus: C.Corpus) -> None:
    assert [i.name for i in corpus.interpretations] == [i["name"] for i in
                                                       B.load_interpretations(B.DEFAULT_INTERPRETATIONS)]


def test_every_escaped_dollar_is_interpreted(corpus: C.Corpus) -> None:
    for c in corpus.clauses:
        if "\\$" in c.text:
            assert "dollar-sign-escapes" in c.interpretations, c.id


# ------------------------------------------------------------------ editions
def test_both_editions_of_631c_2(corpus: C.Corpus) -> None:
    suffix = "@current-through-2024-06-22"
    primary = [c.id for c in corpus.clauses if c.section == "631c.2" and c.edition is None]
    second = [c.id for c in corpus.clauses if c.section == "631c.2" and c.edition]
    assert [i + suffix for i in primary] == second and len(second) == 18
    editions = {e.file: e for e in corpus.editions}
    assert len(editions) == 5
    alt = editions["631c.2-heavenly-9-progressive-current-through-2024-06-22.txt"]
    assert alt.edition == "current-through-2024-06-22" and not alt.governing and alt.citation == "54 Pa.B. 2923"
    assert all(e.governing for e in editions.values() if e is not alt)
    for sub in ("(g)", "(i)"):
        code, copy = corpus.get(f"631c.2{sub}"), corpus.get(f"631c.2{sub}{suffix}")
        assert any(d.this.startswith("payable") and d.other.startswith("paytable") and d.other_id == copy.id
                   for d in code.differences)
        assert any(d.this.startswith("paytable") and d.other.startswith("payable") and d.other_id == code.id
                   for d in copy.differences)
    assert corpus.get("631c.2(g)(1)").differences == ()
    assert any(d.this == "\\$10,000" for d in corpus.get("631c.2(i)[table]").differences)
    assert all(c.differences == () for c in corpus.clauses if c.section != "631c.2")


# ------------------------------------------------------------------ dates
def test_citations_and_dates(corpus: C.Corpus) -> None:
    def dates(cid):
        c = corpus.get(cid)
        return c.citation, c.effective.isoformat(), c.expires.isoformat() if c.expires else None

    assert dates("631a.2(c)") == ("42 Pa.B. 2906; amended 44 Pa.B. 599, 44 Pa.B. 619", "2014-02-01", None)
    assert dates("631a.1[Natural]") == ("42 Pa.B. 2906; amended 44 Pa.B. 599", "2014-02-01", None)
    assert dates("631a.9(c)") == ("42 Pa.B. 2906; amended 44 Pa.B. 619", "2014-02-01", None)
    assert dates("631a.11(c)(2)(iii)[Table 1]") == ("42 Pa.B. 2906", "2012-05-19", None)
    assert dates("631c.2(i)") == ("54 Pa.B. 2923", "2024-05-25", None)
    assert dates("629b.1(c)") == ("51 Pa.B. 5607", "2021-09-04", "2024-09-04")
    assert dates("629b.4(b)") == ("51 Pa.B. 5607", "2021-09-04", "2024-09-04")
    assert dates("627b.2(l)") == ("51 Pa.B. 5607", "2021-09-04", "2024-09-04")
    assert dates("629b.3(h)[table]") == ("51 Pa.B. 5607; amended 52 Pa.B. 1491", "2022-03-12", "2025-03-12")
    assert dates("627b.3(a)") == ("51 Pa.B. 5607; amended 52 Pa.B. 1491", "2022-03-12", "2025-03-12")
    for section in ("629b.5", "629b.6", "629b.7"):
        assert dates(section) == ("53 Pa.B. 4409", "2023-08-05", "2026-08-04")


def test_temporary_regulations_expire(corpus: C.Corpus) -> None:
    for c in corpus.clauses:
        if c.chapter in ("629b", "627b"):
            assert c.expires is not None and c.expires > c.effective, c.id
            assert c.expires == corpus.get(c.section).expires, c.id
        else:
            assert c.expires is None, c.id


def test_status_on(corpus: C.Corpus) -> None:
    c = corpus.get("629b.1(c)")
    assert C.status_on(c, dt.date(2021, 9, 3)) == "not_yet_effective"
    assert C.status_on(c, dt.date(2021, 9, 4)) == "in_force"
    assert C.status_on(c, dt.date(2024, 9, 3)) == "in_force"
    assert C.status_on(c, dt.date(2024, 9, 4)) == "expired"
    assert C.status_on(corpus.get("629b.3(a)"), dt.date(2024, 9, 4)) == "in_force"
    assert C.status_on(corpus.get("631a.11(a)"), dt.date(2099, 1, 1)) == "in_force"
    assert C.status_on(corpus.get("631c.1"), dt.date(2024, 5, 24)) == "not_yet_effective"
    with pytest.raises(TypeError):
        C.status_on(c, "2024-01-01")  # type: ignore[arg-type]


def test_ancestors_and_children(corpus: C.Corpus) -> None:
    assert ids(corpus.ancestors("631a.8(a)(4)(i)(A)")) == ["631a.8", "631a.8(a)", "631a.8(a)(4)",
                                                           "631a.8(a)(4)(i)"]
    assert corpus.ancestors("631a.8") == ()
    assert corpus.children("631a.8(a)(4)(i)(A)") == ()
    assert ids(corpus.ancestors("631c.2(g)(1)@current-through-2024-06-22")) == [
        "631c.2@current-through-2024-06-22", "631c.2(g)@current-through-2024-06-22"]
    assert corpus.descendants("631a.11")[-1].id == "631a.11(g)"
    assert C.load_corpus() is C.load_corpus()


def test_the_plugins_line_scan_orders_clauses_as_the_gherkin_parser_does(corpus: C.Corpus) -> None:
    """harness/run/clauses.py reads each scenario's clause order with the cheap line scan
    :func:`clause_order`; on every feature file of the suite it agrees with the parser."""
    from baccarat_conformance.corpus.features import clause_order, default_features_dir, parse_feature

    base = default_features_dir()
    files = sorted(base.rglob("*.feature"))
    assert len(files) > 30
    for path in files:
        parsed = {sc.line: sc.clauses for sc in parse_feature(path, base, corpus)}
        assert clause_order(path.read_text(encoding="utf-8"), corpus) == parsed, path.name


def test_the_line_scan_reads_rules_examples_and_doc_strings() -> None:
    from baccarat_conformance.corpus.features import clause_order

    text = "\n".join([
        "@631a.6", "Feature: f", "  Background:", "    Given x",
        "  @631a.11.a @option.x  # a comment", "  Scenario: one", '    """', "    @631a.9", "    Scenario: no", '    """',
        "  @631a.13", "  Rule: r", "    @631a.13.b", "    Scenario Outline: two", "      @631a.13.c", "      Examples:",
        "      | a |", "  Rule: s", "    Scenario: three",
    ])
    assert clause_order(text) == {6: ("631a.6", "631a.11(a)"), 14: ("631a.6", "631a.13", "631a.13(b)", "631a.13(c)"),
                                  19: ("631a.6",)}
