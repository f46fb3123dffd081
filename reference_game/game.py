"""The bundled reference game: a fully conforming Baccarat table speaking the
game-under-test protocol, version 1 (docs/protocol.md).

Every operation takes and returns JSON-compatible values (money as decimal
strings), so the same object serves the library adapter directly, the HTTP server
and the serial device simulator. Errors are returned as ``{"error": {...}}``.

Broken games in ``tests/games/broken_games*.py`` subclass :class:`ReferenceGame` and
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

import functools
import itertools
import json
import random
from importlib import resources
from decimal import Decimal
from typing import Any, Optional

from . import meters as M
from . import wagers as W
from .cards import Shoe, baccarat_value, face_value, shuffled_shoe, valid_card
from .irregularities import Irregularities
from .rounds import Rounds
from .settlement import Settling
from .table import SEATS, GameError, Table, Wager, _money, _s

PROTOCOL_VERSION = "1.3"
VERSION = "0.2.0"


@functools.lru_cache(maxsize=1)
def declared_par_sheet() -> list[dict]:
    """The house edges this game declares in ``describe.par_sheet`` (protocol 1.2): its
    vendor par sheet, ``par_sheet.json`` beside this module, one entry per wager,
    paytable, variant and number of decks it implements."""
    return json.loads(resources.files(__package__).joinpath("par_sheet.json").read_text(encoding="utf-8"))



class ReferenceGame(Rounds, Settling, Irregularities):
    """The reference implementation. One instance can host many tables.

    The table operations and the rules are here; the round (:class:`.rounds.Rounds`),
    its settlement (:class:`.settlement.Settling`) and the irregularities
    (:class:`.irregularities.Irregularities`) are in mixins."""

    name = "baccarat-conformance reference game"

    def __init__(self, seed: Optional[int] = None, hit_seed: Optional[int] = None):
        """``seed``: of the game's generator (shuffles, cuts, mystery hit values; None:
        system entropy); ``hit_seed``: of the mystery hit values alone (None: the game's
        generator draws them). The game reads nothing else: no environment, no state of
        the process."""
        self._tables: dict[str, Table] = {}
        self._ids = itertools.count(1)
        self._rng = random.Random(seed)
        self._hit_rng = random.Random(hit_seed) if hit_seed is not None else self._rng

    def number_ids(self, start: int, step: int) -> None:
        """Number this game's tables, shoes and wagers ``start``, ``start + step``, ... (ids
        ``T{n}``, ``T{n}-S{m}``, ``W{m}``; a round's id is its table's with ``-R{k}``), so
        that ``step`` games numbered from 1 to ``step`` never give the same id: the game
        processes of ``server --processes`` (reference_game/server.py)."""
        self._ids = itertools.count(start, step)

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
            "capabilities": ["stacked_shoe", "shoe_disclosure", "batch", "batch_hands", "batch_shoes", "seeded_shuffle",
                             "irregularities", "player_leaves", "progressive"]
            + [f"wager.{k}" for k in kinds],
            "rules_options": {"decks": [6, 7, 8], "vigorish_collection": ["at_payout", "tracked"],
                              "vigorish_rounding": [True, False], "card_reveal": ["631a.9(c)", "631a.9(d)"],
                              "irregularity_procedure": ["631a.15(c)(1)", "631a.15(c)(2)"],
                              "commission": ["standard", "commission_free"], "alternative_card_reveal": [True, False]},
            "par_sheet": declared_par_sheet(),
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
        return {"table_id": self._open(rules, self._seat_map(rules, seats), test_mode).table_id}

    @staticmethod
    def _seat_map(rules: dict, seats: Optional[list]) -> dict[int, dict]:
        """Seat number -> its player's state: ``seats``, or every position of the table
        occupied (§ 631a.2(a))."""
        positions = rules.get("table_positions", 14)
        return {int(spec["seat"]): {"occupied": spec.get("occupied", True),
                                    "accepts_shoe": spec.get("accepts_shoe", False),
                                    "accepts_cards": spec.get("accepts_cards", True)}
                for spec in seats or [{"seat": s} for s in range(1, int(positions) + 1)]}

    def _open(self, rules: dict, seat_map: dict[int, dict], test_mode: bool) -> Table:
        """A new table under ``rules`` (already checked by :meth:`check_rules`), its seats a
        copy of ``seat_map``."""
        table_id = f"T{next(self._ids)}"
        seats = {seat: dict(state) for seat, state in seat_map.items()}
        table = self._tables[table_id] = Table(table_id, dict(rules), seats, bool(test_mode))
        self.on_open(table)
        return table

    def on_open(self, table: Table) -> None:
        """Hook for progressive meters and other per-table state."""
        for system in M.SYSTEMS:
            system.on_open(self, table)

    def draw_hit_value(self, low: Decimal, high: Decimal) -> Decimal:
        """A mystery progressive's hit value: uniform over the whole cents of [low, high]."""
        cents = self._hit_rng.randint(int(low * 100), int(high * 100))
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
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64):
                raise GameError("invalid_request", f"seed={seed!r}: a seed is an unsigned 64-bit integer, "
                                "0 to 2^64 - 1")
            rng = random.Random(seed) if seed is not None else self._rng
            shoe = self.new_shoe(shoe_id, decks, rng, cut_offset)
            if cover_card_index is not None:
                shoe.cover_card_index = cover_card_index
        events = self._collect_all_vigorish(table)  # § 631a.13(d)(2)(i)
        events.append({"type": "new_decks"})  # § 631a.3(b)
        disclosed = list(shoe.cards)
        pre_shuffle = shoe.pre_shuffle if cards is None else None
        if burn:
            events += self.burn(shoe)
        table.shoe = shoe
        table.carry_card = None
        table.betting_open = True
        table.wagers = []
        events += self._select_curator(table, previous=None)
        return {"shoe_id": shoe_id, "decks": decks, "card_count": len(shoe.cards), "cut_offset": shoe.cut_offset,
                "cover_card_index": shoe.cover_card_index, "burned": shoe.burned, "cards": disclosed,
                **({"pre_shuffle": pre_shuffle} if pre_shuffle else {}),
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
        if isinstance(seat, bool) or not isinstance(seat, int) or not min(SEATS) <= seat <= max(SEATS):
            raise GameError("invalid_request", f"seat {seat!r}: a player position is a number from "
                                               f"{min(SEATS)} to {max(SEATS)}")
        if seat not in table.seats:
            return self._reject(f"seat {seat} is not a player position of this table (§ 631a.2(a))")
        if not table.seats[seat]["occupied"]:
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
            if "min" in limits and stake < _limit(limits["min"]):
                return f"below the table minimum of ${limits['min']}"
            if "max" in limits and stake > _limit(limits["max"]):
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
        return sum(map(self.card_value, cards)) % 10

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
    def op_run_rounds(self, rules: dict, rounds: list, hands_only: bool = False) -> dict:
        """Each round on a fresh table under ``rules`` (checked once for the batch), from
        a shoe stacked with its ``cards``, its ``wagers`` placed first. ``hands_only``
        (protocol 1.2): each record is cut to its status, the cards of each hand and the
        void reason, and the round skips what only the whole record shows (meters)."""
        if not isinstance(rules, dict):
            raise GameError("invalid_request", "rules must be an object")
        self.check_rules(rules)
        seats = self._seat_map(rules, None)  # one validated table configuration for the batch
        records = []
        for spec in rounds:
            table = self._open(rules, seats, True)
            table.hands_only = bool(hands_only)
            try:
                self.op_start_shoe(table.table_id, cards=spec["cards"])
                for w in spec.get("wagers", []):
                    self.op_place_wager(table.table_id, **w)
                record = self.op_deal_round(table.table_id)
            finally:
                self._tables.pop(table.table_id, None)
            records.append(_hands_of(record) if hands_only else record)
        return {"records": records}

    def op_play_shoes(self, table_id: str, shoes: int, seeds: Optional[list] = None, wagers: Optional[list] = None,
                      deal: bool = True) -> dict:
        """Shoes of the game's own shuffle on table ``table_id``, in one request (protocol
        1.3, capability ``batch_shoes``): each started as :meth:`op_start_shoe` starts it
        (seeded with ``seeds[i]`` when given, burned when ``deal``), then, when ``deal``,
        every round dealt to the end of the shoe as :meth:`op_deal_round` deals it, each
        wager of ``wagers`` placed first as :meth:`op_place_wager` places it. Answers one
        compact record a round: the cards of each hand and each planned wager's
        settlement (null where the wager was refused)."""
        table = self._table(table_id)
        if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
            raise GameError("invalid_request", f"shoes={shoes!r}: expected a number of shoes >= 1")
        if seeds is not None and (not isinstance(seeds, list) or len(seeds) != shoes):
            raise GameError("invalid_request", f"seeds: expected a list of {shoes} seeds, one a shoe")
        plan = [dict(w) for w in wagers or []]
        for w in plan:
            if not isinstance(w, dict):
                raise GameError("invalid_request", f"wagers: expected objects, got {w!r}")
            w.pop("table_id", None)
        out = []
        table.compact = True  # the records are cut to the hands and settlements: no meters read for them
        try:
            for i in range(shoes):
                shoe = self.op_start_shoe(table_id, seed=None if seeds is None else seeds[i], burn=bool(deal))
                played = {"shoe_id": shoe["shoe_id"], "card_count": shoe["card_count"],
                          "cut_offset": shoe["cut_offset"], "cover_card_index": shoe["cover_card_index"],
                          "burned": shoe["burned"], "cards": shoe["cards"]}
                if shoe.get("pre_shuffle"):
                    played["pre_shuffle"] = shoe["pre_shuffle"]
                rounds: list[dict] = []
                while deal:
                    ids = [self.op_place_wager(table_id, **w).get("wager_id") for w in plan]
                    record = self.op_deal_round(table_id)
                    rounds.append(_compact(record, ids))
                    if record["shoe"] == "ended" or record["status"] == "void" and record["shoe"] != "in_play":
                        break
                played["rounds"] = rounds
                out.append(played)
        finally:
            table.compact = False
        return {"shoes": out}


@functools.lru_cache(maxsize=256)
def _limit(text: Any) -> Decimal:
    """A table limit of the Rules Submission as Decimal (remembered: read at every wager)."""
    return Decimal(text)


def _compact(record: dict, ids: list) -> dict:
    """The compact record of a round of ``play_shoes`` (protocol 1.3): its status, the
    cards of each hand, and the settlement of the wagers ``ids`` (None: refused) in order."""
    settled = {w["wager_id"]: w for w in record["wagers"]}
    wagers = []
    for wager_id in ids:
        w = settled.get(wager_id) if wager_id else None
        if w is None:
            wagers.append(None)
            continue
        settled_wager = {"result": w["result"], "paid": w["paid"], "vigorish": w["vigorish"]}
        if w.get("outcome") is not None:
            settled_wager["outcome"] = w["outcome"]
        wagers.append(settled_wager)
    cut = {"round_id": record["round_id"], "status": record["status"],
           "player": record["player"]["cards"] if record.get("player") else None,
           "banker": record["banker"]["cards"] if record.get("banker") else None, "wagers": wagers}
    if record.get("void_reason") is not None:
        cut["void_reason"] = record["void_reason"]
    return cut


def _hands_of(record: dict) -> dict:
    """A hands-only record (protocol 1.2): status, the cards of each hand, void reason."""
    cut = {"status": record["status"],
           "player": {"cards": record["player"]["cards"]} if record.get("player") else None,
           "banker": {"cards": record["banker"]["cards"]} if record.get("banker") else None}
    if record.get("void_reason") is not None:
        cut["void_reason"] = record["void_reason"]
    return cut
