Feature: § 631a.3 Cards; number of decks
  The game prepares its own dealing shoes (no stacked cards) and discloses the stack
  in the shoe record; the Rules Submission names the number of decks.

  Background:
    Given a table opened under the Rules Submission

  @631a.3.a @capability.shoe_disclosure
  Scenario: The game's own dealing shoe holds the Rules Submission's six to eight decks and two cover cards
    § 631a.3(a): "Baccarat shall be played with six to eight decks of cards that are identical in appearance and two cover cards."
    When the game prepares a dealing shoe with its own shuffle
    Then the dealing shoe holds the Rules Submission's number of complete decks, six to eight, and two cover cards

  @631a.3.a
  Scenario Outline: The game refuses a Rules Submission of fewer than six or more than eight decks
    § 631a.3(a): "Baccarat shall be played with six to eight decks of cards"
    Then the game refuses to open a table with <decks> decks

    Examples:
      | decks |
      | 5     |
      | 9     |

  @631a.3.b @capability.shoe_disclosure
  Scenario: After the play of a dealing shoe no round is dealt from it, and the next shoe is made of new decks
    § 631a.3(b): "The decks of cards opened for use at a Baccarat table shall be changed after the play of each dealing shoe."
    Given a dealing shoe prepared with the game's own shuffle
    When the dealing shoe is played to its end
    Then no further round is dealt from the dealing shoe
    And the next dealing shoe is prepared from new decks
