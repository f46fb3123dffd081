"""Shared helpers of the step modules (not a step module itself: modules whose
name starts with "_" are not loaded as pytest plugins, so importing this one from
several step modules is safe)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn, Optional

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.judging.errors import AdapterError
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence

from ._deal_check import Deviation, after_irregularity, deviation, irregular_deviation, judge, own_failure, related


@dataclass
class TableHandle:
    """A table opened for one scenario: the adapter and the table's id, and the shoe
    and round records of the scenario so far, in order.

    ``clauses`` are the scenario's own clause ids. While the shoe is a stacked one,
    ``stack`` holds its cards not yet dealt, and every round :meth:`deal` deals is judged
    against the oracle's deal of them (:mod:`._deal_check`): a round the game deals
    otherwise blocks the scenario, unless the rule it broke is the scenario's own
    (``deviations``, by round id, for its steps to find)."""

    game: GameAdapter
    table_id: str
    rules: dict
    shoes: list[m.ShoeRecord] = field(default_factory=list)
    records: list[m.RoundRecord] = field(default_factory=list)
    clauses: tuple[str, ...] = ()
    stack: Optional[list[str]] = None
    deviations: dict[str, Deviation] = field(default_factory=dict)
    after: Optional[str] = None  # the § 631a.15 clause that decides the cards of the round after an irregularity

    def start_shoe(self, cards: Optional[list[str]] = None, **kw: Any) -> m.ShoeRecord:
        shoe = self.game.start_shoe(self.table_id, cards, **kw)
        evidence.attach_json("shoe record", shoe.model_dump(mode="json"))
        self.shoes.append(shoe)
        self.stack = None
        if cards is not None and list(cards[:len(shoe.burned)]) == list(shoe.burned):
            self.stack = list(cards[len(shoe.burned):])  # the burn's own scenarios judge how many it took
        return shoe

    def deal(self, **kw: Any) -> m.RoundRecord:
        """Deal a round (``deal_round`` with ``kw``). From a stacked shoe, the round is
        judged against the oracle's deal of the stack; a round staging an irregularity, on
        what §§ 631a.9 to 631a.11 decide in it (its hands, a simulated round's third cards),
        and the next round from the cards § 631a.15 leaves.

        :raises Blocked: when the game broke a rule of the deal that is not the scenario's.
        """
        record = self.game.deal_round(self.table_id, **kw)
        evidence.attach_json(f"round record {record.round_id}", record.model_dump(mode="json"))
        self.records.append(record)
        if self.stack is None:
            return record
        irregularity = kw.get("irregularity")
        after, self.after = self.after, None
        if irregularity is not None:
            dev, self.stack, self.after = irregular_deviation(
                record, self.stack, irregularity, self.rules.get("irregularity_procedure", "631a.15(c)(1)"))
        else:
            dev, used = deviation(record, self.stack)
            self.stack = self.stack[used:] if used is not None else None
            if dev is not None and after is not None:
                dev = after_irregularity(dev, after)
        if dev is not None and dev.simulated and related(self.clauses, dev) is None and \
                self._deals_by_the_rules(dev.simulated):
            dev = dev.of_the_simulated_round()
        if dev is not None:
            self.deviations[record.round_id] = dev
            judge(self.clauses, dev)
        return record

    def _deals_by_the_rules(self, cards: tuple[str, ...]) -> bool:
        """Whether the game deals ``cards`` as a round of play by §§ 631a.9 to 631a.11, on a
        table of its own (a control: a simulated round dealt otherwise breaks § 631a.15's
        "dealt in accordance with this chapter", not the rule the game keeps in play).
        False when it deals them otherwise, or the control cannot be dealt."""
        try:
            table_id = self.game.open_table(self.rules)
            try:
                self.game.start_shoe(table_id, list(cards))
                record = self.game.deal_round(table_id)
            finally:
                self.game.close_table(table_id)
        except AdapterError:
            return False
        evidence.attach_json(f"control round {record.round_id} (the simulated round's cards dealt as a round of play)",
                             record.model_dump(mode="json"))
        dev, _ = deviation(record, list(cards))
        return dev is None and record.status == "completed"

    def not_as_stacked(self, record: m.RoundRecord, feature_error: str) -> NoReturn:
        """A step found ``record`` is not the round the scenario's stack promises (no third
        card to check...): the game's deviation, as a failure of the scenario's clause
        (or blocked), or else a feature error (``ValueError``)."""
        dev = self.deviations.get(record.round_id)
        own_failure(self.clauses, [dev] if dev else [], feature_error)
