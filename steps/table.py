"""Steps that open a table, stack the dealing shoe and deal rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from pytest_bdd import given, parsers, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence


@dataclass
class TableHandle:
    """A table opened for one scenario: the adapter and the table's id."""

    game: GameAdapter
    table_id: str
    rules: dict

    def start_shoe(self, cards: Optional[list[str]] = None, **kw: Any) -> m.ShoeRecord:
        shoe = self.game.start_shoe(self.table_id, cards, **kw)
        evidence.attach_json("shoe record", shoe.model_dump(mode="json"))
        return shoe

    def deal(self, **kw: Any) -> m.RoundRecord:
        record = self.game.deal_round(self.table_id, **kw)
        evidence.attach_json(f"round record {record.round_id}", record.model_dump(mode="json"))
        return record


def cards_of(text: str) -> list[str]:
    """``"AC 10D QS"`` -> ``["AC", "10D", "QS"]``."""
    return text.replace(",", " ").split()


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
