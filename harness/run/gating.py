"""Which scenarios run: a scenario is skipped before any step when its clause is not in
force on the ``--as-of`` date, when the Rules Submission does not offer what it needs,
or when the game does not declare a capability it needs.

The skip message says why, and its first words are the category the results log and
the matrix file it under (:func:`baccarat_conformance.judging.classify.skip_category`). They are
judged in this order, the first that applies wins:

``expired on DATE: ...``           a clause of a temporary regulation that expired (unless
                                   ``--include-expired``);
``not yet effective on DATE: ...`` a clause that takes effect after the ``--as-of`` date;
``not offered: ...``               a marker ``option.X`` the profile does not offer
                                   (:meth:`RulesSubmission.offers_option`); under the
                                   marker ``option.any`` (a scenario about "every offered
                                   wager" of a section: the 5 Treasures sweep), its markers
                                   ``option.W`` of optional wagers are alternatives, and
                                   it is not offered when the profile offers none of them;
``not verified: ...``              a capability the scenario needs
                                   (:func:`needed_capabilities`: its markers ``capability.X``,
                                   ``wager.W`` for a marker ``option.W`` of an optional wager,
                                   and for the marker ``capability.offered_wagers`` ``wager.W``
                                   of every optional wager the Rules Submission offers) the
                                   game does not declare:
                                   "not verified: the game lacks capability X". The clause is
                                   in force and offered, so it is never passed, and never
                                   "not offered": a game cannot buy a pass by declaring less.

This is the first of two layers: the adapter refuses to use an undeclared capability
whatever the tags say (:meth:`GameAdapter.require
<baccarat_conformance.adapters.base.GameAdapter.require>` raises
:class:`~baccarat_conformance.judging.errors.CapabilityMissing`, "not verified" too), and
``tests/proofs/test_capabilities.py`` checks that every scenario declares what it uses.
"""

from __future__ import annotations

import pytest

from baccarat_conformance.run.clauses import clause_tags
from baccarat_conformance.corpus import load_corpus, status_on
from baccarat_conformance.inputs.profile import RulesSubmission

__all__ = ["OFFERED_PREFIX", "CAPABILITY_PREFIX", "OFFERED_WAGERS", "ANY_OFFERED", "register_markers", "needed_capabilities",
           "not_verified_message", "gate"]

OFFERED_PREFIX = "option."
CAPABILITY_PREFIX = "capability."
#: A scenario that places "any wagers the Rules Submission offers" (the property
#: scenarios, the 5 Treasures sweep) needs ``wager.W`` for each optional wager W the
#: profile offers: which ones depends on the profile.
OFFERED_WAGERS = "capability.offered_wagers"
#: A scenario tagged ``@option.any`` needs one of its ``@option.W`` tags of optional wagers
#: offered, not all of them (its other ``@option`` tags, a variant or a game, stay required):
#: gated "not offered" before it deals a round when the Rules Submission offers none.
ANY_OFFERED = "option.any"


def register_markers(config: pytest.Config) -> None:
    """The markers ``option``, ``option.X`` for every option of the vocabulary and
    ``capability.X`` for every game capability."""
    from baccarat_conformance.protocol.vocabulary import CAPABILITIES, OPTIONS

    config.addinivalue_line("markers", "option: scenario needs an optional wager or option of the Rules Submission")
    for option in OPTIONS:
        config.addinivalue_line("markers", f"{OFFERED_PREFIX}{option}: needs Rules Submission option {option}")
    for cap in CAPABILITIES:
        config.addinivalue_line("markers", f"{CAPABILITY_PREFIX}{cap}: needs game capability {cap}")
    config.addinivalue_line("markers", f"{OFFERED_WAGERS}: needs capability wager.W of every optional wager W "
                                       "the Rules Submission offers")
    config.addinivalue_line("markers", f"{ANY_OFFERED}: the scenario's option.W markers of optional wagers are "
                                       "alternatives: it needs one of them offered")


def needed_capabilities(item: pytest.Item, profile: RulesSubmission) -> list[str]:
    """The capabilities the scenario ``item`` needs under the Rules Submission ``profile``:

    * its markers ``capability.X``;
    * ``wager.W`` for each marker ``option.W`` or ``option.W.…`` (``option.dragon_bonus``,
      ``option.dragon_bonus.paytable.A``) of an optional wager type W: a scenario of an
      optional wager places it (Banker, Player and Tie need no capability); under the
      marker ``option.any``, only for those ``profile`` offers (the others are not placed);
    * for the marker ``capability.offered_wagers``, ``wager.W`` for every optional wager
      type W ``profile`` offers (:meth:`RulesSubmission.offers_option`).
    """
    from baccarat_conformance.protocol.vocabulary import CORE_WAGERS, WAGER_TYPES

    need: list[str] = []
    alternatives = any(mark.name == ANY_OFFERED for mark in item.iter_markers())
    for mark in item.iter_markers():
        if mark.name == OFFERED_WAGERS:
            need += [f"wager.{w}" for w in WAGER_TYPES if w not in CORE_WAGERS and profile.offers_option(w)]
        elif mark.name.startswith(CAPABILITY_PREFIX):
            need.append(mark.name[len(CAPABILITY_PREFIX):])
        elif mark.name.startswith(OFFERED_PREFIX):
            wager = mark.name[len(OFFERED_PREFIX):].split(".")[0]
            if wager in WAGER_TYPES and wager not in CORE_WAGERS and \
                    (not alternatives or profile.offers_option(mark.name[len(OFFERED_PREFIX):])):
                need.append(f"wager.{wager}")
    return list(dict.fromkeys(need))


def not_verified_message(missing: list[str]) -> str:
    """``not verified: the game lacks capability X`` (``capabilities X, Y`` for several)."""
    if len(missing) == 1:
        return f"not verified: the game lacks capability {missing[0]}"
    return f"not verified: the game lacks capabilities {', '.join(missing)}"


def gate(request: pytest.FixtureRequest) -> None:
    """Skip the running scenario as "expired", "not yet effective", "not offered" or
    "not verified" (the fixtures ``as_of``, ``rules_submission`` and ``game_adapter`` are
    used only when the scenario's markers need them)."""
    item = request.node
    own = clause_tags(item)
    if not own and not any(m.name.startswith((OFFERED_PREFIX, CAPABILITY_PREFIX)) for m in item.iter_markers()):
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
    # pytest-bdd hands the tags over as a set: the first option not offered is named in a
    # fixed order (a variant first, then by name), the same under every PYTHONHASHSEED
    options = {m.name[len(OFFERED_PREFIX):] for m in item.iter_markers() if m.name.startswith(OFFERED_PREFIX)
               and m.name != ANY_OFFERED}
    alternatives: set[str] = set()
    if any(m.name == ANY_OFFERED for m in item.iter_markers()):
        from baccarat_conformance.protocol.vocabulary import CORE_WAGERS, WAGER_TYPES

        alternatives = {o for o in options if o.split(".")[0] in WAGER_TYPES and o.split(".")[0] not in CORE_WAGERS}
    for option in sorted(options - alternatives, key=lambda o: (not o.startswith("variant."), o)):
        if not profile.offers_option(option):
            pytest.skip(f"not offered: the Rules Submission does not offer {option}")
    if alternatives and not any(profile.offers_option(o) for o in alternatives):
        pytest.skip(f"not offered: the Rules Submission offers none of {', '.join(sorted(alternatives))}")
    caps = needed_capabilities(item, profile)
    if caps:
        have = set(request.getfixturevalue("game_adapter").describe().capabilities)
        missing = sorted(c for c in caps if c not in have)  # the same message under every hash seed
        if missing:
            pytest.skip(not_verified_message(missing))
