"""The category of a scenario that did not pass, as the results log, the matrix and the
Allure report file it.

Failures: ``nonconformance`` (the game broke a rule: a :class:`Nonconformance`, or an
assertion of a step), ``protocol error`` / ``adapter error`` (an :class:`AdapterError`:
the game's answer was malformed, or the game could not be reached), ``harness error``
(anything else: a bug of the harness or of a feature file). Skips: ``expired``, ``not yet
effective`` or ``not offered``, from the skip message (:mod:`baccarat_conformance.gating`).
"""

from __future__ import annotations

from typing import Any

import pytest

from baccarat_conformance.errors import AdapterError, Nonconformance

__all__ = ["failure_category", "skip_category"]


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
    effective" or "not offered"."""
    if message.startswith("expired"):
        return "expired"
    if message.startswith("not yet effective"):
        return "not yet effective"
    return "not offered"
