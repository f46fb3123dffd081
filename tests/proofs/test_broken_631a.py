"""The reference game passes the whole suite under every example profile of Chapter
631a. (That each deliberately broken game of tests/games/broken_games_631a.py fails exactly
the clauses it declares with ``@breaks`` is tests/proofs/test_proofs.py.)"""

from __future__ import annotations

import pytest

from tests.proofs.registry import proofs
from tests.proofs.suite_runner import run_suites

PROFILES = ("baccarat", "ez_baccarat", "tracked_vigorish", "reveal_d")

# A Natural winning the Dragon Bonus by 4 or more pays 1 to 1 under every paytable: the game
# paying it at the "Win by N points" odds fails the Natural winner rows of Paytables B and C
# too (Paytable A: the game's @breaks under baccarat), and the § 631a.8(a)(4)(i)(A) examples, which name the odds
# clause § 631a.13(e): the Natural did win.
NATURAL_AT_THE_MARGIN = {"ez_baccarat": "B", "tracked_vigorish": "C"}


def test_a_natural_paid_at_the_margin_fails_the_natural_rows_of_every_paytable(tmp_path):
    # the proofs (@breaks) of this game under each profile: § 631a.13(e) and its table, and
    # here, only the "Natural winner" rows of the profile's own paytable
    chosen = [p for p in proofs() if p.name == "dragon_bonus_natural_pays_the_margin" and p.profile != "baccarat"]
    assert sorted(p.profile for p in chosen) == sorted(NATURAL_AT_THE_MARGIN)
    for proof, run in zip(chosen, run_suites(tmp_path, (), [p.selection() for p in chosen])):
        assert run.failed_clauses == {"631a.13(e)", "631a.13(e)[table]"}, run.output
        rows = {r["nodeid"] for r in run.results if r["outcome"] == "failed" and "631a.13(e)[table]" in r["clauses"]}
        letter = NATURAL_AT_THE_MARGIN[proof.profile]
        assert rows and all(f"[{letter}-Natural winner-1 to 1-" in n for n in rows), rows


@pytest.mark.parametrize("profile", PROFILES)
def test_reference_game_passes_under_each_example_profile(must_pass, profile):
    # the property scenarios run here under the default profile; under ez_baccarat and
    # tracked vigorish in tests/proofs/test_properties_bite.py (the runs: tests/proofs/reference_runs.py,
    # batch "631a")
    run = must_pass(f"631a@{profile}")
    assert run.returncode == 0, run.output
    assert run.results and not run.failed_clauses, (profile, sorted(run.failed_clauses), run.failure_categories())
    skipped = {r["category"] for r in run.results if r["outcome"] == "skipped"}
    assert skipped <= {"not offered", "expired"}, skipped
    expired = {c for r in run.results if r["category"] == "expired" for c in r["clauses"]}
    assert all(c.startswith(("627b", "629b")) for c in expired), expired
