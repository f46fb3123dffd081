"""Reading a round's ordered ``events`` (private helpers of the Ch. 631a step modules).

Announcement texts are matched case-insensitively: ``player 7`` / ``banker 6`` (also
``player's hand 7``) for a Point Count, ``player wins`` / ``banker wins``,
``tie hand``, and the regulation's quoted calls ("no more bets", "cards", "last
hand", "Dragon 7", "Panda 8").
"""

from __future__ import annotations

import importlib
import re
from decimal import Decimal
from typing import Any, Callable, Iterable, Optional

from baccarat_conformance.protocol import models as m

HANDS = {"player's hand": "player", "banker's hand": "banker", "player": "player", "banker": "banker"}
HAND_NAMES = {"player": "Player's Hand", "banker": "Banker's Hand"}
POINT_COUNT = re.compile(r"^(player|banker)(?:'s hand)?\s*:?\s*(\d)$", re.I)
WINS = re.compile(r"^(player|banker)(?:'s hand)? wins$", re.I)
PAYMENTS = ("collect", "pay", "push", "return")


def hand_of(text: str) -> str:
    """``"the Player's Hand"`` -> ``"player"``.

    :raises ValueError: naming the text when it names neither hand.
    """
    key = re.sub(r"^the\s+", "", text.strip(), flags=re.I).lower()
    if key not in HANDS:
        raise ValueError(f"{text!r} names neither the Player's Hand nor the Banker's Hand")
    return HANDS[key]


def seats_of(text: str) -> list[int]:
    """``"1, 3 and 5"`` -> ``[1, 3, 5]``."""
    return [int(x) for x in re.findall(r"\d+", text)]


def said(event: m.Event, text: str) -> bool:
    """Whether ``event`` is the announcement ``text`` (case-insensitive)."""
    return event.type == "announcement" and (event.text or "").strip().lower() == text.lower()


def point_count_said(event: m.Event, hand: Optional[str] = None) -> Optional[int]:
    """The Point Count announced by ``event`` for ``hand`` (either hand when None)."""
    if event.type != "announcement":
        return None
    found = POINT_COUNT.match((event.text or "").strip())
    if not found or (hand is not None and found.group(1).lower() != hand):
        return None
    return int(found.group(2))


def first(events: list[m.Event], pred: Callable[[m.Event], bool], start: int = 0) -> Optional[int]:
    """Index of the first event from ``start`` satisfying ``pred``, or None."""
    for i in range(start, len(events)):
        if pred(events[i]):
            return i
    return None


def last(events: list[m.Event], pred: Callable[[m.Event], bool]) -> Optional[int]:
    for i in range(len(events) - 1, -1, -1):
        if pred(events[i]):
            return i
    return None


def card_events(events: list[m.Event], to: Iterable[str] = ("player", "banker")) -> list[tuple[int, m.Event]]:
    """``(index, event)`` of the card events dealt to ``to``, in order."""
    wanted = set(to)
    return [(i, e) for i, e in enumerate(events) if e.type == "card" and e.to in wanted]


def face_up(event: m.Event) -> Optional[bool]:
    """The ``face_up`` field of a card event (an extension field of Event), if reported."""
    value = getattr(event, "face_up", None)
    return None if value is None else bool(value)


def describe(events: list[m.Event], limit: int = 40) -> str:
    """A one-line summary of events for a failure message."""
    parts = []
    for e in events[:limit]:
        bits = [e.type]
        for name in ("text", "card", "to", "hand", "seat", "amount"):
            value = getattr(e, name, None)
            if value is not None:
                bits.append(f"{name}={value}")
        parts.append("(" + " ".join(str(b) for b in bits) + ")")
    more = f" ... {len(events) - limit} more" if len(events) > limit else ""
    return " ".join(parts) + more


def cards_of_record(record: m.RoundRecord) -> list[str]:
    return [c.card for c in record.cards]


def money_text(amount: Decimal) -> str:
    return f"${amount:,.2f}"


# ------------------------------------------------------------------ steps/wagers.py, lazily
def wagers_steps() -> Any:
    """steps/wagers.py, imported when a step runs (pytest has loaded it by then), so
    this module never imports a step module before pytest does."""
    return importlib.import_module(f"{__package__}.wagers")


def parse_target(text: str) -> Any:
    """steps/wagers.py ``parse_target``: ``"Dragon Bonus on the Player's Hand"`` -> Target."""
    return wagers_steps().parse_target(text)


def money(text: str) -> Decimal:
    """``"$1,000.00"`` -> ``Decimal("1000.00")``."""
    return wagers_steps().money(text)
