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

#: The wagers of every variant (§ 631a.8(a)): placing one needs no capability (a game
#: that cannot take them fails; it is not "not verified"). Every other wager type W
#: needs capability ``wager.W``.
CORE_WAGERS = frozenset({"banker", "player", "tie"})

CAPABILITIES = (
    "stacked_shoe",      # start_shoe accepts an exact card sequence (test mode)
    "shoe_disclosure",   # start_shoe returns the whole stack
    "seeded_shuffle",    # start_shoe honours seed
    "batch",             # run_rounds
    "batch_hands",       # run_rounds honours hands_only (since 1.2)
    "batch_shoes",       # play_shoes: shoes of the game's own shuffle played in one request (since 1.3)
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
    # Ch. 629b: § 629b.4 alternative card reveal, § 629b.5(b) standard commission or commission-free
    "alternative_card_reveal", "commission.standard", "commission.commission_free",
    "dragon_bonus.paytable.A", "dragon_bonus.paytable.B", "dragon_bonus.paytable.C",  # § 631a.13(e)
)

# § 629b.5(g)(4): the twenty Rising Phoenix Bonus wagers, the ``option`` of wager type
# ``rising_phoenix_bonus``. Each name is the row of the § 629b.5(h)(2) odds table ("Hand"
# column) in snake case, any parenthesised words left out: "Sun 7" -> ``sun_7``,
# "Player pair (initial two cards)" -> ``player_pair``. In (g)(4) order, (i) to (xx).
RISING_PHOENIX_BONUSES = (
    "sun_7", "moon_8", "9_over_7", "2_card_8_over_2_card_1", "player_win_with_a_3_card_6",
    "banker_win_with_1_or_2", "player_and_banker_have_an_8_or_9", "1_over_0", "3_card_6_over_3_card_3",
    "3_card_8_over_3_card_0", "banker_win_over_a_2_card_7", "3_card_9_over_3_card_6", "3_card_9_over_3_card_8",
    "player_win_with_a_3_card_8_over_3_card_0", "tie_with_0", "tie_with_1_2_or_3", "tie_with_4_5_6_or_7",
    "tie_with_8_or_9", "player_pair", "banker_pair",
)

WAGER_OPTIONS = {
    "rising_phoenix_bonus": RISING_PHOENIX_BONUSES,
}
"""Wager types whose ``option`` is a closed list: wager type -> the accepted options."""

#: The ``type`` of every event a game reports (``Event``; docs/protocol.md "Events"), in
#: the order of the table there. A game may add its own, prefixed ``x_``.
EVENT_TYPES = (
    "announcement", "card", "reveal", "irregularity", "collect", "pay", "push", "return", "house_money_added",
    "vigorish_collected", "vigorish_marked", "meter", "jackpot", "shoe_offered", "shoe_accepted", "shoe_passed",
    "cover_card", "new_decks",
)

#: Where a card taken from the dealing shoe went (``DealtCard.to``, the ``to`` of a ``card`` event).
CARD_DESTINATIONS = ("player", "banker", "burn", "discard", "simulated", "next_round")

#: The irregularities a game with capability ``irregularities`` stages (§ 631a.15).
IRREGULARITY_KINDS = ("card_drawn_in_error", "player_third_card_in_error", "card_face_up")

#: ``WagerResult.outcome``: the paytable row that settled a wager, per wager type
#: (docs/protocol.md "Outcome names"). Informative: the harness quotes it and never judges
#: it. A wager type not listed reports no outcome (``null``); the ``option`` of a Rising
#: Phoenix Bonus wager is its outcome.
OUTCOMES: dict[str, tuple[str, ...]] = {
    # a Banker wager that is not paid 1 to 1: EZ Baccarat's push on a three-card Banker 7
    # (§ 631a.13(f)); commission-free Baccarat's Banker 6 at 1 to 2 (§ 631c.5); commission-free
    # Rising Phoenix's push on a three-card Banker 7 (§ 629b.5(b))
    "banker": ("dragon_7", "banker_six", "three_card_7"),
    "dragon_bonus": ("natural_winner", "natural_tie", "natural_loser", "win_by_4", "win_by_5", "win_by_6",
                     "win_by_7", "win_by_8", "win_by_9"),
    "house_money": ("one_pair", "both_pairs"),
    "perfect_pairs": ("perfect_pair", "colored_pair", "mixed_pair"),
    "heavenly_9": ("suited_tie", "same_color_tie", "tie", "banker_3_card_9", "player_3_card_9"),
    "fortune_7": ("fortune_7",),
    "golden_8": ("golden_8",),
    "heavenly_9_bonus": ("heavenly_9_both", "heavenly_9_either"),
    "blazing_7s": ("blazing_7s_2_card", "blazing_7s_3_card"),
    "cover_all": ("cover_all",),
    "lucky_nines": ("four_nines", "three_nines_same_suit", "three_nines", "two_nines_same_suit", "two_nines",
                    "one_nine_diamonds", "one_nine"),
    "player_pair": ("pair",),
    "banker_pair": ("pair",),
    "lucky_six": ("lucky_six_2_cards", "lucky_six_3_cards"),
    "majestic_match": ("royal_match", "suited_match"),
    "royal_9": ("mega", "major", "minor", "mega_envy", "suited_tie", "tie", "any_suited", "any"),
    "rising_phoenix_bonus": RISING_PHOENIX_BONUSES,
    "golden_talons": ("natural_win", "natural_tie", "win_by_4", "win_by_5", "win_by_6", "win_by_7", "win_by_8",
                      "win_by_9"),
    "harmony": ("six_of_a_kind", "four_8s", "four_of_a_kind", "six_zero", "tie_0", "tie_1_5", "tie_6_9",
                "same_color", "any_tie", "four_card", "five_card", "six_card"),
}
