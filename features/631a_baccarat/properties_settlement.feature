@property
Feature: Properties of settlement: every wager is settled as §§ 631a.8, 631a.12 and 631a.13 require
  Each scenario lets hypothesis generate a stacked shoe of one round and the wagers
  of several seats (every wager type the Rules Submission offers and the rules
  oracle settles, stakes to the cent within the table limits), deals the round
  through the adapter and compares each wager's settlement with the oracle's,
  judged on the hands the game dealt. A falsifying round is shrunk and reported
  under its clause with a one-line replay command (--replay-example).

  @631a.8 @capability.stacked_shoe @capability.offered_wagers
  Scenario: Every wager of any round wins, loses or ties as § 631a.8(a) says
    § 631a.8: "§ 631a.8. Wagers."
    § 631a.8(a): "The following are permissible wagers in the game of Baccarat:"
    Given any stacked shoe of 6 cards from the decks of the Rules Submission
    When one round is dealt through the adapter with any wagers the Rules Submission offers
    Then every wager is won, lost or tied as § 631a.8(a) says for its hands

  @631a.13 @capability.stacked_shoe @capability.offered_wagers
  Scenario: Every winning wager of any round is paid at the odds of § 631a.13
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    § 631a.13(b): "A winning Tie Wager shall be paid at odds of at least 8 to 1."
    § 631a.13(e): "Winning Dragon Bonus Wagers shall be paid out at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Given any stacked shoe of 6 cards from the decks of the Rules Submission
    When one round is dealt through the adapter with any wagers the Rules Submission offers
    Then every winning wager is paid at the odds § 631a.13 sets

  @631a.13.c @capability.stacked_shoe @capability.offered_wagers
  Scenario: The vigorish of any round is 5% of a winning Banker wager, rounded as the Rules Submission says
    § 631a.13(c): "the certificate holder shall extract a vigorish from the winning players in an amount equal to 5% of the amount won, unless the certificate holder is offering EZ Baccarat in which vigorish is not collected. When collecting the vigorish, the certificate holder may round off the vigorish to 25¢ or the next highest multiple of 25¢."
    Given any stacked shoe of 6 cards from the decks of the Rules Submission
    When one round is dealt through the adapter with any wagers the Rules Submission offers
    Then the vigorish on every wager is as § 631a.13(c) sets

  @631a.12.b @capability.stacked_shoe @capability.offered_wagers
  Scenario: Money is conserved in any round: losers collected first, then winners paid from the highest seat down
    § 631a.12(b): "the dealer or dealers responsible for the wagers on the table shall first collect each losing wager. After the losing wagers are collected, the dealer or dealers responsible for the wagers on the table shall, starting at the highest numbered player position at which a winning wager is located, pay that player’s winning wager and immediately thereafter mark or collect the vigorish owed by that player"
    Given any stacked shoe of 6 cards from the decks of the Rules Submission
    When one round is dealt through the adapter with any wagers the Rules Submission offers
    Then every round collects each losing wager, then pays each seat from the highest down, and every dollar wagered is collected or returned
