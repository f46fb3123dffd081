@property
Feature: Properties of dealing: any shoe is dealt as §§ 631a.9 to 631a.11 and 631a.15(e) require
  Each scenario lets hypothesis generate dealing shoes, deals every round of each
  shoe through the adapter, and checks every round against the rules oracle. A
  falsifying shoe is shrunk to a minimal one and reported under its clause with the
  round record and a one-line command that replays it (--replay-example). The
  number of examples follows the settings profile (--hypothesis-profile ci|lab).

  @631a.9.c @capability.stacked_shoe
  Scenario: Any shoe is dealt Player, Banker, Player, Banker, then third cards to the Player's Hand first
    § 631a.9(c): "The first and third cards dealt shall constitute the first and second cards of the Player's Hand. The second and fourth cards dealt shall constitute the first and second cards of the Banker's Hand."
    § 631a.9(c): "Any third cards that are required to be dealt shall first be dealt face up to the Player's Hand and then to the Banker's Hand by the curator."
    Given any stacked shoe of up to 12 rounds from the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter
    Then every round takes the next cards of the shoe, Player, Banker, Player, Banker, then any third card to the Player's Hand before the Banker's Hand

  @631a.10.c @capability.stacked_shoe
  Scenario: No hand of any shoe receives more than one additional card
    § 631a.10(c): "In no event may more than one additional card be dealt to either hand."
    Given any stacked shoe of up to 12 rounds from the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter
    Then no hand of any round is dealt more than one additional card

  @631a.11 @capability.stacked_shoe
  Scenario: Every hand of any stacked shoe draws or stays as § 631a.11 requires
    § 631a.11(a): "If either the Player’s Hand or the Banker’s Hand is a Natural, no more cards may be dealt to either hand."
    § 631a.11(c)(2)(iii): "The Banker’s Hand has a Point Count of 3, 4, 5 or 6, the Banker’s Hand shall be dealt or not dealt a third card in accordance with Table 1 as follows:"
    Given any stacked shoe of up to 12 rounds from the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter
    Then every hand is dealt or not dealt a third card as § 631a.11 and Table 1 require

  @631a.11 @capability.stacked_shoe
  Scenario: Every hand of any whole shoe of six to eight decks draws or stays as § 631a.11 requires
    § 631a.11(b): "If the Point Count of the Player’s Hand and the Banker’s Hand is 0 to 7 on the first two cards, the Player’s Hand shall:"
    § 631a.11(c)(2)(iii): "The Banker’s Hand has a Point Count of 3, 4, 5 or 6, the Banker’s Hand shall be dealt or not dealt a third card in accordance with Table 1 as follows:"
    Given any whole shoe of the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter
    Then every hand is dealt or not dealt a third card as § 631a.11 and Table 1 require

  @631a.15.e @capability.stacked_shoe @capability.offered_wagers
  Scenario: A round the shoe cannot complete is void and every wager is returned
    § 631a.15(e): "If there are insufficient cards remaining in the dealing shoe to complete a round of play, that round shall be void and all wagers shall be returned. A new round shall commence after the entire set of cards has been replaced and the new set of cards have been placed in the dealing shoe."
    Interpretation: 631a.15-e-void-before-dealing
    Given any stacked shoe of 4 to 14 cards from the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter with any wagers the Rules Submission offers
    Then a round the shoe cannot complete is void, every wager is returned, and no round follows until a new shoe
