"""The exhaustive third-card scenario: every combination of the four initial card
values with every value of the Player's third card (10^5 deals), each dealt from
its own stacked shoe through the adapter, every draw decision checked against the
oracle (58 Pa. Code § 631a.11)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Iterator

from pytest_bdd import given, then, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.errors import Nonconformance
from baccarat_conformance.oracle import ch631a as rules
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence

ZERO_RANKS = ("10", "J", "Q", "K")
SUITS = "CDHS"
CHUNK = 2500


class Batch(list):
    """A list whose repr stays short: Allure records every step argument by repr, and
    10^5 shoes or round records would cost more than dealing them."""

    def __repr__(self) -> str:
        return f"<{len(self)} items>"


def card_for(value: int, n: int) -> str:
    """A real card of Baccarat ``value`` (0-9); ``n`` varies the rank of zero-value
    cards and the suit, so the whole sweep uses every rank and suit."""
    rank = ZERO_RANKS[n % 4] if value == 0 else ("A" if value == 1 else str(value))
    return rank + SUITS[(n // 4) % 4]


def combinations(depth: str) -> Iterator[list[str]]:
    """Yield stacked shoes P1 B1 P2 B2 P3 B3 for every value combination of the first
    five cards (10^5 at depth standard or exhaustive). At depth smoke, 10^3 of them:
    one per (Player's Point Count, Banker's Point Count, third-card value) triple, the
    first cards varying with the triple, so every Table 1 cell and every draw rule is
    still dealt."""
    for n, (p1, b1, p2, b2, p3) in enumerate(itertools.product(range(10), repeat=5)):
        if depth == "smoke":
            pc, bc = (p1 + p2) % 10, (b1 + b2) % 10
            if p1 != (7 * pc + 3 * bc + p3) % 10 or b1 != (pc + 9 * bc + 3 * p3) % 10:
                continue
        yield [card_for(p1, n), card_for(b1, n + 1), card_for(p2, n + 2), card_for(b2, n + 3),
               card_for(p3, n + 5), card_for((n * 7) % 10, n + 7)]


@given("every combination of the four initial card values and the Player's third card value",
       target_fixture="sweep")
def sweep(depth: str) -> list[list[str]]:
    return Batch(combinations(depth))


@dataclass
class SweepOutcome:
    """What the sweep found: rounds dealt, wrong hands (at most :data:`KEEP` kept, with
    their records), counts per deciding clause, and the pace."""

    rounds: int = 0
    wrong: int = 0
    failures: list = field(default_factory=list)
    by_clause: dict = field(default_factory=dict)
    seconds: float = 0.0

    def __repr__(self) -> str:
        return f"SweepOutcome(rounds={self.rounds}, wrong={self.wrong})"


KEEP = 200


def _check_chunk(cards_list: list[list[str]], records: list[m.RoundRecord], outcome: SweepOutcome) -> None:
    for cards, record in zip(cards_list, records):
        coup = rules.deal(cards)
        for hand in ("player", "banker"):
            want = coup.player if hand == "player" else coup.banker
            got = record.player if hand == "player" else record.banker
            got_cards = tuple(got.cards) if got else None
            if got_cards != want:
                clause = rules.deciding_clause(coup, hand)
                outcome.wrong += 1
                outcome.by_clause[clause] = outcome.by_clause.get(clause, 0) + 1
                if len(outcome.failures) < KEEP:
                    outcome.failures.append((clause, cards, hand, want, got_cards, record))


@when("each combination is dealt from its own stacked shoe", target_fixture="sweep_outcome")
def deal_sweep(game: GameAdapter, rules_submission, sweep: list[list[str]]) -> SweepOutcome:
    """Deal the sweep in batches (``run_rounds``), checking each batch against the
    oracle as it arrives so only the failures are kept in memory."""
    rules_json = rules_submission.as_rules()
    outcome = SweepOutcome()
    start = time.perf_counter()
    for i in range(0, len(sweep), CHUNK):
        chunk = sweep[i:i + CHUNK]
        records = game.run_rounds(rules_json, [m.BatchRound(cards=c) for c in chunk])
        if len(records) != len(chunk):
            raise Nonconformance("631a.11", f"{len(chunk)} round records for {len(chunk)} shoes",
                                 f"{len(records)} round records")
        _check_chunk(chunk, records, outcome)
        outcome.rounds += len(records)
    outcome.seconds = time.perf_counter() - start
    evidence.attach_json("sweep timing", {
        "rounds": outcome.rounds, "seconds": round(outcome.seconds, 3),
        "rounds_per_second": round(outcome.rounds / outcome.seconds, 1) if outcome.seconds else None,
        "adapter": game.name})
    return outcome


@then("every hand is dealt exactly the cards § 631a.11 requires")
def check_sweep(sweep: list[list[str]], sweep_outcome: SweepOutcome) -> None:
    if not sweep_outcome.wrong:
        return
    evidence.attach_json("sweep failures", [
        {"clause": c, "cards": cards, "hand": h, "required": list(w), "dealt": list(g) if g else None}
        for c, cards, h, w, g, _ in sweep_outcome.failures])
    clause, cards, hand, want, got, record = sweep_outcome.failures[0]
    evidence.attach_json("first failing round record", record.model_dump(mode="json"))
    summary = ", ".join(f"§ {c}: {n}" for c, n in sorted(sweep_outcome.by_clause.items()))
    raise Nonconformance(
        clause, f"the {hand.capitalize()}'s Hand is {' '.join(want)}",
        f"dealt {' '.join(got) if got else 'no hand'}; {sweep_outcome.wrong} wrong hands in "
        f"{sweep_outcome.rounds} rounds ({summary})", cards)
