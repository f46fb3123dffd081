"""The category of a scenario that did not pass, as the results log, the matrix and the
Allure report file it.

Failures: ``nonconformance`` (the game broke a rule: a :class:`Nonconformance`, or an
assertion of a step), ``protocol error`` / ``adapter error`` (an :class:`AdapterError`:
the game's answer was malformed, or the game could not be reached), ``harness error``
(anything else: a bug of the harness or of a feature file). Skips: ``expired``, ``not yet
effective``, ``not offered`` or ``not verified`` (the game lacks a capability the scenario
needs: a skip of :mod:`baccarat_conformance.run.gating`, or a
:class:`~baccarat_conformance.judging.errors.CapabilityMissing` raised by the adapter at any
phase), from the skip message; and ``blocked`` (a
:class:`~baccarat_conformance.judging.errors.Blocked`: the game broke a rule the scenario relies
on, so it could not judge its own clause). An exception group (hypothesis'
``FlakyFailure``) is filed by the exceptions it holds.
"""

from __future__ import annotations

import re
from typing import Any, Optional

import pytest

from baccarat_conformance.judging.errors import AdapterError, Nonconformance

try:
    _GROUP: Any = BaseExceptionGroup
except NameError:  # pragma: no cover - Python 3.10: the backport pytest and hypothesis depend on
    from exceptiongroup import BaseExceptionGroup as _GROUP

__all__ = ["failure_category", "skip_category", "missing_capabilities", "blocked_by", "exception_leaves",
           "group_category", "failed_clause", "failure_line"]


def failure_category(excinfo: pytest.ExceptionInfo[BaseException], when: str) -> str:
    """The category of the exception ``excinfo`` raised in phase ``when`` ("setup",
    "call" or "teardown") of a scenario."""
    exc: Any = excinfo.value
    leaves = exception_leaves(exc)
    if leaves != [exc]:  # an exception group (hypothesis' FlakyFailure...): the category of what it holds
        return group_category([failure_category(pytest.ExceptionInfo.from_exc_info((type(e), e, e.__traceback__)),
                                                 when) for e in leaves])  # type: ignore[arg-type]
    if isinstance(exc, Nonconformance) or (isinstance(exc, AssertionError) and when == "call"):
        return "nonconformance"
    if isinstance(exc, AdapterError):
        return "protocol error" if exc.category == "protocol error" else "adapter error"
    if excinfo.errisinstance(pytest.skip.Exception):
        return skip_category(str(exc))
    return "harness error"


def exception_leaves(exc: BaseException) -> list[BaseException]:
    """The exceptions an exception group holds, its nested groups unwrapped (hypothesis
    raises ``FlakyFailure``, an ``ExceptionGroup``, when a failure does not happen again
    on replay, e.g. an intermittent adapter error); ``[exc]`` for any other exception."""
    if not isinstance(exc, _GROUP):
        return [exc]
    return [leaf for inner in exc.exceptions for leaf in exception_leaves(inner)] or [exc]


def group_category(categories: list[str]) -> str:
    """The category of an exception group from those of its leaves: the first protocol
    or adapter error (the conversation with the game broke, so no finding of that
    scenario is trusted), else the category they all share, else a harness error."""
    for category in categories:
        if category in ("protocol error", "adapter error"):
            return category
    if categories and all(c == categories[0] for c in categories):
        return categories[0]
    return "harness error"


def skip_category(message: str) -> str:
    """The category of a skipped scenario from its skip message: "expired", "not yet
    effective", "blocked", "not offered" (the message says so), else "not verified"."""
    if message.startswith("blocked"):
        return "blocked"
    if message.startswith("expired"):
        return "expired"
    if message.startswith("not yet effective"):
        return "not yet effective"
    if message.startswith("not offered"):
        return "not offered"
    # "not verified", and any skip whose reason the harness did not write (a plugin's, a
    # hypothesis health check's...): nothing was judged, and nothing says the option is
    # not offered, so the clause is not verified (never a pass, never "not offered")
    return "not verified"


def failed_clause(exc: BaseException) -> str | None:
    """The clause a failure names: the ``clause`` of the :class:`Nonconformance` (the
    first one an exception group holds); None for any other failure."""
    for leaf in exception_leaves(exc):
        if isinstance(leaf, Nonconformance):
            return leaf.clause
    return None


def failure_line(exc: BaseException, limit: int = 2000) -> str:
    """A failure in one line, for the results log and the clause matrix (the traceback
    stays in pytest's log): a :class:`Nonconformance`'s
    :meth:`~baccarat_conformance.judging.errors.Nonconformance.one_line` (clause, required, what
    the game did, the cards); for anything else its type and text, lines joined by "; "
    (an adapter error's text starts with its category), at most ``limit`` characters."""
    leaves = exception_leaves(exc)
    conform = next((e for e in leaves if isinstance(e, Nonconformance)), None)
    if conform is not None:
        line = conform.one_line()
    else:
        first = leaves[0]
        text = "; ".join(part.strip() for part in str(first).splitlines() if part.strip())
        name = type(first).__name__
        line = text if isinstance(first, AdapterError) else f"{name}: {text}" if text else name
    return line if len(line) <= limit else line[:limit - 1] + "…"
_LACKS = re.compile(r"not verified: the game lacks capabilit(?:y|ies) ([\w.]+(?:, [\w.]+)*)")


def missing_capabilities(message: str) -> list[str]:
    """The capabilities a "not verified" skip message names
    (``not verified: the game lacks capability X (...)``); empty for any other message."""
    found = _LACKS.match(message or "")
    return found.group(1).split(", ") if found else []


_BROKE = re.compile(r"blocked: the game broke § (.+?): ")


def blocked_by(message: str) -> Optional[str]:
    """The clause a "blocked" message names (``blocked: the game broke § 631a.11(c)(1): ...``),
    or None for any other message."""
    found = _BROKE.match(message or "")
    return found.group(1) if found else None
