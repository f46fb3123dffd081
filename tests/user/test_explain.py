"""``baccarat-conformance clauses --explain ID``: a clause's scenarios, step functions,
oracle rule and proofs, from a checkout and from an installed wheel."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from baccarat_conformance import cli
from baccarat_conformance.commands import explain as explain_module

from tests.proofs import registry
from tests.proofs.registry import proofs_of


def _explain_json(capsys: pytest.CaptureFixture, clause: str) -> dict:
    """``clauses --explain CLAUSE --format json`` (the command's own main, in this process:
    each start of a fresh interpreter cost 2 s), its output read."""
    capsys.readouterr()
    code = cli.main(["clauses", "--explain", clause, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_a_clause_is_explained_from_its_scenario_to_its_proofs(capsys: pytest.CaptureFixture):
    ex = _explain_json(capsys, "631a.11(b)(1)")
    assert ex["text"].startswith("Draw (take a third card) if the Player")
    assert [s["where"] for s in ex["scenarios"]] == ["features/631a_baccarat/631a.11_third_card_rules.feature:27"]
    steps = {s["function"]: s["where"] for s in ex["steps"]}
    assert steps["player_third"].startswith("steps/hands.py:") and steps["round_dealt"].startswith("steps/table.py:")
    assert all(s["where"] for s in ex["steps"]), "a step of the scenario matched no step definition"
    assert {o["function"] for o in ex["oracle"]} >= {"player_draws"}
    assert all(o["where"].startswith("oracle/ch631a.py:") for o in ex["oracle"])
    games = {p["game"]: p for p in ex["proofs"]}
    assert games["tests.games.broken_games:player_stands_on_5"]["where"].startswith("tests/games/broken_games.py:")
    assert {p["game"] for p in ex["proofs"]} == {p.game for p in proofs_of("631a.11(b)(1)")}


def test_631c_2_g_has_a_broken_game_of_its_own(capsys: pytest.CaptureFixture):
    ex = _explain_json(capsys, "631c.2(g)(4)")
    assert [p["fails"] for p in ex["proofs"] if p["game"].endswith(":heavenly_9_banker_nine_loses")] \
        == [["631c.2(g)(4)"]]
    assert {o["function"] for o in ex["oracle"]} & {"heavenly_9_row", "expected_round"}


def test_an_unknown_clause_is_an_error_naming_its_section_clauses():
    proc = subprocess.run([sys.executable, "-m", "baccarat_conformance", "clauses", "--explain", "631a.11(z)"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3 and "no clause '631a.11(z)'" in proc.stderr and "631a.11(b)(1)" in proc.stderr


def test_from_a_wheel_it_lists_the_proofs_and_says_where_they_live(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(explain_module, "checkout_root", lambda: None)  # an installed wheel: no tests/ folder
    ex = explain_module.explain("631a.11(b)(1)")
    assert {p["game"] for p in ex.proofs} == {p.game for p in proofs_of("631a.11(b)(1)")}
    assert "source checkout's tests/" in ex.proofs_note
    assert ex.scenarios and ex.steps and ex.oracle
    assert "source checkout's tests/" in explain_module.render_text(ex)


def test_the_proofs_index_is_the_registry_as_it_is_now():
    """``clauses --explain`` reads corpus/proofs.json, never tests/: a proof declared, moved or
    changed without ``python -m tests.proofs.registry --write`` fails here."""
    assert registry.INDEX.read_text(encoding="utf-8") == registry.index_text(), \
        "corpus/proofs.json is stale: run python -m tests.proofs.registry --write"


def test_explain_imports_no_test_module():
    code = ("import sys; from baccarat_conformance.commands import explain; explain.explain('631a.11(b)(1)'); "
            "print(sorted(m for m in sys.modules if m == 'tests' or m.startswith('tests.')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=str(registry.REPO))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_an_oracle_module_no_step_calls_is_named_by_nobody():
    """§ 629b.4(b) is judged by steps/phoenix.py with oracle/alternative_reveal.py's rule: --explain
    names that module because a step module imports it."""
    ex = explain_module.explain("629b.4(b)")
    assert {o["where"].split(":")[0] for o in ex.oracle} == {"oracle/alternative_reveal.py"}
