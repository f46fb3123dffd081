Feature: § 631a.12 Announcement of result of round; payment and collection of wagers
  The dealer's calls and the settlement are read from the round's ordered events:
  announcements, ``collect`` (a losing wager collected), ``pay`` (a winning wager
  paid) and ``vigorish_collected`` / ``vigorish_marked``.

  Background:
    Given a table opened under the Rules Submission

  @631a.12.a @capability.stacked_shoe
  Scenario Outline: The dealer announces the final Point Count of each hand and which hand has won
    § 631a.12(a): "the dealer calling the game shall announce the final Point Count of each hand indicating which hand has won the round."
    Interpretation: 631a.12-a-final-count-of-two-card-hands
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer announces the final Point Count of each hand and the winning hand

    Examples:
      | shoe               | result                          |
      | 7C 3D KH 3S        | Player's Hand 7 against 6       |
      | KC QD JH 7S 6C     | Banker's Hand 7 against 6       |
      | JS QD 3D JC 6H KC  | Player's Hand 9 against 0       |

  @631a.12.a @capability.stacked_shoe
  Scenario Outline: The dealer announces "tie hand" when the Point Counts are equal
    § 631a.12(a): "If the two hands have equal Point Counts, the dealer shall announce “tie hand.”"
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer announces "tie hand" after the last card

    Examples:
      | shoe               | result            |
      | 3C 2D 3H 4S        | 6 against 6       |
      | QC 3D QH 4S 7C     | 7 against 7       |

  @631a.12.a @option.variant.ez_baccarat @capability.stacked_shoe
  Scenario Outline: On an EZ Baccarat table the dealer announces "Dragon 7" or "Panda 8"
    § 631a.12(a): "If the table is designated for play as an EZ Baccarat table and the Point Counts of the Banker’s Hand and the Player’s Hand result in a Dragon 7 or a Panda 8, the dealer shall announce “Dragon 7” or “Panda 8.”"
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer announces "<call>" after the last card

    Examples:
      | shoe               | call     |
      | 2C AD 2H 2S 2D 4C  | Dragon 7 |
      | 2C 3D 2H 3S 4C     | Panda 8  |

  @631a.12.b @capability.stacked_shoe
  Scenario: Losing wagers are collected first
    § 631a.12(b): "After the result of the round is announced, the dealer or dealers responsible for the wagers on the table shall first collect each losing wager."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 4 wagers $10.00 on a Tie
    And seat 5 wagers $20.00 on the Player's Hand
    And seat 7 wagers $15.00 on the Banker's Hand
    And seat 9 wagers $25.00 on the Banker's Hand
    And seat 9 wagers $5.00 on the Player's Hand
    When the round is dealt
    Then every losing wager is collected before any winning wager is paid

  @631a.12.b @capability.stacked_shoe
  Scenario: Winning wagers are paid from the highest-numbered seat down, each seat's vigorish right after its payment
    § 631a.12(b): "starting at the highest numbered player position at which a winning wager is located, pay that player’s winning wager and immediately thereafter mark or collect the vigorish owed by that player unless the table is designated for play as an EZ Baccarat table in which vigorish is not collected."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 4 wagers $10.00 on a Tie
    And seat 5 wagers $20.00 on the Player's Hand
    And seat 7 wagers $15.00 on the Banker's Hand
    And seat 9 wagers $25.00 on the Banker's Hand
    And seat 9 wagers $5.00 on the Player's Hand
    When the round is dealt
    Then the winning wagers are paid from the highest-numbered seat down
    And each seat's vigorish is marked or collected immediately after that seat is paid, unless EZ Baccarat
