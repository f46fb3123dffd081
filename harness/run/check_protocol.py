"""``baccarat-conformance check-protocol``: a vendor's first five minutes.

A short conversation with a game (describe, open_table, start_shoe, place / change /
withdraw a wager, no_more_bets, deal_round, read_meters with ``progressive``,
player_leaves with ``player_leaves``, run_rounds with ``batch``, a few bad requests,
close_table), in a few seconds, that checks every answer's shape against the protocol's
records (:mod:`baccarat_conformance.protocol.models`, which ``protocol/schema.json`` and
``openapi.json`` are generated from) and the few things the schema cannot say (a known
protocol version and capability names, known event types, a settlement for every wager
placed, the answer docs/protocol.md gives to each bad request). It judges no rule of the
regulation: that is ``baccarat-conformance run``.

Each :class:`Problem` names the operation, the field (a JSON path such as
``answer.wagers[0].paid``) and the section of docs/protocol.md concerned
(:data:`SECTIONS`, by anchor). The game is reached through the adapter options of a run
(``--adapter``, ``--game``, ``--url``, ``--port``…): :func:`add_arguments` declares the
``--adapter`` and ``--profile`` options of :data:`baccarat_conformance.inputs.options.OPTIONS`
and each installed adapter's own options (:meth:`GameAdapter.add_options`: ``--game``
is the library adapter's), unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional

from pydantic import ValidationError

from baccarat_conformance.inputs import options
from baccarat_conformance.adapters import GameAdapter, available_adapters, load_adapter_class
from baccarat_conformance.adapters.base import declared_rules
from baccarat_conformance.judging.errors import AdapterError, ConfigurationError
from baccarat_conformance.protocol import models as m
from baccarat_conformance.protocol import vocabulary as vocab

__all__ = ["Problem", "SECTIONS", "DOC", "add_arguments", "check_game", "check_protocol_command"]

DOC = "docs/protocol.md"

#: The section of docs/protocol.md (its anchor) that says what each thing must be.
SECTIONS = {
    "describe": "describe", "capabilities": "capabilities", "open_table": "open_table",
    "rules": "rules-submission-fields", "start_shoe": "start_shoe", "place_wager": "place_wager",
    "change_wager": "place_wager", "withdraw_wager": "place_wager", "no_more_bets": "no_more_bets",
    "deal_round": "roundrecord", "wagers": "settlement-of-a-wager", "events": "events",
    "announcements": "announcements", "cards": "card-destinations", "read_meters": "read_meters",
    "player_leaves": "player_leaves", "close_table": "close_table", "run_rounds": "run_rounds",
    "errors": "errors", "conventions": "conventions",
}

#: The stack of the conversation's round: a Banker win with a third card to the Player's
#: Hand (docs/protocol.md "Worked round: Banker, Player and Tie"), then cards to spare.
STACK = ["2C", "4H", "3D", "2S", "KH", "9D", "8C", "7H", "6S", "5D", "4C", "3H", "2D", "AS", "KD", "QC"]
NO_TABLE = "check-protocol-no-such-table"


@dataclass(frozen=True)
class Problem:
    """One way an answer departs from the protocol: ``op`` the operation, ``field`` the
    JSON path of what is wrong (``answer`` for the whole answer), ``message`` one line,
    ``section`` the anchor of docs/protocol.md that says what it must be."""

    op: str
    field: str
    message: str
    section: str

    def __str__(self) -> str:
        return f"{self.op}: {self.field}: {self.message} (see {DOC}#{self.section})"


# ---------------------------------------------------------------------- options
class _Declared:
    def __init__(self, flags: tuple[str, ...]):
        self._flags = flags

    def names(self) -> list[str]:
        return list(self._flags)


class _ArgumentGroup:
    """An argparse group that takes pytest's ``addoption`` (what adapters call)."""

    def __init__(self, group: Any):
        self._group = group
        self.options: list[_Declared] = []

    def addoption(self, *flags: str, **kwargs: Any) -> None:
        self._group.add_argument(*flags, **kwargs)
        self.options.append(_Declared(flags))


class _Config:
    """A pytest-``Config`` stand-in over parsed arguments: ``getoption("--url")``."""

    def __init__(self, args: argparse.Namespace):
        self._args = args

    def getoption(self, name: str, default: Any = None) -> Any:
        value = getattr(self._args, name.lstrip("-").replace("-", "_"), default)
        return default if value is None else value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare on ``parser`` the options that reach a game: ``--adapter`` and ``--profile``
    from :data:`~baccarat_conformance.inputs.options.OPTIONS`, then each installed adapter's own
    (``--game``, ``--url``, ``--port``, ``--operation-timeout``…)."""
    for opt in options.OPTIONS:
        if opt.dest in ("adapter", "profile"):
            parser.add_argument(*opt.flags, **opt.argparse_kwargs(cli=True))
    group = _ArgumentGroup(parser.add_argument_group("adapter options"))
    for name, ep in sorted(available_adapters().items()):
        try:
            ep.load().add_options(group)  # type: ignore[attr-defined]
        except Exception:  # noqa: S112 - a plugin that fails to load is reported when it is selected
            continue


def build_adapter(args: argparse.Namespace) -> GameAdapter:
    """The adapter ``--adapter`` names, built from the parsed options.

    :raises ConfigurationError: naming the bad option (an unknown adapter, no ``--url``…).
    """
    return load_adapter_class(args.adapter).from_config(_Config(args))


# ---------------------------------------------------------------------- the checks
def _path(loc: tuple) -> str:
    out = "answer"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _section_of(op: str, field: str) -> str:
    """The most specific section for ``field`` of ``op``'s answer: an element of a round's
    ``events``, ``wagers``, ``announcements`` or ``cards`` has its own, else the operation's."""
    for key in ("events", "wagers", "announcements", "cards"):
        if f".{key}[" in field and op in ("deal_round", "run_rounds"):
            return SECTIONS[key]
    if op == "describe" and ".capabilities" in field:
        return SECTIONS["capabilities"]
    return SECTIONS.get(op, "operations")


def schema_problems(op: str, answer: Any) -> list[Problem]:
    """Where ``answer`` (decoded JSON) departs from the protocol's records of ``op``'s
    result, or of an error object when it is one: the models protocol/schema.json is
    generated from, so the same verdict as the schema, field by field."""
    error = isinstance(answer, dict) and set(answer) == {"error"}
    # the check asks for no hands-only record: a run_rounds answer is whole
    model = m.ProtocolError if error else m.ANSWERED_WHOLE.get(op, m.OPERATIONS[op][1])
    try:
        model.model_validate(answer["error"] if error else answer)
    except ValidationError as e:
        problems = []
        for found in e.errors(include_url=False):
            field = _path(("error", *found["loc"]) if error else found["loc"])
            problems.append(Problem(op, field, found["msg"][:300],
                                    SECTIONS["errors"] if error else _section_of(op, field)))
        return problems
    return []


class Conversation:
    """The exchanges of one check: sends through the adapter's raw ``send`` (so that an
    error object or a malformed answer is looked at, not raised) and keeps the problems."""

    def __init__(self, adapter: GameAdapter):
        self.adapter = adapter
        self.problems: list[Problem] = []
        self.operations = 0
        self.unreachable: Optional[str] = None  # the transport error of a describe never answered

    def send(self, op: str, params: dict) -> Any:
        """The decoded answer to ``op``, or None when the transport failed (a problem)."""
        self.operations += 1
        answer: Any = b""
        try:
            answer = self.adapter.send(op, params)
            if isinstance(answer, (str, bytes)):
                answer = json.loads(answer)
            else:  # a library game's own objects: they must be what the wire could carry
                json.dumps(answer, allow_nan=False)
        except AdapterError as e:
            self.problems.append(Problem(op, "answer", f"{type(e).__name__}: {str(e).splitlines()[0][:300]}",
                                         SECTIONS.get(op, "operations")))
            if op == "describe" and self.operations == 1:
                self.unreachable = str(e).splitlines()[0][:300]
            return None
        except (TypeError, ValueError, RecursionError) as e:
            if isinstance(answer, (str, bytes)):
                self.problems.append(Problem(op, "answer", f"not JSON: {e}", SECTIONS["conventions"]))
            else:
                self.problems.append(Problem(op, "answer", f"not JSON-compatible: {str(e)[:200]}",
                                             SECTIONS.get(op, SECTIONS["conventions"])))
            return None
        return answer

    def result(self, op: str, params: dict) -> Optional[dict]:
        """Send ``op``; its answer when it is a result that fits the schema, else None
        (the problems noted)."""
        answer = self.send(op, params)
        if answer is None:
            return None
        if isinstance(answer, dict) and set(answer) == {"error"}:
            err = answer["error"] if isinstance(answer["error"], dict) else {}
            self.problems.append(Problem(op, "answer.error", f"refused a valid request: {err.get('code')!r}: "
                                                             f"{str(err.get('message'))[:200]}", SECTIONS["errors"]))
            return None
        found = schema_problems(op, answer)
        self.problems += found
        return None if found else answer

    def refusal(self, op: str, params: dict, code: str, why: str) -> None:
        """Send a bad request; the answer must be an error object with ``code``."""
        answer = self.send(op, params)
        if answer is None:
            return
        if not (isinstance(answer, dict) and set(answer) == {"error"}):
            self.problems.append(Problem(op, "answer", f"{why}: expected an error object with code {code!r}, got "
                                                       f"{json.dumps(answer)[:200]}", SECTIONS["errors"]))
            return
        found = schema_problems(op, answer)
        self.problems += found
        if not found and answer["error"]["code"] != code:
            self.problems.append(Problem(op, "answer.error.code", f"{why}: expected {code!r}, got "
                                                                  f"{answer['error']['code']!r}", SECTIONS["errors"]))

    def note(self, op: str, field: str, message: str, section: str) -> None:
        self.problems.append(Problem(op, field, message, SECTIONS.get(section, section)))


def _describe(c: Conversation) -> set[str]:
    d = c.result("describe", {})
    if d is None:
        return set()
    if not m.compatible(d["protocol_version"]):
        c.note("describe", "answer.protocol_version", f"{d['protocol_version']!r} is not a version 1.N of the "
                                                       f"protocol (the harness speaks {m.PROTOCOL_VERSION})",
               "describe")
    unknown = [x for x in d["capabilities"] if x not in vocab.CAPABILITIES]
    if unknown:
        c.note("describe", "answer.capabilities", f"not capability names: {', '.join(map(repr, unknown))}",
               "capabilities")
    return set(d["capabilities"])


def _wager(c: Conversation, op: str, params: dict, want: bool, why: str) -> Optional[str]:
    ack = c.result(op, params)
    if ack is None:
        return None
    if ack["accepted"] != want:
        c.note(op, "answer.accepted", f"{why}: expected {str(want).lower()}, got {str(ack['accepted']).lower()}"
               + (f" ({ack.get('reason')})" if ack.get("reason") else ""), op)
    elif want and not ack.get("wager_id"):
        c.note(op, "answer.wager_id", "an accepted wager needs its wager_id", op)
    elif not want and not (ack.get("reason") or "").strip():
        c.note(op, "answer.reason", "a refused wager needs a reason", op)
    return ack.get("wager_id") if ack["accepted"] else None


def _round(c: Conversation, record: dict, placed: set[str], op: str = "deal_round") -> None:
    answered = {w["wager_id"] for w in record["wagers"]}
    if record["status"] == "completed" and placed - answered:
        c.note(op, "answer.wagers", f"no settlement for wager(s) {', '.join(sorted(placed - answered))}", "wagers")
    strange = sorted({e["type"] for e in record["events"]
                      if e["type"] not in vocab.EVENT_TYPES and not e["type"].startswith("x_")})
    if strange:
        c.note(op, "answer.events", f"unknown event type(s) {', '.join(strange)} (a game's own start with x_)",
               "events")


def converse(c: Conversation, rules: dict) -> None:
    """The conversation, in the order of a round, then the bad requests."""
    caps = _describe(c)
    if c.unreachable is not None:  # nothing answers: one problem, not one per operation
        return
    stacked = "stacked_shoe" in caps
    rules = declared_rules(rules, caps)  # as a run does: no optional wager the game does not declare
    opened = c.result("open_table", {"rules": rules, "seats": [{"seat": s} for s in (1, 2, 3)],
                                     "test_mode": True})
    if opened is None:
        c.note("open_table", "answer", "no table: the rest of the conversation cannot be held", "open_table")
        return
    table = opened["table_id"]
    c.refusal("deal_round", {"table_id": table}, "invalid_state", "dealing before any shoe is started")
    shoe = c.result("start_shoe", {"table_id": table, **({"cards": STACK} if stacked else {})})
    banker = _wager(c, "place_wager", {"table_id": table, "seat": 1, "wager_type": "banker", "amount": "10.00"},
                    True, "a $10.00 Banker wager at an occupied seat")
    player = _wager(c, "place_wager", {"table_id": table, "seat": 2, "wager_type": "player", "amount": "10.00"},
                    True, "a $10.00 Player wager at an occupied seat")
    if banker:
        _wager(c, "change_wager", {"table_id": table, "wager_id": banker, "amount": "12.00"}, True,
               "raising a wager before \"no more bets\"")
    tie = _wager(c, "place_wager", {"table_id": table, "seat": 3, "wager_type": "tie", "amount": "5.00"}, True,
                 "a $5.00 Tie wager at an occupied seat")
    if tie:
        _wager(c, "withdraw_wager", {"table_id": table, "wager_id": tie}, True,
               "withdrawing a wager before \"no more bets\"")
    c.refusal("place_wager", {"table_id": table, "seat": 1, "wager_type": "player", "amount": "0.00"},
              "invalid_request", "a wager of $0.00")
    c.refusal("place_wager", {"table_id": NO_TABLE, "seat": 1, "wager_type": "player", "amount": "5.00"},
              "invalid_request", "a wager at a table never opened")
    c.result("no_more_bets", {"table_id": table})
    _wager(c, "place_wager", {"table_id": table, "seat": 3, "wager_type": "player", "amount": "5.00"}, False,
           "a wager after \"no more bets\" (§ 631a.8(c))")
    if shoe is not None:
        record = c.result("deal_round", {"table_id": table})
        if record is not None:
            _round(c, record, {w for w in (banker, player) if w})
    if "progressive" in caps:
        c.result("read_meters", {"table_id": table})
    if "player_leaves" in caps:
        c.result("player_leaves", {"table_id": table, "seat": 3})
    c.result("close_table", {"table_id": table})
    c.refusal("open_table", {"rules": {**rules, "wagers": {"x_check_protocol": {}}}}, "unsupported",
              "a Rules Submission offering a wager no game implements")
    if "batch" in caps and stacked:
        batch = c.result("run_rounds", {"rules": rules, "rounds": [
            {"cards": STACK, "wagers": [{"seat": 1, "wager_type": "player", "amount": "10.00"}]},
            {"cards": STACK[2:], "wagers": [{"seat": 2, "wager_type": "banker", "amount": "10.00"}]}]})
        if batch is not None:
            if len(batch["records"]) != 2:
                c.note("run_rounds", "answer.records", f"2 rounds asked, {len(batch['records'])} records",
                       "run_rounds")
            for record in batch["records"]:
                _round(c, record, set(), op="run_rounds")


def check_game(adapter: GameAdapter, rules: dict) -> tuple[list[Problem], int]:
    """Hold the conversation with the game behind ``adapter``; returns the problems found
    and the number of operations sent. The adapter is closed afterwards."""
    c = Conversation(adapter)
    try:
        converse(c, rules)
    finally:
        adapter.close()
    return c.problems, c.operations


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def check_protocol_command(args: argparse.Namespace, out: Callable[[str], None] = print,
                           err: Callable[[str], None] = _stderr) -> int:
    """``baccarat-conformance check-protocol``: exit 0 when every answer fits the
    protocol, 3 when a problem is found (each on a line of its own) or the game cannot be
    built, 2 when it cannot be reached (no answer to ``describe``: the exit status ``run``
    gives the same game, :data:`baccarat_conformance.verdict.contract.EXIT_CODES`)."""
    from baccarat_conformance.inputs.profile import load_profile

    started = time.perf_counter()
    if os.getcwd() not in sys.path:  # a --game module of the working directory, imported as a run imports it
        sys.path.insert(0, os.getcwd())
    try:
        rules = load_profile(args.profile).as_rules()
        adapter = build_adapter(args)
    except ConfigurationError as e:
        err(f"baccarat-conformance check-protocol: {e}")
        return 3
    except (Exception, SystemExit) as e:  # a game module that fails to import, a factory calling sys.exit
        err(f"baccarat-conformance check-protocol: --adapter {args.adapter}: the game cannot be built: "
            f"{type(e).__name__}: {e}")
        return 3
    c = Conversation(adapter)
    try:
        converse(c, rules)
    finally:
        adapter.close()
    seconds = time.perf_counter() - started
    if c.unreachable is not None:
        err(f"check-protocol: the game did not answer describe ({seconds:.1f} s): {c.unreachable}")
        return 2  # as run's preflight (harness/run/preflight.py): the conversation broke, not the input
    problems, sent = c.problems, c.operations
    for problem in problems:
        out(str(problem))
    verdict = "the answers fit the protocol" if not problems else f"{len(problems)} problem(s)"
    err(f"check-protocol: {sent} operations in {seconds:.1f} s, protocol {m.PROTOCOL_VERSION}: {verdict}")
    return 3 if problems else 0


def iter_sections() -> Iterator[str]:
    """Every anchor :data:`SECTIONS` names (a test checks that docs/protocol.md has them)."""
    yield from sorted(set(SECTIONS.values()) | {"operations"})
