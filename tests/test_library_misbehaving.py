"""A misbehaving game (crash, garbage, wrong schema) fails those scenarios as a
protocol or adapter error — not as a rule nonconformance — with the evidence kept, and
the run goes on; results already written stay even when the game kills the process."""

from __future__ import annotations

import pytest

from .suite_runner import run_suite

SUBSET = ["-k", "test_a_card_from_2_to_9 or test_a_10_jack or test_an_ace or test_a_twodigit or paid_at_1_to_1"]


@pytest.mark.parametrize("game,category", [
    ("crashes", "adapter error"),
    ("float_money", "protocol error"),
    ("missing_field", "protocol error"),
    ("not_json", "protocol error"),
])
def test_misbehaving_game_fails_in_its_category_and_the_run_goes_on(tmp_path, game, category):
    run = run_suite(tmp_path, *SUBSET, game=f"tests.misbehaving_games:{game}")
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert failed, run.output
    assert {r["category"] for r in failed} == {category}, run.categories()
    assert all(r["message"] and f"[{category}]" in r["message"] for r in failed)
    if game == "crashes":  # the run went on: scenarios after a crash passed
        assert any(r["outcome"] == "passed" for r in run.results)
    assert len(run.results) == len({r["nodeid"] for r in run.results})


def test_results_already_written_stay_when_the_game_kills_the_process(tmp_path):
    run = run_suite(tmp_path, *SUBSET, game="tests.misbehaving_games:dies_mid_run")
    assert run.returncode != 0
    assert len(run.results) == 9, run.output  # the 9 scenarios before the 10th deal were logged and flushed
    assert all(r["outcome"] == "passed" for r in run.results)
