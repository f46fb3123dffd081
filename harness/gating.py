"""Which scenarios run: a scenario is skipped before any step when its clause is not in
force on the ``--as-of`` date, or when the Rules Submission or the game does not offer
what it needs.

The skip message says why, and its first words are the category the results log and
the matrix file it under (:func:`baccarat_conformance.classify.skip_category`):

``expired on DATE: ...``           a clause of a temporary regulation that expired (unless
                                   ``--include-expired``);
``not yet effective on DATE: ...`` a clause that takes effect after the ``--as-of`` date;
``not offered: ...``               a marker ``option.X`` the profile does not offer
                                   (:meth:`RulesSubmission.offers_option`), or a marker
                                   ``capability.X`` the game does not declare.
"""

from __future__ import annotations

import pytest

from baccarat_conformance.clauses import clause_tags
from baccarat_conformance.corpus import load_corpus, status_on
from baccarat_conformance.profile import RulesSubmission

__all__ = ["OFFERED_PREFIX", "CAPABILITY_PREFIX", "register_markers", "gate"]

OFFERED_PREFIX = "option."
CAPABILITY_PREFIX = "capability."


def register_markers(config: pytest.Config) -> None:
    """The markers ``option``, ``option.X`` for every option of the vocabulary and
    ``capability.X`` for every game capability."""
    from baccarat_conformance.protocol.vocabulary import CAPABILITIES, OPTIONS

    config.addinivalue_line("markers", "option: scenario needs an optional wager or option of the Rules Submission")
    for option in OPTIONS:
        config.addinivalue_line("markers", f"{OFFERED_PREFIX}{option}: needs Rules Submission option {option}")
    for cap in CAPABILITIES:
        config.addinivalue_line("markers", f"{CAPABILITY_PREFIX}{cap}: needs game capability {cap}")


def gate(request: pytest.FixtureRequest) -> None:
    """Skip the running scenario as "expired", "not yet effective" or "not offered"
    (the fixtures ``as_of``, ``rules_submission`` and ``game_adapter`` are used only
    when the scenario's markers need them)."""
    item = request.node
    own = clause_tags(item)
    if not own and not any(m.name.startswith(OFFERED_PREFIX) for m in item.iter_markers()):
        return
    # an expired clause is reported as expired whatever the Rules Submission offers
    if own:
        corpus = load_corpus()
        day = request.getfixturevalue("as_of")
        include = request.config.getoption("--include-expired")
        for cid in own:
            c = corpus.by_id[cid]
            if status_on(c, day) == "expired" and not include:
                pytest.skip(f"expired on {c.expires}: 58 Pa. Code § {cid} is a temporary regulation "
                            f"(run with --include-expired or --as-of before {c.expires} to test it)")
            if status_on(c, day) == "not_yet_effective":
                pytest.skip(f"not yet effective on {day}: 58 Pa. Code § {cid} takes effect on {c.effective}")
    profile: RulesSubmission = request.getfixturevalue("rules_submission")
    for mark in item.iter_markers():
        if mark.name.startswith(OFFERED_PREFIX):
            option = mark.name[len(OFFERED_PREFIX):]
            if not profile.offers_option(option):
                pytest.skip(f"not offered: the Rules Submission does not offer {option}")
    caps = [m.name[len(CAPABILITY_PREFIX):] for m in item.iter_markers() if m.name.startswith(CAPABILITY_PREFIX)]
    if caps:
        have = set(request.getfixturevalue("game_adapter").describe().capabilities)
        missing = [c for c in caps if c not in have]
        if missing:
            pytest.skip(f"not offered: the game does not declare capability {', '.join(missing)}")
