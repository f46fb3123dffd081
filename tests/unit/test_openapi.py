"""protocol/openapi.json: generated from the protocol models, committed current, a
valid OpenAPI 3.1 document, and what the reference server really answers."""

from __future__ import annotations

import json
import threading

import pytest
import requests
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from baccarat_conformance.protocol import json_schema
from baccarat_conformance.protocol.models import OPERATIONS
from baccarat_conformance.protocol.openapi import (
    SCHEMA_PREFIX,
    committed_path,
    load_openapi,
    openapi_document,
    render,
)
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.reference_game.server import ERROR_STATUS, GameServer


def test_the_committed_document_is_current():
    fresh = render(openapi_document())
    assert committed_path().read_text(encoding="utf-8") == fresh, (
        "protocol/openapi.json is stale: python -m baccarat_conformance.protocol.openapi --write")


def test_it_is_a_valid_openapi_3_1_document():
    doc = load_openapi()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_one_endpoint_per_operation_from_the_same_schemas():
    doc = load_openapi()
    assert set(doc["paths"]) == {f"/v1/{op}" for op in OPERATIONS}
    schemas = doc["components"]["schemas"]
    library = json.loads(json.dumps(json_schema()["$defs"]).replace('"#/$defs/', f'"{SCHEMA_PREFIX}'))
    assert {k: schemas[k] for k in library} == library
    for op, (params, result) in OPERATIONS.items():
        post = doc["paths"][f"/v1/{op}"]["post"]
        assert post["responses"]["200"]["content"]["application/json"]["schema"] == {
            "$ref": SCHEMA_PREFIX + result.__name__}
        if params is not None:
            assert post["requestBody"]["content"]["application/json"]["schema"] == {
                "$ref": SCHEMA_PREFIX + params.__name__}
        assert set(post["responses"]) == {"200", "4XX", "5XX"}


@pytest.fixture(scope="module")
def server_url():
    server = GameServer(("127.0.0.1", 0), create_game(seed=7))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server.url
    server.shutdown()
    server.server_close()


def _validator(doc: dict, schema: dict) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": doc["components"]})


def test_the_reference_server_answers_what_the_document_says(server_url):
    doc = load_openapi()
    session = requests.Session()
    rules = {"variant": "baccarat", "decks": 8}

    def post(op: str, params: dict) -> dict:
        body = doc["paths"][f"/v1/{op}"]["post"]
        _validator(doc, body["requestBody"]["content"]["application/json"]["schema"]).validate(params)
        r = session.post(f"{server_url}/v1/{op}", json=params, timeout=10)
        assert r.status_code == 200, r.text
        _validator(doc, body["responses"]["200"]["content"]["application/json"]["schema"]).validate(r.json())
        return r.json()

    post("describe", {})
    table = post("open_table", {"rules": rules})["table_id"]
    post("start_shoe", {"table_id": table, "cards": ["9C", "2D", "KH", "3S", "5H", "6D"]})
    wager = post("place_wager", {"table_id": table, "seat": 3, "wager_type": "player", "amount": "10.00"})["wager_id"]
    post("change_wager", {"table_id": table, "wager_id": wager, "amount": "15.00"})
    post("place_wager", {"table_id": table, "seat": 4, "wager_type": "banker", "amount": "10.00"})
    post("no_more_bets", {"table_id": table})
    record = post("deal_round", {"table_id": table})
    assert record["wagers"][0]["paid"] == "30.00"
    post("read_meters", {"table_id": table})
    post("player_leaves", {"table_id": table, "seat": 3})
    post("close_table", {"table_id": table})
    batch = post("run_rounds", {"rules": rules, "rounds": [{"cards": ["9C", "2D", "KH", "3S"]}] * 3})
    assert len(batch["records"]) == 3

    for op, params, code in [("deal_round", {"table_id": "nope"}, "invalid_request"),
                             ("open_table", {"rules": {"decks": 9}}, "unsupported")]:
        r = session.post(f"{server_url}/v1/{op}", json=params, timeout=10)
        assert r.status_code == ERROR_STATUS[code]
        schema = doc["paths"][f"/v1/{op}"]["post"]["responses"]["4XX"]["content"]["application/json"]["schema"]
        _validator(doc, schema).validate(r.json())
        assert r.json()["error"]["code"] == code


def test_the_server_refuses_what_is_not_a_json_object(server_url):
    for body, status in [(b"[1, 2]", 400), (b"{not json", 400)]:
        r = requests.post(f"{server_url}/v1/describe", data=body, timeout=10)
        assert r.status_code == status and r.json()["error"]["code"] == "invalid_request"
    assert requests.get(f"{server_url}/v1/describe", timeout=10).status_code == 405
    assert requests.post(f"{server_url}/v2/describe", json={}, timeout=10).status_code == 404


def test_docs_http_names_every_endpoint_and_option():
    from pathlib import Path

    from baccarat_conformance.adapters.http import HttpAdapter

    text = (Path(__file__).resolve().parents[2] / "docs" / "http.md").read_text(encoding="utf-8")
    for op in OPERATIONS:
        assert f"`POST /v1/{op}`" in text, op
    options: list[str] = []
    HttpAdapter.add_options(type("Group", (), {"addoption": lambda self, name, **kw: options.append(name)})())
    for option in options:
        assert f"`{option}" in text, option
