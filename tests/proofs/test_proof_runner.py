"""The runners of the suite's own proofs: a batch of games against one collected suite
(tests/proofs/proof_runner.py) gives each game what a process of its own would, and nothing a
game changes reaches the next; a child pytest (a fresh ``python -m pytest``) runs with the
caller's environment and is killed past its timeout."""

from __future__ import annotations

import dataclasses
import subprocess
import textwrap
import time

import pytest

from tests.proofs.suite_runner import FEATURES, run_pytest, run_suite, run_suites, select, select_game


def _key(r: dict) -> tuple:
    return r["nodeid"], r["outcome"], r["category"], r.get("failed_clause"), r.get("blocked_by")


def test_a_batch_gives_each_game_what_a_process_of_its_own_gives(tmp_path):
    marks = "631a.11 and not property"
    alone = run_suite(tmp_path / "alone", game="tests.games.broken_games:player_stands_on_5", marks=marks)
    [batched] = run_suites(tmp_path / "batch", (), [select_game("tests.games.broken_games:player_stands_on_5", marks,
                                                                profile="baccarat", include_expired=False)])
    assert alone.results and sorted(map(_key, batched.results)) == sorted(map(_key, alone.results))
    assert batched.returncode == alone.returncode == 1


def test_a_game_of_a_batch_on_its_own_feature_module_plays_what_pytest_module_plays(tmp_path):
    """``Selection.only_paths`` (tests/proofs/reference_runs.py: a run on one chapter's features):
    in a batch that collects every feature module, the game still plays only its own."""
    module = FEATURES / "test_627b.py"
    alone = run_suite(tmp_path / "alone", "--profile", "minibaccarat", "--include-expired", features=module)
    _, own = select(game=None, features=module)
    own = dataclasses.replace(own, options=(("profile", "minibaccarat"), ("include_expired", True)), only_paths=True)
    batched, _ = run_suites(tmp_path / "batch", (), [own, select_game(None, "631a.9 and not property")])
    assert alone.results and all("test_627b.py" in r["nodeid"] for r in alone.results)
    assert sorted(map(_key, batched.results)) == sorted(map(_key, alone.results)), batched.output


def test_a_game_of_a_batch_on_one_scenario_with_its_own_args_plays_what_pytest_plays_given_them(tmp_path):
    """A path ``FILE::NAME`` and ``Selection.args`` (tests/proofs/reference_runs.py: the replay of
    a property failure): in a batch that collects FILE whole, the game plays the scenario NAME
    alone (each of its parameters), with its args parsed as the process's own; an option the
    suite does not know ends the game's fork as an error of the runner (3), as pytest refuses it."""
    node = f"{FEATURES / 'test_627b.py'}::test_a_perfect_pair_is_paid_at_the_perfect_pair_odds_of_the_paytable"
    args = ("--profile", "minibaccarat", "--include-expired")
    alone = run_suite(tmp_path / "alone", *args, features=node)
    _, own = select(game=None, features=node)
    own = dataclasses.replace(own, only_paths=True, args=args)
    unknown = dataclasses.replace(select_game(None, "627b.2 and not property"), args=("--no-such-option", "1"))
    batched, whole, refused = run_suites(tmp_path / "batch", (), [own, select_game(None, "627b.2 and not property"),
                                                                   unknown])
    assert len(alone.results) > 1 and any(r["outcome"] == "passed" for r in alone.results), alone.output
    assert sorted(map(_key, batched.results)) == sorted(map(_key, alone.results)), batched.output
    assert len(whole.results) > len(batched.results) and whole.returncode == 0, whole.output
    assert refused.returncode == 3 and not refused.results and "--no-such-option" in refused.output, refused.output


def test_what_a_game_changes_does_not_reach_the_next_game_of_its_batch(tmp_path):
    # the broken game rewrites the reference game's registry of wager kinds (Player Pair and
    # Banker Pair settled after the third card): the reference game played after it in the
    # same batch must still pass
    broken, reference = run_suites(tmp_path, (), [
        select_game("tests.games.broken_games_sidewagers:commission_free_pairs_settled_after_third_card", "631c.5",
                    profile="commission_free"),
        select_game(None, "631c.5", profile="commission_free")])
    assert "631c.5(d)" in broken.failed_clauses, broken.output
    assert reference.results and not reference.failed_clauses and reference.returncode == 0, \
        reference.output[reference.output.find("INTERNALERROR"):]


def test_a_child_pytest_runs_in_the_callers_environment(tmp_path, monkeypatch):
    (tmp_path / "test_probe.py").write_text(textwrap.dedent("""
        import os
        def test_env():
            assert os.environ["BACCARAT_PROBE"] == "seen"
    """))
    monkeypatch.setenv("BACCARAT_PROBE", "seen")
    code, output = run_pytest([str(tmp_path / "test_probe.py"), "-q", "-p", "no:cacheprovider"], timeout=120)
    assert code == 0, output
    monkeypatch.setenv("BACCARAT_PROBE", "changed")
    code, output = run_pytest([str(tmp_path / "test_probe.py"), "-q", "-p", "no:cacheprovider"], timeout=120)
    assert code == 1 and "changed" in output, output


def test_a_child_pytest_past_its_timeout_is_killed(tmp_path):
    (tmp_path / "test_slow.py").write_text("import time\n\ndef test_slow():\n    time.sleep(60)\n")
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        run_pytest([str(tmp_path / "test_slow.py"), "-q", "-p", "no:cacheprovider"], timeout=3)
    assert time.monotonic() - started < 30


def test_a_proof_holds_for_exactly_its_clauses_and_the_rules_it_may_block():
    from tests.proofs.registry import Proof
    from tests.proofs.suite_runner import SuiteRun

    proof = Proof("tests.games.broken_games:player_draws_on_6", frozenset({"631a.11(b)(2)"}),
                  blocks=frozenset({"631a.11(b)(2)"}))

    def failed(clause, category="nonconformance"):
        return {"nodeid": f"f::{clause}", "clauses": [clause], "outcome": "failed", "category": category,
                "failed_clause": clause}

    blocked = {"nodeid": "b", "clauses": ["631a.11(c)(1)"], "outcome": "skipped", "category": "blocked",
               "blocked_by": "631a.11(b)(2)"}
    assert proof.problems(SuiteRun(1, [failed("631a.11(b)(2)"), blocked], "")) == []
    assert "not failed ['631a.11(b)(2)']" in proof.problems(SuiteRun(0, [blocked], ""))[0]
    assert "failed but not declared ['631a.9(a)']" in \
        proof.problems(SuiteRun(1, [failed("631a.11(b)(2)"), failed("631a.9(a)")], ""))[0]
    assert "not only nonconformance" in \
        proof.problems(SuiteRun(1, [failed("631a.11(b)(2)"), failed("631a.11(b)(2)", "adapter error")], ""))[0]
    other = dict(blocked, blocked_by="631a.6")
    assert proof.problems(SuiteRun(1, [failed("631a.11(b)(2)"), other], "")) == \
        ["scenarios blocked by ['631a.6'], not declared in blocks="]
    assert proof.problems(SuiteRun(5, [], "")) == ["no scenario ran"]


def test_a_game_whose_fork_ends_early_is_not_a_run_that_passed(tmp_path):
    # a game that ends its process after a few scenarios leaves a log of those it got to, all
    # passed: the batch reports the fork's own end, as a process of its own would, not 0
    crashed, reference = run_suites(tmp_path, (), [
        select_game("tests.games.crashing_games:ends_its_process", "631a.11.b"),  # os._exit(1) in its third deal
        select_game(None, "631a.11.b")])
    assert crashed.results and all(r["outcome"] == "passed" for r in crashed.results), crashed.results
    assert crashed.returncode == 1, crashed.returncode
    assert reference.returncode == 0 and reference.results, reference.output[-3000:]
