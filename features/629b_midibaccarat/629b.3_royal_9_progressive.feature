@option.royal_9 @option.variant.midibaccarat
Feature: § 629b.3 Royal 9 Progressive wager (Midibaccarat)
  Each scenario stacks the dealing shoe with the first four cards of a round, places a
  Midibaccarat wager and a Royal 9 Progressive wager, reads the Mega, Major and Minor Jackpot
  meters (and the mystery meter, when offered) before the round and checks the settlement
  and every meter after it, to the cent. The personal King 9 combinations come from the
  Rules Submission ([wagers.royal_9.personal_combinations]); the example profiles give
  position 3 the King of spades and the 9 of diamonds, position 4 KS 9C, position 7 KH 9D.
  Chapter 629b is a temporary regulation past its expiry: its scenarios run with
  --include-expired or an earlier --as-of.

  @629b.3.e.1 @629b.3.f.1 @629b.3.f.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 in either hand is paid $25.00 on a $5 Royal 9 wager
    § 629b.3(e)(1): "Any Royal 9—Either the player hand or banker hand contains a Royal 9."
    § 629b.3(f)(1)[table]: "Any Royal 9	\$25"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH 2C 9S 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $25.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.1 @629b.3.g.1 @629b.3.g.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 in either hand is paid $5.00 on a $1 Royal 9 wager
    § 629b.3(e)(1): "Any Royal 9—Either the player hand or banker hand contains a Royal 9."
    § 629b.3(g)(1)[table]: "Any Royal 9	\$5"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH 2C 9S 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $5.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.2 @629b.3.f.1 @629b.3.f.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A suited Royal 9 in either hand is paid $50.00 on a $5 Royal 9 wager
    § 629b.3(e)(2): "Any Suited Royal 9—Either the player or banker hand contains a Royal 9 where both cards are of the same suit."
    § 629b.3(f)(1)[table]: "Any Suited Royal 9	\$50"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH 2C 9H 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $50.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.2 @629b.3.g.1 @629b.3.g.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A suited Royal 9 in either hand is paid $10.00 on a $1 Royal 9 wager
    § 629b.3(e)(2): "Any Suited Royal 9—Either the player or banker hand contains a Royal 9 where both cards are of the same suit."
    § 629b.3(g)(1)[table]: "Any Suited Royal 9	\$10"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH 2C 9H 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $10.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.3 @629b.3.f.1 @629b.3.f.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 in both hands is paid $250.00 on a $5 Royal 9 wager
    § 629b.3(e)(3): "Royal 9 Tie Hand—Both player and banker have a Royal 9; not necessarily the same Royal 9 combination."
    § 629b.3(f)(1)[table]: "Royal 9 Tie Hand	\$250"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH JD 9S 9C
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $250.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.3 @629b.3.g.1 @629b.3.g.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 in both hands is paid $50.00 on a $1 Royal 9 wager
    § 629b.3(e)(3): "Royal 9 Tie Hand—Both player and banker have a Royal 9; not necessarily the same Royal 9 combination."
    § 629b.3(g)(1)[table]: "Royal 9 Tie Hand	\$50"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH JD 9S 9C
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $50.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.4 @629b.3.f.1 @629b.3.f.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A suited Royal 9 in both hands is paid $1,500.00 on a $5 Royal 9 wager
    § 629b.3(e)(4): "Suited Royal 9 Tie Hand—Both player and banker have a suited Royal 9; not necessarily the same suited Royal 9."
    § 629b.3(f)(1)[table]: "Suited Royal 9 Tie Hand	\$1,500"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH JD 9H 9D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $1,500.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.4 @629b.3.g.1 @629b.3.g.1.table.table @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A suited Royal 9 in both hands is paid $300.00 on a $1 Royal 9 wager
    § 629b.3(e)(4): "Suited Royal 9 Tie Hand—Both player and banker have a suited Royal 9; not necessarily the same suited Royal 9."
    § 629b.3(g)(1)[table]: "Suited Royal 9 Tie Hand	\$300"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with QH JD 9H 9D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $300.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.8 @629b.3.e.5 @629b.3.f.1 @629b.3.f.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 on Player Hand) wins 100% of the Minor Jackpot on a $5 wager
    § 629b.3(e)(8): "*Minor Jackpot*—Personal King 9 on Player Hand—The Player hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(f)(1)[table]: "Personal King 9 on Player Hand	100% Minor Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Minor Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $25.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | KS 2C 9D 3D |
      | 9D 2C KS 3D |

  @629b.3.e.8 @629b.3.e.5 @629b.3.g.1 @629b.3.g.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 on Player Hand) wins 100% of the Minor Jackpot on a $1 wager
    § 629b.3(e)(8): "*Minor Jackpot*—Personal King 9 on Player Hand—The Player hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(g)(1)[table]: "Personal King 9 on Player Hand	100% Minor Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Minor Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $5.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | KS 2C 9D 3D |
      | 9D 2C KS 3D |

  @629b.3.e.7 @629b.3.e.5 @629b.3.f.1 @629b.3.f.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 on Banker Hand) wins 100% of the Major Jackpot on a $5 wager
    § 629b.3(e)(7): "*Major Jackpot*—Personal King 9 on Banker Hand—The Banker hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(f)(1)[table]: "Personal King 9 on Banker Hand	100% Major Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Major Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $25.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | 2C KS 3D 9D |
      | 2C 9D 3D KS |

  @629b.3.f.1 @629b.3.f.1.table.table @629b.3.g.1 @629b.3.g.1.table.table @629b.3.e.7 @629b.3.e.8 @629b.3.e.4 @capability.stacked_shoe @capability.progressive
  Scenario Outline: A suited personal King 9 against a suited Royal 9 makes two rows: the jackpot, first in printed order, or the larger Suited Royal 9 Tie Hand award is paid
    § 629b.3(e)(7): "*Major Jackpot*—Personal King 9 on Banker Hand—The Banker hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(8): "*Minor Jackpot*—Personal King 9 on Player Hand—The Player hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(4): "Suited Royal 9 Tie Hand—Both player and banker have a suited Royal 9; not necessarily the same suited Royal 9."
    § 629b.3(f)(1)[table]: "Personal King 9 on Banker Hand	100% Major Jackpot"
    § 629b.3(f)(1)[table]: "Personal King 9 on Player Hand	100% Minor Jackpot"
    § 629b.3(f)(1)[table]: "Suited Royal 9 Tie Hand	\$1,500"
    § 629b.3(g)(1)[table]: "Suited Royal 9 Tie Hand	\$300"
    Interpretation: royal-9-two-rows-first-or-larger
    Interpretation: progressive-award-is-the-whole-payout
    Given a table opened under the Rules Submission with the $<denomination> Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 6 wagers $10.00 on the Banker's Hand
    And seat 6 wagers <stake> on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 6 on Royal 9 is paid 100% of the <meter> meter, or <award> in all where that is more
    And every progressive meter moves as the regulations require

    Examples:
      | denomination | stake | cards       | meter         | award     |
      | 5            | $5.00 | QS KH 9S 9H | Major Jackpot | $1,500.00 |
      | 5            | $5.00 | KH QS 9H 9S | Minor Jackpot | $1,500.00 |
      | 1            | $1.00 | QS KH 9S 9H | Major Jackpot | $300.00   |
      | 1            | $1.00 | KH QS 9H 9S | Minor Jackpot | $300.00   |

  @629b.3.e.7 @629b.3.e.5 @629b.3.g.1 @629b.3.g.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 on Banker Hand) wins 100% of the Major Jackpot on a $1 wager
    § 629b.3(e)(7): "*Major Jackpot*—Personal King 9 on Banker Hand—The Banker hand contains the King 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(g)(1)[table]: "Personal King 9 on Banker Hand	100% Major Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Major Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $5.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | 2C KS 3D 9D |
      | 2C 9D 3D KS |

  @629b.3.e.6 @629b.3.e.5 @629b.3.f.1 @629b.3.f.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 v. Personal King 9) wins 100% of the Mega Jackpot on a $5 wager
    § 629b.3(e)(6): "Mega Jackpot—Personal King 9 versus Personal King 9—The Player hand and Banker hand both contain the same King and 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(f)(1)[table]: "Personal King 9 v. Personal King 9	100% of Mega Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Mega Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $5,000.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | KS KS 9D 9D |
      | 9D KS KS 9D |

  @629b.3.e.6 @629b.3.e.5 @629b.3.g.1 @629b.3.g.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Position 3's own King 9 combination (Personal King 9 v. Personal King 9) wins 100% of the Mega Jackpot on a $1 wager
    § 629b.3(e)(6): "Mega Jackpot—Personal King 9 versus Personal King 9—The Player hand and Banker hand both contain the same King and 9 combination that is a personal progressive combination assigned to a player position."
    § 629b.3(e)(5): "Personal Progressive Combinations—Each player position has a unique combination consisting of a king and a nine which is printed on the layout in front of the wagering area which can trigger a progressive payout."
    § 629b.3(g)(1)[table]: "Personal King 9 v. Personal King 9	100% of Mega Jackpot"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid 100% of the Mega Jackpot meter
    And the wager of seat 4 on Royal 9 is paid $1,000.00 in all
    And every progressive meter moves as the regulations require

    Examples:
      | cards       |
      | KS KS 9D 9D |
      | 9D KS KS 9D |

  @629b.3.e.9 @629b.3.f.1 @629b.3.f.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario: Mega Envy pays $5,000.00 on a $5 wager when an empty position's King 9 is in both hands
    § 629b.3(e)(9): "Mega Envy—Any Player Position's King 9 versus King 9—The Banker and Player hand contains the same King 9 combination that is assigned to one of the player positions. It does not matter if the player position is occupied or if there is a wager in the player position that contains the winning King 9 combination."
    § 629b.3(f)(1)[table]: "Mega Envy—Any Position's King 9 v. King 9	\$5,000"
    Interpretation: progressive-award-is-the-whole-payout
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager and only seats 3, 4 occupied
    And the dealing shoe is stacked with KH KH 9D 9D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $5,000.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.e.9 @629b.3.g.1 @629b.3.g.1.table.table @capability.stacked_shoe @capability.progressive
  Scenario: Mega Envy pays $1,000.00 on a $1 wager when an empty position's King 9 is in both hands
    § 629b.3(e)(9): "Mega Envy—Any Player Position's King 9 versus King 9—The Banker and Player hand contains the same King 9 combination that is assigned to one of the player positions. It does not matter if the player position is occupied or if there is a wager in the player position that contains the winning King 9 combination."
    § 629b.3(g)(1)[table]: "Mega Envy—Any Position's King 9 v. King 9	\$1,000"
    Interpretation: progressive-award-is-the-whole-payout
    Given a table opened under the Rules Submission with the $1 Royal 9 Progressive wager and only seats 3, 4 occupied
    And the dealing shoe is stacked with KH KH 9D 9D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $1.00 on Royal 9
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is paid $1,000.00 in all
    And every progressive meter moves as the regulations require

  @629b.3.f.2 @629b.3.g.2 @capability.progressive
  Scenario: The jackpot meters start at the Rules Submission's initial amounts, no less than the minimums
    § 629b.3(f)(2): "the initial and reset amounts must also be in the Rules Submission and shall be at least"
    § 629b.3(g)(2): "the initial and reset amounts must also be in the Rules Submission and shall be at least"
    Interpretation: royal-9-meters
    Given a table opened under the Rules Submission
    And the progressive meters are read
    Then the Royal 9 jackpot meters start at the Rules Submission's initial amounts and no lower than the minimums

  @629b.3.f.2 @capability.stacked_shoe @capability.progressive
  Scenario: The meters are right before and after every round of a shuffled shoe
    § 629b.3(f)(2): "The rate of progression for the meters used for the Royal 9 Progressive wager must be specified in the certificate holder's Rules Submission"
    Interpretation: royal-9-meters
    Interpretation: meter-amounts-to-the-cent
    Given a table opened under the Rules Submission
    When rounds are dealt from shuffled shoes with seat 3 wagering $10.00 on the Banker's Hand and $5.00 on Royal 9
    Then every round's meters were checked before and after the round

  @629b.3.b @capability.stacked_shoe
  Scenario: A Royal 9 wager is refused to a player without a Midibaccarat wager
    § 629b.3(b): "a certificate holder may offer to each player who placed a Midibaccarat wager"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with QH 2C 9S 3D
    When seat 5 attempts to wager $5.00 on Royal 9
    Then the attempted wager is not recognised

  @629b.3.a.2 @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 wager offered once dealing has begun is not recognised and does not move the meters
    § 629b.3(a)(2): "a mechanism, such as a lock-out button, that prevents the placement of any Royal 9 Progressive wagers that a player attempts to place after the dealer has begun dealing the cards."
    Interpretation: royal-9-lockout-from-no-more-bets
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with QH 2C 9S 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And the progressive meters are read
    When the dealer announces "no more bets"
    And seat 3 attempts to wager $5.00 on Royal 9
    Then the attempted wager is not recognised
    And the Mega Jackpot meter is unchanged

  @629b.3.c @capability.stacked_shoe
  Scenario Outline: After the Midibaccarat and Royal 9 wagers the cards are dealt Player, Banker, Player, Banker, then any third card, as in the base game
    § 629b.3(c): "After placing a Midibaccarat wager, as required in § 629a.7(b), and any optional wagers including the Royal 9 Progressive wager, the dealer shall deal the cards in accordance with § 629a.8(a)—(d) (relating to hands of player and banker; procedure for dealing initial two cards to each hand)."
    Interpretation: base-game-631a-for-627a-629a
    Given a table opened under the Rules Submission with the $5 Royal 9 Progressive wager
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
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

  @629b.3.d @capability.stacked_shoe
  Scenario: A winning Royal 9 wager is paid before the dealing is completed
    § 629b.3(d): "Any winning Royal 9 Progressive wagers as outlined in subsection (e) will be paid by the dealer in accordance with subsection (f)."
    § 629b.3(d): "The dealer will then complete the dealing procedures in § 629a.8(c)(4)—(6)."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with QH 2C 9S 3D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $5.00 on Royal 9
    When the round is dealt
    Then the wager of seat 3 on Royal 9 is settled before any third card is dealt

  @629b.3.h @629b.3.h.table.table @capability.stacked_shoe @capability.progressive
  Scenario Outline: Each mystery configuration seeds at its reseed amount, contributes its rate and pays when the meter passes its hit value
    § 629b.3(h): "If the progressive table game system utilized by the certificate holder has the capability to offer a mystery progressive, the seed and reseed amount, random must hit by amount and incrementation rate shall be as follows:"
    Interpretation: royal-9-meters
    Interpretation: mystery-bonus-hit
    Given the Rules Submission offers the Royal 9 mystery progressive
    And a table opened under the Rules Submission with Royal 9 mystery configuration <configuration>
    And the dealing shoe is stacked with 2H 3C 3C 3D KD 2H
    And seats 1 to 14 each wager $10.00 on the Banker's Hand and $5.00 on Royal 9
    And the progressive meters are read
    Then the Royal 9 mystery meter opens at <reseed> with a hit value from <reseed> to <must_hit_by>
    When the round is dealt
    And the same wagers are placed round after round until the Royal 9 mystery meter passes its hit value
    Then the Royal 9 mystery meter resets to <reseed> with a new hit value from <reseed> to <must_hit_by>

    Examples:
      | configuration | reseed  | must_hit_by | rate |
      | 1             | $250.00 | $1,000.00   | 5%   |
      | 2             | $100.00 | $500.00     | 5%   |
      | 3             | $100.00 | $200.00     | 2%   |

  @629b.3.h @629b.3.h.table.table @capability.progressive
  Scenario: The mystery hit amounts are drawn at random between the reseed amount and the must-hit-by amount
    § 629b.3(h): "the seed and reseed amount, random must hit by amount and incrementation rate shall be as follows:"
    Interpretation: mystery-hit-value-random
    Interpretation: mystery-hit-value-uniform
    Given the Rules Submission offers the Royal 9 mystery progressive
    When tables are opened under the Rules Submission and the Royal 9 mystery hit value of each is read
    Then the hit values are random between the Royal 9 mystery minimum and maximum dollar values at significance level 0.001

  @629b.3.b @capability.stacked_shoe @capability.progressive
  Scenario: A Royal 9 Progressive wager wins on every class of initial cards with a face card and a nine in a hand, and on no other
    § 629b.3(b): "If specified in its Rules Submission under § 601a.2 (relating to table games Rules Submissions), a certificate holder may offer to each player who placed a Midibaccarat wager in accordance with § 629a.7(b) (relating to wagers), the option of placing a Royal 9 Progressive wager which shall win if the first two cards to either the Banker hand or Player hand consist of a face card (K, Q or J) and a nine."
    Given every class of cards the rule of the wager on Royal 9 distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every wager on Royal 9 of the sweep wins or loses as the scenario's clause says
