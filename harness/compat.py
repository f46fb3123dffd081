"""Every private name of pytest, pytest-bdd, allure-pytest-bdd and hypothesis the harness
touches, in one module behind one version gate.

An upgrade of one of those libraries has this file to read and nothing else: no other
module of the package (and no test) imports a private name. Each touch point is a function
named for what it gives, says what it reaches into, and degrades to the public behaviour
(or to nothing) when the name has moved. :data:`CHECKED` is the gate: the versions each
touch point was checked against; outside them the touch points that replace a library's
own code (:func:`install_step_lookup`, :func:`install_shared_parse`) keep the library's
own, and the read-only ones still try and fall back.

The touch points, and what a lab's run gains from each:

* :func:`install_step_lookup`: pytest-bdd's ``scenario.find_fixturedefs_for_step``
  remembered per parent node and step text (the same answers, once): 17-28% of a smoke
  run of ``full_table``, about half of a broken game's run;
  ``BACCARAT_STEP_LOOKUP=check`` compares every answer with pytest-bdd's, ``=off`` keeps
  pytest-bdd's own.
* :func:`install_shared_parse`: pytest-bdd's ``gherkin_parser.Parser`` handed the
  corpus's remembered parse of a feature file (the matrix's scan parses the same files):
  0.25 s of CPU a run.
* :func:`scenario_template`: pytest-bdd's ``scenario.scenario_wrapper_template_registry``
  (the scenario of a test function: its feature file, line and steps).
* :func:`step_function_context`: pytest-bdd's ``steps.step_function_context_registry``
  (the parser and type of a step definition), for ``clauses --explain``.
* :func:`junit_xml`: pytest's ``_pytest.junitxml.xml_key`` (the controller's JUnit
  writer, for the run's ``<properties>``; pytest issue #7767).
* :func:`allure_step_uuid`: allure-pytest-bdd's ``steps.get_step_uuid`` (a step's
  result in Allure's lifecycle, to give it typed parameters).
* :func:`mark_expression_matcher`: pytest's ``-m`` / ``-k`` expression evaluator
  (``_pytest.mark.expression.Expression``, ``MarkMatcher``, ``KeywordMatcher``): which
  collected items a selection keeps, without a second collection.
* :func:`warm_hypothesis_constants`: hypothesis' ``internal.conjecture.providers.
  _get_local_constants`` gathered once before a process forks.
* :func:`release_injected_fixtures`: pytest's ``FixtureManager._arg2node2fixturedefs`` /
  ``_arg2nodeid2fixturedefs``, where pytest-bdd's ``inject_fixture`` registers each
  ``target_fixture`` value of a scenario under its item and never removes it: every step's
  answer (rounds, sweep batches, transcripts) stayed alive to the end of the session. Dropped
  at the item's teardown: § 631a.8, .11 and .13 under ``full_table`` at smoke depth took
  22.5 s of CPU instead of 31.2 s and ended 2.6 million objects lighter (the collector's
  passes over that heap, 4.4 s of them in pytest's two collections at exit alone).
"""

from __future__ import annotations

import functools
import os
from importlib import metadata
from typing import Any, Callable, Iterable, Optional

#: The versions the touch points were checked against (prefixes of ``importlib.metadata.version``).
CHECKED = {
    "pytest": ("8.", "9."),
    "pytest-bdd": ("9.0.",),
    "allure-pytest-bdd": ("2.",),
    "hypothesis": ("6.",),
}


@functools.lru_cache(maxsize=None)
def checked(distribution: str) -> bool:
    """Whether the installed ``distribution`` is a version of :data:`CHECKED`; False when it
    is not installed. Read once a process (``importlib.metadata`` takes about half a
    millisecond, and :func:`release_injected_fixtures` asks at every scenario's teardown)."""
    try:
        return metadata.version(distribution).startswith(CHECKED[distribution])
    except metadata.PackageNotFoundError:  # pragma: no cover - all four are dependencies
        return False


# ---------------------------------------------------------------- read-only touch points
def scenario_template(function: Any) -> Optional[Any]:
    """pytest-bdd's scenario template of a test ``function`` (its ``name``, ``description``,
    ``feature``, ``line_number``, ``steps``), or None when it is no pytest-bdd scenario."""
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry as templates
    except ImportError:  # pragma: no cover - another pytest-bdd layout
        return None
    return templates.get(function)


def step_function_context(function: Any) -> Optional[Any]:
    """pytest-bdd's ``StepFunctionContext`` (``parser``, ``type``, ``target_fixture``) of a step
    definition's wrapped ``function``, or None."""
    try:
        from pytest_bdd.steps import step_function_context_registry
    except ImportError:  # pragma: no cover - another pytest-bdd layout
        return None
    return step_function_context_registry.get(function)


def step_function_contexts() -> list[Any]:
    """Every ``StepFunctionContext`` pytest-bdd has registered in this process."""
    try:
        from pytest_bdd.steps import step_function_context_registry
    except ImportError:  # pragma: no cover - another pytest-bdd layout
        return []
    return list(step_function_context_registry.values())


def junit_xml(config: Any) -> Optional[Any]:
    """The controller's JUnit XML writer (``LogXML``) of a pytest ``config``, or None (no
    ``--junitxml``, or pytest moved its private ``xml_key``)."""
    try:
        from _pytest.junitxml import xml_key
    except ImportError:  # pragma: no cover - pytest internals moved
        return None
    return config.stash.get(xml_key, None)


def allure_step_uuid(step: Any) -> Optional[str]:
    """allure-pytest-bdd's uuid of a pytest-bdd ``step`` in its lifecycle, or None."""
    try:
        from allure_pytest_bdd.steps import get_step_uuid
    except ImportError:  # pragma: no cover - another allure-pytest-bdd layout
        return None
    return get_step_uuid(step)


def mark_expression_matcher(marks: str = "", keyword: str = "") -> Callable[[Any], bool]:
    """A predicate over collected pytest items: True when an item is kept by ``-m marks`` and
    ``-k keyword`` (pytest's own evaluator; an empty expression keeps everything). Raises
    pytest's ``UsageError`` family for an expression pytest would refuse."""
    from _pytest.mark import KeywordMatcher, MarkMatcher
    from _pytest.mark.expression import Expression

    by_mark = Expression.compile(marks) if marks else None
    by_word = Expression.compile(keyword) if keyword else None

    def keeps(item: Any) -> bool:
        return ((by_mark is None or by_mark.evaluate(MarkMatcher.from_markers(item.iter_markers())))
                and (by_word is None or by_word.evaluate(KeywordMatcher.from_item(item))))

    return keeps


def warm_hypothesis_constants() -> bool:
    """Gather hypothesis' constants of the local modules now (it otherwise parses every
    project module at the first example of each process); True when it did."""
    try:
        from hypothesis.internal.conjecture.providers import _get_local_constants
    except ImportError:
        return False
    try:
        _get_local_constants()
    except Exception:  # noqa: BLE001 - an optimisation only
        return False
    return True


# ---------------------------------------------------------------- pytest-bdd's step lookup


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


def install_step_lookup() -> bool:
    """Put :func:`remembering` in place of pytest-bdd's step lookup; True when it did.
    Idempotent; does nothing for an unchecked pytest-bdd version or with
    ``BACCARAT_STEP_LOOKUP=off``; ``BACCARAT_STEP_LOOKUP=check`` compares every answer
    with pytest-bdd's (:class:`StepLookupDiffers`)."""
    mode = os.environ.get("BACCARAT_STEP_LOOKUP", "").lower()
    if mode in ("off", "0", "no"):
        return False
    try:
        import importlib

        scenario = importlib.import_module("pytest_bdd.scenario")  # the module (pytest_bdd.scenario is also a function)
    except ImportError:  # pragma: no cover - pytest-bdd is a dependency
        return False
    current = getattr(scenario, "find_fixturedefs_for_step", None)
    if current is None or not checked("pytest-bdd"):
        return False
    if not hasattr(current, "original"):
        scenario.find_fixturedefs_for_step = remembering(current, check=mode == "check",
                                                         visible=step_definitions(scenario))
    return True


# ---------------------------------------------------------------- pytest-bdd's feature parse


def install_shared_parse() -> bool:
    """Let pytest-bdd parse feature texts through the corpus's remembered parse; True when
    it does. Idempotent; anything but a text (a token scanner, a token matcher) goes to
    the Gherkin parser as before."""
    try:
        from pytest_bdd import gherkin_parser
    except ImportError:  # pragma: no cover - pytest-bdd is a dependency
        return False
    if not checked("pytest-bdd"):
        return False
    if getattr(gherkin_parser.Parser, "shared_with_the_corpus", False):
        return True
    from baccarat_conformance.corpus.features import _gherkin

    parser = gherkin_parser.Parser

    class SharedParser:
        """The Gherkin parser, its documents of texts remembered (read only)."""

        shared_with_the_corpus = True

        def parse(self, token_scanner_or_str: Any, token_matcher: Any = None) -> Any:
            if isinstance(token_scanner_or_str, str) and token_matcher is None:
                return _gherkin(token_scanner_or_str)
            return parser().parse(token_scanner_or_str, token_matcher)

    gherkin_parser.Parser = SharedParser
    return True


def release_injected_fixtures(item: Any) -> int:
    """Drop the fixture definitions registered under the test ``item`` itself (pytest-bdd's
    ``target_fixture`` values, registered by ``inject_fixture`` with ``node=item`` on pytest
    9.1+ or ``nodeid=item.nodeid`` before), once its teardown has run: nothing asks for them
    again, and they would keep every step's answer alive for the session. Returns how many
    were dropped; 0 when pytest's registry has moved (the values then live on, as before)."""
    if not checked("pytest"):
        return 0
    manager = getattr(getattr(item, "session", None), "_fixturemanager", None)
    dropped = 0
    for registry, key in ((getattr(manager, "_arg2node2fixturedefs", None), item),
                          (getattr(manager, "_arg2nodeid2fixturedefs", None), getattr(item, "nodeid", None))):
        if not isinstance(registry, dict):
            continue
        for by_node in registry.values():
            if isinstance(by_node, dict) and key in by_node:
                dropped += len(by_node.pop(key))
    return dropped
