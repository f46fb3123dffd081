"""One environment variable set for the length of a block (the child processes the
harness starts read it: pytest, the Allure CLI)."""

from __future__ import annotations

import contextlib
import os
from typing import Iterator

__all__ = ["variable_set"]


@contextlib.contextmanager
def variable_set(name: str, value: str) -> Iterator[None]:
    """Within the block, ``os.environ[name]`` is ``value``; after it, the variable is as it
    was before (unset, or its earlier value), however the block ends."""
    before = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before
