"""Steps that open a table, stack the dealing shoe and deal rounds."""

from __future__ import annotations

from pytest_bdd import given, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._support import TableHandle
from ._types import phrase


@given("a table opened under the Rules Submission", target_fixture="table")
def table_opened(game: GameAdapter, rules_submission: RulesSubmission, scenario_clauses: tuple[str, ...]) -> TableHandle:
    rules = rules_submission.as_rules()
    return TableHandle(game, game.open_table(rules), rules, clauses=scenario_clauses)


@given(phrase("the dealing shoe is stacked with {cards:Cards}"), target_fixture="stacked_cards")
def shoe_stacked(table: TableHandle, cards: list[str]) -> list[str]:
    table.start_shoe(cards)
    return cards


@when("the round is dealt", target_fixture="round_record")
def round_dealt(table: TableHandle) -> m.RoundRecord:
    return table.deal()
