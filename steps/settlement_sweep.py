"""The settlement sweeps: one wager settled on every class of cards its rule tells apart,
at every stake its settlement's rounding depends on, each deal from its own stacked shoe
through ``run_rounds``, every settlement checked against the rules oracle (the way the
§ 631a.11 sweep of steps/exhaustive.py judges the third-card rules).

The classes come from the par sheet's enumeration (``oracle/par_wagers.py``: the counting
engine each wager's rule needs): a wager whose rule reads card values is swept over every
round class of :func:`~baccarat_conformance.oracle.par_enumerate.round_classes` (each
hand's two-card Point Count and third card); a wager judged on the initial cards by a
card partition (Royal 9: nines and kings by suit, queens and jacks by suit, every
other card) over every class of :func:`~baccarat_conformance.oracle.par_enumerate.initial_hands`.
A class stands for many cards: each use of a class deals the next of its members (the
zero-valued 10, J, Q, K in turn; every card of a partition class in turn), so a game
that tells apart cards the rule does not (a ten taken for a face card) meets them.

The stakes are the 25¢ steps of the wager's filed table limits (``[limits]``, else
$1.00 to $5,000.00): at depth smoke one stake for each residue of 25¢ steps modulo $5
(5% vigorish rounded up to 25¢ repeats every $5; to the cent every $1), in the first
whole $5 band of the limits; at depth standard or exhaustive every 25¢ step of the
limits where the oracle's settlement charges a vigorish, and those of the smoke band
elsewhere. Each outcome of the wager (win, lose, push, paytable row) takes the stakes
in turn, so every outcome is dealt at every residue once it has enough classes; a stake
its row's odds pay in a fraction of a cent (1 to 2 on $7.25) is left out (docs/protocol.md:
the regulations set no rounding for a payout).

Which oracle settles a wager: the Chapter 631a settlers (:mod:`~baccarat_conformance.oracle.settlement`)
at a Baccarat or EZ Baccarat table; every other wager (Chapter 631c, 629b, 627b, a
commission-free table's Banker, Player and Tie wagers) by the par sheet's model of it
(:func:`model_of`), which asks the oracle of its section.

Each failure names the scenario's own clause (the ``clause`` fixture); a settlement
whose amount rests on a result another clause decides (the vigorish of a Banker wager
the game did not settle as a win) is *blocked*, naming that clause.
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import Any, Callable, Iterator, Optional

import pytest
from pytest_bdd import given, then, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import Blocked, Nonconformance
from baccarat_conformance.judging.judgements import counts_judgements, judged
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import par_enumerate as E
from baccarat_conformance.oracle import progressives as P
from baccarat_conformance.oracle.par_model import RulesView
from baccarat_conformance.oracle.par_wagers import models
from baccarat_conformance.oracle.settlement import WagerSpec, coup_of, expected, governs_settlement, settler_for
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence

from ._strategies import limits_for
from ._types import phrase
from ._wager_targets import Target

STEP = Decimal("0.25")
CENT = Decimal("0.01")
BAND = Decimal("5.00")
#: the rounds of one ``run_rounds`` request
CHUNK = 1000
#: the seat whose settlement groups the deals by outcome (the wagers are placed at every seat)
SEAT = 3
#: the Midibaccarat or Minibaccarat wager a Royal 9 wager needs (§ 629b.3(b), § 627b.3(b))
BASE_STAKE = Decimal("10.00")
#: the wagers placed only after a Baccarat (Midibaccarat, Minibaccarat) wager at the same seat:
#: Royal 9 (§ 629b.3(b)), the 5 Treasures wagers (§ 631c.3(a)), Lucky Nines (§ 631c.4(c)),
#: Golden Talons (§ 629b.6(a), (b))
AFTER_BASE = frozenset({"royal_9", "lucky_nines", "golden_talons", "fortune_7", "golden_8", "heavenly_9_bonus",
                        "blazing_7s", "cover_all"})
ZERO_RANKS = ("10", "J", "Q", "K")


# ------------------------------------------------------------------ the stakes
def stakes(low: Decimal, high: Decimal, every_step: bool) -> list[Decimal]:
    """Stakes in 25¢ steps within ``low`` to ``high`` dollars: every step (``every_step``),
    else one for each residue modulo $5, in the first whole $5 band of the limits (or
    from ``low`` when the limits hold no whole band)."""
    first = (low / STEP).to_integral_value(rounding=ROUND_CEILING) * STEP
    if every_step:
        count = int((high - first) / STEP) + 1
        return [first + STEP * k for k in range(max(count, 0))] or [low]
    band = (low / BAND).to_integral_value(rounding=ROUND_CEILING) * BAND
    start = band if band + BAND - STEP <= high else first
    out = [start + STEP * k for k in range(int(BAND / STEP)) if start + STEP * k <= high]
    return out or [low]


# ------------------------------------------------------------------ the classes
class _Members:
    """The cards of each class, dealt in turn: ``take(label, key)`` is the next member of
    class ``label`` for the ``key``-th use of a hand class (so each hand class meets every
    member of its classes)."""

    def __init__(self, partition: Callable[[str], str]):
        self.of: dict[str, list[str]] = {}
        for card in E.one_deck_cards():
            self.of.setdefault(partition(card), []).append(card)
        self.label = partition

    def take(self, representative: str, k: int) -> str:
        members = self.of[self.label(representative)]
        return members[k % len(members)]


def _zero(card: str, k: int) -> str:
    """``card`` with a zero-valued rank turned to the ``k``-th of 10, J, Q, K."""
    if ch631a.card_value(card) != 0:
        return card
    return ZERO_RANKS[k % 4] + card[-1]


def _shoe(player: tuple[str, ...], banker: tuple[str, ...], filler: Iterator[str]) -> list[str]:
    """A stacked shoe dealing ``player`` and ``banker`` (their initial cards alternating, a
    third card the Player's first), padded to six cards."""
    cards = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
    while len(cards) < 6:
        cards.append(next(filler))
    return cards


def _settlement_read(key: E.RoundClass) -> tuple[int, int, int, int]:
    """What a rule reading card values reads of a round of class ``key``: each hand's final
    Point Count and number of cards (a two-card 8 or 9 is a Natural)."""
    return ((key.player2 + (key.player3 or 0)) % 10, (key.banker2 + (key.banker3 or 0)) % 10,
            2 + (key.player3 is not None), 2 + (key.banker3 is not None))


def _round_deals(decks: int, every_class: bool) -> Iterator[list[str]]:
    """A shoe for every round class of the value engine (``every_class``), else for every
    class of what the settlement of a value rule reads (:func:`_settlement_read`: 205)."""
    seen: set[tuple[int, int, int, int]] = set()
    for k, key in enumerate(E.round_classes(decks)):  # the engine's order: stable
        if not every_class:
            read = _settlement_read(key)
            if read in seen:
                continue
            seen.add(read)
        player, banker = key.hands()
        yield _shoe(tuple(_zero(c, k + i) for i, c in enumerate(player)),
                    tuple(_zero(c, k + i + 2) for i, c in enumerate(banker)), itertools.cycle(["5C", "KH"]))


def _hand_pairs(decks: int, members: _Members, partition: Callable[[str], str]) -> list[tuple[str, str]]:
    """Every class of a hand's initial two cards under ``partition``, once with each member
    of its largest class (the k-th deal of a class takes the k-th member of each of its
    classes): a ten meets a nine as often as an ace does."""
    out = []
    for (two, _) in E.initial_hands(decks, 2, partition):
        size = max(len(members.of[partition(c)]) for c in two)
        out += [(members.take(two[0], k), members.take(two[1], k + 1 if two[0] == two[1] else k))
                for k in range(size)]
    return out


def _partition_deals(decks: int, cards: int, partition: Callable[[str], str], hand: Optional[str],
                     every_class: bool, outcome: Callable[[list[str]], str]) -> Iterator[list[str]]:
    """Every class of one hand's initial two cards on each hand with each member
    (:func:`_hand_pairs`), and one deal of every outcome (``outcome(shoe)``) the classes of
    all ``cards`` initial cards make; with ``every_class``, every one of those classes too."""
    members = _Members(partition)
    pairs = _hand_pairs(decks, members, partition)
    others = {"player": ("4C", "2D"), "banker": ("3H", "2S")}
    filler = itertools.cycle(["5C", "KH"])
    n = len(pairs)
    for j, pair in enumerate(pairs):
        if hand is not None and cards == 2:
            yield _shoe(pair, others["banker"], filler) if hand == "player" else _shoe(others["player"], pair, filler)
        else:
            yield _shoe(pair, pairs[(j + n // 2) % n], filler)
    if cards == 2 and hand is not None:
        return
    seen: set[str] = set()
    uses: dict[tuple[str, ...], int] = {}
    for player, banker in E.initial_hands(decks, cards, partition):
        hands = []
        for two in (player, banker):
            k = uses.get(two, 0)
            uses[two] = k + 1
            hands.append(tuple(members.take(c, k + i) for i, c in enumerate(two)))
        shoe = _shoe(hands[0], hands[1], filler)
        if not every_class:
            row = outcome(shoe)
            if row in seen:
                continue
            seen.add(row)
        yield shoe


def _uniform_deals(decks: int) -> Iterator[list[str]]:
    for player, banker, one_rank, suits in E.uniform_round_classes(decks):
        p, b = E.uniform_hands(player, banker, one_rank, suits)
        yield _shoe(p, b, itertools.cycle(["5C", "KH"]))


def class_deals(rules: dict, rs: RulesSubmission, target: Target, every_class: bool) -> list[list[str]]:
    """One stacked shoe for every class of cards the par sheet's model of ``target``
    distinguishes under ``rules`` (the Rules Submission as sent to the game): with
    ``every_class`` each class of its counting engine, else each class of what its
    settlement reads (see :func:`_round_deals`, :func:`_partition_deals`).

    :raises ValueError: when the par sheet has no counting engine for the wager.
    """
    decks = int(rules.get("decks", 8))
    model = model_of(rules, target)
    if model is None:
        raise ValueError(f"the par sheet has no model of the {target.describe()} wager")
    engine = model.engine
    if engine == "round":
        return list(_round_deals(decks, every_class))
    if engine == "round_uniform":
        return list(_uniform_deals(decks))
    if isinstance(engine, tuple):
        cards, partition = engine
        return list(_partition_deals(decks, cards, partition, target.hand or ON_HAND.get(target.wager_type),
                                     every_class,
                                     lambda shoe: round_role(rules, rs, target, shoe).outcome))
    raise ValueError(f"the par sheet computes no classes of the {target.describe()} wager")


# ------------------------------------------------------------------ the oracle
#: the hand a pair wager placed without a hand is judged on (§ 631c.5(c)(1), (2))
ON_HAND = {"player_pair": "player", "banker_pair": "banker"}
_MODELS: dict[str, list] = {}


def model_of(rules: dict, target: Target):
    """The par sheet's :class:`~baccarat_conformance.oracle.par_model.WagerModel` of
    ``target`` under ``rules`` (its wager type, its hand or none, its option or none),
    else None."""
    key = json.dumps(rules, sort_keys=True, default=str)
    if key not in _MODELS:
        _MODELS.clear()  # one Rules Submission at a time
        _MODELS[key] = models(rules)
    for model in _MODELS[key]:
        if model.wager == target.wager_type and model.hand in (None, target.hand) \
                and (target.option is None or model.option == target.option) and model.engine is not None:
            return model
    return None


def by_ch631a(rs: RulesSubmission, wager_type: str) -> bool:
    """Whether the oracle's Chapter 631a settler settles ``wager_type`` at a table of
    ``rs`` (Baccarat and EZ Baccarat: § 631a.13); every other wager of the sweep is
    settled by the par sheet's model of it, which asks the oracle of its section."""
    return rs.variant in ("baccarat", "ez_baccarat") and settler_for(wager_type, rs) is not None


def _to_the_cent(total: Fraction) -> tuple[Decimal, ...]:
    """``total`` dollars as whole cents: exact, else rounded down and up to the cent (the
    regulations set no rule for a fraction of a cent of a payout: :func:`plan` stakes only
    amounts the odds pay in whole cents, as docs/protocol.md says, and a fraction, should
    one be paid, is accepted rounded either way)."""
    cents = total * 100
    down = Decimal(cents.numerator // cents.denominator) / 100
    if cents.denominator == 1:
        return (down.quantize(CENT),)
    return (down.quantize(CENT), (down + CENT).quantize(CENT))


def _modelled(rules: dict, spec: WagerSpec, coup: ch631a.Coup) -> Want:
    """The settlement of ``spec`` by the par sheet's model of its wager (the oracle of its
    section: :mod:`~baccarat_conformance.oracle.side_wagers`, Golden Talons, Rising
    Phoenix), for the stake of ``spec``: a win paid at the row's odds, stake included
    (:func:`_to_the_cent`), a push returns the stake, a loss pays nothing; no vigorish.

    :raises KeyError: naming the wager when the par sheet has no model of it.
    """
    model = model_of(rules, Target(spec.wager_type, spec.hand, spec.option))
    if model is None:
        raise KeyError(f"the oracle settles no {spec.describe()}")
    s = model.settle(coup)
    if s.result == "win":
        assert s.pays is not None
        won = Fraction(spec.amount) * s.pays.ratio
        paid = _to_the_cent(won + Fraction(spec.amount) if s.pays.kind == "to" else won)
    else:
        paid = (spec.amount,) if s.result == "push" else (Decimal("0.00"),)
    return Want(s.result, s.outcome, paid[0], (Decimal(0),), None, paid[1:])


@dataclass(frozen=True)
class Want:
    """The oracle's settlement of one sweep wager: ``result``, ``outcome`` (the row or
    result that groups the stakes), ``paid`` (None: not computed by the oracle here) and
    the vigorish amounts accepted (empty: none computed)."""

    result: str
    outcome: str
    paid: Optional[Decimal]
    vigorish: tuple[Decimal, ...] = ()
    clause: Optional[str] = None
    #: the other amounts paid that conform (a fraction of a cent rounded up)
    paid_also: tuple[Decimal, ...] = ()

    def pays(self, paid: Optional[Decimal]) -> bool:
        """Whether ``paid`` is an amount the oracle accepts (any, when it computed none)."""
        return self.paid is None or paid == self.paid or paid in self.paid_also


def _royal_9(rules: dict, coup: ch631a.Coup, seat: int) -> Want:
    denomination = str(((rules.get("wagers") or {}).get("royal_9") or {}).get("denomination", "5"))
    rows = P.royal_9_rows(P.Coup(coup.player, coup.banker, ()), denomination, seat, P.royal_9_combinations(rules))
    return Want("win", rows[0].key, None, (Decimal(0),)) if rows else Want("lose", "lose", None, (Decimal(0),))


def oracle(rules: dict, rs: RulesSubmission, spec: WagerSpec, coup: ch631a.Coup) -> Want:
    """What the regulation requires of ``spec`` in the round ``coup``.

    :raises KeyError: naming the wager when the oracle settles no such wager.
    """
    if spec.wager_type == "royal_9":
        return _royal_9(rules, coup, spec.seat)
    if not by_ch631a(rs, spec.wager_type):
        return _modelled(rules, spec, coup)
    e = expected(coup, spec, rs)
    vig: tuple[Decimal, ...] = (e.vigorish,)
    if e.vigorish:
        vig = ch631a.vigorish_accepted(spec.amount, rs.vigorish_rounding,
                                       tracked=rs.vigorish_collection == "tracked")
    return Want(e.result, e.outcome or e.result, e.paid, vig, e.clause)


def round_role(rules: dict, rs: RulesSubmission, target: Target, shoe: list[str]) -> Want:
    """The oracle's settlement of ``target`` on the round ``shoe`` deals (a round of 4 to 6
    cards: :func:`~baccarat_conformance.oracle.ch631a.deal`), at a $100 stake."""
    coup = ch631a.deal(shoe)
    return oracle(rules, rs, WagerSpec(SEAT, target.wager_type, Decimal("100.00"), target.hand, target.option), coup)


# ------------------------------------------------------------------ the sweep
@dataclass
class Deal:
    """One round of a sweep: its stacked shoe and the stake of each of its wagers
    (``stakes[j]`` at seat :func:`seat_of` ``(j)``)."""

    cards: list[str]
    stakes: list[Decimal]


class Sweep(list):
    """The deals of a settlement sweep (a list of :class:`Deal`); a short repr for Allure."""

    target: Target

    def __repr__(self) -> str:
        return f"<{len(self)} deals>"


def plan(rules: dict, rs: RulesSubmission, target: Target, depth: str) -> Sweep:
    """The deals of the sweep of ``target``: every class once (:func:`class_deals`), the
    stakes given out in turn within each outcome the oracle names, and, at depth standard
    or exhaustive, further deals of the classes of each outcome that charges a vigorish
    until every 25¢ step of the limits is dealt there. A deal carries the wager at as many
    numbered positions of the table (``table_positions``) as its outcome's stakes need
    (:func:`seat_of`), each at its own stake; a Royal 9 wager at :data:`SEAT` only."""
    low, high = limits_for(rs, target.wager_type)
    if target.wager_type == "royal_9":  # the wager is of the table's denomination (§ 629b.3(f), (g))
        denomination = Decimal(str(((rules.get("wagers") or {}).get("royal_9") or {}).get("denomination", "5")))
        low = high = denomination
    smoke = stakes(low, high, every_step=False)
    full = stakes(low, high, every_step=True) if depth != "smoke" else smoke
    groups: dict[str, list[list[str]]] = {}
    charged: set[str] = set()
    for shoe in class_deals(rules, rs, target, every_class=depth != "smoke"):
        want = round_role(rules, rs, target, shoe)
        groups.setdefault(want.outcome, []).append(shoe)
        if any(want.vigorish):
            charged.add(want.outcome)
    positions = max(1, min(rs.table_positions, 15))
    out = Sweep()
    out.target = target
    for outcome, shoes in groups.items():
        own = full if outcome in charged else smoke
        coup = ch631a.deal(shoes[0])  # odds that pay a fraction of a cent on a stake: that stake is left out
        own = [s for s in own if not oracle(rules, rs, WagerSpec(SEAT, target.wager_type, s, target.hand,
                                                                 target.option), coup).paid_also] or own
        seats = 1 if target.wager_type == "royal_9" else max(1, min(positions, -(-len(own) // len(shoes))))
        count = max(len(shoes), -(-len(own) // seats))
        out += [Deal(shoes[i % len(shoes)], [own[(i * seats + j) % len(own)] for j in range(seats)])
                for i in range(count)]
    return out


def seat_of(j: int, positions: int) -> int:
    """The seat of a deal's ``j``-th wager: :data:`SEAT`, then the next positions in turn."""
    return (SEAT - 1 + j) % positions + 1


@dataclass
class SweepResult:
    """The settlements of a sweep: ``settled`` (deal, the wager's settlement or None, the
    round record), the rounds the game made void, and the pace."""

    settled: list = field(default_factory=list)
    wants: list = field(default_factory=list)
    void: int = 0
    seconds: float = 0.0

    def __repr__(self) -> str:
        return f"SweepResult(settled={len(self.settled)}, void={self.void})"


def _wagers(target: Target, stakes: list[Decimal], positions: int) -> list[dict[str, Any]]:
    out = []
    for j, stake in enumerate(stakes):
        seat = seat_of(j, positions)
        if target.wager_type in AFTER_BASE:  # placed after a Baccarat (Midibaccarat, Minibaccarat) wager
            out.append({"seat": seat, "wager_type": "banker", "amount": str(BASE_STAKE)})
        w: dict[str, Any] = {"seat": seat, "wager_type": target.wager_type, "amount": str(stake)}
        if target.hand:
            w["hand"] = target.hand
        if target.option:
            w["option"] = target.option
        out.append(w)
    return out


def _settlement(record: m.RoundRecord, target: Target, seat: int) -> Optional[m.WagerResult]:
    for r in record.wagers:
        if r.seat == seat and r.wager_type == target.wager_type and r.hand == target.hand \
                and (target.option is None or r.option == target.option):
            return r
    return None


def deal_plan(game: GameAdapter, rules: dict, sweep: Sweep) -> SweepResult:
    """Deal every deal of ``sweep`` through ``run_rounds`` (:data:`CHUNK` rounds a request),
    each on its own table from its own stacked shoe with its wager placed.

    :raises Nonconformance: naming § 631a.8 when the game answers another number of records.
    """
    out = SweepResult()
    start = time.perf_counter()
    target = sweep.target
    positions = max(1, min(int(rules.get("table_positions", 14)), 15))
    for i in range(0, len(sweep), CHUNK):
        chunk = sweep[i:i + CHUNK]
        rounds = [m.BatchRound(cards=d.cards, wagers=_wagers(target, d.stakes, positions)) for d in chunk]
        records = game.run_rounds(rules, rounds)
        if len(records) != len(chunk):
            raise Nonconformance("631a.8", f"{len(chunk)} round records for {len(chunk)} shoes",
                                 f"{len(records)} round records")
        for d, record in zip(chunk, records):
            if record.status != "completed" or record.player is None or record.banker is None:
                out.void += 1
                continue
            out.settled += [(seat_of(j, positions), stake, _settlement(record, target, seat_of(j, positions)),
                             record) for j, stake in enumerate(d.stakes)]
    out.seconds = time.perf_counter() - start
    evidence.attach_json("settlement sweep timing", {
        "rounds": len(sweep), "seconds": round(out.seconds, 3), "adapter": game.name})
    return out


@when("each deal of the sweep is dealt from its own stacked shoe with its wager placed",
      target_fixture="settlement_sweep_result")
def deal_sweep(game: GameAdapter, rules_submission: RulesSubmission, settlement_sweep: Sweep) -> SweepResult:
    return deal_plan(game, rules_submission.as_rules(), settlement_sweep)


# ------------------------------------------------------------------ the judgements
def _hands(record: m.RoundRecord) -> str:
    return f"Player's Hand {' '.join(record.player.cards)}, Banker's Hand {' '.join(record.banker.cards)}"  # type: ignore[union-attr]


def judge(result: SweepResult, sweep: Sweep, rules: dict, rs: RulesSubmission, clause: str, role: str) -> None:
    """Judge every settlement of the sweep for ``role``:

    * ``"result"``: the wager wins or loses as the oracle says (its amounts are other clauses');
    * ``"payout"``: a wager the oracle says wins is settled a win and paid the oracle's
      amount, the stake included (any other result of a winning wager is not that payment);
    * ``"vigorish"``: a winning wager is paid at 1 to 1 and charged a vigorish the oracle
      accepts, any other wager none; a settlement whose result differs from the oracle's is
      *blocked* by the clause that decides the result.

    :raises Nonconformance: naming ``clause`` (its role), with the count of wrong
        settlements and the first one.
    :raises Blocked: see ``"vigorish"``; naming § 631a.15(e) when the game made a round of
        the sweep void (every stack completes its round), after the settlements judged.
    """
    target = sweep.target
    wrong: list[tuple[str, str, list[str]]] = []
    blocked: Optional[Blocked] = None
    checked = 0
    if len(result.wants) != len(result.settled):  # the oracle's settlements, once for every role
        result.wants = [oracle(rules, rs, WagerSpec(seat, target.wager_type, stake, target.hand, target.option),
                               coup_of(record.player.cards, record.banker.cards))
                        for seat, stake, _, record in result.settled]
    for (seat, stake, got, record), want in zip(result.settled, result.wants):
        if got is not None and got.result == want.result and (role == "result" or (
                want.pays(got.paid) or (role == "payout" and want.result != "win"))
                and (role != "vigorish" or got.vigorish in want.vigorish)):
            checked += role != "payout" or want.result == "win"
            continue  # settled as the oracle says (the common case: no sentence is made)
        spec = WagerSpec(seat, target.wager_type, stake, target.hand, target.option)
        what = f"the {spec.describe()} ({_hands(record)})"
        cards = [c.card for c in record.cards]
        if got is None:
            wrong.append((f"{what} is settled", "the round record has no settlement for it", cards))
            continue
        if role == "result":
            checked += 1
            if got.result != want.result:
                wrong.append((f"{what} {'wins' if want.result == 'win' else 'loses'}"
                              f"{f' ({want.outcome})' if want.result == 'win' else ''}",
                              f"settled it as {got.result}, paying ${got.paid}", cards))
        elif role == "payout":
            if want.result != "win":
                continue
            checked += 1
            if got.result != "win" or not want.pays(got.paid):
                also = "".join(f" or ${a}" for a in want.paid_also)
                wrong.append((f"{what} wins{f' ({want.outcome})' if want.outcome != 'win' else ''} and is paid ${want.paid}{also} in all",
                              f"settled it as {got.result}, paying ${got.paid}", cards))
        else:
            if got.result != want.result:
                if blocked is None:
                    settler = settler_for(target.wager_type, rs)
                    by = want.clause or (settler.clause_for_result(want.result) if settler else clause)
                    blocked = Blocked(by, f"{what} {'wins' if want.result == 'win' else want.result}",
                                      f"settled it as {got.result}", cards)
                continue
            checked += 1
            ok = got.vigorish in want.vigorish and (want.result != "win" or want.pays(got.paid))
            if not ok:
                need = (f"is paid ${want.paid} in all and charged a vigorish of "
                        f"{' or '.join(f'${a}' for a in want.vigorish)}" if want.result == "win"
                        else "is charged no vigorish")
                wrong.append((f"{what} {need}", f"paid ${got.paid}, charged ${got.vigorish}", cards))
    if wrong:
        evidence.attach_json("settlement sweep failures", [
            {"required": r, "observed": o, "cards": c} for r, o, c in wrong[:200]])
        required, observed, cards = wrong[0]
        raise Nonconformance(named(clause, "payout" if role != "result" else "outcome"), required,
                             f"{observed}; {len(wrong)} wrong settlements in {len(result.settled)} rounds "
                             f"({len(sweep)} deals)", cards)
    if blocked is not None:
        raise blocked
    if result.void:  # every sweep stack holds the cards its round needs: no round of it is void
        raise Blocked("631a.15(e)", f"each of the {len(sweep)} rounds of the sweep completed: every stacked shoe "
                      "holds the cards its round needs", f"{result.void} rounds void")
    judged(checked, "wagers settled")


@then(phrase("every wager on {target:Wager} of the sweep wins or loses as the scenario's clause says"))
@counts_judgements
def sweep_results(settlement_sweep: Sweep, settlement_sweep_result: SweepResult, rules_submission: RulesSubmission,
                  clause: str, target: Target) -> None:
    judge(settlement_sweep_result, settlement_sweep, rules_submission.as_rules(), rules_submission, clause, "result")


@then(phrase("every winning wager on {target:Wager} of the sweep is paid as the scenario's clause says"))
@counts_judgements
def sweep_payouts(settlement_sweep: Sweep, settlement_sweep_result: SweepResult, rules_submission: RulesSubmission,
                  clause: str, target: Target) -> None:
    judge(settlement_sweep_result, settlement_sweep, rules_submission.as_rules(), rules_submission, clause, "payout")


@then(phrase("every wager on {target:Wager} of the sweep is charged the vigorish the scenario's clause says"))
@counts_judgements
def sweep_vigorish(settlement_sweep: Sweep, settlement_sweep_result: SweepResult, rules_submission: RulesSubmission,
                   clause: str, target: Target) -> None:
    judge(settlement_sweep_result, settlement_sweep, rules_submission.as_rules(), rules_submission, clause, "vigorish")


def gate(rs: RulesSubmission, target: Target, clause: str) -> None:
    """Skip "not offered" when the scenario's ``clause`` does not govern the settlement of a
    table of ``rs`` (:func:`~baccarat_conformance.oracle.settlement.governs_settlement`: a
    commission-free table is paid under § 631c.5, not § 631a.13), or the oracle settles no
    ``target`` wager under ``rs`` (neither a Chapter 631a settler nor the par sheet's model
    of a wager offered: :func:`model_of`)."""
    why = governs_settlement(str(clause), rs)
    if why:
        pytest.skip(f"not offered: {why}")
    if target.wager_type != "royal_9" and not by_ch631a(rs, target.wager_type) \
            and model_of(rs.as_rules(), target) is None:
        pytest.skip(f"not offered: the rules oracle settles no {target.describe()} wager under the variant "
                    f"{rs.variant!r}")


@given(phrase("every class of cards the rule of the wager on {target:Wager} distinguishes, at every stake its "
              "settlement depends on"), target_fixture="settlement_sweep")
def sweep_plan(rules_submission: RulesSubmission, depth: str, clause: str, target: Target) -> Sweep:
    gate(rules_submission, target, clause)
    return plan(rules_submission.as_rules(), rules_submission, target, depth)

