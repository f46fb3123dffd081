Feature: § 631a.9 Hands of player and banker; procedure for dealing initial two cards to each hand
  Each scenario deals a stacked shoe and reads the round's ordered events: the
  dealer's calls, the card events (``to``, ``face_up``), the reveal events (who
  turned a hand or a third card over: a seat, or no seat for the dealer), and the
  settlement events of House Money wagers. Counterclockwise is ascending seat number
  (interpretation seat-direction-counterclockwise).

  Rule: (a)-(c) the two hands, the calls and the dealing order

    Background:
      Given a table opened under the Rules Submission

    @631a.9.a @capability.stacked_shoe
    Scenario: Two hands are dealt, the Player's Hand and the Banker's Hand
      § 631a.9(a): "There shall be two hands dealt in the game of Baccarat, one of which shall be designated the Player's Hand and the other designated the Banker's Hand."
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      When the round is dealt
      Then the Player's Hand is 2C 2H 4D with a Point Count of 8
      And the Banker's Hand is JD KS KC with a Point Count of 0

    @631a.9.b @capability.stacked_shoe
    Scenario: The dealer announces "cards" after "no more bets" and before the first card is dealt
      § 631a.9(b): "After the dealer calling the game announces "no more bets," the dealer calling the game shall instruct the curator to commence dealing the cards by announcing "cards.""
      Given the dealing shoe is stacked with 7C 3D KH 3S
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then "no more bets" is announced, then "cards", before the first card is dealt

    @631a.9.c @capability.stacked_shoe
    Scenario Outline: Cards are dealt Player, Banker, Player, Banker, then any third card to the Player's Hand before the Banker's Hand
      § 631a.9(c): "The first and third cards dealt shall constitute the first and second cards of the Player's Hand. The second and fourth cards dealt shall constitute the first and second cards of the Banker's Hand."
      Given the dealing shoe is stacked with <shoe>
      When the round is dealt
      Then the cards are dealt in the order <order>

      Examples:
        | shoe               | order                                                                                  |
        | 7C 3D KH 3S        | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand                             |
        | 2C JD 2H KS 4D KC  | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Player's Hand, Banker's Hand |
        | 6C 3D KH 2S KD     | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Banker's Hand              |
        | AC 5D QD QC JS     | Player's Hand, Banker's Hand, Player's Hand, Banker's Hand, Player's Hand              |

    @631a.9.c @option.reveal.c @capability.stacked_shoe
    Scenario: The initial four cards are dealt face down, the dealer turns them face up, and third cards are dealt face up
      § 631a.9(c): "The curator shall deal an initial four cards from the dealing shoe face down to the areas designated for the placement of the Player's Hand and the Dealer's Hand."
      Interpretation: dealers-hand-means-bankers-hand
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 3 wagers $10.00 on the Player's Hand
      When the round is dealt
      Then the four initial cards are dealt face down
      And the dealer calling the game turns both hands face up
      And the third cards are dealt face up

  Rule: (d), (f) the card-reveal procedure of the Rules Submission

    Background:
      Given a table opened under the Rules Submission

    @631a.9.d @option.reveal.d @capability.stacked_shoe
    Scenario: Under the procedure of subsection (d) the players with the highest wagers turn the hands and the third cards over
      § 631a.9(d): "A certificate holder may, if specified in its Rules Submission under § 601a.2 (relating to table games Rules Submissions), elect to use the following procedures in lieu of the procedures in subsection (c) and § 631a.10(a) (relating to procedure for dealing a third card), after all four cards have been dealt:"
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 5 wagers $25.00 on the Player's Hand
      And seat 8 wagers $30.00 on the Banker's Hand
      When the round is dealt
      Then the four initial cards are dealt face down
      And seat 5 is handed the Player's Hand to turn over
      And seat 8 is handed the Banker's Hand to turn over
      And seat 5 is handed the third card of the Player's Hand
      And seat 8 is handed the third card of the Banker's Hand

    @631a.9.d.2 @option.reveal.d @capability.stacked_shoe
    Scenario: The Player's Hand is handed to the player with the highest wager on the Player's Hand
      § 631a.9(d)(2): "The dealer calling the game shall then hand the two cards of the Player's Hand, face down, to the player with the highest wager on the Player's Hand."
      Interpretation: 631a.9-d-wager-on-the-hand
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 5 wagers $25.00 on the Player's Hand
      And seat 7 wagers $15.00 on the Player's Hand
      And seat 1 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then the four initial cards are dealt face down
      And seat 5 is handed the Player's Hand to turn over
      And each hand's Point Count is announced as soon as it is turned over, the Player's Hand first

    @631a.9.d.3 @option.reveal.d @capability.stacked_shoe
    Scenario: The Banker's Hand is handed to the player with the highest wager on the Banker's Hand
      § 631a.9(d)(3): "The dealer calling the game shall then hand the two cards of the Banker's Hand, face down, to the player with the highest wager on the Banker's Hand."
      Interpretation: 631a.9-d-wager-on-the-hand
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 1 wagers $20.00 on the Banker's Hand
      And seat 4 wagers $15.00 on the Banker's Hand
      And seat 8 wagers $30.00 on the Banker's Hand
      When the round is dealt
      Then seat 8 is handed the Banker's Hand to turn over
      And each hand's Point Count is announced as soon as it is turned over, the Player's Hand first

    @631a.9.d.4 @option.reveal.d @capability.stacked_shoe
    Scenario: A third card of the Player's Hand is placed face down and handed to the player who turned the Player's Hand
      § 631a.9(d)(4): "Any third card required to be dealt to the Player's Hand shall be placed face down on the area designated for the Player's Hand. The dealer calling the game shall then hand the card, face down, to the player who was handed and returned the Player's Hand."
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 5 wagers $25.00 on the Player's Hand
      And seat 7 wagers $15.00 on the Player's Hand
      And seat 1 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then seat 5 is handed the third card of the Player's Hand

    @631a.9.d.5 @option.reveal.d @capability.stacked_shoe
    Scenario: A third card of the Banker's Hand is placed face down and handed to the player who turned the Banker's Hand
      § 631a.9(d)(5): "Any third card required to be dealt to the Banker's Hand shall be placed face down on the area designated for the Banker's Hand. The dealer calling the game shall then hand the card, face down, to the player who was handed and returned the Banker's Hand."
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 5 wagers $25.00 on the Player's Hand
      And seat 1 wagers $20.00 on the Banker's Hand
      And seat 4 wagers $15.00 on the Banker's Hand
      When the round is dealt
      Then seat 1 is handed the third card of the Banker's Hand

    @631a.9.d.6 @option.reveal.d @capability.stacked_shoe
    Scenario: Of equally high wagers, the player closest to the dealer moving counterclockwise is handed the hand and its third card
      § 631a.9(d)(6): "If two or more players wager an equally high amount on the Player's Hand, the player making the wager who is closest to the dealer calling the game, moving counterclockwise around the table, shall be handed the Player's Hand and any third card required to be dealt."
      Interpretation: seat-direction-counterclockwise
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 6 wagers $25.00 on the Player's Hand
      And seat 3 wagers $25.00 on the Player's Hand
      And seat 8 wagers $20.00 on the Banker's Hand
      And seat 4 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then seat 3 is handed the Player's Hand to turn over
      And seat 3 is handed the third card of the Player's Hand
      And seat 4 is handed the Banker's Hand to turn over
      And seat 4 is handed the third card of the Banker's Hand

    @631a.9.d.7 @option.reveal.d @capability.stacked_shoe
    Scenario: With no wager on the Player's Hand the dealer turns it and its third card over
      § 631a.9(d)(7): "In the event there are no wagers on the Player's Hand, the dealer calling the game shall turn the Player's Hand face up and any additional card required to be dealt."
      Interpretation: 631a.9-d-wager-on-the-hand
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 4 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then the dealer calling the game turns the Player's Hand over
      And the dealer calling the game turns the third card of the Player's Hand
      And seat 4 is handed the Banker's Hand to turn over

    @631a.9.d.7 @option.reveal.d @capability.stacked_shoe
    Scenario: With no wager on the Banker's Hand the dealer turns it and its third card over
      § 631a.9(d)(7): "In the event there are no wagers on the Banker's Hand, the dealer calling the game shall turn the Banker's Hand face up and any additional card required to be dealt."
      Interpretation: 631a.9-d-wager-on-the-hand
      Given the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 2 wagers $20.00 on the Player's Hand
      When the round is dealt
      Then seat 2 is handed the Player's Hand to turn over
      And the dealer calling the game turns the Banker's Hand over
      And the dealer calling the game turns the third card of the Banker's Hand

  Rule: (f) relinquishing the right to turn the cards over

    @631a.9.f @option.reveal.d @capability.stacked_shoe
    Scenario: A player who gives up the right to turn the cards over passes it to the player immediately to the right, then counterclockwise
      § 631a.9(f): "If the voluntary or compulsory relinquishment of that right occurs, the dealer shall offer it to the player immediately to the right of the previous player. If the player does not accept it or there is not a player in that position, the dealer shall offer it to each of the other players in turn, moving counterclockwise around the table for the remainder of that round of play."
      Interpretation: seat-direction-counterclockwise
      Interpretation: 631a.9-f-other-players
      Given a table opened under the Rules Submission with seats:
        | seat | occupied | accepts cards |
        | 2    | yes      | yes           |
        | 5    | yes      | no            |
        | 6    | no       | yes           |
        | 7    | yes      | yes           |
        | 9    | yes      | yes           |
      And the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 5 wagers $25.00 on the Player's Hand
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 9 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then seat 7 is handed the Player's Hand to turn over
      And seat 7 is handed the third card of the Player's Hand
      And seat 9 is handed the Banker's Hand to turn over

    @631a.9.f @option.reveal.d @capability.stacked_shoe
    Scenario: If no player accepts the cards the dealer turns them over
      § 631a.9(f): "If no player accepts the cards, the dealer shall turn the cards over and place them on the designated areas of the layout."
      Interpretation: 631a.9-f-other-players
      Given a table opened under the Rules Submission with seats:
        | seat | occupied | accepts cards |
        | 3    | yes      | no            |
        | 4    | yes      | no            |
      And the dealing shoe is stacked with 2C JD 2H KS 4D KC
      And seat 3 wagers $25.00 on the Player's Hand
      And seat 4 wagers $20.00 on the Banker's Hand
      When the round is dealt
      Then the dealer calling the game turns the Player's Hand over
      And the dealer calling the game turns the Banker's Hand over

  Rule: (e) House Money Wagers are settled before any third card

    Background:
      Given a table opened under the Rules Submission

    @631a.9.e @option.house_money @capability.stacked_shoe
    Scenario: House Money wagers are settled after the initial two cards of each hand are turned face up and before any third card
      § 631a.9(e): "After the initial two cards of the Player's Hand and Banker's Hand have been turned face up on the layout but prior to dealing a third card in accordance with subsections (c) and (d), the dealer shall settle all House Money Wagers as follows:"
      Given the dealing shoe is stacked with 2C 3D 2H KS 3C KD
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 2 wagers $5.00 on House Money
      And seat 6 wagers $10.00 on the Banker's Hand
      And seat 6 wagers $5.00 on House Money
      When the round is dealt
      Then the House Money wagers are settled after the four initial cards are turned face up and before any third card

    @631a.9.e.1 @option.house_money @capability.stacked_shoe
    Scenario Outline: House Money wagers are settled beginning from the dealer's right, moving counterclockwise
      § 631a.9(e)(1): "If a player placed a House Money Wager, beginning from the dealer's right and moving counterclockwise around the table, the dealer shall collect all losing House Money wagers and pay all winning wagers in accordance with § 631a.13(h)"
      Interpretation: seat-direction-counterclockwise
      Given the dealing shoe is stacked with <shoe>
      And seat 7 wagers $10.00 on the Banker's Hand
      And seat 7 wagers $5.00 on House Money
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 2 wagers $5.00 on House Money
      And seat 4 wagers $10.00 on the Player's Hand
      And seat 4 wagers $10.00 on House Money
      When the round is dealt
      Then the House Money wagers are settled from the dealer's right counterclockwise: seats 2, 4, 7

      Examples:
        | shoe               | House Money    |
        | 2C 3D 2H KS 3C KD  | win: one pair  |
        | KC QD JH 7S 6C     | lose: no pair  |

    @631a.9.e.1.i @option.house_money @capability.stacked_shoe
    Scenario: A player may add the winning House Money payout to the original wager on the Player's Hand
      § 631a.9(e)(1)(i): "All of the winning House Money payout or, if specified in the certificate holder's Rules Submission filed in accordance with § 601a.2, only a specified portion of the winning House Money payout shall be added to the area designated for the placement of the player's original wager on the Player's or Banker's Hand. The player's original wager and the House Money payout which was added to the player's original wager shall then be settled based on the outcome of the player's wager on the Player's or Banker's Hand."
      Interpretation: 631a.9-e-house-money-payout
      Given the dealing shoe is stacked with 2C 3D 2H KS 3C KD
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 2 wagers $5.00 on House Money
      When the round is dealt with seat 2 adding the House Money payout to the original wager
      Then the House Money payout of seat 2, $15.00, is added to its wager on the Player's Hand as the Rules Submission specifies
      And seat 2's wager on the Player's Hand, $10.00 with the added payout, wins at 1 to 1

    @631a.9.e.1.i @option.house_money @capability.stacked_shoe
    Scenario: A House Money payout added to a winning Banker wager is settled with it, vigorish included
      § 631a.9(e)(1)(i): "The player's original wager and the House Money payout which was added to the player's original wager shall then be settled based on the outcome of the player's wager on the Player's or Banker's Hand."
      Interpretation: 631a.9-e-house-money-payout
      Given the dealing shoe is stacked with AS 3D AH QS JD AC
      And seat 2 wagers $10.00 on the Banker's Hand
      And seat 2 wagers $5.00 on House Money
      When the round is dealt with seat 2 adding the House Money payout to the original wager
      Then the House Money payout of seat 2, $15.00, is added to its wager on the Banker's Hand as the Rules Submission specifies
      And seat 2's wager on the Banker's Hand, $10.00 with the added payout, wins at 1 to 1

    @631a.9.e.1.ii @option.house_money @capability.stacked_shoe
    Scenario: Unless the player adds it to the original wager, the entire House Money payout is handed to the player
      § 631a.9(e)(1)(ii): "The dealer shall either hand the entire winning House Money payout to the player or place all or a portion thereof, as authorized by the certificate holder, on the area designated for the placement of the player's wager on the Player's or Banker's Hand."
      Given the dealing shoe is stacked with 2C 3D 2H KS 3C KD
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 2 wagers $5.00 on House Money
      When the round is dealt
      Then the wager of seat 2 on House Money wins at 3 to 1
      And the whole House Money payout of seat 2 is handed to the player
      And the wager of seat 2 on the Player's Hand wins at 1 to 1

    @631a.9.e.2 @option.house_money @capability.stacked_shoe
    Scenario: After the House Money wagers are settled the third cards are dealt
      § 631a.9(e)(2): "After settling the House Money Wagers, the game shall resume by dealing any third cards that are required to be dealt in accordance with subsection (c) or (d)(4)."
      Given the dealing shoe is stacked with 2C 3D 2H KS 3C KD
      And seat 2 wagers $10.00 on the Player's Hand
      And seat 2 wagers $5.00 on House Money
      When the round is dealt
      Then the third cards are dealt after the House Money wagers are settled
