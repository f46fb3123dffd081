Feature: § 631a.14 Continuation of curator as dealer; selection of a new curator
  Each scenario seats players who accept or reject the dealing shoe, deals a round
  the Banker's Hand loses, and reads the round's shoe_passed, shoe_offered and
  shoe_accepted events. Counterclockwise is ascending seat number; "immediately to
  the right" of a seat is the next higher seat.

  @631a.14.a.1 @capability.stacked_shoe
  Scenario: The curator passes the dealing shoe when the Banker's Hand loses
    § 631a.14(a)(1): "The curator shall pass the dealing shoe whenever the Banker's Hand loses."
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | no       | no           |
      | 2    | yes      | yes          |
      | 3    | yes      | yes          |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then seat 2 is the curator
    When the round is dealt
    Then the curator in seat 2 passes the dealing shoe
    And seat 3 is the curator

  @631a.14.a @capability.stacked_shoe
  Scenario Outline: After a round the Banker's Hand does not lose, the curator remains
    § 631a.14(a): "The curator, after any round of play, may either pass the dealing shoe or remain as curator except that:"
    Interpretation: 631a.14-a-the-curator-remains
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | no       | no           |
      | 2    | yes      | yes          |
      | 3    | yes      | yes          |
    And the dealing shoe is stacked with <shoe>
    Then seat 2 is the curator
    When the round is dealt
    Then the curator in seat 2 keeps the dealing shoe

    Examples:
      | shoe              | result                              |
      | 3C 2D 3H 4S       | tie hand, 6 against 6               |
      | KC QD JH 7S 6C    | the Banker's Hand wins, 7 against 6 |

  @631a.14.b @capability.stacked_shoe
  Scenario: The shoe is offered first to the player immediately to the right of the previous curator, then counterclockwise
    § 631a.14(b): "the dealer shall offer the dealing shoe to the player immediately to the right of the previous curator and, if that player does not accept the dealing shoe or there is no player in that position, the dealer shall offer the dealing shoe to each of the other players in turn, moving counterclockwise around the table. The first player to accept the dealing shoe when offered shall become the new curator."
    Interpretation: 631a.14-b-other-players
    Interpretation: seat-direction-counterclockwise
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | yes      | no           |
      | 3    | yes      | yes          |
      | 4    | yes      | no           |
      | 5    | no       | yes          |
      | 6    | yes      | yes          |
      | 8    | yes      | yes          |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then seat 3 is the curator
    When the round is dealt
    Then the curator in seat 3 passes the dealing shoe
    And the dealing shoe is then offered to seats 4, 6 in that order
    And seat 6 is the curator

  @631a.14.b @capability.stacked_shoe
  Scenario: From the highest seat the offer wraps to seat 1; the previous curator is not offered the shoe again
    § 631a.14(b): "the dealer shall offer the dealing shoe to each of the other players in turn, moving counterclockwise around the table."
    Interpretation: 631a.14-b-other-players
    Interpretation: seat-direction-counterclockwise
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | no       | no           |
      | 2    | yes      | no           |
      | 4    | yes      | no           |
      | 9    | yes      | yes          |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then seat 9 is the curator
    When the round is dealt
    Then the curator in seat 9 passes the dealing shoe
    And the dealing shoe is then offered to seats 2, 4 in that order
    And the dealer calling the game is the curator
