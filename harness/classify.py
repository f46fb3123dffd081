"""The category of a scenario that did not pass, as the results log, the matrix and the
Allure report file it.

Failures: ``nonconformance`` (the game broke a rule: a :class:`Nonconformance`, or an
assertion of a step), ``protocol error`` / ``adapter error`` (an :class:`AdapterError`:
the game's answer was malformed, or the game could not be reached), ``harness error``
(anything else: a bug of the harness or of a feature file). Skips: ``expired``, ``not yet
effective``, ``not offered`` or ``not verified`` (the game lacks a capability the scenario
needs: a skip of :mod:`baccarat_conformance.gating`, or a
:class:`~baccarat_conformance.errors.CapabilityMissing` raised by the adapter at any
phase), from the skip message.
"""

from __future__ import annotations

from typing import Any

import re

import pytest

from baccarat_conformance.errors import AdapterError, Nonconformance

__all__ = ["failure_category", "skip_category", "missing_capabilities"]


def failure_category(excinfo: pytest.ExceptionInfo[BaseException], when: str) -> str:
    """The category of the exception ``excinfo`` raised in phase ``when`` ("setup",
    "call" or "teardown") of a scenario."""
    exc: Any = excinfo.value
    if isinstance(exc, Nonconformance) or (isinstance(exc, AssertionError) and when == "call"):
        return "nonconformance"
    if isinstance(exc, AdapterError):
        return "protocol error" if exc.category == "protocol error" else "adapter error"
    if excinfo.errisinstance(pytest.skip.Exception):
        return skip_category(str(exc))
    return "harness error"


def skip_category(message: str) -> str:
    """The category of a skipped scenario from its skip message: "expired", "not yet
    effective", "not verified" or "not offered"."""
    if message.startswith("expired"):
        return "expired"
    if message.startswith("not yet effective"):
        return "not yet effective"
    if message.startswith("not verified"):
        return "not verified"
    return "not offered"


_LACKS = re.compile(r"not verified: the game lacks capabilit(?:y|ies) ([\w.]+(?:, [\w.]+)*)")


def missing_capabilities(message: str) -> list[str]:
    """The capabilities a "not verified" skip message names
    (``not verified: the game lacks capability X (...)``); empty for any other message."""
    found = _LACKS.match(message or "")
    return found.group(1).split(", ") if found else []
