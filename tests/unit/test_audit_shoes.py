"""Judging across the rounds of one dealing shoe and one table (baccarat_conformance.audit.shoes):
the burn (§ 631a.5(f)) from the envelope's ``burned``, the cover card's one more hand
(§ 631a.10(d)), the progressive meters between consecutive rounds; what the records do not
show is counted as not judged, never a pass."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from baccarat_conformance.audit.engine import Task, audit_partition
from baccarat_conformance.audit.recorder import record_rounds

AS_OF = "2026-01-10"


@pytest.fixture(scope="module")
def shoe(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("shoe") / "one.jsonl"
    record_rounds(out, profile="full_table", shoes=1, seed=3)
    return [json.loads(x) for x in out.read_text().splitlines()]


def audit(rows: list[dict], tmp_path: Path):
    path = tmp_path / "rounds.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return audit_partition(Task(str(path), "full_table", as_of=AS_OF, include_expired=True))


def test_the_recorded_shoe_keeps_the_burn_the_cover_card_and_the_meters(shoe, tmp_path):
    assert "burned" in shoe[0] and all("burned" not in r for r in shoe[1:])
    t = audit(shoe, tmp_path)
    assert not t.failed and not t.shoes_unjudged
    assert t.judged["631a.5(f)"] == 1 and t.judged["631a.10(d)"] == 2 and t.judged["631c.6(c)(4)"] > 50


def test_a_burn_of_the_wrong_number_of_cards_is_a_finding_on_the_first_round(shoe, tmp_path):
    rows = [dict(r) for r in shoe]
    rows[0]["burned"] = ["5H", "2C"]  # a 5 burns five more cards
    t = audit(rows, tmp_path)
    assert set(t.failed) == {"631a.5(f)"}
    f = t.findings["631a.5(f)"][0]
    assert f["line"] == 1 and f["round_id"] == rows[0]["round_id"] and "6 cards in all" in f["required"]


def test_a_shoe_without_burned_does_not_judge_the_burn(shoe, tmp_path):
    rows = [{k: v for k, v in r.items() if k != "burned"} for r in shoe]
    t = audit(rows, tmp_path)
    assert "631a.5(f)" not in t.judged and "631a.5(f)" not in t.failed
    assert t.shoes_unjudged[("631a.5(f)", "the shoe's first recorded round carries no burned cards")] == 1


def test_a_round_dealt_after_the_one_more_hand_is_quoted_with_its_line(shoe, tmp_path):
    extra = dict(shoe[-2], round_id="T1-R999")  # a hand dealt after the shoe's last one
    t = audit([*shoe, extra], tmp_path)
    assert set(t.failed) == {"631a.10(d)"}
    f = t.findings["631a.10(d)"][0]
    assert f["line"] == len(shoe) + 1 and f["round_id"] == "T1-R999" and "one more hand" in f["required"]


def test_a_shoe_that_ends_at_the_cover_card_does_not_judge_the_one_more_hand(shoe, tmp_path):
    t = audit(shoe[:-1], tmp_path)
    assert not t.failed and t.judged["631a.10(d)"] == 1  # the "last hand" call only
    assert sum(n for (c, _), n in t.shoes_unjudged.items() if c == "631a.10(d)") == 1


def test_a_missing_last_hand_call_is_a_finding(shoe, tmp_path):
    rows = [dict(r) for r in shoe]
    i = next(k for k, r in enumerate(rows) if r["shoe"] == "last_hand")
    rows[i]["announcements"] = [a for a in rows[i]["announcements"] if a != "last hand"]
    t = audit(rows, tmp_path)
    assert set(t.failed) == {"631a.10(d)"} and t.findings["631a.10(d)"][0]["line"] == i + 1


def test_a_meter_that_grows_wrong_fails_its_rate_and_unnumbered_rounds_are_not_judged(shoe, tmp_path):
    rows = [json.loads(json.dumps(r)) for r in shoe]
    meter = next(x for x in rows[5]["meters"] if x["name"] == "heavenly_9")
    meter["amount"] = str(Decimal(meter["amount"]) + Decimal("1.00"))
    t = audit(rows, tmp_path)
    assert set(t.failed) == {"631c.2(i)[table]"} and t.findings["631c.2(i)[table]"][0]["line"] == 6
    unnumbered = [dict(r, round_id=f"round-{chr(97 + k % 26)}{chr(97 + k // 26)}") for k, r in enumerate(shoe)]
    t = audit(unnumbered, tmp_path)
    assert not t.failed and "631c.6(c)(4)" not in t.judged
    assert sum(n for (c, _), n in t.shoes_unjudged.items() if c == "progressive meters") == len(shoe) - 1


def test_the_csv_export_carries_the_burn_in_a_column_of_its_own():
    from baccarat_conformance.audit.readers import CsvReader

    assert CsvReader.record({"round_id": "R1", "burned": "5H 2C 3D 4S 5S 6S"})["burned"] == \
        ["5H", "2C", "3D", "4S", "5S", "6S"]
    assert CsvReader.record({"round_id": "R1", "burned": "-"})["burned"] == []
    assert "burned" not in CsvReader.record({"round_id": "R2", "burned": " "})


def test_an_untrusted_round_id_is_quoted_escaped_and_cut(shoe, tmp_path):
    extra = dict(shoe[-2], round_id="\u202e\x1b[31m" + "R" * 190)  # control characters, long
    t = audit([*shoe, extra], tmp_path)
    f = t.findings["631a.10(d)"][0]
    assert "\x1b" not in f["observed"] and "\\x1b" in f["observed"] and len(f["observed"]) <= 300
