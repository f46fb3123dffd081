"""Dispositions: every clause is exactly one of automated, manual, not applicable,
definitional or covered by its subclauses; the file is validated with file:line errors."""

from __future__ import annotations

import textwrap

import pytest

from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.corpus.coverage import resolve_coverage
from baccarat_conformance.corpus.dispositions import (DispositionError, defined_term, load_dispositions,
                                                      parse_dispositions)
from baccarat_conformance.corpus.features import scan_features
from baccarat_conformance.corpus.lint import clause_has_a_disposition, make_context


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def ctx():
    return make_context()


def parse(text: str, corpus) -> object:
    return parse_dispositions(textwrap.dedent(text), corpus, "d.toml")


def problems_of(text: str, corpus) -> list[str]:
    with pytest.raises(DispositionError) as info:
        parse(text, corpus)
    return list(info.value.problems)


# ------------------------------------------------------------------ the packaged file
def test_packaged_dispositions_load(corpus) -> None:
    d = load_dispositions()
    assert d is load_dispositions()  # cached
    assert d.entries and all(e.clause in corpus.by_id for e in d.entries)
    kinds = {e.kind for e in d.entries}
    assert kinds == {"manual", "not_applicable", "definitional", "subclauses"}


@pytest.mark.parametrize("clause_id, kind", [
    ("631a.2(a)", "manual"),             # numbered positions
    ("631a.2(b)(1)", "manual"),          # layout: name or logo
    ("631a.2(d)", "manual"),             # drop box and tip box
    ("631a.2(e)", "manual"),             # discard bucket
    ("631a.4(a)", "manual"),             # deck inspection
    ("631a.4(c)", "manual"),             # washing the cards
    ("631a.7(a)", "manual"),             # manual dealing shoe
    ("631a.8(b)", "manual"),             # chips, cash conversion
    ("631a.12(c)", "manual"),            # discard bucket
    ("631c.2(d)(1)", "manual"),          # progressive wagering device
    ("631c.6(c)(5)(ii)", "manual"),      # floorperson validates the payout
    ("627b.3(a)(1)", "manual"),          # progressive wagering device at each position
    ("631a.4(d)", "not_applicable"),     # an exemption
    ("631a.14(a)(2)", "not_applicable"), # a floorperson's power
    ("631a.1[Curator]", "definitional"),
    ("631a.11(c)(2)(iii)[Table 1]", "definitional"),
    ("631a.8(a)(1)", "subclauses"),      # a lead-in naming the Banker wager (631a.8(a) itself judges the limits)
    ("631a.2", "subclauses"),            # implicit: no text of its own
])
def test_dispositions_of_clauses_software_cannot_test(clause_id: str, kind: str) -> None:
    assert load_dispositions().get(clause_id).kind == kind


def test_every_manual_clause_says_how_to_inspect_it() -> None:
    for d in load_dispositions().entries:
        if d.kind == "manual":
            assert len(d.inspection.split()) >= 8, d.clause
        if d.kind == "not_applicable":
            assert len(d.reason.split()) >= 8, d.clause


def test_every_table_is_definitional_or_tagged(ctx) -> None:
    for cov in ctx.coverage.values():
        if cov.clause.kind == "table" and cov.clause.edition is None:
            assert cov.disposition in ("definitional", "automated"), cov.clause.id


def test_second_edition_is_not_applicable_unless_tested(ctx) -> None:
    alt = [c for c in ctx.corpus.clauses if c.edition]
    assert len(alt) == 18
    assert {ctx.coverage[c.id].disposition for c in alt} <= {"not_applicable", "automated"}
    assert ctx.coverage["631c.2(a)@current-through-2024-06-22"].disposition == "not_applicable"


def test_implicit_subclauses_yield_to_a_tag(corpus) -> None:
    d = load_dispositions()
    assert d.get("631a.11").implicit  # § 631a.11 has no text of its own...
    scenarios = scan_features(corpus=corpus)
    cov = resolve_coverage(corpus, d, scenarios)
    assert cov["631a.11"].disposition == "automated"  # ...but the exhaustive sweep is tagged with it
    assert not cov["631a.11"].conflict


def test_no_clause_has_two_dispositions(ctx) -> None:
    conflicts = [c.clause.id for c in ctx.coverage.values() if c.conflict]
    assert conflicts == []


def test_every_clause_has_a_disposition(ctx) -> None:
    missing = [clause_has_a_disposition(cov, ctx) for cov in ctx.coverage.values()]
    missing = [m for m in missing if m]
    assert missing == [], f"{len(missing)} clauses without a disposition, e.g.:\n" + "\n".join(missing[:20])


def test_defined_term(corpus) -> None:
    assert defined_term(corpus.get("631a.1[Dragon 7]")) == "Dragon 7"
    assert defined_term(corpus.get("627b.1(a)(1)")) == "Colored Pair"
    assert defined_term(corpus.get("631a.11(a)")) is None


# ------------------------------------------------------------------ rejection paths
def test_valid_small_file(corpus) -> None:
    d = parse('''
        [[manual]]
        clause = "631a.2(d)"
        option = "dragon_bonus"
        inspection = "Look at the drop box and the tip box on the dealer's side."

        [[definitional]]
        clauses = ["631a.1[Natural]"]
        used_by = ["631a.11(a)"]
        ''', corpus)
    assert d.get("631a.2(d)").options == ("dragon_bonus",) and d.get("631a.2(d)").line == 3
    assert d.get("631a.1[Natural]").used_by == ("631a.11(a)",)
    assert d.get("631a.2").implicit and d.get("631a.11(a)") is None


@pytest.mark.parametrize("text, expected", [
    ('[[manual]\nclause = "x"\n', "d.toml:1: not valid TOML"),
    ('[[bogus]]\nclause = "631a.2(d)"\n', "d.toml:1: unknown table [[bogus]]"),
    ('[[manual]]\nclause = "631a.2(d)"\ninspection = "x"\n\n[[bogus]]\n', "d.toml:5: unknown table [[bogus]]"),
    ('[[manual]]\nclause = "631a.2(d)"\n', "d.toml:1: [[manual]] needs inspection"),
    ('[[manual]]\nclause = "631a.2(d)"\ninspection = "  "\n', "d.toml:3: inspection: [[manual]] needs inspection"),
    ('[[manual]]\nclause = "631a.2(d)"\ninspection = "x"\ncolour = 1\n', "d.toml:4: colour: unknown field"),
    ('[[manual]]\ninspection = "x"\n', "d.toml:1: [[manual]] needs exactly one of clause"),
    ('[[manual]]\nclause = "631a.2(z)"\ninspection = "x"\n', "d.toml:2: clause: unknown clause id '631a.2(z)'"),
    ('[[manual]]\nclause = "631a.2(d)"\noption = "dragon_bonsu"\ninspection = "x"\n',
     "d.toml:3: option: unknown Rules Submission option 'dragon_bonsu'"),
    ('[[subclauses]]\nclause = "631a.11(a)"\n', "d.toml:2: clause: clause 631a.11(a) has no subclauses"),
    ('[[not_applicable]]\nclause = "631a.4(d)"\n', "d.toml:1: [[not_applicable]] needs reason"),
    ('[[definitional]]\nclause = "631a.1[Natural]"\nused_by = ["631a.99(a)"]\n',
     "d.toml:3: used_by: unknown clause id '631a.99(a)'"),
    ('[[definitional]]\nclause = "631a.1[Natural]"\nused_by = ["631a.2(d)"]\n',
     "d.toml:3: used_by: clause 631a.2(d) does not use the term 'Natural'"),
    ('[[definitional]]\nclause = "631a.13(e)[table]"\nused_by = ["631a.13(f)"]\n',
     "d.toml:3: used_by: table 631a.13(e)[table] is introduced by 631a.13(e)"),
    ('[[definitional]]\nclause = "631a.11(d)"\nused_by = ["631a.11(d)"]\n',
     "d.toml:3: used_by: clause 631a.11(d) cannot be used by itself"),
    ('[[manual]]\nclause = "631a.2(d)"\ninspection = "x"\n\n[[not_applicable]]\nclause = "631a.2(d)"\nreason = "y"\n',
     "d.toml:6: clause: clause 631a.2(d) is disposed twice (first at line 2)"),
])
def test_rejections_name_line_and_field(corpus, text: str, expected: str) -> None:
    problems = problems_of(text, corpus)
    assert any(p.startswith(expected) for p in problems), problems


def test_all_problems_are_reported_at_once(corpus) -> None:
    problems = problems_of('''
        [[manual]]
        clause = "631a.2(z)"
        inspection = "x"

        [[manual]]
        clause = "631a.2(d)"
        ''', corpus)
    assert [p.split(":")[1] for p in problems] == ["3", "6"]
