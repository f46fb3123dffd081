"""No scenario ends as a harness error because of what a game answered (issue 38): a game
whose answer to an operation lacks a field the protocol requires (docs/protocol.md, the
records of protocol/models.py) gets protocol errors or verdicts (a nonconformance, blocked,
not verified, not offered, pass), never a crash of the harness.

Each required field of each operation's answer, nested records included (a round record's
hands, wagers, events, meters), is left out by :class:`tests.games.misbehaving_games.DropsField`
in turn, and scenarios that call that operation are played against it: the games of one
operation against one collected suite, each in a fork of its own (tests/proofs/proof_runner.py).
``play_shoes`` is left out: only the statistics scenarios call it, minutes a game.

So is each progressive meter the Rules Submission offers, from the ``read_meters`` answer
(:class:`tests.games.misbehaving_games.DropsMeter`): the clause requiring the meter fails, the
scenarios that need it are blocked by it (on e611af6 they crashed with ``KeyError``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Iterator

import pytest
from pydantic import BaseModel

from baccarat_conformance.protocol import models as m

from tests.games.misbehaving_games import drops_name
from tests.proofs.suite_runner import FEATURES, run_suites, select_game

#: operation -> (profile, -k expression, feature module): scenarios that call it
SCENARIOS = {
    "describe": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "open_table": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "start_shoe": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "place_wager": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "deal_round": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "read_meters": ("heavenly_9", "progressive_meter_is_seeded", "test_631c.py"),
    "no_more_bets": ("baccarat", "after_no_more_bets", "test_631a.py"),
    "change_wager": ("baccarat", "increased_after_no_more_bets", "test_631a.py"),
    "withdraw_wager": ("baccarat", "withdrawn_after_no_more_bets", "test_631a.py"),
    "player_leaves": ("tracked_vigorish", "when_the_player_leaves", "test_631a.py"),
    "run_rounds": ("baccarat", "every_combination_of_initial", "test_631a.py"),
}
#: the categories a scenario may end in: a verdict, or the game's answer refused
ALLOWED = {"nonconformance", "protocol error", "blocked", "not verified", "not offered", "expired"}


def _models(annotation: object) -> Iterator[type[BaseModel]]:
    """The record types ``annotation`` holds (through ``Optional``, ``list``, unions)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    if typing.get_origin(annotation) in (typing.Union, types.UnionType, list, tuple, typing.Annotated):
        for arg in typing.get_args(annotation):
            yield from _models(arg)


def required_paths(model: type[BaseModel], prefix: tuple[str, ...] = (), depth: int = 0) -> Iterator[tuple]:
    """The path (field names, outer first) of every field ``model`` requires, and of every
    field a record nested in it requires (two levels down)."""
    for name, info in model.model_fields.items():
        key = info.alias or name
        if info.is_required():
            yield prefix + (key,)
        if depth < 2:
            for sub in dict.fromkeys(_models(info.annotation)):
                yield from required_paths(sub, prefix + (key,), depth + 1)


CASES = [(op, path) for op in SCENARIOS for path in dict.fromkeys(required_paths(m.OPERATIONS[op][1]))]


def test_every_operation_has_required_fields_to_leave_out() -> None:
    by_op = {op for op, _ in CASES}
    assert by_op == set(SCENARIOS), set(SCENARIOS) - by_op
    assert ("deal_round", ("player", "point_count")) in CASES and ("read_meters", ("meters", "amount")) in CASES


#: the meters of the heavenly_9 profile, left out one at a time and all at once, and the
#: scenarios that read them
METERS = ("heavenly_9", "heavenly_9_mystery", "all")
METER_SCENARIOS = ("progressive_meter_is_seeded or configuration_seeds_the_meter or only_a_player_with or "
                   "suited_3card_9_tie_is_paid or past_its_hit_value")


@pytest.fixture(scope="module")
def meter_runs(tmp_path_factory: pytest.TempPathFactory) -> dict:
    selections = [dataclasses.replace(select_game(f"tests.games.misbehaving_games:drops_meter__{meter}", None,
                                                  METER_SCENARIOS, profile="heavenly_9"),
                                      paths=(str(FEATURES / "test_631c.py"),)) for meter in METERS]
    return dict(zip(METERS, run_suites(tmp_path_factory.mktemp("meters"), (), selections)))


@pytest.mark.parametrize("meter", METERS)
def test_a_meter_left_out_fails_its_clause_and_blocks_the_scenarios_needing_it(meter_runs, meter: str) -> None:
    run = meter_runs[meter]
    assert run.results, run.output[-3000:]
    assert run.returncode == 1, (run.returncode, run.output[-3000:])
    assert {r["category"] for r in run.results if r["outcome"] != "passed"} <= {"nonconformance", "blocked",
                                                                               "not offered"}, run.categories()
    own = {"heavenly_9": {"631c.2(i)"}, "heavenly_9_mystery": {"631c.6(c)(4)"},
           "all": {"631c.2(i)", "631c.6(c)(4)"}}[meter]
    assert run.failed_clauses == own, (run.failed_clauses, run.categories())
    blocked = [r for r in run.results if r["category"] == "blocked"]
    assert blocked and {r["blocked_by"] for r in blocked} <= own
    assert all("the game reports" in r["message"] for r in blocked)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """(op, path) -> its run: every case played, the cases of one profile against one
    collected suite."""
    out = {}
    for profile in dict.fromkeys(p for p, _, _ in SCENARIOS.values()):
        cases = [(op, path) for op, path in CASES if SCENARIOS[op][0] == profile]
        selections = [dataclasses.replace(select_game(f"tests.games.misbehaving_games:{drops_name(op, path)}", None,
                                                      SCENARIOS[op][1], profile=profile),
                                          paths=(str(FEATURES / SCENARIOS[op][2]),)) for op, path in cases]
        out.update(zip(cases, run_suites(tmp_path_factory.mktemp(profile), (), selections)))
    return out


@pytest.mark.parametrize("op,path", CASES, ids=[f"{op}:{'.'.join(path)}" for op, path in CASES])
def test_a_missing_field_is_a_protocol_error_or_a_verdict(runs, op: str, path: tuple) -> None:
    run = runs[(op, path)]
    assert run.results, run.output[-3000:]
    assert run.returncode in (0, 1, 4), (run.returncode, run.output[-3000:])
    bad = {r["nodeid"]: (r["category"], (r.get("message") or "")[:300]) for r in run.results
           if r["outcome"] != "passed" and r["category"] not in ALLOWED}
    assert not bad, bad
