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
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Optional

import numpy as np

from baccarat_conformance.adapters.base import GameAdapter, Transcript
from baccarat_conformance.oracle import ch631a as rules
from baccarat_conformance.oracle import par_wagers
from baccarat_conformance.oracle.settlement import coup_of

__all__ = ["RANKS", "SUITS", "STAKE", "stake_for", "OFFSET_BINS", "GameSettings", "Plan", "Counts", "WagerKey",
           "shoe_seed", "run_chunk", "play_chunk"]

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
    """

    adapter: str = "library"
    game: str = "baccarat_conformance.reference_game:create_game"
    url: Optional[str] = None
    operation_timeout: float = 120.0
    options: Optional[dict] = field(default=None, hash=False)

    def connect(self) -> GameAdapter:
        """A new adapter to the game.

        :raises ConfigurationError: for an adapter plugin without ``options``, or a bad
            factory / URL / options.
        """
        from baccarat_conformance.adapters import load_adapter_class  # by entry point: no transport imported here
        from baccarat_conformance.errors import ConfigurationError

        if self.options is not None:
            return load_adapter_class(self.adapter).from_worker_options(dict(self.options))
        kw = {"operation_timeout": self.operation_timeout or None}
        if self.adapter == "library":
            from baccarat_conformance.adapters.library import load_factory

            return load_adapter_class("library")(load_factory(self.game)(), **kw)
        if self.adapter == "http":
            if not self.url:
                raise ConfigurationError("the statistics over HTTP need the game's URL (--url)")
            return load_adapter_class("http")(self.url, **kw)
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
    :func:`stake_for`)."""

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

    def merge(self, other: "Counts") -> "Counts":
        """The sum of two counts (a new object; integer sums, exact in any order).

        :raises ValueError: when the two saw shoes of different sizes.
        """
        if self.size and other.size and self.size != other.size:
            raise ValueError(f"chunks saw shoes of {self.size} and {other.size} cards")
        out = Counts(size=self.size or other.size)
        for name in ("shoes", "odd_sizes", "uncut", "serial_n", "serial_sum", "serial_sq", "serial_var", "runs",
                     "runs_expected", "runs_variance", "declared", "rounds", "void", "offset_obs", "offset_exp_n"):
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
        return out


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
    counts.rank_pos[[_RANK_INDEX[rules.rank(c)] for c in stack], pos] += 1
    counts.suit_pos[[_SUIT_INDEX[rules.suit(c)] for c in stack], pos] += 1
    # successive card values in dealing order: D = n^2 * (sum of lag-1 products of the
    # centred values + their variance), whose mean is 0 for a random arrangement
    v = [rules.card_value(c) for c in cards]
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
    against the oracle's settlement of the cards dealt)."""
    if record.status != "completed" or record.player is None or record.banker is None:
        counts.void += 1
        return
    counts.rounds += 1
    player, banker = tuple(record.player.cards), tuple(record.banker.cards)
    coup = coup_of(player, banker)
    pn, bn = rules.is_natural(player), rules.is_natural(banker)
    for name, hit in ((f"{coup.winner}_win" if coup.winner != "tie" else "tie", True), ("natural", pn or bn),
                      ("player_natural", pn), ("banker_natural", bn),
                      ("player_pair", rules.rank(player[0]) == rules.rank(player[1])),
                      ("banker_pair", rules.rank(banker[0]) == rules.rank(banker[1]))):
        counts.events[name] += bool(hit)
    for result in record.wagers:
        key = placed.get(result.wager_id)
        if key is None:
            continue
        want = models[key].settle(coup)
        counts.outcomes.setdefault(key, Counter())[want.outcome] += 1
        net = int((result.paid - result.vigorish - result.amount) * 100)
        counts.net_sum[key] += net
        counts.net_sq[key] += net * net
        if key[0] not in audited:
            continue
        counts.audited[key] += 1
        required = want.net * int(result.amount * 100)
        if net != required:
            counts.mispaid[key] += 1
            if len(counts.mispaid_examples) < 20:
                counts.mispaid_examples.append({
                    "wager": key[0], "hand": key[1], "round_id": record.round_id, "player": list(player),
                    "banker": list(banker), "outcome": want.outcome, "stake": str(result.amount),
                    "paid": str(result.paid), "vigorish": str(result.vigorish),
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
               audited: frozenset) -> None:
    order = seat_plan(plan.wagers, seats)
    stakes = {key: stake_for(plan.rules, key[0]) for _, key in order}
    counts.stake.update({key: int(stake * 100) for key, stake in stakes.items()})
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
        count_round(counts, record, models, placed, audited)
        if record.shoe == "ended" or record.status == "void" and record.shoe != "in_play":
            return


def run_chunk(settings: GameSettings, plan: Plan, index: int) -> Counts:
    """Play chunk ``index`` of ``plan`` on a fresh adapter built from ``settings``.

    :raises CapabilityMissing: when the game does not declare ``shoe_disclosure`` (a
        plan that only shuffles).
    :raises AdapterError: (its subclasses) when the game cannot be reached or answers badly.
    """
    game = settings.connect()
    try:
        return play_chunk(game, plan, index)
    finally:
        game.close()


def play_chunk(game: GameAdapter, plan: Plan, index: int, more: Callable[[], bool] = lambda: True) -> Counts:
    """Play chunk ``index`` of ``plan`` over ``game`` (left open), asking ``more()``
    before every shoe: the chunk ends early when it says False (a time budget).
    Raises as :func:`run_chunk`."""
    models = {(m.wager, m.hand, m.option): m for m in par_wagers.models(plan.rules)}
    counts = Counts()
    table = game.open_table(plan.rules, test_mode=False)
    seats = int(plan.rules.get("table_positions", 14) or 14)
    for i in range(plan.shoes):
        if not more():
            break
        game.transcript = Transcript()  # a chunk keeps no transcript: it would hold every round
        kw = {"seed": shoe_seed(plan.run_seed, index, i)} if plan.seeded else {}
        shoe = game.start_shoe(table, burn=plan.play, **kw)
        if plan.play:
            _play_shoe(game, table, plan, counts, models, seats, plan.audited)
            continue
        cards = game.disclosed_cards(shoe)
        if cards is not None:
            count_shoe(counts, list(cards), shoe.cut_offset, shoe.pre_shuffle)
    return counts
