Feature: § 631a.7 Dealing shoe; selection of the player to deal cards
  Each scenario seats players who accept or reject the dealing shoe, starts a
  stacked shoe and reads the shoe record's shoe_offered and shoe_accepted events.
  Counterclockwise is ascending seat number.

  @631a.7.b @capability.stacked_shoe
  Scenario: The dealing shoe is offered first to seat 1, then counterclockwise, skipping empty seats
    § 631a.7(b): "the dealer calling the game shall offer the dealing shoe to the player in seat number one at the table. If that player rejects the dealing shoe or if there is no one in seat number one, the dealer shall offer the dealing shoe to each of the other players in turn, moving counterclockwise around the table, until one of the players accepts the dealing shoe."
    Interpretation: seat-direction-counterclockwise
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | yes      | no           |
      | 2    | no       | no           |
      | 3    | yes      | no           |
      | 5    | yes      | yes          |
      | 6    | yes      | yes          |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then the new dealing shoe is offered to seats 1, 3, 5 in that order

  @631a.7.b @capability.stacked_shoe
  Scenario: With no one in seat 1 the dealing shoe is offered from the next seat counterclockwise
    § 631a.7(b): "If that player rejects the dealing shoe or if there is no one in seat number one, the dealer shall offer the dealing shoe to each of the other players in turn, moving counterclockwise around the table"
    Interpretation: seat-direction-counterclockwise
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | no       | no           |
      | 2    | yes      | yes          |
      | 4    | yes      | yes          |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then the new dealing shoe is offered to seats 2 in that order

  @631a.7.c @capability.stacked_shoe
  Scenario: The player who accepts the dealing shoe is the curator
    § 631a.7(c): "The player that accepts the dealing shoe shall be designated as the curator."
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | yes      | no           |
      | 3    | yes      | yes          |
      | 4    | yes      | yes          |
    And the dealing shoe is stacked with 4C 9D 3H KS
    Then seat 3 is the curator
    When the round is dealt
    Then seat 3 is the curator

  @631a.7.d.2 @capability.stacked_shoe
  Scenario: The dealer calling the game is the curator when no player accepts the dealing shoe
    § 631a.7(d)(2): "No player to whom the dealing shoe is offered accepts the dealing shoe."
    Given a table opened under the Rules Submission with seats:
      | seat | occupied | accepts shoe |
      | 1    | no       | no           |
      | 2    | yes      | no           |
      | 4    | yes      | no           |
      | 7    | yes      | no           |
    And the dealing shoe is stacked with 7C 3D KH 3S
    Then the new dealing shoe is offered to seats 2, 4, 7 in that order
    And the dealer calling the game is the curator
