"""The side-wager oracle and feature files of Chapters 631c, 629b and 627b agree
with the regulation corpus, and every Examples row agrees with the oracle:

* the oracle's paytables are the corpus tables, cell for cell;
* every scenario's tags name corpus clauses, its quotes are verbatim clause text of a
  clause related to its tags, and its interpretations exist;
* every expected settlement in the feature files ("wins at 25 to 1", "loses") is what
  the oracle computes for the stacked cards and the paytable the row selects.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from baccarat_conformance.corpus import clause_id_for_tag, load_corpus
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import commission_free as cf
from baccarat_conformance.oracle import five_treasures as ft
from baccarat_conformance.oracle import lucky_nines as ln
from baccarat_conformance.oracle import majestic_match as mm
from baccarat_conformance.oracle import perfect_pairs as pp
from baccarat_conformance.oracle import side_wagers as oracle
from baccarat_conformance.oracle.odds import Odds
from baccarat_conformance.steps._wager_targets import parse_target

FEATURES = Path(__file__).resolve().parents[2] / "features"
FILES = sorted(
    [p for p in (FEATURES / "631c_side_wagers").glob("*.feature")
     if p.name.split("_")[0] in ("631c.1", "631c.3", "631c.4", "631c.5", "631c.7")]
    + [FEATURES / "629b_midibaccarat" / n for n in ("629b.1_perfect_pairs.feature", "629b.2_commission_free.feature")]
    + [FEATURES / "627b_minibaccarat" / n for n in ("627b.1_perfect_pairs.feature", "627b.2_commission_free.feature")])
QUOTE = re.compile(r'^§ (?P<id>.+?): "(?P<quote>.*)"$')
CORPUS = load_corpus()


def _cells(table_id: str) -> dict[str, tuple[str, ...]]:
    table = CORPUS.by_id[table_id].table
    assert table is not None, table_id
    return {row[0].lower(): tuple(row[1:]) for row in table.rows}


@pytest.mark.parametrize("table_id", ["631c.1(d)[table]", "629b.1(e)[table]", "627b.1(e)[table]"])
def test_perfect_pairs_paytables_are_the_corpus_tables(table_id):
    assert _cells(table_id) == {name.lower(): tuple(cells) for name, *cells in pp.PAYTABLES_TEXT.values()}


def test_five_treasures_paytable_is_the_corpus_table():
    assert _cells("631c.3(h)[table]") == {name.lower(): tuple(cells) for name, *cells in ft.PAYTABLES_TEXT.values()}


def test_lucky_nines_paytable_is_the_corpus_table():
    assert _cells("631c.4(e)[table]") == {name.lower(): tuple(cells) for name, *cells in ln.PAYTABLES_TEXT.values()}


def test_majestic_match_paytable_is_the_corpus_table():
    assert _cells("631c.7(d)[table]") == {name.lower(): (odds,) for name, odds in mm.PAYTABLE_TEXT.values()}
    assert mm.PAYTABLE["suited_match"].total_return(pytest.importorskip("decimal").Decimal("10.00")) == 35


@pytest.mark.parametrize("section", ["631c.5", "629b.2", "627b.2"])
def test_commission_free_odds_are_printed_in_their_subsections(section):
    odds = cf.ODDS_TEXT[section]
    text = lambda sub: CORPUS.by_id[f"{section}{sub}"].text  # noqa: E731
    assert f"odds of {odds['pair']}." in text("(g)")
    assert f"odds of {odds['banker']}, except" in text("(i)") and f"odds of {odds['banker_six']}." in text("(i)")
    assert f"odds of {odds['tie']}." in text("(j)")
    assert f"odds of {odds['lucky_six_2_cards']}." in text("(k)(1)")
    assert f"odds of {odds['lucky_six_3_cards']}." in text("(k)(2)")
    if section == "629b.2":
        assert text("(h)") == cf.PRINTED_629B2_H
        assert "629b.2-cut-off-h" in CORPUS.by_id["629b.2(h)"].interpretations
        assert CORPUS.by_id["629b.2(j)"].label == "(i)"
    else:
        assert text("(h)").endswith(f"odds of {odds['player']}.")


def _scenarios():
    for path in FILES:
        feature = FeatureParser(str(FEATURES), str(path.relative_to(FEATURES))).parse()
        for scenario in feature.scenarios.values():
            yield path, feature, scenario


def _related(a: str, b: str) -> bool:
    return a == b or a in {c.id for c in CORPUS.ancestors(b)} or b in {c.id for c in CORPUS.ancestors(a)}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_feature_tags_quotes_and_interpretations(path):
    problems = []
    for p, feature, scenario in _scenarios():
        if p != path:
            continue
        where = f"{path.name}:{scenario.line_number} {scenario.name}"
        clauses = [clause_id_for_tag(t) for t in scenario.tags if re.match(r"^\d{3}[a-z]\.", t)]
        problems += [f"{where}: tag of unknown clause {c}" for c in clauses if c not in CORPUS.by_id]
        if not clauses:
            problems.append(f"{where}: no clause tag")
        lines = [line.strip() for line in scenario.description.splitlines() if line.strip()]
        quotes = [QUOTE.match(line) for line in lines if line.startswith("§")]
        if not quotes or not all(quotes):
            problems.append(f"{where}: description lines must be § ID: \"quote\"")
        for q in filter(None, quotes):
            clause = CORPUS.by_id.get(q["id"])
            if clause is None:
                problems.append(f"{where}: quotes unknown clause {q['id']}")
            elif q["quote"] not in clause.printed and q["quote"] not in clause.text:
                problems.append(f"{where}: quote is not verbatim text of § {q['id']}: {q['quote']!r}")
            elif not any(_related(q["id"], c) for c in clauses if c in CORPUS.by_id):
                problems.append(f"{where}: quotes § {q['id']}, which none of its tags {clauses} contains")
        for line in lines:
            if line.startswith("Interpretation:"):
                name = line.split(":", 1)[1].strip()
                if name not in CORPUS.interpretation_by_name:
                    problems.append(f"{where}: unknown interpretation {name!r}")
    assert not problems, "\n".join(problems)


def _section_of(path: Path) -> str:
    return path.name.split("_")[0]


def _expectations():
    for path, feature, scenario in _scenarios():
        contexts = [ctx for ex in scenario.examples for ctx in ex.as_contexts()] or [{}]
        for ctx in contexts:
            yield path, scenario, scenario.render(ctx) if ctx else scenario


def test_every_expected_settlement_is_what_the_oracle_computes():
    checked, problems = 0, []
    for path, scenario, rendered in _expectations():
        section = _section_of(path)
        names = [s.name for s in rendered.steps]
        shoe = next((n.split(" with ", 1)[1] for n in names if n.startswith("the dealing shoe is stacked")), None)
        if shoe is None:
            continue
        coup = ch631a.deal(shoe.split())
        paytables = {parse_target(m[1]).wager_type: {"paytable": m[2]} for n in names
                     if (m := re.match(r"the Rules Submission selects (.+) paytable (\w)$", n))}
        rules = {"wagers": paytables}
        for n in names:
            m = re.match(r"the wager of seat \d+ on (.+) (wins at (.+)|loses|pushes)$", n)
            if not m:
                continue
            target = parse_target(m[1])
            try:
                want = oracle.expected(section, target.wager_type, target.hand, coup.player, coup.banker, rules)
            except KeyError:
                continue  # a Baccarat wager placed beside a 5 Treasures or Lucky Nines wager
            got = "win" if m[3] else ("lose" if m[2] == "loses" else "push")
            ok = want.result == got and (got != "win" or want.odds == Odds.parse(m[3]))
            checked += 1
            if not ok:
                problems.append(f"{path.name}:{scenario.line_number} {shoe}: feature says {m[2]!r}, "
                                f"oracle {want.describe()}")
    assert not problems, "\n".join(problems)
    assert checked >= 150, checked
