"""A scenario's ``target_fixture`` values die with its teardown
(:func:`baccarat_conformance.compat.release_injected_fixtures`): pytest-bdd registers each
under the scenario's item for the whole session, so a run kept every step's answer (rounds,
sweep batches, transcripts) alive to its end: 2.9 million objects after a ``full_table``
selection of § 631a.8, .11 and .13, walked by every pass of the garbage collector."""

from __future__ import annotations

import pytest

FEATURE = """\
Feature: answers
  Scenario: one answer
    Given an answer
    Then the answer is there

  Scenario: another answer
    Given an answer
    Then the answer is there

  Scenario: a third answer
    Given an answer
    Then the answer is there
"""

STEPS = """\
import gc
import weakref

from pytest_bdd import given, scenarios, then

scenarios("answers.feature")
ALIVE = []


class Answer:
    pass


@given("an answer", target_fixture="answer")
def an_answer():
    a = Answer()
    ALIVE.append(weakref.ref(a))
    return a


@then("the answer is there")
def the_answer_is_there(answer):
    assert isinstance(answer, Answer)


def test_zz_the_answers_are_gone():
    gc.collect()
    assert len(ALIVE) == 3
    assert sum(r() is not None for r in ALIVE) in EXPECTED_ALIVE
"""


@pytest.mark.parametrize("released", [True, False], ids=["with the harness", "pytest-bdd alone"])
def test_target_fixture_values_die_with_their_scenario(pytester: pytest.Pytester, released: bool) -> None:
    pytester.makefile(".feature", answers=FEATURE)
    # released: the first scenario's answer may outlive it until its module ends (a module-scoped
    # fixture's finalizer holds the request it was first set up for), never more
    pytester.makepyfile(test_answers=STEPS.replace("EXPECTED_ALIVE", "(0, 1)" if released else "(3,)"))
    args = ["-p", "no:cacheprovider"] + ([] if released else ["-p", "no:baccarat_conformance"])
    result = pytester.runpytest_subprocess(*args)
    result.assert_outcomes(passed=4)  # without the release (pytest-bdd alone) all three live on
