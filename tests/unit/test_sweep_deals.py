"""The § 631a.11 sweep's judge asks the oracle once per class of stacks that deal alike
(steps/exhaustive.py ``_required_hands``): its positions are the oracle's deal of every
stack, whatever the ranks and suits, and a stack the oracle cannot deal is refused as the
oracle refuses it."""

from __future__ import annotations

import random

import pytest

from baccarat_conformance.oracle import ch631a
from baccarat_conformance.steps import exhaustive

CARDS = [r + s for r in ch631a.CARD_VALUES for s in "CDHS"]


def _dealt(cards: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    player, banker = exhaustive._required_hands(cards)  # noqa: SLF001
    return player(cards), banker(cards)


def test_every_smoke_stack_is_dealt_as_the_oracle_deals_it():
    for cards in exhaustive.combinations("smoke"):
        coup = ch631a.deal(cards)
        assert _dealt(cards) == (coup.player, coup.banker), cards


@pytest.mark.parametrize("length", [4, 5, 6, 8])
def test_random_stacks_of_any_rank_and_suit_are_dealt_as_the_oracle_deals_them(length):
    rng = random.Random(length)
    for _ in range(3000):
        cards = [rng.choice(CARDS) for _ in range(length)]
        try:
            coup = ch631a.deal(cards)
        except ValueError:
            with pytest.raises(ValueError):
                _dealt(cards)
            continue
        assert _dealt(cards) == (coup.player, coup.banker), cards


def test_a_string_that_is_not_a_card_is_refused_as_the_oracle_refuses_it():
    with pytest.raises(ValueError, match="not a card"):
        _dealt(["1H", "2D", "3S", "4C", "5H", "6D"])
