"""Validation models of the options of each optional wager in a Rules Submission
profile (``[wagers.NAME]`` tables).

Every module here defines ``MODELS: dict[str, type[pydantic.BaseModel]]`` mapping a
wager type to the model of its options; all modules are discovered on import, so a
new wager family is a new file and nothing else. A wager with no model accepts only
``paytable``.

A module may also define ``CHECKS``: functions ``check(fields, wagers) -> list[str]``
run after the wagers validate, with the profile's fields validated before
``wagers`` (``variant``, ``fully_automated_table``...) and the ``[wagers.NAME]``
tables; each returns one sentence per problem (e.g. a wager the filed variant
does not allow)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable

from pydantic import BaseModel

MODELS: dict[str, type[BaseModel]] = {}
CHECKS: list[Callable[[dict[str, Any], dict[str, Any]], list[str]]] = []
for _m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _m.name.startswith("_"):
        _module = importlib.import_module(f"{__name__}.{_m.name}")
        MODELS.update(getattr(_module, "MODELS", {}))
        CHECKS.extend(getattr(_module, "CHECKS", ()))
