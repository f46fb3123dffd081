"""What a scenario judged: the judgement ledger (no vacuous checks).

A scenario passes only if its Then steps judged something. Every judging step counts
what it judged in the ledger of the running scenario:

* the central check helpers count one each (a wager's settlement checked,
  ``steps/_results.py``; a hand's cards compared, ``steps/hands.py``);
* a step that judges a collection counts its members and is marked
  :func:`counts_judgements` (the settlement sweeps count the settlements they
  compared, the exhaustive sweep its rounds, a property run the rounds of its examples,
  the meter checks the rounds whose meters they read): it judged nothing when the
  collection was empty;
* any other Then step that returns judged one thing (the one round record, shoe record
  or answer it read).

At the end of a scenario whose steps all ran (:func:`verdict_of`): a scenario that
judged nothing is reported "not offered" when the Rules Submission offers none of the
wagers it is about (:func:`about`: the wagers a judging step said it was about), and is
a harness error ("judged nothing") otherwise — never a pass. ``corpus/lint.py`` rejects a
scenario with no Then step at all.

The ledger is a context variable, set for the running scenario by the plugin
(``pytest_bdd_before_scenario``), so a helper counts without a fixture.
"""

from __future__ import annotations

import contextvars
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, TypeVar

from baccarat_conformance.judging.errors import HarnessError

__all__ = ["Ledger", "JudgedNothing", "judged", "about", "counts_judgements", "counts_itself", "begin", "end",
           "current", "verdict_of"]

F = TypeVar("F", bound=Callable[..., Any])
_MARK = "__baccarat_counts_judgements__"
_CURRENT: contextvars.ContextVar[Optional["Ledger"]] = contextvars.ContextVar("baccarat_judgements", default=None)


class JudgedNothing(HarnessError):
    """A scenario whose steps all passed but whose Then steps judged nothing (a harness
    error: the scenario or its steps are wrong, and no verdict can rest on it)."""


@dataclass
class Ledger:
    """The judgements of one scenario: ``counts`` (what -> how many), ``about`` (the
    wagers and options its judging steps were about), the Then steps that ran."""

    counts: Counter = field(default_factory=Counter)
    about: set = field(default_factory=set)
    then_steps: int = 0
    steps_done: int = 0
    _before_step: int = 0

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def judged(self, n: int = 1, what: str = "checks") -> None:
        if n:
            self.counts[what] += n

    def summary(self) -> dict[str, int]:
        """``{"wagers settled": 3, "cards compared": 6}`` (what -> count, sorted)."""
        return dict(sorted(self.counts.items()))

    def step_started(self) -> None:
        self._before_step = self.total

    def step_passed(self, kind: str, step_func: Any) -> None:
        """A step returned: a Then step that counted nothing and does not count itself
        judged one thing."""
        self.steps_done += 1
        if kind != "then":
            return
        self.then_steps += 1
        if self.total == self._before_step and not counts_itself(step_func):
            self.judged(1, "checks")


def current() -> Optional[Ledger]:
    """The ledger of the running scenario (None outside a scenario)."""
    return _CURRENT.get()


def begin() -> Ledger:
    """Start the ledger of a scenario."""
    ledger = Ledger()
    _CURRENT.set(ledger)
    return ledger


def end() -> None:
    _CURRENT.set(None)


def judged(n: int = 1, what: str = "checks") -> None:
    """Count ``n`` judgements of kind ``what`` ("wagers settled", "rounds checked",
    "cards compared", ...) in the running scenario's ledger (none outside a scenario)."""
    ledger = _CURRENT.get()
    if ledger is not None:
        ledger.judged(n, what)


def about(*wagers: str) -> None:
    """Say which wagers (protocol wager types, or option names) the running step judges:
    a scenario that judged nothing is "not offered" when none of them is offered."""
    ledger = _CURRENT.get()
    if ledger is not None:
        ledger.about.update(wagers)


def counts_judgements(func: F) -> F:
    """Mark a Then step that counts its own judgements (it judged nothing when it
    counted none); any other Then step that returns judged one thing."""
    setattr(func, _MARK, True)
    return func


def counts_itself(func: Any) -> bool:
    return bool(getattr(func, _MARK, False))


def verdict_of(ledger: Ledger, offers: Callable[[str], bool]) -> Optional[str]:
    """What a scenario whose steps all passed comes to, from its ledger: None when it
    judged something; else ``"not offered: ..."`` when the Rules Submission offers
    (``offers(name)``) none of the wagers its judging steps said they were about
    (:func:`about`; a scenario's ``@option`` tags were checked before its first step);
    else raises :class:`JudgedNothing`."""
    if ledger.total:
        return None
    subjects = sorted(ledger.about)
    if subjects and not any(offers(s) for s in subjects):
        return (f"not offered: the Rules Submission offers none of {', '.join(subjects)}, so the scenario "
                "judged nothing")
    raise JudgedNothing(
        f"the scenario judged nothing: {ledger.then_steps} Then step(s) ran and checked no wager, round, "
        f"hand or card" + (f" (it is about {', '.join(subjects)}, which the Rules Submission offers)"
                           if subjects else ""))
