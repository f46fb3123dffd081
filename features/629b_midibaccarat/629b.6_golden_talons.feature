@option.golden_talons
Feature: § 629b.6 Golden Talons
  A Golden Talons wager on the Player's Hand or the Banker's Hand (or one on each), placed
  after a Midibaccarat wager, wins when its hand wins by at least 4 points or is a natural
  win, and is paid by the paytable of the Rules Submission; a natural win pays only 1 to 1.
  Paytable cells run only under the profile that names their paytable (the others report
  "not offered"). Temporary regulation, expired 2026-08-04: run with --include-expired or
  an earlier --as-of.

  Background:
    Given a table opened under the Rules Submission

  @629b.6.a @capability.stacked_shoe
  Scenario: A Golden Talons wager needs a Midibaccarat wager at the same seat
    § 629b.6(a): "offer to each player who has placed a Midibaccarat wager in accordance with § 629a.7 (relating to wagers), the operation of placing a Golden Talons wager."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with 9C 2D KH 4S
    And seat 2 wagers $10.00 on the Player's Hand
    When seat 3 attempts to wager $5.00 on Golden Talons on the Player's Hand
    Then the game refuses the attempted wager

  @629b.6.b @capability.stacked_shoe
  Scenario: A Golden Talons wager is refused once the dealer has called "No more bets"
    § 629b.6(b): "After placing a Midibaccarat wager, a player may place a Golden Talons wager prior to the dealer calling, "No more bets.""
    Given the dealing shoe is stacked with 9C 2D KH 4S
    And seat 3 wagers $10.00 on the Player's Hand
    When the dealer announces "no more bets"
    And seat 3 attempts to wager $5.00 on Golden Talons on the Player's Hand
    Then the game refuses the attempted wager

  @629b.6.c @capability.stacked_shoe
  Scenario Outline: After the Midibaccarat and Golden Talons wagers the cards are dealt Player, Banker, Player, Banker, then any third card, as in the base game
    § 629b.6(c): "The dealer shall then deal the cards in accordance with § 629a.8 (relating to hands of player and banker; procedure for dealing initial two cards to each hand), and the round of play shall be played and completed in accordance with the house rules and the provisions of §§ 629a.9—629a.11 (relating to procedure for dealing a third card; rules for determining whether a third card shall be dealt; and announcement of result of round; payment and collection of wagers)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 3 wagers $10.00 on Golden Talons on the Player's Hand
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

  @629b.6.d @capability.stacked_shoe
  Scenario: A Golden Talons wager is settled after the result of the round is announced
    § 629b.6(d): "After the round of play is completed and the announcement of the result is made, the dealer shall settle the Player's Golden Talons wager while settling the Midibaccarat wagers"
    Given the dealing shoe is stacked with 10H 2S 4S 2C 5D 6C
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 3 wagers $10.00 on Golden Talons on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on Golden Talons on the Player's Hand is settled after the result of the round is announced
    And the wager of seat 3 on Golden Talons on the Player's Hand is a winning wager

  @629b.6.e @capability.stacked_shoe
  Scenario: A player may place Golden Talons on both hands at once
    § 629b.6(e): "The Golden Talons wager may be placed on the Player's hand, the Banker's hand, or both"
    Given the dealing shoe is stacked with 8S 3D AH 3C
    And seat 4 wagers $10.00 on the Player's Hand
    And seat 4 wagers $10.00 on Golden Talons on the Player's Hand
    And seat 4 wagers $10.00 on Golden Talons on the Banker's Hand
    When the round is dealt
    Then the wager of seat 4 on Golden Talons on the Player's Hand wins at 1 to 1
    And the wager of seat 4 on Golden Talons on the Banker's Hand loses

  @629b.6.e.1 @capability.stacked_shoe
  Scenario Outline: A hand that wins by at least 4 points wins the Golden Talons wager
    § 629b.6(e)(1): "The hand wagered upon wins by at least 4 points"
    Given the dealing shoe is stacked with <cards>
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 2 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the <hand> is a winning wager

    Examples:
      | cards                | hand          |
      | 5H 6H 6S 5S 4C 8D    | Banker's Hand |
      | QS 4H 5H 6C 2S AD    | Player's Hand |

  @629b.6.e.1 @capability.stacked_shoe
  Scenario Outline: A hand that wins by fewer than 4 points without a natural loses the Golden Talons wager
    § 629b.6(e)(1): "The hand wagered upon wins by at least 4 points"
    Given the dealing shoe is stacked with <cards>
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the <hand> loses

    Examples:
      | cards                | hand          |
      | 3C 2D 4H 2S 10C      | Player's Hand |
      | 5D 8D 5S 7H 3S       | Banker's Hand |

  @629b.6.e.2 @capability.stacked_shoe
  Scenario Outline: A natural win wins the Golden Talons wager
    § 629b.6(e)(2): "The hand wagered upon is a natural win"
    Interpretation: 629b.6-e-2-naturals
    Given the dealing shoe is stacked with <cards>
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the <hand> is a winning wager

    Examples:
      | cards        | hand          |
      | 2D 4C 5H 5S  | Banker's Hand |
      | 6D 7C 3C AH  | Player's Hand |

  @629b.6.e.2 @capability.stacked_shoe
  Scenario: A natural that loses to a higher natural loses the Golden Talons wager
    § 629b.6(e)(2): "The hand wagered upon is a natural win or a natural tie"
    Interpretation: 629b.6-e-2-naturals
    Given the dealing shoe is stacked with 5H 6C 3D 3S
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the Player's Hand
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the Player's Hand loses

  @629b.6.e.3 @capability.stacked_shoe
  Scenario: A tie without naturals loses the Golden Talons wager
    § 629b.6(e)(3): "The hand wagered upon wins or ties under the approved paytable."
    Interpretation: 629b.6-e-2-naturals
    Given the dealing shoe is stacked with 4C 3D 2H 3S
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the Player's Hand
    And seat 2 wagers $10.00 on Golden Talons on the Banker's Hand
    When the round is dealt
    Then the wager of seat 2 on Golden Talons on the Player's Hand loses
    And the wager of seat 2 on Golden Talons on the Banker's Hand loses

  @629b.6.f @capability.stacked_shoe
  Scenario Outline: A win by a margin of 4 to 9 points is paid by the paytable of the Rules Submission
    § 629b.6(f): "The Golden Talons wager shall be paid out based upon one of the following paytables, which shall be specified in and approved as part of the certificate holder's Rules Submission"
    Given the Rules Submission pays Golden Talons by Paytable <paytable>
    And the dealing shoe is stacked with <cards>
    And seat 6 wagers $10.00 on the Player's Hand
    And seat 6 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 6 on Golden Talons on the <hand> wins at <odds>

    Examples:
      | paytable | scenario | cards               | hand          | odds     |
      | A        | Win by 9 | 10H 2S 4S 2C 5D 6C  | Player's Hand | 30 to 1  |
      | A        | Win by 8 | 2D 6H JD 4H 9C 9D   | Banker's Hand | 10 to 1  |
      | A        | Win by 7 | AS 9D 4C AD 2C QS   | Player's Hand | 6 to 1   |
      | A        | Win by 6 | 5H 4S 8H 3H 8D      | Banker's Hand | 4 to 1   |
      | A        | Win by 5 | 4S AH AC 9D 4C 4D   | Player's Hand | 2 to 1   |
      | A        | Win by 4 | 5H 6H 6S 5S 4C 8D   | Banker's Hand | 1 to 1   |
      | B        | Win by 9 | 9C 8C 2D 4D 9H 7C   | Banker's Hand | 20 to 1  |
      | B        | Win by 8 | 5H 4H QH 8H 3H 8D   | Player's Hand | 10 to 1  |
      | B        | Win by 7 | 2S 4H AH 7D 7C 6D   | Banker's Hand | 5 to 1   |
      | B        | Win by 6 | 10S 10D 7S 5H 6D    | Player's Hand | 4 to 1   |
      | B        | Win by 5 | 5C AH 6S 6C AS      | Banker's Hand | 2 to 1   |
      | B        | Win by 4 | 5D 4C 2S 9S QD      | Player's Hand | 1 to 1   |
      | C        | Win by 9 | QH 9D 3H 5H 6S 6H   | Player's Hand | 30 to 1  |
      | C        | Win by 8 | 8H JD 6D 2S 6H 6C   | Banker's Hand | 12 to 1  |
      | C        | Win by 7 | 7C 6H 5C 8D 5D 6S   | Player's Hand | 5 to 1   |
      | C        | Win by 6 | 2H 2D 3C 5D 6D      | Banker's Hand | 3 to 1   |
      | C        | Win by 5 | 3C 5S 4C 5C 2S      | Player's Hand | 3 to 1   |
      | C        | Win by 4 | KS 9S 2S 4C 10S 3C  | Banker's Hand | 1 to 1   |
      | D        | Win by 9 | 2H 2S KD 10C 8S 7C  | Banker's Hand | 20 to 1  |
      | D        | Win by 8 | 8C 9H 6H 4H 5S 8H   | Player's Hand | 8 to 1   |
      | D        | Win by 7 | 4H 8S 9H 9S 7D      | Banker's Hand | 7 to 1   |
      | D        | Win by 6 | QS 4H 5H 6C 2S AD   | Player's Hand | 4 to 1   |
      | D        | Win by 5 | 5D 8D 5S 7H 10S     | Banker's Hand | 3 to 1   |
      | D        | Win by 4 | 4C 6H 7C 9D 8D      | Player's Hand | 1 to 1   |
      | E        | Win by 9 | 2H AC 2C 9D 5C KD   | Player's Hand | 30 to 1  |
      | E        | Win by 8 | 4S 3S AC 8C 6D 8D   | Banker's Hand | 10 to 1  |
      | E        | Win by 7 | 10D 3H 7C AD 6C     | Player's Hand | 4 to 1   |
      | E        | Win by 6 | 3C 3H AH 4H 7S      | Banker's Hand | 4 to 1   |
      | E        | Win by 5 | 4C 3D 2H 7C AS      | Player's Hand | 2 to 1   |
      | E        | Win by 4 | KC 4H 2S 9D 9S 2D   | Banker's Hand | 2 to 1   |

  @629b.6.f @capability.stacked_shoe
  Scenario Outline: A natural win is paid 1 to 1 under every paytable
    § 629b.6(f): "The Golden Talons wager shall be paid out based upon one of the following paytables"
    Interpretation: 629b.6-f-natural-win-blank-cells
    Given the Rules Submission pays Golden Talons by Paytable <paytable>
    And the dealing shoe is stacked with <cards>
    And seat 6 wagers $10.00 on the Player's Hand
    And seat 6 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 6 on Golden Talons on the <hand> wins at <odds>

    Examples:
      | paytable | scenario    | cards        | hand          | odds   |
      | A        | Natural win | 9C 2D KH 4S  | Player's Hand | 1 to 1 |
      | B        | Natural win | 3C 5D 4H 3S  | Banker's Hand | 1 to 1 |
      | C        | Natural win | 4D 6C 5S 2H  | Player's Hand | 1 to 1 |
      | D        | Natural win | 2S 9H 5C QD  | Banker's Hand | 1 to 1 |
      | E        | Natural win | 6H 2C 2D 3S  | Player's Hand | 1 to 1 |
      | A        | Natural win | 9C KD KH QS  | Player's Hand | 1 to 1 |
      | B        | Natural win | KC 8D QH JS  | Banker's Hand | 1 to 1 |
      | C        | Natural win | 4C AD 5H AS  | Player's Hand | 1 to 1 |
      | D        | Natural win | AC 4D 2H 5S  | Banker's Hand | 1 to 1 |
      | E        | Natural win | 2C 5D 2H 3S  | Banker's Hand | 1 to 1 |

  @629b.6.f @capability.stacked_shoe
  Scenario Outline: A natural tie pushes under Paytables A, C, D and E
    § 629b.6(f): "The Golden Talons wager shall be paid out based upon one of the following paytables"
    Interpretation: 629b.6-e-2-naturals
    Given the Rules Submission pays Golden Talons by Paytable <paytable>
    And the dealing shoe is stacked with <cards>
    And seat 6 wagers $10.00 on the Player's Hand
    And seat 6 wagers $10.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 6 on Golden Talons on the <hand> pushes

    Examples:
      | paytable | scenario    | cards        | hand          |
      | A        | Natural tie | 5H 3C 3D 5S  | Player's Hand |
      | C        | Natural tie | 4C 6D 5S 3H  | Banker's Hand |
      | D        | Natural tie | KD 9S 9C QH  | Player's Hand |
      | E        | Natural tie | 6S 2H 2C 6D  | Banker's Hand |

  @629b.6.f @capability.stacked_shoe
  Scenario: A natural tie pays 2 to 1 under Paytable B
    § 629b.6(f): "The Golden Talons wager shall be paid out based upon one of the following paytables"
    Interpretation: 629b.6-e-2-naturals
    Given the Rules Submission pays Golden Talons by Paytable B
    And the dealing shoe is stacked with 7H 4D AC 4C
    And seat 6 wagers $10.00 on the Player's Hand
    And seat 6 wagers $10.00 on Golden Talons on the Player's Hand
    And seat 6 wagers $10.00 on Golden Talons on the Banker's Hand
    When the round is dealt
    Then the wager of seat 6 on Golden Talons on the Player's Hand wins at 2 to 1
    And the wager of seat 6 on Golden Talons on the Banker's Hand wins at 2 to 1

  @629b.6.g @capability.stacked_shoe
  Scenario Outline: A natural that wins by 4 points or more is paid only 1 to 1
    § 629b.6(g): "A Golden Talons win with a natural will only pay the Natural win odds of 1 to 1, not the higher odds related to wins by 4 or more."
    Given the dealing shoe is stacked with <cards>
    And seat 1 wagers $20.00 on the Player's Hand
    And seat 1 wagers $20.00 on Golden Talons on the <hand>
    When the round is dealt
    Then the wager of seat 1 on Golden Talons on the <hand> wins at 1 to 1

    Examples:
      | cards        | hand          | margin |
      | 9D KC QH JS  | Player's Hand | 9      |
      | AC 3H AD 5S  | Banker's Hand | 6      |
      | 4H 2S 5D 3C  | Player's Hand | 4      |

  @629b.6.f @capability.stacked_shoe
  Scenario Outline: A winning Golden Talons wager is paid at its paytable's odds on every class of cards and at every stake residue
    § 629b.6(f): "The Golden Talons wager shall be paid out based upon one of the following paytables, which shall be specified in and approved as part of the certificate holder's Rules Submission"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: both hands
      | wager |
      | Golden Talons on the Player's Hand |
      | Golden Talons on the Banker's Hand |
