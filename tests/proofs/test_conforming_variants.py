"""The conforming variants of tests/games/conforming_variants.py pass every scenario they are
run under: where the regulation or docs/protocol.md leaves a choice, the harness accepts
each choice (no false alarm)."""

from __future__ import annotations

import pytest

from tests.proofs.reference_runs import NOT_DEALING_PROPERTIES as NOT_DEALING  # the vigorish choices change no card dealt

# Tracked vigorish with 25¢ rounding: no bundled profile combines the two.
TRACKED_ROUNDED = "tests/games/profiles/tracked_rounded_vigorish.toml"


# a variant's generator drawing every hit value at the minimum is not random (§ 631c.6(c)(3),
# interpretation mystery-hit-value-random: tests/games/broken_games_progressives.py's
# mystery_hit_value_always_minimum), which a scenario of its own judges
NOT_UNIFORM = ("-k", "not at_random_between")
VARIANTS = {
    # game -> (profile, the scenarios its choice shows in, property scenarios included[, arguments])
    "vigorish_fraction_rounded_down": ("tracked_vigorish", f"(631a.13 or 631a.12 or property) and {NOT_DEALING}"),
    "simulated_card_reported_when_dealt": ("tracked_vigorish", "631a.15"),
    "lucky_six_tie_on_six_returned": ("commission_free", "631c.5"),
    "empty_seats_mean_no_seats": ("baccarat", "631a.8 or 631a.13"),
    # every round's contribution takes the mystery meter past its hit value: paid and reseeded
    "mystery_hit_value_at_the_minimum": ("heavenly_9", "(631c.6 or 631c.2) and not property", NOT_UNIFORM),
    "mystery_hit_value_at_the_minimum[629b]": ("midibaccarat_progressives", "629b.3 and not property",
                                               NOT_UNIFORM + ("--include-expired",)),
    "mystery_hit_value_at_the_minimum[627b]": ("minibaccarat_royal_9_mystery", "627b.3 and not property",
                                               NOT_UNIFORM + ("--include-expired",)),
    # a skewed but random hit value (the larger of two uniform draws) keeps § 631c.6(c)(3) as the
    # text reads it (interpretation mystery-hit-value-random), in every scenario of § 631c.6
    "mystery_hit_value_larger_of_two": ("heavenly_9", "631c.6 and not property"),
    "mystery_hit_value_larger_of_two[629b]": ("midibaccarat_progressives", "629b.3 and not property",
                                              ("--include-expired",)),
    # one round's contributions reach the mystery meter last placed first: another seat wins it
    "mystery_contributions_in_reverse": ("midibaccarat_progressives", "629b.3 and not property",
                                         NOT_UNIFORM + ("--include-expired",)),
    # a suited personal King 9 against a suited Royal 9 paid the $1,500 tie award, not a $450 jackpot meter
    "royal_9_pays_the_larger_award": ("midibaccarat_progressives", "629b.3 and not property", ("--include-expired",)),
    "royal_9_pays_the_larger_award[627b]": ("minibaccarat_royal_9", "627b.3 and not property", ("--include-expired",)),
    # a shuffle and a cut of its own, from a seed: the cut of § 631a.5(d) and the statistics
    # check the declared seeded_shuffle and see the cut through it
    "shuffle_of_its_own": ("baccarat", "631a.5 or statistics"),
    # a round its shoe cannot complete is void before a card is dealt (§ 631a.15(e),
    # interpretation 631a.15-e-void-before-dealing), every wager returned
    "void_round_deals_nothing": ("baccarat", "631a.15 or property"),
    # tracked vigorish with 25¢ rounding: each win's exact 5% marked, the total rounded when
    # collected (§ 631a.13(c), interpretation 631a.13-c-round-up-to-25c)
    "vigorish_rounded_when_collected": (TRACKED_ROUNDED, f"(631a.13 or property) and {NOT_DEALING}"),
    # § 631a.13(d)(2) "At a later time": tracked vigorish collected whole at the seat's next
    # round, the rest before a new dealing shoe or when the player leaves
    "tracked_vigorish_collected_next_round": ("tracked_vigorish", "631a.13"),
    # § 631a.5(d): the second cover card "at least 14 cards above the bottom", here half way
    # down: shoes of about 40 rounds, accounted and ended where § 631a.10(d) ends them
    "second_cover_card_high": ("baccarat", "631a.5 or 631a.10 or statistics"),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_conforming_variant_passes(must_pass, variant):
    # the runs: tests/proofs/reference_runs.py, batch "variants" (one fork a variant)
    run = must_pass(f"variant@{variant}")
    assert run.returncode == 0 and not run.failed_clauses, \
        (variant, VARIANTS[variant][0], sorted(run.failed_clauses), run.failure_categories(), run.output)
    assert any(r["outcome"] == "passed" for r in run.results)
    assert not [r for r in run.results if r["outcome"] != "passed" and r["category"] not in ("not offered", "expired")], \
        run.categories()
