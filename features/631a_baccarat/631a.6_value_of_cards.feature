Feature: § 631a.6 Value of cards; Point Count of hand
  The game reports the Point Count of each hand in its round record. Each scenario
  deals a stacked shoe through the adapter and compares the reported Point Count
  with the card values of § 631a.6(a) and the rule of § 631a.6(b).

  Background:
    Given a table opened under the Rules Submission

  @631a.6.a.1 @capability.stacked_shoe
  Scenario Outline: A card from 2 to 9 counts its face value
    § 631a.6(a)(1): "Any card from 2 to 9 shall have its face value."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is <player> with a Point Count of <count>

    Examples:
      | shoe           | player | count |
      | 2C KC 5H JH QS | 2C 5H  | 7     |
      | 3D KC 4C JH QS | 3D 4C  | 7     |
      | 4H KC 3S JH QS | 4H 3S  | 7     |
      | 5S KC 2D JH QS | 5S 2D  | 7     |
      | 6C KC QD JH QS | 6C QD  | 6     |
      | 7D KC QD JH QS | 7D QD  | 7     |
      | 8H KC QD JH QS | 8H QD  | 8     |
      | 9S KC QD JH QS | 9S QD  | 9     |

  @631a.6.a.2 @capability.stacked_shoe
  Scenario Outline: A 10, jack, queen or king counts zero
    § 631a.6(a)(2): "Any 10, jack, queen or king shall have a value of zero."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is <player> with a Point Count of <count>

    Examples:
      | shoe                 | player     | count |
      | 10H 2C 6D 3S 9H 9D   | 10H 6D     | 6     |
      | JC 2C 6D 3S 9H 9D    | JC 6D      | 6     |
      | QS 2C 7D 3S 9H 9D    | QS 7D      | 7     |
      | KD 2C 7H 3S 9H 9D    | KD 7H      | 7     |

  @631a.6.a.3 @capability.stacked_shoe
  Scenario: An ace counts one
    § 631a.6(a)(3): "Any ace shall have a value of one."
    Given the dealing shoe is stacked with AH 2C 5D 3S 9H 9D
    When the round is dealt
    Then the Player's Hand is AH 5D with a Point Count of 6

  @631a.6.b.1 @capability.stacked_shoe
  Scenario: An ace, 2 and 4 make a Point Count of 7
    § 631a.6(b)(1): "A hand composed of an ace, 2 and 4 has a Point Count of 7."
    Given the dealing shoe is stacked with AC JD 2H KS 4S 9C
    When the round is dealt
    Then the Player's Hand is AC 2H 4S with a Point Count of 7

  @631a.6.b.2 @capability.stacked_shoe
  Scenario: An ace, 2 and 9 total 12 but make a Point Count of only 2
    § 631a.6(b)(2): "A hand composed of an ace, 2 and 9 has a total value of 12 but a Point Count of only 2 since the left digit in the number 12 is discarded."
    Given the dealing shoe is stacked with AD JC 2S QH 9H 3C
    When the round is dealt
    Then the Player's Hand is AD 2S 9H with a Point Count of 2

  @631a.6.b @capability.stacked_shoe
  Scenario Outline: A two-digit total keeps only its right digit
    § 631a.6(b): "If the total value of the cards in a hand is a two-digit number, the left digit of the number shall be discarded and the right digit shall constitute the Point Count of the hand."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Banker's Hand is <banker> with a Point Count of <count>

    Examples:
      | shoe               | banker     | count |
      | KC 7H QD 6S 8C   | 7H 6S      | 3     |
      | 2C 9H 4D 9S        | 9H 9S      | 8     |
      | KC 5H QD 5S AC 9D  | 5H 5S 9D   | 9     |
