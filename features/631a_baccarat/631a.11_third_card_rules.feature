Feature: § 631a.11 Rules for determining whether a third card shall be dealt
  Each scenario stacks the dealing shoe so that one rule decides, deals the round
  through the adapter, and checks which hand received a third card. Cards are
  dealt Player, Banker, Player, Banker (§ 631a.9(c)), then any third card to the
  Player's Hand and then to the Banker's Hand.

  Background:
    Given a table opened under the Rules Submission

  @631a.11.a @capability.stacked_shoe
  Scenario Outline: A Natural stops both hands
    § 631a.11(a): "If either the Player’s Hand or the Banker’s Hand is a Natural, no more cards may be dealt to either hand."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then neither hand is dealt a third card

    Examples:
      | shoe            | natural                          |
      | 8C 7D KH QS 2C 3D  | Player's Natural 8 against 7  |
      | 9H 2D QS 3C 4C 5D  | Player's Natural 9 against 5  |
      | 3C 4D 2H 4S 5C 6D  | Banker's Natural 8 against 5  |
      | AC 9D 2H KS 5C 6D  | Banker's Natural 9 against 3  |
      | 4C 5D 4H 3S 2C 2D  | Player's Natural 8 against 8  |
      | KC JD 9H 9S AC AD | both Natural 9               |

  @631a.11.b.1 @capability.stacked_shoe
  Scenario Outline: The Player's Hand draws on a Point Count of 0 to 5
    § 631a.11(b)(1): "Draw (take a third card) if the Player’s Hand has a Point Count of less than 6."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is dealt a third card

    Examples:
      | shoe                | player count |
      | QC 7D KH QS 2C 3D   | 0            |
      | AC 7D KH QS 2C 3D   | 1            |
      | 2C 7D KH QS 2C 3D   | 2            |
      | 3C 7D KH QS 2C 3D   | 3            |
      | 4C 7D KH QS 2C 3D   | 4            |
      | 5C 7D KH QS 2C 3D   | 5            |

  @631a.11.b.2 @capability.stacked_shoe
  Scenario Outline: The Player's Hand stays on a Point Count of 6 or 7
    § 631a.11(b)(2): "Stay (not take a third card) if the Player’s Hand has a Point Count of 6 or more."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is not dealt a third card

    Examples:
      | shoe                | player count |
      | 6C 5D KH QS 2C 3D   | 6            |
      | 7C 5D KH QS 2C 3D   | 7            |

  @631a.11.c.1 @capability.stacked_shoe
  Scenario Outline: When the Player's Hand stays, the Banker's Hand draws on 0 to 5 and stays on 6 or 7
    § 631a.11(c)(1): "If the Player’s Hand does not receive a third card, the Banker’s Hand shall be dealt a third card if the Point Count of the Banker’s Hand is 5 or less."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is not dealt a third card
    And the Banker's Hand <decision>

    Examples:
      | shoe              | banker count | decision              |
      | 6C JD KH QS 2C   | 0            | is dealt a third card |
      | 6C AD KH QS 2C    | 1            | is dealt a third card |
      | 7C 2D KH QS 2C    | 2            | is dealt a third card |
      | 7C 3D KH QS 2C    | 3            | is dealt a third card |
      | 6C 4D KH QS 2C    | 4            | is dealt a third card |
      | 6C 5D KH QS 2C    | 5            | is dealt a third card |
      | 7C 6D KH QS 2C    | 6            | is not dealt a third card |
      | 6C 7D KH QS 2C    | 7            | is not dealt a third card |

  @631a.11.c.2.i @capability.stacked_shoe
  Scenario Outline: When the Player's Hand draws, the Banker's Hand draws on 0 to 2 whatever the third card
    § 631a.11(c)(2)(i): "The Banker’s Hand has a Point Count of less than 3, the Banker’s Hand shall be dealt a third card."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the Banker's Hand is dealt a third card

    Examples:
      | shoe                  | banker count | player's third card |
      | AC JD 2H KS 8C 4D    | 0            | 8                   |
      | AC AD 2H KS 9C 4D     | 1            | 9                   |
      | AC 2D 2H KS QC 4D    | 2            | 0                   |
      | AC 2D 2H QS AS 4D     | 2            | 1                   |

  @631a.11.c.2.ii @capability.stacked_shoe
  Scenario Outline: When the Player's Hand draws, the Banker's Hand stays on 7 whatever the third card
    § 631a.11(c)(2)(ii): "The Banker’s Hand has a Point Count of 7, the Banker’s Hand may not be dealt a third card."
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the Banker's Hand is not dealt a third card

    Examples:
      | shoe                 | player's third card |
      | AC 7D 2H KS 6C 4D    | 6                   |
      | AC 3D 2H 4S 7C 4D    | 7                   |
      | AC 5D 2H 2S JH 4D   | 0                   |

  @631a.11.c.2.iii @capability.stacked_shoe
  Scenario Outline: Table 1 decides the Banker's Hand on 3 to 6 when the Player's Hand draws
    § 631a.11(c)(2)(iii): "The Banker’s Hand has a Point Count of 3, 4, 5 or 6, the Banker’s Hand shall be dealt or not dealt a third card in accordance with Table 1 as follows:"
    Given the dealing shoe is stacked with <shoe>
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the Banker's Hand <decision>

    Examples: Banker's Hand of 3
      | shoe                 | banker count | third card value | table 1 | decision                  |
      | AC 2H 3D AS JC 5C  | 3            | 0                | D       | is dealt a third card     |
      | AC 2H 3D AS AS 5C   | 3            | 1                | D       | is dealt a third card     |
      | AC 2H 3D AS 2S 5C   | 3            | 2                | D       | is dealt a third card     |
      | AC 2H 3D AS 3S 5C   | 3            | 3                | D       | is dealt a third card     |
      | AC 2H 3D AS 4S 5C   | 3            | 4                | D       | is dealt a third card     |
      | AC 2H 3D AS 5S 5C   | 3            | 5                | D       | is dealt a third card     |
      | AC 2H 3D AS 6S 5C   | 3            | 6                | D       | is dealt a third card     |
      | AC 2H 3D AS 7S 5C   | 3            | 7                | D       | is dealt a third card     |
      | AC 2H 3D AS 8S 5C   | 3            | 8                | S       | is not dealt a third card |
      | AC 2H 3D AS 9S 5C   | 3            | 9                | D       | is dealt a third card     |

    Examples: Banker's Hand of 4
      | shoe                 | banker count | third card value | table 1 | decision                  |
      | 2D 4S 2C KC JC 5C    | 4            | 0                | S       | is not dealt a third card |
      | 2D 4S 2C KC AH 5C    | 4            | 1                | S       | is not dealt a third card |
      | 2D 4S 2C KC 2H 5C    | 4            | 2                | D       | is dealt a third card     |
      | 2D 4S 2C KC 3H 5C    | 4            | 3                | D       | is dealt a third card     |
      | 2D 4S 2C KC 4C 5C    | 4            | 4                | D       | is dealt a third card     |
      | 2D 4S 2C KC 5H 5C    | 4            | 5                | D       | is dealt a third card     |
      | 2D 4S 2C KC 6H 5C    | 4            | 6                | D       | is dealt a third card     |
      | 2D 4S 2C KC 7H 5C    | 4            | 7                | D       | is dealt a third card     |
      | 2D 4S 2C KC 8H 5C    | 4            | 8                | S       | is not dealt a third card |
      | 2D 4S 2C KC 9H 5C    | 4            | 9                | S       | is not dealt a third card |

    Examples: Banker's Hand of 5
      | shoe                 | banker count | third card value | table 1 | decision                  |
      | 3S 2H AS 3C QH 5C    | 5            | 0                | S       | is not dealt a third card |
      | 3S 2H AS 3C AD 5C    | 5            | 1                | S       | is not dealt a third card |
      | 3S 2H AS 3C 2D 5C    | 5            | 2                | S       | is not dealt a third card |
      | 3S 2H AS 3C 3D 5C    | 5            | 3                | S       | is not dealt a third card |
      | 3S 2H AS 3C 4D 5C    | 5            | 4                | D       | is dealt a third card     |
      | 3S 2H AS 3C 5D 5C    | 5            | 5                | D       | is dealt a third card     |
      | 3S 2H AS 3C 6D 5C    | 5            | 6                | D       | is dealt a third card     |
      | 3S 2H AS 3C 7D 5C    | 5            | 7                | D       | is dealt a third card     |
      | 3S 2H AS 3C 8D 5C    | 5            | 8                | S       | is not dealt a third card |
      | 3S 2H AS 3C 9D 5C    | 5            | 9                | S       | is not dealt a third card |

    Examples: Banker's Hand of 6
      | shoe                 | banker count | third card value | table 1 | decision                  |
      | 4C 6D KH QS KS 5C    | 6            | 0                | S       | is not dealt a third card |
      | 4C 6D KH QS AC 5C    | 6            | 1                | S       | is not dealt a third card |
      | 4C 6D KH QS 2C 5C    | 6            | 2                | S       | is not dealt a third card |
      | 4C 6D KH QS 3C 5C    | 6            | 3                | S       | is not dealt a third card |
      | 4C 6D KH QS 4H 5C    | 6            | 4                | S       | is not dealt a third card |
      | 4C 6D KH QS 5H 5C    | 6            | 5                | S       | is not dealt a third card |
      | 4C 6D KH QS 6C 5C    | 6            | 6                | D       | is dealt a third card     |
      | 4C 6D KH QS 7C 5C    | 6            | 7                | D       | is dealt a third card     |
      | 4C 6D KH QS 8C 5C    | 6            | 8                | S       | is not dealt a third card |
      | 4C 6D KH QS 9C 5C    | 6            | 9                | S       | is not dealt a third card |

  @631a.11.g @capability.stacked_shoe
  Scenario: The worked example of Table 1: a Banker's Hand of 5 draws on a Player's third card of 4
    § 631a.11(g): "For example, if the Point Count of the Banker’s Hand after two cards is 5 and the value of the third card drawn by the Player’s Hand is 4, the table shows that the Banker’s Hand shall draw a third card."
    Given the dealing shoe is stacked with 3S 2H AS 3C 4D 5C
    When the round is dealt
    Then the Player's Hand is dealt a third card
    And the Banker's Hand is dealt a third card

  @631a.11 @capability.stacked_shoe
  Scenario: Every combination of initial card values and Player's third card is dealt as § 631a.11 requires
    § 631a.11: "Rules for determining whether a third card shall be dealt."
    Given every combination of the four initial card values and the Player's third card value
    When each combination is dealt from its own stacked shoe
    Then every hand is dealt exactly the cards § 631a.11 requires
