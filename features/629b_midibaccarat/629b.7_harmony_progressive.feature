@option.harmony @option.variant.midibaccarat
Feature: § 629b.7 Harmony Progressive
  Every cell of Paytables A to I is dealt with real cards: the table is opened with that
  paytable in place of the Rules Submission's (a game that does not implement a paytable
  reports it "not offered"), a $10.00 Harmony Progressive wager is placed beside a Banker
  wager, and the settlement and the progressive and reserve meters are checked, to the cent,
  against the paytable's rates of § 629b.7(j). Only the highest qualifying outcome of the
  selected paytable is paid. Chapter 629b is a temporary regulation past its expiry: its
  scenarios run with --include-expired or an earlier --as-of.

  @629b.7.i @629b.7.i.table.table_1 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.5 @629b.7.g.6 @629b.7.g.7 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable A pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 1]: "Outcome	Paytable A	Paytable B	Paytable C"
    § 629b.7(i)[table 1]: "Four 8's (4 cards dealt)	1,000 for 1	1,000 for 1	600 for 1"
    § 629b.7(i)[table 1]: "Four-of-a-kind (4 cards dealt)	300 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 1]: "Six 0-value cards	100 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 1]: "Tie with 0	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 1]: "Tie with 1—5	6 for 1	5 for 1	5 for 1"
    § 629b.7(i)[table 1]: "Tie with 6—9	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable A
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 1000 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | Tie with 0 | 5H 4C 5D 6S KC 10H | 20 for 1 |
      | Tie with 1—5 | 2H 2C 3D 3S 10H | 6 for 1 |
      | Tie with 6—9 | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_1 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.5 @629b.7.g.6 @629b.7.g.7 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable B pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 1]: "Outcome	Paytable A	Paytable B	Paytable C"
    § 629b.7(i)[table 1]: "Four 8's (4 cards dealt)	1,000 for 1	1,000 for 1	600 for 1"
    § 629b.7(i)[table 1]: "Four-of-a-kind (4 cards dealt)	300 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 1]: "Six 0-value cards	100 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 1]: "Tie with 0	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 1]: "Tie with 1—5	6 for 1	5 for 1	5 for 1"
    § 629b.7(i)[table 1]: "Tie with 6—9	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable B
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 1000 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 200 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | Tie with 0 | 5H 4C 5D 6S KC 10H | 20 for 1 |
      | Tie with 1—5 | 2H 2C 3D 3S 10H | 5 for 1 |
      | Tie with 6—9 | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_1 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.5 @629b.7.g.6 @629b.7.g.7 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable C pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 1]: "Outcome	Paytable A	Paytable B	Paytable C"
    § 629b.7(i)[table 1]: "Four 8's (4 cards dealt)	1,000 for 1	1,000 for 1	600 for 1"
    § 629b.7(i)[table 1]: "Four-of-a-kind (4 cards dealt)	300 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 1]: "Six 0-value cards	100 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 1]: "Tie with 0	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 1]: "Tie with 1—5	6 for 1	5 for 1	5 for 1"
    § 629b.7(i)[table 1]: "Tie with 6—9	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable C
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 600 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | Tie with 0 | 5H 4C 5D 6S KC 10H | 20 for 1 |
      | Tie with 1—5 | 2H 2C 3D 3S 10H | 5 for 1 |
      | Tie with 6—9 | 4H 4C 3D 3S | 5 for 1 |

  @629b.7.i @629b.7.i.table.table_2 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.8 @629b.7.g.9 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable D pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 2]: "Outcome	Paytable D	Paytable E	Paytable F"
    § 629b.7(i)[table 2]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Four-of-a-kind (4 cards dealt)	300 for 1	300 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Six 0-value cards	200 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 2]: "Tie (all cards same color)	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 2]: "Any tie	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable D
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 600 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 200 for 1 |
      | Tie (all cards same color) | 4H 4D 3D 3H | 20 for 1 |
      | Any tie | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_2 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.8 @629b.7.g.9 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable E pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 2]: "Outcome	Paytable D	Paytable E	Paytable F"
    § 629b.7(i)[table 2]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Four-of-a-kind (4 cards dealt)	300 for 1	300 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Six 0-value cards	200 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 2]: "Tie (all cards same color)	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 2]: "Any tie	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable E
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 1000 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | Tie (all cards same color) | 4H 4D 3D 3H | 20 for 1 |
      | Any tie | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_2 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.8 @629b.7.g.9 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable F pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 2]: "Outcome	Paytable D	Paytable E	Paytable F"
    § 629b.7(i)[table 2]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Four-of-a-kind (4 cards dealt)	300 for 1	300 for 1	300 for 1"
    § 629b.7(i)[table 2]: "Six 0-value cards	200 for 1	100 for 1	100 for 1"
    § 629b.7(i)[table 2]: "Tie (all cards same color)	20 for 1	20 for 1	20 for 1"
    § 629b.7(i)[table 2]: "Any tie	3 for 1	3 for 1	5 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable F
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 300 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | Tie (all cards same color) | 4H 4D 3D 3H | 20 for 1 |
      | Any tie | 4H 4C 3D 3S | 5 for 1 |

  @629b.7.i @629b.7.i.table.table_3 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.10 @629b.7.g.11 @629b.7.g.12 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable G pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 3]: "Outcome	Paytable G	Paytable H	Paytable I"
    § 629b.7(i)[table 3]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Four-of-a-kind (4 cards dealt)	200 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Six 0-value cards	100 for 1	50 for 1	50 for 1"
    § 629b.7(i)[table 3]: "5 card tie	10 for 1	8 for 1	10 for 1"
    § 629b.7(i)[table 3]: "6 card tie	3 for 1	4 for 1	6 for 1"
    § 629b.7(i)[table 3]: "4 card tie	3 for 1	3 for 1	4 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable G
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 600 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 200 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 100 for 1 |
      | 5 card tie | 2H 2C 3D 3S 10H | 10 for 1 |
      | 6 card tie | 5H 4C 5D 6S KC 10H | 3 for 1 |
      | 4 card tie | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_3 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.10 @629b.7.g.11 @629b.7.g.12 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable H pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 3]: "Outcome	Paytable G	Paytable H	Paytable I"
    § 629b.7(i)[table 3]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Four-of-a-kind (4 cards dealt)	200 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Six 0-value cards	100 for 1	50 for 1	50 for 1"
    § 629b.7(i)[table 3]: "5 card tie	10 for 1	8 for 1	10 for 1"
    § 629b.7(i)[table 3]: "6 card tie	3 for 1	4 for 1	6 for 1"
    § 629b.7(i)[table 3]: "4 card tie	3 for 1	3 for 1	4 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable H
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 1000 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 200 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 50 for 1 |
      | 5 card tie | 2H 2C 3D 3S 10H | 8 for 1 |
      | 6 card tie | 5H 4C 5D 6S KC 10H | 4 for 1 |
      | 4 card tie | 4H 4C 3D 3S | 3 for 1 |

  @629b.7.i @629b.7.i.table.table_3 @629b.7.g.2 @629b.7.g.3 @629b.7.g.4 @629b.7.g.10 @629b.7.g.11 @629b.7.g.12 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Paytable I pays each outcome at its printed odds, and only the highest
    § 629b.7(i)[table 3]: "Outcome	Paytable G	Paytable H	Paytable I"
    § 629b.7(i)[table 3]: "Four 8's (4 cards dealt)	600 for 1	1,000 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Four-of-a-kind (4 cards dealt)	200 for 1	200 for 1	300 for 1"
    § 629b.7(i)[table 3]: "Six 0-value cards	100 for 1	50 for 1	50 for 1"
    § 629b.7(i)[table 3]: "5 card tie	10 for 1	8 for 1	10 for 1"
    § 629b.7(i)[table 3]: "6 card tie	3 for 1	4 for 1	6 for 1"
    § 629b.7(i)[table 3]: "4 card tie	3 for 1	3 for 1	4 for 1"
    Interpretation: for-1-versus-to-1-odds
    Interpretation: progressive-highest-qualifying-outcome-only
    Given a table opened under the Rules Submission with Harmony Progressive paytable I
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony wins at <odds>
    And every progressive meter moves as the regulations require

    Examples:
      | outcome | cards | odds |
      | Four 8's (4 cards dealt) | 8H 8S 8D 8C | 300 for 1 |
      | Four-of-a-kind (4 cards dealt) | 3H 3S 3D 3C | 300 for 1 |
      | Six 0-value cards | KH QS JD 10C KD QH | 50 for 1 |
      | 5 card tie | 2H 2C 3D 3S 10H | 10 for 1 |
      | 6 card tie | 5H 4C 5D 6S KC 10H | 6 for 1 |
      | 4 card tie | 4H 4C 3D 3S | 4 for 1 |

  @629b.7.i @629b.7.i.table.table_1 @629b.7.i.table.table_2 @629b.7.i.table.table_3 @629b.7.g.1 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Six-of-a-kind wins 100% of the progressive under every paytable, and the meter is reseeded
    § 629b.7(g)(1): "The Banker and the Player tie with a six-of-a-kind."
    § 629b.7(i)[table 1]: "Six-of-a-kind	100% of Progressive	100% of Progressive	100% of Progressive"
    § 629b.7(i)[table 2]: "Six-of-a-kind	100% of Progressive	100% of Progressive	100% of Progressive"
    § 629b.7(i)[table 3]: "Six-of-a-kind	100% of Progressive	100% of Progressive	100% of Progressive"
    Interpretation: progressive-award-is-the-whole-payout
    Interpretation: harmony-reserve-reseed
    Given a table opened under the Rules Submission with Harmony Progressive paytable <paytable>
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony is paid 100% of the Harmony Progressive meter
    And every progressive meter moves as the regulations require

    Examples:
      | paytable | cards |
      | A | KH KS KD KC KH KS |
      | B | 5H 5S 5D 5C 5H 5S |
      | C | KH KS KD KC KH KS |
      | D | 5H 5S 5D 5C 5H 5S |
      | E | KH KS KD KC KH KS |
      | F | 5H 5S 5D 5C 5H 5S |
      | G | KH KS KD KC KH KS |
      | H | 5H 5S 5D 5C 5H 5S |
      | I | KH KS KD KC KH KS |

  @629b.7.j @629b.7.j.table.table_1 @629b.7.j.table.table_2 @629b.7.j.table.table_3 @capability.stacked_shoe @capability.progressive
  Scenario Outline: Each paytable's incrementation and reserve incrementation rates move the meters
    § 629b.7(j): "The rate of progression (incrementation rate) and the reseed amounts (reserve incrementation rate) for the Harmony Progressive wager must be based upon the paytable which corresponds to the selected paytable from subsection (i):"
    § 629b.7(j)[table 1]: "Incrementation rate	15%	19%	15%"
    § 629b.7(j)[table 1]: "Reserve incrementation rate	3%	5%	3%"
    § 629b.7(j)[table 2]: "Incrementation rate	15%	19%	15%"
    § 629b.7(j)[table 2]: "Reserve incrementation rate	3%	5%	3%"
    § 629b.7(j)[table 3]: "	Paytable G	Paytable H	Paytable I"
    Interpretation: 629b.7-j-scattered-rate-table
    Interpretation: harmony-reserve-reseed
    Given a table opened under the Rules Submission with Harmony Progressive paytable <paytable>
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $100.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the Harmony Progressive meter rises by <rate> of the $100.00 wagered
    And the Harmony reserve meter rises by <reserve> of the $100.00 wagered
    And every progressive meter moves as the regulations require

    Examples:
      | paytable | rate | reserve |
      | A | 15% | 3% |
      | B | 19% | 5% |
      | C | 15% | 3% |
      | D | 15% | 3% |
      | E | 19% | 5% |
      | F | 15% | 3% |
      | G | 15% | 3% |
      | H | 19% | 5% |
      | I | 15% | 3% |

  @629b.7.h @capability.stacked_shoe @capability.progressive
  Scenario Outline: The Harmony Progressive wager loses whenever either hand wins
    § 629b.7(h): "Each Harmony Progressive wager placed shall lose and be collected by the dealer if either the Banker's or Player's hand wins or one of the outcomes specified in subsection (g) does not occur."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <cards>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    And the progressive meters are read
    When the round is dealt
    Then the wager of seat 3 on Harmony loses
    And every progressive meter moves as the regulations require

    Examples:
      | cards |
      | 9H KS 10C 5D |
      | 2H AC 3C AS KD 7D |
      | 8H 8S 8D 9C |

  @629b.7.c @capability.stacked_shoe
  Scenario: A Harmony Progressive wager is placed before the dealer calls "No more bets", not after
    § 629b.7(c): "a player may place a Harmony Progressive wager at any time before the dealer calls, "No more bets.""
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    When the dealer announces "no more bets"
    And seat 3 attempts to wager $10.00 on Harmony
    Then the attempted wager is not recognised

  @629b.7.d.2 @capability.stacked_shoe @capability.progressive
  Scenario: A Harmony Progressive wager offered after "No more bets" is not recognised and does not move the meters
    § 629b.7(d)(2): "that prevents the recognition of any Progressive wager that a player attempts to place after the dealer has announced "No more bets.""
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9H KS 10C 5D
    And seat 3 wagers $10.00 on the Banker's Hand
    And the progressive meters are read
    When the dealer announces "no more bets"
    And seat 3 attempts to wager $10.00 on Harmony
    Then the attempted wager is not recognised
    And the Harmony Progressive meter is unchanged
    And the Harmony reserve meter is unchanged

  @629b.7.a @capability.stacked_shoe
  Scenario: A Harmony Progressive wager is refused to a player without a Midibaccarat wager
    § 629b.7(a): "offer to each player who has placed a Midibaccarat wager in accordance with § 629a.7 (relating to wagers), the option of placing a Harmony Progressive wager"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9H KS 10C 5D
    When seat 5 attempts to wager $10.00 on Harmony
    Then the attempted wager is not recognised

  @629b.7.e @capability.stacked_shoe
  Scenario Outline: After the Midibaccarat and Harmony Progressive wagers the cards are dealt Player, Banker, Player, Banker, then any third card, as in the base game
    § 629b.7(e): "The dealer shall deal the cards in accordance with § 629a.8 (relating to hands of player and banker; procedure for dealing initial two cards to each hand), and the round of play shall be played and completed in accordance with the house rules and provisions of §§ 629a.9—629a.11 (relating to procedure for dealing a third card; rules for determining whether a third card shall be dealt; and announcement of result of round; payment and collection of wagers)."
    Interpretation: base-game-631a-for-627a-629a
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
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

  @629b.7.f @capability.stacked_shoe
  Scenario: A Harmony Progressive wager is settled after the result of the round is announced
    § 629b.7(f): "After the round of play is completed and the announcement of the result is made, the dealer shall settle the players' Harmony Progressive wagers while settling the Midibaccarat wagers and other optional wagers placed by each player."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 4H 4C 3D 3S
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Harmony
    When the round is dealt
    Then the wager of seat 3 on Harmony is settled after the result of the round is announced
    And the wager of seat 3 on Harmony is a winning wager
    And the wager of seat 3 on the Banker's Hand pushes

  @629b.7.j @capability.stacked_shoe @capability.progressive
  Scenario: The meters are right before and after every round of a shuffled shoe
    § 629b.7(j): "The rate of progression (incrementation rate) and the reseed amounts (reserve incrementation rate) for the Harmony Progressive wager must be based upon the paytable which corresponds to the selected paytable"
    Interpretation: harmony-reserve-reseed
    Interpretation: meter-amounts-to-the-cent
    Given a table opened under the Rules Submission
    When rounds are dealt from shuffled shoes with seat 3 wagering $10.00 on the Banker's Hand and $10.00 on Harmony
    Then every round's meters were checked before and after the round
