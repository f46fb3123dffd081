"""The card, hand, seat and money vocabulary of the step phrases and of the evidence
the steps attach to a failure (not a step module: modules whose name starts with
"_" are not loaded as pytest plugins).

Cards are written as the protocol writes them (``"AC"``, ``"10D"``); hands as the
regulation names them (``Player's Hand``, ``Banker's Hand``, keys ``"player"`` and
``"banker"``); money as dollars to the cent (``"$1,000.00"``), read as
:class:`~decimal.Decimal`.
"""

from __future__ import annotations

import re
from decimal import Decimal

from baccarat_conformance.protocol import models as m

HAND_NAMES = {"player": "Player's Hand", "banker": "Banker's Hand"}
"""The regulation's name of each hand, by its protocol key."""

HANDS = {"player's hand": "player", "banker's hand": "banker", "player": "player", "banker": "banker"}
"""The protocol key of each way a step phrase names a hand (lower case)."""


def hand_of(text: str) -> str:
    """``"the Player's Hand"`` -> ``"player"`` (case-insensitive; ``the`` optional,
    ``Player`` / ``Banker`` alone accepted).

    :raises ValueError: naming the text when it names neither hand.
    """
    key = re.sub(r"^the\s+", "", text.strip(), flags=re.I).lower()
    if key not in HANDS:
        raise ValueError(f"{text!r} names neither the Player's Hand nor the Banker's Hand")
    return HANDS[key]


def cards_of(text: str) -> list[str]:
    """``"AC 10D QS"`` (or ``"AC, 10D, QS"``) -> ``["AC", "10D", "QS"]``."""
    return text.replace(",", " ").split()


def cards_of_record(record: m.RoundRecord) -> list[str]:
    """Every card of a round record in the order it was taken (hands, discards,
    simulated cards...): the cards a failure of that round names as evidence."""
    return [c.card for c in record.cards]


def seats_of(text: str) -> list[int]:
    """``"1, 3 and 5"`` -> ``[1, 3, 5]``."""
    return [int(x) for x in re.findall(r"\d+", text)]


def money(text: str) -> Decimal:
    """``"$1,000.00"`` -> ``Decimal("1000.00")`` (the ``$`` and commas optional).

    :raises decimal.InvalidOperation: when the text is no amount.
    """
    return Decimal(text.strip().lstrip("$").replace(",", ""))


def money_text(amount: Decimal) -> str:
    """``Decimal("1000.00")`` -> ``"$1,000.00"``: an amount as a step phrase writes it
    (every digit kept: ``Decimal("0.625")`` -> ``"$0.625"``)."""
    return f"${amount:,}"
