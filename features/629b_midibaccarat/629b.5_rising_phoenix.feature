@option.variant.rising_phoenix
Feature: § 629b.5 Rising Phoenix Baccarat
  A Midibaccarat variation offered with standard commission or commission-free (where a
  three-card Banker 7 that wins ties the Banker wager), dealt from six or eight decks,
  with twenty Bonus wagers, Golden Talons and the Harmony Progressive. A Bonus wager is
  the wager type rising_phoenix_bonus with the row of the § 629b.5(h)(2) table as its
  option. Temporary regulation, expired 2026-08-04: run with --include-expired or an
  earlier --as-of.

  Background:
    Given a table opened under the Rules Submission

  @629b.5.c @capability.stacked_shoe
  Scenario Outline: A Rising Phoenix round is dealt as in the base game: the cards are dealt Player, Banker, Player, Banker, then any third card
    § 629b.5(c): "Unless otherwise provided in this section, Rising Phoenix Baccarat shall be played consistent with Chapter 629a (relating to Midibaccarat) or § 629b.2 (relating to commission-free Midibaccarat)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the cards are dealt in the order <order>
    And the Player's Hand is <player> with a Point Count of <player_count>
    And the Banker's Hand is <banker> with a Point Count of <banker_count>

    Examples:
      | shoe              | order                                                                                    | player   | player_count | banker   | banker_count |
      | 7C 3D KH 3S       | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand                               | 7C KH    | 7            | 3D 3S    | 6            |
      | 2C JD 2H KS 4D KC | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Player's Hand, Banker's Hand | 2C 2H 4D | 8            | JD KS KC | 0            |
      | 6C 3D KH 2S KD    | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Banker's Hand                | 6C KH    | 6            | 3D 2S KD | 5            |
      | AC 5D QD QC JS    | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Player's Hand                | AC QD JS | 1            | 5D QC    | 5            |
      | 5C JD KH 6S 4D    | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Player's Hand                | 5C KH 4D | 9            | JD 6S    | 6            |

  @629b.5.f @629b.5.a
  Scenario: A Rising Phoenix shoe holds six or eight decks
    § 629b.5(f): "Rising Phoenix Baccarat shall be played with six or eight decks of cards that are identical in appearance"
    § 629b.5(a): "A certificate holder may offer to players a Midibaccarat game variation entitled Rising Phoenix Baccarat."
    When a shuffled shoe is started for Rising Phoenix Baccarat
    Then the shoe holds six or eight decks, as many as the Rules Submission names

  @629b.5.g.1.i @capability.stacked_shoe
  Scenario: A wager on the Banker's Hand wins when the Banker's Hand is higher
    § 629b.5(g)(1)(i): "Win if the Banker's hand has a point count higher than that of the Player's hand."
    Given the dealing shoe is stacked with 3C 8D 4H KS
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand is a winning wager

  @629b.5.g.1.ii @capability.stacked_shoe
  Scenario: A wager on the Banker's Hand loses when the Banker's Hand is lower
    § 629b.5(g)(1)(ii): "Lose if the Banker's hand has a point count lower than that of the Player's hand."
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand loses

  @629b.5.g.1.iii @capability.stacked_shoe
  Scenario: A wager on the Banker's Hand ties and is returned on equal Point Counts
    § 629b.5(g)(1)(iii): "Tie and be returned to the player if the Banker's hand and the Player's hand have an equal point count."
    Given the dealing shoe is stacked with 4C 3D 2H 3S
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand pushes

  @629b.5.g.1.iv @option.commission.commission_free @capability.stacked_shoe
  Scenario: Commission-free, a three-card Banker 7 that wins ties the Banker wager
    § 629b.5(g)(1)(iv): "Tie and be returned to the player if a certificate holder offers Rising Phoenix Baccarat as commission-free and a Banker's hand consisting of three cards with a point count of seven wins the round of play."
    Given the dealing shoe is stacked with 7D KH 9H 5C 2H
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 5 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand pushes
    And the wager of seat 5 on the Player's Hand loses

  @629b.5.g.1.iv @option.commission.commission_free @capability.stacked_shoe
  Scenario: Commission-free, a two-card Banker 7 that wins is paid
    § 629b.5(g)(1)(iv): "a Banker's hand consisting of three cards with a point count of seven wins the round of play"
    Interpretation: 629b.5-h-1-commission-free-banker
    Given the dealing shoe is stacked with 4C 3D 2H 4S
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And no vigorish is charged to seat 3

  @629b.5.g.1.iv @option.commission.standard @capability.stacked_shoe
  Scenario: With standard commission, a three-card Banker 7 that wins is paid less vigorish
    § 629b.5(g)(1)(iv): "if a certificate holder offers Rising Phoenix Baccarat as commission-free"
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with 7D KH 9H 5C 2H
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And seat 3 owes vigorish of $0.50 on the Banker's Hand

  @629b.5.g.2.i @capability.stacked_shoe
  Scenario: A wager on the Player's Hand wins when the Player's Hand is higher
    § 629b.5(g)(2)(i): "Win if the Player's hand has a point count higher than that of the Banker's hand."
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand is a winning wager

  @629b.5.g.2.ii @capability.stacked_shoe
  Scenario: A wager on the Player's Hand loses when the Player's Hand is lower
    § 629b.5(g)(2)(ii): "Lose if the Player's hand has a point count lower than that of the Banker's hand."
    Given the dealing shoe is stacked with 3C 8D 4H KS
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand loses

  @629b.5.g.2.iii @capability.stacked_shoe
  Scenario: A wager on the Player's Hand ties and is returned on equal Point Counts
    § 629b.5(g)(2)(iii): "Tie and be returned to the player if the Player's hand and the Banker's hand have an equal point count."
    Given the dealing shoe is stacked with 4C 3D 2H 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand pushes

  @629b.5.g.3.i @capability.stacked_shoe
  Scenario: A Tie wager wins on equal Point Counts
    § 629b.5(g)(3)(i): "Win if the Player's hand and the Banker's hand have an equal point count."
    Given the dealing shoe is stacked with 4C 3D 2H 3S
    And seat 3 wagers $10.00 on a Tie
    When the round is dealt
    Then the wager of seat 3 on a Tie is a winning wager

  @629b.5.g.3.ii @capability.stacked_shoe
  Scenario: A Tie wager loses on unequal Point Counts
    § 629b.5(g)(3)(ii): "Lose if the Player's hand and the Banker's hand do not have an equal point count."
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on a Tie
    When the round is dealt
    Then the wager of seat 3 on a Tie loses

  @629b.5.g.5 @option.golden_talons @capability.stacked_shoe
  Scenario: A Rising Phoenix table takes the Golden Talons wager
    § 629b.5(g)(5): "The Golden Talons wager, offered in accordance with the provisions of § 629b.6 (relating to Golden Talons)."
    Given the dealing shoe is stacked with 9H 5C KS AD
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the Player's Hand
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the Player's Hand wins at 1 to 1

  @629b.5.g.6 @option.harmony @capability.stacked_shoe
  Scenario: A Rising Phoenix table takes the Harmony Progressive wager
    § 629b.5(g)(6): "The Harmony Progressive wager, offered in accordance with the provisions of § 629b.7."
    Given the dealing shoe is stacked with 9C 2D KH 4S
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 2 wagers $10.00 on Harmony
    When the round is dealt
    Then the wager of seat 2 on Harmony loses

  @629b.5.h.1 @capability.stacked_shoe
  Scenario: A winning wager on the Player's Hand is paid 1 to 1
    § 629b.5(h)(1): "Winning wagers made on the Player's hand, the Banker's hand, or on a tie wager shall be paid consistent with § 629a.12(a)—(d) (relating to payout odds; vigorish)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1

  @629b.5.h.1 @capability.stacked_shoe
  Scenario: A winning Tie wager is paid at the Tie odds of the Rules Submission
    § 629b.5(h)(1): "Winning wagers made on the Player's hand, the Banker's hand, or on a tie wager shall be paid consistent with § 629a.12(a)—(d) (relating to payout odds; vigorish)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with 4C 3D 2H 3S
    And seat 3 wagers $10.00 on a Tie
    When the round is dealt
    Then the Tie wager of seat 3 is paid at the Tie odds of the Rules Submission

  @629b.5.h.1 @option.commission.standard @capability.stacked_shoe
  Scenario: With standard commission, a winning Banker wager is paid 1 to 1 less 5% vigorish
    § 629b.5(h)(1): "Winning wagers made on the Player's hand, the Banker's hand, or on a tie wager shall be paid consistent with § 629a.12(a)—(d) (relating to payout odds; vigorish)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with 3C 8D 4H KS
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And seat 3 owes vigorish of $0.50 on the Banker's Hand

  @629b.5.h.1 @option.commission.commission_free @capability.stacked_shoe
  Scenario Outline: Commission-free, a winning Banker wager is paid 1 to 1 with no vigorish
    § 629b.5(h)(1): "Winning wagers made on the Player's hand, the Banker's hand, or on a tie wager shall be paid consistent with § 629a.12(a)—(d) (relating to payout odds; vigorish)."
    Interpretation: 629b.5-h-1-commission-free-banker
    Given the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And no vigorish is charged to seat 3

    Examples:
      | cards           | banker              |
      | 3C 8D 4H KS     | a natural 8         |
      | 2C 3D 3H 3S KH  | a 6 (not 1 to 2)    |

  @629b.5.g.4.i @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Sun 7 Bonus wager wins when the Banker's Hand wins with three cards totalling 7
    § 629b.5(g)(4)(i): "A Sun 7 wager, which shall win if the Banker's hand wins with three cards with a point count equaling 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Sun 7"
    And the dealing shoe is stacked with 7D KH 9H 5C 2H
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Sun 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Sun 7" is a winning wager

  @629b.5.g.4.i @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Sun 7 Bonus wager loses when the Banker's Hand wins with a two-card 7
    § 629b.5(g)(4)(i): "A Sun 7 wager, which shall win if the Banker's hand wins with three cards with a point count equaling 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Sun 7"
    And the dealing shoe is stacked with 4C 3D 2H 4S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Sun 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Sun 7" loses

  @629b.5.g.4.ii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Moon 8 Bonus wager wins when the Player's Hand wins with three cards totalling 8
    § 629b.5(g)(4)(ii): "A Moon 8 wager, which shall win if the Player's hand wins with three cards with a point count equaling 8."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Moon 8"
    And the dealing shoe is stacked with 8D QH 7C KH 3S 6C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Moon 8"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Moon 8" is a winning wager

  @629b.5.g.4.ii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Moon 8 Bonus wager loses when the Player's Hand wins with a two-card 8
    § 629b.5(g)(4)(ii): "A Moon 8 wager, which shall win if the Player's hand wins with three cards with a point count equaling 8."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Moon 8"
    And the dealing shoe is stacked with 5H 2C 3D 4S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Moon 8"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Moon 8" loses

  @629b.5.g.4.iii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 9 over 7 Bonus wager wins when a 9 wins over a 7
    § 629b.5(g)(4)(iii): "A 9 over 7 wager, which shall win if either the Player or Banker hand wins with a point count of 9 over the losing hand with a point count of 7"
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "9 over 7"
    And the dealing shoe is stacked with 8D 3H 5S 4C 6S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "9 over 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "9 over 7" is a winning wager

  @629b.5.g.4.iii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 9 over 7 Bonus wager loses when a 9 wins over a 6
    § 629b.5(g)(4)(iii): "A 9 over 7 wager, which shall win if either the Player or Banker hand wins with a point count of 9 over the losing hand with a point count of 7"
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "9 over 7"
    And the dealing shoe is stacked with 9C 2D QH 4S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "9 over 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "9 over 7" loses

  @629b.5.g.4.iv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 2-card 8 over 2-card 1 Bonus wager wins when a two-card 8 wins over a two-card 1
    § 629b.5(g)(4)(iv): "A 2-card 8 over a 2-card 1 wager, which shall win if either the Player or Banker hand wins with a 2-card hand with a point count of 8 over the losing 2-card hand with a point count of 1."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "2-card 8 over 2-card 1"
    And the dealing shoe is stacked with 5S JH 3C AD
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "2-card 8 over 2-card 1"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "2-card 8 over 2-card 1" is a winning wager

  @629b.5.g.4.iv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 2-card 8 over 2-card 1 Bonus wager loses when a three-card 8 wins over a three-card 1
    § 629b.5(g)(4)(iv): "A 2-card 8 over a 2-card 1 wager, which shall win if either the Player or Banker hand wins with a 2-card hand with a point count of 8 over the losing 2-card hand with a point count of 1."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "2-card 8 over 2-card 1"
    And the dealing shoe is stacked with KD 10H 3S AD 5C JC
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "2-card 8 over 2-card 1"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "2-card 8 over 2-card 1" loses

  @629b.5.g.4.v @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player win with a 3-card 6 Bonus wager wins when the Player's Hand wins with a three-card 6
    § 629b.5(g)(4)(v): "A Player wins with a 3-card 6 wager, which shall win if the Player's hand wins with a point count of 6 consisting of 3 cards."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player win with a 3-card 6"
    And the dealing shoe is stacked with 9C 2S 6D AH AS 9D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player win with a 3-card 6"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player win with a 3-card 6" is a winning wager

  @629b.5.g.4.v @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player win with a 3-card 6 Bonus wager loses when the Player's Hand wins with a two-card 6
    § 629b.5(g)(4)(v): "A Player wins with a 3-card 6 wager, which shall win if the Player's hand wins with a point count of 6 consisting of 3 cards."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player win with a 3-card 6"
    And the dealing shoe is stacked with 4C 3D 2H 2S 10H
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player win with a 3-card 6"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player win with a 3-card 6" loses

  @629b.5.g.4.vi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker win with 1 or 2 Bonus wager wins when the Banker's Hand wins with a 1 or a 2
    § 629b.5(g)(4)(vi): "A Banker wins with a 1 or 2 wager, which shall win if the Banker's hand, regardless of the number of cards, wins with a point count equal to 1 or 2."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker win with 1 or 2"
    And the dealing shoe is stacked with 8S 6S 3C 7C QH 9C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker win with 1 or 2"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker win with 1 or 2" is a winning wager

  @629b.5.g.4.vi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker win with 1 or 2 Bonus wager loses when the Banker's Hand wins with a 3
    § 629b.5(g)(4)(vi): "A Banker wins with a 1 or 2 wager, which shall win if the Banker's hand, regardless of the number of cards, wins with a point count equal to 1 or 2."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker win with 1 or 2"
    And the dealing shoe is stacked with QC 2D KH AS 10S 10D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker win with 1 or 2"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker win with 1 or 2" loses

  @629b.5.g.4.vii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario Outline: The Player and Banker have an 8 or 9 Bonus wager wins when both hands have an 8 or a 9
    § 629b.5(g)(4)(vii): "Player and Banker have an 8 or 9 wager, which shall win if the Player's hand and Banker's hand each have a point count of 8 or 9 regardless of whether the Player's or Banker's hand win or if they tie."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player and Banker have an 8 or 9"
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player and Banker have an 8 or 9"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player and Banker have an 8 or 9" is a winning wager

    Examples:
      | cards                |
      | 6D 7C 3C AH          |
      | 5H 3C 3D 5S          |

  @629b.5.g.4.vii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player and Banker have an 8 or 9 Bonus wager loses when the Banker's Hand has a 7
    § 629b.5(g)(4)(vii): "Player and Banker have an 8 or 9 wager, which shall win if the Player's hand and Banker's hand each have a point count of 8 or 9 regardless of whether the Player's or Banker's hand win or if they tie."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player and Banker have an 8 or 9"
    And the dealing shoe is stacked with 9C 2D QH 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player and Banker have an 8 or 9"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player and Banker have an 8 or 9" loses

  @629b.5.g.4.viii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 1 over 0 Bonus wager wins when a 1 wins over a 0
    § 629b.5(g)(4)(viii): "A 1 over 0 wager, which shall win if either the Banker's or Player's hand wins with a point count of 1 and the losing hand has a point count of 0"
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "1 over 0"
    And the dealing shoe is stacked with 8C KS 2D QH AC QD
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "1 over 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "1 over 0" is a winning wager

  @629b.5.g.4.viii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 1 over 0 Bonus wager loses when a 2 wins over a 0
    § 629b.5(g)(4)(viii): "A 1 over 0 wager, which shall win if either the Banker's or Player's hand wins with a point count of 1 and the losing hand has a point count of 0"
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "1 over 0"
    And the dealing shoe is stacked with 8C KS 2D QH 2C QD
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "1 over 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "1 over 0" loses

  @629b.5.g.4.ix @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 6 over 3-card 3 Bonus wager wins when a three-card 6 wins over a three-card 3
    § 629b.5(g)(4)(ix): "A 3-card 6 over 3-card 3 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with point count of 6 over a losing 3-card hand with a point count of 3."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 6 over 3-card 3"
    And the dealing shoe is stacked with 7S 5D 4H 8C 5C QS
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 6 over 3-card 3"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 6 over 3-card 3" is a winning wager

  @629b.5.g.4.ix @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 6 over 3-card 3 Bonus wager loses when a two-card 6 wins over a three-card 3
    § 629b.5(g)(4)(ix): "A 3-card 6 over 3-card 3 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with point count of 6 over a losing 3-card hand with a point count of 3."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 6 over 3-card 3"
    And the dealing shoe is stacked with 4C 5D 2H 8C QS
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 6 over 3-card 3"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 6 over 3-card 3" loses

  @629b.5.g.4.x @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 8 over 3-card 0 Bonus wager wins when a three-card 8 wins over a three-card 0
    § 629b.5(g)(4)(x): "A 3-card 8 over 3-card 0 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with a point count of 8 over a losing 3-card hand with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 8 over 3-card 0"
    And the dealing shoe is stacked with 5D 4H 10C JC 5H 4C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 8 over 3-card 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 8 over 3-card 0" is a winning wager

  @629b.5.g.4.x @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 8 over 3-card 0 Bonus wager loses when a three-card 8 wins over a three-card 1
    § 629b.5(g)(4)(x): "A 3-card 8 over 3-card 0 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with a point count of 8 over a losing 3-card hand with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 8 over 3-card 0"
    And the dealing shoe is stacked with KD 10H 3S AD 5C JC
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 8 over 3-card 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 8 over 3-card 0" loses

  @629b.5.g.4.xi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker win over a 2-card 7 Bonus wager wins when the Banker's Hand wins over a two-card Player's 7
    § 629b.5(g)(4)(xi): "A Banker win over a 2-card 7 wager, which shall win if the Banker's hand, regardless of the number of cards, wins over a 2-card Player's hand with a point count of 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker win over a 2-card 7"
    And the dealing shoe is stacked with 6S AS AD 2H 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker win over a 2-card 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker win over a 2-card 7" is a winning wager

  @629b.5.g.4.xi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker win over a 2-card 7 Bonus wager loses when the Banker's Hand wins over a three-card 7
    § 629b.5(g)(4)(xi): "A Banker win over a 2-card 7 wager, which shall win if the Banker's hand, regardless of the number of cards, wins over a 2-card Player's hand with a point count of 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker win over a 2-card 7"
    And the dealing shoe is stacked with KC 3S 2D QD 5H 6C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker win over a 2-card 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker win over a 2-card 7" loses

  @629b.5.g.4.xii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 9 over 3-card 6 Bonus wager wins when a three-card 9 wins over a three-card 6
    § 629b.5(g)(4)(xii): "A 3-card 9 over 3-card 6 wager, which shall win if the Banker's or Player's hand wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 6."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 9 over 3-card 6"
    And the dealing shoe is stacked with 7S 2H 5H 2S 4H 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 9 over 3-card 6"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 9 over 3-card 6" is a winning wager

  @629b.5.g.4.xii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 9 over 3-card 6 Bonus wager loses when a three-card 9 wins over a three-card 5
    § 629b.5(g)(4)(xii): "A 3-card 9 over 3-card 6 wager, which shall win if the Banker's or Player's hand wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 6."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 9 over 3-card 6"
    And the dealing shoe is stacked with 7S 2H 5H 2S 3H 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 9 over 3-card 6"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 9 over 3-card 6" loses

  @629b.5.g.4.xiii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 9 over 3-card 8 Bonus wager wins when a three-card 9 wins over a three-card 8
    § 629b.5(g)(4)(xiii): "A 3-card 9 over 3-card 8 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 8."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 9 over 3-card 8"
    And the dealing shoe is stacked with 9H 6D 3S 4S 6S 9C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 9 over 3-card 8"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 9 over 3-card 8" is a winning wager

  @629b.5.g.4.xiii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The 3-card 9 over 3-card 8 Bonus wager loses when a three-card 9 wins over a three-card 7
    § 629b.5(g)(4)(xiii): "A 3-card 9 over 3-card 8 wager, which shall win if either the Banker's or Player's hand wins with a 3-card hand with a point count of 9 over a losing 3-card hand with a point count of 8."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "3-card 9 over 3-card 8"
    And the dealing shoe is stacked with 9H 6D 3S 4S 5S 9C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "3-card 9 over 3-card 8"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "3-card 9 over 3-card 8" loses

  @629b.5.g.4.xiv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player win with a 3-card 8 over 3-card 0 Bonus wager wins when the Player's three-card 8 wins over the Banker's three-card 0
    § 629b.5(g)(4)(xiv): "A Player wins with 3-card 8 over 3-card 0 wager, which shall win when the Player's hand wins with a 3-card hand with a point count of 8 over a losing Banker's hand consisting of 3 cards with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0"
    And the dealing shoe is stacked with JC 6H 3H 6D 5H 8S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0" is a winning wager

  @629b.5.g.4.xiv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player win with a 3-card 8 over 3-card 0 Bonus wager loses when the Banker's Hand wins with a three-card 8 over a three-card 0
    § 629b.5(g)(4)(xiv): "A Player wins with 3-card 8 over 3-card 0 wager, which shall win when the Player's hand wins with a 3-card hand with a point count of 8 over a losing Banker's hand consisting of 3 cards with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0"
    And the dealing shoe is stacked with 5D 4H 10C JC 5H 4C
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player win with a 3-card 8 over 3-card 0" loses

  @629b.5.g.4.xv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 0 Bonus wager wins when the hands tie with 0
    § 629b.5(g)(4)(xv): "A tie with 0 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 0"
    And the dealing shoe is stacked with 7D 2C 8C 8D 5H QD
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 0" is a winning wager

  @629b.5.g.4.xv @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 0 Bonus wager loses when the hands tie with 1
    § 629b.5(g)(4)(xv): "A tie with 0 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 0."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 0"
    And the dealing shoe is stacked with 6H 8H 4S 3D AS JH
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 0"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 0" loses

  @629b.5.g.4.xvi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 1, 2 or 3 Bonus wager wins when the hands tie with 1, 2 or 3
    § 629b.5(g)(4)(xvi): "A tie with 1, 2 or 3 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 1, 2 or 3."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 1, 2 or 3"
    And the dealing shoe is stacked with 6H 8H 4S 3D AS JH
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 1, 2 or 3"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 1, 2 or 3" is a winning wager

  @629b.5.g.4.xvi @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 1, 2 or 3 Bonus wager loses when the hands tie with 4
    § 629b.5(g)(4)(xvi): "A tie with 1, 2 or 3 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 1, 2 or 3."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 1, 2 or 3"
    And the dealing shoe is stacked with 7S 6C 8H 8D 9D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 1, 2 or 3"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 1, 2 or 3" loses

  @629b.5.g.4.xvii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 4, 5, 6 or 7 Bonus wager wins when the hands tie with 4, 5, 6 or 7
    § 629b.5(g)(4)(xvii): "A tie with 4, 5, 6 or 7 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 4, 5, 6 or 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 4, 5, 6 or 7"
    And the dealing shoe is stacked with AS 5S 10H 2H 6D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 4, 5, 6 or 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 4, 5, 6 or 7" is a winning wager

  @629b.5.g.4.xvii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 4, 5, 6 or 7 Bonus wager loses when the hands tie with 8
    § 629b.5(g)(4)(xvii): "A tie with 4, 5, 6 or 7 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 4, 5, 6 or 7."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 4, 5, 6 or 7"
    And the dealing shoe is stacked with 5H 3C 3D 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 4, 5, 6 or 7"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 4, 5, 6 or 7" loses

  @629b.5.g.4.xviii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 8 or 9 Bonus wager wins when the hands tie with 8 or 9
    § 629b.5(g)(4)(xviii): "A tie with 8 or 9 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 8 or 9."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 8 or 9"
    And the dealing shoe is stacked with 5H 3C 3D 5S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 8 or 9"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 8 or 9" is a winning wager

  @629b.5.g.4.xviii @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Tie with 8 or 9 Bonus wager loses when the hands tie with 7
    § 629b.5(g)(4)(xviii): "A tie with 8 or 9 wager, which shall win if the Banker's and Player's hands, regardless of the number of cards in either hand, tie with a point count of 8 or 9."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Tie with 8 or 9"
    And the dealing shoe is stacked with AS 5S 10H 2H 6D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Tie with 8 or 9"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Tie with 8 or 9" loses

  @629b.5.g.4.xix @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player pair Bonus wager wins when the Player's initial two cards are a pair
    § 629b.5(g)(4)(xix): "A Player pair wager, which shall win if the Player's initial two cards match (that is, two 4's or two kings)."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player pair"
    And the dealing shoe is stacked with 9C 3S 9S 6S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player pair"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player pair" is a winning wager

  @629b.5.g.4.xix @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Player pair Bonus wager loses when the Player's initial two cards are a 10 and a king
    § 629b.5(g)(4)(xix): "A Player pair wager, which shall win if the Player's initial two cards match (that is, two 4's or two kings)."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Player pair"
    And the dealing shoe is stacked with 10H 2C KH 5D 4S
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Player pair"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Player pair" loses

  @629b.5.g.4.xx @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker pair Bonus wager wins when the Banker's initial two cards are a pair
    § 629b.5(g)(4)(xx): "A Banker pair wager, which shall win if the Banker's initial two cards match (that is, two 4's or two kings)."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker pair"
    And the dealing shoe is stacked with 9S 8C 8H 8D
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker pair"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker pair" is a winning wager

  @629b.5.g.4.xx @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario: The Banker pair Bonus wager loses when the Banker's initial two cards are a 10 and a queen
    § 629b.5(g)(4)(xx): "A Banker pair wager, which shall win if the Banker's initial two cards match (that is, two 4's or two kings)."
    Interpretation: 629b.5-g-4-bonus-wagers
    Given the Rules Submission offers the Rising Phoenix Bonus "Banker pair"
    And the dealing shoe is stacked with 2C 10S 5D QS 3H
    And seat 3 wagers $10.00 on Rising Phoenix Bonus "Banker pair"
    When the round is dealt
    Then the wager of seat 3 on Rising Phoenix Bonus "Banker pair" loses

  @629b.5.h.2 @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario Outline: Each winning Bonus wager is paid at the odds of its row
    § 629b.5(h)(2): "The Bonus wagers provided in subsection (g)(4) shall be paid according to the following odds:"
    Given the Rules Submission offers the Rising Phoenix Bonus "<hand>"
    And the dealing shoe is stacked with <cards>
    And seat 4 wagers $10.00 on Rising Phoenix Bonus "<hand>"
    When the round is dealt
    Then the wager of seat 4 on Rising Phoenix Bonus "<hand>" wins at <odds>

    Examples:
      | hand                                     | cards              | odds     |
      | Sun 7                                    | 7D KH 9H 5C 2H     | 40 to 1  |
      | Moon 8                                   | 8D QH 7C KH 3S 6C  | 25 to 1  |
      | 9 over 7                                 | 8D 3H 5S 4C 6S     | 25 to 1  |
      | 2-card 8 over 2-card 1                   | 5S JH 3C AD        | 50 to 1  |
      | Player win with a 3-card 6               | 9C 2S 6D AH AS 9D  | 40 to 1  |
      | Banker win with 1 or 2                   | 8S 6S 3C 7C QH 9C  | 60 to 1  |
      | Player and Banker have an 8 or 9         | 6D 7C 3C AH        | 20 to 1  |
      | 1 over 0                                 | 8C KS 2D QH AC QD  | 90 to 1  |
      | 3-card 6 over 3-card 3                   | 7S 5D 4H 8C 5C QS  | 150 to 1 |
      | 3-card 8 over 3-card 0                   | 5D 4H 10C JC 5H 4C | 130 to 1 |
      | Banker win over a 2-card 7               | 6S AS AD 2H 5S     | 30 to 1  |
      | 3-card 9 over 3-card 6                   | 7S 2H 5H 2S 4H 5S  | 200 to 1 |
      | 3-card 9 over 3-card 8                   | 9H 6D 3S 4S 6S 9C  | 200 to 1 |
      | Player win with a 3-card 8 over 3-card 0 | JC 6H 3H 6D 5H 8S  | 250 to 1 |
      | Tie with 0                               | 7D 2C 8C 8D 5H QD  | 150 to 1 |
      | Tie with 1, 2 or 3                       | 6H 8H 4S 3D AS JH  | 70 to 1  |
      | Tie with 4, 5, 6 or 7                    | AS 5S 10H 2H 6D    | 15 to 1  |
      | Tie with 8 or 9                          | 5H 3C 3D 5S        | 40 to 1  |
      | Player pair (initial two cards)          | 9C 3S 9S 6S        | 11 to 1  |
      | Banker pair (initial two cards)          | 9S 8C 8H 8D        | 11 to 1  |

  @629b.5.h.2 @option.rising_phoenix_bonus @capability.stacked_shoe
  Scenario Outline: A winning Bonus wager is paid at the odds of § 629b.5(h)(2) on every class of cards and at every stake residue
    § 629b.5(h)(2): "The Bonus wagers provided in subsection (g)(4) shall be paid according to the following odds:"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: every Bonus wager
      | wager |
      | Rising Phoenix Bonus "Sun 7" |
      | Rising Phoenix Bonus "Moon 8" |
      | Rising Phoenix Bonus "9 over 7" |
      | Rising Phoenix Bonus "2 card 8 over 2 card 1" |
      | Rising Phoenix Bonus "Player win with a 3 card 6" |
      | Rising Phoenix Bonus "Banker win with 1 or 2" |
      | Rising Phoenix Bonus "Player and banker have an 8 or 9" |
      | Rising Phoenix Bonus "1 over 0" |
      | Rising Phoenix Bonus "3 card 6 over 3 card 3" |
      | Rising Phoenix Bonus "3 card 8 over 3 card 0" |
      | Rising Phoenix Bonus "Banker win over a 2 card 7" |
      | Rising Phoenix Bonus "3 card 9 over 3 card 6" |
      | Rising Phoenix Bonus "3 card 9 over 3 card 8" |
      | Rising Phoenix Bonus "Player win with a 3 card 8 over 3 card 0" |
      | Rising Phoenix Bonus "Tie with 0" |
      | Rising Phoenix Bonus "Tie with 1 2 or 3" |
      | Rising Phoenix Bonus "Tie with 4 5 6 or 7" |
      | Rising Phoenix Bonus "Tie with 8 or 9" |
      | Rising Phoenix Bonus "Player pair" |
      | Rising Phoenix Bonus "Banker pair" |

  @629b.5.h.1 @capability.stacked_shoe
  Scenario Outline: A winning Rising Phoenix <wager> wager is paid as § 629b.5(h)(1) says on every class of cards and at every stake residue
    § 629b.5(h)(1): "Winning wagers made on the Player's hand, the Banker's hand, or on a tie wager shall be paid consistent with § 629a.12(a)—(d) (relating to payout odds; vigorish)."
    Interpretation: base-game-631a-for-627a-629a
    Interpretation: 629b.5-h-1-commission-free-banker
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: the Baccarat wagers
      | wager             |
      | the Player's Hand |
      | the Banker's Hand |
      | a Tie             |
