@game_math
Feature: § 627b Minibaccarat side wagers: the game's own par sheet against the exact one
  As for Chapter 631a (631a.13_par_sheet.feature): each house edge the game declares in
  describe (par_sheet, protocol 1.2) for a wager of Chapter 627b is compared with the
  harness's exact par sheet of the Rules Submission; a figure off by more than 1e-6
  fails the clause that sets the wager's odds. Lab practice beyond the text. A game
  that declares no par sheet, or none for a wager offered, leaves the clause not
  verified, never passed.

  Background:
    Given the exact par sheet of the Rules Submission
    And the house edges the game declares in describe

  @627b.1.e @option.variant.minibaccarat @option.perfect_pairs
  Scenario: The declared house edges of the Perfect Pairs wagers under the filed paytable are the exact ones
    § 627b.1(e): "The certificate holder shall pay out winning Perfect Pairs wagers at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Then the declared house edge of every perfect_pairs wager is the exact one, to 1e-6

  @627b.2.i @option.variant.minibaccarat @option.commission_free
  Scenario: The declared house edge of the commission-free Banker wager, paid 1 to 2 on a winning six, is the exact one
    § 627b.2(i): "except if the Banker's Hand wins with a Point Count of 6, then the winning wager on the Banker's Hand shall be paid out at odds of 1 to 2."
    Then the declared house edge of every banker wager is the exact one, to 1e-6

  @627b.2.g @option.variant.minibaccarat @option.commission_free
  Scenario: The declared house edges of the Player Pair and Banker Pair wagers are the exact ones
    § 627b.2(g): "Winning Pair wagers on either the Player's Hand or Banker's Hand shall be paid at odds of 11 to 1."
    Then the declared house edge of every player_pair, banker_pair wager is the exact one, to 1e-6

  @627b.2.k.1 @627b.2.k.2 @option.variant.minibaccarat @option.commission_free @option.lucky_six
  Scenario: The declared house edge of the Lucky Six wager is the exact one
    § 627b.2(k)(1): "With only two cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    § 627b.2(k)(2): "With three cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Then the declared house edge of every lucky_six wager is the exact one, to 1e-6
