"""The category of a failure: an exception group (hypothesis' FlakyFailure, or a group
holding groups) is filed by the exceptions it holds."""

from __future__ import annotations

import pytest
from hypothesis.errors import FlakyFailure

from baccarat_conformance.classify import exception_leaves, failure_category
from baccarat_conformance.errors import GameCrash, GameTimeout, Nonconformance, ProtocolViolation


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
