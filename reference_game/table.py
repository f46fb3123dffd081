"""The state of the reference game (:mod:`.game`): its tables, the wagers on them
and the round being dealt, with the error the operations raise and the money
strings of the protocol."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Optional

from .cards import Shoe

SEATS = range(1, 16)


class GameError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple:  # picklable: pickle would call GameError(message) alone
        return (type(self), (self.code, self.message))


def _money(value: Any, what: str) -> Decimal:
    if not isinstance(value, str):
        raise GameError("invalid_request", f"{what} must be a decimal string, got {value!r}")
    return _parse_money(value, what)


@functools.lru_cache(maxsize=1024)
def _parse_money(value: str, what: str) -> Decimal:
    """A money string as Decimal (remembered: a round's stakes are few strings, sent
    again every round); the error is raised anew every time."""
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise GameError("invalid_request", f"{what} is not a decimal amount: {value!r}") from None
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        raise GameError("invalid_request", f"{what} must be a positive number of cents: {value!r}")
    return amount


def _s(amount: Decimal) -> str:
    """Dollars as the protocol's decimal string, to the cent (remembered: a round's
    amounts are few; by sign too, as -0.00 equals 0.00 but is written otherwise)."""
    return _formatted(amount, amount.is_signed())


@functools.lru_cache(maxsize=4096)
def _formatted(amount: Decimal, signed: bool) -> str:
    return format(amount.quantize(_CENT), "f")


_CENT = Decimal("0.01")


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
    hands_only: bool = False  # a round of run_rounds(hands_only): its record shows no meters
    compact: bool = False  # a round of play_shoes: its compact record shows no meters

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
    short: Optional[str] = None  # where a card was wanted and the shoe had none (the void reason)

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
        elif self.short is None:
            nth = {0: "first", 1: "second", 2: "third"}.get(len(self.player if to == "player" else self.banker),
                                                            "next")
            self.short = f"the {nth} card of the {'Player' if to == 'player' else 'Banker'}'s Hand"
        return card
