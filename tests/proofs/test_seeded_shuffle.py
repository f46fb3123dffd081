"""A declared ``seeded_shuffle`` is checked where the harness relies on it (issue 24, item
11): the same seed must shuffle the same stack, different seeds different stacks. A game
whose declaration does not hold fails the declaration, naming it (a protocol error), in the
cut scenario of § 631a.5(d) and in the statistical verification, whose chunks are said to be
reproducible from their seeds; no clause is failed for it, and the reference game passes."""

from __future__ import annotations

import pytest

from tests.proofs.suite_runner import run_suite

BROKEN = {
    "seed_ignored": "two shoes from seed 20241 (cut at 20) differ",
    "one_shuffle_for_every_seed": "seeds 20241 and 20242 shuffle the same stack",
}


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_declaration_that_does_not_hold_fails_naming_it(tmp_path, broken) -> None:
    run = run_suite(tmp_path, game=f"tests.games.broken_games_631a:{broken}", marks="631a.5 or statistics",
                    statistics=True)
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert failed, run.output
    assert {r["category"] for r in failed} == {"protocol error"}, run.categories()
    assert all("the game declares seeded_shuffle, but " + BROKEN[broken] in r["message"] for r in failed), \
        [r["message"] for r in failed]
    assert {c for r in failed for c in r["clauses"]} >= {"631a.5(d)", "631a.5(a)"}
    assert not run.failed_clauses, run.output


def test_the_reference_game_holds_its_declaration(tmp_path) -> None:
    run = run_suite(tmp_path, marks="631a.5.d or statistics", statistics=True)
    assert run.returncode == 0, run.output
    assert any("the_cut_places_the_cards_above" in r["nodeid"] and r["outcome"] == "passed" for r in run.results)
