"""Batches of rounds read for a sweep: validate what is read, fully where it counts.

A sweep of 10^5 rounds (the § 631a.11 exhaustive scenario) judges only the hands of
each round, and validating every whole round record (cards, a dozen events,
announcements, meters: about 1.4 KB of JSON a round) cost more than the game's own
work. :func:`run_batches` therefore validates, in strict mode:

* every record's judged fields (:class:`~baccarat_conformance.protocol.models.RoundHandsRead`:
  status, the cards of each hand, the void reason), every record of every chunk;
* whole records (:class:`~baccarat_conformance.protocol.models.RoundRecord`) for the whole
  first chunk, which is always asked for whole;
* a sample of every later chunk: every :data:`SAMPLE_EVERY`-th record, at an offset
  that moves with the chunk, validated whole (as a ``RoundRecord``, or as a hands-only
  :class:`~baccarat_conformance.protocol.models.RoundHands` when the game sent one);
* every record the caller keeps as evidence (:meth:`BatchRead.record`,
  :meth:`BatchRead.full_records`).

A record that fails any of these is a :class:`~baccarat_conformance.judging.errors.ProtocolViolation`
naming the record and the field, as for any answer.
"""

from __future__ import annotations

import gc
from typing import Any, Iterator, Optional, Sequence, Union

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json

from baccarat_conformance.judging.errors import ProtocolViolation
from baccarat_conformance.protocol import models as m


#: the sample of a later chunk validated whole: one record in this many
SAMPLE_EVERY = 50

OP = "run_rounds"


class BatchRead:
    """The answer to one chunk of :func:`run_batches`.

    ``hands``: one read per round, in the order of ``rounds`` (a whole
    :class:`~baccarat_conformance.protocol.models.RoundRecord` for the first chunk, else a
    :class:`~baccarat_conformance.protocol.models.RoundHandsRead`). ``hands_only``: whether
    the harness asked for hands-only records.
    """

    def __init__(self, adapter: Any, rules: dict, rounds: list[m.BatchRound], answer: Any,
                 hands: list[Any], hands_only: bool):
        self.adapter, self.rules, self.rounds = adapter, rules, rounds
        self._answer = answer
        self._raw: Optional[list] = None
        self.hands = hands
        self.hands_only = hands_only

    def _raw_records(self) -> list:
        if self._raw is None:
            answer = self._answer
            self._raw = (from_json(answer) if isinstance(answer, (str, bytes)) else answer)["records"]
        return self._raw

    def record(self, i: int) -> Union[m.RoundRecord, m.RoundHands]:
        """Record ``i`` validated whole: a ``RoundRecord``, or a ``RoundHands`` when the game
        answered hands-only.

        :raises ProtocolViolation: naming the record and its faults.
        """
        if isinstance(self.hands[i], m.RoundRecord):
            return self.hands[i]
        raw = self._raw_records()[i]
        model: type[BaseModel] = m.RoundRecord if isinstance(raw, dict) and "round_id" in raw else m.RoundHands
        return _whole(model, raw, i)

    def full_records(self, indices: list[int]) -> dict[int, m.RoundRecord]:
        """Whole round records of the rounds ``indices``, validated: as the game sent them,
        or, for a record it sent hands-only, the same stacked shoe dealt again with whole
        records (one ``run_rounds``), which must deal the same round: the same status and
        the same cards in each hand as the hands-only record.

        :raises ProtocolViolation: a record does not fit the schema; a whole record dealt
            again contradicts the hands-only record of the same stacked shoe (naming both:
            the batch's answer is not the round the game deals).
        """
        out: dict[int, m.RoundRecord] = {}
        again = []
        for i in indices:
            record = self.record(i)
            if isinstance(record, m.RoundRecord):
                out[i] = record
            else:
                again.append(i)
        if again:
            records = self.adapter.run_rounds(self.rules, [self.rounds[i] for i in again])
            if len(records) != len(again):
                raise ProtocolViolation(f"{OP}: {len(records)} round records for {len(again)} shoes dealt again "
                                        f"whole", op=OP)
            for i, whole in zip(again, records):
                _same_round(i, self.hands[i], whole)
            out.update(zip(again, records))
        return out


def _cards(hand: Any) -> Optional[list[str]]:
    return list(hand.cards) if hand is not None else None


def _same_round(i: int, hands: Any, whole: m.RoundRecord) -> None:
    """The hands-only record ``i`` (``hands``) and the whole record of the same stacked
    shoe dealt again (``whole``) deal the same round.

    :raises ProtocolViolation: naming both records and what differs."""
    got = (hands.status, _cards(hands.player), _cards(hands.banker))
    want = (whole.status, _cards(whole.player), _cards(whole.banker))
    if got != want:
        def said(r: tuple) -> str:
            return f"{r[0]}, Player's Hand {' '.join(r[1] or ()) or 'none'}, Banker's Hand {' '.join(r[2] or ()) or 'none'}"

        raise ProtocolViolation(f"{OP}: hands-only record {i} of the answer ({said(got)}) contradicts round "
                                f"{whole.round_id}, the same stacked shoe dealt again with whole records "
                                f"({said(want)}): a batch's records are the rounds the game deals", op=OP)


def _whole(model: type[BaseModel], raw: Any, i: int) -> Any:
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise ProtocolViolation(f"{OP}: record {i} of the answer violates the protocol schema "
                                f"({model.__name__}):\n{schema_problems(e)}", op=OP) from None


def run_batches(adapter: Any, rules: dict, chunks: Sequence[list[m.BatchRound]],
                hands_only: bool = False) -> Iterator[BatchRead]:
    """:meth:`GameAdapter.run_batches <baccarat_conformance.adapters.base.GameAdapter.run_batches>`:
    one :class:`BatchRead` per chunk. The next chunk is handed to the transport
    (:meth:`~baccarat_conformance.adapters.base.GameAdapter.begin`) as soon as the current
    one's answer is in, before it is validated, so a transport that can (HTTP) has it in flight meanwhile.

    A game without capability ``batch`` plays the rounds one table at a time
    (:meth:`~baccarat_conformance.adapters.base.GameAdapter.run_rounds`), every record whole.

    :raises ProtocolViolation: see the module's docstring.
    """
    if not chunks:
        return
    if not adapter.has_capability("batch"):  # one table per round (GameAdapter.run_rounds), every record whole
        for rounds in chunks:
            yield BatchRead(adapter, rules, rounds, None, adapter.run_rounds(rules, rounds), False)
        return
    ask_hands = hands_only and adapter.has_capability("batch_hands")
    declared = adapter.declared_rules(rules)

    def begin(i: int) -> Any:
        hands, rounds = ask_hands and i > 0, chunks[i]  # each chunk taken once (a lazy sequence builds it then)
        return adapter.begin(OP, m.RunRoundsParams(rules=declared, rounds=rounds, hands_only=hands or None)), hands, rounds

    upcoming = begin(0)
    for i in range(len(chunks)):
        pending, hands, rounds = upcoming
        answer = adapter.answer(pending)
        if i + 1 < len(chunks):
            upcoming = begin(i + 1)
        document = adapter.decoded(pending, answer)  # JSON text read once, strictly; kept for the sample
        if i == 0:
            read: list[Any] = adapter.validated(pending, document, m.RunRoundsWholeResult).records
        else:
            read = adapter.validated(pending, document, m.RunRoundsRead).records
        batch = BatchRead(adapter, rules, rounds, document, read, hands)
        if len(read) == len(rounds):
            gc_was_on = gc.isenabled()
            gc.disable()  # the sample's models are fresh objects, not garbage to look for
            try:
                for j in range(i % SAMPLE_EVERY, len(read), SAMPLE_EVERY):
                    batch.record(j)
            finally:
                if gc_was_on:
                    gc.enable()
        yield batch


def schema_problems(error: ValidationError, limit: int = 8) -> str:
    """The first ``limit`` problems of a schema validation ``error``, one indented line each
    (``  field.path: message (got ...)``), and how many more there are."""
    lines = []
    for item in error.errors()[:limit]:
        loc = ".".join(str(x) for x in item["loc"])
        lines.append(f"  {loc}: {item['msg']} (got {str(item.get('input'))[:80]!r})")
    more = error.error_count() - limit
    if more > 0:
        lines.append(f"  ... and {more} more")
    return "\n".join(lines)
