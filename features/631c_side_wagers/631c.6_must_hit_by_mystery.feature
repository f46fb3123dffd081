@option.heavenly_9
Feature: § 631c.6 Must-Hit-By Mystery bonus
  The Must-Hit-By Mystery meter of each configuration of § 631c.6(c)(4) (Paytables A to D,
  $1, $2 and $5) is read before and after every round: its seed, the hit value the game's
  random number generator preselects (disclosed in test mode as the meter's hit_value),
  each qualifying Heavenly 9 wager's contribution, the award of 100% of the meter when a
  contribution takes it past the hit value, and the reset to the minimum dollar value.
  Scenarios over all configurations open the table with that configuration in place of the
  Rules Submission's; a game that does not implement one reports it "not offered".

  @631c.6.c.4 @631c.6.c.4.table.table @631c.6.c.2 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Each configuration seeds the meter at its minimum amount and contributes its rate of each qualifying wager
    § 631c.6(c)(4): "The incremental contribution of each player's qualifying Heavenly 9 progressive Baccarat wager and the minimum and maximum dollar values for the Must-Hit-By Mystery bonus meter shall be set in one of the following configurations"
    § 631c.6(c)(2): "A percentage of a player's qualifying Heavenly 9 progressive Baccarat wager shall be allocated as an incremental contribution to the Must-Hit-By Mystery bonus progressive meter."
    Interpretation: mystery-minimum-wager-and-631c.2-c
    Interpretation: meter-amounts-to-the-cent
    Given the Rules Submission offers the Must-Hit-By Mystery bonus
    And a table opened under the Rules Submission with Must-Hit-By Mystery configuration <configuration>
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And the progressive meters are read
    Then the Must-Hit-By Mystery meter opens at <minimum> with a hit value from <minimum> to <maximum>
    When the round is dealt
    Then the Must-Hit-By Mystery meter rises by <rate> of the $5.00 wagered
    And every progressive meter moves as the regulations require

    Examples:
      | configuration | minimum | maximum   | rate |
      | A-$1          | $100.00 | $200.00   | 2%   |
      | A-$2          | $100.00 | $200.00   | 1.5% |
      | A-$5          | $100.00 | $250.00   | 1%   |
      | B-$1          | $100.00 | $500.00   | 5%   |
      | B-$2          | $100.00 | $500.00   | 3.5% |
      | B-$5          | $100.00 | $500.00   | 2%   |
      | C-$1          | $250.00 | $500.00   | 2%   |
      | C-$2          | $250.00 | $500.00   | 1.5% |
      | C-$5          | $250.00 | $500.00   | 0.5% |
      | D-$1          | $250.00 | $1,000.00 | 5%   |
      | D-$2          | $250.00 | $1,000.00 | 3%   |
      | D-$5          | $250.00 | $1,000.00 | 2%   |

  @631c.6.c.1 @631c.6.a @capability.stacked_shoe @capability.progressive
  Scenario: Only a player with a Baccarat wager and a Heavenly 9 wager contributes
    § 631c.6(c)(1): "A player shall qualify for the Must-Hit-By Mystery bonus by placing a Baccarat wager and a Heavenly 9 progressive Baccarat wager"
    § 631c.6(a): "offer to each player who has placed a Baccarat wager in accordance with § 631a.8(a) (relating to wagers) and an optional Heavenly 9 progressive Baccarat wager the opportunity to win the Must-Hit-By Mystery bonus."
    Given the Rules Submission offers the Must-Hit-By Mystery bonus
    And a table opened under the Rules Submission with Must-Hit-By Mystery configuration B-$5
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9
    And seat 4 wagers $500.00 on the Player's Hand
    And the progressive meters are read
    When the round is dealt
    Then the Must-Hit-By Mystery meter rises by 2% of the $5.00 wagered
    And every progressive meter moves as the regulations require

  @631c.6.c.3 @631c.6.c.7 @631c.6.c.5.iv @631c.6.c.5.iii @capability.stacked_shoe @capability.progressive
  Scenario Outline: The contribution that takes the meter past its hit value wins 100% of the meter, which resets to the minimum
    § 631c.6(c)(3): "The certificate holder shall pay out the Must-Hit-By Mystery bonus when a qualifying player's contribution increases the Must-Hit-By Mystery bonus progressive meter's jackpot amount in excess of a random dollar value preselected by an electronic random number generator, between a set minimum and maximum dollar value."
    § 631c.6(c)(7): "A player who wins the Must-Hit-By Mystery bonus shall be paid 100% of the bonus jackpot amount on the progressive meter."
    § 631c.6(c)(5)(iii): "Pay the Must-Hit-By Mystery bonus."
    § 631c.6(c)(5)(iv): "Reset the progressive meter to the minimum dollar value specified in the certificate holder's Rules Submission"
    Interpretation: mystery-bonus-hit
    Interpretation: meter-amounts-to-the-cent
    Given the Rules Submission offers the Must-Hit-By Mystery bonus
    And a table opened under the Rules Submission with Must-Hit-By Mystery configuration <configuration>
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1,000.00 on Heavenly 9
    And the progressive meters are read
    When the round is dealt
    And the same wagers are placed round after round until the Must-Hit-By Mystery meter passes its hit value
    Then seat 3 is paid 100% of the Must-Hit-By Mystery meter as it passes its hit value
    And the Must-Hit-By Mystery meter resets to <minimum> with a new hit value from <minimum> to <maximum>

    Examples:
      | configuration | minimum | maximum   | rate |
      | A-$1          | $100.00 | $200.00   | 2%   |
      | A-$2          | $100.00 | $200.00   | 1.5% |
      | A-$5          | $100.00 | $250.00   | 1%   |
      | B-$1          | $100.00 | $500.00   | 5%   |
      | B-$2          | $100.00 | $500.00   | 3.5% |
      | B-$5          | $100.00 | $500.00   | 2%   |
      | C-$1          | $250.00 | $500.00   | 2%   |
      | C-$2          | $250.00 | $500.00   | 1.5% |
      | C-$5          | $250.00 | $500.00   | 0.5% |
      | D-$1          | $250.00 | $1,000.00 | 5%   |
      | D-$2          | $250.00 | $1,000.00 | 3%   |
      | D-$5          | $250.00 | $1,000.00 | 2%   |

  @631c.6.c.3 @capability.progressive
  Scenario: The random number generator preselects hit amounts at random between the minimum and the maximum
    § 631c.6(c)(3): "a random dollar value preselected by an electronic random number generator, between a set minimum and maximum dollar value"
    Interpretation: mystery-hit-value-random
    Interpretation: mystery-hit-value-uniform
    Given the Rules Submission offers the Must-Hit-By Mystery bonus
    When tables are opened under the Rules Submission and the Must-Hit-By Mystery hit value of each is read
    Then the hit values are random between the Must-Hit-By Mystery minimum and maximum dollar values at significance level 0.001
