"""The reference game passes under every progressive profile (Chapters 629b and 627b
with --include-expired). (That each broken progressive game of
tests/games/broken_games_progressives.py fails exactly the clauses it declares with
``@breaks`` is tests/proofs/test_proofs.py.)"""

from __future__ import annotations

import pytest

from tests.proofs.suite_runner import run_suite

# the Royal 9 wager at the $1 denomination under Chapter 629b (a test profile: the bundled $1 profiles are 627b's)
MIDI_1 = ("--profile", "tests/games/profiles/midibaccarat_royal_9_1.toml", "--include-expired")
# the Royal 9 wager at the $5 denomination under Chapter 627b (a test profile: the bundled ones are $1)
MINI_5 = ("--profile", "tests/games/profiles/minibaccarat_royal_9_5.toml", "--include-expired")
ED = "@current-through-2024-06-22"

# the runs: tests/proofs/reference_runs.py, batch "progressives" (heavenly_9; midibaccarat_progressives,
# minibaccarat_royal_9 and minibaccarat_royal_9_mystery with --include-expired)
@pytest.mark.parametrize("profile", ["heavenly_9", "midibaccarat", "minibaccarat"])
def test_reference_game_passes_progressive_profiles(must_pass, profile):
    run = must_pass(f"progressives@{profile}")
    assert run.returncode == 0, run.output
    assert run.results and not run.failed_clauses, (profile, sorted(run.failed_clauses), run.failure_categories())


def test_reference_game_passes_the_minibaccarat_mystery_configuration(must_pass):
    run = must_pass("progressives@minibaccarat_royal_9_mystery")
    assert run.returncode == 0, run.output
    assert run.results and {r["outcome"] for r in run.results} == {"passed"}, run.categories()


def test_temporary_chapters_are_reported_expired_today(tmp_path):
    ours_only = "629b.3 or 629b.7"
    run = run_suite(tmp_path, "--profile", "midibaccarat_progressives", marks=ours_only)
    ours = [r for r in run.results if any(c.startswith(("629b.3", "629b.7")) for c in r["clauses"])]
    assert ours and {r["category"] for r in ours} == {"expired"}, run.categories()
    dated = run_suite(tmp_path / "dated", "--profile", "midibaccarat_progressives", "--as-of", "2024-06-01",
                      marks=ours_only)
    assert not dated.failed_clauses and dated.clauses_with("passed") >= {"629b.3(e)(6)", "629b.7(g)(1)"}


def test_a_game_refusing_the_filed_mystery_configuration_fails_and_others_are_not_offered(tmp_path):
    """A scenario that opens a table with another § 631c.6(c)(4) configuration than the
    filed one reports a game that does not implement it as "not offered"; the filed one
    refused is a failure, never "not offered" (tests/games/capability_games.py)."""
    from pathlib import Path

    filed = Path(__file__).parents[2] / "profiles" / "heavenly_9.toml"
    text = filed.read_text()
    profile = tmp_path / "heavenly_9_c2.toml"
    profile.write_text(text.replace('mystery = "B-$5"', 'mystery = "C-$2"'))
    assert profile.read_text() != text
    run = run_suite(tmp_path, "--profile", str(profile), game="tests.games.capability_games:only_mystery_a_one",
                    marks="631c.6.c.4")
    by_config = {}
    for r in run.results:
        for config in ("A-$1", "C-$2", "D-$5"):
            if f"[{config}" in r["nodeid"] or f"-{config}-" in r["nodeid"] or r["nodeid"].endswith(f"{config}]"):
                by_config.setdefault(config, set()).add(r["category"] or r["outcome"])
    assert "adapter error" in by_config.get("C-$2", set()) or "protocol error" in by_config.get("C-$2", set()), \
        (by_config, run.categories())
    assert "not offered" not in by_config.get("C-$2", set()), by_config
    assert by_config.get("D-$5") == {"not offered"}, by_config
