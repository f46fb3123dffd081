"""Dealing one round (:meth:`Rounds.op_deal_round`): the initial four cards, their
reveal (§ 631a.9(c), (d), § 629b.4(b)), third cards (§ 631a.11), settlement, and the
end of the round (§ 631a.10(d), § 631a.14, § 631a.15(e))."""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from . import meters as M
from . import wagers as W
from .table import SEATS, GameError, Round, Table, _s


class Rounds:
    """The round of :class:`.game.ReferenceGame` (a mixin: it calls the game's rule,
    settlement and irregularity methods, which a subclass may override)."""

    # ---------------------------------------------------------------- round
    def op_deal_round(self, table_id: str, choices: Optional[list] = None,
                      irregularity: Optional[dict] = None) -> dict:
        """Deal one round and settle its wagers.

        ``choices``: per seat, ``house_money_add`` ("none", "all" or dollars) adds a
        winning House Money payout to the seat's wager on the Player's or Banker's
        Hand (§ 631a.9(e)(1)(i)).

        ``irregularity`` (test mode only) stages one irregularity of § 631a.15:

        * ``card_drawn_in_error``: after the round's hands are complete and settled,
          the next card is drawn from the shoe in error. Not ``disclosed``: it is held
          face down and is the first card of the next round (§ 631a.15(a)). Disclosed:
          it is the first card of a simulated round dealt at once, no wager accepted
          (§ 631a.15(d)); its cards are listed ``to: "simulated"``.
        * ``player_third_card_in_error``: only on a round whose Player's Hand is not
          entitled to a third card (a Natural, or a Point Count of 6 or 7), else
          ``invalid_request``. After the initial four cards (and House Money), the next
          card is dealt to the Player's Hand in error. It becomes the Banker's third
          card if the Banker's Hand must draw under § 631a.11(c) (§ 631a.15(b), (c)).
          Otherwise: not disclosed, the first card of the next round (§ 631a.15(b));
          disclosed, per the Rules Submission's ``irregularity_procedure``: with one more
          card, face down, to the discard bucket (§ 631a.15(c)(1)), or the first card of
          a simulated round dealt after the round (§ 631a.15(c)(2)).
        * ``card_face_up``: the first card of the round is found face up in the
          dealing shoe. The round is a simulated round starting with that card
          (status ``simulated``, § 631a.15(d)): no wager is settled, and the wagers
          stay for the next round.
        """
        table = self._table(table_id)
        shoe = table.shoe
        if shoe is None or shoe.ended:
            raise GameError("invalid_state", "no dealing shoe in play: start a new shoe (§ 631a.3(b), "
                                             "§ 631a.10(d))")
        kind, disclosed = self._irregularity(table, irregularity)
        choice_by_seat = {int(c["seat"]): c for c in (choices or [])}
        rnd = Round(table)
        events = rnd.events
        if table.betting_open:
            table.betting_open = False
            events.append({"type": "announcement", "text": "no more bets"})
        table.rounds += 1
        round_id = f"{table_id}-R{table.rounds}"
        if kind == "card_face_up":
            return self._face_up_round(table, rnd, round_id)
        events.append({"type": "announcement", "text": "cards"})
        for system in M.SYSTEMS:  # progressive wagers recognised for this round contribute to their meters
            system.on_deal(self, table, events)

        for to in ("player", "banker", "player", "banker"):  # § 631a.9(c)
            if rnd.deal(to, face_up=False) is None:
                return self._void_round(table, round_id, rnd)
        revealed = self.reveal_initial_hands(table, rnd.player, rnd.banker, choices or [])
        rnd.turner = {e["hand"]: e.get("seat") for e in revealed if e["type"] == "reveal"}
        events += revealed
        # wagers settled after the initial cards and before any third card (§ 631a.9(e))
        initial = W.Hands(list(rnd.player), list(rnd.banker), table.rules)
        for wager in self.initial_settlement_order(table):
            rnd.results[wager.wager_id] = self._settle_now(table, wager, initial, events)
            if wager.wager_type == "house_money":
                self._house_money_add(table, rnd, wager, choice_by_seat.get(wager.seat))

        simulate_from: Optional[str] = None
        natural = self.is_natural(rnd.player) or self.is_natural(rnd.banker)
        if kind == "player_third_card_in_error":
            outcome = self._player_third_card_in_error(table, rnd, disclosed)
            if outcome == "void":
                return self._void_round(table, round_id, rnd)
            simulate_from = outcome
        elif not natural:
            if self.player_draws(rnd.player, rnd.banker) and self.deal_third(table, rnd, "player") is None:
                return self._void_round(table, round_id, rnd)
            if self.banker_draws(rnd.player, rnd.banker) and self.deal_third(table, rnd, "banker") is None:
                return self._void_round(table, round_id, rnd)

        hands = W.Hands(rnd.player, rnd.banker, table.rules)
        winner = hands.winner
        self.announce_result(table, hands, events)
        self.announce_extra(table, hands, events)
        self._settle_final(table, hands, rnd.results, events)
        for system in M.SYSTEMS:
            system.after_settle(self, table, events)

        if kind == "card_drawn_in_error":
            card = rnd.take()
            if card is not None:
                events.append({"type": "irregularity", "text": kind, "card": card, "face_up": disclosed})
                if disclosed:
                    simulate_from = card
                else:
                    table.carry_card = card
                    rnd.dealt.append({"card": card, "to": "next_round"})
        if simulate_from is not None:
            self._simulated(table, rnd, simulate_from)

        shoe_state = self._after_round(table, events)
        if winner == "player" and table.curator:  # § 631a.14(a)(1)
            previous = table.curator
            events.append({"type": "shoe_passed", "seat": previous})
            events += self._select_curator(table, previous=previous)
        return self._record(table, round_id, "completed", rnd.dealt, rnd.player, rnd.banker, winner, events,
                            rnd.results, shoe_state)

    # ------------------------------------------------------------ reveal (§ 631a.9(c), (d))
    def card_turner(self, table: Table, hand: str) -> Optional[int]:
        """§ 631a.9(d)(2), (3), (6), (7), (f): the seat handed ``hand``'s cards, or None
        for the dealer. The highest wager on the hand (wager type ``player`` or
        ``banker``); of equal highest, the lowest seat (closest to the dealer moving
        counterclockwise); a player who does not accept the cards passes the right to
        the next higher occupied seat, and on counterclockwise."""
        bets = [w for w in table.wagers if w.wager_type == hand]
        if not bets:
            return None
        top = max(w.amount for w in bets)
        first = min(w.seat for w in bets if w.amount == top)
        occupied = [s for s in SEATS if table.seats.get(s, {}).get("occupied")]
        order = [first] + [s for s in occupied if s > first] + [s for s in occupied if s < first]
        for seat in order:
            if table.seats.get(seat, {}).get("accepts_cards", True):
                return seat
        return None

    def reveal_initial_hands(self, table: Table, player: list[str], banker: list[str],
                             choices: list) -> list[dict]:
        """The reveal of the initial two cards of each hand and the announcement of
        their Point Counts: by the dealer calling the game, the Player's Hand first
        (§ 631a.9(c), § 631a.10(a)); under § 631a.9(d), each hand handed to its card
        turner (:meth:`card_turner`) and its Point Count announced as soon as it is turned
        over; or the Banker's Hand first under the alternative procedure of § 629b.4(b)."""
        p, b = self.point_count(player), self.point_count(banker)
        seat = self.banker_first_seat(table, choices)
        if seat is not None:
            return [{"type": "reveal", "hand": "banker"}, {"type": "announcement", "text": f"banker {b}"},
                    {"type": "reveal", "hand": "player", "seat": seat},
                    {"type": "announcement", "text": f"player {p}"}]
        if table.reveal_d:
            return [{"type": "reveal", "hand": "player", "seat": self.card_turner(table, "player")},
                    {"type": "announcement", "text": f"player {p}"},
                    {"type": "reveal", "hand": "banker", "seat": self.card_turner(table, "banker")},
                    {"type": "announcement", "text": f"banker {b}"}]
        return [{"type": "reveal", "hand": "player", "seat": None}, {"type": "reveal", "hand": "banker", "seat": None},
                {"type": "announcement", "text": f"player {p}"}, {"type": "announcement", "text": f"banker {b}"}]

    def banker_first_seat(self, table: Table, choices: list) -> Optional[int]:
        """§ 629b.4(b): the seat to hand the Player's Hand to when the Banker's Hand is
        revealed first, else None. Only where the Rules Submission offers the procedure
        (§ 629b.4(a)), when every Banker, Player and Tie wager is on the Player's Hand,
        and at the request (``reveal_banker_first``) of the player with the highest
        wager on the Player's Hand (the lowest-numbered seat of several)."""
        if not table.rules.get("alternative_card_reveal"):
            return None
        base = [w for w in table.wagers if w.wager_type in ("banker", "player", "tie")]
        if not base or any(w.wager_type != "player" for w in base):
            return None
        per_seat: dict[int, Decimal] = {}
        for w in base:
            per_seat[w.seat] = per_seat.get(w.seat, Decimal(0)) + w.amount
        highest = sorted(per_seat, key=lambda s: (-per_seat[s], s))[0]
        asked = {c.get("seat") for c in choices if isinstance(c, dict) and c.get("reveal_banker_first")}
        return highest if highest in asked else None

    def deal_third(self, table: Table, rnd: Round, hand: str) -> Optional[str]:
        """A third card: face up (§ 631a.9(c)), or face down and handed to the hand's
        card turner (§ 631a.9(d)(4), (5))."""
        if not table.reveal_d:
            return rnd.deal(hand, face_up=True)
        card = rnd.deal(hand, face_up=False)
        if card is not None:
            rnd.events.append({"type": "reveal", "hand": hand, "seat": rnd.turner.get(hand), "card": card})
        return card

    # ------------------------------------------------------------ end of round
    def _after_round(self, table: Table, events: list[dict]) -> str:
        """§ 631a.10(d): the hand in which the cover card appears is completed, "last
        hand" is announced, one more hand is dealt, then new decks."""
        shoe = table.shoe
        assert shoe is not None
        table.wagers = []
        table.betting_open = True
        if shoe.last_hand_announced:
            shoe.ended = True
            return "ended"
        # The cover card comes out when the card behind it is drawn: during this round, or as the
        # first card of the next round when this one ended just before it (then that round is
        # "the hand" completed before "last hand").
        if shoe.cover_card_seen:
            shoe.last_hand_announced = True
            events.append({"type": "announcement", "text": "last hand"})
            return "last_hand"
        return "in_play"

    def _void_round(self, table: Table, round_id: str, rnd: Round) -> dict:
        """§ 631a.15(e): insufficient cards; the round is void and every wager returned."""
        for w in table.wagers:
            if w.wager_id in rnd.results:
                continue
            rnd.events.append({"type": "return", "seat": w.seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
            rnd.results[w.wager_id] = {**w.as_dict(), "result": "void", "paid": _s(w.amount), "vigorish": "0.00",
                                       "outcome": None}
        table.wagers = []
        table.betting_open = True
        assert table.shoe is not None
        table.shoe.ended = True
        record = self._record(table, round_id, "void", rnd.dealt, None, None, None, rnd.events, rnd.results, "ended")
        record["void_reason"] = (f"insufficient cards: the dealing shoe holds no card for {rnd.short}"
                                 if rnd.short else "insufficient cards remaining in the dealing shoe") + \
            " (§ 631a.15(e))"
        return record

    def _record(self, table: Table, round_id: str, status: str, dealt: list, player, banker, winner, events,
                results: dict, shoe_state: str) -> dict:
        def hand(cards):
            if cards is None:
                return None
            return {"cards": list(cards), "point_count": self.point_count(cards), "natural": self.is_natural(cards)}

        return {
            "round_id": round_id,
            "status": status,
            "cards": dealt,
            "player": hand(player),
            "banker": hand(banker),
            "winner": winner,
            "announcements": [e["text"] for e in events if e["type"] == "announcement"],
            "wagers": list(results.values()),
            "events": events,
            "meters": [] if table.hands_only or table.compact else self._meters(table),
            "shoe": shoe_state,
            "curator": table.curator,
        }
