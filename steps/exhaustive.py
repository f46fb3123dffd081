"""The exhaustive third-card scenario: every combination of the four initial card
values with every value of the Player's third card (10^5 deals), each dealt from
its own stacked shoe through the adapter, every draw decision checked against the
oracle (58 Pa. Code § 631a.11)."""

from __future__ import annotations

import itertools
import time
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


def card_for(value: int, n: int) -> str:
    """A real card of Baccarat ``value`` (0-9); ``n`` varies the rank of zero-value
    cards and the suit, so the whole sweep uses every rank and suit."""
    rank = ZERO_RANKS[n % 4] if value == 0 else ("A" if value == 1 else str(value))
    return rank + SUITS[(n // 4) % 4]


def combinations(depth: str) -> Iterator[list[str]]:
    """Yield stacked shoes P1 B1 P2 B2 P3 B3 for every value combination of the first
    five cards (10^5 at depth standard or exhaustive). At depth smoke, the 10^4
    combinations with (P1 + 3*B1) % 10 == 0, which still cover every (Player's
    Point Count, Banker's Point Count, third-card value) triple."""
    for n, (p1, b1, p2, b2, p3) in enumerate(itertools.product(range(10), repeat=5)):
        if depth == "smoke" and (p1 + 3 * b1) % 10:
            continue
        yield [card_for(p1, n), card_for(b1, n + 1), card_for(p2, n + 2), card_for(b2, n + 3),
               card_for(p3, n + 5), card_for((n * 7) % 10, n + 7)]


def deciding_clause(coup: rules.Coup, hand: str) -> str:
    """The clause that decides whether ``hand`` gets a third card in ``coup``."""
    if coup.natural:
        return "631a.11(a)"
    if hand == "player":
        return "631a.11(b)(1)" if rules.player_draws(rules.point_count(coup.player[:2])) else "631a.11(b)(2)"
    if len(coup.player) == 2:
        return "631a.11(c)(1)"
    b2 = rules.point_count(coup.banker[:2])
    return "631a.11(c)(2)(i)" if b2 < 3 else "631a.11(c)(2)(ii)" if b2 == 7 else "631a.11(c)(2)(iii)"


@given("every combination of the four initial card values and the Player's third card value",
       target_fixture="sweep")
def sweep(depth: str) -> list[list[str]]:
    return list(combinations(depth))


@when("each combination is dealt from its own stacked shoe", target_fixture="sweep_records")
def deal_sweep(game: GameAdapter, rules_submission, sweep: list[list[str]]) -> list[m.RoundRecord]:
    rules_json = rules_submission.as_rules()
    records: list[m.RoundRecord] = []
    start = time.perf_counter()
    for i in range(0, len(sweep), CHUNK):
        records += game.run_rounds(rules_json, [m.BatchRound(cards=c) for c in sweep[i:i + CHUNK]])
    elapsed = time.perf_counter() - start
    evidence.attach_json("sweep timing", {"rounds": len(records), "seconds": round(elapsed, 3),
                                          "rounds_per_second": round(len(records) / elapsed, 1) if elapsed else None,
                                          "adapter": game.name})
    return records


@then("every hand is dealt exactly the cards § 631a.11 requires")
def check_sweep(sweep: list[list[str]], sweep_records: list[m.RoundRecord]) -> None:
    if len(sweep_records) != len(sweep):
        raise Nonconformance("631a.11", f"{len(sweep)} round records", f"{len(sweep_records)} round records")
    failures = []
    for cards, record in zip(sweep, sweep_records):
        coup = rules.deal(cards)
        for hand in ("player", "banker"):
            want = coup.player if hand == "player" else coup.banker
            got = record.player if hand == "player" else record.banker
            got_cards = tuple(got.cards) if got else None
            if got_cards != want:
                failures.append((deciding_clause(coup, hand), cards, hand, want, got_cards, record))
    if failures:
        by_clause: dict[str, int] = {}
        for f in failures:
            by_clause[f[0]] = by_clause.get(f[0], 0) + 1
        evidence.attach_json("sweep failures", [
            {"clause": c, "cards": cards, "hand": h, "required": list(w), "dealt": list(g) if g else None}
            for c, cards, h, w, g, _ in failures[:500]])
        clause, cards, hand, want, got, record = failures[0]
        evidence.attach_json("first failing round record", record.model_dump(mode="json"))
        summary = ", ".join(f"§ {c}: {n}" for c, n in sorted(by_clause.items()))
        raise Nonconformance(
            clause, f"the {hand}'s hand is {' '.join(want)}",
            f"dealt {' '.join(got) if got else 'no hand'}; {len(failures)} wrong hands in "
            f"{len(sweep)} rounds ({summary})", cards)
