"""Judging every round dealt from a stacked shoe against the rules oracle, so that a
scenario whose setup the game broke ends **blocked** rather than failing its own clause
(not a step module: modules whose name starts with "_" are not loaded as pytest plugins).

A scenario stacks the shoe so that one rule decides what it checks; it relies on every
other rule of the deal (§ 631a.9(c) dealing order, § 631a.6 Point Counts, § 631a.11
naturals and draws). :func:`deviation` compares a round record with the oracle's deal of
the same stack (:func:`~baccarat_conformance.oracle.ch631a.deal_as_far_as`) and names the
first rule the game broke, as the oracle decides. :func:`judge` then decides:

* the scenario carries that clause, an ancestor or a descendant of it, or a clause that
  deals "in accordance with" the base game (§ 631c.2(e), § 629b.3(c)...): the deviation
  is its own to judge, and its steps do (a step that finds the round is not what its
  stack promised raises the deviation as a :class:`Nonconformance`, :func:`own_failure`);
* otherwise the scenario is :class:`~baccarat_conformance.judging.errors.Blocked`, naming the
  rule the game broke; the broken rule's own scenarios carry the failure.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Iterable, NoReturn, Optional, Sequence

from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.judging.errors import NOTE, Blocked, Nonconformance
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import irregularities as irregular
from baccarat_conformance.protocol import models as m

from ._vocabulary import HAND_NAMES

__all__ = ["Deviation", "deviation", "irregular_deviation", "after_irregularity", "judge", "own_failure", "related",
           "judges", "breach", "value_note", "void_text", "why_third", "BASE_GAME_DEALING"]

BASE_GAME_DEALING = re.compile(r"deal the cards in accordance with §|shall be played consistent with Chapter|"
                               r"shall then continue as set forth in §")
"""Text of a clause that deals its rounds as the base game does (§ 631c.2(e): "The dealer
shall then deal the cards in accordance with § 631a.9(b)—(f)"; § 629b.5(c): "shall be
played consistent with Chapter 629a"; § 629b.4(c): "The round of play shall then continue
as set forth in § 629a.8(c)(3)—(6)"): every deviation of the deal is its own."""


@dataclass(frozen=True)
class Deviation:
    """How a round departs from the oracle's deal of its stack.

    ``clause``: the rule the game broke, as the oracle decides; ``related``: the clauses
    a scenario may carry (or their ancestors or descendants) to judge it itself
    (``clause``; for a wrong Point Count, § 631a.6, whose every scenario counts a hand);
    ``required`` / ``observed`` / ``cards`` as a :class:`Nonconformance` takes them;
    ``detail``: its one-line headline. ``reported``:
    the cards were dealt as required, only a reported Point Count is wrong: it blocks only
    the steps that read it (:func:`judge` lets the round through)."""

    clause: str
    required: str
    observed: str
    cards: tuple[str, ...]
    related: tuple[str, ...]
    detail: str = ""
    reported: bool = False
    simulated: tuple[str, ...] = ()
    irregularity: str = ""

    def of_the_simulated_round(self) -> "Deviation":
        """This deviation of a simulated round's third cards as the irregularity clause's
        own (``irregularity``: § 631a.15(c)(2) or (d), "the cards shall be dealt in
        accordance with this chapter"), once the game was seen to deal the same cards as
        a round of play by the rules (:meth:`TableHandle.deal`): the rule is kept, only
        the simulated round breaks it."""
        return dataclasses.replace(self, clause=self.irregularity, related=(self.irregularity,),
                                   detail=f"{self.detail}, as the game deals a round of play from the same cards "
                                          f"(§ {self.clause})")

    def blocked(self) -> Blocked:
        return Blocked(self.clause, self.required, self.observed, self.cards, self.detail)

    def nonconformance(self, clause: str) -> Nonconformance:
        """The deviation as a failure of ``clause``, the scenario's own clause it relates to."""
        detail = self.detail or self.required
        if clause != self.clause:
            detail = f"{detail} (§ {self.clause})"
        return Nonconformance(clause, self.required, self.observed, self.cards, detail)


def _cards(cards: Iterable[str]) -> str:
    return " ".join(cards) or "no card"


def void_text(record: m.RoundRecord) -> str:
    """``round void ("the dealing shoe is empty")``: a void round with the game's reason
    (``void_reason``), or ``round void (no reason given)``."""
    reason = record.void_reason
    return f"round {record.status} (" + (f'"{reason}"' if reason else "no reason given") + ")"


def _deciding(clause: str) -> tuple[str, ...]:
    """The clauses whose scenarios judge a decision of ``clause`` themselves: it, and for a
    Table 1 decision the clauses that explain Table 1 (§ 631a.11(d)-(g))."""
    return ch631a.TABLE_1_CLAUSES if clause == ch631a.TABLE_1_CLAUSES[0] else (clause,)


def value_note(cards: Sequence[str]) -> str:
    """``NOTE + "the cards include an ace (§ 631a.6(a)(3): an ace counts 1)"`` when an ace, a
    10 or a court card is among the cards a wrong decision rests on; ``""`` otherwise. It
    ends a requirement: the finding shows it as a note of its own
    (:data:`baccarat_conformance.judging.errors.NOTE`)."""
    found = ch631a.value_clauses(cards)
    if not found:
        return ""
    return NOTE + "the cards include " + " and ".join(f"{what} (§ {clause}: {rule})" for clause, what, rule in found)


def why_third(coup: ch631a.Coup, hand: str) -> str:
    """The rule behind the oracle's decision for ``hand``, in the regulation's terms."""
    p2, b2 = ch631a.point_count(coup.player[:2]), ch631a.point_count(coup.banker[:2])
    if coup.natural:
        return "a Natural was dealt (§ 631a.11(a))"
    if hand == "player":
        return f"Player's Hand Point Count {p2} (§ 631a.11(b))"
    if len(coup.player) == 2:
        return f"Player's Hand stayed, Banker's Hand Point Count {b2} (§ 631a.11(c)(1))"
    third = ch631a.card_value(coup.player[2])
    if b2 in ch631a.TABLE_1:
        return (f"Banker's Hand Point Count {b2}, Player's third card value {third}: "
                f"Table 1 \"{ch631a.TABLE_1[b2][third]}\" (§ 631a.11(c)(2)(iii))")
    return f"Banker's Hand Point Count {b2} after the Player's third card (§ 631a.11(c)(2))"


def _count_deviation(record: m.RoundRecord, stack: tuple[str, ...]) -> Optional[Deviation]:
    """A hand whose reported Point Count is not the one § 631a.6 gives its cards."""
    for hand in ("player", "banker"):
        h = record.player if hand == "player" else record.banker
        if h is None or not h.cards:
            continue
        want = ch631a.point_count(h.cards)
        if h.point_count == want:
            continue
        if not 0 <= h.point_count <= 9:
            clause, why = "631a.6(b)", "a Point Count is a single digit number from 0 to 9"
        else:
            candidates = ch631a.count_clauses(h.cards)  # which of them the game broke, one hand cannot tell
            clause = candidates[0] if len(candidates) == 1 else "631a.6"
            why = "by " + ", ".join(f"§ {c}" for c in candidates)
        name = HAND_NAMES[hand]
        return Deviation(clause, f"the {name} {_cards(h.cards)} has a Point Count of {want} ({why})",
                         f"reported a Point Count of {h.point_count}", stack, ("631a.6",),
                         f"the Point Count of the {name} {_cards(h.cards)} is {want}", reported=True)
    return None


def _void_deviation(record: m.RoundRecord, coup: ch631a.Coup, wanted: Optional[str],
                    stack: tuple[str, ...]) -> Optional[Deviation]:
    """A void round: one the stack cannot complete (§ 631a.15(e)), dealt as far as the
    oracle deals it or declared void before its last cards (interpretation
    631a.15-e-void-before-dealing: none, or fewer than the stack holds, each where the
    oracle deals it), or a void the stack does not call for, blamed on the first decision
    where the game's cards leave the oracle's (the game wanted a card the oracle does not
    deal)."""
    dealt = [(c.card, c.to) for c in record.cards if c.to in ("player", "banker")]
    order = list(coup.order)
    if wanted is not None and dealt == order[:len(dealt)]:
        return None  # § 631a.15(e): the stack cannot complete the round
    observed = f"{void_text(record)} after dealing {_cards(c for c, _ in dealt)}"
    if wanted is not None:
        required = f"the round dealt {_cards(c for c, _ in order)}, then void for want of a card"
    else:
        required = f"the stack completes the round: {_cards(c for c, _ in order)}"
    split = next((i for i, (a, b) in enumerate(zip(dealt, order)) if a != b), min(len(dealt), len(order)))
    reason = (record.void_reason or "").lower()
    named = [h for h in ("player", "banker") if h in reason]
    hand: Optional[str] = None
    if split < len(dealt) and split < 4:  # the initial four cards are not the stack's, in order
        clause = "631a.9(c)"
    elif split < len(dealt):  # the game dealt a card the oracle does not deal there
        hand = dealt[split][1] if split >= len(order) or order[split][1] != "banker" else "player"
        clause = ch631a.deciding_clause(coup, hand)
    elif split < len(order):  # the game stopped short of a card the stack holds
        clause = "631a.15(e)"
        required += " (a round is void only when the dealing shoe cannot complete it)"
    elif len(coup.player) == 3 and len(coup.banker) == 3:
        clause = "631a.10(c)"  # it wanted a fourth card
    else:  # the game wanted a third card after the oracle's last: which hand, its reason may say
        hand = named[0] if len(named) == 1 else ("player" if len(coup.player) == 2 else "banker")
        clause = ch631a.deciding_clause(coup, hand)
    if hand is not None:
        cards = coup.player if hand == "player" else coup.banker
        required += (f"; the {HAND_NAMES[hand]} {'is dealt a third card' if len(cards) == 3 else 'stays'}: "
                     f"{why_third(coup, hand)}{value_note(ch631a.decision_cards(coup, hand))}")
    return Deviation(clause, required, observed, stack, _deciding(clause),
                     "a round the stack completes is not void" if wanted is None
                     else "the round is dealt as far as the stack goes")


def deviation(record: m.RoundRecord, stack: Sequence[str]) -> tuple[Optional[Deviation], Optional[int]]:
    """Compare ``record``, a round dealt from a shoe stacked with ``stack`` (its next
    cards, in order), with the oracle's deal of it.

    Returns the first rule the game broke (None when the round is dealt as required) and
    the number of cards the round took from the stack (None when what follows can no
    longer be told from the stack: a void or simulated round, or a deviation of the cards).
    A round dealt otherwise whose reported Point Counts are wrong too is blamed on § 631a.6
    (the game drew by its own count); a round dealt as required with a wrong reported
    Point Count is a ``reported`` deviation."""
    stack = tuple(stack)
    if record.status == "simulated":
        return None, None
    coup, wanted = ch631a.deal_as_far_as(stack)
    if record.status == "void":
        return _void_deviation(record, coup, wanted, stack), None
    for hand in ("player", "banker"):
        h = record.player if hand == "player" else record.banker
        if h is None:
            return Deviation("631a.9(a)", "two hands, the Player's Hand and the Banker's Hand",
                             f"round {record.status} with no {HAND_NAMES[hand]}", stack, ("631a.9(a)",)), None
        if len(h.cards) < 2:
            return Deviation("631a.9(c)", f"the {HAND_NAMES[hand]} is dealt two initial cards",
                             f"the {HAND_NAMES[hand]} holds {_cards(h.cards)}", stack, ("631a.9(c)",)), None
        if len(h.cards) > 3:
            return Deviation("631a.10(c)", f"at most one additional card to the {HAND_NAMES[hand]}",
                             f"the {HAND_NAMES[hand]} holds {_cards(h.cards)}", stack, ("631a.10(c)",)), None
    counted = _count_deviation(record, stack)
    dealt = _dealing_deviation(record, coup, wanted, stack)
    if dealt is not None:
        return (dataclasses.replace(counted, reported=False) if counted else dealt), None
    return counted, coup.used


def _dealing_deviation(record: m.RoundRecord, coup: ch631a.Coup, wanted: Optional[str],
                       stack: tuple[str, ...]) -> Optional[Deviation]:
    """The first rule of §§ 631a.9(c), 631a.11 a completed round's cards break."""
    assert record.player is not None and record.banker is not None
    got = {"player": tuple(record.player.cards), "banker": tuple(record.banker.cards)}
    want = {"player": coup.player, "banker": coup.banker}
    initial = (got["player"][:2], got["banker"][:2])
    if initial != (want["player"][:2], want["banker"][:2]):
        return Deviation("631a.9(c)", f"the first and third cards to the Player's Hand ({_cards(want['player'][:2])}), "
                                      f"the second and fourth to the Banker's Hand ({_cards(want['banker'][:2])})",
                         f"the Player's Hand holds {_cards(got['player'])}, the Banker's Hand {_cards(got['banker'])}",
                         stack, ("631a.9(c)",), "the initial four cards are dealt from the dealing shoe in order")
    if wanted is not None:  # the stack cannot complete the round, the game did
        clause = ch631a.deciding_clause(coup, wanted)
        return Deviation(clause, f"the {HAND_NAMES[wanted]} is dealt a third card ({why_third(coup, wanted)}); the "
                                 "stack holds none, so the round is void (§ 631a.15(e))",
                         f"completed the round: Player's Hand {_cards(got['player'])}, Banker's Hand "
                         f"{_cards(got['banker'])}", stack, (*_deciding(clause), "631a.15(e)"))
    for hand in ("player", "banker"):
        if len(got[hand]) != len(want[hand]):
            clause = ch631a.deciding_clause(coup, hand)
            name = HAND_NAMES[hand]
            draws = len(want[hand]) == 3
            required = (f"the {name} is dealt a third card: " if draws else f"the {name} stays: ") + \
                why_third(coup, hand) + value_note(ch631a.decision_cards(coup, hand))
            observed = (f"the {name} stayed on {_cards(got[hand])}" if draws
                        else f"dealt {_cards(got[hand][2:])} to the {name} ({_cards(got[hand])})")
            return Deviation(clause, required, observed, stack, _deciding(clause),
                             f"the {name} {'is dealt a third card' if draws else 'stays'}")
        if got[hand] != want[hand]:
            return Deviation("631a.9(c)", f"third cards dealt from the dealing shoe, to the Player's Hand first: the "
                                          f"{HAND_NAMES[hand]} is {_cards(want[hand])}",
                             f"the {HAND_NAMES[hand]} is {_cards(got[hand])}", stack, ("631a.9(c)",),
                             "any third card is dealt to the Player's Hand, then to the Banker's Hand")
    listed = [(c.card, c.to) for c in record.cards if c.to in ("player", "banker")]
    if listed and listed != list(coup.order):
        return Deviation("631a.9(c)", "cards dealt in order: " + ", ".join(f"{c} to the {HAND_NAMES[h]}"
                                                                        for c, h in coup.order),
                         "dealt " + ", ".join(f"{c} to the {HAND_NAMES.get(h, h)}" for c, h in listed), stack,
                         ("631a.9(c)",), "the cards are dealt in the order of § 631a.9(c)")
    return None


# ------------------------------------------------------------------ rounds staging an irregularity (§ 631a.15)
def _simulated_deviation(record: m.RoundRecord, irr: irregular.Irregular, stack: tuple[str, ...]) -> Optional[Deviation]:
    """A simulated round whose third cards are not those of §§ 631a.9 to 631a.11 (its first
    cards are the irregularity's own to judge)."""
    got = [c.card for c in record.cards if c.to == "simulated"]
    want = list(irr.simulated)
    if got == want or got[:4] != want[:4] or len(want) < 4:
        return None
    sim = ch631a.deal(want)
    split = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    if split < len(want):
        hand = sim.order[split][1]  # the game left out, or put elsewhere, the card that hand draws
    else:  # the game drew a card the rules do not
        hand = "player" if len(sim.player) == 2 and not sim.natural else "banker"
    clause = ch631a.deciding_clause(sim, hand)
    cards = sim.player if hand == "player" else sim.banker
    return Deviation(clause, f"the simulated round dealt under the rules of the chapter: {_cards(want)}; the "
                             f"{HAND_NAMES[hand]} {'is dealt a third card' if len(cards) == 3 else 'stays'}: "
                             f"{why_third(sim, hand)}{value_note(ch631a.decision_cards(sim, hand))}",
                     f"simulated cards: {_cards(got)}", stack, _deciding(clause),
                     "a simulated round is dealt under the rules of the chapter", simulated=tuple(want),
                     irregularity=irr.clause)


def irregular_deviation(record: m.RoundRecord, stack: Sequence[str], irregularity: m.Irregularity,
                        procedure: str) -> tuple[Optional[Deviation], Optional[list[str]], Optional[str]]:
    """Compare ``record``, a round staging ``irregularity`` on a shoe stacked with ``stack``,
    with the oracle's § 631a.15 round: the parts the rules of §§ 631a.9 to 631a.11 decide
    (the round's hands, the simulated round's third cards). How the irregularity itself is
    handled is the scenario's steps' to judge.

    Returns the deviation (or None), the cards the next round is dealt from (None when
    they can no longer be told), and the clause of § 631a.15 that decides them."""
    stack = tuple(stack)
    try:
        if irregularity.kind == "card_drawn_in_error":
            irr = irregular.card_drawn_in_error(stack, irregularity.disclosed)
        elif irregularity.kind == "player_third_card_in_error":
            irr = irregular.player_third_card_in_error(stack, irregularity.disclosed, procedure)
        elif irregularity.kind == "card_face_up":
            irr = irregular.card_face_up(stack)
        else:
            return None, None, None
    except (ValueError, IndexError):  # the stack does not stage it (or runs out): the steps judge the round
        return None, None, None
    if irr.coup is not None and record.status == "completed" and record.player and record.banker:
        got = {"player": tuple(record.player.cards), "banker": tuple(record.banker.cards)}
        for hand in ("player", "banker"):
            want = irr.coup.player if hand == "player" else irr.coup.banker
            if got[hand][:2] == want[:2] and len(got[hand]) != len(want):
                clause = ch631a.deciding_clause(irr.coup, hand)
                name = HAND_NAMES[hand]
                return Deviation(clause, f"the {name} is {_cards(want)}: {why_third(irr.coup, hand)}"
                                         f"{value_note(ch631a.decision_cards(irr.coup, hand))}",
                                 f"the {name} is {_cards(got[hand])}", stack, _deciding(clause),
                                 f"the {name} {'is dealt a third card' if len(want) == 3 else 'stays'}"), None, None
    dev = _simulated_deviation(record, irr, stack)
    if dev is not None:
        return dev, None, None
    return None, list(irr.next_stack), irr.clause


def after_irregularity(dev: Deviation, clause: str) -> Deviation:
    """A deviation of the round after an irregularity: the first cards it is dealt from are
    the irregularity's clause's to decide (§ 631a.15(a): the card drawn in error is the first
    card of the next hand), not § 631a.9(c)'s."""
    if dev.clause != "631a.9(c)":
        return dev
    return dataclasses.replace(dev, clause=clause, related=(clause,),
                               detail=f"the next round is dealt from the cards § {clause} leaves")


# ------------------------------------------------------------------ whose deviation is it
@functools.lru_cache(maxsize=None)
def _lineage(clause: str) -> frozenset[str]:
    corpus = load_corpus()
    try:
        return frozenset([clause, *(c.id for c in corpus.ancestors(clause))])
    except KeyError:
        return frozenset([clause])


@functools.lru_cache(maxsize=None)
def _deals_as_base_game(clause: str) -> bool:
    c = load_corpus().by_id.get(clause)
    return bool(c is not None and BASE_GAME_DEALING.search(c.text))


def related(scenario_clauses: Sequence[str], dev: Deviation) -> Optional[str]:
    """The scenario's clause that judges ``dev`` itself: one of ``dev.related``, an
    ancestor or a descendant of one, or a clause dealing as the base game; None when
    the deviation is not the scenario's to judge."""
    for own in scenario_clauses:
        if _deals_as_base_game(own):
            return own
        for r in dev.related:
            if own in _lineage(r) or r in _lineage(own):
                return own
    return None


def judges(scenario_clauses: Sequence[str], rule: str) -> Optional[str]:
    """The scenario's clause that judges ``rule`` itself (``rule``, an ancestor or a
    descendant of it), or None: the scenario only relies on ``rule``."""
    for own in scenario_clauses:
        if own in _lineage(rule) or rule in _lineage(own):
            return own
    return None


def breach(scenario_clauses: Sequence[str], clause: str, rule: str, required: str, observed: str,
           cards: Sequence[str] = (), detail: str = "") -> Exception:
    """The finding of a step that checks ``rule`` (a clause id) in a scenario of
    ``scenario_clauses`` whose principal clause is ``clause``: a :class:`Nonconformance` of
    ``clause`` when the scenario judges ``rule`` itself (:func:`judges`), otherwise
    :class:`Blocked` naming ``rule``: the scenario's expectation rests on a rule the game
    broke, whose own scenarios carry the failure (README, "Blocked scenarios"). The
    caller raises it."""
    if judges(scenario_clauses, rule) is not None:
        return Nonconformance(clause, required, observed, cards, detail)
    return Blocked(rule, required, observed, cards, detail)


def judge(scenario_clauses: Sequence[str], dev: Optional[Deviation]) -> None:
    """Raise ``dev`` as :class:`Blocked` unless the scenario judges it itself (its steps
    then find it); nothing when the round was dealt as required, or only a reported Point
    Count is wrong (the steps that read it find it: :func:`own_failure`).

    :raises Blocked: naming the clause the game broke."""
    if dev is not None and not dev.reported and related(scenario_clauses, dev) is None:
        raise dev.blocked()


def own_failure(scenario_clauses: Sequence[str], devs: Sequence[Deviation], feature_error: str) -> NoReturn:
    """A step found its round is not what the scenario's stack promised (e.g. no third
    card to check). When the game deviated, that is the deviation (a
    :class:`Nonconformance` of the scenario's clause, or :class:`Blocked`); otherwise the
    feature file is wrong (``ValueError("feature error: ...")``)."""
    for dev in devs:
        own = related(scenario_clauses, dev)
        if own is None:
            raise dev.blocked()
        raise dev.nonconformance(own)
    raise ValueError(f"feature error: {feature_error}")
