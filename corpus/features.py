"""What the feature files say about clauses: each scenario's tags, clause quotes and
interpretations, with file and line.

A scenario anchors itself to the regulation in two ways (docs: features/README, the
common brief):

* a tag in marker form of each clause it checks: ``@631a.11.c.2.iii``;
* a description line per clause quoting it verbatim::

      § 631a.11(c)(2)(iii): "The Banker’s Hand has a Point Count of 3, 4, 5 or 6, ..."

  and, where a reading is needed, ``Interpretation: <name>`` naming an entry of
  ``corpus/interpretations.toml``.

:func:`scan_features` parses every ``*.feature`` file under a folder with the Gherkin
parser pytest-bdd uses and returns one :class:`ScenarioInfo` per scenario (a Scenario
Outline is one scenario). Tags of the Feature, of a Rule and of Examples blocks apply
to the scenarios under them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from . import Corpus, clause_id_for_tag

__all__ = ["QuoteLine", "ScenarioInfo", "FeatureSyntaxError", "default_features_dir", "scan_features",
           "scenarios_by_clause", "QUOTE_RE", "CLAUSE_TAG_RE"]

#: A quote line: ``§ <id>: "<quote>"`` (the quote runs to the last double quote).
QUOTE_RE = re.compile(r'^§\s*(?P<id>\d{3}[a-z]\.\d+(?:\([A-Za-z0-9]+\))*(?:\[[^\]]+\])?(?:@[a-z0-9-]+)?)'
                      r':\s*"(?P<quote>.*)"\s*$')
#: Any line that starts like a quote line (to report malformed ones).
QUOTE_START_RE = re.compile(r"^§\s*\d{3}[a-z]\.\d+")
INTERPRETATION_RE = re.compile(r"^Interpretation:\s*(?P<name>\S.*?)\s*$")
#: A tag that looks like a clause tag (it must then name a clause of the corpus).
CLAUSE_TAG_RE = re.compile(r"^\d{3}[a-z]\.\d+(\.|$)")


class FeatureSyntaxError(ValueError):
    """A feature file the Gherkin parser rejects; the message names file and line."""


@dataclass(frozen=True)
class QuoteLine:
    """A ``§ <id>: "<quote>"`` line of a scenario description."""

    clause_id: str
    quote: str
    line: int


@dataclass(frozen=True)
class ScenarioInfo:
    """One scenario (or Scenario Outline) of a feature file.

    ``file`` is the path relative to the features folder (``631a_baccarat/x.feature``),
    ``line`` the line of the ``Scenario`` keyword. ``tags`` are all tags that apply,
    without ``@``, each with its line; ``clauses`` the ids of the tags that name a clause
    of the corpus (in tag order, no repeats); ``quotes``, ``interpretations`` the
    description lines of those forms; ``malformed`` description lines that start like a
    quote line but are not of the form ``§ <id>: "<quote>"``; ``then_steps`` the number of
    its Then steps (an ``And`` or ``But`` after a ``Then`` counts as one).
    """

    file: str
    line: int
    name: str
    keyword: str
    tags: tuple[tuple[str, int], ...]
    clauses: tuple[str, ...]
    quotes: tuple[QuoteLine, ...] = ()
    interpretations: tuple[tuple[str, int], ...] = ()
    malformed: tuple[tuple[str, int], ...] = ()
    then_steps: int = 0

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def clause_tags(self) -> tuple[tuple[str, int], ...]:
        """The tags that look like clause tags (``631a.11.c``), known to the corpus or not."""
        return tuple((t, n) for t, n in self.tags if CLAUSE_TAG_RE.match(t))


def default_features_dir() -> Path:
    """The folder of the installed conformance suite (``baccarat_conformance.features``)."""
    import baccarat_conformance.features as features

    return Path(features.__file__).parent


def _tags(node: dict) -> list[tuple[str, int]]:
    return [(t["name"].lstrip("@"), t["location"]["line"]) for t in node.get("tags", [])]


def _scenarios(children: list, inherited: list[tuple[str, int]]) -> Iterator[tuple[dict, list[tuple[str, int]]]]:
    for child in children:
        if "rule" in child:
            rule = child["rule"]
            yield from _scenarios(rule.get("children", []), inherited + _tags(rule))
        elif "scenario" in child:
            yield child["scenario"], inherited


def _clause_ids(tags: Iterable[str], corpus: Optional[Corpus]) -> list[str]:
    """The clause ids of ``tags`` (``631a.11.c.2.iii`` -> ``631a.11(c)(2)(iii)``), in order,
    each once; tags that name no clause (of ``corpus``, when given) are left out."""
    clauses: list[str] = []
    for tag in tags:
        if not CLAUSE_TAG_RE.match(tag):
            continue
        try:
            cid = clause_id_for_tag(tag)
        except ValueError:
            continue
        if (corpus is None or cid in corpus.by_id) and cid not in clauses:
            clauses.append(cid)
    return clauses


@functools.lru_cache(maxsize=256)
def _gherkin(text: str) -> dict:
    """The Gherkin parser's document of ``text``, parsed once a process (the matrix, the
    lint and ``clauses --explain`` each scan every feature file: 0.25 s a scan); read only."""
    from gherkin.parser import Parser

    return Parser().parse(text)


def parse_feature(path: Path, base: Path, corpus: Optional[Corpus] = None) -> list[ScenarioInfo]:
    """The scenarios of one feature file (see :class:`ScenarioInfo`).

    :raises FeatureSyntaxError: when the Gherkin parser rejects the file.
    """
    from gherkin.errors import CompositeParserException, ParserException

    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)
    try:
        doc = _gherkin(text)
    except (CompositeParserException, ParserException) as e:
        raise FeatureSyntaxError(f"{rel}: {e}") from None
    feature = doc.get("feature")
    if not feature:
        return []
    lines = text.splitlines()
    out = []
    for sc, inherited in _scenarios(feature.get("children", []), _tags(feature)):
        tags = inherited + _tags(sc)
        for ex in sc.get("examples", []):
            tags += _tags(ex)
        clauses = _clause_ids((tag for tag, _ in tags), corpus)
        start = sc["location"]["line"]
        steps = [s["location"]["line"] for s in sc.get("steps", [])]
        examples = [e["location"]["line"] for e in sc.get("examples", [])]
        end = min(steps + examples + [len(lines) + 1])
        quotes, interps, malformed = [], [], []
        for no in range(start + 1, end):
            raw = lines[no - 1].strip()
            m = QUOTE_RE.match(raw)
            if m:
                quotes.append(QuoteLine(m["id"], m["quote"], no))
                continue
            if raw.startswith("§") and (QUOTE_START_RE.match(raw) or ":" in raw[:40]):
                malformed.append((raw, no))
                continue
            m = INTERPRETATION_RE.match(raw)
            if m:
                interps.append((m["name"], no))
        then_steps, kind = 0, None
        for step in sc.get("steps", []):
            word = step.get("keyword", "").strip().lower()
            if word not in ("and", "but", "*"):
                kind = word
            then_steps += kind == "then"
        uniq_tags: list[tuple[str, int]] = []
        for t in tags:
            if t[0] not in [u[0] for u in uniq_tags]:
                uniq_tags.append(t)
        out.append(ScenarioInfo(file=rel, line=start, name=sc.get("name", ""), keyword=sc.get("keyword", ""),
                                tags=tuple(uniq_tags), clauses=tuple(clauses), quotes=tuple(quotes),
                                interpretations=tuple(interps), malformed=tuple(malformed),
                                then_steps=then_steps))
    return out


_KEYWORD_RE = re.compile(r"\s*(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Examples|"
                         r"Scenarios|Example):")


def clause_order(text: str, corpus: Optional[Corpus] = None) -> dict[int, tuple[str, ...]]:
    """Scenario line -> its clause ids in the order their tags are written (the feature's
    tags, its rule's, the scenario's, then its Examples'; no repeats), as
    :func:`parse_feature` gives them in ``ScenarioInfo.clauses``, from a scan of the lines
    alone: about 100 times cheaper than the Gherkin parser, for the plugin, which needs
    nothing else at every start (``tests/unit/test_corpus.py`` checks both agree on
    every feature file)."""
    out: dict[int, list[str]] = {}
    pending: list[str] = []
    feature: list[str] = []
    rule: list[str] = []
    current: Optional[int] = None
    docstring: Optional[str] = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if docstring is not None:  # inside a doc string: nothing here is a tag or a keyword
            docstring = None if line.startswith(docstring) else docstring
            continue
        if line.startswith(('"""', "```")):
            docstring = line[:3]
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            pending += [t.lstrip("@") for t in line.split("#", 1)[0].split()]
            continue
        m = _KEYWORD_RE.match(raw)
        if m:
            keyword = m.group(1)
            if keyword == "Feature":
                feature = pending
            elif keyword == "Rule":
                rule, current = pending, None
            elif keyword in ("Examples", "Scenarios"):
                if current is not None:
                    out[current] += pending
            elif keyword != "Background":
                current = no
                out[no] = feature + rule + pending
        pending = []
    result: dict[int, tuple[str, ...]] = {}
    for no, tags in out.items():
        result[no] = tuple(_clause_ids(tags, corpus))
    return result


def scan_features(features_dir: Union[str, Path, None] = None, corpus: Optional[Corpus] = None) -> list[ScenarioInfo]:
    """Every scenario of every ``*.feature`` file under ``features_dir`` (default: the
    installed suite), in file then line order. ``corpus`` filters ``clauses`` to known ids.

    :raises FeatureSyntaxError: for a file the Gherkin parser rejects.
    """
    base = Path(features_dir) if features_dir is not None else default_features_dir()
    out: list[ScenarioInfo] = []
    for path in sorted(base.rglob("*.feature")):
        out.extend(parse_feature(path, base, corpus))
    return out


def scenarios_by_clause(scenarios: Iterable[ScenarioInfo]) -> dict[str, list[ScenarioInfo]]:
    """Clause id -> the scenarios tagged with it."""
    out: dict[str, list[ScenarioInfo]] = {}
    for sc in scenarios:
        for cid in sc.clauses:
            out.setdefault(cid, []).append(sc)
    return out
