"""Evidence attached to the Allure result of the running scenario.

Safe to call when Allure is not active (attachments then go nowhere).
"""

from __future__ import annotations

import json
from typing import Any

import allure


def attach_json(name: str, data: Any) -> None:
    """Attach ``data`` as pretty JSON named ``name``."""
    allure.attach(json.dumps(data, indent=2, default=str), name=name, attachment_type=allure.attachment_type.JSON)


def attach_text(name: str, text: str) -> None:
    allure.attach(text, name=name, attachment_type=allure.attachment_type.TEXT)
