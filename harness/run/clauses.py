"""Which clauses a scenario carries.

A scenario is tagged with the ids of the clauses it tests, in marker form
(``@631a.11.c.2.iii`` for § 631a.11(c)(2)(iii); :func:`~baccarat_conformance.corpus.tag_for`).
At collection :func:`tag_items` records each scenario's own clause ids (those in the
corpus) and adds the markers of their ancestors and of their chapter, so that ``-m 631a.11``
selects every scenario of § 631a.11 and ``-m 629b`` every scenario of Chapter 629b;
:func:`register_markers` declares one marker per clause and per chapter of the corpus for
``--strict-markers``.

The order of a scenario's clause ids is the order its tags are written in the feature
file (read from the file: pytest-bdd hands tags over as a set, whose order changes with
``PYTHONHASHSEED``), else regulation order. The first is the scenario's *principal*
clause, the one a check without a role of its own names
(:mod:`baccarat_conformance.judging.attribution`).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Optional

import pytest

from baccarat_conformance.corpus import Corpus, clause_id_for_tag, load_corpus

__all__ = ["CLAUSES_KEY", "clause_tags", "corpus_or_none", "register_markers", "tag_items", "written_order"]

#: A scenario's own clause ids, in the order its tags are written (the item's stash).
CLAUSES_KEY = pytest.StashKey[list]()


def corpus_or_none() -> Corpus | None:
    """The corpus, or None when it cannot be read (the corpus's own tests report why;
    without it, clause tags stay unregistered and scenarios carry no clause)."""
    try:
        return load_corpus()
    except Exception:
        return None


def clause_tags(item: pytest.Item) -> list[str]:
    """Clause ids the scenario itself is tagged with (not the added ancestors)."""
    return item.stash.get(CLAUSES_KEY, [])


def register_markers(config: pytest.Config) -> None:
    """One marker per clause of the corpus: ``631a.11.c.2.iii: 58 Pa. Code § 631a.11(c)(2)(iii)``."""
    corpus = corpus_or_none()
    if corpus is None:
        return
    for chapter in corpus.chapters():
        config.addinivalue_line("markers", f"{chapter}: every scenario of 58 Pa. Code Chapter {chapter}")
    for clause in corpus.clauses:
        config.addinivalue_line("markers", f"{clause.tag}: 58 Pa. Code § {clause.id}")


@functools.lru_cache(maxsize=None)
def _scenario_clauses(path: str) -> dict[int, tuple[str, ...]]:
    """Scenario line -> its clause ids in written order, for one feature file."""
    from baccarat_conformance.corpus.features import clause_order

    try:
        return clause_order(Path(path).read_text(encoding="utf-8"), corpus_or_none())
    except Exception:  # the file is reported by the corpus lint and by pytest-bdd itself
        return {}


def written_order(item: pytest.Item) -> Optional[tuple[str, ...]]:
    """The clause ids of a pytest-bdd scenario in the order its tags are written in its
    feature file, or None when the item is no scenario of a feature file."""
    from baccarat_conformance.compat import scenario_template

    template: Any = scenario_template(getattr(item, "function", None))
    feature = getattr(template, "feature", None)
    path = getattr(feature, "abs_filename", None) or getattr(feature, "filename", None)
    if not path:
        return None
    return _scenario_clauses(str(path)).get(getattr(template, "line_number", -1))


def tag_items(items: list[pytest.Item]) -> None:
    """Record each item's clause ids (stash :data:`CLAUSES_KEY`, and the user property
    ``clauses`` the results log reads), in the order their tags are written (else
    regulation order), and add its ancestors' markers."""
    corpus = corpus_or_none()
    if corpus is None:
        return
    rank = {c.id: i for i, c in enumerate(corpus.clauses)}
    for item in items:
        own: list[str] = []
        for mark in item.iter_markers():
            try:
                cid = clause_id_for_tag(mark.name)
            except ValueError:
                continue
            if cid in corpus.by_id and cid not in own:
                own.append(cid)
        written = written_order(item) or ()
        own.sort(key=lambda c: (written.index(c) if c in written else len(written), rank[c]))
        item.stash[CLAUSES_KEY] = own
        if not own:
            continue
        item.user_properties.append(("clauses", own))
        for cid in own:
            for ancestor in corpus.ancestors(cid):
                if not item.get_closest_marker(ancestor.tag):
                    item.add_marker(ancestor.tag)
            chapter = corpus.by_id[cid].chapter  # -m 629b: the whole chapter
            if not item.get_closest_marker(chapter):
                item.add_marker(chapter)
