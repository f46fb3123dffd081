@game_math
Feature: § 631a.13 Payout odds: the game's own par sheet against the exact one
  A game may declare its own house edge of each wager and paytable in describe
  (par_sheet, protocol 1.2). Each declared figure is compared with the harness's exact
  par sheet of the Rules Submission (cards without replacement from a full shoe of the
  filed number of decks, settled by the regulation's odds; `baccarat-conformance
  par-sheet`): a figure off by more than 1e-6 fails the clause that sets the wager's
  odds. Comparing a vendor's par sheet is lab practice beyond the text of the
  regulation, which sets the odds, not the house edge. A game that declares no par
  sheet, or none for a wager offered, leaves the clause not verified, never passed.

  Background:
    Given the exact par sheet of the Rules Submission
    And the house edges the game declares in describe

  @631a.13.a @option.variant.baccarat
  Scenario: The declared house edge of the Player wager is the exact one
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Then the declared house edge of every player wager is the exact one, to 1e-6

  @631a.13.b @option.variant.baccarat
  Scenario: The declared house edge of the Tie wager is the exact one
    § 631a.13(b): "A winning Tie Wager shall be paid at odds of at least 8 to 1."
    Then the declared house edge of every tie wager is the exact one, to 1e-6

  @631a.13.a @option.variant.ez_baccarat
  Scenario: The declared house edge of the Player wager on an EZ Baccarat table is the exact one
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Then the declared house edge of every player wager is the exact one, to 1e-6

  @631a.13.b @option.variant.ez_baccarat
  Scenario: The declared house edge of the Tie wager on an EZ Baccarat table is the exact one
    § 631a.13(b): "A winning Tie Wager shall be paid at odds of at least 8 to 1."
    Then the declared house edge of every tie wager is the exact one, to 1e-6

  @631a.13.c @option.variant.baccarat
  Scenario: The declared house edge of the Banker wager, less its 5% vigorish, is the exact one
    § 631a.13(c): "A winning wager made on the Banker's Hand shall be paid at odds of 1 to 1, except that the certificate holder shall extract a vigorish from the winning players in an amount equal to 5% of the amount won"
    Then the declared house edge of every banker wager is the exact one, to 1e-6

  @631a.13.c @option.variant.ez_baccarat
  Scenario: The declared house edge of the EZ Baccarat Banker wager is the exact one
    § 631a.13(c): "unless the certificate holder is offering EZ Baccarat in which vigorish is not collected."
    Then the declared house edge of every banker wager is the exact one, to 1e-6

  @631a.13.e @option.dragon_bonus
  Scenario: The declared house edges of the Dragon Bonus wagers under the filed paytable are the exact ones
    § 631a.13(e): "Winning Dragon Bonus Wagers shall be paid out at the odds in one of the following paytables selected by the certificate holder in its Rules Submission filed in accordance with § 601a.2:"
    Then the declared house edge of every dragon_bonus wager is the exact one, to 1e-6

  @631a.13.f @option.variant.ez_baccarat
  Scenario: The declared house edge of the Dragon 7 Insurance Wager is the exact one
    § 631a.13(f): "A winning Dragon 7 Insurance Wager, as described in § 631a.8(a)(5), shall be paid out at odds of 40 to 1."
    Then the declared house edge of every dragon_7 wager is the exact one, to 1e-6

  @631a.13.g @option.variant.ez_baccarat
  Scenario: The declared house edge of the Panda 8 Insurance Wager is the exact one
    § 631a.13(g): "A winning Panda 8 Insurance Wager, as described in § 631a.8(a)(6), shall be paid at odds of 25 to 1."
    Then the declared house edge of every panda_8 wager is the exact one, to 1e-6

  @631a.13.h @option.house_money
  Scenario: The declared house edge of the House Money Wager, its payout taken, is the exact one
    § 631a.13(h): "If a certificate holder offers the House Money Wager and the player elects to take the payout, the player shall be paid in accordance with the following payable:"
    Interpretation: payable-means-paytable
    Then the declared house edge of every house_money wager is the exact one, to 1e-6
