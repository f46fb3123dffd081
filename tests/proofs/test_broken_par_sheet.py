"""Proof that the game-math scenarios (describe.par_sheet, protocol 1.2) can fail, and
never pass by omission: broken games of tests/games/broken_games_par_sheet.py run through the
suite's game-math scenarios against the reference game's figures."""

from __future__ import annotations

import json

from tests.proofs.suite_runner import run_suite

GAME_MATH = "declared_house_edge or declared_house_edges"


def _run(tmp_path, broken: str, profile: str):
    return run_suite(tmp_path, "--profile", profile, "-k", GAME_MATH,
                     game=f"tests.games.broken_games_par_sheet:{broken}" if broken else None)


def test_a_wrong_dragon_bonus_figure_fails_the_dragon_bonus_paytable_clause(tmp_path):
    run = _run(tmp_path, "dragon_bonus_banker_edge_off", "baccarat")
    assert run.failed_clauses == {"631a.13(e)"}, run.output
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert [r["category"] for r in failed] == ["nonconformance"]
    assert "Banker's Hand, paytable A" in failed[0]["message"] and "off by 2.00e-06" in failed[0]["message"]


def test_a_wrong_tie_figure_fails_the_tie_odds_clause_of_the_section_scenario(tmp_path):
    """A wrong Tie figure fails the Tie odds clause § 631a.13(b), not the Player's (a)."""
    run = _run(tmp_path, "tie_edge_off", "baccarat")
    assert run.failed_clauses == {"631a.13(b)"}, run.output
    [failed] = [r for r in run.results if r["outcome"] == "failed"]
    assert failed["failed_clause"] == "631a.13(b)" and "the tie wager" in failed["message"]


def test_a_wrong_rising_phoenix_bonus_figure_fails_the_bonus_odds_clause(tmp_path):
    run = run_suite(tmp_path, "--profile", "rising_phoenix", "--include-expired", "-k", GAME_MATH,
                    game="tests.games.broken_games_par_sheet:rising_phoenix_bonus_edge_off")
    assert run.failed_clauses == {"629b.5(h)(2)"}, run.output
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert len(failed) == 1 and "option tie_with_0" in failed[0]["message"]


def test_figures_within_1e_6_pass_and_one_off_fails_its_own_clause(tmp_path):
    run = _run(tmp_path, "perfect_pairs_as_decimal", "side_wagers_631c")
    assert run.failed_clauses == {"631c.7(d)"}, run.output
    passed = {c for r in run.results if r["outcome"] == "passed" for c in r["clauses"]}
    assert "631c.1(d)" in passed
    assert _run(tmp_path / "tie", "tie_edge_off_within_tolerance", "baccarat").returncode == 0


def test_a_game_that_declares_no_par_sheet_is_not_offered_never_passed(tmp_path):
    """The par sheet is optional (protocol 1.2) and the regulation sets odds, not house
    edges: without one the game-math scenarios are not offered, never passed, and a
    conforming game stays conformant (its odds judged by the payout scenarios)."""
    run = _run(tmp_path, "declares_no_par_sheet", "baccarat")
    assert run.results and not run.failed_clauses, run.output
    assert {r["outcome"] for r in run.results} == {"skipped"}
    verdicts = {r["category"] for r in run.results}
    assert verdicts <= {"not offered", "expired"}, verdicts
    declared = [r for r in run.results if "declares no par sheet" in (r["message"] or "")]
    assert declared and all(r["category"] == "not offered" for r in declared)


def test_a_wager_missing_from_the_declared_sheet_is_not_verified(tmp_path):
    run = _run(tmp_path, "declares_no_dragon_bonus", "baccarat")
    assert not run.failed_clauses, run.output
    db = [r for r in run.results if "631a.13(e)" in r["clauses"]]
    assert db and all(r["category"] == "not verified" for r in db), json.dumps(db)
    assert "declares no house edge for the dragon bonus wager" in db[0]["message"]


def test_the_reference_game_passes_the_game_math_scenarios(must_pass):
    # the runs (-k GAME_MATH): tests/proofs/reference_runs.py, batch "math-and-limits"
    for profile in ("full_table", "ez_baccarat", "commission_free"):
        run = must_pass(f"game_math@{profile}")
        assert run.returncode == 0, run.output
        assert not run.failed_clauses, (profile, sorted(run.failed_clauses), run.failure_categories())


def test_a_run_writes_the_par_sheet_of_its_profile(tmp_path):
    out = tmp_path / "out"
    run = run_suite(tmp_path, "--profile", "ez_baccarat", "--matrix-dir", str(out), "-k", "player_and_tie_wagers")
    assert run.returncode == 0, run.output
    sheet = json.loads((out / "par_sheet.json").read_text())
    assert sheet["profile"] == "ez_baccarat" and {w["wager"] for w in sheet["wagers"]} >= {"dragon_7", "panda_8"}
    page = (out / "matrix.html").read_text()
    assert "<h2 id='game-math'>Game math</h2>" in page and "7.6113%" in page  # the Dragon 7, in the matrix page


def test_a_planted_par_sheet_cache_changes_nothing(tmp_path, monkeypatch) -> None:
    """The verdict's reference values are computed in the run: a par sheet planted where an
    earlier version kept them (``$XDG_CACHE_HOME/baccarat-conformance/par-sheets``, every file
    claiming other figures) is never read."""
    from baccarat_conformance.inputs.profile import load_profile
    from baccarat_conformance.run import game_math

    rules = load_profile("ez_baccarat")
    fresh = game_math.sheet_dict(rules, "ez_baccarat")
    planted = tmp_path / "baccarat-conformance" / "par-sheets"
    planted.mkdir(parents=True)
    tampered = json.loads(json.dumps(fresh))
    tampered["wagers"][0]["house_edge"] = "1/1000"
    for name in ("sheet.json", "0" * 64 + ".json"):
        (planted / name).write_text(json.dumps({"key": "*", "sheet": tampered}), encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    out = game_math.write_par_sheet(tmp_path / "out", rules, "ez_baccarat")
    assert json.loads(out.read_text(encoding="utf-8")) == fresh
    assert sorted(p.name for p in planted.iterdir()) == ["0" * 64 + ".json", "sheet.json"]  # nothing written either
