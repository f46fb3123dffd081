"""Validation models of the options of each optional wager in a Rules Submission
profile (``[wagers.NAME]`` tables).

Every module here defines ``MODELS: dict[str, type[pydantic.BaseModel]]`` mapping a
wager type to the model of its options; all modules are discovered on import, so a
new wager family is a new file and nothing else. A wager with no model accepts only
``paytable``."""

from __future__ import annotations

import importlib
import pkgutil

from pydantic import BaseModel

MODELS: dict[str, type[BaseModel]] = {}
for _m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _m.name.startswith("_"):
        MODELS.update(getattr(importlib.import_module(f"{__name__}.{_m.name}"), "MODELS", {}))
