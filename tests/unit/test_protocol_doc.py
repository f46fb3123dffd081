"""docs/protocol.md is the reference a vendor implements from: its worked rounds are
checked against the schema and replayed against the reference game, and its lists
(capabilities, events, error codes, outcome names, the ``choices`` shape, card
destinations, irregularity kinds, Rules Submission fields per variant) are compared
with the schema and the vocabulary they describe.

When the reference game's answers change on purpose, rewrite the worked rounds' answers
from it (the requests and the prose stay as written)::

    python -m tests.unit.test_protocol_doc --rewrite
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import pytest

from baccarat_conformance.inputs.profile import VARIANT_FIELDS, RulesSubmission, load_profile
from baccarat_conformance.protocol import json_schema
from baccarat_conformance.protocol import models as m
from baccarat_conformance.protocol import vocabulary as v
from baccarat_conformance.protocol.openapi import openapi_document
from baccarat_conformance.reference_game import create_game

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "protocol.md"
TEXT = DOC.read_text(encoding="utf-8")
FENCE = re.compile(r"^```json exchange\n(.*?)^```$", re.M | re.S)


# ------------------------------------------------------------------ reading the page
def headings() -> list[tuple[int, int, str]]:
    """(offset, level, title) of every heading outside fenced blocks."""
    found, fenced, offset = [], False, 0
    for line in TEXT.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (h := re.match(r"^(#+) (.*)$", line)):
            found.append((offset, len(h.group(1)), h.group(2).strip()))
        offset += len(line)
    return found


def section(title: str) -> str:
    """The text under heading ``title`` up to the next heading of the same or a higher level."""
    hs = headings()
    for i, (start, level, name) in enumerate(hs):
        if name == title:
            end = next((s for s, lv, _ in hs[i + 1:] if lv <= level), len(TEXT))
            return TEXT[start:end]
    raise AssertionError(f"docs/protocol.md has no heading {title!r}")


def first_table(title: str) -> list[list[str]]:
    """The body rows of the first table under heading ``title``, as cells."""
    rows = []
    for line in section(title).splitlines():
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    assert len(rows) > 2, f"no table under {title!r}"
    return rows[2:]


def names(cell: str) -> list[str]:
    """The backticked names of a table cell."""
    return re.findall(r"`([^`]+)`", cell)


def conversations() -> dict[str, list[dict]]:
    """Worked round title -> its exchanges ``{"op", "params", "answer"}`` in order."""
    worked = section("Worked rounds")
    out: dict[str, list[dict]] = {}
    for part in re.split(r"^### ", worked, flags=re.M)[1:]:
        title = part.splitlines()[0].strip()
        out[title] = [json.loads(block) for block in FENCE.findall(part)]
    return out


CONVERSATIONS = conversations()
EXCHANGES = [(title, i, x) for title, xs in CONVERSATIONS.items() for i, x in enumerate(xs)]


SCHEMA = json_schema()
OPENAPI = openapi_document()


def validate(instance: Any, node: dict) -> None:
    """Validate ``instance`` against ``node`` of :data:`SCHEMA` (a ``$ref`` into its ``$defs``)."""
    jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], **node}).validate(instance)


def contains(actual: Any, shown: Any, where: str = "answer") -> Iterator[str]:
    """Where ``actual`` differs from what the page shows: every key shown must be there
    with the value shown (a game may answer more keys: fields later versions add)."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            yield f"{where}: {actual!r} is not an object"
            return
        for key, value in shown.items():
            if key not in actual:
                yield f"{where}.{key}: missing"
            else:
                yield from contains(actual[key], value, f"{where}.{key}")
    elif isinstance(shown, list):
        if not isinstance(actual, list) or len(actual) != len(shown):
            yield f"{where}: {json.dumps(actual)} instead of {json.dumps(shown)}"
            return
        for i, (a, s) in enumerate(zip(actual, shown)):
            yield from contains(a, s, f"{where}[{i}]")
    elif actual != shown:
        yield f"{where}: {json.dumps(actual)} instead of {json.dumps(shown)}"


# ------------------------------------------------------------------ worked rounds
def test_the_page_has_worked_rounds():
    assert len(CONVERSATIONS) >= 6 and all(CONVERSATIONS.values())


@pytest.mark.parametrize("title, i, exchange", EXCHANGES, ids=[f"{t}#{i}-{x['op']}" for t, i, x in EXCHANGES])
def test_each_exchange_validates_against_the_schema(title, i, exchange):
    assert set(exchange) == {"op", "params", "answer"}, f"{title} #{i}: blocks hold op, params and answer"
    op, params, answer = exchange["op"], exchange["params"], exchange["answer"]
    operation = SCHEMA["operations"][op]
    refused = "error" in answer and answer["error"].get("code") == "invalid_request"
    if not refused:  # an invalid_request example shows a request the schema refuses
        validate(params, operation["params"])
    if "error" in answer:
        jsonschema.Draft202012Validator({"components": OPENAPI["components"],
                                         "$ref": "#/components/schemas/ErrorResponse"}).validate(answer)
    else:
        validate(answer, operation["result"])


@pytest.mark.parametrize("title", list(CONVERSATIONS))
def test_each_worked_round_replays_on_the_reference_game(title):
    game = create_game(seed=0)
    for i, exchange in enumerate(CONVERSATIONS[title]):
        answer = game.handle(exchange["op"], json.loads(json.dumps(exchange["params"])))
        problems = list(contains(answer, exchange["answer"]))
        assert not problems, (f"docs/protocol.md, {title!r}, exchange {i} ({exchange['op']}): the reference game "
                              "answers otherwise:\n" + "\n".join(problems[:10]))


def test_one_worked_round_per_wager_family():
    placed = {x["params"]["wager_type"] for xs in CONVERSATIONS.values() for x in xs
              if x["op"] == "place_wager" and x["answer"].get("accepted")}
    families = {row[0]: set(names(row[1])) for row in first_table("place_wager")}
    assert set(families) == {"631a", "631c", "629b / 627b"}
    for chapter, types in families.items():
        assert placed & types, f"no worked round places a wager of chapter {chapter}"
    assert {"banker", "player", "tie", "house_money", "dragon_bonus", "dragon_7"} <= placed
    settled = {w["wager_type"] for xs in CONVERSATIONS.values() for x in xs if x["op"] == "deal_round"
               for w in x["answer"].get("wagers", [])}
    assert placed <= settled, "every wager placed in a worked round is settled in it"


def test_the_errors_worked_cover_every_edge_case_answer():
    xs = CONVERSATIONS["Errors, worked"]
    codes = {x["answer"]["error"]["code"] for x in xs if "error" in x["answer"]}
    assert codes == {"unsupported", "invalid_request", "invalid_state"}
    assert any(x["answer"].get("accepted") is False for x in xs)
    both = [x for x in xs if x["op"] == "start_shoe" and "cards" in x["params"] and "cut_offset" in x["params"]]
    assert both and both[0]["answer"]["cut_offset"] == both[0]["params"]["cut_offset"]


# ------------------------------------------------------------------ prose and schema agree
def test_wager_types_are_the_vocabulary():
    listed = [n for row in first_table("place_wager") for n in names(row[1])]
    assert listed == list(v.WAGER_TYPES)


def test_capability_names_are_the_vocabulary_and_the_schema():
    listed = [n for row in first_table("Capabilities") for n in names(row[0])]
    base = [c for c in v.CAPABILITIES if not c.startswith("wager.")]
    assert listed == base + ["wager.<type>"]
    items = SCHEMA["$defs"]["GameDescription"]["properties"]["capabilities"]["items"]
    assert items["examples"] == list(v.CAPABILITIES)
    assert not re.search(r"`progressive\.[a-z]", TEXT.replace("`progressive.heavenly_9` or other", ""))
    declared = create_game().describe()["capabilities"]
    assert set(declared) <= set(v.CAPABILITIES), "the reference game declares only names of the list"


def test_event_types_are_the_vocabulary_and_the_schema():
    listed = [names(row[0])[0] for row in first_table("Events")]
    assert listed == list(v.EVENT_TYPES)
    assert SCHEMA["$defs"]["Event"]["properties"]["type"]["examples"] == list(v.EVENT_TYPES)
    seen = {e["type"] for xs in CONVERSATIONS.values() for x in xs
            for e in (x["answer"].get("events") or [])}
    assert seen <= set(v.EVENT_TYPES)


def test_error_codes_are_the_schema():
    listed = [names(row[0])[0] for row in first_table("Errors")]
    assert sorted(listed) == sorted(OPENAPI["components"]["schemas"]["ProtocolError"]["properties"]["code"]["enum"])


def test_outcome_names_are_the_vocabulary_and_the_schema():
    listed = {names(row[0])[0]: tuple(names(row[1])) for row in first_table("Outcome names")}
    assert listed == v.OUTCOMES
    assert set(v.OUTCOMES) <= set(v.WAGER_TYPES)
    everything = sorted({o for ns in v.OUTCOMES.values() for o in ns})
    assert SCHEMA["$defs"]["WagerResult"]["properties"]["outcome"]["examples"] == everything
    shown = {(w["wager_type"], w["outcome"]) for xs in CONVERSATIONS.values() for x in xs if x["op"] == "deal_round"
             for w in x["answer"].get("wagers", []) if w.get("outcome")}
    assert all(o in v.OUTCOMES[t] for t, o in shown)


def test_the_reference_game_reports_only_listed_outcomes():
    from baccarat_conformance.reference_game import wagers as rw
    from baccarat_conformance.reference_game.families import five_treasures, lucky_nines, progressives

    assert set(lucky_nines.TABLE) <= set(v.OUTCOMES["lucky_nines"])
    rows = {row for table in five_treasures.PAYTABLE.values() for row in table}
    assert rows <= {o for t in ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all")
                    for o in v.OUTCOMES[t]}
    assert {o for t in progressives.HARMONY.values() for o in t} <= set(v.OUTCOMES["harmony"])
    assert {o for t in progressives.ROYAL_9_FIXED.values() for o in t} <= set(v.OUTCOMES["royal_9"])
    margins = {f"win_by_{k}" for t in rw.DRAGON_BONUS.values() for k in t if isinstance(k, int)}
    assert margins <= set(v.OUTCOMES["dragon_bonus"])


def test_choices_are_an_array_in_prose_and_schema():
    params = SCHEMA["$defs"]["DealRoundParams"]["properties"]["choices"]
    assert params["type"] == "array" and params["items"]["$ref"].endswith("/DealChoice")
    assert not re.search(r'"?choices"?\s*:\s*\{', TEXT), "protocol.md shows choices as an object somewhere"
    assert re.findall(r'"?choices"?\s*:\s*\[', TEXT)
    fields = [names(row[0])[0] for row in first_table("Choices")]
    assert fields == list(SCHEMA["$defs"]["DealChoice"]["properties"])


def test_card_destinations_and_irregularity_kinds_are_the_schema():
    listed = [names(row[0])[0] for row in first_table("Card destinations")]
    assert listed == list(v.CARD_DESTINATIONS) == SCHEMA["$defs"]["DealtCard"]["properties"]["to"]["enum"]
    kinds = [names(row[0])[0] for row in first_table("Irregularities")]
    assert kinds == list(v.IRREGULARITY_KINDS) == SCHEMA["$defs"]["Irregularity"]["properties"]["kind"]["enum"]


def _rules_table() -> dict[str, set[str] | None]:
    """Rules Submission field -> the variants it is sent to (None: all)."""
    out: dict[str, set[str] | None] = {}
    for row in first_table("Rules Submission fields"):
        out[names(row[0])[0]] = None if row[1] == "all" else set(names(row[1]))
    return out


def test_rules_submission_fields_are_the_profile_and_sent_per_variant():
    table = _rules_table()
    assert set(table) == set(RulesSubmission.model_fields)
    assert {f: set(vs) for f, vs in VARIANT_FIELDS.items()} == {f: vs for f, vs in table.items() if vs is not None}


@pytest.mark.parametrize("profile", sorted(p.stem for p in (ROOT / "profiles").glob("*.toml")))
def test_a_table_is_sent_only_the_fields_of_its_variant(profile):
    rules = load_profile(profile).as_rules()
    table = _rules_table()
    extra = [f for f in rules if table.get(f) is not None and rules["variant"] not in table[f]]  # type: ignore
    assert not extra, f"{profile}: {extra} sent to a {rules['variant']} table"
    assert all(f in rules for f, vs in table.items() if vs is None or rules["variant"] in vs)


PLAY_SHOES = re.compile(r"^```json play_shoes\n(.*?)^```$", re.M | re.S)


def abridged(actual: Any, shown: Any, where: str = "answer") -> Iterator[str]:
    """:func:`contains`, where a list shown ending with ``"…"`` is a prefix of the answer's."""
    if isinstance(shown, list) and shown and shown[-1] == "…":
        if not isinstance(actual, list) or len(actual) < len(shown) - 1:
            yield f"{where}: {json.dumps(actual)[:200]} is shorter than shown"
            return
        for i, (a, s) in enumerate(zip(actual, shown[:-1])):
            yield from abridged(a, s, f"{where}[{i}]")
    elif isinstance(shown, dict) and isinstance(actual, dict):
        for key, value in shown.items():
            if key not in actual:
                yield f"{where}.{key}: missing"
            else:
                yield from abridged(actual[key], value, f"{where}.{key}")
    elif isinstance(shown, list) and isinstance(actual, list) and len(shown) == len(actual):
        for i, (a, s) in enumerate(zip(actual, shown)):
            yield from abridged(a, s, f"{where}[{i}]")
    else:
        yield from contains(actual, shown, where)


def test_the_play_shoes_example_replays_on_the_reference_game():
    """The worked ``play_shoes`` of protocol.md (1.3): its requests validate against the
    schema, and the reference game answers every value shown (abridged lists as prefixes)."""
    blocks = [json.loads(b) for b in PLAY_SHOES.findall(section("play_shoes"))]
    assert [b["op"] for b in blocks] == ["open_table", "play_shoes"]
    game = create_game(seed=0)
    for b in blocks:
        validate(b["params"], SCHEMA["operations"][b["op"]]["params"])
        answer = game.handle(b["op"], json.loads(json.dumps(b["params"])))
        validate(answer, SCHEMA["operations"][b["op"]]["result"])
        problems = list(abridged(answer, b["answer"]))
        assert not problems, problems


def test_the_page_and_the_changelog_name_the_version():
    assert TEXT.splitlines()[0] == f"# Game-under-test protocol, version {m.PROTOCOL_VERSION}"
    changelog = (ROOT / "docs" / "protocol-changelog.md").read_text(encoding="utf-8")
    assert f"## {m.PROTOCOL_VERSION}\n" in changelog and "## 1.1\n" in changelog and "## 1.0\n" in changelog


@pytest.mark.parametrize("declared, ok", [("1.0", True), ("1.1", True), ("1.2", True), ("1.7", True),
                                          ("2.0", False), ("1", False), ("1.x", False), ("", False)])
def test_a_game_of_any_1_minor_version_is_compatible(declared, ok):
    assert m.compatible(declared) is ok


# ------------------------------------------------------------------ rewriting the answers
def render(value: Any, indent: int = 1, width: int = 110) -> str:
    """JSON as the page shows it: a value that fits stays on one line; an object or array
    that does not has one item a line when its items are big, else items packed greedily."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return text
    pad = " " * indent
    if isinstance(value, dict):
        parts = [f"{json.dumps(k)}: {render(x, indent + 1, width)}" for k, x in value.items()]
        big = any(isinstance(x, (dict, list)) and len(json.dumps(x)) > 60 for x in value.values())
        opener, closer = "{", "}"
    else:
        parts = [render(x, indent + 1, width) for x in value]
        big = any(isinstance(x, (dict, list)) for x in value)
        opener, closer = "[", "]"
    if big:
        return opener + (",\n" + pad).join(parts) + closer
    lines, line = [], ""
    for part in parts:
        if line and len(pad) + len(line) + len(part) + 2 > width:
            lines.append(line + ",")
            line = part
        else:
            line = f"{line}, {part}" if line else part
    return opener + ("\n" + pad).join(lines + [line]) + closer


def rewrite() -> int:
    """Replace every worked round's answers in docs/protocol.md with the reference game's."""
    worked_start = TEXT.index("\n## Worked rounds\n")
    head, worked = TEXT[:worked_start], TEXT[worked_start:]
    parts = re.split(r"(^### .*$)", worked, flags=re.M)
    game = None
    for i, part in enumerate(parts):
        if part.startswith("### "):
            game = create_game(seed=0)
            continue
        if game is None:
            continue

        def answer(match: re.Match) -> str:
            block = json.loads(match.group(1))
            block["answer"] = game.handle(block["op"], json.loads(json.dumps(block["params"])))  # type: ignore
            return "```json exchange\n" + render(block) + "\n```"

        parts[i] = FENCE.sub(answer, part)
    DOC.write_text(head + "".join(parts), encoding="utf-8")
    print(f"rewrote the worked rounds' answers in {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(rewrite() if sys.argv[1:] == ["--rewrite"] else 2)


def test_the_wager_options_table_lists_every_optional_wager_and_option():
    """protocol.md's "Wager options": every optional wager type of the vocabulary has a
    row, and the row names every option the profile validator accepts for it."""
    from baccarat_conformance.inputs.wager_options import MODELS

    page = DOC.read_text(encoding="utf-8")
    section = page.split("#### Wager options", 1)[1].split("\n#### ", 1)[0].split("\n### ", 1)[0]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for name in re.findall(r"`([a-z0-9_]+)`", cells[0]):
                rows[name] = cells[1]
    optional = [w for w in v.WAGER_TYPES if w not in v.CORE_WAGERS]
    assert sorted(rows) == sorted(optional), set(rows) ^ set(optional)
    for wager, options in rows.items():
        model = MODELS.get(wager)
        for field in (model.model_fields if model else ()):
            if field == "paytable" and not model.model_fields[field].is_required():
                continue  # accepted for uniformity, chooses nothing
            assert f"`{field}`" in options, (wager, field)
