@option.variant.commission_free
Feature: § 631c.5 Commission-free Baccarat
  Baccarat with no commission: a winning Banker wager is paid 1 to 2 when the Banker's
  Hand wins with six and 1 to 1 otherwise; Player Pair and Banker Pair pay 11 to 1 and
  are settled before any third card; Lucky Six pays 12 to 1 (two cards) or 20 to 1
  (three cards); Tie pays 8 to 1; the dealer announces "Lucky Six".

  @631c.5.c.1 @631c.5.g @option.player_pair @capability.stacked_shoe
  Scenario Outline: A Player Pair wager wins 11 to 1 when the Player's initial two cards are a pair
    § 631c.5(c)(1): "Player Pair wager, which shall win if the initial two cards dealt to the player's hand are a pair such as two nines or two queens"
    § 631c.5(g): "A winning pair wager on either the player's hand or banker's hand shall be paid at odds of 11 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Player Pair
    When the round is dealt
    Then the wager of seat 3 on Player Pair wins at 11 to 1

    Examples:
      | shoe              | pair       |
      | QH 2C QS 7D 5C 6D | two queens |
      | 9C 2C 9D 3D 5C 6D | two nines  |

  @631c.5.c.1 @option.player_pair @capability.stacked_shoe
  Scenario Outline: A Player Pair wager loses when the Player's initial two cards are not a pair
    § 631c.5(c)(1): "shall lose if the initial two cards dealt to the player's hand are not a pair."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Player Pair
    When the round is dealt
    Then the wager of seat 3 on Player Pair loses

    Examples:
      | shoe               | cards                                  |
      | 10S 2C KS 7D 5C 6D | a 10 and a king, both worth zero       |
      | 2C 4H 7D 4D 5C 6D  | only the Banker's Hand is a pair       |

  @631c.5.c.2 @631c.5.g @option.banker_pair @capability.stacked_shoe
  Scenario Outline: A Banker Pair wager wins 11 to 1 when the Banker's initial two cards are a pair
    § 631c.5(c)(2): "Banker Pair wager, which shall win if the initial two cards dealt to the banker's hand are a pair"
    § 631c.5(g): "A winning pair wager on either the player's hand or banker's hand shall be paid at odds of 11 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Banker Pair
    When the round is dealt
    Then the wager of seat 3 on Banker Pair wins at 11 to 1

    Examples:
      | shoe              | pair       |
      | 2C QH 7D QS 5C 6D | two queens |
      | 2C 4H 7D 4S 5C 6D | two 4s     |

  @631c.5.c.2 @option.banker_pair @capability.stacked_shoe
  Scenario Outline: A Banker Pair wager loses when the Banker's initial two cards are not a pair
    § 631c.5(c)(2): "shall lose if the initial two cards dealt to the banker's hand are not a pair."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Banker Pair
    When the round is dealt
    Then the wager of seat 3 on Banker Pair loses

    Examples:
      | shoe               | cards                                  |
      | 2C 10H 7D KH 5C 6D | a 10 and a king, both worth zero       |
      | 4H 2C 4D 7D 5C 6D  | only the Player's Hand is a pair       |

  @631c.5.d @option.player_pair @option.banker_pair @capability.stacked_shoe
  Scenario: Pair wagers are settled before any third card is dealt
    § 631c.5(d): "If any player placed a Player or Banker Pair wager, the wager shall be settled prior to dealing a third card to the player's hand or banker's hand."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2H 5C 2D 5S KC 9D
    And seat 3 wagers $10.00 on Player Pair
    And seat 3 wagers $10.00 on Banker Pair
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the wager of seat 3 on Player Pair is settled before any third card is dealt
    And the wager of seat 3 on Banker Pair is settled before any third card is dealt
    And the wager of seat 3 on Player Pair wins at 11 to 1
    And the wager of seat 3 on Banker Pair wins at 11 to 1

  @631c.5.c.3 @631c.5.k.1 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six pays 12 to 1 when the Banker's Hand wins with a two-card six
    § 631c.5(k)(1): "With only two cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 2S 3H 5C
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the Banker's Hand is 4D 2S with a Point Count of 6
    And the wager of seat 3 on Lucky Six wins at 12 to 1

  @631c.5.c.3 @631c.5.k.2 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six pays 20 to 1 when the Banker's Hand wins with a three-card six
    § 631c.5(k)(2): "With three cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2H KC 3H QC 5C 6D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the Banker's Hand is KC QC 6D with a Point Count of 6
    And the wager of seat 3 on Lucky Six wins at 20 to 1

  @631c.5.c.3.i @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six loses when the Banker's six is lower than the Player's Point Count
    § 631c.5(c)(3)(i): "The point count of the banker's hand is a six but is lower than the point count of the player's hand."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 7C 4D KD 2S 5C 6D
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses

  @631c.5.c.3.ii @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six loses when the Banker's Point Count is not six
    § 631c.5(c)(3)(ii): "The point count of the banker's hand is not a six."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 3S 3H 5C
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses

  @631c.5.c.3 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six does not win when the hands tie on six: lost or returned
    § 631c.5(c)(3): "which shall win if the point count of the banker's hand is a six and is higher than the point count of the player's hand"
    Interpretation: 631c.5-c-3-lucky-six-tie-on-six
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 6C 4D KD 2S 5C 6D
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses or is returned

  @631c.5.i @631c.5.a @capability.stacked_shoe
  Scenario Outline: A Banker's Hand winning with six is paid 1 to 2, with no commission
    § 631c.5(i): "except if the banker's hand wins with a point count of 6, then the winning wager on the banker's hand shall be paid out at odds of 1 to 2."
    § 631c.5(a): "in which no commission is collected."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers <stake> on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 2
    And no vigorish is charged to seat 3

    Examples:
      | shoe              | stake  | six          |
      | 2C 4D KD 2S 3H 5C | $10.00 | two cards    |
      | 2H KC 3H QC 5C 6D | $25.00 | three cards  |

  @631c.5.i @631c.5.a @capability.stacked_shoe
  Scenario: A Banker's Hand winning with another Point Count is paid 1 to 1, with no commission
    § 631c.5(i): "A winning wager made on the banker's hand shall be paid at odds of 1 to 1"
    § 631c.5(a): "in which no commission is collected."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 3S 3H 5C
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the Banker's Hand is 4D 3S with a Point Count of 7
    And the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And no vigorish is charged to seat 3

  @631c.5.h @capability.stacked_shoe
  Scenario: A winning wager on the Player's Hand is paid 1 to 1
    § 631c.5(h): "A winning wager made on the player's hand shall be paid at odds of 1 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 7C 4D KD 2S 5C 6D
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1

  @631c.5.j @631c.5.c @capability.stacked_shoe
  Scenario: A winning Tie wager is paid 8 to 1 and a Banker wager pushes
    § 631c.5(j): "A winning tie wager shall be paid at odds of 8 to 1."
    § 631c.5(c): "In addition to the wager on the player's hand, banker's hand and tie hand, which shall win or lose as provided in § 631a.8(a)(1)—(3)"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 6C 4D KD 2S 5C 6D
    And seat 3 wagers $10.00 on a Tie
    And seat 4 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on a Tie wins at 8 to 1
    And the wager of seat 4 on the Banker's Hand pushes

  @631c.5.e @capability.stacked_shoe
  Scenario Outline: The dealer announces "Lucky Six" when the Banker's Hand wins with six
    § 631c.5(e): "If the point counts of the banker's hand and player's hand results in a Lucky Six, the dealer shall announce "Lucky Six.""
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer's announcements include "Lucky Six"

    Examples:
      | shoe              | six         |
      | 2C 4D KD 2S 3H 5C | two cards   |
      | 2H KC 3H QC 5C 6D | three cards |

  @631c.5.e @capability.stacked_shoe
  Scenario Outline: The dealer does not announce "Lucky Six" unless the Banker's Hand wins with six
    § 631c.5(e): "If the point counts of the banker's hand and player's hand results in a Lucky Six, the dealer shall announce "Lucky Six.""
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer's announcements do not include "Lucky Six"

    Examples:
      | shoe              | result                          |
      | 7C 4D KD 2S 5C 6D | the Banker's six loses          |
      | 6C 4D KD 2S 5C 6D | the hands tie on six            |
      | 2C 4D KD 3S 3H 5C | the Banker's Hand wins with 7   |

  @631c.5.f @option.lucky_six @capability.stacked_shoe
  Scenario: Losing wagers are collected first, then winners are paid from the highest-numbered seat down
    § 631c.5(f): "After the result of the round is announced, the dealer shall first collect each losing wager. After the losing wagers are collected, starting at the highest numbered player position at which a winning wager is located, the dealer shall pay that player's winning wager."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 2S 3H 5C
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 5 wagers $5.00 on Lucky Six
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 7 wagers $10.00 on a Tie
    And seat 4 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the losing wagers are collected before any winning wager is paid
    And the winning wagers are paid from the highest-numbered seat down
    And the wager of seat 5 on Lucky Six wins at 12 to 1
    And the wager of seat 4 on the Banker's Hand wins at 1 to 2

  @631c.5 @capability.stacked_shoe @capability.wager.banker_pair @capability.wager.lucky_six @capability.wager.player_pair
  Scenario: Commission-free settlement over many dealt rounds agrees with the odds of the section
    § 631c.5(a): "If specified in its Rules Submission, a certificate holder may offer commission-free Baccarat in which no commission is collected."
    Interpretation: 631c.5-c-3-lucky-six-tie-on-six
    When rounds are dealt from stacked shoes with every offered wager of § 631c.5 placed
    Then every wager of § 631c.5 is settled as the paytable says

  @631c.5.g @capability.stacked_shoe @capability.wager.player_pair @option.player_pair
  Scenario: A winning pair wager is paid at 11 to 1 on every class of initial cards and at every stake residue (Player Pair)
    § 631c.5(g): "A winning pair wager on either the player's hand or banker's hand shall be paid at odds of 11 to 1."
    Given every class of cards the rule of the wager on Player Pair distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Player Pair of the sweep is paid as the scenario's clause says

  @631c.5.g @capability.stacked_shoe @option.banker_pair
  Scenario: A winning pair wager is paid at 11 to 1 on every class of initial cards and at every stake residue (Banker Pair)
    § 631c.5(g): "A winning pair wager on either the player's hand or banker's hand shall be paid at odds of 11 to 1."
    Given every class of cards the rule of the wager on Banker Pair distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Banker Pair of the sweep is paid as the scenario's clause says

  @631c.5.h @capability.stacked_shoe
  Scenario: A winning commission-free Player wager is paid at 1 to 1 on every class of cards and at every stake residue
    § 631c.5(h): "A winning wager made on the player's hand shall be paid at odds of 1 to 1."
    Given every class of cards the rule of the wager on the Player's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on the Player's Hand of the sweep is paid as the scenario's clause says

  @631c.5.i @capability.stacked_shoe
  Scenario: A winning commission-free Banker wager is paid at 1 to 1, or 1 to 2 on a six, on every class of cards and at every stake its odds pay in whole cents
    § 631c.5(i): "A winning wager made on the banker's hand shall be paid at odds of 1 to 1"
    § 631c.5(i): "except if the banker's hand wins with a point count of 6, then the winning wager on the banker's hand shall be paid out at odds of 1 to 2."
    Given every class of cards the rule of the wager on the Banker's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on the Banker's Hand of the sweep is paid as the scenario's clause says

  @631c.5.j @capability.stacked_shoe
  Scenario: A winning commission-free tie wager is paid at 8 to 1 on every class of cards and at every stake residue
    § 631c.5(j): "A winning tie wager shall be paid at odds of 8 to 1."
    Given every class of cards the rule of the wager on a Tie distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on a Tie of the sweep is paid as the scenario's clause says

  @631c.5.k @option.lucky_six @capability.stacked_shoe
  Scenario: A winning Lucky Six wager is paid at 12 to 1 or 20 to 1 on every class of cards and at every stake residue
    § 631c.5(k): "When the banker's hand wins with a total of six points:"
    § 631c.5(k)(1): "With only two cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    § 631c.5(k)(2): "With three cards dealt to the banker's hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Given every class of cards the rule of the wager on Lucky Six distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Lucky Six of the sweep is paid as the scenario's clause says
