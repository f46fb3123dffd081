"""The category of a failure: an exception group (hypothesis' FlakyFailure, or a group
holding groups) is filed by the exceptions it holds."""

from __future__ import annotations

import pytest
from hypothesis.errors import FlakyFailure

from baccarat_conformance.judging.classify import exception_leaves, failure_category
from baccarat_conformance.judging.errors import GameCrash, GameTimeout, Nonconformance, ProtocolViolation


def category(exc: BaseException, when: str = "call") -> str:
    try:
        raise exc
    except BaseException:
        return failure_category(pytest.ExceptionInfo.from_current(), when)


def broken_rule() -> Nonconformance:
    return Nonconformance("631a.11(b)(1)", "Player's Hand draws", "stood")


@pytest.mark.parametrize("exc,expected", [
    (FlakyFailure("flaky", [GameTimeout("deal_round: no answer")]), "adapter error"),
    (FlakyFailure("flaky", [ProtocolViolation("deal_round: not JSON")]), "protocol error"),
    (FlakyFailure("flaky", [broken_rule()]), "nonconformance"),
    (ExceptionGroup("two", [broken_rule(), AssertionError("total")]), "nonconformance"),
    (ExceptionGroup("mixed", [broken_rule(), GameCrash("deal_round: raised")]), "adapter error"),
    (ExceptionGroup("outer", [ExceptionGroup("inner", [broken_rule(), ProtocolViolation("x")])]), "protocol error"),
    (ExceptionGroup("bug", [broken_rule(), KeyError("seat")]), "harness error"),
    (ExceptionGroup("bug", [TypeError("x")]), "harness error"),
    (GameTimeout("plain"), "adapter error"),
    (broken_rule(), "nonconformance"),
])
def test_category_of_an_exception_group(exc: BaseException, expected: str) -> None:
    assert category(exc) == expected


def test_an_assertion_outside_the_call_is_still_a_harness_error_inside_a_group() -> None:
    assert category(ExceptionGroup("setup", [AssertionError("fixture")]), when="setup") == "harness error"


def test_exception_leaves_unwraps_nested_groups_in_order() -> None:
    a, b, c = ValueError("a"), GameCrash("b"), broken_rule()
    assert exception_leaves(BaseExceptionGroup("g", [a, ExceptionGroup("h", [b, c])])) == [a, b, c]
    assert exception_leaves(a) == [a]


def test_a_blocked_scenario_is_its_own_category_and_names_the_rule_the_game_broke() -> None:
    from baccarat_conformance.judging.classify import blocked_by, skip_category
    from baccarat_conformance.judging.errors import Blocked

    exc = Blocked("631a.11(c)(1)", "the Banker's Hand is dealt a third card", "it stayed", ["6C", "3D"])
    assert not isinstance(exc, (Nonconformance, Exception))  # a skip: no step's "except Exception" swallows it
    assert category(exc) == "blocked"
    assert str(exc).startswith("blocked: the game broke § 631a.11(c)(1): the Banker's Hand is dealt a third card")
    assert skip_category(str(exc)) == "blocked" and blocked_by(str(exc)) == "631a.11(c)(1)"
    assert blocked_by("not offered: x") is None
    import pickle
    again = pickle.loads(pickle.dumps(exc))
    assert str(again) == str(exc) and again.clause == "631a.11(c)(1)"


def test_a_skip_whose_reason_the_harness_did_not_write_is_not_verified_never_not_offered():
    from baccarat_conformance.judging.classify import skip_category

    assert skip_category("not offered: the Rules Submission does not offer dragon_7") == "not offered"
    assert skip_category("Skipped: hypothesis could not generate an example") == "not verified"
    assert skip_category("") == "not verified"
