@option.game.baccarat @game_math
Feature: § 631c Side wagers: the game's own par sheet against the exact one
  As for Chapter 631a (631a.13_par_sheet.feature): each house edge the game declares in
  describe (par_sheet, protocol 1.2) for a side wager of Chapter 631c is compared with
  the harness's exact par sheet of the Rules Submission; a figure off by more than 1e-6
  fails the clause that sets the wager's paytable. Lab practice beyond the text. A game
  that declares no par sheet, or none for a wager offered, leaves the clause not
  verified, never passed. Progressive wagers are compared with their meters at reset.

  Background:
    Given the exact par sheet of the Rules Submission
    And the house edges the game declares in describe

  @631c.1.d @option.perfect_pairs
  Scenario: The declared house edges of the Perfect Pairs wagers under the filed paytable are the exact ones
    § 631c.1(d): "The certificate holder shall pay out a winning Perfect Pairs wager at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Then the declared house edge of every perfect_pairs wager is the exact one, to 1e-6

  @631c.2.i @option.heavenly_9
  Scenario: The declared house edge of the Heavenly 9 wager, its meter at the seed, is the exact one
    § 631c.2(i): "If a Heavenly 9 progressive Baccarat wager wins, it shall be paid out based upon the following payable:"
    Interpretation: payable-means-paytable
    Then the declared house edge of every heavenly_9 wager is the exact one, to 1e-6

  @631c.3.h
  Scenario: The declared house edges of the 5 Treasures wagers under the filed paytable are the exact ones
    § 631c.3(h): "If one of the 5 Treasures Baccarat wagers wins, it shall be paid out based upon one of the following paytables"
    Then the declared house edge of every fortune_7, golden_8, heavenly_9_bonus, blazing_7s, cover_all wager is the exact one, to 1e-6

  @631c.4.e @option.lucky_nines @option.fully_automated_table
  Scenario: The declared house edge of the Lucky Nines wager under the filed paytable is the exact one
    § 631c.4(e): "The certificate holder shall pay out winning Lucky Nines wagers at the odds in one of the following payout tables selected by the certificate holder in its Rules Submission"
    Then the declared house edge of every lucky_nines wager is the exact one, to 1e-6

  @631c.7.d @option.majestic_match
  Scenario: The declared house edges of the Majestic Match wagers are the exact ones
    § 631c.7(d): "The certificate holder shall pay out a winning Majestic Match wager at the odds in the following paytable"
    Then the declared house edge of every majestic_match wager is the exact one, to 1e-6

  @631c.5 @option.variant.commission_free
  Scenario: The declared house edges of the commission-free Player and Tie wagers are the exact ones
    § 631c.5(h): "A winning wager made on the player's hand shall be paid at odds of 1 to 1."
    § 631c.5(j): "A winning tie wager shall be paid at odds of 8 to 1."
    Then the declared house edges of the player and tie wagers are the exact ones, to 1e-6, under § 631c.5(h) and § 631c.5(j)

  @631c.5.i @option.variant.commission_free
  Scenario: The declared house edge of the commission-free Banker wager, paid 1 to 2 on a winning six, is the exact one
    § 631c.5(i): "except if the banker's hand wins with a point count of 6, then the winning wager on the banker's hand shall be paid out at odds of 1 to 2."
    Then the declared house edge of every banker wager is the exact one, to 1e-6

  @631c.5.g @option.variant.commission_free
  Scenario: The declared house edges of the Player Pair and Banker Pair wagers are the exact ones
    § 631c.5(g): "A winning pair wager on either the player's hand or banker's hand shall be paid at odds of 11 to 1."
    Then the declared house edge of every player_pair, banker_pair wager is the exact one, to 1e-6

  @631c.5.k.1 @631c.5.k.2 @option.variant.commission_free @option.lucky_six
  Scenario: The declared house edge of the Lucky Six wager is the exact one
    § 631c.5(k)(1): "With only two cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    § 631c.5(k)(2): "With three cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Then the declared house edge of every lucky_six wager is the exact one, to 1e-6
