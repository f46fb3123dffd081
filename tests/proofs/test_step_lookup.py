"""pytest-bdd's step lookup, remembered (harness/compat.py, install_step_lookup): the same step
definitions as pytest-bdd's own lookup, for every step a whole run executes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from baccarat_conformance import compat

from tests.proofs import few_examples
from tests.proofs.suite_runner import run_suite


def test_every_remembered_answer_is_pytest_bdds_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # check mode: every lookup answered from memory is asked of pytest-bdd again and compared
    monkeypatch.setenv("BACCARAT_STEP_LOOKUP", "check")
    # every scenario but the statistics' (their few steps are those of other scenarios; their
    # rounds are 10 s of the run), the properties on a few examples (each of their steps
    # is looked up once per scenario, whatever the examples)
    run = run_suite(tmp_path, "--profile", "full_table", "--include-expired", *few_examples.ARGS)
    assert run.returncode == 0 and not run.failed_clauses, run.output[-3000:]
    assert len([r for r in run.results if r["outcome"] == "passed"]) > 350, run.output[-3000:]
    assert "StepLookupDiffers" not in run.output


def test_check_mode_names_a_lookup_that_differs() -> None:
    answers = iter([("definition A",), ("definition B",)])
    find = compat.remembering(lambda step, fixturemanager, node: next(answers), check=True)
    step = SimpleNamespace(type="given", name="a Rules Submission")
    manager = SimpleNamespace(_arg2node2fixturedefs={}, _arg2nodeid2fixturedefs={})
    node = SimpleNamespace(parent="features/test_631a.py", nodeid="features/test_631a.py::test_x")
    assert find(step, manager, node) == ("definition A",)
    with pytest.raises(compat.StepLookupDiffers, match="a Rules Submission"):
        find(step, manager, node)


def test_a_new_fixture_name_asks_pytest_bdd_afresh() -> None:
    calls = []
    find = compat.remembering(lambda step, fixturemanager, node: calls.append(1) or ("d",))
    step = SimpleNamespace(type="then", name="the round is void")
    manager = SimpleNamespace(_arg2node2fixturedefs={"a": {}}, _arg2nodeid2fixturedefs={})
    node = SimpleNamespace(parent="m", nodeid="m::t")
    find(step, manager, node), find(step, manager, node)
    manager._arg2node2fixturedefs["round_result"] = {}  # a target_fixture seen for the first time
    find(step, manager, node)
    assert len(calls) == 2


def test_the_definitions_a_parent_sees_are_asked_once_and_matched_per_step_text() -> None:
    asked = []

    def parser(text: str) -> SimpleNamespace:
        return SimpleNamespace(is_matching=lambda name: name.startswith(text))

    seen = (("draws", SimpleNamespace(type="then", parser=parser("the Player's Hand draws"))),
            ("stands", SimpleNamespace(type="then", parser=parser("the Player's Hand stands"))),
            ("any", SimpleNamespace(type=None, parser=parser("the Player's Hand"))),
            ("given", SimpleNamespace(type="given", parser=parser("the Player's Hand draws"))))
    find = compat.remembering(lambda step, fixturemanager, node: pytest.fail("pytest-bdd asked"),
                                   visible=lambda fixturemanager, node: asked.append(node.nodeid) or seen)
    manager = SimpleNamespace(_arg2node2fixturedefs={"a": {}}, _arg2nodeid2fixturedefs={})
    node = SimpleNamespace(parent="m", nodeid="m::t[1]")
    assert find(SimpleNamespace(type="then", name="the Player's Hand draws on 5"), manager, node) == ("draws", "any")
    assert find(SimpleNamespace(type="then", name="the Player's Hand stands on 6"), manager, node) == ("stands", "any")
    assert find(SimpleNamespace(type="given", name="the Player's Hand draws"), manager, node) == ("any", "given")
    assert asked == ["m::t[1]"]  # one question for the parent, whatever the step texts
    find(SimpleNamespace(type="then", name="the Player's Hand draws"), manager, SimpleNamespace(parent="n", nodeid="n::t"))
    assert asked == ["m::t[1]", "n::t"]


def test_check_mode_names_a_match_that_differs_from_pytest_bdds() -> None:
    # the definitions the parent sees, matched here, against pytest-bdd's own answer
    seen = (("draws", SimpleNamespace(type="then", parser=SimpleNamespace(is_matching=lambda name: True))),)
    find = compat.remembering(lambda step, fixturemanager, node: ("stands",), check=True,
                                   visible=lambda fixturemanager, node: seen)
    manager = SimpleNamespace(_arg2node2fixturedefs={}, _arg2nodeid2fixturedefs={})
    node = SimpleNamespace(parent="m", nodeid="m::t")
    with pytest.raises(compat.StepLookupDiffers, match=r"matched \['draws'\], pytest-bdd finds \['stands'\]"):
        find(SimpleNamespace(type="then", name="the Player's Hand draws"), manager, node)
