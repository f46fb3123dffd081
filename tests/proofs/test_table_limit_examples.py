"""Examples whose stake lies outside the table limits the Rules Submission files are
"not offered" when the game refuses them; a stake within the filed limits refused is a
failure of the scenario's clause (58 Pa. Code § 631a.13(c))."""

from __future__ import annotations

from tests.proofs.suite_runner import run_suite

TRACKED = ("--profile", "baccarat_tracked_vigorish")  # [limits.default] min = "5.00"


def _by_stake(run, stake: str) -> set[str]:
    return {r["category"] or r["outcome"] for r in run.results if f"[{stake}-" in r["nodeid"]}


def test_a_stake_below_the_filed_minimum_is_not_offered(must_pass):
    run = must_pass("limits@baccarat_tracked_vigorish")  # TRACKED, -m 631a.13.c: tests/proofs/reference_runs.py
    assert run.returncode == 0, run.output
    assert _by_stake(run, "$1.00") == {"not offered"}, run.categories()
    assert _by_stake(run, "$5.00") == {"passed"}, run.categories()


def test_a_stake_within_the_filed_limits_refused_fails(tmp_path):
    run = run_suite(tmp_path, *TRACKED, game="tests.games.capability_games:minimum_ten_dollars", marks="631a.13.c")
    assert _by_stake(run, "$1.00") == {"not offered"}, run.categories()
    assert _by_stake(run, "$7.00") == {"nonconformance"}, run.categories()
    assert "631a.13(c)" in run.failed_clauses, run.output
