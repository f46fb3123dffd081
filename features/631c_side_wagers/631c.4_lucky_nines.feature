@option.game.baccarat @option.lucky_nines @option.fully_automated_table
Feature: § 631c.4 Lucky Nines
  Offered only on a fully automated electronic gaming table (profile option
  fully_automated_table; a profile offering Lucky Nines without it is rejected, and
  without Lucky Nines these scenarios are reported "not offered"). Placed after a
  Baccarat wager, settled on the nines among the four initial cards, before any third
  card. An Examples row of a paytable not filed is reported "not offered". Each seat
  wagers $10.00 on the Banker's Hand, then $10.00 on Lucky Nines.

  @631c.4.e @631c.4.d.2 @capability.stacked_shoe
  Scenario Outline: Lucky Nines is paid by the number and suits of the nines among the four initial cards
    § 631c.4(d)(2): "Contain a nine, the winning Lucky Nines wagers shall be paid in accordance with subsection (e) based on the number of nines in the player and banker hands."
    § 631c.4(e): "The certificate holder shall pay out winning Lucky Nines wagers at the odds in one of the following payout tables selected by the certificate holder in its Rules Submission"
    Interpretation: 631c.4-e-same-suit-rows
    Given the Rules Submission selects Lucky Nines paytable <paytable>
    And a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Lucky Nines
    When the round is dealt
    Then the wager of seat 3 on Lucky Nines wins at <odds>

    Examples:
      | paytable | shoe              | hand                  | odds      |
      | A        | 9H 9S 9D 9C 2C 3D | Four nines            | 500 to 1  |
      | A        | 9H 9H 9H 5C 2C 3D | Three nines same suit | 250 to 1  |
      | A        | 9H 9S 9D 5C 2C 3D | Three nines           | 20 to 1   |
      | A        | 9S 2C 9S 3D 4C 5D | Two nines same suit   | 8 to 1    |
      | A        | 9S 2C 9D 3D 4C 5D | Two nines             | 5 to 1    |
      | A        | 9D 2C 5H 3D KC 4S | One nine diamonds     | 2 to 1    |
      | A        | 9C 2C 5H 3D KC 4S | One nine              | 1 to 1    |
      | B        | 9H 9S 9D 9C 2C 3D | Four nines            | 500 to 1  |
      | B        | 9H 9H 9H 5C 2C 3D | Three nines same suit | 250 to 1  |
      | B        | 9H 9S 9D 5C 2C 3D | Three nines           | 30 to 1   |
      | B        | 9S 2C 9S 3D 4C 5D | Two nines same suit   | 12 to 1   |
      | B        | 9S 2C 9D 3D 4C 5D | Two nines             | 5 to 1    |
      | B        | 9D 2C 5H 3D KC 4S | One nine diamonds     | 2 to 1    |
      | B        | 9C 2C 5H 3D KC 4S | One nine              | 1 to 1    |
      | C        | 9H 9S 9D 9C 2C 3D | Four nines            | 1000 to 1 |
      | C        | 9H 9H 9H 5C 2C 3D | Three nines same suit | 500 to 1  |
      | C        | 9H 9S 9D 5C 2C 3D | Three nines           | 35 to 1   |
      | C        | 9S 2C 9S 3D 4C 5D | Two nines same suit   | 16 to 1   |
      | C        | 9S 2C 9D 3D 4C 5D | Two nines             | 5 to 1    |
      | C        | 9D 2C 5H 3D KC 4S | One nine diamonds     | 2 to 1    |
      | C        | 9C 2C 5H 3D KC 4S | One nine              | 1 to 1    |
      | D        | 9H 9S 9D 9C 2C 3D | Four nines            | 2000 to 1 |
      | D        | 9H 9H 9H 5C 2C 3D | Three nines same suit | 500 to 1  |
      | D        | 9H 9S 9D 5C 2C 3D | Three nines           | 15 to 1   |
      | D        | 9S 2C 9S 3D 4C 5D | Two nines same suit   | 10 to 1   |
      | D        | 9S 2C 9D 3D 4C 5D | Two nines             | 4 to 1    |
      | D        | 9D 2C 5H 3D KC 4S | One nine diamonds     | 2 to 1    |
      | D        | 9C 2C 5H 3D KC 4S | One nine              | 1 to 1    |

  @631c.4.d.1 @capability.stacked_shoe
  Scenario Outline: Lucky Nines loses when none of the four initial cards is a nine
    § 631c.4(d)(1): "Do not contain a nine, the losing Lucky Nines wagers shall be collected."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Lucky Nines
    When the round is dealt
    Then the wager of seat 3 on Lucky Nines loses

    Examples:
      | shoe              | cards                                           |
      | 2H KC 3C QD 2D 5S | no nine at all                                  |
      | 2H KC 3C QD 9D 5S | the only nine is the Player's third card        |

  @631c.4.a @631c.4.d @capability.stacked_shoe
  Scenario: A nine dealt as a third card does not count
    § 631c.4(a): "a Lucky Nines wager which shall win if any of the player's two cards or the banker's two cards contain at least one nine"
    Interpretation: 631c.4-d-open-range
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9C 2C 5H 3D 9H 4S
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Lucky Nines
    When the round is dealt
    Then the Player's Hand is 9C 5H 9H with a Point Count of 3
    And the wager of seat 3 on Lucky Nines wins at 1 to 1

  @631c.4.d @capability.stacked_shoe
  Scenario: Lucky Nines is settled after the initial cards are face up and before any third card
    § 631c.4(d): "After the initial two cards of the player's hand and banker's hand have been turned face up on the layout but prior to dealing a third card, the dealer shall settle all players' Lucky Nines wagers."
    Interpretation: 631c.4-d-open-range
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9D 2C 5H 3D KC 4S
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Lucky Nines
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the wager of seat 3 on Lucky Nines is settled before any third card is dealt

  @631c.4.f @capability.stacked_shoe
  Scenario: Once the Lucky Nines wagers are settled, the dealing of the round is completed
    § 631c.4(f): "After settling the player's Lucky Nines wager, the dealer shall complete the dealing procedures in § 631a.9(e) and (f)."
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9D 2C 5H 3D KC 4S
    And seat 3 wagers $10.00 on the Banker's Hand
    And seat 3 wagers $10.00 on Lucky Nines
    When the round is dealt
    Then the dealing of the round is completed after the wager of seat 3 on Lucky Nines is settled

  @631c.4.c @capability.stacked_shoe
  Scenario: A Lucky Nines wager needs an initial wager at the same seat
    § 631c.4(c): "After placing an initial wager, as required under § 631a.8(a) (relating to wagers), a player may place a Lucky Nines wager"
    Given a table opened under the Rules Submission
    And the dealing shoe is stacked with 9D 2C 5H 3D KC 4S
    When seat 3 tries to wager $10.00 on Lucky Nines
    Then the game refuses the wager

  @631c.4 @capability.stacked_shoe
  Scenario: Lucky Nines settlement over many dealt rounds agrees with the paytable
    § 631c.4(d): "If any of the player's two cards or the banker's two cards:"
    When rounds are dealt from stacked shoes with every offered wager of § 631c.4 placed
    Then every wager of § 631c.4 is settled as the paytable says

  @631c.4.e @capability.stacked_shoe
  Scenario: A winning Lucky Nines wager is paid at its paytable's odds on every class of initial cards and at every stake residue
    § 631c.4(e): "The certificate holder shall pay out winning Lucky Nines wagers at the odds in one of the following payout tables selected by the certificate holder in its Rules Submission"
    Given every class of cards the rule of the wager on Lucky Nines distinguishes, at every stake its settlement depends on
    When each deal of the sweep is dealt from its own stacked shoe with its wager placed
    Then every winning wager on Lucky Nines of the sweep is paid as the scenario's clause says
