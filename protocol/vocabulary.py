"""Closed vocabularies of the protocol: capabilities a game declares, Rules
Submission options a scenario can depend on, and wager type names.

Scenario tags ``@capability.NAME`` and ``@option.NAME`` must use these names (they
are registered as pytest markers, and ``--strict-markers`` rejects anything else).
"""

WAGER_TYPES = (
    # 58 Pa. Code § 631a.8(a)
    "banker", "player", "tie", "dragon_bonus", "dragon_7", "panda_8", "house_money",
    # Ch. 631c
    "perfect_pairs", "heavenly_9", "fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all",
    "lucky_nines", "player_pair", "banker_pair", "lucky_six", "majestic_match",
    # Ch. 629b / 627b
    "royal_9", "rising_phoenix_bonus", "golden_talons", "harmony",
)

CAPABILITIES = (
    "stacked_shoe",      # start_shoe accepts an exact card sequence (test mode)
    "shoe_disclosure",   # start_shoe returns the whole stack
    "seeded_shuffle",    # start_shoe honours seed
    "batch",             # run_rounds
    "irregularities",    # deal_round accepts an irregularity to stage
    "player_leaves",     # player_leaves
    "progressive",       # read_meters reports progressive meters
) + tuple(f"wager.{w}" for w in WAGER_TYPES)

OPTIONS = WAGER_TYPES + (
    "variant.baccarat", "variant.ez_baccarat", "variant.commission_free", "variant.midibaccarat",
    "variant.minibaccarat", "variant.rising_phoenix",
    "reveal.c", "reveal.d",
    "vigorish.at_payout", "vigorish.tracked",
    "irregularity.1", "irregularity.2",
    "fully_automated_table", "vigorish_rounding", "commission_free",
    "game.baccarat",  # any variant of Baccarat as described in Ch. 631a (baccarat, ez_baccarat, commission_free)
)
