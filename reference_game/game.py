"""The bundled reference game: a fully conforming Baccarat table speaking the
game-under-test protocol, version 1 (docs/protocol.md).

Every operation takes and returns JSON-compatible values (money as decimal
strings), so the same object serves the library adapter directly, the HTTP server
and the serial device simulator. Errors are returned as ``{"error": {...}}``.

Broken games in ``tests/broken_games*.py`` subclass :class:`ReferenceGame` and
override one rule method (``point_count``, ``player_draws``, ``banker_draws``,
``settle``, ``payout_order``, ``card_turner``...) to show that the suite catches
the break.

The procedures of 58 Pa. Code Ch. 631a the game follows, in the order of a round
(:meth:`ReferenceGame.op_deal_round`):

1. "no more bets" and "cards" (§ 631a.8(c), § 631a.9(b));
2. four cards face down, Player, Banker, Player, Banker (§ 631a.9(c));
3. the hands turned face up and their Point Counts announced: by the dealer
   (§ 631a.9(c), § 631a.10(a)) or, when the Rules Submission selects § 631a.9(d), by
   the players with the highest wagers on each hand (§ 631a.9(d)(2), (3), (6), (7), (f));
4. House Money wagers settled from seat 1 upwards, the payout optionally added to
   the player's original wager (§ 631a.9(e));
5. third cards, Player's Hand first (§ 631a.9(c), (d)(4)-(5), § 631a.10(b), § 631a.11);
6. the result announced (§ 631a.12(a)), losing wagers collected, winners paid from
   the highest seat down, each seat's vigorish right after its payment
   (§ 631a.12(b), § 631a.13);
7. the cover card: "last hand" after the hand in which it appears, then one more hand
   and new decks (§ 631a.10(d)); the curator passes the shoe when the Banker's Hand
   loses (§ 631a.14).

Irregularities (§ 631a.15) are staged in test mode with ``deal_round(irregularity=
{"kind": ..., "disclosed": ...})``; see :meth:`ReferenceGame.op_deal_round`.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import Any, Optional

from . import meters as M
from . import wagers as W
from .cards import Shoe, baccarat_value, face_value, shuffled_shoe, valid_card

PROTOCOL_VERSION = "1.0"
VERSION = "0.2.0"
SEATS = range(1, 16)
IRREGULARITIES = ("card_drawn_in_error", "player_third_card_in_error", "card_face_up")


class GameError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def _money(value: Any, what: str) -> Decimal:
    if not isinstance(value, str):
        raise GameError("invalid_request", f"{what} must be a decimal string, got {value!r}")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise GameError("invalid_request", f"{what} is not a decimal amount: {value!r}") from None
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        raise GameError("invalid_request", f"{what} must be a positive number of cents: {value!r}")
    return amount


def _s(amount: Decimal) -> str:
    return format(amount.quantize(Decimal("0.01")), "f")


@dataclass
class Wager:
    wager_id: str
    seat: int
    wager_type: str
    amount: Decimal
    hand: Optional[str] = None
    option: Optional[str] = None

    def as_dict(self) -> dict:
        return {"wager_id": self.wager_id, "seat": self.seat, "wager_type": self.wager_type,
                "amount": _s(self.amount), "hand": self.hand, "option": self.option}


@dataclass
class Table:
    table_id: str
    rules: dict
    seats: dict[int, dict]
    test_mode: bool
    shoe: Optional[Shoe] = None
    betting_open: bool = True
    wagers: list[Wager] = field(default_factory=list)
    vigorish_owed: dict[int, Decimal] = field(default_factory=dict)
    curator: Optional[int] = None
    meters: dict[str, Decimal] = field(default_factory=dict)
    rounds: int = 0
    carry_card: Optional[str] = None  # a card drawn in error, first card of the next hand (§ 631a.15(a), (b))
    progressive: dict = field(default_factory=dict)  # state of progressive systems (reference_game/meters.py)

    @property
    def reveal_d(self) -> bool:
        return self.rules.get("card_reveal") == "631a.9(d)"


@dataclass
class Round:
    """The state of one round being dealt: cards, hands, events and settlements."""

    table: Table
    dealt: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    player: list[str] = field(default_factory=list)
    banker: list[str] = field(default_factory=list)
    results: dict[str, dict] = field(default_factory=dict)
    turner: dict[str, Optional[int]] = field(default_factory=dict)

    def take(self) -> Optional[str]:
        """The next card: a card held from an irregularity first, else the shoe's next
        card (announcing the cover card when it appears, § 631a.10(d))."""
        table = self.table
        if table.carry_card is not None:
            card, table.carry_card = table.carry_card, None
            return card
        shoe = table.shoe
        assert shoe is not None
        if shoe.cover_card_next():
            self.events.append({"type": "cover_card"})
        return shoe.draw()

    def place(self, card: str, to: str, face_up: bool) -> None:
        self.dealt.append({"card": card, "to": to})
        self.events.append({"type": "card", "card": card, "to": to, "face_up": face_up})
        if to == "player":
            self.player.append(card)
        elif to == "banker":
            self.banker.append(card)

    def deal(self, to: str, face_up: bool) -> Optional[str]:
        card = self.take()
        if card is not None:
            self.place(card, to, face_up)
        return card


class ReferenceGame:
    """The reference implementation. One instance can host many tables."""

    name = "baccarat-conformance reference game"

    def __init__(self, seed: Optional[int] = None):
        self._tables: dict[str, Table] = {}
        self._ids = itertools.count(1)
        self._rng = random.Random(seed)

    # ---------------------------------------------------------------- protocol
    def handle(self, op: str, params: Optional[dict] = None) -> dict:
        """Dispatch one protocol operation; errors come back as ``{"error": ...}``."""
        method = getattr(self, f"op_{op}", None)
        if method is None:
            return {"error": {"code": "invalid_request", "message": f"unknown operation {op!r}"}}
        try:
            return method(**(params or {}))
        except GameError as e:
            return {"error": {"code": e.code, "message": e.message}}
        except TypeError as e:
            return {"error": {"code": "invalid_request", "message": f"{op}: {e}"}}

    def describe(self) -> dict:
        return self.handle("describe")

    def op_describe(self) -> dict:
        kinds = sorted(W.WAGER_KINDS)
        return {
            "protocol_version": PROTOCOL_VERSION,
            "game": {"name": self.name, "vendor": "baccarat-conformance", "version": VERSION},
            "variants": ["baccarat", "ez_baccarat", "commission_free", "midibaccarat", "minibaccarat",
                         "rising_phoenix"],
            "capabilities": ["stacked_shoe", "shoe_disclosure", "batch", "seeded_shuffle", "irregularities",
                             "player_leaves", "progressive"]
            + [f"wager.{k}" for k in kinds],
            "rules_options": {"decks": [6, 7, 8], "vigorish_collection": ["at_payout", "tracked"],
                              "vigorish_rounding": [True, False], "card_reveal": ["631a.9(c)", "631a.9(d)"],
                              "irregularity_procedure": ["631a.15(c)(1)", "631a.15(c)(2)"],
                              "commission": ["standard", "commission_free"], "alternative_card_reveal": [True, False]},
        }

    def _table(self, table_id: str) -> Table:
        try:
            return self._tables[table_id]
        except KeyError:
            raise GameError("invalid_request", f"no table {table_id!r}") from None

    def check_rules(self, rules: dict) -> None:
        """Refuse a Rules Submission the game cannot honour (error ``unsupported``)."""
        decks = rules.get("decks", 8)
        if decks not in (6, 7, 8):
            raise GameError("unsupported", f"decks={decks!r}: Baccarat is played with six to eight decks "
                                           "(§ 631a.3(a))")
        for name in (rules.get("wagers") or {}):
            if name not in W.WAGER_KINDS:
                raise GameError("unsupported", f"wager {name!r} is not implemented")
        choices = {"card_reveal": ("631a.9(c)", "631a.9(d)"),
                   "irregularity_procedure": ("631a.15(c)(1)", "631a.15(c)(2)"),
                   "vigorish_collection": ("at_payout", "tracked")}
        for key, allowed in choices.items():
            if key in rules and rules[key] not in allowed:
                raise GameError("unsupported", f"{key}={rules[key]!r}: expected one of {', '.join(allowed)}")

    def op_open_table(self, rules: dict, seats: Optional[list] = None, test_mode: bool = True) -> dict:
        if not isinstance(rules, dict):
            raise GameError("invalid_request", "rules must be an object")
        self.check_rules(rules)
        table_id = f"T{next(self._ids)}"
        seat_map = {}
        positions = rules.get("table_positions", 14)  # § 631a.2(a)
        for spec in seats or [{"seat": s} for s in range(1, int(positions) + 1)]:
            seat_map[int(spec["seat"])] = {"occupied": spec.get("occupied", True),
                                           "accepts_shoe": spec.get("accepts_shoe", False),
                                           "accepts_cards": spec.get("accepts_cards", True)}
        self._tables[table_id] = Table(table_id, dict(rules), seat_map, bool(test_mode))
        self.on_open(self._tables[table_id])
        return {"table_id": table_id}

    def on_open(self, table: Table) -> None:
        """Hook for progressive meters and other per-table state."""
        for system in M.SYSTEMS:
            system.on_open(self, table)

    def draw_hit_value(self, low: Decimal, high: Decimal) -> Decimal:
        """A mystery progressive's hit value: uniform over the whole cents of [low, high]."""
        cents = self._rng.randint(int(low * 100), int(high * 100))
        return Decimal(cents) / 100

    def op_close_table(self, table_id: str) -> dict:
        table = self._table(table_id)
        events = self._collect_all_vigorish(table)
        del self._tables[table_id]
        return {"events": events}

    # ---------------------------------------------------------------- shoe
    def proper_cut(self, cut_offset: int, stack_size: int) -> bool:
        """§ 631a.5(c): at least ten cards in from the top or the bottom of the stack."""
        return 10 <= cut_offset <= stack_size - 10

    def new_shoe(self, shoe_id: str, decks: int, rng: random.Random, cut_offset: Optional[int]) -> Shoe:
        """Shuffle, cut and place the second cover card (§ 631a.5(a), (c), (d))."""
        return shuffled_shoe(shoe_id, decks, rng, cut_offset)

    def op_start_shoe(self, table_id: str, cards: Optional[list] = None, seed: Optional[int] = None,
                      cover_card_index: Optional[int] = None, burn: bool = False,
                      cut_offset: Optional[int] = None) -> dict:
        table = self._table(table_id)
        shoe_id = f"{table_id}-S{next(self._ids)}"
        decks = table.rules.get("decks", 8)
        if cards is not None:
            if not table.test_mode:
                raise GameError("invalid_state", "a stacked shoe needs a table opened in test mode")
            bad = [c for c in cards if not valid_card(c)]
            if bad:
                raise GameError("invalid_request", f"not cards: {bad[:5]}")
            shoe = Shoe(shoe_id, list(cards), decks, cover_card_index=cover_card_index, cut_offset=cut_offset)
        else:
            if cut_offset is not None and not self.proper_cut(cut_offset, decks * 52):
                raise GameError("invalid_request",
                                f"cut_offset={cut_offset}: the cover card must be at least ten cards in from "
                                "the top or the bottom of the stack (§ 631a.5(c))")
            rng = random.Random(seed) if seed is not None else self._rng
            shoe = self.new_shoe(shoe_id, decks, rng, cut_offset)
            if cover_card_index is not None:
                shoe.cover_card_index = cover_card_index
        events = self._collect_all_vigorish(table)  # § 631a.13(d)(2)(i)
        events.append({"type": "new_decks"})  # § 631a.3(b)
        disclosed = list(shoe.cards)
        if burn:
            events += self.burn(shoe)
        table.shoe = shoe
        table.carry_card = None
        table.betting_open = True
        table.wagers = []
        events += self._select_curator(table, previous=None)
        return {"shoe_id": shoe_id, "decks": decks, "card_count": len(shoe.cards), "cut_offset": shoe.cut_offset,
                "cover_card_index": shoe.cover_card_index, "burned": shoe.burned, "cards": disclosed,
                "new_decks": True, "events": events}

    def burn_count(self, first_card: str) -> int:
        """§ 631a.5(f): a 10, jack, queen or king counts ten, an ace one."""
        return face_value(first_card)

    def burn(self, shoe: Shoe) -> list[dict]:
        """§ 631a.5(f): expose the first card, then burn its face value in cards face down."""
        first = shoe.draw()
        if first is None:
            return []
        shoe.burned = [first]
        events = [{"type": "card", "card": first, "to": "burn", "face_up": True}]
        for _ in range(self.burn_count(first)):
            card = shoe.draw()
            if card is None:
                break
            shoe.burned.append(card)
            events.append({"type": "card", "card": card, "to": "burn", "face_up": False})
        return events

    def shoe_offer_order(self, table: Table, previous: Optional[int]) -> list[int]:
        """The occupied seats the dealing shoe is offered to, in order: from seat 1
        counterclockwise (ascending) for a new shoe (§ 631a.7(b)); after the curator
        ``previous`` relinquishes it, from the player immediately to the right (the next
        higher seat) counterclockwise, the previous curator excluded (§ 631a.14(b))."""
        occupied = [s for s in SEATS if table.seats.get(s, {}).get("occupied")]
        if previous is None:
            return occupied
        order = [s for s in occupied if s > previous] + [s for s in occupied if s < previous]
        return order

    def _select_curator(self, table: Table, previous: Optional[int]) -> list[dict]:
        """Offer the shoe in :meth:`shoe_offer_order`; the dealer deals when nobody
        accepts (§ 631a.7(d)(2)); ``shoe_accepted`` seat 0 is the dealer."""
        events = []
        for seat in self.shoe_offer_order(table, previous):
            events.append({"type": "shoe_offered", "seat": seat})
            if table.seats[seat]["accepts_shoe"]:
                events.append({"type": "shoe_accepted", "seat": seat})
                table.curator = seat
                return events
        table.curator = 0
        events.append({"type": "shoe_accepted", "seat": 0})
        return events

    # ---------------------------------------------------------------- wagers
    def _reject(self, reason: str) -> dict:
        return {"accepted": False, "wager_id": None, "reason": reason}

    def op_place_wager(self, table_id: str, seat: int, wager_type: str, amount: Any, hand: Optional[str] = None,
                       option: Optional[str] = None) -> dict:
        table = self._table(table_id)
        if not table.betting_open:
            return self._reject('betting is closed: the dealer announced "no more bets" (§ 631a.8(c))')
        if seat not in table.seats or not table.seats[seat]["occupied"]:
            return self._reject(f"seat {seat} is not occupied")
        kind = W.WAGER_KINDS.get(wager_type)
        if kind is None or not kind.offered(table.rules):
            return self._reject(f"wager {wager_type!r} is not offered at this table")
        stake = _money(amount, "amount")
        if kind.needs_hand and hand not in ("player", "banker"):
            return self._reject(f"a {wager_type} wager must name the Player's Hand or the Banker's Hand")
        problem = kind.check(table.rules, hand, option) if kind.check else None
        if problem:
            return self._reject(problem)
        limit = self.check_limits(table, kind, stake, seat, hand, option)
        if limit:
            return self._reject(limit)
        wager = Wager(f"W{next(self._ids)}", seat, wager_type, stake, hand, option)
        table.wagers.append(wager)
        return {"accepted": True, "wager_id": wager.wager_id, "reason": None}

    def check_limits(self, table: Table, kind: W.WagerKind, stake: Decimal, seat: int, hand: Optional[str],
                     option: Optional[str]) -> Optional[str]:
        limits = (table.rules.get("limits") or {}).get(kind.name) or table.rules.get("limits", {}).get("default")
        if limits:
            if "min" in limits and stake < Decimal(limits["min"]):
                return f"below the table minimum of ${limits['min']}"
            if "max" in limits and stake > Decimal(limits["max"]):
                return f"above the table maximum of ${limits['max']}"
        if kind.needs_baccarat_wager and not any(
                w.seat == seat and w.wager_type in ("banker", "player", "tie") for w in table.wagers):
            return f"a {kind.name} wager needs a Baccarat wager at the same seat first"
        for system in M.SYSTEMS:
            reason = system.check_wager(self, table, kind.name, stake, seat)
            if reason:
                return reason
        return None

    def _find(self, table: Table, wager_id: str) -> Wager:
        for w in table.wagers:
            if w.wager_id == wager_id:
                return w
        raise GameError("invalid_request", f"no wager {wager_id!r}")

    def op_change_wager(self, table_id: str, wager_id: str, amount: Any) -> dict:
        table = self._table(table_id)
        wager = self._find(table, wager_id)
        if not table.betting_open:
            return self._reject('a wager may not be increased after "no more bets" (§ 631a.8(c))')
        wager.amount = _money(amount, "amount")
        return {"accepted": True, "wager_id": wager_id, "reason": None}

    def op_withdraw_wager(self, table_id: str, wager_id: str) -> dict:
        table = self._table(table_id)
        wager = self._find(table, wager_id)
        if not table.betting_open:
            return self._reject('a wager may not be withdrawn after "no more bets" (§ 631a.8(c))')
        table.wagers.remove(wager)
        return {"accepted": True, "wager_id": wager_id, "reason": None}

    def op_no_more_bets(self, table_id: str) -> dict:
        table = self._table(table_id)
        table.betting_open = False
        return {"events": [{"type": "announcement", "text": "no more bets"}]}

    # ---------------------------------------------------------------- rules
    def card_value(self, card: str) -> int:
        """§ 631a.6(a)."""
        return baccarat_value(card)

    def point_count(self, cards: list[str]) -> int:
        """§ 631a.6(b)."""
        return sum(self.card_value(c) for c in cards) % 10

    def is_natural(self, cards: list[str]) -> bool:
        return self.point_count(cards[:2]) >= 8

    def player_draws(self, player: list[str], banker: list[str]) -> bool:
        """§ 631a.11(b)."""
        return self.point_count(player) <= 5

    def banker_draws(self, player: list[str], banker: list[str]) -> bool:
        """§ 631a.11(c), written as the dealer's rule of thumb rather than as Table 1."""
        b = self.point_count(banker)
        if len(player) == 2:
            return b <= 5
        third = self.card_value(player[2])
        if b <= 2:
            return True
        if b == 3:
            return third != 8
        if b == 4:
            return 2 <= third <= 7
        if b == 5:
            return 4 <= third <= 7
        if b == 6:
            return third in (6, 7)
        return False

    def settle(self, table: Table, wager: Wager, hands: W.Hands) -> W.Settlement:
        kind = W.WAGER_KINDS[wager.wager_type]
        return kind.settle(hands, {"hand": wager.hand, "option": wager.option, "seat": wager.seat,
                                   "wager_id": wager.wager_id, "table": table}, wager.amount)

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

    def _irregularity(self, table: Table, irregularity: Optional[dict]) -> tuple[Optional[str], bool]:
        if not irregularity:
            return None, False
        if not table.test_mode:
            raise GameError("invalid_state", "irregularities are staged only in test mode")
        kind = irregularity.get("kind")
        if kind not in IRREGULARITIES:
            raise GameError("invalid_request", f"irregularity kind {kind!r}: expected one of "
                                               f"{', '.join(IRREGULARITIES)}")
        if kind == "player_third_card_in_error":
            upcoming = ([table.carry_card] if table.carry_card else []) + table.shoe.peek(4)  # type: ignore
            if len(upcoming) >= 4:
                p, b = [upcoming[0], upcoming[2]], [upcoming[1], upcoming[3]]
                natural = self.is_natural(p) or self.is_natural(b)
                if not natural and self.player_draws(p, b):
                    raise GameError("invalid_request", "player_third_card_in_error: the Player's Hand "
                                                       f"{' '.join(p)} is entitled to a third card")
        return kind, bool(irregularity.get("disclosed", False))

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

    # ------------------------------------------------------------ House Money (§ 631a.9(e))
    def initial_settlement_order(self, table: Table) -> list[Wager]:
        """Wagers settled after the first four cards, from the dealer's right moving
        counterclockwise: ascending seat numbers (§ 631a.9(e)(1))."""
        return sorted((w for w in table.wagers if W.WAGER_KINDS[w.wager_type].phase == "initial"),
                      key=lambda w: w.seat)

    def house_money_portion(self, table: Table, winnings: Decimal) -> Decimal:
        """§ 631a.9(e)(1)(i): all of the payout, or the Rules Submission's portion."""
        portion = str(((table.rules.get("wagers") or {}).get("house_money") or {}).get("portion", "all"))
        if portion == "all":
            return winnings
        return (winnings * Decimal(portion.rstrip("%")) / 100).quantize(Decimal("0.01"), rounding=ROUND_FLOOR)

    def _house_money_add(self, table: Table, rnd: Round, wager: Wager, choice: Optional[dict]) -> None:
        result = rnd.results[wager.wager_id]
        add = (choice or {}).get("house_money_add") or "none"
        if result["result"] != "win" or add == "none":
            return
        target = next((w for w in table.wagers if w.seat == wager.seat and w.wager_type in ("banker", "player")),
                      None)
        if target is None:
            return
        winnings = Decimal(result["paid"]) - wager.amount
        amount = self.house_money_portion(table, winnings)
        if add != "all":
            amount = min(amount, _money(add, "house_money_add"))
        if amount <= 0:
            return
        target.amount += amount
        result["paid"] = _s(Decimal(result["paid"]) - amount)
        rnd.events.append({"type": "house_money_added", "seat": wager.seat, "wager_id": target.wager_id,
                           "amount": _s(amount)})

    # ------------------------------------------------------------ result
    def announce_result(self, table: Table, hands: W.Hands, events: list[dict]) -> None:
        """§ 631a.12(a): final Point Counts, the winning hand or "tie hand", and on an
        EZ Baccarat table "Dragon 7" / "Panda 8"."""
        winner = hands.winner
        events.append({"type": "announcement", "text": f"player {self.point_count(hands.player)}"})
        events.append({"type": "announcement", "text": f"banker {self.point_count(hands.banker)}"})
        events.append({"type": "announcement", "text": "tie hand" if winner == "tie" else f"{winner} wins"})
        if hands.ez and hands.dragon_7:
            events.append({"type": "announcement", "text": "Dragon 7"})
        if hands.ez and hands.panda_8:
            events.append({"type": "announcement", "text": "Panda 8"})

    def announce_extra(self, table: Table, hands: W.Hands, events: list[dict]) -> None:
        """Hook for variant announcements (e.g. "Lucky Six"): the calls of :data:`W.ANNOUNCERS`."""
        for announcer in W.ANNOUNCERS:
            text = announcer(hands)
            if text:
                events.append({"type": "announcement", "text": text})

    def _settle_now(self, table: Table, wager: Wager, hands: W.Hands, events: list[dict]) -> dict:
        s = self.settle(table, wager, hands)
        if s.result == "lose":
            events.append({"type": "collect", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(wager.amount)})
        elif s.result == "win":
            events.append({"type": "pay", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(s.paid - wager.amount)})
        else:
            events.append({"type": "push", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(wager.amount)})
        return self._result(wager, s)

    def payout_order(self, seats: set[int]) -> list[int]:
        """§ 631a.12(b): from the highest-numbered seat down."""
        return sorted(seats, reverse=True)

    def _settle_final(self, table: Table, hands: W.Hands, results: dict, events: list[dict]) -> None:
        """§ 631a.12(b): collect every losing wager, then pay from the highest-numbered
        seat down, each seat's vigorish marked or collected right after its payment."""
        pending = [w for w in table.wagers if w.wager_id not in results]
        settled = {w.wager_id: self.settle(table, w, hands) for w in pending}
        for w in sorted(pending, key=lambda w: w.seat):
            if settled[w.wager_id].result == "lose":
                events.append({"type": "collect", "seat": w.seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
        for seat in self.payout_order({w.seat for w in pending}):
            vig = Decimal("0")
            for w in pending:
                s = settled[w.wager_id]
                if w.seat != seat or s.result == "lose":
                    continue
                if s.result == "win":
                    events.append({"type": "pay", "seat": seat, "wager_id": w.wager_id,
                                   "amount": _s(s.paid - w.amount)})
                else:
                    events.append({"type": "push", "seat": seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
                vig += s.vigorish
            if vig:
                events.append(self.charge_vigorish(table, seat, vig))
        for w in pending:
            results[w.wager_id] = self._result(w, settled[w.wager_id])

    def charge_vigorish(self, table: Table, seat: int, amount: Decimal) -> dict:
        """§ 631a.13(d): collect at payout, or mark it at the seat's number to collect later."""
        if table.rules.get("vigorish_collection", "at_payout") == "tracked":
            table.vigorish_owed[seat] = table.vigorish_owed.get(seat, Decimal(0)) + amount
            return {"type": "vigorish_marked", "seat": seat, "amount": _s(amount)}
        return {"type": "vigorish_collected", "seat": seat, "amount": _s(amount)}

    def _result(self, wager: Wager, s: W.Settlement) -> dict:
        return {**wager.as_dict(), "result": s.result, "paid": _s(s.paid), "vigorish": _s(s.vigorish),
                "outcome": s.outcome}

    # ------------------------------------------------------------ irregularities (§ 631a.15)
    def _player_third_card_in_error(self, table: Table, rnd: Round, disclosed: bool) -> Optional[str]:
        """Returns the card that starts a simulated round, "void", or None."""
        card = rnd.take()
        if card is None:
            return "void"
        rnd.events.append({"type": "irregularity", "text": "player_third_card_in_error", "card": card,
                           "face_up": disclosed})
        natural = self.is_natural(rnd.player) or self.is_natural(rnd.banker)
        if not natural and self.banker_draws(rnd.player, rnd.banker):
            rnd.place(card, "banker", face_up=True)  # § 631a.15(b), (c)
            return None
        if not disclosed:
            table.carry_card = card  # § 631a.15(b)
            rnd.dealt.append({"card": card, "to": "next_round"})
            return None
        if table.rules.get("irregularity_procedure", "631a.15(c)(1)") == "631a.15(c)(1)":
            rnd.place(card, "discard", face_up=True)
            extra = rnd.take()
            if extra is not None:
                rnd.place(extra, "discard", face_up=False)
            return None
        return card  # § 631a.15(c)(2)

    def simulated_cards(self, table: Table, rnd: Round, first: str) -> list[str]:
        """Deal a simulated round (no wagers) starting with ``first``: its cards in order."""
        player, banker = [first], []
        cards = [first]

        def take(hand: list[str]) -> bool:
            card = rnd.take()
            if card is None:
                return False
            hand.append(card)
            cards.append(card)
            return True

        if not (take(banker) and take(player) and take(banker)):
            return cards
        if not (self.is_natural(player) or self.is_natural(banker)):
            if self.player_draws(player, banker) and not take(player):
                return cards
            if self.banker_draws(player, banker):
                take(banker)
        return cards

    def _simulated(self, table: Table, rnd: Round, first: str) -> None:
        rnd.events.append({"type": "announcement", "text": "simulated round"})
        for card in self.simulated_cards(table, rnd, first):
            rnd.dealt.append({"card": card, "to": "simulated"})
            rnd.events.append({"type": "card", "card": card, "to": "simulated", "face_up": True})

    def _face_up_round(self, table: Table, rnd: Round, round_id: str) -> dict:
        """§ 631a.15(d): the first card found face up starts a simulated round in which
        no wager is accepted; the wagers stay on the layout for the next round."""
        first = rnd.take()
        if first is None:
            return self._void_round(table, round_id, rnd)
        rnd.events.append({"type": "irregularity", "text": "card_face_up", "card": first, "face_up": True})
        self._simulated(table, rnd, first)
        return self._record(table, round_id, "simulated", rnd.dealt, None, None, None, rnd.events, {},
                            "in_play")

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
        return self._record(table, round_id, "void", rnd.dealt, None, None, None, rnd.events, rnd.results, "ended")

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
            "meters": self._meters(table),
            "shoe": shoe_state,
            "curator": table.curator,
        }

    # ---------------------------------------------------------------- vigorish & meters
    def _collect_all_vigorish(self, table: Table) -> list[dict]:
        """§ 631a.13(d)(2)(i): outstanding vigorish collected before a new dealing shoe."""
        events = []
        for seat in sorted(table.vigorish_owed):
            amount = table.vigorish_owed[seat]
            if amount:
                events.append({"type": "vigorish_collected", "seat": seat, "amount": _s(amount)})
        table.vigorish_owed.clear()
        return events

    def op_player_leaves(self, table_id: str, seat: int) -> dict:
        """§ 631a.13(d)(2)(i): the player's outstanding vigorish is collected."""
        table = self._table(table_id)
        events = []
        owed = table.vigorish_owed.pop(seat, Decimal(0))
        if owed:
            events.append({"type": "vigorish_collected", "seat": seat, "amount": _s(owed)})
        if seat in table.seats:
            table.seats[seat]["occupied"] = False
        return {"events": events}

    def _meters(self, table: Table) -> list[dict]:
        shown = [{"name": k, "amount": _s(v)} for k, v in sorted(table.meters.items())]
        for system in M.SYSTEMS:
            shown += system.meters(self, table)
        return shown

    def op_read_meters(self, table_id: str) -> dict:
        return {"meters": self._meters(self._table(table_id))}

    # ---------------------------------------------------------------- batch
    def op_run_rounds(self, rules: dict, rounds: list) -> dict:
        records = []
        for spec in rounds:
            table_id = self.op_open_table(rules)["table_id"]
            try:
                self.op_start_shoe(table_id, cards=spec["cards"])
                for w in spec.get("wagers", []):
                    self.op_place_wager(table_id, **w)
                records.append(self.op_deal_round(table_id))
            finally:
                self._tables.pop(table_id, None)
        return {"records": records}
