"""Reading a JSON file another process may still be writing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

__all__ = ["read_json"]


def read_json(path: Path) -> Optional[dict]:
    """The JSON object in ``path``, or None when it is missing or not (yet) whole JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
