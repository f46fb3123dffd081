"""Steps that open a table, stack the dealing shoe and deal rounds."""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.protocol import models as m

from ._support import TableHandle
from ._vocabulary import cards_of


@given("a table opened under the Rules Submission", target_fixture="table")
def table_opened(game: GameAdapter, rules_submission: Any) -> TableHandle:
    rules = rules_submission.as_rules()
    return TableHandle(game, game.open_table(rules), rules)


@given(parsers.parse("the dealing shoe is stacked with {cards}"), target_fixture="stacked_cards")
def shoe_stacked(table: TableHandle, cards: str) -> list[str]:
    stack = cards_of(cards)
    table.start_shoe(stack)
    return stack


@when("the round is dealt", target_fixture="round_record")
def round_dealt(table: TableHandle) -> m.RoundRecord:
    return table.deal()
