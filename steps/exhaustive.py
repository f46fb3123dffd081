"""The exhaustive third-card scenario: every combination of the four initial card
values with every value of the Player's third card (10^5 deals), each dealt from
its own stacked shoe through the adapter, every draw decision checked against the
oracle (58 Pa. Code § 631a.11).

The batch answers are checked against the rounds the game deals: about one round in
:data:`SAMPLE` of each hands-only batch is dealt again with whole records (a sample, so a
hands-only record that says otherwise is seen even where the hands look right), and the
first round found wrong is dealt again singly (``open_table``, ``start_shoe``,
``deal_round``). A batch record that contradicts the same stacked shoe dealt again is a
protocol error naming both records, never a draw-rule failure."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import itertools
import operator
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

import pytest

from pytest_bdd import given, then, when
from baccarat_conformance.compat import scenario_template  # the scenario of a test function

from baccarat_conformance.run import heartbeat
from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.adapters.batch import BatchRead
from baccarat_conformance.judging.errors import Nonconformance, ProtocolViolation
from baccarat_conformance.judging.judgements import counts_judgements, judged
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence

from ._deal_check import deviation, related, value_note

ZERO_RANKS = ("10", "J", "Q", "K")
SUITS = "CDHS"
CHUNK = 2500
#: the first batch of a sweep, validated whole (adapters/batch.py); the later ones are CHUNK rounds
FIRST_CHUNK = 200
#: one round in SAMPLE of a hands-only batch is dealt again whole (its first, then every SAMPLE-th)
SAMPLE = 50


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


def combinations(depth: str, first: Optional[int] = None) -> Iterator[list[str]]:
    """Yield stacked shoes P1 B1 P2 B2 P3 B3 for every value combination of the first
    five cards (10^5 at depth standard or exhaustive). At depth smoke, 10^3 of them:
    one per (Player's Point Count, Banker's Point Count, third-card value) triple, the
    first cards varying with the triple, so every Table 1 cell and every draw rule is
    still dealt. ``first``: only the shoes whose first card (the Player's) has that
    value (a slice: :func:`pytest_generate_tests`); the shoes are the same as in the
    whole sweep."""
    firsts = range(10) if first is None else (first,)
    for p1, (i, (b1, p2, b2, p3)) in itertools.product(firsts, enumerate(itertools.product(range(10), repeat=4))):
        n = p1 * 10**4 + i  # the shoe's number in the whole sweep: its cards do not depend on the slice
        if depth == "smoke":
            pc, bc = (p1 + p2) % 10, (b1 + b2) % 10
            if p1 != (7 * pc + 3 * bc + p3) % 10 or b1 != (pc + 9 * bc + 3 * p3) % 10:
                continue
        yield [card_for(p1, n), card_for(b1, n + 1), card_for(p2, n + 2), card_for(b2, n + 3),
               card_for(p3, n + 5), card_for((n * 7) % 10, n + 7)]


GIVEN_SWEEP = "every combination of the four initial card values and the Player's third card value"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """At depth standard or exhaustive, the sweep scenario runs as ten tests, one per
    value of the Player's first card (``[first card 0]`` ... ``[first card 9]``, 10^4
    deals each), which pytest-xdist spreads over its workers; at depth smoke (10^3
    deals) it stays one test. Each slice judges its own deals; together they deal the
    same shoes as one sweep."""
    if metafunc.config.getoption("--depth", "standard") == "smoke":
        return
    scenario = scenario_template(metafunc.function)
    if scenario is not None and any(step.name == GIVEN_SWEEP for step in scenario.steps):
        if "sweep_slice" not in metafunc.fixturenames:
            metafunc.fixturenames.append("sweep_slice")
        metafunc.parametrize("sweep_slice", range(10), ids=[f"first card {v}" for v in range(10)])


@pytest.fixture
def sweep_slice() -> Optional[int]:
    """The value of the Player's first card the sweep is limited to; None: the whole
    sweep (parametrized by :func:`pytest_generate_tests`)."""
    return None


@given(GIVEN_SWEEP, target_fixture="sweep")
def sweep(depth: str, sweep_slice: Optional[int]) -> list[list[str]]:
    return Batch(combinations(depth, sweep_slice))


@dataclass
class SweepOutcome:
    """What the sweep found: rounds dealt, wrong hands (at most :data:`KEEP` kept, with
    their records), counts per deciding clause, the rounds the game made void (every
    sweep stack completes its round: a void round is the game's fault, counted apart
    from wrong hands, by the game's reason, and blamed on the rule :func:`deviation`
    names), and the pace."""

    rounds: int = 0
    wrong: int = 0
    failures: list = field(default_factory=list)
    by_clause: dict = field(default_factory=dict)
    void: int = 0
    void_reasons: dict = field(default_factory=dict)
    voids: list = field(default_factory=list)
    seconds: float = 0.0

    def __repr__(self) -> str:
        return f"SweepOutcome(rounds={self.rounds}, wrong={self.wrong}, void={self.void})"


KEEP = 200


#: every card's value (§ 631a.6(a)), by the card
_VALUES = {r + s: ch631a.card_value(r + s) for r in ch631a.CARD_VALUES for s in SUITS}
#: the oracle's deal of a stacked shoe (:func:`~baccarat_conformance.oracle.ch631a.deal`) by
#: what it turns on: the stack's length, the Point Counts of the Player's and the Banker's
#: first two cards and the value of the fifth card (the Player's third card, when it draws);
#: kept as the positions in the stack of the Player's and of the Banker's cards
_DEALS: dict[tuple[int, ...], tuple[Callable[[list[str]], tuple[str, ...]], ...]] = {}


def _required_hands(cards: list[str]) -> tuple[Callable[[list[str]], tuple[str, ...]], ...]:
    """What takes from ``cards`` (a stacked shoe) the cards § 631a.11 deals to the Player's
    Hand and to the Banker's Hand, as the oracle deals them: two ``operator.itemgetter``
    of their positions (a hand has at least two cards, so each gives a tuple). Which cards go where
    turns only on the Point Counts of the first two cards of each hand (§ 631a.11(a)-(c))
    and the value of the Player's third card (§ 631a.11(c)(2), Table 1), so the oracle is
    asked once for each of those (at most 10^3 of them for a 10^5-stack sweep) and its
    answer kept as positions (asked for every stack, the oracle was a third of the sweep's
    own cost).

    :raises ValueError: as :func:`~baccarat_conformance.oracle.ch631a.deal` (a stack too
        short to complete its round, a string that is not a card)."""
    try:
        v = [_VALUES[c] for c in cards[:5]]
    except KeyError:  # not a card of the 52: the oracle says why
        v = []
    key = (len(cards), (v[0] + v[2]) % 10, (v[1] + v[3]) % 10, v[4] if len(v) > 4 else -1) if len(v) >= 4 else None
    dealt = _DEALS.get(key) if key is not None else None
    if dealt is None:
        order = [hand for _, hand in ch631a.deal(cards).order]
        dealt = (operator.itemgetter(*(k for k, h in enumerate(order) if h == "player")),
                 operator.itemgetter(*(k for k, h in enumerate(order) if h == "banker")))
        if key is not None:
            _DEALS[key] = dealt
    return dealt


def _check_chunk(cards_list: list[list[str]], batch: BatchRead, outcome: SweepOutcome) -> None:
    """Judge one chunk's hands against the oracle. A wrong or void round kept as evidence
    (the first :data:`KEEP` of each) is read whole (:meth:`BatchRead.full_records`)."""
    kept_void, kept_wrong = [], []
    for i, (cards, hands) in enumerate(zip(cards_list, batch.hands)):
        if hands.status == "void":
            outcome.void += 1
            reason = hands.void_reason or "no reason given"
            outcome.void_reasons[reason] = outcome.void_reasons.get(reason, 0) + 1
            if len(outcome.voids) + len(kept_void) < KEEP:
                kept_void.append(i)
            continue
        player, banker = _required_hands(cards)
        got_player, got_banker = hands.player, hands.banker
        if (got_player is not None and got_banker is not None and tuple(got_player.cards) == player(cards)
                and tuple(got_banker.cards) == banker(cards)):
            continue  # both hands as § 631a.11 deals them (the 10^5 of a conforming game: the loop's whole cost)
        for hand, want, got in (("player", player(cards), hands.player), ("banker", banker(cards), hands.banker)):
            got_cards = tuple(got.cards) if got else None
            if got_cards != want:
                clause = ch631a.deciding_clause(ch631a.deal(cards), hand)
                outcome.wrong += 1
                outcome.by_clause[clause] = outcome.by_clause.get(clause, 0) + 1
                if len(outcome.failures) + len(kept_wrong) < KEEP:
                    kept_wrong.append((i, clause, cards, hand, want, got_cards))
    sample = set(range(0, len(cards_list), SAMPLE)) if batch.hands_only else set()
    if not kept_void and not kept_wrong and not sample:
        return
    # the sample dealt again whole must deal the rounds the hands-only records say (a
    # contradiction raises ProtocolViolation naming both records: adapters/batch.py)
    records = batch.full_records(sorted(sample | {i for i in kept_void} | {w[0] for w in kept_wrong}))
    outcome.voids += [(deviation(records[i], cards_list[i])[0], records[i]) for i in kept_void]
    outcome.failures += [(clause, cards, hand, want, got, records[i])
                         for i, clause, cards, hand, want, got in kept_wrong]


@when("each combination is dealt from its own stacked shoe", target_fixture="sweep_outcome")
def deal_sweep(game: GameAdapter, rules_submission, sweep: list[list[str]]) -> SweepOutcome:
    """Deal the sweep in batches (``run_rounds``, hands-only after the first where the
    game offers it, the next batch in flight while one is judged: adapters/batch.py),
    checking each batch against the oracle as it arrives so only the failures are kept
    in memory."""
    rules_json = rules_submission.as_rules()
    outcome = SweepOutcome()
    start = time.perf_counter()
    with _long_lived_frozen():
        _deal(game, rules_json, sweep, outcome)
    outcome.seconds = time.perf_counter() - start
    evidence.attach_json("sweep timing", {
        "rounds": outcome.rounds, "seconds": round(outcome.seconds, 3),
        "rounds_per_second": round(outcome.rounds / outcome.seconds, 1) if outcome.seconds else None,
        "adapter": game.name})
    return outcome


@contextlib.contextmanager
def _long_lived_frozen() -> Iterator[None]:
    """While the sweep deals, the objects that outlive it (the stacks, the session's own)
    are left out of Python's cyclic garbage collection (:func:`gc.freeze`): the millions of
    short-lived objects a sweep makes trigger collections that would otherwise walk all of
    them each time (a third of the harness's time). What the sweep makes is collected as usual."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def chunked(sweep: list[list[str]]) -> list[list[list[str]]]:
    """The sweep's stacks in the batches it sends: :data:`FIRST_CHUNK`, then :data:`CHUNK` each."""
    heads = [sweep[:FIRST_CHUNK]] + [sweep[i:i + CHUNK] for i in range(FIRST_CHUNK, len(sweep), CHUNK)]
    return [chunk for chunk in heads if chunk]


class _Rounds(Sequence):
    """The sweep's chunks of stacked shoes as :class:`~baccarat_conformance.protocol.models.BatchRound`
    lists, each built when it is sent: the 10^4 rounds of a slice are not all held (and walked
    by every garbage collection) while it deals."""

    def __init__(self, shoes: list[list[list[str]]]):
        self.shoes = shoes

    def __len__(self) -> int:
        return len(self.shoes)

    def __getitem__(self, i: Any) -> Any:
        return [m.BatchRound(cards=c) for c in self.shoes[i]]


def _deal(game: GameAdapter, rules_json: dict, sweep: list[list[str]], outcome: SweepOutcome) -> None:
    shoes = chunked(sweep)
    batches = game.run_batches(rules_json, _Rounds(shoes), hands_only=True)
    done = 0
    for chunk, batch in zip(shoes, batches):
        heartbeat.beat(done, len(sweep), "deals")
        done += len(chunk)
        if len(batch.hands) != len(chunk):
            raise Nonconformance("631a.11", f"{len(chunk)} round records for {len(chunk)} shoes",
                                 f"{len(batch.hands)} round records")
        _check_chunk(chunk, batch, outcome)
        outcome.rounds += len(batch.hands)
    heartbeat.beat(len(sweep), len(sweep), "deals", force=True)


def _void_summary(outcome: SweepOutcome) -> str:
    """``3 rounds void: "the dealing shoe is empty" (3)``."""
    reasons = ", ".join(f'"{r}" ({n})' if r != "no reason given" else f"no reason given ({n})"
                        for r, n in sorted(outcome.void_reasons.items(), key=lambda kv: -kv[1]))
    return f"{outcome.void} round{'s' if outcome.void != 1 else ''} void: {reasons}"


def _miscounted(outcome: SweepOutcome) -> Optional[tuple]:
    """The first wrong round kept whose record reports a Point Count § 631a.6 does not give
    its hand's cards (outside 0 to 9, § 631a.6(b), or wrong for the cards), as a
    :class:`~._deal_check.Deviation` of § 631a.6 with its record; None when every kept wrong
    round reports the counts of its cards: the third-card rules are the sweep's to judge."""
    for _, cards, _, _, _, record in outcome.failures:
        if isinstance(record, m.RoundRecord):
            dev, _ = deviation(record, cards)
            if dev is not None and dev.clause.startswith("631a.6"):
                return dev, record
    return None


def _said(record: m.RoundRecord) -> str:
    def cards(hand: Optional[m.HandRecord]) -> str:
        return " ".join(hand.cards) if hand is not None and hand.cards else "none"

    return f"{record.status}, Player's Hand {cards(record.player)}, Banker's Hand {cards(record.banker)}"


def dealt_singly(game: GameAdapter, rules: dict, cards: list[str], record: m.RoundRecord) -> None:
    """Deal the stacked shoe ``cards`` singly (a table of its own: ``open_table``,
    ``start_shoe`` with the cards, ``deal_round``) and check it deals the round the batch
    ``record`` of the same shoe says (its status and each hand's cards). A game that burns
    cards of a stacked shoe deals another round: then nothing is compared.

    :raises ProtocolViolation: naming both records, when they differ (the batch's answer
        is not the round the game deals).
    """
    table = game.open_table(rules)
    shoe = game.start_shoe(table, list(cards))
    if shoe.burned:
        return
    single = game.deal_round(table)
    evidence.attach_json("the first wrong round dealt singly", single.model_dump(mode="json"))
    if _said(single) != _said(record):
        raise ProtocolViolation(
            f"run_rounds: the batch record of the stacked shoe {' '.join(cards)} ({_said(record)}) contradicts "
            f"round {single.round_id}, the same stacked shoe dealt singly with deal_round ({_said(single)}): "
            "a batch's records are the rounds the game deals", op="run_rounds")


@then("every hand is dealt exactly the cards § 631a.11 requires")
@counts_judgements
def check_sweep(sweep: list[list[str]], sweep_outcome: SweepOutcome, scenario_clauses: tuple[str, ...],
                game: GameAdapter, rules_submission) -> None:
    judged(sweep_outcome.rounds, "rounds checked")
    if not sweep_outcome.wrong and not sweep_outcome.void:
        return
    evidence.attach_json("sweep failures", [
        {"clause": c, "cards": cards, "hand": h, "required": list(w), "dealt": list(g) if g else None}
        for c, cards, h, w, g, _ in sweep_outcome.failures] + [
        {"clause": dev.clause if dev else None, "cards": list(dev.cards) if dev else None, "void": r.void_reason,
         "required": dev.required if dev else None}
        for dev, r in sweep_outcome.voids])
    voids = f"; {_void_summary(sweep_outcome)}" if sweep_outcome.void else ""
    if not sweep_outcome.wrong:  # only void rounds: blamed on the rule the game broke to want a card
        dev, record = sweep_outcome.voids[0]
        evidence.attach_json("first void round record", record.model_dump(mode="json"))
        assert dev is not None  # a sweep stack always completes its round
        dev = dataclasses.replace(dev, observed=f"{dev.observed}{voids} in {sweep_outcome.rounds} rounds")
        own = related(scenario_clauses, dev)
        if own is None:  # a void not of § 631a.11's making (e.g. § 631a.15(e)): the sweep could not judge it
            raise dev.blocked()
        raise dev.nonconformance(own)
    clause, cards, hand, want, got, record = sweep_outcome.failures[0]
    evidence.attach_json("first failing round record", record.model_dump(mode="json"))
    dealt_singly(game, rules_submission.as_rules(), cards, record)  # the batch's answer is the game's deal
    summary = ", ".join(f"§ {c}: {n}" for c, n in sorted(sweep_outcome.by_clause.items()))
    counted = _miscounted(sweep_outcome)
    if counted is not None:  # the game drew by Point Counts § 631a.6 does not give: the draws rest on them
        dev, record = counted
        evidence.attach_json("first miscounted round record", record.model_dump(mode="json"))
        dev = dataclasses.replace(dev, observed=f"{dev.observed}; {sweep_outcome.wrong} wrong hands in "
                                                f"{sweep_outcome.rounds} rounds ({summary}){voids}")
        own = related(scenario_clauses, dev)
        if own is None:
            raise dev.blocked()
        raise dev.nonconformance(own)
    coup = ch631a.deal(cards)
    raise Nonconformance(
        clause, f"the {hand.capitalize()}'s Hand is {' '.join(want)}{value_note(ch631a.decision_cards(coup, hand))}",
        f"dealt {' '.join(got) if got else 'no hand'}; {sweep_outcome.wrong} wrong hands in "
        f"{sweep_outcome.rounds} rounds ({summary}){voids}", cards)
