"""The feature files of §§ 629b.4–629b.6 against the corpus and the rules oracle:
every tag names a clause, every quote is verbatim, every interpretation exists, and
every example's expected settlement is what the oracle (written from the text) says
for its cards — so an example cannot silently test the wrong thing."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Iterator, Optional

import pytest
from pytest_bdd.parser import FeatureParser

from baccarat_conformance.corpus import clause_id_for_tag, load_corpus
from baccarat_conformance.oracle import Odds, golden_talons, rising_phoenix
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.protocol.vocabulary import RISING_PHOENIX_BONUSES

FEATURES = Path(__file__).resolve().parents[2] / "features"
FILES = ["629b_midibaccarat/629b.4_alternative_card_reveal.feature",
         "629b_midibaccarat/629b.5_rising_phoenix.feature",
         "629b_midibaccarat/629b.6_golden_talons.feature"]
QUOTE = re.compile(r'^§ (?P<id>\S+): "(?P<quote>.*)"$')
STAKE = re.compile(r"^seat (\d+) wagers \$([\d.]+) on (.+)$")
CHECK = re.compile(r"^the wager of seat (\d+) on (.+?) (wins at (.+)|loses|pushes|is a winning wager)$")


def _scenarios() -> Iterator[tuple[str, object, object, list]]:
    """(file, feature, scenario, rendered step lists: one per Examples row, or one)."""
    for name in FILES:
        feature = FeatureParser(str(FEATURES), name).parse()
        for scenario in feature.scenarios.values():
            rows = [ctx for ex in scenario.examples for ctx in ex.as_contexts()] if scenario.templated else [{}]
            yield name, feature, scenario, [(ctx, scenario.render(ctx).steps) for ctx in rows]


SCENARIOS = list(_scenarios())


def test_every_section_has_scenarios():
    sections = {clause_id_for_tag(t).split("(")[0] for _, _, s, _ in SCENARIOS for t in s.tags
                if not t.startswith(("option.", "capability."))}
    assert sections == {"629b.4", "629b.5", "629b.6"}


@pytest.mark.parametrize("name,feature,scenario,rendered", SCENARIOS, ids=lambda x: getattr(x, "name", None))
def test_tags_quotes_and_interpretations(name, feature, scenario, rendered):
    corpus = load_corpus()
    clause_tags = [t for t in scenario.tags if not t.startswith(("option.", "capability."))]
    assert clause_tags, f"{scenario.name}: no clause tag"
    ids = {clause_id_for_tag(t) for t in clause_tags}
    for cid in ids:
        assert cid in corpus.by_id, f"{scenario.name}: @{cid} is no clause"
    lines = [line.strip() for line in scenario.description.splitlines() if line.strip()]
    quotes = [QUOTE.match(line) for line in lines if line.startswith("§")]
    assert quotes and all(quotes), f"{scenario.name}: description must quote its clause: {lines}"
    for q in quotes:
        assert q["id"] in ids, f"{scenario.name}: quotes § {q['id']}, tagged {ids}"
        assert q["quote"] in corpus.by_id[q["id"]].text, f"{scenario.name}: not verbatim in § {q['id']}: {q['quote']}"
    known = {i.name for i in corpus.interpretations}
    for line in lines:
        if line.startswith("Interpretation:"):
            assert line.split(":", 1)[1].strip() in known, f"{scenario.name}: unknown {line}"
    for tag in scenario.tags | feature.tags:
        if tag.startswith("option.rising_phoenix_bonus."):
            assert tag.split(".")[-1] in RISING_PHOENIX_BONUSES


def _target(text: str) -> tuple[str, Optional[str], Optional[str]]:
    m = re.match(r'^Rising Phoenix Bonus "(.+)"$', text)
    if m:
        return "rising_phoenix_bonus", None, rising_phoenix.option_id(m.group(1))
    m = re.match(r"^Golden Talons on the (Player|Banker)'s Hand$", text)
    if m:
        return "golden_talons", m.group(1).lower(), None
    return {"the Player's Hand": "player", "the Banker's Hand": "banker", "a Tie": "tie"}.get(text), None, None


def _expected(kind, hand, option, coup, stake, paytables, commission_free) -> set[tuple[str, Optional[Decimal]]]:
    """The oracle's (result, paid) for every Rules Submission the scenario may run under."""
    if kind == "rising_phoenix_bonus":
        e = rising_phoenix.settle_bonus(coup, option, stake)
        return {(e.result, e.paid)}
    if kind == "golden_talons":
        return {(e.result, e.paid) for e in (golden_talons.settle(coup, hand, stake, p) for p in paytables)}
    if kind == "banker":
        return {(e.result, e.paid) for e in (rising_phoenix.settle_banker(coup, stake, commission_free=f,
                                                                          vig_rounding=True) for f in commission_free)}
    if kind == "player":
        e = ch631a.settle_player(coup, stake)
        return {(e.result, e.paid)}
    e = ch631a.settle_tie(coup, stake, Odds.parse("8 to 1"))
    return {(e.result, e.paid)}


@pytest.mark.parametrize("name,feature,scenario,rendered", SCENARIOS, ids=lambda x: getattr(x, "name", None))
def test_examples_agree_with_the_oracle(name, feature, scenario, rendered):
    tags = scenario.tags | feature.tags
    free = [True] if "option.commission.commission_free" in tags else (
        [False] if "option.commission.standard" in tags else [True, False])
    for ctx, steps in rendered:
        texts = [s.name for s in steps]
        cards = next((t.split(" with ", 1)[1].split() for t in texts if t.startswith("the dealing shoe is stacked")),
                     None)
        if cards is None:
            continue
        coup = ch631a.deal(cards)
        assert coup.used == len(cards), f"{scenario.name} {ctx}: {len(cards) - coup.used} cards left unused"
        paytable = next((t.rsplit(" ", 1)[1] for t in texts if "pays Golden Talons by Paytable" in t), None)
        paytables = [paytable] if paytable else list(golden_talons.PAYTABLE_LETTERS)
        stakes = {}
        for t in texts:
            m = STAKE.match(t)
            if m:
                stakes[(int(m.group(1)), m.group(3))] = Decimal(m.group(2))
        for t in texts:
            m = CHECK.match(t)
            if not m:
                continue
            seat, target, how = int(m.group(1)), m.group(2), m.group(3)
            if _target(target)[0] is None:  # another chapter's wager (Harmony: § 629b.7's own oracle)
                continue
            stake = stakes[(seat, target)]
            got = _expected(*_target(target), coup, stake, paytables, free)
            results = {r for r, _ in got}
            if how == "loses":
                assert results == {"lose"}, f"{scenario.name} {ctx}: {t}: oracle says {got}"
            elif how == "pushes":
                assert got == {("push", stake)}, f"{scenario.name} {ctx}: {t}: oracle says {got}"
            elif how == "is a winning wager":
                assert results == {"win"}, f"{scenario.name} {ctx}: {t}: oracle says {got}"
            else:
                paid = Odds.parse(m.group(4)).total_return(stake)
                assert got == {("win", paid)}, f"{scenario.name} {ctx}: {t}: oracle says {got}"


def test_every_bonus_and_every_paytable_cell_has_an_example():
    """§ 629b.5(h)(2): twenty rows; § 629b.6(f): six margins and two natural rows by five paytables."""
    bonus_rows, cells = set(), set()
    for _, _, scenario, rendered in SCENARIOS:
        for ctx, steps in rendered:
            texts = [s.name for s in steps]
            for t in texts:
                m = CHECK.match(t)
                if m and m.group(3).startswith("wins at") and "Rising Phoenix Bonus" in t:
                    bonus_rows.add((_target(m.group(2))[2], m.group(4)))
            paytable = next((t.rsplit(" ", 1)[1] for t in texts if "pays Golden Talons by Paytable" in t), None)
            if paytable:
                cards = next(t.split(" with ", 1)[1].split() for t in texts if t.startswith("the dealing shoe"))
                for t in texts:
                    m = CHECK.match(t)
                    if m and m.group(2).startswith("Golden Talons"):
                        _, row = golden_talons.row(ch631a.deal(cards), _target(m.group(2))[1])
                        cells.add((paytable, row))
    assert bonus_rows == {(k, str(v)) for k, v in rising_phoenix.BONUS_ODDS.items()}
    assert cells == {(p, r) for p in golden_talons.PAYTABLE_LETTERS for r in golden_talons.PAYTABLES_TEXT}
