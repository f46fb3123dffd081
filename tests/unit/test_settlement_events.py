"""A round's events and its record agree (issue 34, item 13): every settlement the record
reports has the event that moved its chips, and every such event a settlement. The records
are the reference game's, then edited as a broken game would answer."""

from __future__ import annotations

import copy

import pytest

from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.steps._results import settlement_event_problem


def _round(cards: list[str], wagers: list[tuple[int, str, str]]) -> dict:
    game = create_game()
    t = game.handle("open_table", {"rules": {"decks": 8}})["table_id"]
    game.handle("start_shoe", {"table_id": t, "cards": cards})
    for seat, wager_type, amount in wagers:
        assert game.handle("place_wager", {"table_id": t, "seat": seat, "wager_type": wager_type,
                                           "amount": amount})["accepted"]
    return game.handle("deal_round", {"table_id": t})


def _problems(raw: dict) -> list:
    record = m.RoundRecord.model_validate(raw)
    return [settlement_event_problem(record, r) for r in record.wagers]


COMPLETE = (["9C", "2D", "KH", "3S"], [(1, "player", "10.00"), (2, "banker", "20.00"), (3, "tie", "5.00")])
VOID = (["9C", "2D"], [(1, "player", "10.00"), (2, "banker", "25.00")])


def test_the_reference_games_rounds_agree_with_their_events() -> None:
    for cards, wagers in (COMPLETE, VOID):
        assert _problems(_round(cards, wagers)) == [None] * len(wagers)


def test_a_void_round_without_its_return_events_disagrees() -> None:
    raw = _round(*VOID)
    assert raw["status"] == "void" and {w["result"] for w in raw["wagers"]} == {"void"}
    raw["events"] = [e for e in raw["events"] if e["type"] != "return"]
    required, observed = _problems(raw)[0]  # type: ignore[misc]
    assert "is returned once in its events (a return event of $10.00)" in required
    assert observed.startswith("no push or return event for wager")


@pytest.mark.parametrize("edit, said", [
    (lambda ev: ev.__setitem__("amount", "9.00"), "pay $9.00"),         # paid on the record, not in the chips
    (lambda ev: ev.__setitem__("type", "push"), "push $10.00"),        # a win pushed
])
def test_a_settlement_whose_event_says_otherwise_disagrees(edit, said) -> None:
    raw = _round(*COMPLETE)
    pay = next(e for e in raw["events"] if e["type"] == "pay")
    edit(pay)
    problems = [p for p in _problems(raw) if p is not None]
    assert len(problems) == 1 and said in problems[0][1]


def test_an_event_without_its_settlement_disagrees() -> None:
    raw = _round(*COMPLETE)
    stray = copy.deepcopy(next(e for e in raw["events"] if e["type"] == "collect"))
    stray["wager_id"] = "W-nobody-placed"
    raw["events"].append(stray)
    problems = [p for p in _problems(raw) if p is not None]
    assert problems and "which the record does not settle" in problems[0][1]
