Feature: § 631a.1 Definitions
  The game reports in each hand of its round record whether the hand is a Natural.
  The other definitions (Curator, Dragon 7, EZ Baccarat, Panda 8) are checked
  through the clauses that use them (§§ 631a.7, 631a.8, 631a.12, 631a.13).

  Background:
    Given a table opened under the Rules Submission

  @631a.1.def.Natural @capability.stacked_shoe
  Scenario Outline: A hand is a Natural only on a Point Count of 8 or 9 on its first two cards
    § 631a.1[Natural]: "Natural—A hand which has a Point Count of 8 or 9 on the first two cards dealt."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand <player>
    And the Banker's Hand <banker>

    Examples:
      | shoe              | player                     | banker                     | case                               |
      | 9C 3D KH 3S       | is reported as a Natural     | is not reported as a Natural | Player's Natural 9 against 6     |
      | 3C 8D 4H KS       | is not reported as a Natural | is reported as a Natural     | Banker's Natural 8 against 7     |
      | 2C JD 2H KS 4D KC | is not reported as a Natural | is not reported as a Natural | Player's 8 on three cards        |
