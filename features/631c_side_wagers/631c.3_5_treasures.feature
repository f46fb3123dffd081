@option.game.baccarat
Feature: § 631c.3 5 Treasures Baccarat wagers
  Five wagers placed after a Baccarat wager (Fortune 7, Golden 8, Heavenly 9 bonus,
  Blazing 7s, Cover All), settled with the Baccarat wagers once the round is complete,
  on the final hands, under paytable A or B of the Rules Submission. An Examples row of
  the paytable not filed is reported "not offered". Each seat wagers $10.00 on the
  Banker's Hand, then $5.00 on the 5 Treasures wager.

  @631c.3.f.1 @631c.3.h @option.fortune_7 @capability.stacked_shoe
  Scenario Outline: Fortune 7 wins 40 to 1 when the Banker's Hand wins with a 3-card total of 7
    § 631c.3(f)(1): "The Fortune 7 bonus wager shall win if the banker's hand wins with a 3-card total of 7."
    § 631c.3(h): "If one of the 5 Treasures Baccarat wagers wins, it shall be paid out based upon one of the following paytables"
    Given the Rules Submission selects Fortune 7 paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with 9C 4D 4S 9D 9S 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Fortune 7
    When the round is dealt
    Then the Banker's Hand is 4D 9D 4D with a Point Count of 7
    And the wager of seat 3 on Fortune 7 wins at <odds>

    Examples:
      | paytable | odds    |
      | A        | 40 to 1 |
      | B        | 40 to 1 |

  @631c.3.f.1 @631c.3.g @option.fortune_7 @capability.stacked_shoe
  Scenario Outline: Fortune 7 loses unless the Banker's Hand wins with three cards totalling 7
    § 631c.3(g): "Each 5 Treasures Baccarat wager placed shall lose and be collected by the dealer if the outcomes specified in subsection (f) do not occur."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Fortune 7
    When the round is dealt
    Then the wager of seat 3 on Fortune 7 loses

    Examples:
      | shoe              | outcome                                      |
      | AH AS AC 6D AD AS | the Banker's Hand wins with a 2-card 7       |
      | QS QD 7S QD 7S 7D | the Banker's 3-card 7 ties the Player's 7    |

  @631c.3.f.2 @631c.3.h @option.golden_8 @capability.stacked_shoe
  Scenario Outline: Golden 8 wins 25 to 1 when the Player's Hand wins with a 3-card total of 8
    § 631c.3(f)(2): "The Golden 8 bonus wager shall win if the player's hand wins with a 3-card total of 8."
    Given the Rules Submission selects Golden 8 paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with 6C 6C 6H 9H 6S 6C
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Golden 8
    When the round is dealt
    Then the Player's Hand is 6C 6H 6S with a Point Count of 8
    And the wager of seat 3 on Golden 8 wins at <odds>

    Examples:
      | paytable | odds    |
      | A        | 25 to 1 |
      | B        | 25 to 1 |

  @631c.3.f.2 @631c.3.g @option.golden_8 @capability.stacked_shoe
  Scenario Outline: Golden 8 loses unless the Player's Hand wins with three cards totalling 8
    § 631c.3(g): "Each 5 Treasures Baccarat wager placed shall lose and be collected by the dealer if the outcomes specified in subsection (f) do not occur."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Golden 8
    When the round is dealt
    Then the wager of seat 3 on Golden 8 loses

    Examples:
      | shoe                 | outcome                                   |
      | 9S 10H 9H 10C 9C 10C | the Player's Hand wins with a two-card 8  |
      | 4C 4C 7D 7S 7H 7D    | the Player's 3-card 8 ties the Banker's 8 |

  @631c.3.f.3 @631c.3.h @option.heavenly_9_bonus @capability.stacked_shoe
  Scenario Outline: Heavenly 9 bonus pays 10 to 1 for one 3-card 9 and 75 to 1 for two
    § 631c.3(f)(3): "The Heavenly 9 bonus wager shall win if the banker's or player's hand has a 3-card total of 9, and a higher payout shall occur if both hands have a 3-card total of 9."
    Given the Rules Submission selects Heavenly 9 bonus paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9 bonus
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 bonus wins at <odds>

    Examples:
      | paytable | shoe              | outcome                            | odds    |
      | A        | 5H 5C 5H 5S 9H 5C | the Player's Hand has a 3-card 9   | 10 to 1 |
      | A        | 5C 5H 7C 7C 5C 7D | the Banker's Hand has a 3-card 9   | 10 to 1 |
      | A        | 2H KC 2D 3S 5C 6D | both hands have a 3-card 9         | 75 to 1 |
      | B        | 5H 5C 5H 5S 9H 5C | the Player's Hand has a 3-card 9   | 10 to 1 |
      | B        | 5C 5H 7C 7C 5C 7D | the Banker's Hand has a 3-card 9   | 10 to 1 |
      | B        | 2H KC 2D 3S 5C 6D | both hands have a 3-card 9         | 75 to 1 |

  @631c.3.f.3 @631c.3.g @option.heavenly_9_bonus @capability.stacked_shoe
  Scenario: Heavenly 9 bonus loses on a two-card 9
    § 631c.3(g): "Each 5 Treasures Baccarat wager placed shall lose and be collected by the dealer if the outcomes specified in subsection (f) do not occur."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9C 2D KH 3S 5C 6D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Heavenly 9 bonus
    When the round is dealt
    Then the wager of seat 3 on Heavenly 9 bonus loses

  @631c.3.f.4 @631c.3.h @631c.3.d @option.blazing_7s @capability.stacked_shoe
  Scenario Outline: Blazing 7s pays the 3-card Blazing 7s odds when both hands are 3-card 7s
    § 631c.3(f)(4): "The Blazing 7s bonus wager shall win if the banker's and player's hands are either a 2-card total of 7 or 3-card total of 7."
    § 631c.3(d): "the round of play shall be played and completed in accordance to the house rules and provisions of §§ 631a.10—631a.12"
    Interpretation: 631c.3-f-4-blazing-7s-card-count
    Given the Rules Submission selects Blazing 7s paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with 4H 9D 9H 4H 4S 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Blazing 7s
    When the round is dealt
    Then the Player's Hand is 4H 9H 4S with a Point Count of 7
    And the Banker's Hand is 9D 4H 4D with a Point Count of 7
    And the wager of seat 3 on Blazing 7s wins at <odds>

    Examples:
      | paytable | odds     |
      | A        | 400 to 1 |
      | B        | 200 to 1 |

  @631c.3.f.4 @631c.3.h @option.blazing_7s @capability.stacked_shoe
  Scenario Outline: Under Paytable B two 2-card 7s pay 50 to 1
    § 631c.3(f)(4): "The Blazing 7s bonus wager shall win if the banker's and player's hands are either a 2-card total of 7 or 3-card total of 7."
    Interpretation: 631c.3-f-4-blazing-7s-card-count
    Given the Rules Submission selects Blazing 7s paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with QC 7S 7S QS QH QS
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Blazing 7s
    When the round is dealt
    Then the wager of seat 3 on Blazing 7s wins at <odds>

    Examples:
      | paytable | odds    |
      | B        | 50 to 1 |

  @631c.3.h @631c.3.g @option.blazing_7s @capability.stacked_shoe
  Scenario Outline: Under Paytable A, where 2-card Blazing 7s is N/A, two 2-card 7s lose
    § 631c.3(h): "If one of the 5 Treasures Baccarat wagers wins, it shall be paid out based upon one of the following paytables"
    Interpretation: 631c.3-h-2-card-blazing-7s-not-offered-in-a
    Given the Rules Submission selects Blazing 7s paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with QC 7S 7S QS QH QS
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Blazing 7s
    When the round is dealt
    Then the wager of seat 3 on Blazing 7s loses

    Examples:
      | paytable |
      | A        |

  @631c.3.f.4 @631c.3.g @option.blazing_7s @capability.stacked_shoe
  Scenario Outline: Blazing 7s loses when a 2-card 7 meets a 3-card 7
    § 631c.3(f)(4): "either a 2-card total of 7 or 3-card total of 7"
    Interpretation: 631c.3-f-4-blazing-7s-card-count
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Blazing 7s
    When the round is dealt
    Then the wager of seat 3 on Blazing 7s loses

    Examples:
      | shoe              | hands                                            |
      | QS QD 7S QD 7S 7D | the Player's 2-card 7 against the Banker's 3-card 7 |
      | JC 7C JC JC 7D 7S | the Player's 3-card 7 against the Banker's 2-card 7 |

  @631c.3.f.5 @631c.3.h @option.cover_all @capability.stacked_shoe
  Scenario Outline: Cover All, placed without the other four wagers, wins 6 to 1 when any of them would win
    § 631c.3(f)(5): "The Cover All bonus wager shall win if any of the other four 5 Treasures Baccarat wagers wins. The player need not place one of the four other 5 Treasures Baccarat wagers to place a Cover All bonus wager."
    Given the Rules Submission selects Cover All paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Cover All
    When the round is dealt
    Then the wager of seat 3 on Cover All wins at <odds>

    Examples:
      | paytable | shoe              | outcome                    | odds   |
      | A        | 9C 4D 4S 9D 9S 4D | Fortune 7                  | 6 to 1 |
      | A        | 6C 6C 6H 9H 6S 6C | Golden 8                   | 6 to 1 |
      | A        | 5H 5C 5H 5S 9H 5C | Heavenly 9, one hand       | 6 to 1 |
      | A        | 2H KC 2D 3S 5C 6D | Heavenly 9, both hands     | 6 to 1 |
      | A        | 4H 9D 9H 4H 4S 4D | 3-card Blazing 7s          | 6 to 1 |
      | B        | 9C 4D 4S 9D 9S 4D | Fortune 7                  | 6 to 1 |
      | B        | 6C 6C 6H 9H 6S 6C | Golden 8                   | 6 to 1 |
      | B        | 5C 5H 7C 7C 5C 7D | Heavenly 9, one hand       | 6 to 1 |
      | B        | 2H KC 2D 3S 5C 6D | Heavenly 9, both hands     | 6 to 1 |
      | B        | 4H 9D 9H 4H 4S 4D | 3-card Blazing 7s          | 6 to 1 |
      | B        | QC 7S 7S QS QH QS | 2-card Blazing 7s          | 6 to 1 |

  @631c.3.f.5 @631c.3.g @option.cover_all @capability.stacked_shoe
  Scenario Outline: Cover All loses when none of the other four wagers would win
    § 631c.3(g): "Each 5 Treasures Baccarat wager placed shall lose and be collected by the dealer if the outcomes specified in subsection (f) do not occur."
    Interpretation: 631c.3-f-4-blazing-7s-card-count
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Cover All
    When the round is dealt
    Then the wager of seat 3 on Cover All loses

    Examples:
      | shoe              | outcome                                          |
      | 9C 2D KH 3S 5C 6D | a two-card 9 wins                                |
      | AH AS AC 6D AD AS | the Banker's Hand wins with a 2-card 7           |
      | QS QD 7S QD 7S 7D | a 2-card 7 ties a 3-card 7                       |

  @631c.3.h @631c.3.g @option.cover_all @capability.stacked_shoe
  Scenario Outline: Under Paytable A two 2-card 7s do not win Cover All
    § 631c.3(h): "If one of the 5 Treasures Baccarat wagers wins, it shall be paid out based upon one of the following paytables"
    Interpretation: 631c.3-h-2-card-blazing-7s-not-offered-in-a
    Given the Rules Submission selects Cover All paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with QC 7S 7S QS QH QS
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Cover All
    When the round is dealt
    Then the wager of seat 3 on Cover All loses

    Examples:
      | paytable |
      | A        |

  @631c.3.a @option.fortune_7 @option.golden_8 @option.heavenly_9_bonus @option.blazing_7s @option.cover_all @capability.stacked_shoe
  Scenario Outline: A 5 Treasures wager needs a Baccarat wager at the same seat
    § 631c.3(a): "offer to each player who has placed a Baccarat wager in accordance with § 631a.8(a) (relating to wagers) the option of placing one or more 5 Treasures Baccarat wagers"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9C 4D 4S 9D 9S 4D
    When seat 3 tries to wager $5.00 on <wager>
    Then the game refuses the wager

    Examples:
      | wager            |
      | Fortune 7        |
      | Golden 8         |
      | Heavenly 9 bonus |
      | Blazing 7s       |
      | Cover All        |

  @631c.3.c @option.fortune_7 @capability.stacked_shoe
  Scenario: A 5 Treasures wager is refused after the dealer calls "no more bets"
    § 631c.3(c): "a player may place one or more of the 5 Treasures Baccarat wagers at any time before the dealer calls, "no more bets.""
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9C 4D 4S 9D 9S 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    When the dealer announces "no more bets"
    And seat 3 tries to wager $5.00 on Fortune 7
    Then the game refuses the wager

  @631c.3.e @option.fortune_7 @option.golden_8 @option.heavenly_9_bonus @option.blazing_7s @option.cover_all @capability.stacked_shoe
  Scenario: 5 Treasures wagers are settled after the round is completed and its result announced
    § 631c.3(e): "After the round of play is completed and the announcement of the result is made, the dealer shall settle the player's 5 Treasures Baccarat wagers while settling the Baccarat wagers and other optional wagers placed by each player."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 4H 9D 9H 4H 4S 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Fortune 7
    And seat 3 wagers $5.00 on Golden 8
    And seat 3 wagers $5.00 on Heavenly 9 bonus
    And seat 3 wagers $5.00 on Blazing 7s
    And seat 3 wagers $5.00 on Cover All
    When the round is dealt
    Then the wager of seat 3 on Fortune 7 is settled after the result is announced
    And the wager of seat 3 on Golden 8 is settled after the result is announced
    And the wager of seat 3 on Heavenly 9 bonus is settled after the result is announced
    And the wager of seat 3 on Blazing 7s is settled after the result is announced
    And the wager of seat 3 on Cover All is settled after the result is announced

  @631c.3 @capability.stacked_shoe @capability.offered_wagers @option.any @option.fortune_7 @option.golden_8 @option.heavenly_9_bonus @option.blazing_7s @option.cover_all
  Scenario: 5 Treasures settlement over many dealt rounds agrees with the paytable
    § 631c.3(f): "Each 5 Treasures Baccarat wager placed shall win, and be paid out in accordance with one of the paytables in subsection (h), if the following outcomes occur:"
    Interpretation: 631c.3-f-4-blazing-7s-card-count
    When rounds are dealt from stacked shoes with every offered wager of § 631c.3 placed
    Then every wager of § 631c.3 is settled as the paytable says

  @631c.3.h @capability.stacked_shoe
  Scenario Outline: A winning 5 Treasures wager is paid at its paytable's odds on every class of cards and at every stake residue
    § 631c.3(h): "If one of the 5 Treasures Baccarat wagers wins, it shall be paid out based upon one of the following paytables"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    @option.fortune_7
    Examples: Fortune 7
      | wager |
      | Fortune 7 |

    @option.golden_8
    Examples: Golden 8
      | wager |
      | Golden 8 |

    @option.heavenly_9_bonus
    Examples: Heavenly 9 Bonus
      | wager |
      | Heavenly 9 Bonus |

    @option.blazing_7s
    Examples: Blazing 7s
      | wager |
      | Blazing 7s |

    @option.cover_all
    Examples: Cover All
      | wager |
      | Cover All |
