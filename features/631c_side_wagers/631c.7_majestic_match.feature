@option.game.baccarat @option.majestic_match
Feature: § 631c.7 Majestic Match wager
  A wager on the Player's Hand, the Banker's Hand or both, placed with or without a
  Baccarat wager, that the hand's initial two cards are suited: 25 to 1 for a suited
  king and queen (Royal Match), 2.5 to 1 for any other two suited cards (Suited Match).
  "2.5 to 1" is exact: a $10.00 wager wins $25.00 and $35.00 is returned. Settled after
  the initial cards, before any third card. No scenario places a Baccarat wager.

  @631c.7.d @631c.7.e.def.Royal_Match @capability.stacked_shoe
  Scenario Outline: A Royal Match is paid 25 to 1
    § 631c.7(e)[Royal Match]: "Royal Match—The initial two cards dealt to the player or banker that are a king and queen of the same suit."
    § 631c.7(d): "The certificate holder shall pay out a winning Majestic Match wager at the odds in the following paytable"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Majestic Match on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Majestic Match on the <hand> wins at 25 to 1

    Examples:
      | hand          | shoe              | cards                       |
      | Player's Hand | KH 2C QH 7D 5C 6D | king then queen of hearts   |
      | Banker's Hand | 2C QS 7D KS 5C 6D | queen then king of spades   |

  @631c.7.d @631c.7.e.def.Suited_Match @capability.stacked_shoe
  Scenario Outline: A Suited Match is paid 2.5 to 1, to the cent
    § 631c.7(e)[Suited Match]: "Suited Match—The initial two cards dealt to the player or banker that are of the same suit but are not a king and queen."
    § 631c.7(d): "The certificate holder shall pay out a winning Majestic Match wager at the odds in the following paytable"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers <stake> on Majestic Match on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Majestic Match on the <hand> wins at 2.5 to 1

    Examples:
      | hand          | shoe              | stake  | cards                                  |
      | Player's Hand | JH 2C QH 7D 5C 6D | $10.00 | jack and queen of hearts               |
      | Banker's Hand | 2C 4H 7D 4H 5C 6D | $10.00 | two 4s of hearts                       |
      | Player's Hand | KH 2C KH 7D 5C 6D | $3.00  | two kings of hearts: no king and queen |

  @631c.7.c.1 @capability.stacked_shoe
  Scenario: Majestic Match wagers on both hands are both paid when both hands match
    § 631c.7(c)(1): "If a player placed a Majestic Match wager on both the player's hand and banker's hand, and both the player's hand and banker's hand contain a Royal Match or Suited Match, the player shall receive a payout in accordance with subsection (d) for both winning hands."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with KD 3S QD 6S 5C 6D
    And seat 3 wagers $10.00 on Majestic Match on the Player's Hand
    And seat 3 wagers $10.00 on Majestic Match on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on Majestic Match on the Player's Hand wins at 25 to 1
    And the wager of seat 3 on Majestic Match on the Banker's Hand wins at 2.5 to 1

  @631c.7.c.2 @capability.stacked_shoe
  Scenario Outline: A Majestic Match wager on a hand whose initial two cards are not suited is collected
    § 631c.7(c)(2): "Do not contain a Royal Match or Suited Match, the dealer shall collect the Majestic Match wager."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Majestic Match on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Majestic Match on the <hand> loses

    Examples:
      | hand          | shoe              | cards                                      |
      | Player's Hand | KH 2C QS 7D 5C 6D | a king and a queen of different suits      |
      | Banker's Hand | KH 2C QH 7D 5C 6D | only the Player's Hand is suited           |

  @631c.7.b @capability.stacked_shoe
  Scenario: A Majestic Match wager is placed and paid without a Baccarat wager
    § 631c.7(b): "offer to each player the option of placing a Majestic Match wager on the player's hand or the banker's hand, or both, without the necessity of placing a Baccarat wager"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with KH 2C QH 7D 5C 6D
    And seat 5 wagers $10.00 on Majestic Match on the Player's Hand
    When the round is dealt
    Then the wager of seat 5 on Majestic Match on the Player's Hand wins at 25 to 1

  @631c.7.c @capability.stacked_shoe
  Scenario: Majestic Match wagers are settled after the initial cards and before any third card
    § 631c.7(c): "the dealer shall announce the point count of the player's hand and the banker's hand and shall settle a Majestic Match wager by collecting all losing wagers and paying all winning wagers"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2H KC 3H QC 5C 6D
    And seat 3 wagers $10.00 on Majestic Match on the Player's Hand
    And seat 3 wagers $10.00 on Majestic Match on the Banker's Hand
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the wager of seat 3 on Majestic Match on the Player's Hand is settled before any third card is dealt
    And the wager of seat 3 on Majestic Match on the Banker's Hand is settled before any third card is dealt

  @631c.7 @capability.stacked_shoe
  Scenario: Majestic Match settlement over many dealt rounds agrees with the paytable
    § 631c.7(b): "The Majestic Match wager shall win if the initial two cards dealt to the player's hand or banker's hand, or both, contain a Royal Match or Suited Match."
    When rounds are dealt from stacked shoes with every offered wager of § 631c.7 placed
    Then every wager of § 631c.7 is settled as the paytable says

  @631c.7.d @capability.stacked_shoe
  Scenario Outline: A winning Majestic Match wager is paid at the paytable's odds on every class of initial cards and at every stake its odds pay in whole cents
    § 631c.7(d): "The certificate holder shall pay out a winning Majestic Match wager at the odds in the following paytable"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: both hands
      | wager |
      | Majestic Match on the Player's Hand |
      | Majestic Match on the Banker's Hand |
