"""The checks of 58 Pa. Code §§ 629b.4–629b.6: every section has a broken game
(tests/games/broken_games_phoenix.py, each failing exactly the clauses it declares with
``@breaks``: tests/proofs/test_proofs.py); the reference game passes under every Rising
Phoenix and Golden Talons profile; and a run dated today reports every one of these
clauses as expired."""

from __future__ import annotations

from tests.proofs.registry import proofs
from tests.proofs.suite_runner import FEATURES, run_suite

RP = "rising_phoenix"
RP_FREE = "rising_phoenix_commission_free"
MIDI = "midibaccarat_golden_talons"


def test_every_section_has_a_broken_game():
    phoenix = [p for p in proofs() if p.game.startswith("tests.games.broken_games_phoenix:")]
    assert {c.split("(")[0] for p in phoenix for c in p.clauses} == {"629b.4", "629b.5", "629b.6"}


def _phoenix_results(run):
    return [r for r in run.results if any(c.startswith(("629b.4", "629b.5", "629b.6")) for c in r["clauses"])]


def test_reference_game_passes_every_phoenix_profile_and_every_paytable(must_pass):
    ran: set[str] = set()
    # the runs (tests/proofs/reference_runs.py, batch "phoenix"), all with --include-expired: the
    # Golden Talons paytables D and E change only § 629b.6's scenarios
    for profile in [RP, RP_FREE, MIDI, "golden_talons_D", "golden_talons_E"]:
        run = must_pass(f"phoenix@{profile}")
        assert run.returncode == 0, run.output
        assert not run.failed_clauses, (profile, sorted(run.failed_clauses), run.failure_categories(), run.output)
        ran |= {r["nodeid"] for r in _phoenix_results(run) if r["outcome"] == "passed"}
    skipped_everywhere = {r["nodeid"] for r in _phoenix_results(run)} - ran
    assert not skipped_everywhere, sorted(skipped_everywhere)


def test_a_run_dated_today_reports_the_clauses_expired(tmp_path):
    run = run_suite(tmp_path, "--profile", RP, features=FEATURES / "test_629b.py")
    mine = _phoenix_results(run)
    assert mine and run.returncode == 0, run.output
    assert {(r["outcome"], r["category"]) for r in mine} == {("skipped", "expired")}


def test_an_earlier_date_tests_the_sections_in_force(tmp_path):
    """On 2025-06-01 § 629b.4 (expired 2024-09-04) is expired; §§ 629b.5-629b.6 are in force."""
    run = run_suite(tmp_path, "--profile", RP, "--as-of", "2025-06-01", features=FEATURES / "test_629b.py")
    assert run.returncode == 0, run.output
    by_section = {}
    for r in _phoenix_results(run):
        by_section.setdefault(r["clauses"][0].split("(")[0], set()).add(r["category"] or r["outcome"])
    assert by_section["629b.4"] == {"expired"}
    assert "passed" in by_section["629b.5"] and "expired" not in by_section["629b.5"]
    assert "passed" in by_section["629b.6"] and "expired" not in by_section["629b.6"]
