"""Proof that the checks can fail: the suite, run against each deliberately broken
game, fails exactly the clauses that game breaks, and nothing else."""

from __future__ import annotations

import pytest

from .suite_runner import proof_marks, run_suite

# broken game -> the clauses the matrix fails (and no others): those the failing checks name.
# § 631a.11 itself is the exhaustive sweep's tag: every draw-rule break fails it too.
# A scenario whose stacked round the game deals otherwise, under a rule that is not its own,
# is blocked (category "blocked", naming the rule), not failed: a Player's 6 that draws
# blocks the § 631a.11(c)(1) and § 631a.6(a) scenarios dealt such a hand, and a card valued
# wrong blocks the Table 1 scenarios whose draws it changes (the game's Point Counts of those
# hands are wrong, so the deal is blamed on § 631a.6).
EXPECTED = {
    "banker_draws_on_6_against_5": {"631a.11(c)(2)(iii)", "631a.11"},
    "player_stands_on_5": {"631a.11(b)(1)", "631a.11"},
    "draws_after_natural_8_against_7": {"631a.11(a)", "631a.11", "631a.1[Natural]"},
    "ten_counts_one": {"631a.6(a)(2)", "631a.11", "631a.11(c)(2)(iii)"},
    "no_modulo": {"631a.6(b)", "631a.6(b)(2)", "631a.11", "631a.11(b)(1)"},
    "banker_stays_on_2": {"631a.11(c)(2)(i)", "631a.11"},
    "player_draws_on_6": {"631a.11(b)(2)", "631a.11"},
    "banker_draws_on_6_when_player_stays": {"631a.11(c)(1)", "631a.11"},
    "banker_draws_on_7": {"631a.11(c)(2)(ii)", "631a.11"},
    # the § 631a.11 sweep names the third-card rule its first wrong hand breaks (it sees the draw a
    # wrong card value leads to, not the value)
    "nine_counts_eight": {"631a.6(a)(1)", "631a.6(b)", "631a.6(b)(2)", "631a.11", "631a.11(b)(1)"},
    "ace_counts_zero": {"631a.6(a)(3)", "631a.6(b)(1)", "631a.6(b)(2)", "631a.11", "631a.11(c)(2)(iii)"},
    # a Point Count of 10 to 19 is readable (no protocol error): § 631a.6(b)'s scenarios judge it
    "reports_total_not_point_count": {"631a.6(b)", "631a.6(b)(2)"},
}


@pytest.mark.parametrize("broken", sorted(EXPECTED))
def test_broken_game_fails_exactly_its_clauses(tmp_path, broken):
    run = run_suite(tmp_path, game=f"tests.broken_games:{broken}", marks=proof_marks(EXPECTED[broken]))
    assert run.results, run.output
    assert run.failed_clauses == EXPECTED[broken], run.output
    failed = {r["category"] for r in run.results if r["outcome"] == "failed"}
    assert failed <= {"nonconformance"}, run.categories()

# The reference game passing the whole suite under the default profile (baccarat) is
# tests/test_broken_631a.py::test_reference_game_passes_under_each_example_profile[baccarat].


# The side-wager chapters' "deal in accordance with the base game" scenarios, under the
# profiles that offer their wagers: a Player's Hand that stays on 5 breaks each of them.
DEALS_AS_THE_BASE_GAME = {
    ("midibaccarat_progressives", "--include-expired"): {"629b.3(c)", "629b.7(e)"},
    ("minibaccarat_royal_9", "--include-expired"): {"627b.3(c)"},
    ("rising_phoenix", "--include-expired"): {"629b.5(c)", "629b.6(c)"},
    ("heavenly_9",): {"631c.2(e)"},
}


@pytest.mark.parametrize("profile", sorted(DEALS_AS_THE_BASE_GAME), ids=lambda p: p[0])
def test_side_wager_tables_deal_as_the_base_game(tmp_path, profile):
    expected = DEALS_AS_THE_BASE_GAME[profile]
    run = run_suite(tmp_path, "--profile", *profile, game="tests.broken_games:player_stands_on_5",
                    marks=" or ".join(c.replace("(", ".").replace(")", "") for c in sorted(expected)))
    assert run.failed_clauses == expected, run.output
    assert {r["category"] for r in run.results if r["outcome"] == "failed"} == {"nonconformance"}


# A side wager's "deal the cards in accordance with § 631a.9" clause: a scenario whose hand
# check fails names it (the hands role, docs/clause-matrix.md): a nine counted as eight gives
# the 5 Treasures Blazing 7s scenario's Player's Hand a Point Count of 6, not 7.
HANDS_OF_A_SIDE_WAGER = {
    ("nine_counts_eight", "side_wagers_631c"): {"631c.3(d)"},
}


@pytest.mark.parametrize("broken,profile", sorted(HANDS_OF_A_SIDE_WAGER), ids=lambda x: x)
def test_side_wager_hands_name_their_dealing_clause(tmp_path, broken, profile):
    expected = HANDS_OF_A_SIDE_WAGER[(broken, profile)]
    run = run_suite(tmp_path, "--profile", profile, game=f"tests.broken_games:{broken}",
                    marks=" or ".join(c.replace("(", ".").replace(")", "") for c in sorted(expected)))
    assert run.failed_clauses == expected, run.output
    assert {r["category"] for r in run.results if r["outcome"] == "failed"} == {"nonconformance"}
