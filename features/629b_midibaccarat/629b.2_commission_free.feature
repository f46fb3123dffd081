@option.variant.midibaccarat @option.commission_free
Feature: § 629b.2 Commission-free Midibaccarat
  Commission-free Midibaccarat, checked with the steps and oracle of § 631c.5. Chapter 629b
  is a temporary regulation that expired on 2024-09-04: its scenarios are reported
  "expired" unless the run has --include-expired or an --as-of date before then.
  Chapter 629a is not in the corpus: the harness applies the base-game rules of
  Chapter 631a (interpretation 627a-629a-base-game-is-631a).
  The text of § 629b.2 is garbled: (h) is cut off after "1 to", the Tie odds
  subsection is printed "(i)" a second time (corpus id 629b.2(j)) and referred to as
  "(k)", and "(1)" stands for "(l)"; scenarios name the readings applied.

  @629b.2.c.1 @629b.2.g @option.player_pair @capability.stacked_shoe
  Scenario Outline: A Player Pair wager wins 11 to 1 when the Player's initial two cards are a pair
    § 629b.2(c)(1): "Player Pair wager, which shall win if the initial two cards dealt to the Player's Hand are a pair such as two 9s or two queens"
    § 629b.2(g): "Winning Pair wagers on either the Player's Hand or Banker's Hand shall be paid at odds of 11 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Player Pair
    When the round is dealt
    Then the wager of seat 3 on Player Pair wins at 11 to 1

    Examples:
      | shoe              | pair       |
      | QH 2C QS 7D 5C 6D | two queens |
      | 9C 2C 9D 3D 5C 6D | two nines  |

  @629b.2.c.1 @option.player_pair @capability.stacked_shoe
  Scenario Outline: A Player Pair wager loses when the Player's initial two cards are not a pair
    § 629b.2(c)(1): "shall lose if the initial two cards dealt to the Player's Hand are not a pair."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Player Pair
    When the round is dealt
    Then the wager of seat 3 on Player Pair loses

    Examples:
      | shoe               | cards                                  |
      | 10S 2C KS 7D 5C 6D | a 10 and a king, both worth zero       |
      | 2C 4H 7D 4D 5C 6D  | only the Banker's Hand is a pair       |

  @629b.2.c.2 @629b.2.g @option.banker_pair @capability.stacked_shoe
  Scenario Outline: A Banker Pair wager wins 11 to 1 when the Banker's initial two cards are a pair
    § 629b.2(c)(2): "Banker Pair wager, which shall win if the initial two cards dealt to the Banker's Hand are a pair"
    § 629b.2(g): "Winning Pair wagers on either the Player's Hand or Banker's Hand shall be paid at odds of 11 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Banker Pair
    When the round is dealt
    Then the wager of seat 3 on Banker Pair wins at 11 to 1

    Examples:
      | shoe              | pair       |
      | 2C QH 7D QS 5C 6D | two queens |
      | 2C 4H 7D 4S 5C 6D | two 4s     |

  @629b.2.c.2 @option.banker_pair @capability.stacked_shoe
  Scenario Outline: A Banker Pair wager loses when the Banker's initial two cards are not a pair
    § 629b.2(c)(2): "shall lose if the initial two cards dealt to the Banker's Hand are not a pair."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Banker Pair
    When the round is dealt
    Then the wager of seat 3 on Banker Pair loses

    Examples:
      | shoe               | cards                                  |
      | 2C 10H 7D KH 5C 6D | a 10 and a king, both worth zero       |
      | 4H 2C 4D 7D 5C 6D  | only the Player's Hand is a pair       |

  @629b.2.d @option.player_pair @option.banker_pair @capability.stacked_shoe
  Scenario: Pair wagers are settled before any third card is dealt
    § 629b.2(d): "If any player placed a Player or Banker Pair wager, the wager shall be settled prior to dealing a third card to the Player's or Banker's Hand."
    Interpretation: 627a-629a-base-game-is-631a
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

  @629b.2.c.3 @629b.2.k.1 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six pays 12 to 1 when the Banker's Hand wins with a two-card six
    § 629b.2(k)(1): "With only two cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 2S 3H 5C
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the Banker's Hand is 4D 2S with a Point Count of 6
    And the wager of seat 3 on Lucky Six wins at 12 to 1

  @629b.2.c.3 @629b.2.k.2 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six pays 20 to 1 when the Banker's Hand wins with a three-card six
    § 629b.2(k)(2): "With three cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2H KC 3H QC 5C 6D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the Banker's Hand is KC QC 6D with a Point Count of 6
    And the wager of seat 3 on Lucky Six wins at 20 to 1

  @629b.2.c.3.i @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six loses when the Banker's six is lower than the Player's Point Count
    § 629b.2(c)(3)(i): "The Point Count of the Banker's Hand is a six but is lower than the Point Count of the Player's Hand."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 7C 4D KD 2S 5C 6D
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses

  @629b.2.c.3.ii @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six loses when the Banker's Point Count is not six
    § 629b.2(c)(3)(ii): "The Point Count of the Banker's Hand is not a six."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 3S 3H 5C
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses

  @629b.2.c.3 @option.lucky_six @capability.stacked_shoe
  Scenario: Lucky Six does not win when the hands tie on six: lost or returned
    § 629b.2(c)(3): "which shall win if the Point Count of the Banker's Hand is a six and is higher than the Point Count of the Player's Hand"
    Interpretation: 631c.5-c-3-lucky-six-tie-on-six
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 6C 4D KD 2S 5C 6D
    And seat 3 wagers $5.00 on Lucky Six
    When the round is dealt
    Then the wager of seat 3 on Lucky Six loses or is returned

  @629b.2.i @629b.2.a @capability.stacked_shoe
  Scenario Outline: A Banker's Hand winning with six is paid 1 to 2, with no commission
    § 629b.2(i): "except if the Banker's Hand wins with a Point Count of 6, then the winning wager on the Banker's Hand shall be paid out at odds of 1 to 2."
    § 629b.2(a): "in which no commission is collected."
    Interpretation: 627a-629a-base-game-is-631a
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

  @629b.2.i @629b.2.a @capability.stacked_shoe
  Scenario: A Banker's Hand winning with another Point Count is paid 1 to 1, with no commission
    § 629b.2(i): "A winning wager made on the Banker's Hand shall be paid at odds of 1 to 1"
    § 629b.2(a): "in which no commission is collected."
    Interpretation: 627a-629a-base-game-is-631a
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2C 4D KD 3S 3H 5C
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the Banker's Hand is 4D 3S with a Point Count of 7
    And the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And no vigorish is charged to seat 3

  @629b.2.h @capability.stacked_shoe
  Scenario: A winning wager on the Player's Hand is paid 1 to 1
    § 629b.2(h): "A winning wager made on the Player's Hand shall be paid at odds of 1 to"
    Interpretation: 629b.2-cut-off-h
    Interpretation: 627a-629a-base-game-is-631a
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 7C 4D KD 2S 5C 6D
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1

  @629b.2.j @629b.2.c @capability.stacked_shoe
  Scenario: A winning Tie wager is paid 8 to 1 and a Banker wager pushes
    § 629b.2(j): "A winning Tie wager shall be paid at odds of 8 to 1."
    § 629b.2(c): "In addition to the wager on the Player Hand, Banker Hand and Tie Hand, which shall win or lose as provided in § 629a.7(a)(1)—(3)"
    Interpretation: 629b.2-duplicate-i-tie-odds
    Interpretation: 627a-629a-base-game-is-631a
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 6C 4D KD 2S 5C 6D
    And seat 3 wagers $10.00 on a Tie
    And seat 4 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on a Tie wins at 8 to 1
    And the wager of seat 4 on the Banker's Hand pushes

  @629b.2.e @capability.stacked_shoe
  Scenario Outline: The dealer announces "Lucky Six" when the Banker's Hand wins with six
    § 629b.2(e): "If the Point Counts of the Banker's Hand and Player's Hand results in a Lucky Six, the dealer shall announce Lucky Six."
    Interpretation: 627a-629a-base-game-is-631a
    Interpretation: lucky-six-call-unquoted
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer's announcements include "Lucky Six"

    Examples:
      | shoe              | six         |
      | 2C 4D KD 2S 3H 5C | two cards   |
      | 2H KC 3H QC 5C 6D | three cards |

  @629b.2.e @capability.stacked_shoe
  Scenario Outline: The dealer does not announce "Lucky Six" unless the Banker's Hand wins with six
    § 629b.2(e): "If the Point Counts of the Banker's Hand and Player's Hand results in a Lucky Six, the dealer shall announce Lucky Six."
    Interpretation: 627a-629a-base-game-is-631a
    Interpretation: lucky-six-call-unquoted
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the dealer's announcements do not include "Lucky Six"

    Examples:
      | shoe              | result                          |
      | 7C 4D KD 2S 5C 6D | the Banker's six loses          |
      | 6C 4D KD 2S 5C 6D | the hands tie on six            |
      | 2C 4D KD 3S 3H 5C | the Banker's Hand wins with 7   |

  @629b.2.f @option.lucky_six @capability.stacked_shoe
  Scenario: Losing wagers are collected first, then winners are paid from the highest-numbered seat down
    § 629b.2(f): "After the result of the round is announced, the dealer shall first collect each losing wager. After the losing wagers are collected, starting at the highest numbered player position at which a winning wager is located, the dealer shall pay that player's winning wager."
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

  @629b.2 @capability.stacked_shoe @capability.wager.banker_pair @capability.wager.lucky_six @capability.wager.player_pair
  Scenario: Commission-free settlement over many dealt rounds agrees with the odds of the section
    § 629b.2(a): "If specified in its Rules Submission, a certificate holder may offer commission-free Midibaccarat in which no commission is collected."
    Interpretation: 629b.2-cut-off-h
    Interpretation: 629b.2-duplicate-i-tie-odds
    Interpretation: 631c.5-c-3-lucky-six-tie-on-six
    When rounds are dealt from stacked shoes with every offered wager of § 629b.2 placed
    Then every wager of § 629b.2 is settled as the paytable says

  @629b.2.g @option.player_pair @capability.stacked_shoe
  Scenario: A winning Midibaccarat pair wager is paid at 11 to 1 on every class of initial cards and at every stake residue (Player Pair)
    § 629b.2(g): "Winning Pair wagers on either the Player's Hand or Banker's Hand shall be paid at odds of 11 to 1."
    Given every class of cards the rule of the wager on Player Pair distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Player Pair of the sweep is paid as the scenario's clause says

  @629b.2.g @option.banker_pair @capability.stacked_shoe
  Scenario: A winning Midibaccarat pair wager is paid at 11 to 1 on every class of initial cards and at every stake residue (Banker Pair)
    § 629b.2(g): "Winning Pair wagers on either the Player's Hand or Banker's Hand shall be paid at odds of 11 to 1."
    Given every class of cards the rule of the wager on Banker Pair distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Banker Pair of the sweep is paid as the scenario's clause says

  @629b.2.h @capability.stacked_shoe
  Scenario: A winning commission-free Midibaccarat Player wager is paid at 1 to 1 on every class of cards and at every stake residue
    § 629b.2(h): "A winning wager made on the Player's Hand shall be paid at odds of 1 to"
    Interpretation: 629b.2-cut-off-h
    Interpretation: 627a-629a-base-game-is-631a
    Given every class of cards the rule of the wager on the Player's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on the Player's Hand of the sweep is paid as the scenario's clause says

  @629b.2.i @capability.stacked_shoe
  Scenario: A winning commission-free Midibaccarat Banker wager is paid at 1 to 1, or 1 to 2 on a six, on every class of cards and at every stake its odds pay in whole cents
    § 629b.2(i): "A winning wager made on the Banker's Hand shall be paid at odds of 1 to 1"
    § 629b.2(i): "except if the Banker's Hand wins with a Point Count of 6, then the winning wager on the Banker's Hand shall be paid out at odds of 1 to 2."
    Interpretation: 627a-629a-base-game-is-631a
    Given every class of cards the rule of the wager on the Banker's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on the Banker's Hand of the sweep is paid as the scenario's clause says

  @629b.2.j @capability.stacked_shoe
  Scenario: A winning commission-free Midibaccarat Tie wager is paid at 8 to 1 on every class of cards and at every stake residue
    § 629b.2(j): "A winning Tie wager shall be paid at odds of 8 to 1."
    Interpretation: 629b.2-duplicate-i-tie-odds
    Interpretation: 627a-629a-base-game-is-631a
    Given every class of cards the rule of the wager on a Tie distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on a Tie of the sweep is paid as the scenario's clause says

  @629b.2.k @option.lucky_six @capability.stacked_shoe
  Scenario: A winning Lucky Six wager is paid at 12 to 1 or 20 to 1 on every class of cards and at every stake residue
    § 629b.2(k): "When the Banker's Hand wins with a total of six points:"
    § 629b.2(k)(1): "With only two cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 12 to 1."
    § 629b.2(k)(2): "With three cards dealt to the Banker's Hand, the winning Lucky Six wager shall be paid at odds of 20 to 1."
    Interpretation: 627a-629a-base-game-is-631a
    Given every class of cards the rule of the wager on Lucky Six distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Lucky Six of the sweep is paid as the scenario's clause says
