"""The typed step parameters (steps/_types.py) and the layout of the step package:
step modules share helper modules and never reach into each other."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest

import baccarat_conformance.steps as steps
from baccarat_conformance.steps import STEP_MODULES
from baccarat_conformance.steps._types import EXTRA_TYPES, phrase
from baccarat_conformance.steps._wager_targets import Target

STEPS_DIR = Path(steps.__file__).parent


@pytest.mark.parametrize("text,args", [
    ("seat 3 wagers $1,000.00 on Dragon Bonus on the Player's Hand",
     {"seat": 3, "amount": Decimal("1000.00"), "target": Target("dragon_bonus", "player")}),
    ('seat 1 wagers $5.00 on Rising Phoenix Bonus "Player pair (initial two cards)"',
     {"seat": 1, "amount": Decimal("5.00"), "target": Target("rising_phoenix_bonus", None, "player_pair")}),
    ("seat 2 wagers $0.625 on a Tie", {"seat": 2, "amount": Decimal("0.625"), "target": Target("tie")}),
])
def test_money_and_wager_phrases_convert(text, args):
    assert phrase("seat {seat:d} wagers {amount:Money} on {target:Wager}").parse_arguments(text) == args


def test_a_wager_keeps_its_phrase_but_compares_without_it():
    target = phrase("on {target:Wager}").parse_arguments("on the Banker's Hand")["target"]
    assert target.phrase == "the Banker's Hand" and target == Target("banker")
    assert hash(target) == hash(Target("banker"))


@pytest.mark.parametrize("text", [
    "seat 3 wagers 10.00 on the Banker's Hand",                 # money without its dollar sign
    "seat 3 wagers $10.00 on the Bankers Hand",                  # no such wager
    'seat 3 wagers $10.00 on Rising Phoenix Bonus "Sun 8"',      # no such option of the wager
])
def test_phrases_of_the_wrong_shape_do_not_match(text):
    assert not phrase("seat {seat:d} wagers {amount:Money} on {target:Wager}").is_matching(text)


def test_cards_hands_point_counts_and_seats_convert():
    p = phrase("the {hand:Hand} is {cards:Cards} with a Point Count of {count:PointCount}")
    assert p.parse_arguments("the Banker's Hand is 10D 2C, 5H with a Point Count of 7") == {
        "hand": "banker", "cards": ["10D", "2C", "5H"], "count": 7}
    assert not p.is_matching("the Banker's Hand is 10D 2C 5H with a Point Count of 17")
    assert not p.is_matching("the Banker's Hand is 1D 2C with a Point Count of 3")
    assert phrase("order {order:Hands}").parse_arguments("order Player's Hand, Banker's Hand then Player's Hand") == {
        "order": ["player", "banker", "player"]}
    assert phrase("seats {seats:Seats} in that order").parse_arguments("seats 1, 3 and 5 in that order") == {
        "seats": [1, 3, 5]}
    assert phrase("{card:Card} burns").parse_arguments("QS burns") == {"card": "QS"}


def test_every_type_carries_its_pattern():
    for name, converter in EXTRA_TYPES.items():
        assert isinstance(getattr(converter, "pattern", None), str), name


def _relative_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name == "importlib"}
        if isinstance(node, ast.ImportFrom) and node.module == "importlib":
            found.add("importlib")
    return found


@pytest.mark.parametrize("path", sorted(STEPS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_step_modules_import_only_helper_modules(path):
    """Every module of the step package (step modules and helpers alike) imports only
    the helper modules of the package (named "_*"), never a step module, and never
    looks one up at run time (importlib)."""
    imported = _relative_imports(path)
    assert "importlib" not in imported, path.name
    assert all(name.startswith("_") for name in imported), f"{path.name} imports {sorted(imported)}"


def test_helper_modules_are_not_step_modules():
    assert STEP_MODULES and not any(m.rsplit(".", 1)[1].startswith("_") for m in STEP_MODULES)


def registered_steps() -> dict[tuple[str, str], list[str]]:
    """(step type, phrase) -> every step function registered for it, ``module:function``,
    over every step module of the package (pytest-bdd's own registry of step contexts)."""
    import importlib

    from baccarat_conformance.compat import step_function_contexts

    for name in STEP_MODULES:
        importlib.import_module(name)
    found: dict[tuple[str, str], list[str]] = {}
    for context in step_function_contexts():
        func = context.step_func
        if func.__module__.startswith(steps.__name__ + "."):
            key = (context.type or "*", context.parser.name)
            found.setdefault(key, []).append(f"{func.__module__}:{func.__qualname__}")
    return found


def test_each_step_phrase_is_defined_once():
    """pytest-bdd accepts a phrase defined twice without a word and one definition silently
    wins for every scenario: each (type, phrase) has exactly one step function."""
    found = registered_steps()
    assert len(found) > 150, "the step registry was not read"
    twice = {f"{kind} {text!r}": where for (kind, text), where in found.items() if len(set(where)) > 1}
    assert not twice, twice
