"""The mutation audit: every clause the suite automates must be shown to fail on a game
that breaks it. The dedicated broken games of the registry (tests/proofs/registry.py,
tests/games/broken_games*.py) and tests/proofs/test_properties_bite.py prove most clauses one break at a time; the mutant game
``tests.games.mutant_games:results_turned`` breaks a whole kind of rule at once (every wager's
result turned: a win loses, a loss wins, a push loses) and proves the win, lose and tie
clauses of every wager, under the profiles that offer them; ``wrong_odds`` pays every winning
wager the next lower odds and proves every odds and paytable clause (a results-turned game
never pays wrong odds, so it proves none); ``accepts_every_wager`` accepts every wager a rule
refuses and proves the refusals. A proof counts the clauses the matrix fails: those the
failing checks name (:mod:`baccarat_conformance.judging.attribution`). What none proves yet is listed
in ``NOT_YET_PROVED``, so the gap is visible and can only shrink."""

from __future__ import annotations

import importlib
import re

import pytest

from baccarat_conformance.corpus.lint import make_context
from baccarat_conformance.corpus.roles import clause_roles

from tests.proofs.registry import proofs
from tests.proofs.suite_runner import proof_marks, run_suites, select_game

# profile -> the clauses the results_turned mutant must fail under that profile: the outcome
# clauses its settlement checks name (a wrong result names the clause that decides it), and the
# section tags of the sweeps. Payout clauses are left out: the mutant never pays a winning wager
# the wrong odds, so it proves no odds (WRONG_ODDS does).
TARGETS = {
    "baccarat": {
        "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)",
        "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631a.8(a)(4)(i)(A)",
        "631a.8(a)(4)(i)(B)", "631a.8(a)(4)(i)(C)", "631a.8(a)(4)(ii)(A)", "631a.8(a)(4)(ii)(B)",
        "631a.8(a)(4)(ii)(C)", "631a.8(a)(4)(iii)", "631a.8(a)(7)(i)", "631a.8(a)(7)(ii)"
    },
    "commission_free": {
        "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)",
        "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631c.5", "631c.5(c)", "631c.5(c)(1)",
        "631c.5(c)(2)", "631c.5(c)(3)", "631c.5(c)(3)(i)", "631c.5(c)(3)(ii)"
    },
    "ez_baccarat": {
        "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)",
        "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631a.8(a)(4)(i)(A)",
        "631a.8(a)(4)(i)(B)", "631a.8(a)(4)(i)(C)", "631a.8(a)(4)(ii)(A)", "631a.8(a)(4)(ii)(B)",
        "631a.8(a)(4)(ii)(C)", "631a.8(a)(4)(iii)", "631a.8(a)(5)(i)", "631a.8(a)(5)(ii)", "631a.8(a)(6)(i)",
        "631a.8(a)(6)(ii)"
    },
    "full_table": {
        "631a.13(d)(1)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)",
        "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631a.8(a)(4)(i)",
        "631a.8(a)(4)(i)(A)", "631a.8(a)(4)(i)(B)", "631a.8(a)(4)(i)(C)", "631a.8(a)(4)(ii)(A)",
        "631a.8(a)(4)(ii)(B)", "631a.8(a)(4)(ii)(C)", "631a.8(a)(4)(iii)", "631a.8(a)(7)(i)",
        "631a.8(a)(7)(ii)", "631c.1", "631c.1(b)", "631c.1(c)(1)", "631c.1(c)(2)", "631c.1(e)[Colored pair]",
        "631c.1(e)[Mixed pair]", "631c.1(e)[Perfect pair]", "631c.2(g)(1)", "631c.2(g)(2)", "631c.2(g)(3)",
        "631c.2(g)(4)", "631c.2(g)(5)", "631c.2(g)@current-through-2024-06-22", "631c.2(h)", "631c.3",
        "631c.3(f)(1)", "631c.3(f)(2)", "631c.3(f)(3)", "631c.3(f)(4)", "631c.3(f)(5)", "631c.3(g)", "631c.4",
        "631c.4(a)", "631c.4(d)(1)", "631c.4(d)(2)", "631c.7", "631c.7(b)", "631c.7(c)(1)", "631c.7(c)(2)",
        "631c.7(e)[Royal Match]", "631c.7(e)[Suited Match]"
    },
    "heavenly_9": {
        "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)",
        "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631c.2(g)(1)", "631c.2(g)(2)",
        "631c.2(g)(3)", "631c.2(g)(4)", "631c.2(g)(5)", "631c.2(g)@current-through-2024-06-22", "631c.2(h)"
    },
    "midibaccarat": {
        "629b.1", "629b.1(a)(1)", "629b.1(a)(2)", "629b.1(a)(3)", "629b.1(c)", "629b.1(d)(1)", "629b.1(d)(2)",
        "629b.2", "629b.2(c)", "629b.2(c)(1)", "629b.2(c)(2)", "629b.2(c)(3)", "629b.2(c)(3)(i)",
        "629b.2(c)(3)(ii)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)",
        "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)"
    },
    "midibaccarat_golden_talons": {
        "629b.6(d)", "629b.6(e)", "629b.6(e)(1)", "629b.6(e)(2)", "629b.6(e)(3)", "631a.8(a)(1)(i)",
        "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)",
        "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)"
    },
    "midibaccarat_progressives": {
        "629b.3(e)(1)", "629b.3(e)(2)", "629b.3(e)(3)", "629b.3(e)(4)", "629b.3(e)(6)", "629b.3(e)(7)",
        "629b.3(e)(8)", "629b.3(e)(9)", "629b.7(g)(1)", "629b.7(g)(10)", "629b.7(g)(11)", "629b.7(g)(12)",
        "629b.7(g)(2)", "629b.7(g)(3)", "629b.7(g)(4)", "629b.7(g)(5)", "629b.7(g)(6)", "629b.7(g)(7)",
        "629b.7(g)(8)", "629b.7(g)(9)", "629b.7(h)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)",
        "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)",
        "631a.8(a)(3)(ii)"
    },
    "minibaccarat": {
        "627b.1", "627b.1(a)(1)", "627b.1(a)(2)", "627b.1(a)(3)", "627b.1(c)", "627b.1(d)(1)", "627b.1(d)(2)",
        "627b.2", "627b.2(c)", "627b.2(c)(1)", "627b.2(c)(2)", "627b.2(c)(3)", "627b.2(c)(3)(i)",
        "627b.2(c)(3)(ii)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)",
        "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)"
    },
    "minibaccarat_royal_9": {
        "627b.3(e)(1)", "627b.3(e)(2)", "627b.3(e)(3)", "627b.3(e)(4)", "627b.3(e)(6)", "627b.3(e)(7)",
        "627b.3(e)(8)", "627b.3(e)(9)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)",
        "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)"
    },
    "rising_phoenix": {
        "629b.5(g)(1)(i)", "629b.5(g)(1)(ii)", "629b.5(g)(1)(iii)", "629b.5(g)(1)(iv)", "629b.5(g)(2)(i)",
        "629b.5(g)(2)(ii)", "629b.5(g)(2)(iii)", "629b.5(g)(3)(i)", "629b.5(g)(3)(ii)", "629b.5(g)(4)(i)",
        "629b.5(g)(4)(ii)", "629b.5(g)(4)(iii)", "629b.5(g)(4)(iv)", "629b.5(g)(4)(ix)", "629b.5(g)(4)(v)",
        "629b.5(g)(4)(vi)", "629b.5(g)(4)(vii)", "629b.5(g)(4)(viii)", "629b.5(g)(4)(x)", "629b.5(g)(4)(xi)",
        "629b.5(g)(4)(xii)", "629b.5(g)(4)(xiii)", "629b.5(g)(4)(xiv)", "629b.5(g)(4)(xix)",
        "629b.5(g)(4)(xv)", "629b.5(g)(4)(xvi)", "629b.5(g)(4)(xvii)", "629b.5(g)(4)(xviii)",
        "629b.5(g)(4)(xx)", "629b.5(g)(5)", "629b.6(d)", "629b.6(e)", "629b.6(e)(1)", "629b.6(e)(2)",
        "629b.6(e)(3)", "629b.7(h)", "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)",
        "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)", "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)"
    },
    "side_wagers_631c": {
        "631a.8(a)(1)(i)", "631a.8(a)(1)(ii)", "631a.8(a)(1)(iii)", "631a.8(a)(2)(i)", "631a.8(a)(2)(ii)",
        "631a.8(a)(2)(iii)", "631a.8(a)(3)(i)", "631a.8(a)(3)(ii)", "631c.1", "631c.1(b)", "631c.1(c)(1)",
        "631c.1(c)(2)", "631c.1(e)[Colored pair]", "631c.1(e)[Mixed pair]", "631c.1(e)[Perfect pair]",
        "631c.3", "631c.3(f)(1)", "631c.3(f)(2)", "631c.3(f)(3)", "631c.3(f)(4)", "631c.3(f)(5)", "631c.3(g)",
        "631c.4", "631c.4(a)", "631c.4(d)(1)", "631c.4(d)(2)", "631c.7", "631c.7(b)", "631c.7(c)(1)",
        "631c.7(c)(2)", "631c.7(e)[Royal Match]", "631c.7(e)[Suited Match]"
    },
}

# profile -> the odds and paytable clauses (corpus.roles: role "payout") the wrong_odds mutant
# must fail under that profile, every bundled profile: each winning wager is paid the next
# lower odds and still wins, so each odds cell's check fails, naming its payout clause.
WRONG_ODDS = {
    "baccarat": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]", "631a.13(h)",
        "631a.13(h)[table]"
    },
    "baccarat_tracked_vigorish": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]"
    },
    "commission_free": {
        "631a.13(a)", "631a.13(b)", "631c.5(g)", "631c.5(h)", "631c.5(i)", "631c.5(j)", "631c.5(k)(1)",
        "631c.5(k)(2)"
    },
    "ez_baccarat": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]", "631a.13(f)",
        "631a.13(g)"
    },
    "full_table": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]", "631a.13(h)",
        "631a.13(h)[table]", "631c.1(d)", "631c.2(i)", "631c.2(i)[table]",
        "631c.2(i)[table]@current-through-2024-06-22", "631c.3(h)", "631c.4(e)", "631c.7(d)"
    },
    "heavenly_9": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631c.2(i)", "631c.2(i)[table]",
        "631c.2(i)[table]@current-through-2024-06-22"
    },
    "midibaccarat": {
        "629b.1(e)", "629b.2(g)", "629b.2(h)", "629b.2(i)", "629b.2(j)", "629b.2(k)(1)", "629b.2(k)(2)",
        "631a.13(a)", "631a.13(b)"
    },
    "midibaccarat_golden_talons": {
        "629b.6(f)", "629b.6(g)", "631a.13(a)", "631a.13(b)"
    },
    "midibaccarat_progressives": {
        "629b.3(f)(1)", "629b.3(f)(1)[table]", "629b.3(g)(1)", "629b.3(g)(1)[table]", "629b.7(i)",
        "629b.7(i)[table 1]", "629b.7(i)[table 2]", "629b.7(i)[table 3]", "631a.13(a)", "631a.13(b)"
    },
    "minibaccarat": {
        "627b.1(e)", "627b.2(g)", "627b.2(h)", "627b.2(i)", "627b.2(j)", "627b.2(k)(1)", "627b.2(k)(2)",
        "631a.13(a)", "631a.13(b)"
    },
    "minibaccarat_royal_9": {
        "627b.3(f)(1)", "627b.3(f)(1)[table]", "627b.3(g)(1)", "627b.3(g)(1)[table]", "631a.13(a)",
        "631a.13(b)"
    },
    "minibaccarat_royal_9_mystery": {
        "627b.3(f)(1)", "627b.3(f)(1)[table]", "627b.3(g)(1)", "627b.3(g)(1)[table]", "631a.13(a)",
        "631a.13(b)"
    },
    "reveal_d": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]", "631a.13(h)",
        "631a.13(h)[table]"
    },
    "rising_phoenix": {
        "629b.5(h)(1)", "629b.5(h)(2)", "629b.6(f)", "629b.6(g)", "631a.13(a)", "631a.13(b)"
    },
    "rising_phoenix_commission_free": {
        "629b.5(h)(1)", "629b.5(h)(2)", "629b.6(f)", "629b.6(g)", "631a.13(a)", "631a.13(b)"
    },
    "side_wagers_631c": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631c.1(d)", "631c.3(h)", "631c.4(e)", "631c.7(d)"
    },
    "tracked_vigorish": {
        "631a.13(a)", "631a.13(b)", "631a.13(c)", "631a.13(e)", "631a.13(e)[table]", "631a.13(h)",
        "631a.13(h)[table]"
    },
}

#: Payout clauses no odds cell sets, so no wrong-odds break can fail them (and why).
NOT_ODDS = {
    "631c.6(c)(7)": "pays 100% of the Must-Hit-By Mystery meter: an award of the meter, no odds",
}

# profile -> clauses whose scenarios must fail on the accepts_every_wager mutant under that profile.
ACCEPTS_EVERY_WAGER = {
    "full_table": {
        "631c.2(a)", "631c.2(c)", "631c.2(c)@current-through-2024-06-22", "631c.2(d)(2)",
        "631c.2(d)(2)@current-through-2024-06-22", "631c.3(a)", "631c.4(c)"
    },
    "midibaccarat_progressives": {
        "629b.3(a)(2)", "629b.7(a)", "629b.7(c)", "629b.7(d)(2)"
    },
    "minibaccarat_royal_9": {
        "627b.3(a)(2)"
    },
}

# Automated clauses no broken game proves yet: their scenarios have not been shown to fail.
# 631a.9(a) is proved by tests.games.broken_games_631a:reports_only_the_players_hand.
NOT_YET_PROVED = {
    # Clauses a scenario is tagged with beside the clause its checks judge. Before failures were
    # attributed to the check's own clause (issue 13), every tag of a failed scenario counted as
    # failed, and these were "proved" that way only; now a failure leaves them "not verified".
    # Permissions to offer a wager or variant, which no check of the game can break:
    "629b.4(a)",  # "may ... offer players an alternative procedure" (the reveal checks name (b))
    "629b.5(a)",  # "may offer ... Rising Phoenix Baccarat" (the deck check names (f))
    "629b.5(g)(6)",  # "The Harmony Progressive wager, offered in accordance with § 629b.7"
    "631c.6(a)",  # "may offer ... the Must-Hit-By Mystery bonus" (the meter checks name (c)(n))
    # The unique King 9 of each position (a definition): the personal-jackpot scenarios name the
    # jackpot's own clause, (e)(6) to (e)(8)
    "627b.3(e)(5)", "629b.3(e)(5)",
    # Qualifying for the mystery bonus: the one scenario's observable (a seat with only a Player
    # wager does not contribute) names the meter's contribution clause, (c)(2)
    "631c.6(c)(1)",
    # The mystery meter's contribution (c)(2) and its configurations' table (c)(4)[table]: counted
    # as proved only while mystery_biased_rng "may also fail" them (a low hit value seen by chance);
    # since a mystery award is judged by the meter's own clauses (issue 24), no broken game fails
    # them ((c)(4), the rate of each configuration, is proved by mystery_rate_doubled)
    "631c.6(c)(2)", "631c.6(c)(4)[table]",
}

# the proofs that are not (yet) in the broken-game registry (tests/proofs/registry.py): their clauses
# are in the upper-case tables of these modules
PROOF_MODULES = ("test_properties_bite", "test_broken_statistics")


MUTANTS = {"results_turned": TARGETS, "accepts_every_wager": ACCEPTS_EVERY_WAGER, "wrong_odds": WRONG_ODDS}


def _payout(clause: str) -> bool:
    return "payout" in clause_roles(clause)


MUTANT_RUNS = [(m, p) for m, targets in MUTANTS.items() for p in sorted(targets)]
#: Mutant runs a batch (one pytest process collects the suite once and plays each in a fork)
BATCH = 12


def _mutant_problems(mutant: str, profile: str, run) -> list[str]:
    targets = MUTANTS[mutant][profile]
    missed = targets - run.failed_clauses
    out = [f"scenarios of these clauses did not fail: {sorted(missed)}"] if missed else []
    if mutant == "wrong_odds":
        # attribution: a wager paid the wrong odds still won, so no clause that decides a result fails
        results = sorted(c for c in run.failed_clauses if "outcome" in clause_roles(c) and not _payout(c))
        if results:
            out.append(f"a wrong-odds break failed result clauses: {results}")
    return out


@pytest.mark.parametrize("batch", [MUTANT_RUNS[i:i + BATCH] for i in range(0, len(MUTANT_RUNS), BATCH)],
                         ids=lambda b: f"{'-'.join(b[0])}..{'-'.join(b[-1])}")
def test_mutants_fail_the_scenarios_of_their_rules(tmp_path, batch):
    runs = run_suites(tmp_path, (), [select_game(f"tests.games.mutant_games:{m}", proof_marks(MUTANTS[m][p]), profile=p,
                                                 include_expired=True) for m, p in batch])
    problems = {f"{m} under {p}": pr for (m, p), run in zip(batch, runs) if (pr := _mutant_problems(m, p, run))}
    assert not problems, "\n".join(f"{k}: {'; '.join(v)}" for k, v in problems.items()) + "\n" + runs[0].output[-4000:]


def test_wrong_odds_covers_every_odds_clause_of_every_bundled_profile():
    """Every bundled profile is a WRONG_ODDS key, and every automated payout clause is a
    target of one (NOT_ODDS: those no odds cell sets); the targets are payout clauses."""
    from importlib import resources

    bundled = {p.name.removesuffix(".toml") for p in resources.files("baccarat_conformance.profiles").iterdir()
               if p.name.endswith(".toml")}
    assert set(WRONG_ODDS) == bundled
    automated = {cid for cid, cov in make_context().coverage.items() if cov.disposition == "automated"}
    payout = {c for c in automated if _payout(c)}
    covered = set().union(*WRONG_ODDS.values())
    assert payout - covered == set(NOT_ODDS), sorted(payout - covered)
    assert all(_payout(c) for c in covered)


def _clause_ids(value) -> set:
    if isinstance(value, str):
        return {value} if re.match(r"\d{3}[a-z]\.\d", value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(_clause_ids(v) for v in value.values()))
    if isinstance(value, (set, frozenset, list, tuple)):
        return set().union(set(), *(_clause_ids(v) for v in value))
    return {c for c in getattr(value, "failing", ())}


def _proved_by_broken_games() -> set:
    """The clauses the registry's broken games must fail (or may fail, by chance: the
    ``may_also_fail`` of a proof), and those of the tables of :data:`PROOF_MODULES`."""
    proved: set = {c for p in proofs() for c in p.clauses | p.may_also_fail}
    for name in PROOF_MODULES:
        module = importlib.import_module(f"tests.proofs.{name}")
        for attr in dir(module):
            if attr.isupper():
                proved |= _clause_ids(getattr(module, attr))
    return proved


def proved_clauses() -> set:
    """Every clause some proof fails: the dedicated broken games, and the mutants; a
    results-turned proof does not count for a payout clause (it never pays wrong odds)."""
    by_mutants = set().union(*(c for m, t in MUTANTS.items() for c in t.values() if m != "results_turned"))
    by_results_turned = {c for t in TARGETS.values() for c in t if not _payout(c)}
    return _proved_by_broken_games() | by_mutants | by_results_turned


def test_every_automated_clause_is_proved_or_listed():
    automated = {cid for cid, cov in make_context().coverage.items() if cov.disposition == "automated"}
    proved = proved_clauses()
    unlisted = automated - proved - NOT_YET_PROVED
    assert not unlisted, f"automated clauses no broken game proves: add a broken game or list them: {sorted(unlisted)}"
    stale = NOT_YET_PROVED - (automated - proved)
    assert not stale, f"proved (or no longer automated) now: remove from NOT_YET_PROVED: {sorted(stale)}"
