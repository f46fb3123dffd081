"""A definition's row in the clause matrix fails only when the game misrecognises what it
defines: a failure of a clause that only sets the odds a recognised hand is paid at
(§ 631a.13(f): a Dragon 7 paid 30 to 1, not 40 to 1) does not fail the definition
(§ 631a.1[Dragon 7]), while the odds clause fails (issue 24, item 5)."""

from __future__ import annotations

import json

from tests.proofs.suite_runner import run_suite


def test_odds_paid_wrong_on_a_recognised_dragon_7_fail_the_odds_not_the_definition(tmp_path) -> None:
    run = run_suite(tmp_path, "--profile", "ez_baccarat", "--matrix-dir", str(tmp_path / "matrix"),
                    game="tests.games.broken_games_631a:dragon_7_pays_30_to_1",
                    marks="(631a.1 or 631a.8 or 631a.12 or 631a.13) and not property")
    assert run.failed_clauses == {"631a.13(f)"}, run.output
    rows = {r["id"]: r for r in json.loads((tmp_path / "matrix" / "matrix.json").read_text("utf-8"))["rows"]}
    assert rows["631a.13(f)"]["result"] == "fail"
    # passed by every use that judged it; the Dragon 7 wager's win scenario stopped at the odds
    # (§ 631a.8(a)(5)(i) not verified), so the definition is not verified by it either: no failure
    definition = rows["631a.1[Dragon 7]"]
    assert definition["result"] in ("pass", "not_verified") and "fail" not in definition["result_detail"], definition
    assert {cid for cid, r in rows.items() if r["result"] == "fail"} == {"631a.13(f)"}


def test_a_dragon_7_not_recognised_still_fails_the_definition(tmp_path) -> None:
    run = run_suite(tmp_path, "--profile", "ez_baccarat", "--matrix-dir", str(tmp_path / "matrix"),
                    game="tests.games.broken_games_631a:ez_banker_wins_on_dragon_7",
                    marks="(631a.1 or 631a.8) and not property")
    assert "631a.8(a)(1)(iii)" in run.failed_clauses, run.output
    rows = {r["id"]: r for r in json.loads((tmp_path / "matrix" / "matrix.json").read_text("utf-8"))["rows"]}
    assert rows["631a.1[Dragon 7]"]["result"] == "fail", rows["631a.1[Dragon 7]"]
