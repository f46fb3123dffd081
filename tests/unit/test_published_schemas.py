"""The published contract holds the reference game's answers (issue 34, item 9): every
answer of every operation, in every mode it has (a stacked, seeded or shuffled shoe; a
void, simulated or irregular round; whole and hands-only ``run_rounds`` records;
``play_shoes`` dealt or only shuffled; the error object), validates against the committed
``protocol/schema.json`` and ``protocol/openapi.json`` with jsonschema, the documents a
vendor generates code from (docs/http.md). Neither document is regenerated here: the files
as committed are the contract."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import pytest

from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol.models import OPERATIONS
from baccarat_conformance.reference_game import create_game

PROTOCOL = Path(__file__).resolve().parents[2] / "protocol"
SCHEMA = json.loads((PROTOCOL / "schema.json").read_text(encoding="utf-8"))
OPENAPI = json.loads((PROTOCOL / "openapi.json").read_text(encoding="utf-8"))
FORMAT = jsonschema.Draft202012Validator.FORMAT_CHECKER


def _schema_json(op: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["operations"][op]["result"]},
                                           format_checker=FORMAT)


def _openapi(op: str, status: str) -> jsonschema.Draft202012Validator:
    schema = OPENAPI["paths"][f"/v1/{op}"]["post"]["responses"][status]
    schema = schema["content"]["application/json"]["schema"] if "content" in schema else schema
    return jsonschema.Draft202012Validator({"components": OPENAPI["components"], **schema}, format_checker=FORMAT)


def _error_schema_json() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["error"]}, format_checker=FORMAT)


class Recorder:
    """The reference game through its library binding, every answer kept as JSON text
    would carry it, by operation."""

    def __init__(self) -> None:
        self.game = create_game()
        self.answers: list[tuple[str, str, Any]] = []  # (operation, what, answer)

    def __call__(self, op: str, params: dict, what: str = "") -> Any:
        answer = json.loads(json.dumps(self.game.handle(op, json.loads(json.dumps(params)))))
        self.answers.append((op, what or op, answer))
        return answer


def conversation() -> Iterator[tuple[str, str, Any]]:
    call = Recorder()
    call("describe", {})
    rules = load_profile("full_table").as_rules()
    t = call("open_table", {"rules": rules})["table_id"]
    call("start_shoe", {"table_id": t, "cards": ["9C", "2D", "KH", "3S", "4D", "AC"]}, "stacked shoe")
    w = call("place_wager", {"table_id": t, "seat": 1, "wager_type": "banker", "amount": "25.00"})
    call("change_wager", {"table_id": t, "wager_id": w["wager_id"], "amount": "30.00"})
    x = call("place_wager", {"table_id": t, "seat": 2, "wager_type": "player", "amount": "10.00"})
    call("withdraw_wager", {"table_id": t, "wager_id": x["wager_id"]})
    call("place_wager", {"table_id": t, "seat": 3, "wager_type": "dragon_bonus", "hand": "player",
                         "amount": "5.00"}, "place_wager on a hand")
    call("place_wager", {"table_id": t, "seat": 4, "wager_type": "no_such_wager", "amount": "5.00"}, "refused")
    call("no_more_bets", {"table_id": t})
    call("place_wager", {"table_id": t, "seat": 5, "wager_type": "tie", "amount": "5.00"}, "after no more bets")
    call("deal_round", {"table_id": t}, "completed round")
    call("place_wager", {"table_id": t, "seat": 1, "wager_type": "player", "amount": "10.00"})
    call("deal_round", {"table_id": t}, "void round (two cards left)")
    call("start_shoe", {"table_id": t, "seed": 7, "burn": True}, "seeded shoe, burned")
    call("start_shoe", {"table_id": t}, "shuffled shoe")
    call("start_shoe", {"table_id": t, "cards": ["5C", "9D", "KS", "2H", "3C", "7D", "QH", "JD", "4C"]})
    call("place_wager", {"table_id": t, "seat": 2, "wager_type": "banker", "amount": "10.00"})
    call("deal_round", {"table_id": t, "irregularity": {"kind": "card_face_up"}}, "simulated round")
    call("start_shoe", {"table_id": t, "cards": ["9C", "2D", "KH", "3S", "4D", "AC", "5H", "6S"]})
    call("deal_round", {"table_id": t, "irregularity": {"kind": "card_drawn_in_error", "disclosed": False}},
         "card drawn in error")
    call("read_meters", {"table_id": t})
    call("close_table", {"table_id": t})
    tracked = load_profile("tracked_vigorish").as_rules()
    v = call("open_table", {"rules": tracked})["table_id"]
    call("start_shoe", {"table_id": v, "cards": ["2C", "3D", "9H", "4S", "AC", "AD"]})
    call("place_wager", {"table_id": v, "seat": 6, "wager_type": "banker", "amount": "20.00"})
    call("deal_round", {"table_id": v}, "tracked vigorish round")
    call("player_leaves", {"table_id": v, "seat": 6})
    call("close_table", {"table_id": v})
    heavenly = call("open_table", {"rules": load_profile("heavenly_9").as_rules()})["table_id"]
    call("read_meters", {"table_id": heavenly}, "progressive meters")
    rounds = [{"cards": ["9C", "2D", "KH", "3S"], "wagers": [{"seat": 1, "wager_type": "banker", "amount": "10.00"}]},
              {"cards": ["2C", "3D", "4H", "5S", "6C", "7D"], "wagers": []},
              {"cards": ["2C", "3D", "4H"], "wagers": [{"seat": 2, "wager_type": "tie", "amount": "5.00"}]}]
    call("run_rounds", {"rules": rules, "rounds": rounds}, "run_rounds, whole records")
    call("run_rounds", {"rules": rules, "rounds": rounds, "hands_only": True}, "run_rounds, hands-only records")
    s = call("open_table", {"rules": tracked})["table_id"]
    plan = [{"seat": 1, "wager_type": "banker", "amount": "10.00"}, {"seat": 2, "wager_type": "player", "amount": "5.00"},
            {"seat": 3, "wager_type": "tie", "amount": "5.00"}]
    call("play_shoes", {"table_id": s, "shoes": 2, "seeds": [1, 2], "wagers": plan}, "play_shoes, dealt")
    call("play_shoes", {"table_id": s, "shoes": 1, "deal": False}, "play_shoes, shuffled only")
    call("play_shoes", {"table_id": s, "shoes": 1, "wagers": plan[:1]}, "play_shoes, unseeded")
    call("deal_round", {"table_id": "no-such-table"}, "error: no table")
    call("run_rounds", {"rules": rules}, "error: no rounds")
    yield from call.answers


ANSWERS = list(conversation())


def test_the_conversation_covers_every_operation_and_mode() -> None:
    ops = {op for op, _, answer in ANSWERS if "error" not in answer}
    assert ops == set(OPERATIONS)
    hands_only = next(a for op, what, a in ANSWERS if what == "run_rounds, hands-only records")
    assert any("round_id" not in r for r in hands_only["records"])  # the game did answer hands-only
    assert {r["status"] for _, what, a in ANSWERS if what == "run_rounds, whole records" for r in a["records"]} \
        >= {"completed", "void"}
    assert any(a.get("status") == "simulated" for op, _, a in ANSWERS if op == "deal_round")
    assert sum("error" in a for _, _, a in ANSWERS) >= 2


@pytest.mark.parametrize("op, what, answer", ANSWERS, ids=[f"{i}-{w}" for i, (_, w, _) in enumerate(ANSWERS)])
def test_every_answer_validates_against_the_published_schemas(op: str, what: str, answer: Any) -> None:
    if "error" in answer:
        validators = [_error_schema_json(), _openapi(op, "4XX")]
    else:
        validators = [_schema_json(op), _openapi(op, "200")]
    for validator in validators:
        problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in validator.iter_errors(answer)]
        assert not problems, f"{what}: " + "\n".join(problems[:5])


def test_a_hands_only_record_is_not_a_whole_record_and_back() -> None:
    """The two record forms are told apart by ``round_id`` (``oneOf``): a whole record that
    drops a required field is no hands-only record, and a hands-only record with a stray
    ``round_id`` is no whole one."""
    validator = _schema_json("run_rounds")
    whole = next(a for _, what, a in ANSWERS if what == "run_rounds, whole records")["records"][0]
    broken = {k: v for k, v in whole.items() if k != "cards"}
    assert list(validator.iter_errors({"records": [broken]}))
    hands = next(a for _, what, a in ANSWERS if what == "run_rounds, hands-only records")["records"][0]
    assert not list(validator.iter_errors({"records": [hands]}))
    assert list(validator.iter_errors({"records": [{**hands, "round_id": "R1"}]}))
