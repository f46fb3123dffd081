Feature: § 631a.13 Payout odds; vigorish
  Each scenario places wagers on a stacked shoe, deals the round through the
  adapter, and checks each wager's settlement to the cent: ``paid`` is everything
  returned to the player, the stake included; ``vigorish`` the commission charged.
  Amounts that depend on the Rules Submission (the Tie odds, the Dragon Bonus
  paytable, rounding the vigorish to 25¢, when it is collected) are taken from the
  profile.

  Background:
    Given a table opened under the Rules Submission

  @631a.13.a @capability.stacked_shoe
  Scenario: A winning wager on the Player's Hand is paid at 1 to 1
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1

  @631a.13.a @capability.stacked_shoe
  Scenario Outline: A winning Player wager of <stake> is paid at 1 to 1 to the cent
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Given the dealing shoe is stacked with 7C 3D KH 3S
    And seat 3 wagers <stake> on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1

    Examples:
      | stake     |
      | $5.00     |
      | $12.50    |
      | $1,000.00 |

  @631a.13.b @capability.stacked_shoe
  Scenario Outline: A winning Tie Wager of <stake> is paid at the Rules Submission's odds, at least 8 to 1
    § 631a.13(b): "A winning Tie Wager shall be paid at odds of at least 8 to 1."
    Given the dealing shoe is stacked with 3C 2D 3H 4S
    And seat 3 wagers <stake> on a Tie
    When the round is dealt
    Then the Tie wager of seat 3 wins at the Rules Submission's Tie odds

    Examples:
      | stake     |
      | $5.00     |
      | $12.50    |
      | $1,000.00 |

  @631a.13.c @option.variant.baccarat @capability.stacked_shoe
  Scenario Outline: A winning Banker wager of <stake> is paid at 1 to 1 less a vigorish of 5% of the amount won
    § 631a.13(c): "A winning wager made on the Banker's Hand shall be paid at odds of 1 to 1, except that the certificate holder shall extract a vigorish from the winning players in an amount equal to 5% of the amount won"
    § 631a.13(c): "When collecting the vigorish, the certificate holder may round off the vigorish to 25¢ or the next highest multiple of 25¢."
    Interpretation: 631a.13-c-round-up-to-25c
    Interpretation: 631a.13-c-fraction-of-a-cent
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers <stake> on the Banker's Hand
    When the round is dealt
    Then seat 3's Banker wager wins at 1 to 1, with vigorish of <five percent>, or <rounded> where the Rules Submission rounds to 25¢

    Examples:
      | stake     | five percent | rounded |
      | $1.00     | $0.05        | $0.25   |
      | $5.00     | $0.25        | $0.25   |
      | $7.00     | $0.35        | $0.50   |
      | $10.00    | $0.50        | $0.50   |
      | $12.50    | $0.625       | $0.75   |
      | $15.00    | $0.75        | $0.75   |
      | $33.00    | $1.65        | $1.75   |
      | $1,000.00 | $50.00       | $50.00  |
      | $1,010.00 | $50.50       | $50.50  |

  @631a.13.a @capability.stacked_shoe
  Scenario: A winning Player wager is paid at 1 to 1 on every class of cards and at every stake residue
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Given every class of cards the rule of the wager on the Player's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on the Player's Hand of the sweep is paid as the scenario's clause says

  @631a.13.b @capability.stacked_shoe
  Scenario: A winning Tie Wager is paid at the Rules Submission's odds on every class of cards and at every stake residue
    § 631a.13(b): "A winning Tie Wager shall be paid at odds of at least 8 to 1."
    Given every class of cards the rule of the wager on a Tie distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on a Tie of the sweep is paid as the scenario's clause says

  @631a.13.c @option.variant.baccarat @capability.stacked_shoe
  Scenario: The vigorish of a Banker wager is as § 631a.13(c) sets on every class of cards and at every 25¢ stake of the table limits
    § 631a.13(c): "A winning wager made on the Banker's Hand shall be paid at odds of 1 to 1, except that the certificate holder shall extract a vigorish from the winning players in an amount equal to 5% of the amount won"
    § 631a.13(c): "When collecting the vigorish, the certificate holder may round off the vigorish to 25¢ or the next highest multiple of 25¢."
    Interpretation: 631a.13-c-round-up-to-25c
    Interpretation: 631a.13-c-fraction-of-a-cent
    Given every class of cards the rule of the wager on the Banker's Hand distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every wager on the Banker's Hand of the sweep is charged the vigorish the scenario's clause says

  @631a.13.c @option.variant.ez_baccarat @capability.stacked_shoe
  Scenario: On an EZ Baccarat table a winning Banker wager is paid at 1 to 1 and no vigorish is collected
    § 631a.13(c): "unless the certificate holder is offering EZ Baccarat in which vigorish is not collected."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on the Banker's Hand wins at 1 to 1
    And no vigorish is charged to seat 3

  @631a.13.d.1 @option.variant.baccarat @option.vigorish.at_payout @capability.stacked_shoe
  Scenario: The vigorish is collected at the time the winning payout is made
    § 631a.13(d)(1): "At the time the winning payout is made."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $20.00 on the Banker's Hand
    When the round is dealt
    Then the vigorish of seat 3 is collected at the time its winning payout is made

  @631a.13.d.2.ii @option.variant.baccarat @option.vigorish.tracked @capability.stacked_shoe
  Scenario: Vigorish collected later is tracked at the number of the seat owing it
    § 631a.13(d)(2)(ii): "The amount of the vigorish shall be tracked by placing a coin or marker button, which contains the amount of the vigorish owed, in the rectangular space on the layout that is imprinted with the number of the player owing the vigorish."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $20.00 on the Banker's Hand
    When the round is dealt
    Then the vigorish of seat 3, $1.00, is marked at its seat number and not yet collected

  @631a.13.d.2.i @option.variant.baccarat @option.vigorish.tracked @capability.stacked_shoe
  Scenario: Outstanding vigorish is collected before play begins with a new dealing shoe
    § 631a.13(d)(2)(i): "The outstanding vigorish shall be collected prior to beginning play with a new dealing shoe of cards or when the player leaves the gaming table, whichever occurs first."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $20.00 on the Banker's Hand
    And seat 5 wagers $10.00 on the Banker's Hand
    When the round is dealt
    And a new dealing shoe is started
    Then $1.00 of vigorish is collected from seat 3 before play begins with the new dealing shoe
    And $0.50 of vigorish is collected from seat 5 before play begins with the new dealing shoe

  @631a.13.d.2.i @option.variant.baccarat @option.vigorish.tracked @capability.player_leaves @capability.stacked_shoe
  Scenario: Outstanding vigorish is collected when the player leaves, if that occurs first
    § 631a.13(d)(2)(i): "The outstanding vigorish shall be collected prior to beginning play with a new dealing shoe of cards or when the player leaves the gaming table, whichever occurs first."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $20.00 on the Banker's Hand
    And seat 5 wagers $10.00 on the Banker's Hand
    When the round is dealt
    And the player in seat 3 leaves the table
    Then $1.00 of vigorish is collected from seat 3 as the player leaves
    When a new dealing shoe is started
    Then $0.00 of vigorish is collected from seat 3 before play begins with the new dealing shoe
    And $0.50 of vigorish is collected from seat 5 before play begins with the new dealing shoe

  @631a.13.d.2.iii @option.variant.baccarat @option.vigorish.tracked @capability.stacked_shoe
  Scenario: The marker stays on the layout, adding up, until the vigorish owed is collected
    § 631a.13(d)(2)(iii): "The coin or marker button may not be removed from the layout until the vigorish owed is collected."
    Given the dealing shoe is stacked with 4C 9D 3H KS 4D 9C 3S KH
    And seat 3 wagers $20.00 on the Banker's Hand
    When the round is dealt
    And seat 3 wagers $40.00 on the Banker's Hand
    And the round is dealt
    And a new dealing shoe is started
    Then the marker of seat 3 is removed only when the vigorish it tracks is collected
    And $3.00 of vigorish in all is collected from seat 3 by the time play begins with the new dealing shoe

  @631a.13.e @option.dragon_bonus @capability.stacked_shoe
  Scenario: No vigorish is extracted on a winning Dragon Bonus Wager on the Banker's Hand
    § 631a.13(e): "If a certificate holder offers the Dragon Bonus Wager, in accordance with § 631a.8(a)(4) (relating to wagers), a vigorish may not be extracted on a winning Dragon Bonus Wager."
    Given the dealing shoe is stacked with 4C 9D 3H KS
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Dragon Bonus on the Banker's Hand
    When the round is dealt
    Then the wager of seat 3 on Dragon Bonus on the Banker's Hand wins at 1 to 1
    And no vigorish is charged on the wager of seat 3 on Dragon Bonus on the Banker's Hand

  @631a.13.e.table.table @capability.stacked_shoe
  Scenario Outline: Dragon Bonus paytable <paytable>: the "<row>" row pays <odds>
    § 631a.13(e): "Winning Dragon Bonus Wagers shall be paid out at the odds in one of the following paytables selected by the certificate holder in its Rules Submission filed in accordance with § 601a.2:"
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on Dragon Bonus on the <hand>
    When the round is dealt
    Then Paytable <paytable> pays the "<row>" row at <odds> on the wager of seat 3 on Dragon Bonus on the <hand>

    @option.dragon_bonus.paytable.A
    Examples: Paytable A
      | paytable | row             | odds    | shoe               | hand          |
      | A        | Win by 9 points | 30 to 1 | JS QD 3D JC 6H KC  | Player's Hand |
      | A        | Win by 8 points | 10 to 1 | JC KH KS AC JD 7D  | Banker's Hand |
      | A        | Win by 7 points | 6 to 1  | QS KH 3D AC 5C JD  | Player's Hand |
      | A        | Win by 6 points | 4 to 1  | 2D KH KC KD QC 8C  | Banker's Hand |
      | A        | Win by 5 points | 2 to 1  | 6S 2H AS QH KS     | Player's Hand |
      | A        | Win by 4 points | 1 to 1  | AC 5D QD QC JS     | Banker's Hand |
      | A        | Natural winner  | 1 to 1  | 9C 3D KH 3S        | Player's Hand |
      | A        | Natural winner  | 1 to 1  | 9C KD KH QS        | Player's Hand |
      | A        | Natural winner  | 1 to 1  | AC 4D 2H 5S        | Banker's Hand |
      | A        | Natural tie     | Push    | 8C 8D KH KS        | Banker's Hand |

    @option.dragon_bonus.paytable.B
    Examples: Paytable B
      | paytable | row             | odds    | shoe               | hand          |
      | B        | Win by 9 points | 20 to 1 | KD JD KS JC QH 9S  | Banker's Hand |
      | B        | Win by 8 points | 8 to 1  | JC QD KH JS 8D QC  | Player's Hand |
      | B        | Win by 7 points | 7 to 1  | QD 2H 2S AH JS 6D  | Banker's Hand |
      | B        | Win by 6 points | 4 to 1  | 6C QS AD AC KH     | Player's Hand |
      | B        | Win by 5 points | 3 to 1  | KC JC KD AS JS 4S  | Banker's Hand |
      | B        | Win by 4 points | 1 to 1  | 6D 2S KC KH QD     | Player's Hand |
      | B        | Natural winner  | 1 to 1  | 4C 9D 3H KS        | Banker's Hand |
      | B        | Natural winner  | 1 to 1  | KC 8D QH JS        | Banker's Hand |
      | B        | Natural winner  | 1 to 1  | 4C AD 5H AS        | Player's Hand |
      | B        | Natural tie     | Push    | 9C 9D KH KS        | Player's Hand |

    @option.dragon_bonus.paytable.C
    Examples: Paytable C
      | paytable | row             | odds    | shoe               | hand          |
      | C        | Win by 9 points | 30 to 1 | JS QD 3D JC 6H KC  | Player's Hand |
      | C        | Win by 8 points | 10 to 1 | JC KH KS AC JD 7D  | Banker's Hand |
      | C        | Win by 7 points | 4 to 1  | QS KH 3D AC 5C JD  | Player's Hand |
      | C        | Win by 6 points | 4 to 1  | 2D KH KC KD QC 8C  | Banker's Hand |
      | C        | Win by 5 points | 2 to 1  | 6S 2H AS QH KS     | Player's Hand |
      | C        | Win by 4 points | 2 to 1  | AC 5D QD QC JS     | Banker's Hand |
      | C        | Natural winner  | 1 to 1  | 3C 8D 4H KS        | Banker's Hand |
      | C        | Natural winner  | 1 to 1  | 2C 5D 2H 3S        | Banker's Hand |
      | C        | Natural winner  | 1 to 1  | 5C 2D 3H AS        | Player's Hand |
      | C        | Natural tie     | Push    | 9C 9D KH KS        | Player's Hand |

  @631a.13.f @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.dragon_7
  Scenario Outline: A winning Dragon 7 Insurance Wager of <stake> is paid at 40 to 1
    § 631a.13(f): "A winning Dragon 7 Insurance Wager, as described in § 631a.8(a)(5), shall be paid out at odds of 40 to 1."
    Given the dealing shoe is stacked with 2C AD 2H 2S 2D 4C
    And seat 3 wagers <stake> on Dragon 7
    When the round is dealt
    Then the wager of seat 3 on Dragon 7 wins at 40 to 1

    Examples:
      | stake  |
      | $5.00  |
      | $12.50 |

  @631a.13.g @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.panda_8
  Scenario Outline: A winning Panda 8 Insurance Wager of <stake> is paid at 25 to 1
    § 631a.13(g): "A winning Panda 8 Insurance Wager, as described in § 631a.8(a)(6), shall be paid at odds of 25 to 1."
    Given the dealing shoe is stacked with 2C 3D 2H 3S 4C
    And seat 3 wagers <stake> on Panda 8
    When the round is dealt
    Then the wager of seat 3 on Panda 8 wins at 25 to 1

    Examples:
      | stake  |
      | $5.00  |
      | $12.50 |

  @631a.13.h @option.house_money @capability.stacked_shoe
  Scenario: A player who takes the House Money payout is handed the whole payout, paid at the payable's odds
    § 631a.13(h): "If a certificate holder offers the House Money Wager and the player elects to take the payout, the player shall be paid in accordance with the following payable:"
    Interpretation: payable-means-paytable
    Given the dealing shoe is stacked with 2C 3D 2H 3S 4C
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 3 wagers $5.00 on House Money
    When the round is dealt
    Then the wager of seat 3 on House Money wins at 15 to 1
    And the whole House Money payout of seat 3 is handed to the player

  @631a.13.h.table.table @option.house_money @capability.stacked_shoe
  Scenario Outline: House Money: "<row>" pays <odds>
    § 631a.13(h): "If a certificate holder offers the House Money Wager and the player elects to take the payout, the player shall be paid in accordance with the following payable:"
    Interpretation: payable-means-paytable
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 3 wagers $5.00 on House Money
    When the round is dealt
    Then the wager of seat 3 on House Money wins at <odds>

    Examples:
      | row                    | odds    | shoe                | pairs                  |
      | Player and Banker Pair | 15 to 1 | 2C 3D 2H 3S 4C      | 2s and 3s              |
      | Player or Banker Pair  | 3 to 1  | 2C 3D 2H KS 3C KD   | the Player's Hand's 2s |
      | Player or Banker Pair  | 3 to 1  | 3C 2D 4H 2S KC      | the Banker's Hand's 2s |

  @631a.13.e @option.dragon_bonus @capability.stacked_shoe
  Scenario Outline: A winning Dragon Bonus Wager is paid at its paytable's odds on every class of cards and at every stake residue
    § 631a.13(e): "Winning Dragon Bonus Wagers shall be paid out at the odds in one of the following paytables selected by the certificate holder in its Rules Submission filed in accordance with § 601a.2:"
    Given every class of cards the rule of the wager on <wager> distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on <wager> of the sweep is paid as the scenario's clause says

    Examples: both hands
      | wager |
      | Dragon Bonus on the Player's Hand |
      | Dragon Bonus on the Banker's Hand |

  @631a.13.f @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.dragon_7
  Scenario: A winning Dragon 7 Insurance Wager is paid at 40 to 1 on every class of cards and at every stake residue
    § 631a.13(f): "A winning Dragon 7 Insurance Wager, as described in § 631a.8(a)(5), shall be paid out at odds of 40 to 1."
    Given every class of cards the rule of the wager on Dragon 7 distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Dragon 7 of the sweep is paid as the scenario's clause says

  @631a.13.g @option.variant.ez_baccarat @capability.stacked_shoe @capability.wager.panda_8
  Scenario: A winning Panda 8 Insurance Wager is paid at 25 to 1 on every class of cards and at every stake residue
    § 631a.13(g): "A winning Panda 8 Insurance Wager, as described in § 631a.8(a)(6), shall be paid at odds of 25 to 1."
    Given every class of cards the rule of the wager on Panda 8 distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Panda 8 of the sweep is paid as the scenario's clause says

  @631a.13.h @option.house_money @capability.stacked_shoe
  Scenario: A House Money payout taken is paid at the payable's odds on every class of initial cards and at every stake residue
    § 631a.13(h): "If a certificate holder offers the House Money Wager and the player elects to take the payout, the player shall be paid in accordance with the following payable:"
    Interpretation: payable-means-paytable
    Given every class of cards the rule of the wager on House Money distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on House Money of the sweep is paid as the scenario's clause says
