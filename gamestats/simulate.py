"""One chunk of the statistical verification: shoes of the game's own shuffle, and the
rounds dealt from them, reduced to counts that merge exactly.

A chunk is addressed by ``(run_seed, index)``: shoe ``i`` of chunk ``c`` is shuffled by
the game with the 64-bit seed :func:`shoe_seed` ``(run_seed, c, i)`` (capability
``seeded_shuffle``), so any chunk can be replayed alone, on any machine. Without that
capability the game shuffles with its own entropy (the counts are as valid, the chunk
is not reproducible). Everything a chunk returns is a :class:`Counts` of integers
(numpy ``int64`` arrays, Python ints, exact :class:`~fractions.Fraction` sums), so
:meth:`Counts.merge` gives the same totals in any order and over any split.

A worker builds its own adapter from :class:`GameSettings` (picklable: a library
factory path, an HTTP URL, or an adapter plugin's own parsed options,
:meth:`~baccarat_conformance.adapters.base.GameAdapter.worker_options`), never from the
test session's objects; an adapter that cannot be rebuilt plays its chunks in the run's
process over its one connection (:func:`play_chunk`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
import weakref
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Optional

import numpy as np

from baccarat_conformance.adapters.base import DEFAULT_MAX_ANSWER_BYTES, GameAdapter, Transcript
from baccarat_conformance.judging.errors import ProtocolViolation
from baccarat_conformance.judging.errors import GameTimeout
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import par_wagers
from baccarat_conformance.oracle.settlement import coup_of
from baccarat_conformance.protocol.models import PlannedWager

from .shoe_account import Fault, Unaccounted, account_shoe

__all__ = ["RANKS", "SUITS", "STAKE", "stake_for", "OFFSET_BINS", "GameSettings", "Plan", "Counts", "WagerKey",
           "shoe_seed", "run_chunk", "play_chunk",
           "count_round", "count_played_round", "shoes_per_request"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
STAKE = Decimal("100.00")
"""The stake of every simulated wager where the table limits allow it (:func:`stake_for`)."""
_TWENTY = Decimal(20)


def stake_for(rules: dict, wager_type: str) -> Decimal:
    """The stake in dollars the statistics place on ``wager_type``: :data:`STAKE` brought
    within the table limits the Rules Submission ``rules`` files for it
    (``limits[wager_type]``, else ``limits["default"]``), a multiple of $20 where the
    limits hold one (5% of it, rounded to 25¢ or not, and every paytable's odds then come
    to whole cents). A game refusing a wager outside its filed limits is right to."""
    limits = rules.get("limits") or {}
    own = limits.get(wager_type) or limits.get("default") or {}
    lo = Decimal(own["min"]) if own.get("min") else Decimal("0.01")
    hi = Decimal(own["max"]) if own.get("max") else None
    stake = max(STAKE, lo) if hi is None else min(max(STAKE, lo), hi)
    if stake % _TWENTY:
        down = (stake // _TWENTY) * _TWENTY
        for s in (down, down + _TWENTY):
            if s > 0 and s >= lo and (hi is None or s <= hi):
                return s.quantize(Decimal("0.01"))
    return stake.quantize(Decimal("0.01"))


OFFSET_BINS = 52
"""Bins of the displacement test: how far (cyclically, in cards) a card lies after the
nearest pre-shuffle position of a card like it, the last bin holding 51 and more."""
ROUND_EVENTS = ("banker_win", "player_win", "tie", "natural", "player_natural", "banker_natural",
                "player_pair", "banker_pair")
"""Round events counted and judged against ``round_outcome_probabilities`` (the par sheet)."""

WagerKey = tuple[str, Optional[str], Optional[str]]
"""``(wager_type, hand, option)``: one offered wager of the par sheet."""


@dataclass(frozen=True)
class GameSettings:
    """How a worker process reaches the game (picklable).

    ``adapter``: ``library`` (``game``: ``package.module:factory``) or ``http``
    (``url``; credentials from the worker's environment, as for ``--adapter http``), or
    any adapter plugin's name with ``options``, what its
    :meth:`~baccarat_conformance.adapters.base.GameAdapter.worker_options` returned
    (rebuilt by its ``from_worker_options``).
    ``operation_timeout``: seconds per call (0: no bound, ``--operation-timeout 0``).
    ``max_answer_bytes``: the largest answer read (``--max-answer-bytes``), which also
    bounds the shoes asked for in one ``play_shoes``. ``batch``: use ``play_shoes`` when
    the game declares ``batch_shoes`` (False: one operation at a time, as for a game
    without it).
    """

    adapter: str = "library"
    game: str = "baccarat_conformance.reference_game:create_game"
    url: Optional[str] = None
    operation_timeout: float = 120.0
    options: Optional[dict] = field(default=None, hash=False)
    max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES
    batch: bool = True

    def connect(self) -> GameAdapter:
        """A new adapter to the game.

        :raises ConfigurationError: for an adapter plugin without ``options``, or a bad
            factory / URL / options.
        """
        from baccarat_conformance.adapters import load_adapter_class  # by entry point: no transport imported here
        from baccarat_conformance.judging.errors import ConfigurationError

        if self.options is not None:
            return load_adapter_class(self.adapter).from_worker_options(dict(self.options))
        kw = {"operation_timeout": self.operation_timeout or None}
        if self.adapter == "library":
            from baccarat_conformance.adapters.library import load_factory

            return load_adapter_class("library")(load_factory(self.game)(), **kw)
        if self.adapter == "http":
            if not self.url:
                raise ConfigurationError("the statistics over HTTP need the game's URL (--url)")
            return load_adapter_class("http")(self.url, max_answer_bytes=self.max_answer_bytes, **kw)
        raise ConfigurationError(f"--adapter {self.adapter}: the statistics' workers rebuild an adapter plugin "
                                 "from the options its worker_options() returns; none were given")


@dataclass(frozen=True)
class Plan:
    """What every chunk of one simulation does.

    ``rules``: the Rules Submission as sent to ``open_table``; ``run_seed``: the seed of
    the whole run; ``shoes``: shoes per chunk; ``play``: deal every shoe to its end,
    placing ``wagers`` (``(wager_type, hand, option)``, each at :func:`stake_for`) before
    every round; ``seeded``: pass :func:`shoe_seed` to ``start_shoe``; ``audited``: the
    wager types whose every settlement is compared with the oracle's (fixed odds: not
    the progressives, whose pay depends on the meters).
    """

    rules: dict
    run_seed: int
    shoes: int
    play: bool = False
    seeded: bool = True
    wagers: tuple[WagerKey, ...] = ()
    audited: frozenset = frozenset()


def shoe_seed(run_seed: int, chunk: int, shoe: int) -> int:
    """The 64-bit seed of shoe ``shoe`` of chunk ``chunk``: spread over all 64 bits, so a
    game that keeps only a few of them repeats its shoes (the repeat test sees it)."""
    digest = hashlib.sha256(f"{run_seed}:{chunk}:{shoe}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _zeros(*shape: int) -> np.ndarray:
    return np.zeros(shape, dtype=np.int64)


@dataclass
class Counts:
    """What one or more chunks saw. Shapes: ``rank_pos`` 13 x ``size``, ``suit_pos``
    4 x ``size`` (position in the shuffled stack, before the cut when the game reports
    ``cut_offset``; else in dealing order); ``offset_obs`` / ``offset_exp_n``
    :data:`OFFSET_BINS` (observed displacements, and ``size`` times their expected
    counts); money in cents, ``stake`` the cents staked on each wager (one stake a wager:
    :func:`stake_for`). ``played``: shoes dealt to their end (``shoes`` counts the stacks
    disclosed for the shuffle tests); ``faulty`` / ``unaccounted``: of those, the shoes
    whose account (:func:`~.shoe_account.account_shoe`) found a fault / could not be
    made, ``fault`` / ``gap`` the first of each (by shoe id)."""

    shoes: int = 0
    size: int = 0
    odd_sizes: int = 0
    uncut: int = 0
    rank_pos: np.ndarray = field(default_factory=lambda: _zeros(13, 0))
    suit_pos: np.ndarray = field(default_factory=lambda: _zeros(4, 0))
    serial_n: int = 0
    serial_sum: int = 0
    serial_sq: int = 0
    serial_var: int = 0
    runs: int = 0
    runs_expected: Fraction = Fraction(0)
    runs_variance: Fraction = Fraction(0)
    digests: Counter = field(default_factory=Counter)
    declared: int = 0
    offset_obs: np.ndarray = field(default_factory=lambda: _zeros(OFFSET_BINS))
    offset_exp_n: np.ndarray = field(default_factory=lambda: _zeros(OFFSET_BINS))
    rounds: int = 0
    void: int = 0
    events: Counter = field(default_factory=Counter)
    outcomes: dict = field(default_factory=dict)
    net_sum: Counter = field(default_factory=Counter)
    net_sq: Counter = field(default_factory=Counter)
    placed: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    audited: Counter = field(default_factory=Counter)
    mispaid: Counter = field(default_factory=Counter)
    mispaid_examples: list = field(default_factory=list)
    stake: dict = field(default_factory=dict)
    played: int = 0
    faulty: int = 0
    fault: Optional[Fault] = None
    unaccounted: int = 0
    gap: Optional[Unaccounted] = None

    def merge(self, other: "Counts") -> "Counts":
        """The sum of two counts (a new object; integer sums, exact in any order).

        :raises ValueError: when the two saw shoes of different sizes.
        """
        if self.size and other.size and self.size != other.size:
            raise ValueError(f"chunks saw shoes of {self.size} and {other.size} cards")
        out = Counts(size=self.size or other.size)
        for name in ("shoes", "odd_sizes", "uncut", "serial_n", "serial_sum", "serial_sq", "serial_var", "runs",
                     "runs_expected", "runs_variance", "declared", "rounds", "void", "offset_obs", "offset_exp_n",
                     "played", "faulty", "unaccounted"):
            setattr(out, name, getattr(self, name) + getattr(other, name))
        for name in ("rank_pos", "suit_pos"):
            a, b = getattr(self, name), getattr(other, name)
            setattr(out, name, a + b if a.size and b.size else (a if a.size else b).copy())
        for name in ("digests", "events", "net_sum", "net_sq", "placed", "refused", "audited", "mispaid"):
            setattr(out, name, _add(getattr(self, name), getattr(other, name)))
        out.outcomes = {k: _add(self.outcomes.get(k, Counter()), other.outcomes.get(k, Counter()))
                        for k in {**self.outcomes, **other.outcomes}}
        out.mispaid_examples = (self.mispaid_examples + other.mispaid_examples)[:20]
        out.stake = {**self.stake, **other.stake}  # the same stake a wager in every chunk (stake_for)
        out.fault = _first(self.fault, other.fault)
        out.gap = _first(self.gap, other.gap)
        return out

    def account(self, found: Any) -> None:
        """Count one shoe dealt to its end, with what :func:`~.shoe_account.account_shoe`
        found of it (None: accounted)."""
        self.played += 1
        if isinstance(found, Fault):
            self.faulty += 1
            self.fault = _first(self.fault, found)
        elif isinstance(found, Unaccounted):
            self.unaccounted += 1
            self.gap = _first(self.gap, found)


def _first(a: Any, b: Any) -> Any:
    """Of two findings (or None), the one of the smaller shoe id: the same in any merge order."""
    if a is None or b is None:
        return a if b is None else b
    return min(a, b, key=lambda f: (len(f.shoe_id), f.shoe_id, f.clause))


def _add(a: Counter, b: Counter) -> Counter:
    """``a + b`` keeping zero and negative sums (``Counter.__add__`` drops them: a net loss)."""
    out = Counter(a)
    out.update(b)
    return out


# ------------------------------------------------------------------ the shuffle
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_CARD_INDEX = {r + s: 13 * j + i for j, s in enumerate(SUITS) for i, r in enumerate(RANKS)}


@functools.lru_cache(maxsize=8)
def _displacements(declared: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """For a declared pre-shuffle order of n cards: ``D[p, c]``, the bin of the cyclic
    distance from the nearest pre-shuffle position of card ``c`` (index of
    :data:`_CARD_INDEX`) up to position ``p``; and n times the expected count of every
    bin for one shoe when every arrangement is equally likely (each position holds
    each of the n cards with probability 1/n)."""
    n = len(declared)
    ids = np.array([_CARD_INDEX[c] for c in declared])
    dist = np.full((n, 52), n, dtype=np.int64)
    positions = np.arange(n)
    for origin, c in enumerate(ids):
        dist[:, c] = np.minimum(dist[:, c], (positions - origin) % n)
    bins = np.minimum(dist, OFFSET_BINS - 1)
    exp_n = np.zeros(OFFSET_BINS, dtype=np.int64)
    per_card = np.bincount(ids, minlength=52)  # copies of each card: position p holds card c with prob copies/n
    for c in range(52):
        if per_card[c]:
            exp_n += per_card[c] * np.bincount(bins[:, c], minlength=OFFSET_BINS)
    return bins, exp_n


def _runs(low: list[bool]) -> tuple[int, Fraction, Fraction]:
    """Wald-Wolfowitz runs of a two-valued sequence: (runs, expected, variance) under
    every arrangement of its values being equally likely."""
    n1 = sum(low)
    n2 = len(low) - n1
    runs = 1 + sum(a != b for a, b in zip(low, low[1:])) if low else 0
    n = n1 + n2
    if n1 == 0 or n2 == 0:
        return runs, Fraction(runs), Fraction(0)
    mean = Fraction(2 * n1 * n2, n) + 1
    var = Fraction(2 * n1 * n2 * (2 * n1 * n2 - n), n * n * (n - 1))
    return runs, mean, var


def count_shoe(counts: Counts, cards: list[str], cut_offset: Optional[int], declared: Optional[list[str]]) -> None:
    """Add one disclosed stack (dealing order) to ``counts``."""
    n = len(cards)
    if not counts.size:
        counts.size = n
        counts.rank_pos, counts.suit_pos = _zeros(13, n), _zeros(4, n)
    if n != counts.size:
        counts.odd_sizes += 1
        return
    counts.shoes += 1
    counts.digests[hashlib.sha256(" ".join(cards).encode()).hexdigest()[:16]] += 1
    shift = cut_offset % n if cut_offset is not None else 0
    counts.uncut += cut_offset is None
    stack = cards[n - shift:] + cards[:n - shift]  # the shuffled stack, before the cut
    pos = np.arange(n)
    counts.rank_pos[[_RANK_INDEX[ch631a.rank(c)] for c in stack], pos] += 1
    counts.suit_pos[[_SUIT_INDEX[ch631a.suit(c)] for c in stack], pos] += 1
    # successive card values in dealing order: D = n^2 * (sum of lag-1 products of the
    # centred values + their variance), whose mean is 0 for a random arrangement
    v = [ch631a.card_value(c) for c in cards]
    total, squares = sum(v), sum(x * x for x in v)
    lag = sum(a * b for a, b in zip(v, v[1:]))
    d = n * n * lag - n * total * (2 * total - v[0] - v[-1]) + (n - 1) * total * total + n * squares - total * total
    counts.serial_n += 1
    counts.serial_sum += d
    counts.serial_sq += d * d
    counts.serial_var += n * squares - total * total
    runs, mean, var = _runs([x <= 4 for x in v])
    counts.runs += runs
    counts.runs_expected += mean
    counts.runs_variance += var
    if declared is not None and len(declared) == n and all(c in _CARD_INDEX for c in declared):
        bins, exp_n = _displacements(tuple(declared))
        counts.declared += 1
        counts.offset_obs += np.bincount(bins[pos, [_CARD_INDEX[c] for c in stack]], minlength=OFFSET_BINS)
        counts.offset_exp_n += exp_n


# ------------------------------------------------------------------ the rounds
def count_round(counts: Counts, record: Any, models: dict, placed: dict, audited: frozenset) -> None:
    """Add one round record to ``counts``: its events (from the hands dealt, judged by
    the oracle), each wager's outcome on the par sheet, net result (cents) and, for the
    wager types in ``audited``, the settlement audit (the net result the game paid
    against the oracle's settlement of the cards dealt). ``placed``: wager id -> its
    :data:`WagerKey` (a settlement of another wager is not counted)."""
    if record.status != "completed" or record.player is None or record.banker is None:
        counts.void += 1
        return
    player, banker = tuple(record.player.cards), tuple(record.banker.cards)
    coup = _count_hands(counts, player, banker)
    seen = _Round(coup)
    for result in record.wagers:
        key = placed.get(result.wager_id)
        if key is not None:
            _count_wager(counts, models, audited, seen, key, result.amount, result.paid, result.vigorish,
                         record.round_id)


def count_played_round(counts: Counts, played: dict, models: dict, plan: list[tuple[WagerKey, Decimal]],
                       audited: frozenset) -> None:
    """:func:`count_round` for a compact round of ``play_shoes`` (protocol 1.3, read as
    :class:`~baccarat_conformance.protocol.models.PlayedRoundRead`): ``plan`` holds each
    planned wager's key and stake, in the plan's order, as ``played["wagers"]`` holds
    their settlements (None: refused, counted in ``counts.refused``). The same counts as
    the round played one operation at a time."""
    settlements = played.get("wagers") or ()
    for (key, _), settled_wager in zip(plan, settlements):
        if settled_wager is None:
            counts.refused[key] += 1
        else:
            counts.placed[key] += 1
    player, banker = played.get("player"), played.get("banker")
    if played.get("status", "completed") != "completed" or player is None or banker is None:
        counts.void += 1
        return
    player, banker = tuple(player), tuple(banker)
    seen = _Round(_count_hands(counts, player, banker))
    zero = _ZERO
    for (key, stake), w in zip(plan, settlements):
        if w is not None:
            _count_wager(counts, models, audited, seen, key, stake, w["paid"], w.get("vigorish", zero),
                         played.get("round_id"))


_ZERO = Decimal("0")


class _Round:
    """A counted round: its coup, and what the memo of :func:`settled` reads of it
    (computed once a round, not once a wager)."""

    __slots__ = ("coup", "_values")

    def __init__(self, coup: Any):
        self.coup = coup
        self._values: Optional[tuple] = None

    @property
    def values(self) -> tuple:
        """(Player, Banker) by :func:`_value_class`."""
        if self._values is None:
            self._values = (_value_class(self.coup.player), _value_class(self.coup.banker))
        return self._values


def _count_hands(counts: Counts, player: tuple, banker: tuple) -> Any:
    """Count a completed round's events; its coup (the oracle's reading of the hands)."""
    counts.rounds += 1
    coup = coup_of(player, banker)
    pn, bn = ch631a.is_natural(player), ch631a.is_natural(banker)
    for name, hit in ((f"{coup.winner}_win" if coup.winner != "tie" else "tie", True), ("natural", pn or bn),
                      ("player_natural", pn), ("banker_natural", bn),
                      ("player_pair", ch631a.rank(player[0]) == ch631a.rank(player[1])),
                      ("banker_pair", ch631a.rank(banker[0]) == ch631a.rank(banker[1]))):
        counts.events[name] += bool(hit)
    return coup


_SETTLED: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
"""model.settle -> {what it reads of a round: its settlement}, per process (the models
of a Rules Submission are built once a process: :func:`_models`)."""
_SETTLED_MAX = 200_000


def settled(model: Any, seen: Any) -> Any:
    """``model.settle(coup)``, the oracle's settlement of one wager in the round ``seen``
    (a :class:`_Round`, or a coup), remembered by what the model's counting engine says
    the settlement reads (:mod:`~baccarat_conformance.oracle.par_enumerate`, on which the
    par sheet rests): for a wager of engine ``"round"``, each hand's Point Count on its
    first two cards and the values of its further cards (the engine's ``RoundClass``);
    for one judged by a card partition (``(n, fn)``), that and the class under ``fn`` of
    every card (the engine reads only the initial cards: a finer key than it needs); any
    other engine is settled anew every round. tests/user/test_gamestats.py checks the
    remembered settlement against the oracle's over the rounds of every bundled profile."""
    if not isinstance(seen, _Round):
        seen = _Round(seen)
    engine = model.engine
    if engine == "round":
        hands: tuple = seen.values
    elif isinstance(engine, tuple):
        fn = engine[1]
        hands = seen.values + (tuple(map(fn, seen.coup.player)), tuple(map(fn, seen.coup.banker)))
    else:
        return model.settle(seen.coup)
    memo = _SETTLED.get(model.settle)
    if memo is None:
        memo = _SETTLED[model.settle] = {}
    want = memo.get(hands)
    if want is None:
        if len(memo) >= _SETTLED_MAX:
            memo.clear()
        want = memo[hands] = model.settle(seen.coup)
    return want


def _value_class(cards: tuple) -> tuple:
    """A hand by what a rule reading card values sees: the Point Count of its first two
    cards, and the value of each further card."""
    values = tuple(map(ch631a.card_value, cards))
    return (sum(values[:2]) % 10,) + values[2:]


def _count_wager(counts: Counts, models: dict, audited: frozenset, seen: _Round, key: WagerKey, amount: Decimal,
                 paid: Decimal, vigorish: Decimal, round_id: Optional[str]) -> None:
    want = settled(models[key], seen)
    counts.outcomes.setdefault(key, Counter())[want.outcome] += 1
    net = int((paid - vigorish - amount) * 100)
    counts.net_sum[key] += net
    counts.net_sq[key] += net * net
    if key[0] not in audited:
        return
    counts.audited[key] += 1
    cents = int(amount * 100)
    if net * want.net.denominator != want.net.numerator * cents:  # net != want.net * cents, in integers
        counts.mispaid[key] += 1
        if len(counts.mispaid_examples) < 20:
            required = want.net * cents
            counts.mispaid_examples.append({
                "wager": key[0], "hand": key[1], "round_id": round_id, "player": list(seen.coup.player),
                "banker": list(seen.coup.banker), "outcome": want.outcome, "stake": str(amount),
                "paid": str(paid), "vigorish": str(vigorish),
                "required_net": str(Decimal(required.numerator) / required.denominator / 100)})


BASE_WAGERS = ("banker", "player", "tie")
"""The Baccarat wagers: placed first, one seat each, so that every seat holding a side
wager (which may require a Baccarat wager at the same seat) holds one of them."""


def seat_plan(wagers: tuple[WagerKey, ...], seats: int) -> list[tuple[int, WagerKey]]:
    """(seat, wager) in placing order: the Baccarat wagers of ``wagers`` first on seats 1, 2,
    3..., then the others round-robin over those seats (over all ``seats`` when there is
    no Baccarat wager)."""
    base = [w for w in wagers if w[0] in BASE_WAGERS]
    used = max(1, min(len(base), seats)) if base else seats
    order = [(1 + n % used, w) for n, w in enumerate(base)]
    return order + [(1 + n % used, w) for n, w in enumerate(w for w in wagers if w[0] not in BASE_WAGERS)]


def _play_shoe(game: GameAdapter, table: str, plan: Plan, counts: Counts, models: dict, seats: int,
               audited: frozenset, shoe: Any, ids: set) -> None:
    """Deal ``shoe`` (its ``start_shoe`` record) to its end one operation at a time, then
    account it (:func:`~.shoe_account.account_shoe`). ``ids``: the round ids of the
    chunk so far.

    :raises ProtocolViolation: a round's id repeats one of ``ids``, or a completed round's
        hands are not of two or three cards (naming the record)."""
    order = seat_plan(plan.wagers, seats)
    stakes = {key: stake_for(plan.rules, key[0]) for _, key in order}
    counts.stake.update({key: int(stake * 100) for key, stake in stakes.items()})
    rounds: list = []
    while True:
        placed = {}
        for seat, key in order:
            stake = stakes[key]
            ack = game.place_wager(table, seat, key[0], stake, hand=key[1], option=key[2])
            if ack.accepted and ack.wager_id:
                placed[ack.wager_id] = key
                counts.placed[key] += 1
            else:
                counts.refused[key] += 1
        record = game.deal_round(table)
        player = list(record.player.cards) if record.player is not None else None
        banker = list(record.banker.cards) if record.banker is not None else None
        where = f"deal_round: round {record.round_id} of shoe {shoe.shoe_id} (its round {len(rounds) + 1})"
        if record.round_id in ids:
            raise ProtocolViolation(f"{where} has the round_id of an earlier round of the chunk: each round has "
                                    "its own round_id", op="deal_round")
        ids.add(record.round_id)
        if record.status != "void" and not all(h is not None and 2 <= len(h) <= 3 for h in (player, banker)):
            raise ProtocolViolation(f"{where} is {record.status} with hands {player} and {banker}: a hand holds two "
                                    "cards, or three with its third card (§ 631a.9(c), § 631a.10(c))", op="deal_round")
        rounds.append((record.round_id, record.status, player, banker))
        count_round(counts, record, models, placed, audited)
        if record.shoe == "ended" or record.status == "void" and record.shoe != "in_play":
            counts.account(account_shoe(shoe.shoe_id, shoe.card_count, shoe.cover_card_index, shoe.burned,
                                        shoe.cards if game.has_capability("shoe_disclosure") else None, rounds))
            return


@functools.lru_cache(maxsize=8)
def _models(rules_json: str) -> dict:
    """The par sheet's wager models of a Rules Submission (JSON), by :data:`WagerKey`: built
    once a process, so that :func:`settled` remembers settlements from chunk to chunk."""
    return {(m.wager, m.hand, m.option): m for m in par_wagers.models(json.loads(rules_json))}


def run_chunk(settings: GameSettings, plan: Plan, index: int) -> Counts:
    """Play chunk ``index`` of ``plan`` on a fresh adapter built from ``settings``
    (:func:`play_chunk`; ``settings.batch`` False: never ``play_shoes``).

    :raises CapabilityMissing: when the game does not declare ``shoe_disclosure`` (a
        plan that only shuffles).
    :raises AdapterError: (its subclasses) when the game cannot be reached or answers badly.
    """
    game = settings.connect()
    try:
        return play_chunk(game, plan, index, batch=settings.batch, max_answer_bytes=settings.max_answer_bytes)
    finally:
        game.close()


def play_chunk(game: GameAdapter, plan: Plan, index: int, more: Optional[Callable[[], bool]] = None,
               batch: bool = True, max_answer_bytes: Optional[int] = None) -> Counts:
    """Play chunk ``index`` of ``plan`` over ``game`` (left open): in ``play_shoes``
    requests when the game declares ``batch_shoes`` (protocol 1.3; ``batch`` False:
    never), as many shoes a request as fit ``max_answer_bytes`` (default: the adapter's
    ``--max-answer-bytes``; :func:`shoes_per_request`), else one ``start_shoe``,
    ``place_wager`` and ``deal_round`` at a time. Both give the same counts for the same
    seeds. ``more``: asked before every shoe (a time budget), the chunk ending early when
    it says False; a ``play_shoes`` request then asks for one shoe at a time. Raises as
    :func:`run_chunk`."""
    models = _models(json.dumps(plan.rules, sort_keys=True))
    counts = Counts()
    table = game.open_table(plan.rules, test_mode=False)
    seats = int(plan.rules.get("table_positions", 14) or 14)
    seeds = [shoe_seed(plan.run_seed, index, i) for i in range(plan.shoes)] if plan.seeded else None
    if batch and game.has_capability("batch_shoes"):
        bound = max_answer_bytes or getattr(game, "max_answer_bytes", None) or DEFAULT_MAX_ANSWER_BYTES
        _batch_shoes(game, table, plan, counts, models, seats, seeds, bound, more)
        return counts
    ids: set = set()
    for i in range(plan.shoes):
        if more is not None and not more():
            break
        game.transcript = Transcript()  # a chunk keeps no transcript: it would hold every round
        kw = {"seed": seeds[i]} if seeds is not None else {}
        shoe = game.start_shoe(table, burn=plan.play, **kw)
        if plan.play:
            _play_shoe(game, table, plan, counts, models, seats, plan.audited, shoe, ids)
            continue
        cards = game.disclosed_cards(shoe)
        if cards is not None:
            count_shoe(counts, list(cards), shoe.cut_offset, shoe.pre_shuffle)
    return counts


#: bytes of a compact round of ``play_shoes`` (status, two hands, round id), and of
#: each planned wager's settlement in it; a disclosed card (``"10H",``); generous
#: figures (the reference game sends about 120 and 55, its ids being short)
ROUND_BYTES, WAGER_BYTES, CARD_BYTES = 150, 70, 7


def shoes_per_request(decks: int, wagers: int, deal: bool, max_answer_bytes: int) -> int:
    """How many shoes one ``play_shoes`` request asks for so that its answer stays well
    under ``max_answer_bytes`` (``--max-answer-bytes``, half of it used): a shoe of
    ``decks`` decks dealt (``deal``) with ``wagers`` planned wagers is counted at one
    round per four cards, its stack disclosed twice (``cards`` and ``pre_shuffle``);
    at least 1."""
    cards = decks * 52
    per_shoe = 2 * cards * CARD_BYTES + (cards // 4 + 1) * (ROUND_BYTES + wagers * WAGER_BYTES) * deal + 200
    return max(1, (max_answer_bytes // 2) // per_shoe)


#: the share of the time one answer may take (the read timeout, ``--http-timeout``'s READ,
#: or ``--operation-timeout``, whichever is less) that a ``play_shoes`` request is sized to
#: need, at the slowest rate per shoe seen: an answer is expected well inside the timeout
ANSWER_SHARE = 0.25
#: shoes of the first ``play_shoes`` request of a chunk, which measures the game's rate
FIRST_REQUEST_SHOES = 2
#: slow answers (a timeout) one chunk retries as a request of half the shoes before it fails
SLOW_RETRIES = 4


def answer_seconds(game: Any) -> Optional[float]:
    """The longest one answer of ``game`` may take before its adapter gives up: the least of
    its ``read_timeout`` (HTTP's ``--http-timeout`` READ) and its ``operation_timeout``; None
    when it has neither."""
    bounds = [float(b) for b in (getattr(game, "read_timeout", None), getattr(game, "operation_timeout", None))
              if isinstance(b, (int, float)) and b > 0]
    return min(bounds) if bounds else None


def shoes_in_time(seconds_per_shoe: float, answer: Optional[float]) -> Optional[int]:
    """How many shoes one request may ask for, at ``seconds_per_shoe``, for its answer to be
    expected within :data:`ANSWER_SHARE` of ``answer`` seconds (at least 1); None without
    a bound or a rate."""
    if not answer or seconds_per_shoe <= 0:
        return None
    return max(1, int(ANSWER_SHARE * answer / seconds_per_shoe))


def _batch_shoes(game: GameAdapter, table: str, plan: Plan, counts: Counts, models: dict, seats: int,
                 seeds: Optional[list[int]], max_answer_bytes: int, more: Optional[Callable[[], bool]]) -> None:
    """The shoes of one chunk through ``play_shoes`` (capability ``batch_shoes``), in
    requests sized by two bounds: the bytes of the answer (:func:`shoes_per_request`) and
    its time (:func:`shoes_in_time`: the first request asks for
    :data:`FIRST_REQUEST_SHOES` shoes, the next as many as the slowest rate seen lets an
    answer come within a quarter of the read timeout). A request that times out is asked
    again for half its shoes (:data:`SLOW_RETRIES` times a chunk, then the timeout is the
    chunk's error): the counts are only ever those of answers read whole. Under a time
    budget (``more``), one shoe a request."""
    order = seat_plan(plan.wagers, seats) if plan.play else []
    stakes = {key: stake_for(plan.rules, key[0]) for _, key in order}
    counts.stake.update({key: int(stake * 100) for key, stake in stakes.items()})
    wagers = [PlannedWager(seat=seat, wager_type=key[0], amount=str(stakes[key]), hand=key[1], option=key[2])
              for seat, key in order]
    keyed = [(key, stakes[key]) for _, key in order]
    disclosed = game.has_capability("shoe_disclosure")  # the stacks are read only from a game that declares it
    if not plan.play:
        game.require("shoe_disclosure", "reading the stacks play_shoes discloses")
    by_bytes = shoes_per_request(int(plan.rules.get("decks", 8) or 8), len(wagers), plan.play, max_answer_bytes)
    answer = answer_seconds(game)
    slowest = 0.0  # seconds per shoe, the slowest request so far
    cap = by_bytes  # halved by each slow answer
    retries = SLOW_RETRIES
    start = 0
    while start < plan.shoes:
        if more is not None and not more():
            break
        timed = shoes_in_time(slowest, answer) if slowest else (FIRST_REQUEST_SHOES if answer else None)
        n = min(plan.shoes - start, 1 if more is not None else min(cap, timed or cap))
        game.transcript = Transcript()
        began = time.perf_counter()
        try:
            played = game.play_shoes(table, n, wagers, seeds=seeds[start:start + n] if seeds is not None else None,
                                     deal=plan.play)
        except GameTimeout:
            if n == 1 or retries == 0:
                raise
            retries -= 1
            slowest = max(slowest, (time.perf_counter() - began) / n)  # at least: it did not answer in time
            cap = n // 2
            continue  # the same shoes again, in a request of half as many
        slowest = max(slowest, (time.perf_counter() - began) / n)
        start += n
        for shoe in played:
            if plan.play:
                rounds = shoe.get("rounds") or ()
                for r in rounds:
                    count_played_round(counts, r, models, keyed, plan.audited)
                counts.account(account_shoe(
                    shoe["shoe_id"], shoe["card_count"], shoe.get("cover_card_index"), shoe.get("burned"),
                    shoe.get("cards") if disclosed else None,
                    [(r.get("round_id"), r.get("status", "completed"), r.get("player"), r.get("banker"))
                     for r in rounds]))
            elif shoe.get("cards") is not None:
                count_shoe(counts, list(shoe["cards"]), shoe.get("cut_offset"), shoe.get("pre_shuffle"))
