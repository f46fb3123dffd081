@option.alternative_card_reveal
Feature: § 629b.4 Alternative card reveal procedure
  Where the Rules Submission offers it, a Midibaccarat player with the highest wager on
  the Player's Hand may ask, when every wager is on the Player's Hand, to see the Banker's
  Hand first. The request is a deal_round choice (DealChoice seat, reveal_banker_first);
  the order of reveal is the order of the round's "reveal" events. Temporary regulation,
  expired 2024-09-04: run with --include-expired or an earlier --as-of.

  Background:
    Given a table opened under the Rules Submission

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: The Banker's Hand is revealed first at the request of the highest Player wager
    § 629b.4(b): "if all players have wagered on the Player's Hand and, upon request of the player with the highest wager on the Player's Hand, the dealer shall place the two cards of the Banker's Hand face up on the area designated for the Banker's Hand and announce the Point Count of the Banker's Hand."
    Interpretation: 629b.4-b-all-players-on-player-hand
    Given the dealing shoe is stacked with 7C 6D KH QS
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt with seat 5 asking to see the Banker's Hand first
    Then the Banker's Hand is revealed before the Player's Hand
    And the wager of seat 5 on the Player's Hand wins at 1 to 1

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: The Player's Hand is turned face up by the player with the highest wager on it
    § 629b.4(b): "The dealer shall then hand the two cards of the Player's Hand, face down, to the player with the highest wager on the Player's Hand. After viewing the Player's Hand, the player shall return the two cards face up, to the dealer"
    Interpretation: 629b.4-b-all-players-on-player-hand
    Given the dealing shoe is stacked with 4S 2H 3D 4C
    And seat 1 wagers $50.00 on the Player's Hand
    And seat 6 wagers $20.00 on the Player's Hand
    When the round is dealt with seat 1 asking to see the Banker's Hand first
    Then the Player's Hand is turned face up by seat 1
    And the wager of seat 6 on the Player's Hand wins at 1 to 1

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: Without a request the Player's Hand is revealed first
    § 629b.4(b): "upon request of the player with the highest wager on the Player's Hand"
    Given the dealing shoe is stacked with 7C 6D KH QS
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt
    Then the Player's Hand is revealed before the Banker's Hand

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: A wager on the Banker's Hand keeps the Player's Hand first despite a request
    § 629b.4(b): "if all players have wagered on the Player's Hand"
    Interpretation: 629b.4-b-all-players-on-player-hand
    Given the dealing shoe is stacked with 7C 6D KH QS
    And seat 2 wagers $10.00 on the Banker's Hand
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt with seat 5 asking to see the Banker's Hand first
    Then the Player's Hand is revealed before the Banker's Hand
    And the wager of seat 2 on the Banker's Hand loses

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: A Tie wager keeps the Player's Hand first despite a request
    § 629b.4(b): "if all players have wagered on the Player's Hand"
    Interpretation: 629b.4-b-all-players-on-player-hand
    Given the dealing shoe is stacked with 7C 6D KH QS
    And seat 3 wagers $5.00 on a Tie
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt with seat 5 asking to see the Banker's Hand first
    Then the Player's Hand is revealed before the Banker's Hand

  @629b.4.b @629b.4.a @capability.stacked_shoe
  Scenario: A request from a player without the highest Player wager keeps the Player's Hand first
    § 629b.4(b): "upon request of the player with the highest wager on the Player's Hand"
    Interpretation: 629b.4-b-all-players-on-player-hand
    Given the dealing shoe is stacked with 7C 6D KH QS
    And seat 2 wagers $10.00 on the Player's Hand
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt with seat 2 asking to see the Banker's Hand first
    Then the Player's Hand is revealed before the Banker's Hand

  @629b.4.c @capability.stacked_shoe
  Scenario: After the Banker's Hand is revealed first the round continues by the third-card rules
    § 629b.4(c): "The round of play shall then continue as set forth in § 629a.8(c)(3)—(6)."
    Interpretation: base-game-631a-for-627a-629a
    Given the dealing shoe is stacked with KC 2D 3H 2S 5H 6C
    And seat 5 wagers $25.00 on the Player's Hand
    When the round is dealt with seat 5 asking to see the Banker's Hand first
    Then the Player's Hand is dealt a third card
    And the Banker's Hand is dealt a third card
    And the Player's Hand is KC 3H 5H with a Point Count of 8
    And the Banker's Hand is 2D 2S 6C with a Point Count of 0
    And the wager of seat 5 on the Player's Hand wins at 1 to 1
