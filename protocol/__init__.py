"""The vendor-neutral game-under-test protocol (version 1): typed records and the
operation table. docs/protocol.md is the reference a vendor implements from;
``python -m baccarat_conformance.protocol`` prints the JSON Schema of every message."""

from __future__ import annotations

from .models import *  # noqa: F401,F403
from .models import OPERATIONS, PROTOCOL_VERSION


def json_schema() -> dict:
    """Return one JSON Schema (draft 2020-12) document describing every operation's
    params and result, keyed ``operations.<name>.params`` / ``.result``, and the error
    object a game answers instead of a result (``error``: ``{"error": ProtocolError}``),
    with shared definitions under ``$defs``."""
    from pydantic.json_schema import models_json_schema

    from .models import ProtocolError

    models = [(ProtocolError, "validation")]
    for params, result in OPERATIONS.values():
        if params is not None:
            models.append((params, "validation"))
        models.append((result, "validation"))
    keys, schema = models_json_schema(models, ref_template="#/$defs/{model}")
    ops = {}
    for name, (params, result) in OPERATIONS.items():
        ops[name] = {
            "params": keys[(params, "validation")] if params is not None else {"type": "object"},
            "result": keys[(result, "validation")],
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Baccarat game-under-test protocol {PROTOCOL_VERSION}",
        "protocol_version": PROTOCOL_VERSION,
        "operations": ops,
        "error": {"type": "object", "properties": {"error": keys[(ProtocolError, "validation")]},
                  "required": ["error"], "additionalProperties": False},
        "$defs": schema.get("$defs", {}),
    }
