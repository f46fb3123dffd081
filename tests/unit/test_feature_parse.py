"""pytest-bdd's parse of a feature file and the corpus's, shared within a run
(harness/compat.py, install_shared_parse): the same document, parsed once."""

from __future__ import annotations

import pytest
from gherkin.parser import Parser
from pytest_bdd import gherkin_parser

from baccarat_conformance import compat
from baccarat_conformance.corpus.features import _gherkin, default_features_dir


def test_pytest_bdd_and_the_corpus_read_one_parse_of_a_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gherkin_parser, "Parser", gherkin_parser.Parser)  # put back after the test
    path = sorted(default_features_dir().rglob("*.feature"))[0]
    text = path.read_text(encoding="utf-8")
    assert compat.install_shared_parse() and compat.install_shared_parse()  # idempotent
    document = gherkin_parser.Parser().parse(text)
    assert document is _gherkin(text) and document == Parser().parse(text)
    assert gherkin_parser.get_gherkin_document(str(path)).feature.name  # pytest-bdd's own objects, built from it
    edited = text.replace("Feature:", "Feature: (edited)", 1)
    assert gherkin_parser.Parser().parse(edited)["feature"]["name"].startswith("(edited)")  # another text: parsed
