"""The Chapter 631a feature files against the corpus: every scenario is anchored to
one clause of the corpus, quotes its text verbatim, names only recorded
interpretations that apply to it, and uses real cards."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from baccarat_conformance.corpus import clause_id_for_tag, load_corpus

FEATURES = Path(__file__).resolve().parents[2] / "features" / "631a_baccarat"
QUOTE = re.compile(r'^§ (?P<clause>\S+): "(?P<quote>.*)"$')
CARD = re.compile(r"^(A|[2-9]|10|J|Q|K)[CDHS]$")
SCENARIO = re.compile(r"^\s*Scenario( Outline)?:")
STEP = re.compile(r"^\s*(Given|When|Then|And|But|Examples:)\b")


@dataclass
class Scenario:
    file: str
    line: int
    title: str
    tags: list[str] = field(default_factory=list)
    description: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)


def scenarios() -> list[Scenario]:
    found = []
    # The property features (properties_*.feature) tag several clauses and quote
    # subclauses of the section they sweep; the corpus linter (test_clause_lint) checks them.
    for path in sorted(p for p in FEATURES.glob("*.feature") if not p.name.startswith("properties_")):
        tags: list[str] = []
        current = None
        in_description = False
        for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if line.startswith("@"):
                tags += line.split()
                continue
            if SCENARIO.match(raw):
                current = Scenario(path.name, n, line.split(":", 1)[1].strip(), tags)
                found.append(current)
                tags, in_description = [], True
                continue
            if line.startswith(("Rule:", "Background:", "Feature:")):
                current, tags, in_description = None, [], False
                continue
            if current is None:
                continue
            if STEP.match(raw):
                in_description = False
            if in_description and line:
                current.description.append(line)
            elif line:
                current.body.append(line)
            tags = [] if not line.startswith("@") else tags
    return found


ALL = scenarios()
IDS = [f"{s.file}:{s.line}" for s in ALL]


def clause_tags(s: Scenario) -> list[str]:
    ids = []
    for tag in s.tags:
        try:
            ids.append(clause_id_for_tag(tag))
        except ValueError:
            continue
    return ids


def test_every_section_with_software_clauses_has_a_feature_file() -> None:
    sections = {p.name.split("_")[0] for p in FEATURES.glob("*.feature") if not p.name.startswith("properties_")}
    assert {f"631a.{n}" for n in (1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)} <= sections


@pytest.mark.parametrize("s", ALL, ids=IDS)
def test_scenario_has_one_clause_of_the_corpus(s: Scenario) -> None:
    ids = clause_tags(s)
    assert len(ids) == 1, f"{s.file}:{s.line}: {s.title!r} needs exactly one clause tag, has {ids}"
    assert ids[0] in load_corpus().by_id, f"{s.file}:{s.line}: {ids[0]} is not in the corpus"


@pytest.mark.parametrize("s", ALL, ids=IDS)
def test_quotes_are_verbatim(s: Scenario) -> None:
    corpus = load_corpus()
    (tagged,) = clause_tags(s)
    allowed = {tagged} | {a.id for a in corpus.ancestors(tagged)}
    quotes = [QUOTE.match(line) for line in s.description if line.startswith("§")]
    assert quotes and all(quotes), f"{s.file}:{s.line}: the description must quote the clause as § ID: \"...\""
    for q in quotes:
        clause = q["clause"]
        assert clause in allowed, f"{s.file}:{s.line}: quotes § {clause}, not § {tagged} or a clause above it"
        entry = corpus.by_id[clause]
        text = entry.text or f"{entry.section_heading}."  # a section quoted by its heading
        assert q["quote"] in text, f"{s.file}:{s.line}: not verbatim in § {clause}: {q['quote']!r}"


@pytest.mark.parametrize("s", ALL, ids=IDS)
def test_interpretations_are_recorded_for_the_clause(s: Scenario) -> None:
    corpus = load_corpus()
    (tagged,) = clause_tags(s)
    related = {tagged} | {a.id for a in corpus.ancestors(tagged)}
    by_name = {i.name: i for i in corpus.interpretations}
    for line in s.description:
        if line.startswith("Interpretation:"):
            name = line.split(":", 1)[1].strip()
            assert name in by_name, f"{s.file}:{s.line}: unknown interpretation {name!r}"
            assert related & set(by_name[name].clauses), \
                f"{s.file}:{s.line}: interpretation {name} does not name § {tagged}"


@pytest.mark.parametrize("s", ALL, ids=IDS)
def test_examples_use_real_cards(s: Scenario) -> None:
    for line in s.body:
        for word in re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", line):
            assert CARD.match(word), f"{s.file}:{s.line}: {word!r} is not a card"
        m = re.search(r"stacked with ([0-9AJQKCDHS ]+)$", line)
        if m:
            bad = [c for c in m.group(1).split() if not CARD.match(c)]
            assert not bad, f"{s.file}:{s.line}: not cards: {bad}"
