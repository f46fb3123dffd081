"""Evidence attached to the Allure result of the running scenario.

Safe to call when Allure is not recording (no ``--alluredir``): the attachments then go
nowhere, and the evidence is not even encoded. A run of the main job always records; a
bare ``pytest features`` run without ``--alluredir`` spent about a tenth of its time
encoding transcripts and shoes as JSON for nobody (docs/performance-history.md, the third pass).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Union

import allure
from allure_commons import plugin_manager


def recording() -> bool:
    """Whether an Allure listener takes attachments in this process (allure-pytest
    registers one when the run has ``--alluredir``)."""
    return bool(plugin_manager.hook.attach_data.get_hookimpls())


def attach_json(name: str, data: Any) -> None:
    """Attach ``data`` as pretty JSON named ``name`` (encoded only when Allure records)."""
    if recording():
        allure.attach(json.dumps(data, indent=2, default=str), name=name,
                      attachment_type=allure.attachment_type.JSON)


def attach_text(name: str, text: Union[str, Callable[[], str]]) -> None:
    """Attach ``text`` named ``name``; ``text`` may be a function returning it, called
    only when Allure records."""
    if recording():
        allure.attach(text() if callable(text) else text, name=name, attachment_type=allure.attachment_type.TEXT)
