@option.game.baccarat @option.perfect_pairs
Feature: § 631c.1 Perfect Pairs wager
  A wager on the Player's Hand, the Banker's Hand or both that the hand's initial two
  cards are a pair, paid by the kind of pair under the paytable the Rules Submission
  selects, and settled after the initial cards, before any third card. An Examples row
  of a paytable other than the one filed is reported "not offered": run the suite under
  a profile for each paytable to check every cell. Every wager is $10.00.

  @631c.1.d @631c.1.e.def.Perfect_pair @capability.stacked_shoe
  Scenario Outline: A perfect pair is paid at the Perfect pair odds of the paytable
    § 631c.1(e)[Perfect pair]: "Perfect pair—The initial two cards dealt to the player or banker that are of the same rank, the same color and the same suit."
    § 631c.1(d): "The certificate holder shall pay out a winning Perfect Pairs wager at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Given the Rules Submission selects Perfect Pairs paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Perfect Pairs on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the <hand> wins at <odds>

    Examples:
      | paytable | hand          | shoe              | odds    |
      | A        | Player's Hand | 4H 2C 4H 7D 5C 6D | 25 to 1 |
      | A        | Banker's Hand | 2C 4H 7D 4H 5C 6D | 25 to 1 |
      | B        | Player's Hand | JS 3D JS 6C 5C 6D | 30 to 1 |
      | B        | Banker's Hand | 3D JS 6C JS 5C 6D | 30 to 1 |
      | C        | Player's Hand | 9C AD 9C 5H 2C 3D | 25 to 1 |
      | C        | Banker's Hand | AD 9C 5H 9C 2C 3D | 25 to 1 |

  @631c.1.d @631c.1.e.def.Colored_pair @capability.stacked_shoe
  Scenario Outline: A colored pair is paid at the Colored pair odds of the paytable
    § 631c.1(e)[Colored pair]: "Colored pair—The initial two cards dealt to the player or banker that are of the same rank and the same color but different suits."
    § 631c.1(d): "The certificate holder shall pay out a winning Perfect Pairs wager at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Given the Rules Submission selects Perfect Pairs paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Perfect Pairs on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the <hand> wins at <odds>

    Examples:
      | paytable | hand          | shoe              | odds    |
      | A        | Player's Hand | 4H 2C 4D 7D 5C 6D | 12 to 1 |
      | A        | Banker's Hand | 2C 4H 7D 4D 5C 6D | 12 to 1 |
      | B        | Player's Hand | JS 3D JC 6C 5C 6D | 10 to 1 |
      | B        | Banker's Hand | 3D JS 6C JC 5C 6D | 10 to 1 |
      | C        | Player's Hand | 9C AD 9S 5H 2C 3D | 15 to 1 |
      | C        | Banker's Hand | AD 9C 5H 9S 2C 3D | 15 to 1 |

  @631c.1.d @631c.1.e.def.Mixed_pair @capability.stacked_shoe
  Scenario Outline: A mixed pair is paid at the Mixed pair odds of the paytable
    § 631c.1(e)[Mixed pair]: "Mixed pair—The initial two cards dealt to the player or banker that are of the same rank but different colors."
    § 631c.1(d): "The certificate holder shall pay out a winning Perfect Pairs wager at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Given the Rules Submission selects Perfect Pairs paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Perfect Pairs on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the <hand> wins at <odds>

    Examples:
      | paytable | hand          | shoe              | odds   |
      | A        | Player's Hand | 4H 2C 4S 7D 5C 6D | 6 to 1 |
      | A        | Banker's Hand | 2C 4H 7D 4S 5C 6D | 6 to 1 |
      | B        | Player's Hand | JH 3D JS 6C 5C 6D | 5 to 1 |
      | B        | Banker's Hand | 3D JH 6C JS 5C 6D | 5 to 1 |
      | C        | Player's Hand | 9D AD 9S 5H 2C 3D | 5 to 1 |
      | C        | Banker's Hand | AD 9D 5H 9S 2C 3D | 5 to 1 |

  @631c.1.c.1 @capability.stacked_shoe
  Scenario Outline: Perfect Pairs wagers on both hands are both paid when both hands pair
    § 631c.1(c)(1): "If a player placed a Perfect Pairs wager on both the player's hand and banker's hand, and both the player's hand and banker's hand contain a colored pair, mixed pair or perfect pair, the player shall receive a payout in accordance with subsection (d) for both winning hands."
    Given the Rules Submission selects Perfect Pairs paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with 4S KD 4C KD 5C 6D
    And seat 3 wagers $10.00 on Perfect Pairs on the Player's Hand
    And seat 3 wagers $10.00 on Perfect Pairs on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the Player's Hand wins at <colored pair odds>
    And the wager of seat 3 on Perfect Pairs on the Banker's Hand wins at <perfect pair odds>

    Examples:
      | paytable | colored pair odds | perfect pair odds |
      | A        | 12 to 1           | 25 to 1           |
      | B        | 10 to 1           | 30 to 1           |
      | C        | 15 to 1           | 25 to 1           |

  @631c.1.b @capability.stacked_shoe
  Scenario Outline: Two cards of equal value but different rank are not a pair
    § 631c.1(b): "For purposes of the Perfect Pairs wager, only cards that are identical in either number or type will be considered of the same rank. For example: two jacks, or two 4s."
    Interpretation: dealers-hand-means-bankers-hand
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Perfect Pairs on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the Player's Hand loses

    Examples:
      | shoe              | player's initial cards        |
      | JH 2C QH 7D 5C 6D | a jack and a queen, both zero |
      | 10S 2C KS 7D 5C 6D | a 10 and a king, both zero   |

  @631c.1.c.2 @capability.stacked_shoe
  Scenario Outline: A Perfect Pairs wager on a hand whose initial two cards are no pair is collected
    § 631c.1(c)(2): "Do not contain a colored pair, mixed pair or perfect pair, the dealer shall collect the Perfect Pairs wager."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Perfect Pairs on the <hand>
    When the round is dealt
    Then the wager of seat 3 on Perfect Pairs on the <hand> loses

    Examples:
      | shoe              | hand          | why                                             |
      | 4H 2C 4D 7D 5C 6D | Banker's Hand | only the Player's Hand pairs                    |
      | 2C 4H 7D 4D 5C 6D | Player's Hand | only the Banker's Hand pairs                    |
      | 2H KC 3C QD 2D 5S | Player's Hand | the pair of 2s needs the Player's third card    |

  @631c.1.c @capability.stacked_shoe
  Scenario: Perfect Pairs wagers are settled after the initial cards and before any third card
    § 631c.1(c): "the dealer shall announce the point count of the player's hand and the banker's hand and shall settle a Perfect Pairs wager by collecting all losing wagers and paying all winning wagers"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 2H KC 2D 3S 5C 6D
    And seat 3 wagers $10.00 on Perfect Pairs on the Player's Hand
    And seat 3 wagers $10.00 on Perfect Pairs on the Banker's Hand
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the wager of seat 3 on Perfect Pairs on the Player's Hand is settled before any third card is dealt
    And the wager of seat 3 on Perfect Pairs on the Banker's Hand is settled before any third card is dealt

  @631c.1 @capability.stacked_shoe
  Scenario: Perfect Pairs settlement over many dealt rounds agrees with the paytable
    § 631c.1(b): "The Perfect Pairs wager shall win if the initial two cards dealt to the player's hand or dealer's hand or both contain a colored pair, mixed pair or perfect pair."
    Interpretation: dealers-hand-means-bankers-hand
    When rounds are dealt from stacked shoes with every offered wager of § 631c.1 placed
    Then every wager of § 631c.1 is settled as the paytable says

  @631c.1.d @capability.stacked_shoe
  Scenario Outline: A winning Perfect Pairs wager is paid at its paytable's odds on every class of initial cards and at every stake residue
    § 631c.1(d): "The certificate holder shall pay out a winning Perfect Pairs wager at the odds in one of the following paytables selected by the certificate holder in its Rules Submission"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: both hands
      | wager |
      | Perfect Pairs on the Player's Hand |
      | Perfect Pairs on the Banker's Hand |
