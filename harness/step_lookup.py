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
before the next lookup). So :func:`find_fixturedefs_for_step` asks pytest once per
(the scenario's parent node, the number of fixture names registered) for the step
definitions that parent's scenarios see (pytest-bdd's loop over every fixture name, less
the parser match), matches a step's text against those, and hands out the same
definitions for the same (step type, step text, parent, names) after that. A new
fixture name (a ``target_fixture`` seen for the first time) starts afresh. (Remembering
only the whole answer per step text left two lookups in three to pytest: the steps of
scenario outlines and of parametrized examples differ in their text, and a broken
game's fork of a proof batch starts with an empty memory.)

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


def step_definitions(scenario: Any) -> Callable[[Any, Any], tuple]:
    """The step definitions a node sees, from pytest-bdd's ``scenario`` module: a function
    ``(fixturemanager, node) -> ((fixturedef, step function context), ...)``, in the order
    pytest-bdd's own lookup meets them (fixture names in registration order, each name's
    definitions as pytest gives them)."""
    names_of, definitions_of = scenario.get_fixture_names, scenario.getfixturedefs
    registry = scenario.step_function_context_registry

    def visible(fixturemanager: Any, node: Any) -> tuple:
        return tuple((fixturedef, context)
                     for name in names_of(fixturemanager=fixturemanager)
                     for fixturedef in definitions_of(fixturemanager, name, node) or ()
                     if (context := registry.get(fixturedef.func)) is not None)

    return visible


def remembering(original: Callable[..., Iterable[Any]], check: bool = False,
                visible: Callable[[Any, Any], tuple] | None = None) -> Callable[..., tuple]:
    """``original`` (pytest-bdd's ``find_fixturedefs_for_step(step, fixturemanager, node)``)
    with its answers kept on the fixture manager (one session's), keyed as the module says.
    ``visible`` (:func:`step_definitions`): the definitions a parent's scenarios see, asked
    once per parent and matched against each new step text; without it, ``original`` is
    asked once per new step text. ``check``: ask ``original`` every time too and raise
    :class:`StepLookupDiffers` when the answers differ."""

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> tuple:
        cache = fixturemanager.__dict__.setdefault(_CACHE, {})
        names = len(getattr(fixturemanager, "_arg2node2fixturedefs", ())) + len(
            getattr(fixturemanager, "_arg2nodeid2fixturedefs", getattr(fixturemanager, "_arg2fixturedefs", ())))
        key = (step.type, step.name, node.parent, names)
        found = cache.get(key)
        how = "remembered"
        if found is None and visible is None:
            found = cache[key] = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
            how = ""  # pytest-bdd's own answer: nothing to check it against
        elif found is None:
            seen_key = (node.parent, names)
            seen = cache.get(seen_key)
            if seen is None:
                seen = cache[seen_key] = visible(fixturemanager, node)
            found = cache[key] = tuple(
                fixturedef for fixturedef, context in seen
                if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name))
            how = "matched"
        if check and how:
            fresh = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
            if fresh != found:
                raise StepLookupDiffers(f"{node.nodeid}: {step.type} {step.name!r}: {how} "
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
        scenario.find_fixturedefs_for_step = remembering(current, check=mode == "check",
                                                         visible=step_definitions(scenario))
    return True
