Feature: § 631a.8 Wagers
  Each scenario places wagers on a stacked shoe, deals the round through the
  adapter and checks how each wager is settled (win, lose, push). Payout amounts
  are checked in § 631a.13.

  Background:
    Given a table opened under the Rules Submission

  Rule: (a)(1) a wager on the Banker's Hand

    @631a.8.a.1.i @capability.stacked_shoe
    Scenario Outline: A Banker wager wins when the Banker's Hand has the higher Point Count
      § 631a.8(a)(1)(i): "Win if the Banker's Hand has a Point Count higher than that of the Player's Hand"
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Banker's Hand
      When the round is dealt
      Then the wager of seat 3 on the Banker's Hand wins at 1 to 1

      Examples:
        | shoe               | hands                         |
        | 4C 9D 3H KS        | Banker's Natural 9 against 7  |
        | KC QD JH 7S 6C     | Banker's 7 against 6          |
        | AC 5D QD QC JS     | Banker's 5 against 1          |

    @631a.8.a.1.i @option.variant.baccarat @capability.stacked_shoe
    Scenario: Outside EZ Baccarat a Banker wager wins on a Dragon 7
      § 631a.8(a)(1)(i): "Win if the Banker's Hand has a Point Count higher than that of the Player's Hand unless EZ Baccarat is being played and the Point Counts of the Banker's Hand and the Player's Hand result in a Dragon 7."
      Given the dealing shoe is stacked with 2C AD 2H 2S 2D 4C
      And seat 3 wagers $10.00 on the Banker's Hand
      When the round is dealt
      Then the wager of seat 3 on the Banker's Hand wins at 1 to 1

    @631a.8.a.1.ii @capability.stacked_shoe
    Scenario Outline: A Banker wager loses when the Banker's Hand has the lower Point Count
      § 631a.8(a)(1)(ii): "Lose if the Banker's Hand has a Point Count lower than that of the Player's Hand."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Banker's Hand
      When the round is dealt
      Then the wager of seat 3 on the Banker's Hand loses

      Examples:
        | shoe               | hands                         |
        | 7C 3D KH 3S        | Player's 7 against 6          |
        | 6C 3D KH 2S KD     | Player's 6 against 5          |

    @631a.8.a.1.iii @capability.stacked_shoe
    Scenario Outline: A Banker wager ties and is returned when the Point Counts are equal
      § 631a.8(a)(1)(iii): "Tie and be returned to the player if the Banker's Hand and the Player's Hand have the same Point Count"
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Banker's Hand
      When the round is dealt
      Then the wager of seat 3 on the Banker's Hand pushes

      Examples:
        | shoe               | hands               |
        | 3C 2D 3H 4S        | 6 against 6         |
        | QC 3D QH 4S 7C     | 7 against 7         |

    @631a.8.a.1.iii @option.variant.ez_baccarat @capability.stacked_shoe
    Scenario: In EZ Baccarat a Banker wager ties and is returned on a Dragon 7
      § 631a.8(a)(1)(iii): "or if EZ Baccarat is being played and the Point Counts of the Banker's Hand and the Player's Hand result in a Dragon 7."
      Given the dealing shoe is stacked with 2C AD 2H 2S 2D 4C
      And seat 3 wagers $10.00 on the Banker's Hand
      When the round is dealt
      Then the wager of seat 3 on the Banker's Hand pushes

  Rule: (a)(2) a wager on the Player's Hand

    @631a.8.a.2.i @capability.stacked_shoe
    Scenario Outline: A Player wager wins when the Player's Hand has the higher Point Count
      § 631a.8(a)(2)(i): "Win if the Player's Hand has a Point Count higher than that of the Banker's Hand"
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the wager of seat 3 on the Player's Hand wins at 1 to 1

      Examples:
        | shoe               | hands                         |
        | 7C 3D KH 3S        | Player's 7 against 6          |
        | 9C 3D KH 3S        | Player's Natural 9 against 6  |
        | 6S 2H AS QH KS     | Player's 7 against 2          |

    @631a.8.a.2.i @option.variant.ez_baccarat @capability.stacked_shoe
    Scenario: In EZ Baccarat a Player wager wins on a Panda 8
      § 631a.8(a)(2)(i): "Win if the Player's Hand has a Point Count higher than that of the Banker's Hand and if EZ Baccarat is being played and the Point Counts of the Player's Hand and the Dealer's Hand result in a Panda 8."
      Interpretation: 631a.8-a-2-i-and-if-ez-baccarat
      Given the dealing shoe is stacked with 2C 3D 2H 3S 4C
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the wager of seat 3 on the Player's Hand wins at 1 to 1

    @631a.8.a.2.ii @capability.stacked_shoe
    Scenario Outline: A Player wager loses when the Player's Hand has the lower Point Count
      § 631a.8(a)(2)(ii): "Lose if the Player's Hand has a Point Count lower than that of the Banker's Hand"
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the wager of seat 3 on the Player's Hand loses

      Examples:
        | shoe               | hands                         |
        | 4C 9D 3H KS        | Banker's Natural 9 against 7  |
        | KC QD JH 7S 6C     | Banker's 7 against 6          |

    @631a.8.a.2.ii @option.variant.ez_baccarat @capability.stacked_shoe
    Scenario: In EZ Baccarat a Player wager loses on a Dragon 7
      § 631a.8(a)(2)(ii): "or if EZ Baccarat is being played and the Point Counts of the Banker's Hand and the Player's Hand result in a Dragon 7."
      Given the dealing shoe is stacked with 2C AD 2H 2S 2D 4C
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the wager of seat 3 on the Player's Hand loses

    @631a.8.a.2.iii @capability.stacked_shoe
    Scenario Outline: A Player wager ties and is returned when the Point Counts are equal
      § 631a.8(a)(2)(iii): "Tie and be returned to the player if the Point Counts of the Banker's Hand and the Player's Hand are equal."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the wager of seat 3 on the Player's Hand pushes

      Examples:
        | shoe               | hands               |
        | 3C 2D 3H 4S        | 6 against 6         |
        | 9C 9D KH KS        | Natural 9 against Natural 9 |

  Rule: (a)(3) a Tie Wager

    @631a.8.a.3.i @capability.stacked_shoe
    Scenario Outline: A Tie Wager wins when the Point Counts are equal
      § 631a.8(a)(3)(i): "Win if the Point Counts of the Banker's Hand and the Player's Hand are equal."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on a Tie
      When the round is dealt
      Then the Tie wager of seat 3 wins at the Rules Submission's Tie odds

      Examples:
        | shoe               | hands               |
        | 3C 2D 3H 4S        | 6 against 6         |
        | QC 3D QH 4S 7C     | 7 against 7         |

    @631a.8.a.3.ii @capability.stacked_shoe
    Scenario Outline: A Tie Wager loses when the Point Counts differ
      § 631a.8(a)(3)(ii): "Lose if Point Counts of the Banker's Hand and the Player's Hand are not equal."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on a Tie
      When the round is dealt
      Then the wager of seat 3 on a Tie loses

      Examples:
        | shoe               | hands                         |
        | 7C 3D KH 3S        | Player's 7 against 6          |
        | 4C 9D 3H KS        | Banker's Natural 9 against 7  |

  Rule: (a)(4) the Dragon Bonus Wager

    @631a.8.a.4.i.A @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus wins when the selected hand is a Natural and the other hand is not
      § 631a.8(a)(4)(i)(A): "A Natural and the other hand is not a Natural."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> wins at 1 to 1

      Examples:
        | shoe          | hand          | hands                         |
        | 9C 3D KH 3S   | Player's Hand | Player's Natural 9 against 6  |
        | 8C 3D KH 3S   | Player's Hand | Player's Natural 8 against 6  |
        | 4C 9D 3H KS   | Banker's Hand | Banker's Natural 9 against 7  |
        | 3C 8D 4H KS   | Banker's Hand | Banker's Natural 8 against 7  |
        | 9C KD KH QS   | Player's Hand | Player's Natural 9 against 0: by 9 |
        | 5C 2D 3H AS   | Player's Hand | Player's Natural 8 against 3: by 5 |
        | KC 8D QH JS   | Banker's Hand | Banker's Natural 8 against 0: by 8 |
        | 2C 5D 2H 3S   | Banker's Hand | Banker's Natural 8 against 4: by 4 |

    @631a.8.a.4.i.B @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus wins when the selected hand is a Natural 9 and the other a Natural 8
      § 631a.8(a)(4)(i)(B): "A Natural 9 and the other hand is a Natural 8."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> wins at 1 to 1

      Examples:
        | shoe          | hand          |
        | 9C 8D KH KS   | Player's Hand |
        | 8C 9D KH KS   | Banker's Hand |

    @631a.8.a.4.i.C @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus wins when the selected hand, not a Natural, exceeds the other by four or more points
      § 631a.8(a)(4)(i)(C): "Not a Natural and has a Point Count that exceeds the Point Count of the other hand by four or more points."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> wins

      Examples:
        | shoe                | hand          | hands                |
        | 6D 2S KC KH QD      | Player's Hand | 6 against 2: by 4    |
        | JS QD 3D JC 6H KC   | Player's Hand | 9 against 0: by 9    |
        | AC 5D QD QC JS      | Banker's Hand | 5 against 1: by 4    |
        | JC KH KS AC JD 7D   | Banker's Hand | 8 against 0: by 8    |

    @631a.8.a.4.ii.A @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus loses when the selected hand is a Natural 8 and the other a Natural 9
      § 631a.8(a)(4)(ii)(A): "A Natural 8 and the other hand is a Natural 9."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> loses

      Examples:
        | shoe          | hand          |
        | 8C 9D KH KS   | Player's Hand |
        | 9C 8D KH KS   | Banker's Hand |

    @631a.8.a.4.ii.B @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus loses when the selected hand, not a Natural, does not exceed the other
      § 631a.8(a)(4)(ii)(B): "Not a Natural and has a Point Count less than or equal to the Point Count of the other hand."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> loses

      Examples:
        | shoe          | hand          | hands                          |
        | 3C 7D 4H KS   | Player's Hand | 7 against 7                    |
        | 4C 9D 3H KS   | Player's Hand | 7 against a Banker's Natural 9 |
        | 7C 3D KH 3S   | Banker's Hand | 6 against 7                    |

    @631a.8.a.4.ii.C @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus loses when the selected hand, not a Natural, exceeds the other by less than four points
      § 631a.8(a)(4)(ii)(C): "Not a Natural and has a Point Count that exceeds the Point Count of the other hand by less than four points."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> loses

      Examples:
        | shoe              | hand          | hands             |
        | 7C 3D KH 3S       | Player's Hand | 7 against 6: by 1 |
        | 7C 4D KH KS QC    | Player's Hand | 7 against 4: by 3 |
        | KC QD JH 7S 6C    | Banker's Hand | 7 against 6: by 1 |

    @631a.8.a.4.iii @option.dragon_bonus @capability.stacked_shoe
    Scenario Outline: A Dragon Bonus ties and is returned when both hands are Naturals of equal Point Count
      § 631a.8(a)(4)(iii): "Tie and be returned to the player if the selected hand is a Natural and the other hand is a Natural of equal Point Count."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
      When the round is dealt
      Then the wager of seat 3 on Dragon Bonus on the <hand> pushes

      Examples:
        | shoe          | hand          |
        | 9C 9D KH KS   | Player's Hand |
        | 8C 8D KH KS   | Banker's Hand |

  Rule: (a)(5), (a)(6) the Dragon 7 and Panda 8 Insurance Wagers (EZ Baccarat)

    @631a.8.a.5.i @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.dragon_7
    Scenario: A Dragon 7 Insurance Wager wins on a Dragon 7
      § 631a.8(a)(5)(i): "Win if the Point Counts of the Banker's Hand and the Player's Hand result in a Dragon 7."
      Given the dealing shoe is stacked with 2C AD 2H 2S 2D 4C
      And seat 3 wagers $5.00 on Dragon 7
      When the round is dealt
      Then the wager of seat 3 on Dragon 7 wins at 40 to 1

    @631a.8.a.5.ii @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.dragon_7
    Scenario Outline: A Dragon 7 Insurance Wager loses when the hands are not a Dragon 7
      § 631a.8(a)(5)(ii): "Lose if the Point Counts of the Banker's Hand and the Player's Hand do not result in a Dragon 7."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $5.00 on Dragon 7
      When the round is dealt
      Then the wager of seat 3 on Dragon 7 loses

      Examples:
        | shoe               | hands                                         |
        | 3C 7D 3H KS        | Banker's 7 on two cards against 6             |
        | QD 2H 2S AH JS 6D  | Banker's 9 on three cards against 2           |
        | 2C 3D 2H 3S 4C     | Panda 8                                       |

    @631a.8.a.6.i @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.panda_8
    Scenario: A Panda 8 Insurance Wager wins on a Panda 8
      § 631a.8(a)(6)(i): "Win if the Point Counts of the Player's Hand and the Dealer's Hand result in a Panda 8."
      Interpretation: dealers-hand-means-bankers-hand
      Given the dealing shoe is stacked with 2C 3D 2H 3S 4C
      And seat 3 wagers $5.00 on Panda 8
      When the round is dealt
      Then the wager of seat 3 on Panda 8 wins at 25 to 1

    @631a.8.a.6.ii @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.panda_8
    Scenario Outline: A Panda 8 Insurance Wager loses when the hands are not a Panda 8
      § 631a.8(a)(6)(ii): "Lose if the Point Counts of the Player's Hand and the Dealer's Hand do not result in a Panda 8."
      Interpretation: dealers-hand-means-bankers-hand
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $5.00 on Panda 8
      When the round is dealt
      Then the wager of seat 3 on Panda 8 loses

      Examples:
        | shoe               | hands                                         |
        | 8C 3D KH 3S        | Player's Natural 8 on two cards against 6     |
        | JS QD 3D JC 6H KC  | Player's 9 on three cards against 0           |
        | 2C AD 2H 2S 2D 4C  | Dragon 7                                      |

  Rule: (a)(7) the House Money Wager

    @631a.8.a.7.i @option.house_money @capability.stacked_shoe
    Scenario Outline: A House Money Wager wins when the first two cards of either hand, or both, are a pair
      § 631a.8(a)(7)(i): "Win if the first two cards of either the Player's Hand or Banker's Hand, or both, are a pair. For purposes of the House Money Wager, a pair must be of the same rank (two queens, for example), regardless of suit."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Player's Hand
      And seat 3 wagers $5.00 on House Money
      When the round is dealt
      Then the wager of seat 3 on House Money wins at <odds>

      Examples:
        | shoe                | pair                            | odds    |
        | 2C 3D 2H KS 3C KD   | Player's Hand: two 2s           | 3 to 1  |
        | 3C 2D 4H 2S KC      | Banker's Hand: two 2s           | 3 to 1  |
        | QC 3D QH 4S 7C      | Player's Hand: two queens       | 3 to 1  |
        | 2C 3D 2H 3S 4C      | both hands                      | 15 to 1 |

    @631a.8.a.7.ii @option.house_money @capability.stacked_shoe
    Scenario Outline: A House Money Wager loses when neither hand's first two cards are a pair
      § 631a.8(a)(7)(ii): "Lose if in the first two cards dealt to the player's hand and the banker's hand, neither the player's hand nor the banker's hand contains a pair."
      Given the dealing shoe is stacked with <shoe>
      And seat 3 wagers $10.00 on the Player's Hand
      And seat 3 wagers $5.00 on House Money
      When the round is dealt
      Then the wager of seat 3 on House Money loses

      Examples:
        | shoe                | hands                                             |
        | 7C 2D KH 4S         | no pair                                           |
        | KC QD JH 7S 6C      | a king and a jack: equal values, different ranks  |

  Rule: (a) the permissible wagers, within the table limits of the Rules Submission

    @631a.8.a
    Scenario: A wager below the table minimum or above the table maximum the Rules Submission files is refused
      § 631a.8(a): "The following are permissible wagers in the game of Baccarat:"
      Interpretation: 631a.8-a-table-limits
      Then each wager the table limits apply to is refused a cent below its minimum and a cent above its maximum, and accepted at both

  Rule: (c) no wager after "no more bets"

    @631a.8.c @capability.stacked_shoe
    Scenario: No wager may be made after "no more bets"
      § 631a.8(c): "A wager may not be made, increased or withdrawn after the dealer has announced "no more bets.""
      Given the dealing shoe is stacked with 7C 3D KH 3S
      And seat 3 wagers $10.00 on the Player's Hand
      When the dealer announces "no more bets"
      And seat 4 offers a wager of $10.00 on the Banker's Hand
      And the round is dealt
      Then the game refuses each request, giving a reason
      And seat 4 has no wager settled in the round

    @631a.8.c @capability.stacked_shoe
    Scenario: No wager may be increased after "no more bets"
      § 631a.8(c): "A wager may not be made, increased or withdrawn after the dealer has announced "no more bets.""
      Given the dealing shoe is stacked with 7C 3D KH 3S
      And seat 3 wagers $10.00 on the Player's Hand
      When the dealer announces "no more bets"
      And seat 3 asks to increase its wager on the Player's Hand to $50.00
      And the round is dealt
      Then the game refuses each request, giving a reason
      And the wager of seat 3 on the Player's Hand is settled on its original $10.00
      And the wager of seat 3 on the Player's Hand wins at 1 to 1

    @631a.8.c @capability.stacked_shoe
    Scenario: No wager may be withdrawn after "no more bets"
      § 631a.8(c): "A wager may not be made, increased or withdrawn after the dealer has announced "no more bets.""
      Given the dealing shoe is stacked with 4C 9D 3H KS
      And seat 3 wagers $10.00 on the Player's Hand
      When the dealer announces "no more bets"
      And seat 3 asks to withdraw its wager on the Player's Hand
      And the round is dealt
      Then the game refuses each request, giving a reason
      And the wager of seat 3 on the Player's Hand is settled on its original $10.00
      And the wager of seat 3 on the Player's Hand loses
