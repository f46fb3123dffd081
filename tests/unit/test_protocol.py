"""The protocol's typed records: exported JSON Schema, money as decimal strings,
cards, and the error object."""

import json
from decimal import Decimal
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from baccarat_conformance.protocol import json_schema
from baccarat_conformance.protocol import models as m

SCHEMA = Path(__file__).resolve().parents[2] / "protocol" / "schema.json"


def test_committed_schema_is_current():
    assert json.loads(SCHEMA.read_text()) == json.loads(json.dumps(json_schema())), (
        "protocol/schema.json is stale: python -m baccarat_conformance.protocol > protocol/schema.json")


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(json_schema())


def test_reference_round_record_validates_against_exported_schema():
    from baccarat_conformance.reference_game import create_game

    game = create_game()
    t = game.handle("open_table", {"rules": {"decks": 8}})["table_id"]
    game.handle("start_shoe", {"table_id": t, "cards": ["9C", "2D", "KH", "3S"]})
    game.handle("place_wager", {"table_id": t, "seat": 1, "wager_type": "player", "amount": "10.00"})
    record = game.handle("deal_round", {"table_id": t})
    schema = json_schema()
    ref = schema["operations"]["deal_round"]["result"]["$ref"].split("/")[-1]
    jsonschema.validate(record, {"$defs": schema["$defs"], "$ref": f"#/$defs/{ref}"})


@pytest.mark.parametrize("bad", [10.5, 10, None, "ten", "NaN", True])
def test_money_refuses_anything_but_a_decimal_string(bad):
    with pytest.raises(ValidationError, match="decimal string|finite"):
        m.WagerResult(wager_id="W1", seat=1, wager_type="player", amount=bad, result="win", paid="20.00")


@pytest.mark.parametrize("digits", ["\u0661\u0660.\u0660\u0660", "\u06f2\u06f0.00", "\uff11\uff10.00", "1\u0660.00"])
def test_money_is_ascii_digits_only(digits):
    """Arabic-Indic, Persian or fullwidth digits are no money on the wire, though a Unicode
    ``\\d`` and :class:`~decimal.Decimal` both take them (issue 26, item 8)."""
    with pytest.raises(ValidationError, match="decimal string"):
        m.WagerResult(wager_id="W1", seat=1, wager_type="player", amount="10.00", result="win", paid=digits)
    with pytest.raises(ValidationError, match="decimal string"):
        m.WagerResult.model_validate_json(json.dumps({"wager_id": "W1", "seat": 1, "wager_type": "player",
                                                      "amount": digits, "result": "win", "paid": "20.00"}))


def test_money_is_decimal_and_serialises_as_string():
    r = m.WagerResult(wager_id="W1", seat=1, wager_type="player", amount="12.50", result="win", paid="25.00")
    assert r.amount == Decimal("12.50")
    assert r.model_dump(mode="json")["paid"] == "25.00"


@pytest.mark.parametrize("card", ["QH", "9S", "10D", "AC"])
def test_cards_are_rank_and_suit(card):
    assert m.DealtCard(card=card, to="player").card == card


@pytest.mark.parametrize("card", ["1H", "11S", "T D", "QX", "qh", "10"])
def test_bad_cards_are_refused(card):
    with pytest.raises(ValidationError):
        m.DealtCard(card=card, to="player")


def test_a_start_shoe_seed_is_an_unsigned_64_bit_integer():
    """docs/protocol.md, start_shoe: 0 to 2^64 - 1, in the models and the generated schemas."""
    from baccarat_conformance.protocol.openapi import load_openapi

    for good in (0, 2 ** 63, 2 ** 64 - 1):
        assert m.StartShoeParams(table_id="T1", seed=good).seed == good
    for bad in (-1, 2 ** 64):
        with pytest.raises(ValidationError):
            m.StartShoeParams(table_id="T1", seed=bad)
    for schema in (load_openapi()["components"]["schemas"], json.loads(SCHEMA.read_text())["$defs"]):
        (integer,) = [s for s in schema["StartShoeParams"]["properties"]["seed"]["anyOf"] if s["type"] == "integer"]
        assert (integer["minimum"], integer["maximum"]) == (0, 2 ** 64 - 1)
