"""Which clauses a scenario carries.

A scenario is tagged with the ids of the clauses it tests, in marker form
(``@631a.11.c.2.iii`` for § 631a.11(c)(2)(iii); :func:`~baccarat_conformance.corpus.tag_for`).
At collection :func:`tag_items` records each scenario's own clause ids (those in the
corpus) and adds the markers of their ancestors, so that ``-m 631a.11`` selects every
scenario of § 631a.11; :func:`register_markers` declares one marker per clause of the
corpus for ``--strict-markers``.
"""

from __future__ import annotations

import pytest

from baccarat_conformance.corpus import Corpus, clause_id_for_tag, load_corpus

__all__ = ["CLAUSES_KEY", "clause_tags", "corpus_or_none", "register_markers", "tag_items"]

#: A scenario's own clause ids, in the order of its tags (the item's stash).
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
    for clause in corpus.clauses:
        config.addinivalue_line("markers", f"{clause.tag}: 58 Pa. Code § {clause.id}")


def tag_items(items: list[pytest.Item]) -> None:
    """Record each item's clause ids (stash :data:`CLAUSES_KEY`, and the user property
    ``clauses`` the results log reads) and add its ancestors' markers."""
    corpus = corpus_or_none()
    if corpus is None:
        return
    for item in items:
        own: list[str] = []
        for mark in item.iter_markers():
            try:
                cid = clause_id_for_tag(mark.name)
            except ValueError:
                continue
            if cid in corpus.by_id and cid not in own:
                own.append(cid)
        item.stash[CLAUSES_KEY] = own
        if not own:
            continue
        item.user_properties.append(("clauses", own))
        for cid in own:
            for ancestor in corpus.ancestors(cid):
                if not item.get_closest_marker(ancestor.tag):
                    item.add_marker(ancestor.tag)
