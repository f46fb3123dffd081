"""Typed step parameters: the vocabulary of the step phrases as parse types, registered
once (not a step module: modules whose name starts with "_" are not loaded as pytest
plugins).

A step phrase names its typed parameters with :func:`phrase`::

    @given(phrase("seat {seat:d} wagers {amount:Money} on {target:Wager}"), target_fixture="wagers")
    def place(table, seat: int, amount: Decimal, target: Target, clause, wagers): ...

and the step function receives the converted values. The types (:data:`EXTRA_TYPES`):

=============  ================================  =========================================
type           phrase text                       value
=============  ================================  =========================================
``Money``      ``$1,000.00``, ``$0.625``         :class:`~decimal.Decimal` dollars
``Card``       ``AC``, ``10D``                   the card, as the protocol writes it
``Cards``      ``AC 10D QS`` (commas allowed)    ``list[str]`` of cards, in order
``Hand``       ``Player's Hand``, ``Banker's     ``"player"`` or ``"banker"``
               Hand``
``Hands``      ``Player's Hand, Banker's Hand``  ``list[str]`` of hand keys, in order
               (also ``... then ...``)
``PointCount`` ``0`` to ``9``                    ``int``
``Seats``      ``1, 3 and 5``                    ``list[int]``
``Wager``      a wager phrase                    :class:`._wager_targets.Target`
               (:mod:`._wager_targets`)
=============  ================================  =========================================

Each converter carries the regular expression of its phrase text (``.pattern``, as
``parse.with_pattern`` sets it), so a step phrase only matches text of the right
shape. A wager phrase matches any text and is then read by
:func:`._wager_targets.parse_target`: a phrase that names no wager type raises
``ValueError``, which pytest-bdd takes as "this step definition does not match" (the
step is reported as having no definition).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Callable

from parse import with_pattern
from pytest_bdd import parsers

from baccarat_conformance.protocol.models import RANKS, SUITS

from ._vocabulary import cards_of, hand_of, money, seats_of
from ._wager_targets import Target, parse_target

CARD = "(?:{})[{}]".format("|".join(sorted(RANKS, key=len, reverse=True)), "".join(SUITS))
HAND = "(?:Player|Banker)'s Hand"
HAND_SEPARATOR = r"(?:,\s*|\s+then\s+)"


@with_pattern(r"\$\d[\d,]*(?:\.\d+)?")
def parse_money(text: str) -> Decimal:
    """``"$1,000.00"`` -> ``Decimal("1000.00")``."""
    return money(text)


@with_pattern(CARD)
def parse_card(text: str) -> str:
    """``"10D"`` -> ``"10D"``."""
    return text


@with_pattern(rf"{CARD}(?:,?\s+{CARD})*")
def parse_cards(text: str) -> list[str]:
    """``"AC 10D QS"`` -> ``["AC", "10D", "QS"]``."""
    return cards_of(text)


@with_pattern(HAND)
def parse_hand(text: str) -> str:
    """``"Player's Hand"`` -> ``"player"``."""
    return hand_of(text)


@with_pattern(rf"{HAND}(?:{HAND_SEPARATOR}{HAND})*")
def parse_hands(text: str) -> list[str]:
    """``"Player's Hand, Banker's Hand then Player's Hand"`` -> ``["player", "banker", "player"]``."""
    return [hand_of(x) for x in re.split(HAND_SEPARATOR, text.strip())]


@with_pattern(r"\d")
def parse_point_count(text: str) -> int:
    """``"7"`` -> ``7`` (a Point Count is one digit, 0 to 9)."""
    return int(text)


@with_pattern(r"\d+(?:(?:,\s*|\s+and\s+)\d+)*")
def parse_seats(text: str) -> list[int]:
    """``"1, 3 and 5"`` -> ``[1, 3, 5]``."""
    return seats_of(text)


@with_pattern(r".+?")
def parse_wager_target(text: str) -> Target:
    """``"Dragon Bonus on the Player's Hand"`` -> ``Target("dragon_bonus", "player")``.

    :raises ValueError: when the phrase names no wager type (the step does not match).
    """
    return parse_target(text)


EXTRA_TYPES: dict[str, Callable[[str], Any]] = {
    "Money": parse_money,
    "Card": parse_card,
    "Cards": parse_cards,
    "Hand": parse_hand,
    "Hands": parse_hands,
    "PointCount": parse_point_count,
    "Seats": parse_seats,
    "Wager": parse_wager_target,
}


def phrase(text: str) -> parsers.parse:
    """A step parser of ``text`` whose fields may use the types of :data:`EXTRA_TYPES`
    (and parse's own, such as ``{seat:d}``)."""
    return parsers.parse(text, extra_types=EXTRA_TYPES)
