@property
Feature: Stateful properties: a table played shoe after shoe follows §§ 631a.7(b), 631a.8(c), 631a.10(d), 631a.13(d) and 631a.14
  Each scenario lets a hypothesis state machine play a table through the adapter:
  players sit down (some accept the dealing shoe), shoes are started with the cover
  card in them, wagers are placed, "no more bets" is announced, rounds are dealt one
  by one or up to the cover card, players leave, new shoes follow. A small model of
  the regulation follows along; each scenario judges its own clauses and takes the
  game's word for the rest. A failing program is shrunk and reported with its last
  shoe and a one-line replay command (--replay-example).

  Background:
    Given a table of players under the Rules Submission, some of whom accept the dealing shoe
    When hypothesis plays shoe after shoe through the adapter: wagers, "no more bets", rounds up to the cover card and past it, new shoes, players leaving

  @631a.10.d @capability.stacked_shoe @capability.offered_wagers
  Scenario: The cover card brings "last hand", one more hand and new decks, in any shoe
    § 631a.10(d): "If the cover card appears as the first card in the dealing shoe at the beginning of a round of play or appears during play, the cover card shall be removed and placed to the side and the hand will be completed. Upon completion of that hand, the dealer calling the game shall announce “last hand.” At the completion of one more hand, the cards shall be replaced with new decks of cards."
    Then in every state the table reaches, the cover card brings "last hand", one more hand and new decks

  @631a.13.d.1 @option.vigorish.at_payout @capability.stacked_shoe @capability.offered_wagers
  Scenario: Vigorish is collected at the time of the payout, in any state of the table
    § 631a.13(d)(1): "At the time the winning payout is made."
    Then in every state the table reaches, vigorish is collected with the payout as § 631a.13(d)(1) requires

  @631a.13.d.2.i @631a.13.d.2.ii @631a.13.d.2.iii @option.vigorish.tracked @capability.stacked_shoe @capability.offered_wagers
  Scenario: Tracked vigorish is marked, then collected before a new shoe or when the player leaves
    § 631a.13(d)(2)(i): "The outstanding vigorish shall be collected prior to beginning play with a new dealing shoe of cards or when the player leaves the gaming table, whichever occurs first."
    § 631a.13(d)(2)(ii): "The amount of the vigorish shall be tracked by placing a coin or marker button, which contains the amount of the vigorish owed"
    § 631a.13(d)(2)(iii): "The coin or marker button may not be removed from the layout until the vigorish owed is collected."
    Then in every state the table reaches, vigorish is marked and collected later as § 631a.13(d)(2) requires

  @631a.7.b @631a.14.a.1 @631a.14.b @capability.stacked_shoe @capability.offered_wagers
  Scenario: The dealing shoe is offered from seat 1 and passes whenever the Banker's Hand loses
    § 631a.7(b): "the dealer calling the game shall offer the dealing shoe to the player in seat number one at the table."
    § 631a.14(a)(1): "The curator shall pass the dealing shoe whenever the Banker's Hand loses."
    § 631a.14(b): "the dealer shall offer the dealing shoe to the player immediately to the right of the previous curator"
    Interpretation: seat-direction-counterclockwise
    Then in every state the table reaches, the dealing shoe is offered and passed as §§ 631a.7(b) and 631a.14 require

  @631a.8.c @capability.stacked_shoe @capability.offered_wagers
  Scenario: No wager is made, increased or withdrawn after "no more bets", in any state of the table
    § 631a.8(c): "A wager may not be made, increased or withdrawn after the dealer has announced "no more bets.""
    Then in every state the table reaches, no wager is made, increased or withdrawn after "no more bets"
