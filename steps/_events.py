"""Reading a round's ordered ``events`` (helpers of the step modules, not a step module).

Announcement texts are matched case-insensitively: ``player 7`` / ``banker 6`` (also
``player's hand 7``) for a Point Count, ``player wins`` / ``banker wins``,
``tie hand``, and the regulation's quoted calls ("no more bets", "cards", "last
hand", "Dragon 7", "Panda 8").
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Optional

from baccarat_conformance.protocol import models as m

POINT_COUNT = re.compile(r"^(player|banker)(?:'s hand)?\s*:?\s*(\d)$", re.I)
WINS = re.compile(r"^(player|banker)(?:'s hand)? wins$", re.I)
PAYMENTS = ("collect", "pay", "push", "return")


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


def result_said(event: m.Event) -> bool:
    """Whether ``event`` announces the result of the round: ``player wins``, ``banker
    wins`` (also ``player's hand wins``) or ``tie hand`` (§ 631a.12(a))."""
    text = (event.text or "").strip()
    return event.type == "announcement" and (bool(WINS.match(text)) or text.lower() == "tie hand")


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
