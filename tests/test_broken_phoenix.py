"""Proof that the checks of 58 Pa. Code §§ 629b.4–629b.6 can fail: the whole suite, run
with --include-expired against each deliberately broken game under the profile that
offers what it breaks, fails exactly the clauses that game breaks, and nothing else; the
reference game passes under every Rising Phoenix and Golden Talons profile; and a run
dated today reports every one of these clauses as expired."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from .suite_runner import FEATURES, proof_marks, run_suite

RP = "rising_phoenix"
RP_FREE = "rising_phoenix_commission_free"
MIDI = "midibaccarat_golden_talons"

# broken game -> (profile, the clauses whose scenarios must fail, and no others)
EXPECTED = {
    # the reveal checks name § 629b.4(b), the procedure; (a), the permission to offer it, is not verified
    "ignores_banker_first_request": (RP, {"629b.4(b)"}),
    "banker_first_despite_other_wagers": (MIDI, {"629b.4(b)"}),
    "dealer_turns_the_players_hand": (RP, {"629b.4(b)"}),
    "stops_after_the_alternative_reveal": (MIDI, {"629b.4(c)"}),
    "seven_deck_phoenix": (RP_FREE, {"629b.5(f)"}),
    "commission_free_three_card_seven_paid": (RP_FREE, {"629b.5(g)(1)(iv)"}),
    "standard_three_card_seven_pushed": (RP, {"629b.5(g)(1)(iv)"}),
    "commission_free_charges_vigorish": (RP_FREE, {"629b.5(g)(1)(iv)", "629b.5(h)(1)"}),
    "commission_free_banker_six_pays_half": (RP_FREE, {"629b.5(h)(1)"}),
    "sun_seven_pays_thirty": (RP, {"629b.5(h)(2)"}),
    "nine_over_six_pays_nine_over_seven": (RP, {"629b.5(g)(4)(iii)"}),
    "two_card_six_over_three_card_three": (RP_FREE, {"629b.5(g)(4)(ix)"}),
    "player_pair_by_value": (RP, {"629b.5(g)(4)(xix)"}),
    "golden_talons_without_baccarat_wager": (MIDI, {"629b.6(a)"}),
    "golden_talons_after_no_more_bets": (RP, {"629b.6(b)"}),
    "golden_talons_settled_before_the_result": (RP_FREE, {"629b.6(d)"}),
    "golden_talons_win_by_three_wins": (MIDI, {"629b.6(e)(1)"}),
    "golden_talons_natural_loser_pushes": (RP, {"629b.6(e)(2)"}),
    "golden_talons_tie_pushes": (RP_FREE, {"629b.6(e)(3)"}),
    "golden_talons_natural_tie_pushes_under_b": (RP_FREE, {"629b.6(f)"}),
    "golden_talons_paytable_c_win_by_8_pays_ten": (MIDI, {"629b.6(f)"}),
    # the natural wins by 4 or more of § 629b.6(f)'s "Natural win" rows, under each paytable, too
    "golden_talons_natural_pays_the_margin": (RP, {"629b.6(f)", "629b.6(g)"}),
}


@pytest.mark.parametrize("broken", sorted(EXPECTED))
def test_broken_game_fails_exactly_its_clauses(tmp_path, broken):
    profile, expected = EXPECTED[broken]
    run = run_suite(tmp_path, "--profile", profile, "--include-expired",
                    game=f"tests.broken_games_phoenix:{broken}", marks=proof_marks(expected))
    assert run.results, run.output
    assert run.failed_clauses == expected, run.output
    assert set(run.failure_categories().values()) == {"nonconformance"}, run.failure_categories()


def test_every_section_has_a_broken_game():
    assert {c.split("(")[0] for _, clauses in EXPECTED.values() for c in clauses} == {"629b.4", "629b.5", "629b.6"}


def _paytable_profile(tmp_path, letter: str) -> str:
    text = (resources.files("baccarat_conformance.profiles") / f"{MIDI}.toml").read_text()
    path = tmp_path / f"golden_talons_{letter}.toml"
    path.write_text(re.sub(r'paytable = "C"', f'paytable = "{letter}"', text))
    return str(path)


def _phoenix_results(run):
    return [r for r in run.results if any(c.startswith(("629b.4", "629b.5", "629b.6")) for c in r["clauses"])]


def test_reference_game_passes_every_phoenix_profile_and_every_paytable(tmp_path):
    ran: set[str] = set()
    for i, profile in enumerate([RP, RP_FREE, MIDI, "D", "E"]):
        where = tmp_path / str(i)
        where.mkdir()
        letter = profile if len(profile) == 1 else None
        if letter:
            profile = _paytable_profile(where, letter)
        # the Golden Talons paytables D and E change only § 629b.6's scenarios
        marks = "629b.6" if letter else None
        run = run_suite(where, "--profile", profile, "--include-expired", marks=marks)
        assert run.returncode == 0, run.output
        assert not run.failed_clauses, run.output
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
