"""pytest-bdd's step lookup, remembered per module: the same answers, once.

To run a step, pytest-bdd 9 asks pytest, for **every** fixture name registered in the
session, which of its definitions the scenario sees, then matches each step
definition's parser against the step's text
(``pytest_bdd.scenario.find_fixturedefs_for_step``). With this suite's 250-odd fixture
names that is about 250 lookups a step and 2,100 steps a smoke run: measured, 28% of
a smoke run of ``full_table`` (4.1 s of 14.5 s, 523,000 calls of pytest's
``getfixturedefs``) and about half the time of a broken game's run in the proof batches.

The answer depends only on the step (its type and text) and on which definitions the
scenario can see: the definitions of the scenario's module, its directories and the
plugins (pytest-bdd registers a step definition where it is defined, never at a test
item; the definitions it registers at an item for the duration of one step are gone
before the next lookup). So :func:`find_fixturedefs_for_step` asks pytest-bdd's own
function once per (step type, step text, the scenario's parent node, the number of
fixture names registered) and hands out the same definitions after that. A new fixture
name (a ``target_fixture`` seen for the first time) starts afresh.

:func:`install` puts it in place of pytest-bdd's when pytest-bdd is the version it was
checked against (``tests/test_step_lookup.py`` compares both answers for every step of
every scenario of every chapter, with ``BACCARAT_STEP_LOOKUP=check``); any other
version, or ``BACCARAT_STEP_LOOKUP=off``, keeps pytest-bdd's own.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable

#: The pytest-bdd versions whose ``find_fixturedefs_for_step`` this was checked against.
CHECKED_VERSIONS = ("9.0.",)
_CACHE = "_baccarat_step_lookup"


class StepLookupDiffers(AssertionError):
    """``BACCARAT_STEP_LOOKUP=check``: the remembered answer for a step is not pytest-bdd's."""


def _name(definition: Any) -> str:
    func = getattr(definition, "func", definition)
    return getattr(func, "__qualname__", str(func))


def remembering(original: Callable[..., Iterable[Any]], check: bool = False) -> Callable[..., tuple]:
    """``original`` (pytest-bdd's ``find_fixturedefs_for_step(step, fixturemanager, node)``)
    with its answers kept on the fixture manager (one session's), keyed as the module says.
    ``check``: ask ``original`` every time too and raise :class:`StepLookupDiffers` when
    the answers differ."""

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> tuple:
        cache = fixturemanager.__dict__.setdefault(_CACHE, {})
        names = len(getattr(fixturemanager, "_arg2node2fixturedefs", ())) + len(
            getattr(fixturemanager, "_arg2nodeid2fixturedefs", getattr(fixturemanager, "_arg2fixturedefs", ())))
        key = (step.type, step.name, node.parent, names)
        found = cache.get(key)
        if found is None:
            found = cache[key] = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
        elif check:
            fresh = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
            if fresh != found:
                raise StepLookupDiffers(f"{node.nodeid}: {step.type} {step.name!r}: remembered "
                                        f"{[_name(d) for d in found]}, pytest-bdd finds {[_name(d) for d in fresh]}")
        return found

    find_fixturedefs_for_step.original = original  # type: ignore[attr-defined]
    return find_fixturedefs_for_step


def install() -> bool:
    """Put :func:`remembering` in place of pytest-bdd's step lookup; True when it did.
    Idempotent; does nothing for an unchecked pytest-bdd version or with
    ``BACCARAT_STEP_LOOKUP=off``; ``BACCARAT_STEP_LOOKUP=check`` compares every answer
    with pytest-bdd's (:class:`StepLookupDiffers`)."""
    mode = os.environ.get("BACCARAT_STEP_LOOKUP", "").lower()
    if mode in ("off", "0", "no"):
        return False
    try:
        import importlib
        from importlib.metadata import version

        scenario = importlib.import_module("pytest_bdd.scenario")  # the module (pytest_bdd.scenario is also a function)
    except ImportError:  # pragma: no cover - pytest-bdd is a dependency
        return False
    current = getattr(scenario, "find_fixturedefs_for_step", None)
    if current is None or not version("pytest-bdd").startswith(CHECKED_VERSIONS):
        return False
    if not hasattr(current, "original"):
        scenario.find_fixturedefs_for_step = remembering(current, check=mode == "check")
    return True
