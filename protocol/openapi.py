"""The game-under-test protocol over HTTP/JSON, as an OpenAPI 3.1 document.

Generated from the same pydantic models and :data:`~baccarat_conformance.protocol.models.OPERATIONS`
table that the adapters validate against, so the library protocol and the HTTP
API cannot drift apart. The generated document is committed as
``protocol/openapi.json`` (package data; a test checks that it is current)::

    python -m baccarat_conformance.protocol.openapi            # print it
    python -m baccarat_conformance.protocol.openapi --write    # regenerate protocol/openapi.json
    python -m baccarat_conformance.protocol.openapi --check    # exit 1 if the committed file is stale

Endpoint shape (docs/http.md): every operation is ``POST /v1/<operation>`` with
the params object as the JSON body (``{}`` for ``describe``). A result comes back
with HTTP status 200; an error object ``{"error": {"code", "message"}}`` with a
4xx status (``invalid_request``, ``invalid_state``, ``unsupported``) or a 5xx
status (``internal``: the game failed).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, Optional, Sequence

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from baccarat_conformance.util.atomic_files import write_atomic

from .models import IDEMPOTENT, OPERATIONS, PROTOCOL_VERSION, ProtocolError

OPENAPI_FILE = "openapi.json"
SCHEMA_PREFIX = "#/components/schemas/"
PATH_PREFIX = "/v1/"

#: One line per operation: the ``summary`` of its endpoint.
SUMMARIES = {
    "describe": "The game's identity, protocol version, variants, capabilities and Rules Submission options.",
    "open_table": "Open a fresh table configured by a Rules Submission; returns its table_id.",
    "start_shoe": "Start a dealing shoe: stacked (test mode) or shuffled, with cut, cover card and burn.",
    "place_wager": "Offer a wager at a seat; the game accepts it or refuses it with a reason.",
    "change_wager": "Change the amount of a wager before \"no more bets\".",
    "withdraw_wager": "Withdraw a wager before \"no more bets\".",
    "no_more_bets": "The dealer announces \"no more bets\": betting closes.",
    "deal_round": "Deal one round and settle every wager; returns the full round record.",
    "read_meters": "Read the table's progressive meters.",
    "player_leaves": "A player leaves the table (owed vigorish is collected).",
    "close_table": "Close the table (owed vigorish is collected).",
    "run_rounds": "Play many independent rounds in one request (capability batch).",
    "play_shoes": "Play shoes of the game's own shuffle to their end with a wager plan, in one request "
                  "(capability batch_shoes, since 1.3).",
}

#: HTTP status a game should use for each error code (docs/http.md). The harness
#: checks only the class: 4xx for a refusal, 5xx for ``internal``.
ERROR_STATUS = {"invalid_request": 400, "unsupported": 422, "invalid_state": 409, "internal": 500}


def _rewrite_refs(node: Any) -> Any:
    """Point pydantic's ``#/$defs/X`` references at ``#/components/schemas/X``."""
    if isinstance(node, dict):
        return {k: (v.replace("#/$defs/", SCHEMA_PREFIX) if k == "$ref" and isinstance(v, str) else _rewrite_refs(v))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_rewrite_refs(v) for v in node]
    return node


def _error_response(description: str) -> dict:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": SCHEMA_PREFIX + "ErrorResponse"}}}}


def openapi_document() -> dict:
    """Return the OpenAPI 3.1 document of protocol :data:`PROTOCOL_VERSION` over HTTP.

    ``components.schemas`` holds every params and result model of
    :data:`OPERATIONS` (exactly the ``$defs`` of
    :func:`baccarat_conformance.protocol.json_schema`), plus ``ProtocolError`` and
    its envelope ``ErrorResponse``.
    """
    models: list[tuple[type[BaseModel], str]] = []
    for params, result in OPERATIONS.values():
        if params is not None:
            models.append((params, "validation"))
        models.append((result, "validation"))
    models.append((ProtocolError, "validation"))
    keys, defs = models_json_schema(models, ref_template=SCHEMA_PREFIX + "{model}")
    schemas = _rewrite_refs(defs.get("$defs", {}))
    schemas["ErrorResponse"] = {
        "title": "ErrorResponse",
        "description": "What a game answers instead of a result: one key, ``error``.",
        "type": "object",
        "properties": {"error": {"$ref": SCHEMA_PREFIX + "ProtocolError"}},
        "required": ["error"],
        "additionalProperties": False,
    }

    paths: dict[str, Any] = {}
    for name, (params, result) in OPERATIONS.items():
        body_schema = keys[(params, "validation")] if params is not None else {
            "type": "object", "description": "No parameters: send an empty object."}
        operation: dict[str, Any] = {
            "operationId": name,
            "summary": SUMMARIES[name],
            "requestBody": {"required": True, "content": {"application/json": {"schema": body_schema}}},
            "responses": {
                "200": {"description": f"The {result.__name__} of the operation.",
                        "content": {"application/json": {"schema": keys[(result, "validation")]}}},
                "4XX": _error_response("The game refused the request: error code invalid_request (400), "
                                       "invalid_state (409) or unsupported (422)."),
                "5XX": _error_response("The game failed: error code internal (500)."),
            },
        }
        if name in IDEMPOTENT:
            operation["description"] = ("Idempotent: it changes nothing, so a client may retry it after a "
                                        "dropped connection or a 502/503/504.")
        else:
            operation["description"] = "Not idempotent: a client never retries it."
        paths[PATH_PREFIX + name] = {"post": operation}

    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "Baccarat game-under-test protocol",
            "version": PROTOCOL_VERSION,
            "summary": "How baccarat-conformance drives a Baccarat game server (58 Pa. Code Ch. 631a, 631c, "
                       "629b, 627b).",
            "description": (
                "Every operation is `POST /v1/<operation>` with the params object as the JSON body. "
                "A result is answered with HTTP status 200; an error object `{\"error\": {\"code\", \"message\"}}` "
                "with a 4xx status for a refusal (invalid_request, invalid_state, unsupported) or a 5xx "
                "status when the game failed (internal). Money is a decimal string of dollars (\"12.50\"), "
                "never a JSON number. Cards are rank+suit: QH 9S 10D AC. Generated from "
                "baccarat_conformance.protocol; see docs/http.md and docs/protocol.md."),
            "license": {"name": "Apache-2.0", "identifier": "Apache-2.0"},
        },
        "servers": [{"url": "http://127.0.0.1:8765",
                     "description": "The bundled reference game: "
                                    "baccarat-conformance serve-reference --http 8765"}],
        "security": [{"bearer": []}, {"basic": []}, {}],
        "paths": paths,
        "components": {
            "schemas": dict(sorted(schemas.items())),
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer",
                           "description": "The harness sends the token in environment variable BACCARAT_GAME_TOKEN."},
                "basic": {"type": "http", "scheme": "basic",
                          "description": "The harness sends BACCARAT_GAME_USER and BACCARAT_GAME_PASSWORD."},
            },
        },
    }


def render(document: dict) -> str:
    """The committed text of ``document``: two-space JSON and a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def committed_path() -> Path:
    """Where ``openapi.json`` lives in this package (the repo's ``protocol/`` in an editable install)."""
    return Path(str(resources.files(__package__).joinpath(OPENAPI_FILE)))


def load_openapi() -> dict:
    """The committed OpenAPI document, read from the package data."""
    return json.loads(resources.files(__package__).joinpath(OPENAPI_FILE).read_text(encoding="utf-8"))


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baccarat_conformance.protocol.openapi",
                                     description="Generate the OpenAPI 3.1 document of the protocol over HTTP.")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help=f"write it to {committed_path()}")
    group.add_argument("--check", action="store_true", help="exit 1 if the committed file differs from a fresh one")
    args = parser.parse_args(argv)
    text = render(openapi_document())
    path = committed_path()
    if args.write:
        write_atomic(path, text)
        print(f"wrote {path}", file=sys.stderr)
    elif args.check:
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != text:
            print(f"{path} is stale: regenerate it with python -m baccarat_conformance.protocol.openapi --write",
                  file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
