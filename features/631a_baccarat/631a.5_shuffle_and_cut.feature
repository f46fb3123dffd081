Feature: § 631a.5 Shuffle and cut of the cards
  The game shuffles and cuts its own dealing shoes: the shoe record reports where
  the first cover card was inserted (cut_offset, counted from the top of the
  stack) and where the second cover card lies (cover_card_index, counted from the
  first card out of the shoe). A cut asked of the game is given as cut_offset. The
  burn is asked for with start_shoe(burn=true) on a stacked shoe.

  Background:
    Given a table opened under the Rules Submission

  @631a.5.c
  Scenario Outline: The game refuses a cut fewer than ten cards in from the top or the bottom of the stack
    § 631a.5(c): "The cards shall be cut by placing a cover card in the stack at least ten cards in from the top or the bottom of the stack."
    Interpretation: 631a.5-c-ten-from-either-end
    Then the game refuses a cut <count> cards in from the <end>
    And the game accepts a cut 10 cards in from the <end>

    Examples:
      | count | end    |
      | 9     | top    |
      | 1     | top    |
      | 9     | bottom |
      | 1     | bottom |

  @631a.5.c
  Scenario: The game's own cut places the cover card at least ten cards in from the top or the bottom
    § 631a.5(c): "The cards shall be cut by placing a cover card in the stack at least ten cards in from the top or the bottom of the stack."
    Interpretation: 631a.5-c-ten-from-either-end
    When the game shuffles and cuts dealing shoes of its own
    Then every cut places the first cover card at least ten cards in from the top or the bottom

  @631a.5.d
  Scenario: The game places the second cover card at least 14 cards above the bottom of the stack
    § 631a.5(d): "The dealer shall then insert the second cover card in a position at least 14 cards above the bottom of the stack."
    When the game shuffles and cuts dealing shoes of its own
    Then every second cover card lies at least 14 cards above the bottom of the stack

  @631a.5.d @capability.seeded_shuffle @capability.shoe_disclosure
  Scenario: The cut places the cards above the cover card, and the cover card, on the bottom of the stack
    § 631a.5(d): "Once the cover card has been inserted into the stack, the dealer shall take all cards above the cover card and the cover card and place them on the bottom of the stack."
    Interpretation: 631a.5-d-cut-seen-through-the-seed
    When the game shuffles dealing shoes from one seed, cut 20 and 60 cards in from the top
    Then the stack cut 60 cards in is the stack cut 20 cards in with 40 more cards moved from the top to the bottom

  @631a.5.f @capability.stacked_shoe
  Scenario Outline: The burn: the first card is exposed and as many cards as its face value are burned face down
    § 631a.5(f): "Prior to commencement of play, the dealer shall remove and expose the first card from the dealing shoe and place it, and an additional number of cards, drawn face down, equal to the face value of the first card drawn, in the discard bucket. When determining the face value of the first card removed from the dealing shoe, a 10, jack, queen or king shall count as ten and an ace shall count as one."
    Given the burn is made from a dealing shoe stacked with <shoe>
    Then the burn exposes <first> and burns <burned> cards face down
    And the first round is dealt from the card after the burn

    Examples:
      | shoe                                          | first | burned |
      | AC KD 7C 3D KH 3S                             | AC    | 1      |
      | 2D KD QH 7C 3D KH 3S                          | 2D    | 2      |
      | 3H KD QH JS 7C 3D KH 3S                       | 3H    | 3      |
      | 4S KD QH JS KC 7C 3D KH 3S                    | 4S    | 4      |
      | 5C KD QH JS KC QD 7C 3D KH 3S                 | 5C    | 5      |
      | 6D KD QH JS KC QD JH 7C 3D KH 3S              | 6D    | 6      |
      | 7H KD QH JS KC QD JH KS 7C 3D KH 3S           | 7H    | 7      |
      | 8S KD QH JS KC QD JH KS QC 7C 3D KH 3S        | 8S    | 8      |
      | 9C KD QH JS KC QD JH KS QC JD 7C 3D KH 3S     | 9C    | 9      |
      | 10D KD QH JS KC QD JH KS QC JD KH 7C 3D KH 3S | 10D   | 10     |
      | JH KD QH JS KC QD JH KS QC JD KH 7C 3D KH 3S  | JH    | 10     |
      | QS KD QH JS KC QD JH KS QC JD KH 7C 3D KH 3S  | QS    | 10     |
      | KC KD QH JS KC QD JH KS QC JD KH 7C 3D KH 3S  | KC    | 10     |
