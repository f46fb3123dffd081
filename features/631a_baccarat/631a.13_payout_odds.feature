Feature: § 631a.13 Payout odds; vigorish
  Each scenario places wagers on a stacked shoe, deals the round through the
  adapter, and checks each wager's settlement to the cent.

  Background:
    Given a table opened under the Rules Submission

  @631a.13.a
  Scenario: A winning wager on the Player's Hand is paid at 1 to 1
    § 631a.13(a): "A winning wager made on the Player's Hand shall be paid at odds of 1 to 1."
    Given the dealing shoe is stacked with 9C 2D KH 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1
