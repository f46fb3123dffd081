Feature: § 631a.10 Procedure for dealing a third card
  The Point Count announcements and third cards are read from the round's ordered
  events; the cover card is placed in a stacked shoe with cover_card_index, and the
  game reports the shoe's state after each round (in_play, last_hand, ended).

  Background:
    Given a table opened under the Rules Submission

  @631a.10.a @option.reveal.c @capability.stacked_shoe
  Scenario: After the four initial cards the dealer announces the Point Count of each hand, before any third card
    § 631a.10(a): "after the initial four cards have been dealt and the dealer calling the game places the cards face up in front of himself, the dealer calling the game shall announce the Point Count of the Player's Hand and the Banker's Hand."
    Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
    And seat 3 wagers $10.00 on the Player's Hand
    When the round is dealt
    Then the Point Counts of both hands are announced after the four initial cards and before any third card

  @631a.10.b @capability.stacked_shoe
  Scenario Outline: Third cards are dealt after the Point Counts of both hands are announced
    § 631a.10(b): "Following the announcement of the Point Counts of each hand, the dealer calling the game shall instruct the curator whether to deal a third card to either or both hands in accordance with § 631a.11"
    Given the dealing shoe is stacked with <shoe>
    And seat 3 wagers $10.00 on the Player's Hand
    And seat 5 wagers $10.00 on the Banker's Hand
    When the round is dealt
    Then the third cards are dealt after the Point Counts of both hands are announced

    Examples:
      | shoe               | third cards       |
      | 2C JD 2H KS 4D KC  | both hands        |
      | 6C 3D KH 2S KD     | Banker's Hand     |

  @631a.10.c @capability.shoe_disclosure
  Scenario: In a whole dealing shoe of the game's own shuffle no hand is dealt more than one additional card
    § 631a.10(c): "In no event may more than one additional card be dealt to either hand."
    Given a dealing shoe prepared with the game's own shuffle
    When the dealing shoe is played to its end
    Then no hand is dealt more than one additional card

  @631a.10.d @capability.stacked_shoe
  Scenario: The cover card appears during play: the hand is completed, "last hand" is announced, one more hand is dealt, then new decks
    § 631a.10(d): "If the cover card appears as the first card in the dealing shoe at the beginning of a round of play or appears during play, the cover card shall be removed and placed to the side and the hand will be completed. Upon completion of that hand, the dealer calling the game shall announce “last hand.” At the completion of one more hand, the cards shall be replaced with new decks of cards."
    Given the cover card is placed before card 5 of a dealing shoe stacked with 6C 3D KH 2S KD 7C 3H KS 3C 4C 9D 3S KH
    When 2 rounds are dealt
    Then each round is dealt from the next cards of the stack
    And the cover card appears in round 1, which is completed and followed by "last hand"
    And round 2 is the one more hand, after which the dealing shoe ends
    And no further round is dealt from the dealing shoe

  @631a.10.d @capability.stacked_shoe
  Scenario: The cover card appears as the first card at the beginning of a round: that round is completed, then "last hand"
    § 631a.10(d): "If the cover card appears as the first card in the dealing shoe at the beginning of a round of play or appears during play, the cover card shall be removed and placed to the side and the hand will be completed. Upon completion of that hand, the dealer calling the game shall announce “last hand.” At the completion of one more hand, the cards shall be replaced with new decks of cards."
    Interpretation: 631a.10-d-cover-card-first-card
    Given the cover card is placed before card 6 of a dealing shoe stacked with 6C 3D KH 2S KD 7C 3H KS 3C 4C 9D 3S KH
    When 3 rounds are dealt
    Then each round is dealt from the next cards of the stack
    And the cover card appears in round 2, which is completed and followed by "last hand"
    And round 3 is the one more hand, after which the dealing shoe ends
    And no further round is dealt from the dealing shoe
