"""The adapter interface: how the harness talks to a game under test.

Like requests' ``BaseAdapter``, a transport implements one method, :meth:`send`
(one protocol operation, JSON object in, JSON object out) and :meth:`close`.
Everything else — typed operations, schema validation, the exchange transcript kept
as evidence — lives here, once, for every transport.

Steps only ever see :class:`GameAdapter`'s typed methods.
"""

from __future__ import annotations

import gc
import json
import re
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, Optional, Sequence

from pydantic import BaseModel, ValidationError

from baccarat_conformance.judging.errors import (AdapterError, CapabilityMissing, ConfigurationError, GameCrash, GameRefused,
                                         ProtocolViolation, Unsupported)
from baccarat_conformance.protocol import models as m
from baccarat_conformance.protocol.vocabulary import CORE_WAGERS, WAGER_TYPES

from . import wire_json
from .batch import run_batches, schema_problems


BULKY_OPS = frozenset({"run_rounds", "play_shoes"})
#: shoes of a scenario kept for its replay record (the last ones: a property scenario's
#: shrunk example is played last)
SHOES_KEPT = 32

#: ``--operation-timeout``: the longest one operation may take, in seconds (0: unbounded)
DEFAULT_OPERATION_TIMEOUT = 120.0
#: ``--max-answer-bytes``: the largest answer read (decoded size). The largest answer the
#: suite asks for, a ``run_rounds`` of 2,000 rounds with six side wagers placed in each,
#: is about 6 MB of JSON.
DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024
_SIZE_UNITS = {"": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 1000**2, "mb": 1000**2, "mib": 1024**2,
               "g": 1000**3, "gb": 1000**3, "gib": 1024**3}


def parse_size(text: Any) -> int:
    """``"33554432"``, ``"32MiB"``, ``"16 MB"`` -> bytes.

    :raises ConfigurationError: naming the value when it is not a positive size.
    """
    match = re.fullmatch(r"\s*(\d+)\s*([a-zA-Z]*)\s*", str(text))
    unit = match.group(2).lower() if match else ""
    if not match or unit not in _SIZE_UNITS or int(match.group(1)) <= 0:
        raise ConfigurationError(f"--max-answer-bytes {text!r}: expected a positive size in bytes, e.g. 33554432 "
                                 f"or 32MiB")
    return int(match.group(1)) * _SIZE_UNITS[unit]


def _declared(group: Any) -> set[str]:
    return {name for option in getattr(group, "options", []) for name in option.names()}


def add_bound_options(group: Any, size: bool = True) -> None:
    """Declare the options every adapter shares, once, whichever adapter asks first:
    ``--operation-timeout`` and (``size``) ``--max-answer-bytes``."""
    declared = _declared(group)
    if "--operation-timeout" not in declared:
        group.addoption("--operation-timeout", default=str(DEFAULT_OPERATION_TIMEOUT), metavar="SECONDS",
                        help=f"every adapter: the longest one operation may take, answer included, before it "
                             f"fails as an adapter error (default {DEFAULT_OPERATION_TIMEOUT:g}; 0: no bound); "
                             f"see docs/security.md")
    if size and "--max-answer-bytes" not in declared:
        group.addoption("--max-answer-bytes", default=str(DEFAULT_MAX_ANSWER_BYTES), metavar="BYTES",
                        help=f"http and serial adapters: the largest answer read, after decompression (default "
                             f"{DEFAULT_MAX_ANSWER_BYTES} = 32MiB; suffixes KiB, MiB, GiB allowed)")


def _getoption(config: Any, name: str, default: Any) -> Any:
    try:
        value = config.getoption(name)
    except (ValueError, KeyError, AttributeError):  # not declared (a vendor's config, a test's stand-in)
        return default
    return default if value is None else value


def operation_timeout_option(config: Any) -> Optional[float]:
    """``--operation-timeout`` in seconds, or None for no bound (0).

    :raises ConfigurationError: naming the value when it is not a number >= 0.
    """
    text = _getoption(config, "--operation-timeout", DEFAULT_OPERATION_TIMEOUT)
    try:
        seconds = float(text)
    except (TypeError, ValueError):
        seconds = -1.0
    if not seconds >= 0 or seconds == float("inf"):
        raise ConfigurationError(f"--operation-timeout {text!r}: expected seconds >= 0 (0: no bound), e.g. 120")
    return seconds or None


def played_shoes_problem(played: list[dict], shoes: int, planned: int, deal: bool) -> Optional[str]:
    """The first problem of a ``play_shoes`` answer read as
    :class:`~baccarat_conformance.protocol.models.PlayedShoeRead` dicts (``shoes`` asked,
    ``planned`` wagers, ``deal``), naming the record (shoe id, round id and the round's
    place in its shoe), or None: another number of shoes than asked; rounds dealt with
    ``deal`` false; a round settling another number of wagers than planned; a completed
    (or simulated) round without both hands, or a hand of other than two or three cards
    (§ 631a.9(c): two cards each; § 631a.10(c): "In no event may more than one additional
    card be dealt to either hand"), which no check can judge; two rounds of the answer
    with one ``round_id`` (a record must name one round)."""
    if len(played) != shoes:
        return f"{len(played)} shoes played for {shoes} asked"
    ids: dict[str, str] = {}
    for shoe in played:
        rounds = shoe.get("rounds") or ()
        if not deal and rounds:
            return f"shoe {shoe['shoe_id']} was dealt with deal false"
        for k, r in enumerate(rounds):
            where = f"round {r.get('round_id') or '?'} of shoe {shoe['shoe_id']} (its round {k + 1})"
            if len(r.get("wagers") or ()) != planned:
                return f"{where} settles {len(r.get('wagers') or ())} wagers for the {planned} of the plan"
            if r.get("status", "completed") != "void":
                for hand in ("player", "banker"):
                    cards = r.get(hand)
                    if cards is None or not 2 <= len(cards) <= 3:
                        return (f"{where} is {r.get('status', 'completed')} with the {hand.capitalize()}'s Hand "
                                f"{'missing' if cards is None else 'of ' + str(len(cards)) + ' card(s): ' + ' '.join(cards)}"
                                "; a hand holds two cards, or three with its third card (§ 631a.9(c), § 631a.10(c))")
            round_id = r.get("round_id")
            if round_id is not None:
                if round_id in ids:
                    return f"{where} has the round_id of {ids[round_id]}: each round has its own round_id"
                ids[round_id] = where
    return None


def max_answer_bytes_option(config: Any) -> int:
    """``--max-answer-bytes`` in bytes."""
    return parse_size(_getoption(config, "--max-answer-bytes", DEFAULT_MAX_ANSWER_BYTES))


@dataclass
class Exchange:
    """One request and its answer, kept as evidence (secrets never enter here)."""

    op: str
    params: Any
    response: Any = None
    error: Optional[str] = None
    elapsed_ms: float = 0.0
    raw: Optional[str] = None  # transport-level transcript (HTTP text, serial bytes in hex)

    def as_dict(self) -> dict:
        params, response = self.params, self.response
        if self.op == "play_shoes":  # shoes of thousands of rounds: summarised
            params = {k: v for k, v in (params or {}).items() if k != "seeds"}
            shoes = response.get("shoes") if isinstance(response, dict) else None
            if isinstance(shoes, list):
                response = {"shoes": len(shoes)}
            elif isinstance(response, (str, bytes)):
                response = f"<{len(response)} bytes of JSON>"
        elif self.op in BULKY_OPS:  # a batch of thousands of rounds: the failing rounds are attached by the step
            params = {"rounds": len((params or {}).get("rounds", []))}
            records = response.get("records") if isinstance(response, dict) else None
            if isinstance(records, list):
                response = {"records": len(records)}
            elif isinstance(response, (str, bytes)):
                response = f"<{len(response)} bytes of JSON>"
        d = {"op": self.op, "params": params, "response": response, "elapsed_ms": round(self.elapsed_ms, 3)}
        if self.error:
            d["error"] = self.error
        if self.raw:
            d["raw"] = self.raw
        return d


@dataclass
class Pending:
    """An operation sent (or to be sent) whose answer is awaited: ``wait()`` returns the
    raw answer; ``started`` is its :func:`time.perf_counter` at :meth:`GameAdapter.begin`."""

    op: str
    exchange: Exchange
    wait: Callable[[], Any]
    started: float


@dataclass
class Transcript:
    """The exchanges of one scenario, in order. Bounded: the oldest are summarised
    away past ``limit`` entries, so an exhaustive scenario cannot exhaust memory."""

    limit: int = 200
    exchanges: list[Exchange] = field(default_factory=list)
    dropped: int = 0
    #: the capabilities the scenario asked the adapter for (:meth:`GameAdapter.require`)
    capabilities_used: set[str] = field(default_factory=set)
    #: the last :data:`SHOES_KEPT` shoes the scenario asked for, as sent (``start_shoe``'s
    #: params but the table id: ``cards``, ``seed``, ``cover_card_index``, ``burn``,
    #: ``cut_offset``), kept apart from :attr:`exchanges` so none is summarised away
    shoes: deque = field(default_factory=lambda: deque(maxlen=SHOES_KEPT))
    #: every ``start_shoe`` sent in the scenario (also those no longer in :attr:`shoes`)
    shoes_sent: int = 0
    #: rounds sent in ``run_rounds`` batches (their stacks are not kept: a sweep is
    #: thousands of rounds, dealt again the same way by the same scenario at the same depth)
    batch_rounds: int = 0

    def add(self, exchange: Exchange) -> None:
        if exchange.op == "start_shoe" and isinstance(exchange.params, dict):
            self.shoes.append({k: v for k, v in exchange.params.items() if k != "table_id"})
            self.shoes_sent += 1
        elif exchange.op == "run_rounds" and isinstance(exchange.params, dict):
            self.batch_rounds += len(exchange.params.get("rounds") or ())
        self.exchanges.append(exchange)
        if len(self.exchanges) > self.limit:
            del self.exchanges[0]
            self.dropped += 1

    def as_json(self, max_chars: int = 400_000) -> str:
        doc = {"dropped_earlier_exchanges": self.dropped, "exchanges": [e.as_dict() for e in self.exchanges]}
        text = json.dumps(doc, indent=1, default=str)
        if len(text) > max_chars:
            text = text[:max_chars] + "\n... (truncated)"
        return text


class GameAdapter:
    """Base class of every adapter plugin.

    Subclasses set :attr:`name`, implement :meth:`send` and :meth:`close`, and build
    themselves from pytest options in :meth:`from_config` (declaring those options in
    :meth:`add_options`). Register the class under the entry-point group
    ``baccarat_conformance.adapters``. To have the statistical verification's worker
    processes reach the game too, return the parsed options from :meth:`worker_options`
    (rebuilt by :meth:`from_worker_options`); a transport of one connection at a time sets
    :attr:`many_connections` False.
    """

    name: ClassVar[str] = "base"
    #: an adapter that holds secrets sets a :class:`~baccarat_conformance.adapters.redact.Redactor`;
    #: :meth:`call` then also passes every error through it (the adapter redacts what
    #: the game sent before anything is built from it; this is the second net)
    redactor: Any = None

    def __init__(self) -> None:
        self.transcript = Transcript()
        self._description: Optional[m.GameDescription] = None

    # ---------------------------------------------------------- plugin surface
    @classmethod
    def add_options(cls, group: Any) -> None:
        """Declare this adapter's pytest options on ``group`` (an OptionGroup)."""

    @classmethod
    def check_workers(cls, workers: int) -> None:
        """Refuse to be used by ``workers`` pytest-xdist worker processes at once (0 or 1:
        one process), when the game cannot be shared: ``run -n`` asks before the run,
        and :meth:`from_config` should ask too (pytest alone). Any number by default.

        :raises ConfigurationError: saying why, and what to run instead.
        """

    @classmethod
    def from_config(cls, config: Any) -> "GameAdapter":
        """Build the adapter from a pytest ``Config``.

        :raises ConfigurationError: naming the missing or bad option.
        """
        raise NotImplementedError

    #: False for a transport that allows one connection to the game at a time (a serial
    #: device talks to one host): the statistical verification then plays over this very
    #: adapter, in the run's process, as many shoes as the line rate allows in its time
    #: budget (docs/statistics.md), never on workers
    many_connections: ClassVar[bool] = True

    def worker_options(self) -> Optional[dict]:
        """The options this adapter was built with, already parsed by :meth:`from_config`,
        from which :meth:`from_worker_options` builds another adapter to the same game in a
        worker process of the statistical verification (a local process or a Dask worker,
        where no pytest config exists). Must pickle: ``str``, numbers, ``bool``, ``None``
        and lists and dicts of them. Secrets should not be in it: read them from the
        worker's environment in :meth:`from_worker_options`.

        None (the default): the adapter cannot be rebuilt, and the statistics play over
        this adapter in the run's process, one chunk after another.
        """
        return None

    @classmethod
    def from_worker_options(cls, options: dict) -> "GameAdapter":
        """A new adapter to the same game, in a worker process, from what
        :meth:`worker_options` returned in the run's process. Default: ``cls(**options)``.

        :raises ConfigurationError: naming what is wrong (the worker cannot reach the game).
        """
        return cls(**options)

    def send(self, op: str, params: dict) -> dict | str | bytes:
        """Perform one protocol operation and return the answer: a decoded JSON object,
        or the raw JSON text (validated faster, straight from the text).

        Transport failures raise :class:`AdapterError` subclasses; the answer is
        *not* validated here. ``exchange.raw`` may be filled with a transport transcript
        through :meth:`note_raw`.
        """
        raise NotImplementedError

    def close(self) -> None:
        """Release the transport."""

    @property
    def description(self) -> Optional[m.GameDescription]:
        """The game's ``describe`` answer if it was asked for already (cached), else None;
        never sends anything."""
        return self._description

    # ---------------------------------------------------------- machinery
    def note_raw(self, text: str) -> None:
        """Attach a transport-level transcript to the exchange in progress."""
        if self.transcript.exchanges:
            self.transcript.exchanges[-1].raw = text

    def call(self, op: str, params: Optional[BaseModel] = None) -> BaseModel:
        """Send ``op`` with ``params``, validate the answer against the protocol and
        return the typed result.

        :raises GameRefused: (or :class:`Unsupported`) when the game answers with an error object.
        :raises ProtocolViolation: when the answer does not fit the schema.
        :raises AdapterError: when the transport fails.
        """
        pending = self.begin(op, params)
        return self.validated(pending, self.answer(pending), m.OPERATIONS[op][1])

    def begin(self, op: str, params: Optional[BaseModel] = None) -> "Pending":
        """Start ``op``: check the capabilities it needs, note it in the transcript and
        hand it to the transport (:meth:`dispatch`). :meth:`answer` waits for the answer.

        :raises CapabilityMissing: before anything is sent.
        """
        payload = _payload(params)
        for capability, what in capabilities_needed(op, payload):
            self.require(capability, what)
        exchange = Exchange(op, payload)
        self.transcript.add(exchange)
        return Pending(op, exchange, self.dispatch(op, payload, exchange), time.perf_counter())

    def dispatch(self, op: str, payload: dict, exchange: "Exchange") -> Callable[[], Any]:
        """Hand ``op`` to the transport; return what waits for its raw answer. Here the
        operation is sent only when its answer is awaited; a transport that can have an
        operation in flight while the harness works (HTTP: ``run_rounds`` on a second
        connection) starts it at once."""
        return lambda: self.send(op, payload)

    def answer(self, pending: "Pending") -> Any:
        """The raw answer of ``pending`` (JSON text or a decoded object), not validated.

        :raises AdapterError: when the transport fails (noted in the transcript).
        """
        exchange = pending.exchange
        try:
            return pending.wait()
        except AdapterError as e:
            e.op = e.op or pending.op
            e.exchange = e.exchange or exchange.as_dict()
            if self.redactor:
                self.redactor.error(e)
            exchange.error = f"{type(e).__name__}: {e}"
            raise
        finally:
            exchange.elapsed_ms = (time.perf_counter() - pending.started) * 1000

    def decoded(self, pending: "Pending", answer: Any) -> Any:
        """``answer`` as a JSON value: JSON text read once, strictly (adapters/wire_json.py: a
        key given twice, NaN or Infinity is a protocol error), the exchange noting the text
        (or its size, past 100,000 characters); a decoded object (a library game's) as it
        is. A bulky answer (``run_rounds``, ``play_shoes``) is read with Python's cyclic
        garbage collection paused: its hundred thousand fresh objects are not walked again
        and again while they are made.

        :raises ProtocolViolation: the text is not JSON, naming the fault (redacted)."""
        if not isinstance(answer, (str, bytes)):
            return answer
        exchange = pending.exchange
        exchange.response = answer if len(answer) <= 100_000 else f"<{len(answer)} bytes of JSON>"
        try:
            with _gc_paused(pending.op in BULKY_OPS):
                return wire_json.loads(answer)
        except ValueError as e:
            error = ProtocolViolation(f"{pending.op}: the answer is not valid JSON ({e}): {answer[:200]!r}",
                                      op=pending.op, exchange=exchange.as_dict())
            raise (self.redactor.error(error) if self.redactor else error) from None

    def validated(self, pending: "Pending", answer: Any, result_model: type[BaseModel]) -> BaseModel:
        """``answer`` (JSON text, or a JSON value: :meth:`decoded`) validated as
        ``result_model`` (see :meth:`_result`), errors redacted."""
        document = self.decoded(pending, answer)
        try:
            with _gc_paused(pending.op in BULKY_OPS):
                return self._result(pending.op, result_model, pending.exchange, document)
        except AdapterError as e:
            if self.redactor:
                self.redactor.error(e)
            raise

    def _result(self, op: str, result_model: type[BaseModel], exchange: Exchange, answer: Any) -> BaseModel:
        """Validate ``answer`` (a decoded JSON value) as the result of ``op``. The exchange
        keeps it as its response unless it noted the answer's text already (:meth:`decoded`)
        and the answer is a result that fits: an answer that does not is kept decoded, for
        the evidence to show it."""
        if exchange.response is None or not isinstance(answer, dict) or set(answer) == {"error"}:
            exchange.response = answer
        if not isinstance(answer, dict):
            raise ProtocolViolation(f"{op}: the answer is not a JSON object: {str(answer)[:200]!r}", op=op,
                                    exchange=exchange.as_dict())
        if "error" in answer and set(answer) == {"error"}:
            try:
                err = m.ProtocolError.model_validate(answer["error"])
            except ValidationError as e:
                raise ProtocolViolation(f"{op}: malformed error object: {e}", op=op, exchange=exchange.as_dict())
            if err.code == "unsupported":
                raise Unsupported(err.code, err.message, op=op, exchange=exchange.as_dict())
            if err.code == "internal":
                raise GameCrash(f"{op}: the game failed: {err.message}", op=op, exchange=exchange.as_dict())
            raise GameRefused(err.code, err.message, op=op, exchange=exchange.as_dict())
        try:
            return result_model.model_validate(answer)
        except ValidationError as e:
            exchange.response = answer
            raise ProtocolViolation(
                f"{op}: the answer violates the protocol schema ({result_model.__name__}):\n{schema_problems(e)}",
                op=op, exchange=exchange.as_dict()) from None

    # ---------------------------------------------------------- capabilities
    # A scenario declares the capabilities it needs (tags @capability.X, judged before any
    # step by baccarat_conformance.run.gating); this is the safety net under those tags: the
    # adapter never asks a game for a capability it does not declare in describe.
    def has_capability(self, capability: str) -> bool:
        """Whether the game declares ``capability`` (``describe``, cached per adapter)."""
        return capability in self.describe().capabilities

    def require(self, capability: str, what: str) -> None:
        """Note that the scenario needs ``capability`` (in the transcript's
        ``capabilities_used``), and refuse ``what`` when the game does not declare it.

        :raises CapabilityMissing: before anything is sent to the game.
        """
        self.transcript.capabilities_used.add(capability)
        if not self.has_capability(capability):
            raise CapabilityMissing(capability, what)

    def disclosed_cards(self, shoe: m.ShoeRecord) -> Optional[list[str]]:
        """The stack ``start_shoe`` disclosed in ``shoe`` (None if the game left it out).

        :raises CapabilityMissing: when the game does not declare ``shoe_disclosure``.
        """
        self.require("shoe_disclosure", "reading the stack a shoe record discloses")
        return shoe.cards

    # ---------------------------------------------------------- typed operations
    def describe(self) -> m.GameDescription:
        """The game's identity, variants and capabilities (cached per adapter)."""
        if self._description is None:
            self._description = self.call("describe")  # type: ignore[assignment]
        return self._description  # type: ignore[return-value]

    def declared_rules(self, rules: dict) -> dict:
        """``rules`` without the optional wagers the game does not declare (``wager.<type>``
        in ``describe``): the host never asks a game for a capability it does not declare,
        so a table is opened with the rest of the Rules Submission, and the scenarios of
        the wagers left out are *not verified (the game lacks capability wager.X)*, never
        an error of every scenario. ``rules`` itself when nothing is left out."""
        return declared_rules(rules, self.describe().capabilities)

    def open_table(self, rules: dict, seats: Optional[list[m.SeatSpec]] = None, test_mode: bool = True) -> str:
        """Open a fresh table under ``rules`` (a Rules Submission as JSON, less the wagers the
        game does not declare: :meth:`declared_rules`); returns its id."""
        r = self.call("open_table", m.OpenTableParams(rules=self.declared_rules(rules), seats=seats or None,
                                                      test_mode=test_mode))
        return r.table_id  # type: ignore[attr-defined]

    def start_shoe(self, table_id: str, cards: Optional[list[str]] = None, **kw: Any) -> m.ShoeRecord:
        return self.call("start_shoe", m.StartShoeParams(table_id=table_id, cards=cards, **kw))  # type: ignore

    def place_wager(self, table_id: str, seat: int, wager_type: str, amount: Any, hand: Optional[str] = None,
                    option: Optional[str] = None) -> m.WagerAck:
        return self.call("place_wager", m.PlaceWagerParams(table_id=table_id, seat=seat, wager_type=wager_type,
                                                           amount=str(amount), hand=hand, option=option))  # type: ignore

    def change_wager(self, table_id: str, wager_id: str, amount: Any) -> m.WagerAck:
        return self.call("change_wager", m.ChangeWagerParams(table_id=table_id, wager_id=wager_id,
                                                             amount=str(amount)))  # type: ignore

    def withdraw_wager(self, table_id: str, wager_id: str) -> m.WagerAck:
        return self.call("withdraw_wager", m.WithdrawWagerParams(table_id=table_id, wager_id=wager_id))  # type: ignore

    def no_more_bets(self, table_id: str) -> list[m.Event]:
        return self.call("no_more_bets", m.TableRef(table_id=table_id)).events  # type: ignore

    def deal_round(self, table_id: str, choices: Optional[list[m.DealChoice]] = None,
                   irregularity: Optional[m.Irregularity] = None) -> m.RoundRecord:
        return self.call("deal_round", m.DealRoundParams(table_id=table_id, choices=choices or [],
                                                         irregularity=irregularity))  # type: ignore

    def read_meters(self, table_id: str) -> list[m.Meter]:
        return self.call("read_meters", m.TableRef(table_id=table_id)).meters  # type: ignore

    def player_leaves(self, table_id: str, seat: int) -> list[m.Event]:
        return self.call("player_leaves", m.PlayerLeavesParams(table_id=table_id, seat=seat)).events  # type: ignore

    def close_table(self, table_id: str) -> list[m.Event]:
        return self.call("close_table", m.TableRef(table_id=table_id)).events  # type: ignore

    def run_rounds(self, rules: dict, rounds: list[m.BatchRound]) -> list[m.RoundRecord]:
        """Play many rounds in one request when the game has capability ``batch``;
        otherwise one table per round through the single-round operations."""
        if "batch" in self.describe().capabilities:
            pending = self.begin("run_rounds", m.RunRoundsParams(rules=self.declared_rules(rules), rounds=rounds))
            return self.validated(pending, self.answer(pending), m.RunRoundsWholeResult).records  # type: ignore
        records = []
        for spec in rounds:
            table_id = self.open_table(rules)
            self.start_shoe(table_id, spec.cards)
            for w in spec.wagers:
                self.place_wager(table_id, **w)
            records.append(self.deal_round(table_id))
            self.close_table(table_id)
        return records

    def play_shoes(self, table_id: str, shoes: int, wagers: list[m.PlannedWager], seeds: Optional[list[int]] = None,
                   deal: bool = True) -> list[dict]:
        """``play_shoes`` (capability ``batch_shoes``, protocol 1.3): ``shoes`` shoes of the
        game's own shuffle (seeded with ``seeds``, capability ``seeded_shuffle``) played to
        their end on table ``table_id`` with the wager plan ``wagers`` placed before every
        round (``deal`` False: only shuffled). One shoe a dict, in order, read strictly as
        :class:`~baccarat_conformance.protocol.models.PlayedShoeRead` (its rounds
        :class:`~baccarat_conformance.protocol.models.PlayedRoundRead`, money as Decimal).

        :raises CapabilityMissing: before anything is sent, without ``batch_shoes`` (or
            ``seeded_shuffle`` for ``seeds``, ``wager.<type>`` for an optional wager).
        :raises ProtocolViolation: the answer does not fit the schema, holds another number
            of shoes than asked, a round whose settlements do not match the plan one to one,
            a completed round whose hands are not of two or three cards each (a record the
            host cannot judge: 58 Pa. Code § 631a.9(c), § 631a.10(c)), or two rounds with
            one ``round_id``; each naming the record.
        """
        op = "play_shoes"
        pending = self.begin(op, m.PlayShoesParams(table_id=table_id, shoes=shoes, seeds=seeds, wagers=wagers,
                                                    deal=deal))
        played: list[dict] = self.validated(pending, self.answer(pending), m.PlayShoesRead).shoes  # type: ignore
        problem = played_shoes_problem(played, shoes, len(wagers), deal)
        if problem:
            raise ProtocolViolation(f"{op}: {problem}", op=op, exchange=pending.exchange.as_dict())
        return played

    def run_batches(self, rules: dict, chunks: Sequence[list[m.BatchRound]], hands_only: bool = False) -> Iterator[Any]:
        """Play ``chunks`` of rounds (``run_rounds``, capability ``batch``), yielding one
        :class:`~baccarat_conformance.adapters.batch.BatchRead` per chunk, in order: the
        fields a sweep judges read strictly from every record, whole records where it
        counts (adapters/batch.py). ``hands_only``: ask the game for hands-only records
        after the first chunk (when it declares ``batch_hands``). Without ``batch``, one
        table per round, as :meth:`run_rounds`.

        :raises ProtocolViolation: a record read, or validated whole, does not fit the schema.
        """
        return run_batches(self, rules, chunks, hands_only)


_PLAIN = (str, int, bool)


def _payload(params: Optional[BaseModel]) -> dict:
    """``params`` as the JSON object sent: ``model_dump(mode="json", exclude_none=True)``.
    A ``run_rounds`` batch whose wagers hold only strings, integers and booleans is dumped
    here, its rounds copied as they are (the same object, without pydantic's serializer
    walking thousands of rounds)."""
    if params is None:
        return {}
    if type(params) is m.RunRoundsParams and all(type(v) in _PLAIN for r in params.rounds for w in r.wagers
                                                 for v in w.values()):
        head = params.model_dump(mode="json", exclude_none=True, exclude={"rounds"})
        rounds = [{"cards": list(r.cards), "wagers": [dict(w) for w in r.wagers]} for r in params.rounds]
        return {"rules": head["rules"], "rounds": rounds, **{k: v for k, v in head.items() if k != "rules"}}
    return params.model_dump(mode="json", exclude_none=True)


@contextmanager
def _gc_paused(pause: bool) -> Iterator[None]:
    """Python's cyclic garbage collection off for the block when ``pause`` (and it was on)."""
    if not pause or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def declared_rules(rules: dict, capabilities: Any) -> dict:
    """``rules`` less the optional wagers whose ``wager.<type>`` is not among
    ``capabilities`` (:meth:`GameAdapter.declared_rules`); ``rules`` itself when none is."""
    wagers = rules.get("wagers") or {}
    missing = [w for w in wagers if w in WAGER_TYPES and w not in CORE_WAGERS and f"wager.{w}" not in capabilities]
    if not missing:
        return rules
    return {**rules, "wagers": {w: v for w, v in wagers.items() if w not in missing}}


def capabilities_needed(op: str, params: dict) -> list[tuple[str, str]]:
    """The capabilities (``protocol.vocabulary.CAPABILITIES``) that performing ``op`` with
    ``params`` (as on the wire) needs, each with what needs it: ``start_shoe`` with
    ``cards`` needs ``stacked_shoe``, with ``seed`` ``seeded_shuffle``; ``run_rounds``
    ``batch`` and ``stacked_shoe``; ``play_shoes`` ``batch_shoes`` (with ``seeds``
    ``seeded_shuffle``); ``deal_round`` with ``irregularity``
    ``irregularities``; ``player_leaves`` and ``read_meters`` (``progressive``) their
    own; a wager other than Banker, Player and Tie ``wager.<type>``."""
    need: list[tuple[str, str]] = []
    if op == "start_shoe":
        if params.get("cards") is not None:
            need.append(("stacked_shoe", "start_shoe with cards"))
        if params.get("seed") is not None:
            need.append(("seeded_shuffle", "start_shoe with seed"))
    elif op == "run_rounds":
        need += [("batch", "run_rounds"), ("stacked_shoe", "run_rounds: rounds from stacked shoes")]
        wagers = {w.get("wager_type") for r in params.get("rounds", ()) for w in r.get("wagers", ())}
        need += [(f"wager.{t}", f"run_rounds with a {t} wager")
                 for t in sorted(t for t in wagers if t in WAGER_TYPES and t not in CORE_WAGERS)]
    elif op == "play_shoes":
        need.append(("batch_shoes", "play_shoes"))
        if params.get("seeds") is not None:
            need.append(("seeded_shuffle", "play_shoes with seeds"))
        need += [(f"wager.{t}", f"play_shoes with a {t} wager")
                 for t in sorted({w.get("wager_type") for w in params.get("wagers", ())})
                 if t in WAGER_TYPES and t not in CORE_WAGERS]
    elif op == "deal_round" and params.get("irregularity") is not None:
        need.append(("irregularities", "deal_round with an irregularity"))
    elif op == "player_leaves":
        need.append(("player_leaves", "player_leaves"))
    elif op == "read_meters":
        need.append(("progressive", "read_meters"))
    elif op == "place_wager":
        wager_type = params.get("wager_type")
        if wager_type in WAGER_TYPES and wager_type not in CORE_WAGERS:
            need.append((f"wager.{wager_type}", f"place_wager {wager_type}"))
    return need


AdapterFactory = Callable[[Any], GameAdapter]
