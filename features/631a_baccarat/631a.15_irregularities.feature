Feature: § 631a.15 Irregularities
  Irregularities are staged in test mode with deal_round(irregularity=...); the
  protocol's Irregularity record defines when and how each is staged. Each scenario
  stacks the dealing shoe, stages the irregularity, checks where every card went
  (a hand, the discard bucket, a simulated round, or held for the next hand), and
  deals the next round to see where it starts.

  Background:
    Given a table opened under the Rules Submission

  @631a.15.a @capability.irregularities @capability.stacked_shoe
  Scenario: A card drawn in error and not disclosed is the first card of the next hand
    § 631a.15(a): "Except as provided in subsection (b), a card drawn in error from the dealing shoe that is not disclosed shall be used as the first card of the next hand of play."
    Given the dealing shoe is stacked with 7C 3D KH 3S 6C 3H KD 2S QD
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt and a card is then drawn in error, not disclosed
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1
    And 6C is held as the first card of the next hand
    When the next round is dealt
    Then the round is dealt from 6C 3H KD 2S QD

  @631a.15.b @capability.irregularities @capability.stacked_shoe
  Scenario: An undisclosed third card dealt to the Player's Hand in error is the Banker's third card when the Banker's Hand must draw
    § 631a.15(b): "A third card dealt to the Player's Hand that is not disclosed, when a third card is not authorized under § 631a.11 (relating to rules for determining whether a third card shall be dealt), shall become the third card of the Banker's Hand if the Banker's Hand is required to draw under § 631a.11(c)."
    Given the dealing shoe is stacked with 6C 3D KH 2S 4C 7H 2C KS 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt with a third card dealt to the Player's Hand in error, not disclosed
    Then 4C becomes the third card of the Banker's Hand
    And the Player's Hand is 6C KH with a Point Count of 6
    And the Banker's Hand is 3D 2S 4C with a Point Count of 9
    And the wager of seat 3 on the Banker's Hand wins at 1 to 1
    When the next round is dealt
    Then the round is dealt from 7H 2C KS 4D

  @631a.15.b @capability.irregularities @capability.stacked_shoe
  Scenario: An undisclosed third card dealt to the Player's Hand in error is the first card of the next hand when the Banker's Hand stays
    § 631a.15(b): "If the Banker's Hand is required to stay, the card dealt in error shall become the first card of the next hand of play."
    Given the dealing shoe is stacked with 7C 3D KH 3S 4C 9D 3H KS
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt with a third card dealt to the Player's Hand in error, not disclosed
    Then 4C is held as the first card of the next hand
    And the Player's Hand is 7C KH with a Point Count of 7
    And the Banker's Hand is 3D 3S with a Point Count of 6
    And the wager of seat 3 on the Player's Hand wins at 1 to 1
    When the next round is dealt
    Then the round is dealt from 4C 9D 3H KS

  @631a.15.c @capability.irregularities @capability.stacked_shoe
  Scenario: A disclosed third card dealt to the Player's Hand in error is the Banker's third card when the Banker's Hand must draw
    § 631a.15(c): "If a third card dealt to the Player's Hand, when a third card is not authorized under § 631a.11, is disclosed at the time it is dealt or is found face up in the dealing shoe, the dealer calling the game shall use the disclosed card as the third card of the Banker's Hand if the Banker's Hand is required to draw under § 631a.11(c)."
    Given the dealing shoe is stacked with 6C 3D KH 2S 4C 7H 2C KS 4D
    And seat 3 wagers $10.00 on the Banker's Hand
    When the round is dealt with a third card dealt to the Player's Hand in error, disclosed
    Then 4C becomes the third card of the Banker's Hand
    And the Banker's Hand is 3D 2S 4C with a Point Count of 9
    And the wager of seat 3 on the Banker's Hand wins at 1 to 1
    When the next round is dealt
    Then the round is dealt from 7H 2C KS 4D

  @631a.15.c.1 @capability.irregularities @option.irregularity.1 @capability.stacked_shoe
  Scenario: When the Banker's Hand stays, the disclosed card and one more card, face down, go to the discard bucket
    § 631a.15(c)(1): "Place the disclosed card and one additional card, drawn face down from the dealing shoe, into the discard bucket without disclosing the additional card."
    Given the dealing shoe is stacked with 7C 3D KH 3S 4C JD 9D 3H KS 2C
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt with a third card dealt to the Player's Hand in error, disclosed
    Then 4C JD are placed in the discard bucket, the second without being disclosed
    And the Player's Hand is 7C KH with a Point Count of 7
    And the wager of seat 3 on the Player's Hand wins at 1 to 1
    When the next round is dealt
    Then the round is dealt from 9D 3H KS 2C

  @631a.15.c.2 @capability.irregularities @option.irregularity.2 @capability.stacked_shoe
  Scenario: When the Banker's Hand stays, the disclosed card starts a simulated round in which no wager is accepted
    § 631a.15(c)(2): "Use the disclosed card as the first card of a simulated round of play in which wagers may not be accepted. The cards shall be dealt in accordance with the rules of this chapter and placed in the discard bucket upon completion of the dealing procedures."
    Interpretation: 631a.15-d-wagers-stay-for-the-next-round
    Given the dealing shoe is stacked with 7C 3D KH 3S 4C 9D 3H KS 7H 2C KD 4S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt with a third card dealt to the Player's Hand in error, disclosed
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1
    And a simulated round is dealt from 4C 9D 3H KS with no wager settled in it
    When the next round is dealt
    Then the round is dealt from 7H 2C KD 4S

  @631a.15.d @capability.irregularities @capability.stacked_shoe
  Scenario: A card found face up in the dealing shoe starts a simulated round; the wagers stay for the next round
    § 631a.15(d): "Except as provided in subsection (c), if a card is disclosed at the time it is dealt or a card is found face up in the dealing shoe, the dealer shall use the disclosed card as the first card of a simulated round of play in which wagers may not be accepted. The cards shall be dealt in accordance with this chapter and placed in the discard bucket upon completion of the dealing procedures."
    Interpretation: 631a.15-d-wagers-stay-for-the-next-round
    Given the dealing shoe is stacked with 6C 3H KD 2S QD 7C 3D KH 3S
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt with its first card found face up in the dealing shoe
    Then the round is a simulated round dealt from 6C 3H KD 2S QD, settling no wager
    When the next round is dealt
    Then the round is dealt from 7C 3D KH 3S
    And the wager of seat 3 on the Player's Hand wins at 1 to 1

  @631a.15.d @capability.irregularities @capability.stacked_shoe
  Scenario: A card drawn in error and disclosed starts a simulated round
    § 631a.15(d): "if a card is disclosed at the time it is dealt or a card is found face up in the dealing shoe, the dealer shall use the disclosed card as the first card of a simulated round of play in which wagers may not be accepted."
    Interpretation: 631a.15-d-wagers-stay-for-the-next-round
    Given the dealing shoe is stacked with 7C 3D KH 3S 6C 3H KD 2S QD 7H 2C KS 4D
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt and a card is then drawn in error, disclosed
    Then the wager of seat 3 on the Player's Hand wins at 1 to 1
    And a simulated round is dealt from 6C 3H KD 2S QD with no wager settled in it
    When the next round is dealt
    Then the round is dealt from 7H 2C KS 4D

  @631a.15.e @capability.stacked_shoe
  Scenario: With just enough cards left to complete the round, the round is dealt, not void
    § 631a.15(e): "If there are insufficient cards remaining in the dealing shoe to complete a round of play, that round shall be void and all wagers shall be returned."
    Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the round is dealt from 2C JD 2H KS 4D KC

  @631a.15.e @capability.stacked_shoe
  Scenario Outline: With too few cards left to complete the round, the round is void and every wager returned
    § 631a.15(e): "If there are insufficient cards remaining in the dealing shoe to complete a round of play, that round shall be void and all wagers shall be returned. A new round shall commence after the entire set of cards has been replaced and the new set of cards have been placed in the dealing shoe."
    Interpretation: 631a.15-e-void-before-dealing
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 5 wagers $25.00 on the Banker's Hand
    And seat 7 wagers $5.00 on a Tie
    When the round is dealt
    Then the round is void
    And the wager of seat 3 on the Player's Hand is void and returned
    And the wager of seat 5 on the Banker's Hand is void and returned
    And the wager of seat 7 on a Tie is void and returned
    And no round is dealt until a new dealing shoe is started

    Examples:
      | shoe              | short of                          |
      | 2C JD 2H KS 4D    | the Banker's third card           |
      | 2C JD 2H          | the fourth card                   |
