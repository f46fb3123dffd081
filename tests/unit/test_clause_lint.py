"""The clause-anchor linter: each check is a small function returning one sentence;
the installed suite passes them all; each check fails on a feature that breaks it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.corpus import lint as L
from baccarat_conformance.corpus.coverage import resolve_coverage
from baccarat_conformance.corpus.dispositions import load_dispositions
from baccarat_conformance.corpus.features import scan_features

HEADER = "Feature: § 631a.11 Third card\n\n  Background:\n    Given a table opened under the Rules Submission\n\n"


def context(tmp_path: Path, body: str, header: str = HEADER) -> L.LintContext:
    folder = tmp_path / "features" / "631a_baccarat"
    folder.mkdir(parents=True)
    (folder / "x.feature").write_text(header + textwrap.dedent(body), encoding="utf-8")
    corpus = load_corpus()
    scenarios = scan_features(tmp_path / "features", corpus)
    d = load_dispositions()
    return L.LintContext(corpus, d, scenarios, resolve_coverage(corpus, d, scenarios))


def found(ctx: L.LintContext, strict: bool = False) -> list[L.Problem]:
    return L.lint(ctx, clauses=False, strict=strict)


GOOD = '''
  @631a.11.a
  Scenario: A Natural stops both hands
    § 631a.11(a): "If either the Player’s Hand or the Banker’s Hand is a Natural, no more cards may be dealt to either hand."
    Given the dealing shoe is stacked with 8C 7D KH QS 2C 3D
    When the round is dealt
    Then neither hand is dealt a third card
'''


def test_installed_suite_has_no_anchor_problems() -> None:
    problems = [p for p in L.lint_installed() if p.check != "clause_has_a_disposition"]
    assert problems == [], "\n".join(map(str, problems))


def test_good_scenario_passes(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD)
    assert found(ctx) == []
    (sc,) = ctx.scenarios
    assert sc.clauses == ("631a.11(a)",) and sc.quotes[0].line == 9 and sc.where.endswith("x.feature:8")


def test_scenario_without_clause_tag_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("@631a.11.a", "@slow"))
    checks = {p.check for p in found(ctx)}
    assert "scenario_has_clause_tag" in checks
    msg = L.scenario_has_clause_tag(ctx.scenarios[0], ctx)
    assert msg == ("scenario 'A Natural stops both hands' has no clause tag; tag it with the clause it checks "
                   "(e.g. @631a.11.c.2.iii)")


def test_scenario_without_quote_line_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, "\n".join(line for line in GOOD.splitlines() if "§" not in line))
    (p,) = found(ctx)
    assert p.check == "scenario_has_quote_line" and p.where.endswith("x.feature:8")
    assert "has no quote line" in p.message


def test_scenario_without_then_step_fails(tmp_path: Path) -> None:
    """A scenario that judges nothing can never fail: one Then step at least."""
    ctx = context(tmp_path, GOOD.replace("    Then neither hand is dealt a third card\n", ""))
    (p,) = found(ctx)
    assert p.check == "scenario_has_a_then_step" and p.where.endswith("x.feature:8")
    assert p.message == ("scenario 'A Natural stops both hands' has no Then step, so it judges nothing; "
                         "add the check it makes")
    # an And after a Then is a Then step; the count is on the scenario
    ctx = context(tmp_path / "and", GOOD.replace("    Then neither hand", "    Then neither hand is dealt a third "
                                                 "card\n    And neither hand"))
    assert found(ctx) == [] and ctx.scenarios[0].then_steps == 2


def test_quote_that_differs_from_the_corpus_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("is a Natural", "is a natural"))
    (p,) = found(ctx)
    assert p.check == "quote_is_verbatim" and p.where.endswith("x.feature:9")
    assert p.message == ("quote of § 631a.11(a) differs from the corpus text after "
                         "'Player’s Hand or the Banker’s Hand is a ': the quote has 'natural, no more cards may be ' "
                         "where the corpus has 'Natural, no more cards may be '")


def test_straight_apostrophe_is_not_the_curly_one(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("Player’s", "Player's"))
    assert [p.check for p in found(ctx)] == ["quote_is_verbatim"]


def test_tag_naming_no_clause_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("@631a.11.a", "@631a.11.a @631a.11.h"))
    (p,) = found(ctx)
    assert p.check == "tag_names_a_clause" and p.where.endswith("x.feature:7")
    assert p.message.startswith("tag @631a.11.h names no clause of the corpus (unknown clause id '631a.11(h)'")
    assert "631a.11(g)" in p.message  # the nearest ids


def test_malformed_clause_tag_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("@631a.11.a", "@631a.11.a @631a.11.def"))
    assert [p.check for p in found(ctx)] == ["tag_names_a_clause"]


def test_quote_naming_unknown_clause_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace('§ 631a.11(a): "If', '§ 631a.11(a): "If').replace(
        "    Given the dealing", '    § 631a.11(z): "no"\n    Given the dealing'))
    assert [p.check for p in found(ctx)] == ["quote_names_a_clause"]


def test_strict_tagged_clause_must_be_quoted(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("@631a.11.a", "@631a.11.a @631a.11.b.1"))
    assert found(ctx) == []  # the suite's convention allows extra, unquoted clause tags
    (p,) = found(ctx, strict=True)
    assert p.check == "scenario_quotes_each_clause"
    assert p.message == "scenario 'A Natural stops both hands' is tagged with 631a.11(b)(1) but does not quote it"


def test_malformed_quote_line_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace('§ 631a.11(a): "If', '§ 631a.11(a) "If'))
    assert sorted(p.check for p in found(ctx)) == ["quote_line_is_well_formed", "scenario_has_quote_line"]


def test_unknown_interpretation_fails(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD.replace("    Given the dealing", "    Interpretation: dealers-hand-means-banker-hand\n    Given the dealing"))
    (p,) = found(ctx)
    assert p.check == "interpretation_is_known" and "dealers-hand-means-bankers-hand" in p.message
    ok = context(tmp_path / "b", GOOD.replace("    Given the dealing",
                                              "    Interpretation: dealers-hand-means-bankers-hand\n    Given the dealing"))
    assert found(ok) == []


def test_table_ids_with_spaces_in_quote_lines(tmp_path: Path) -> None:
    body = '''
  @631a.11.c.2.iii.table.Table_1
  Scenario: Table 1 row 3
    § 631a.11(c)(2)(iii)[Table 1]: "Value of the Third Card Drawn by Player’s Hand"
    Then nothing
'''
    ctx = context(tmp_path, body)
    assert ctx.scenarios[0].quotes[0].clause_id == "631a.11(c)(2)(iii)[Table 1]"
    assert found(ctx) == []


def test_section_heading_and_table_quotes_are_accepted(tmp_path: Path) -> None:
    body = '''
  @631a.11
  Scenario: Every round is dealt as § 631a.11 requires
    § 631a.11: "Rules for determining whether a third card shall be dealt."
    Then every hand is dealt exactly the cards § 631a.11 requires

  @631a.13.e
  Scenario: Dragon Bonus Paytable A
    § 631a.13(e): "Win by 9 points 30 to 1 20 to 1 30 to 1"
    Then nothing
'''
    assert found(context(tmp_path, body)) == []


def test_feature_and_examples_tags_apply_to_scenarios(tmp_path: Path) -> None:
    header = "@631a.11.a\nFeature: § 631a.11 Third card\n\n"
    body = '''
  Scenario Outline: A Natural stops both hands
    § 631a.11(a): "no more cards may be dealt to either hand."
    Given the dealing shoe is stacked with <shoe>
    Then neither hand is dealt a third card

    @631a.11.b.1
    Examples:
      | shoe |
      | 8C 7D KH QS |
'''
    ctx = context(tmp_path, body, header=header)
    assert ctx.scenarios[0].clauses == ("631a.11(a)", "631a.11(b)(1)")
    assert [p.check for p in found(ctx, strict=True)] == ["scenario_quotes_each_clause"]


def test_every_check_returns_one_sentence(tmp_path: Path) -> None:
    bad = GOOD.replace("@631a.11.a", "@631a.11.a @631a.11.h @631a.11.b.1").replace("is a Natural", "is a natural")
    problems = found(context(tmp_path, bad), strict=True)
    assert len(problems) >= 3
    for p in problems:
        assert "\n" not in p.message and p.message[0].islower() or p.message[0] in "§'"
        assert str(p).endswith(f"[{p.check}]")


def test_clause_checks(tmp_path: Path) -> None:
    ctx = context(tmp_path, GOOD)
    by_id = ctx.coverage
    assert L.clause_has_a_disposition(by_id["631a.11(a)"], ctx) is None
    assert L.clause_has_a_disposition(by_id["631a.2(d)"], ctx) is None  # manual
    msg = L.clause_has_a_disposition(by_id["631a.3(a)"], ctx)
    assert msg == ("clause 631a.3(a) has no disposition: tag a scenario @631a.3.a or add it to "
                   "corpus/dispositions.toml")


def test_tagged_and_disposed_clause_is_a_conflict(tmp_path: Path) -> None:
    body = GOOD.replace("@631a.11.a", "@631a.11.a @631a.2.d").replace(
        "    Given the dealing", '    § 631a.2(d): "Each Baccarat table must have a drop box"\n    Given the dealing')
    ctx = context(tmp_path, body)
    cov = ctx.coverage["631a.2(d)"]
    assert cov.disposition == "automated" and cov.conflict
    msg = L.clause_has_one_disposition(cov, ctx)
    assert msg.startswith("clause 631a.2(d) is tagged by 1 scenario (631a_baccarat/x.feature:8) and also disposed "
                          "manual at dispositions.toml:")
    assert msg.endswith("a clause has exactly one disposition")


def test_lint_main_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    folder = tmp_path / "f" / "631a_baccarat"
    folder.mkdir(parents=True)
    (folder / "x.feature").write_text(HEADER + GOOD.replace("is a Natural", "is a natural"), encoding="utf-8")
    assert L.main([str(tmp_path / "f")]) == 3
    assert "quote_is_verbatim" in capsys.readouterr().out
