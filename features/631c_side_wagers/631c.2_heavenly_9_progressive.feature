@option.heavenly_9
Feature: § 631c.2 Heavenly 9 progressive Baccarat wager
  Each scenario stacks the dealing shoe, places a Baccarat wager and a Heavenly 9
  progressive wager, reads the progressive meters before the round and checks the
  settlement and every meter after it, to the cent. The second publisher's copy of the
  section ("current through Register Vol. 54, No. 25, June 22, 2024") is quoted next to
  the Code's text where its wording differs.

  Background:
    Given a table opened under the Rules Submission

  @631c.2.a @capability.stacked_shoe
  Scenario: A Heavenly 9 wager is refused to a player without a Baccarat wager
    § 631c.2(a): "offer to each player who has placed a Baccarat wager in accordance with § 631a.8(a) (relating to wagers) the option of placing a Heavenly 9 progressive wager"
    Given the dealing shoe is stacked with 9H KS 10C 5D
    When seat 5 attempts to wager $5.00 on Heavenly 9
    Then the attempted wager is not recognised

  @631c.2.c @631c.2.c.ed.current-through-2024-06-22 @capability.stacked_shoe
  Scenario: A Heavenly 9 wager of less than $5 is refused
    § 631c.2(c): "a player may place a Heavenly 9 progressive Baccarat wager of no less than \$5 at any time before the dealer calls"
    § 631c.2(c)@current-through-2024-06-22: "a player may place a Heavenly 9 progressive Baccarat wager of no less than $5 at any time before the dealer calls"
    Given the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    When seat 3 attempts to wager $4.99 on Heavenly 9
    Then the attempted wager is not recognised

  @631c.2.d.2 @631c.2.d.2.ed.current-through-2024-06-22 @capability.stacked_shoe @capability.progressive
  Scenario: A Heavenly 9 wager offered after "no more bets" is not recognised and does not move the meter
    § 631c.2(d)(2): "a mechanism, such as a lock-out button, that prevents the recognition of any progressive wager that a player attempts to place after the dealer has announced “no more bets.”"
    § 631c.2(d)(2)@current-through-2024-06-22: "that prevents the recognition of any progressive wager that a player attempts to place after the dealer has announced "no more bets.""
    Given the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And the progressive meters are read
    When the dealer announces "no more bets"
    And seat 3 attempts to wager $5.00 on Heavenly 9
    Then the attempted wager is not recognised
    And the Heavenly 9 meter is unchanged

  @631c.2.e @capability.stacked_shoe
  Scenario Outline: After the Baccarat and Heavenly 9 wagers the cards are dealt Player, Banker, Player, Banker, then any third card, as § 631a.9 requires
    § 631c.2(e): "The dealer shall then deal the cards in accordance with § 631a.9(b)—(f) (relating to hands of player and banker; procedure for dealing initial two cards to each hand), and the round of play shall be played and completed in accordance to the house rules and provisions of §§ 631a.10—631a.12 (relating to procedure for dealing a third card; rules for determining whether a third card shall be dealt; and announcement of result of round; payment and collection of wagers)."
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
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

  @631c.2.g.1 @631c.2.i @631c.2.i.table.table @631c.2.i.table.table.ed.current-through-2024-06-22 @capability.stacked_shoe @capability.progressive
  Scenario: A suited 3-card 9 tie is paid 100% of the progressive, and the meter is reseeded at $10,000
    § 631c.2(g)(1): "The banker and the player tie with a 3-card hand total of 9 and all cards are the same suit."
    § 631c.2(i)[table]: "| Player and banker 3-card tie— all cards same suit | 100% progressive |"
    § 631c.2(i)[table]@current-through-2024-06-22: "Player and banker 3-card tie- all cards same suit 100% progressive"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: heavenly-9-increment-rate
    Given the dealing shoe is stacked with 2H AH 3H AH 4H 7H
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 is paid 100% of the Heavenly 9 meter
    And the Heavenly 9 meter is reseeded at $10,000.00
    And every progressive meter moves as the regulations require

  @631c.2.g.2 @631c.2.g.ed.current-through-2024-06-22 @631c.2.i.table.table.ed.current-through-2024-06-22 @capability.stacked_shoe @capability.progressive
  Scenario: A same-color 3-card 9 tie is paid 299 for 1, and no lower outcome besides
    § 631c.2(g)(2): "The banker and the player tie with a 3-card hand total of 9 and all cards are the same color."
    § 631c.2(i)[table]: "| Player and banker 3-card tie— all cards same color | 299 for 1 |"
    § 631c.2(g)@current-through-2024-06-22: "shall win, and be paid out in accordance with the paytable in subsection (i)"
    § 631c.2(i)[table]@current-through-2024-06-22: "Player and banker 3-card tie- all cards same color 299 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given the dealing shoe is stacked with 2H AD 3H AD 4D 7H
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 wins at 299 for 1
    And the wager of seat 3 on Heavenly 9 is paid $1,495.00 in all
    And every progressive meter moves as the regulations require

  @631c.2.g.3 @631c.2.i @631c.2.i.table.table @capability.stacked_shoe @capability.progressive
  Scenario: A 3-card 9 tie of mixed colors is paid 60 for 1
    § 631c.2(g)(3): "The banker and the player tie with a 3-card hand total of 9."
    § 631c.2(i)[table]: "| Player and banker 3-card tie | 60 for 1 |"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given the dealing shoe is stacked with 2H AC 3H AD 4S 7H
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 is paid $300.00 in all
    And every progressive meter moves as the regulations require

  @631c.2.g.4 @631c.2.i @631c.2.i.table.table @capability.stacked_shoe @capability.progressive
  Scenario: A Banker's 3-card 9 is paid 9 for 1
    § 631c.2(g)(4): "The banker has a 3-card hand total of 9."
    § 631c.2(i)[table]: "| Banker 3-card 9 | 9 for 1 |"
    Interpretation: for-1-versus-to-1-odds
    Given the dealing shoe is stacked with 2H AC 3C AS KD 7D
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 wins at 9 for 1
    And the wager of seat 3 on Heavenly 9 is paid $45.00 in all
    And every progressive meter moves as the regulations require

  @631c.2.g.5 @631c.2.i @631c.2.i.table.table @capability.stacked_shoe @capability.progressive
  Scenario: A Player's 3-card 9 is paid 8 for 1
    § 631c.2(g)(5): "The player has a 3-card hand total of 9."
    § 631c.2(i)[table]: "| Player 3-card 9 | 8 for 1 |"
    Interpretation: for-1-versus-to-1-odds
    Given the dealing shoe is stacked with 2H KS 3C 6C 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 is paid $40.00 in all
    And every progressive meter moves as the regulations require

  @631c.2.h @capability.stacked_shoe @capability.progressive
  Scenario Outline: Without a 3-card 9 the Heavenly 9 wager loses
    § 631c.2(h): "Each Heavenly 9 progressive Baccarat wager placed shall lose and be collected by the dealer if one of the outcomes specified in subsection (g) does not occur."
    Given the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 loses
    And every progressive meter moves as the regulations require

    Examples:
      | cards             |
      | 9H KS 10C 5D      |
      | 2H AC 3C AS KD 6D |

  @631c.2.f @631c.2.f.ed.current-through-2024-06-22 @capability.stacked_shoe
  Scenario: The Heavenly 9 wager is settled after the result is announced
    § 631c.2(f): "After the round of play is completed and the announcement of the result is made, the dealer shall settle the players’ Heavenly 9 progressive Baccarat wagers"
    § 631c.2(f)@current-through-2024-06-22: "the dealer shall settle the players- Heavenly 9 progressive Baccarat wagers"
    Given the dealing shoe is stacked with 2H AC 3C AS KD 7D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 is settled after the result is announced

  @631c.2.i @631c.2.i.table.table @631c.2.i.table.table.ed.current-through-2024-06-22 @capability.stacked_shoe @capability.progressive
  Scenario: The progressive meter is seeded at $10,000 and rises by 10% of each Heavenly 9 wager
    § 631c.2(i)[table]: "| Meter seed/reseed | \$10,000 |"
    § 631c.2(i)[table]: "| Increment rate | 10% |"
    § 631c.2(i)[table]@current-through-2024-06-22: "Meter seed/reseed $10,000"
    § 631c.2(i)[table]@current-through-2024-06-22: "Increment rate 10%"
    Interpretation: heavenly-9-increment-rate
    Given the dealing shoe is stacked with 9H KS 10C 5D
    And the progressive meters are read
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $25.00 on Heavenly 9
    Then the Heavenly 9 meter starts at $10,000.00
    When the round is dealt
    Then the Heavenly 9 meter rises by 10% of the $25.00 wagered
    And every progressive meter moves as the regulations require

  @631c.2.i @631c.2.i.table.table @capability.stacked_shoe @capability.progressive
  Scenario: The meters are right before and after every round of a shuffled shoe
    § 631c.2(i)[table]: "| Increment rate | 10% |"
    Interpretation: heavenly-9-increment-rate
    Interpretation: meter-amounts-to-the-cent
    When rounds are dealt from shuffled shoes with seat 3 wagering $10.00 on the Banker's Hand and $1,000.00 on Heavenly 9
    Then every round's meters were checked before and after the round
