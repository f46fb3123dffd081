"""Shared helpers of the step modules (not a step module itself: modules whose
name starts with "_" are not loaded as pytest plugins, so importing this one from
several step modules is safe)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence


@dataclass
class TableHandle:
    """A table opened for one scenario: the adapter and the table's id, and the shoe
    and round records of the scenario so far, in order."""

    game: GameAdapter
    table_id: str
    rules: dict
    shoes: list[m.ShoeRecord] = field(default_factory=list)
    records: list[m.RoundRecord] = field(default_factory=list)

    def start_shoe(self, cards: Optional[list[str]] = None, **kw: Any) -> m.ShoeRecord:
        shoe = self.game.start_shoe(self.table_id, cards, **kw)
        evidence.attach_json("shoe record", shoe.model_dump(mode="json"))
        self.shoes.append(shoe)
        return shoe

    def deal(self, **kw: Any) -> m.RoundRecord:
        record = self.game.deal_round(self.table_id, **kw)
        evidence.attach_json(f"round record {record.round_id}", record.model_dump(mode="json"))
        self.records.append(record)
        return record

