"""pytest-bdd's parse of a feature file and the corpus's, shared within a run.

A run of the suite parses every feature file twice: pytest-bdd at collection (its
scenarios), and the corpus's scan when the run writes its clause matrix (each clause's
scenarios, file and line: :func:`baccarat_conformance.corpus.features.scan_features`),
0.25 s of CPU a run. Both take the Gherkin parser's document of the file's text and only
read it (pytest-bdd builds its own objects from it). :func:`install` hands pytest-bdd the
corpus's parse, kept per process by the text (``corpus.features._gherkin``): the file is
parsed once, and a text that differs (a file edited during the run) is parsed afresh.
"""

from __future__ import annotations

from typing import Any

__all__ = ["install"]


def install() -> bool:
    """Let pytest-bdd parse feature texts through the corpus's remembered parse; True when
    it does. Idempotent; anything but a text (a token scanner, a token matcher) goes to
    the Gherkin parser as before."""
    try:
        from pytest_bdd import gherkin_parser
    except ImportError:  # pragma: no cover - pytest-bdd is a dependency
        return False
    if getattr(gherkin_parser.Parser, "shared_with_the_corpus", False):
        return True
    from baccarat_conformance.corpus.features import _gherkin

    parser = gherkin_parser.Parser

    class SharedParser:
        """The Gherkin parser, its documents of texts remembered (read only)."""

        shared_with_the_corpus = True

        def parse(self, token_scanner_or_str: Any, token_matcher: Any = None) -> Any:
            if isinstance(token_scanner_or_str, str) and token_matcher is None:
                return _gherkin(token_scanner_or_str)
            return parser().parse(token_scanner_or_str, token_matcher)

    gherkin_parser.Parser = SharedParser
    return True
