"""The bundled reference game: a fully conforming Baccarat table speaking the
game-under-test protocol, version 1 (docs/protocol.md).

Every operation takes and returns JSON-compatible values (money as decimal
strings), so the same object serves the library adapter directly, the HTTP server
and the serial device simulator. Errors are returned as ``{"error": {...}}``.

Broken games in ``tests/broken_games.py`` subclass :class:`ReferenceGame` and
override one rule method (``point_count``, ``player_draws``, ``banker_draws``,
``settle``...) to show that the suite catches the break.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Optional

from . import meters as M
from . import wagers as W
from .cards import Shoe, baccarat_value, shuffled_shoe, valid_card

PROTOCOL_VERSION = "1.0"
VERSION = "0.1.0"
SEATS = range(1, 16)


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
    carry_card: Optional[str] = None
    progressive: dict = field(default_factory=dict)  # state of progressive systems (reference_game/meters.py)


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
                             "player_leaves"]
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

    def op_open_table(self, rules: dict, seats: Optional[list] = None, test_mode: bool = True) -> dict:
        if not isinstance(rules, dict):
            raise GameError("invalid_request", "rules must be an object")
        decks = rules.get("decks", 8)
        if decks not in (6, 7, 8):
            raise GameError("unsupported", f"decks={decks!r}: Baccarat is played with six to eight decks")
        for name in (rules.get("wagers") or {}):
            if name not in W.WAGER_KINDS:
                raise GameError("unsupported", f"wager {name!r} is not implemented")
        table_id = f"T{next(self._ids)}"
        seat_map = {}
        for spec in seats or [{"seat": s} for s in range(1, 15)]:
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
    def op_start_shoe(self, table_id: str, cards: Optional[list] = None, seed: Optional[int] = None,
                      cover_card_index: Optional[int] = None, burn: bool = False,
                      cut_offset: Optional[int] = None) -> dict:
        table = self._table(table_id)
        events = self._collect_all_vigorish(table)  # § 631a.13(d)(2)(i)
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
            if cut_offset is not None and not (10 <= cut_offset <= decks * 52 - 10):
                raise GameError("invalid_request",
                                f"cut_offset={cut_offset}: the cover card must be at least ten cards in from "
                                "the top or the bottom of the stack (§ 631a.5(c))")
            rng = random.Random(seed) if seed is not None else self._rng
            shoe = shuffled_shoe(shoe_id, decks, rng, cut_offset)
            if cover_card_index is not None:
                shoe.cover_card_index = cover_card_index
        disclosed = list(shoe.cards)
        if burn:
            shoe.burn()
        table.shoe = shoe
        table.betting_open = True
        table.wagers = []
        events += self._select_curator(table, start=1)
        events.append({"type": "new_decks"})
        return {"shoe_id": shoe_id, "decks": decks, "card_count": len(shoe.cards), "cut_offset": shoe.cut_offset,
                "cover_card_index": shoe.cover_card_index, "burned": shoe.burned, "cards": disclosed,
                "new_decks": True, "events": events}

    def _select_curator(self, table: Table, start: int) -> list[dict]:
        """§ 631a.7(b) / § 631a.14(b): offer the shoe from seat ``start`` in ascending
        (counterclockwise) order; the dealer deals when nobody accepts."""
        events = []
        order = [s for s in SEATS if s >= start] + [s for s in SEATS if s < start]
        for seat in order:
            info = table.seats.get(seat)
            if not info or not info["occupied"]:
                continue
            events.append({"type": "shoe_offered", "seat": seat})
            if info["accepts_shoe"]:
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
        table = self._table(table_id)
        shoe = table.shoe
        if shoe is None or shoe.ended:
            raise GameError("invalid_state", "no dealing shoe in play: start a new shoe (§ 631a.10(d))")
        events: list[dict] = []
        if table.betting_open:
            table.betting_open = False
            events.append({"type": "announcement", "text": "no more bets"})
        events.append({"type": "announcement", "text": "cards"})
        for system in M.SYSTEMS:  # progressive wagers recognised for this round contribute to their meters
            system.on_deal(self, table, events)
        table.rounds += 1
        round_id = f"{table_id}-R{table.rounds}"
        dealt: list[dict] = []
        player: list[str] = []
        banker: list[str] = []

        def draw(to: str) -> Optional[str]:
            card = shoe.draw()
            if card is not None:
                dealt.append({"card": card, "to": to})
                events.append({"type": "card", "card": card, "to": to, "face_up": True})
                if to in ("player", "banker"):
                    (player if to == "player" else banker).append(card)
            return card

        results: dict[str, dict] = {}
        void = False
        for to in ("player", "banker", "player", "banker"):
            if draw(to) is None:
                void = True
                break
        if not void:
            events += self.reveal_initial_hands(table, player, banker, choices or [])
            # wagers settled after the initial cards and before any third card (§ 631a.9(e))
            initial = W.Hands(list(player), list(banker), table.rules)
            for wager in sorted(table.wagers, key=lambda w: w.seat):
                if W.WAGER_KINDS[wager.wager_type].phase == "initial":
                    results[wager.wager_id] = self._settle_now(table, wager, initial, events)
            if not (self.is_natural(player) or self.is_natural(banker)):
                if self.player_draws(player, banker) and draw("player") is None:
                    void = True
                if not void and self.banker_draws(player, banker) and draw("banker") is None:
                    void = True
        if void:
            return self._void_round(table, round_id, dealt, events, results)

        hands = W.Hands(player, banker, table.rules)
        winner = hands.winner
        p, b = self.point_count(player), self.point_count(banker)
        events.append({"type": "announcement", "text": f"player {p}"})
        events.append({"type": "announcement", "text": f"banker {b}"})
        events.append({"type": "announcement", "text": "tie hand" if winner == "tie" else f"{winner} wins"})
        if hands.ez and hands.dragon_7:
            events.append({"type": "announcement", "text": "Dragon 7"})
        if hands.ez and hands.panda_8:
            events.append({"type": "announcement", "text": "Panda 8"})
        self.announce_extra(table, hands, events)
        self._settle_final(table, hands, results, events)
        for system in M.SYSTEMS:
            system.after_settle(self, table, events)

        shoe_state = self._after_round(table, events)
        if winner == "player" and table.curator:  # § 631a.14(a)(1)
            events.append({"type": "shoe_passed", "seat": table.curator})
            events += self._select_curator(table, start=table.curator % 15 + 1)
        return self._record(table, round_id, "completed", dealt, player, banker, winner, events, results,
                            shoe_state)

    def reveal_initial_hands(self, table: Table, player: list[str], banker: list[str],
                             choices: list) -> list[dict]:
        """The reveal of the initial two cards of each hand and the announcement of
        their Point Counts: the Player's Hand first (§ 631a.9(c)), or the Banker's Hand
        first under the alternative procedure of § 629b.4(b)."""
        p, b = self.point_count(player), self.point_count(banker)
        seat = self.banker_first_seat(table, choices)
        if seat is not None:
            return [{"type": "reveal", "hand": "banker"}, {"type": "announcement", "text": f"banker {b}"},
                    {"type": "reveal", "hand": "player", "seat": seat},
                    {"type": "announcement", "text": f"player {p}"}]
        return [{"type": "reveal", "hand": "player"}, {"type": "reveal", "hand": "banker"},
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

    def _settle_final(self, table: Table, hands: W.Hands, results: dict, events: list[dict]) -> None:
        """§ 631a.12(b): collect every losing wager, then pay from the highest-numbered
        seat down, each seat's vigorish marked or collected right after its payment."""
        pending = [w for w in table.wagers if w.wager_id not in results]
        settled = {w.wager_id: self.settle(table, w, hands) for w in pending}
        for w in sorted(pending, key=lambda w: w.seat):
            if settled[w.wager_id].result == "lose":
                events.append({"type": "collect", "seat": w.seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
        for seat in sorted({w.seat for w in pending}, reverse=True):
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
                if table.rules.get("vigorish_collection", "at_payout") == "tracked":
                    table.vigorish_owed[seat] = table.vigorish_owed.get(seat, Decimal(0)) + vig
                    events.append({"type": "vigorish_marked", "seat": seat, "amount": _s(vig)})
                else:
                    events.append({"type": "vigorish_collected", "seat": seat, "amount": _s(vig)})
        for w in pending:
            results[w.wager_id] = self._result(w, settled[w.wager_id])

    def _result(self, wager: Wager, s: W.Settlement) -> dict:
        return {**wager.as_dict(), "result": s.result, "paid": _s(s.paid), "vigorish": _s(s.vigorish),
                "outcome": s.outcome}

    def _after_round(self, table: Table, events: list[dict]) -> str:
        """§ 631a.10(d): after the cover card appears, complete the hand, announce
        "last hand", deal one more hand, then new decks."""
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
            events.append({"type": "cover_card"})
            events.append({"type": "announcement", "text": "last hand"})
            return "last_hand"
        return "in_play"

    def _void_round(self, table: Table, round_id: str, dealt: list, events: list, results: dict) -> dict:
        """§ 631a.15(e): insufficient cards; the round is void and every wager returned."""
        for w in table.wagers:
            if w.wager_id in results:
                continue
            events.append({"type": "return", "seat": w.seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
            results[w.wager_id] = {**w.as_dict(), "result": "void", "paid": _s(w.amount), "vigorish": "0.00",
                                   "outcome": None}
        table.wagers = []
        table.betting_open = True
        assert table.shoe is not None
        table.shoe.ended = True
        return self._record(table, round_id, "void", dealt, None, None, None, events, results, "ended")

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
        events = []
        for seat in sorted(table.vigorish_owed):
            amount = table.vigorish_owed[seat]
            if amount:
                events.append({"type": "vigorish_collected", "seat": seat, "amount": _s(amount)})
        table.vigorish_owed.clear()
        return events

    def op_player_leaves(self, table_id: str, seat: int) -> dict:
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
