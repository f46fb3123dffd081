"""Property scenarios: hypothesis generates dealing shoes and wagers, every example is
played through the adapter, and every round is checked against the rules oracle.

Vocabulary::

    Given any stacked shoe of 4 to 30 cards from the decks of the Rules Submission
    Given any stacked shoe of up to 10 rounds from the decks of the Rules Submission
    Given any stacked shoe of 6 cards from the decks of the Rules Submission
    Given any whole shoe of the decks of the Rules Submission
    When every round of the shoe is dealt through the adapter
    When every round of the shoe is dealt through the adapter with any wagers the Rules Submission offers
    When one round is dealt through the adapter with any wagers the Rules Submission offers
    Then <a property>            (each Then runs the search; see the step functions)

Each property judges one clause and takes the game's other behaviour as given (for
example the third-card property judges each draw from the game's own first cards),
so a fault is reported by the property of its clause and not by every property
downstream of it. Failures raise
:class:`._property_runner.PropertyFalsified` (a ``Nonconformance``)
with the shrunk shoe and a replay command.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Optional

import pytest
from hypothesis import strategies as st
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.judging.errors import GameRefused, Nonconformance
from baccarat_conformance.judging.judgements import counts_judgements
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle.settlement_order import Settlement, order_problem
from baccarat_conformance.oracle.settlement import (WagerSpec, coup_of, covered_wager_types, expected,
                                                     governs_settlement, settler_for)
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from . import _strategies as bst
from ._deal_check import value_note, void_text
from ._property_runner import PropertyRun, Recorder, add_options
from ._vocabulary import HAND_NAMES, cards_of_record

HANDS = ("player", "banker")

# Examples per property under the ci profile (lab multiplies them).
EXAMPLES_DEALING = 100
EXAMPLES_WHOLE_SHOES = 8
EXAMPLES_SETTLEMENT = 100
EXAMPLES_THIRD_CARD = 200  # Table 1 has forty cells: 100 examples reach about 30 of them, 200 about 38


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


# ------------------------------------------------------------------ fixtures
@pytest.fixture
def property_run(request: pytest.FixtureRequest, clause: str, game: Any) -> PropertyRun:
    """The hypothesis run of this scenario (settings profile, replay, reporting)."""
    return PropertyRun(request, clause, adapter=getattr(game, "name", "?"))


# ------------------------------------------------------------------ Given: shoes
@dataclass(frozen=True)
class Shoes:
    """The dealing shoes a scenario draws: a strategy, and how many examples it is
    worth under the ``ci`` profile (a whole shoe costs some eighty rounds)."""

    strategy: st.SearchStrategy[list[str]]
    examples: int
    whole: bool = False

    def __repr__(self) -> str:  # Allure records step arguments by repr; a strategy's repr is costly
        return f"Shoes({'whole' if self.whole else 'stacked'}, {self.examples} examples)"


@given(parsers.parse("any stacked shoe of {low:d} to {high:d} cards from the decks of the Rules Submission"),
       target_fixture="shoes")
def any_stacked_shoe(rules_submission: RulesSubmission, low: int, high: int) -> Shoes:
    return Shoes(bst.stacked_shoes(min_cards=low, max_cards=high, decks=rules_submission.decks), EXAMPLES_DEALING)


@given(parsers.parse("any stacked shoe of up to {rounds:d} rounds from the decks of the Rules Submission"),
       target_fixture="shoes")
def any_round_shoe(rules_submission: RulesSubmission, rounds: int) -> Shoes:
    return Shoes(bst.round_shoes(max_rounds=rounds, decks=rules_submission.decks), EXAMPLES_DEALING)


@given(parsers.parse("any stacked shoe of {count:d} cards from the decks of the Rules Submission"),
       target_fixture="shoes")
def any_stacked_shoe_of(rules_submission: RulesSubmission, count: int) -> Shoes:
    return Shoes(bst.stacked_shoes(min_cards=count, max_cards=count, decks=rules_submission.decks),
                 EXAMPLES_SETTLEMENT)


@given("any whole shoe of the decks of the Rules Submission", target_fixture="shoes")
def any_whole_shoe(rules_submission: RulesSubmission) -> Shoes:
    return Shoes(bst.whole_shoes(rules_submission.decks), EXAMPLES_WHOLE_SHOES, whole=True)


# ------------------------------------------------------------------ When: playing
@dataclass
class PlayedRound:
    """One round of an example: its number, the shoe position before it (cards
    taken out so far), the wagers offered with the game's answers, the round
    record, and — after a void round — the game's answer to one more deal."""

    number: int
    start: int
    wagers: list[tuple[WagerSpec, m.WagerAck]]
    record: m.RoundRecord
    deal_after_void: Optional[str] = None

    @property
    def end(self) -> int:
        return self.start + len(self.record.cards)

    def cards(self) -> list[str]:
        return cards_of_record(self.record)


@dataclass
class ShoePlay:
    """How an example is played: open a table under the Rules Submission, stack the
    shoe (no cover card, so the shoe is dealt to its end), and deal rounds — all of
    them, or one — placing the wagers drawn for each round."""

    game: Any
    rules_submission: RulesSubmission
    all_rounds: bool = True
    wagers: Optional[st.SearchStrategy[list[WagerSpec]]] = None

    def __post_init__(self) -> None:
        self._rules = self.rules_submission.as_rules()

    def __repr__(self) -> str:
        return f"ShoePlay({'every round' if self.all_rounds else 'one round'}, " \
               f"{'with' if self.wagers is not None else 'no'} wagers)"

    def __call__(self, rec: Recorder, shoe: list[str], data: Any) -> list[PlayedRound]:
        game = self.game
        table = game.open_table(self._rules)
        played: list[PlayedRound] = []
        try:
            game.start_shoe(table, shoe)
            rec.shoe(shoe)
            start = 0
            for number in range(1, len(shoe) // 4 + 3):
                placed = []
                if self.wagers is not None:
                    for w in data.draw(self.wagers, label=f"wagers of round {number}"):
                        placed.append((w, game.place_wager(table, **w.as_params())))
                        rec.step(f"round {number}: {w.describe()}")
                record = game.deal_round(table)
                rec.round(record)
                _note_round(rec, record)
                rec.step(f"round {number}: dealt {' '.join(c.card + '>' + c.to[0].upper() for c in record.cards)}"
                         f" ({record.status}, shoe {record.shoe})")
                pr = PlayedRound(number, start, placed, record)
                played.append(pr)
                start = pr.end
                if record.status == "void":
                    try:
                        again = game.deal_round(table)
                        pr.deal_after_void = f"dealt round {again.round_id} ({again.status})"
                    except GameRefused as e:
                        pr.deal_after_void = None if e.code == "invalid_state" else f"refused ({e.code})"
                    break
                if record.shoe == "ended" or not self.all_rounds:
                    break
        finally:
            game.close_table(table)
        return played


def _note_round(rec: Recorder, record: m.RoundRecord) -> None:
    if record.status != "completed":
        rec.note(f"{record.status} round")
        return
    if record.player is None or record.banker is None:
        return
    if record.player.natural or record.banker.natural:
        rec.note("Natural")
    for hand in HANDS:
        if len(getattr(record, hand).cards) == 3:
            rec.note(f"third card to the {HAND_NAMES[hand]}")
    rec.note(f"{record.winner} wins" if record.winner != "tie" else "tie")
    for r in record.wagers:
        rec.note(f"{r.wager_type} {r.result}" + (f" ({r.outcome})" if r.outcome else ""))


@when("every round of the shoe is dealt through the adapter", target_fixture="play")
def deal_every_round(game: Any, rules_submission: RulesSubmission) -> ShoePlay:
    return ShoePlay(game, rules_submission)


@when("every round of the shoe is dealt through the adapter with any wagers the Rules Submission offers",
      target_fixture="play")
def deal_every_round_with_wagers(game: Any, rules_submission: RulesSubmission, clause: str) -> ShoePlay:
    _governs_or_not_offered(clause, rules_submission)
    # House Money is settled before any third card (§ 631a.9(e)), so it is already
    # settled when a round turns out void; it is left out of whole-shoe wagers.
    final = [t for t in covered_wager_types(rules_submission) if settler_for(t, rules_submission).phase == "final"]
    if not final:
        pytest.skip(f"not verified: the harness's rules oracle settles no wager of variant {rules_submission.variant}")
    return ShoePlay(game, rules_submission, wagers=bst.round_wagers(rules_submission, max_wagers=3,
                                                                    wager_types=final))


@when("one round is dealt through the adapter with any wagers the Rules Submission offers", target_fixture="play")
def deal_one_round_with_wagers(game: Any, rules_submission: RulesSubmission, clause: str) -> ShoePlay:
    _governs_or_not_offered(clause, rules_submission)
    if not covered_wager_types(rules_submission):
        pytest.skip(f"not verified: the harness's rules oracle settles no wager of variant {rules_submission.variant}")
    return ShoePlay(game, rules_submission, all_rounds=False,
                    wagers=bst.round_wagers(rules_submission, min_wagers=1, max_wagers=6))


def _governs_or_not_offered(clause: str, rules_submission: RulesSubmission) -> None:
    """The scenario's clause (its principal, :class:`~baccarat_conformance.judging.attribution.ScenarioClause`)
    is not offered at a table whose variant it does not govern (a commission-free table is
    paid under § 631c.5, not § 631a.13: :func:`~baccarat_conformance.oracle.settlement.governs_settlement`);
    what the variant's own rules require is judged by the variant's own scenarios."""
    why = governs_settlement(str(clause), rules_submission)
    if why:
        pytest.skip(f"not offered: {why}")


def _prove(property_run: PropertyRun, shoes: Shoes, play: ShoePlay,
           check: Callable[[list[str], list[PlayedRound]], None], at_least: int = 0) -> None:
    __tracebackhide__ = True

    def body(rec: Recorder, shoe: list[str], data: Any) -> None:
        check(shoe, play(rec, shoe, data))

    examples = shoes.examples if shoes.whole else max(shoes.examples, at_least)
    property_run.check({"shoe": shoes.strategy, "data": st.data()}, body, examples=examples)


# ------------------------------------------------------------------ § 631a.9(c)
PATTERN = ("player", "banker", "player", "banker")


@then("every round takes the next cards of the shoe, Player, Banker, Player, Banker, then any third card "
      "to the Player's Hand before the Banker's Hand")
@counts_judgements
def dealing_order(property_run: PropertyRun, shoes: Shoes, play: ShoePlay) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            rec = pr.record
            dealt = pr.cards()
            want = shoe[pr.start:pr.start + len(dealt)]
            where = [c.to for c in rec.cards]
            context = shoe[pr.start:pr.start + 6]
            if dealt != want:
                raise Nonconformance(
                    "631a.9(c)", f"round {pr.number} takes the next cards of the shoe: {' '.join(want)}",
                    f"dealt {' '.join(dealt)}", context)
            head, extra = where[:4], where[4:]
            bad_head = head != list(PATTERN[:len(head)])
            bad_extra = any(t not in HANDS for t in extra) or any(
                a == "banker" and b == "player" for a, b in zip(extra, extra[1:]))
            if bad_head or bad_extra:
                raise Nonconformance(
                    "631a.9(c)", f"round {pr.number} deals Player, Banker, Player, Banker, then any third card to "
                    "the Player's Hand before the Banker's Hand",
                    "dealt " + " ".join(f"{c.card} to {c.to}" for c in rec.cards), context)
            for hand in HANDS:
                got = getattr(rec, hand)
                if got is None:
                    continue
                mine = [c.card for c in rec.cards if c.to == hand]
                if list(got.cards) != mine:
                    raise Nonconformance(
                        "631a.9(c)",
                        f"the {HAND_NAMES[hand]} of round {pr.number} is the cards dealt to it: {' '.join(mine)}",
                        f"reported the {HAND_NAMES[hand]} as {' '.join(got.cards)}", context)

    _prove(property_run, shoes, play, check)


# ------------------------------------------------------------------ § 631a.10(c)
@then("no hand of any round is dealt more than one additional card")
@counts_judgements
def one_additional_card(property_run: PropertyRun, shoes: Shoes, play: ShoePlay) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            for hand in HANDS:
                mine = [c.card for c in pr.record.cards if c.to == hand]
                got = getattr(pr.record, hand)
                held = max(len(mine), len(got.cards) if got else 0)
                if held > 3:
                    raise Nonconformance(
                        "631a.10(c)",
                        f"the {HAND_NAMES[hand]} of round {pr.number} holds at most its two cards and one additional "
                        "card", f"dealt it {' '.join(mine or got.cards)}", shoe[pr.start:pr.end])

    _prove(property_run, shoes, play, check)


# ------------------------------------------------------------------ § 631a.11
def wrong_draw(player: list[str], banker: list[str], complete: bool) -> Optional[tuple[str, str, str]]:
    """The first third-card decision the hands show that breaks § 631a.11, as
    (hand, clause, what the rule requires), judged from the hands' own first two
    cards and the Player's third card. For an incomplete (void) round only the
    cards that were dealt are judged, not the ones that could not be."""
    if len(player) < 2 or len(banker) < 2:
        return None
    coup = coup_of(player, banker)
    natural = ch631a.is_natural(player[:2]) or ch631a.is_natural(banker[:2])
    p2, b2 = ch631a.point_count(player[:2]), ch631a.point_count(banker[:2])
    player_draws = not natural and ch631a.player_draws(p2)
    if len(player) >= 3 and not player_draws:
        return "player", ch631a.deciding_clause(coup, "player"), _why(coup, "player", False)
    if complete and len(player) == 2 and player_draws:
        return "player", ch631a.deciding_clause(coup, "player"), _why(coup, "player", True)
    third = ch631a.card_value(player[2]) if len(player) >= 3 else None
    banker_draws = not natural and ch631a.banker_draws(b2, third)
    if len(banker) >= 3 and not banker_draws:
        return "banker", ch631a.deciding_clause(coup, "banker"), _why(coup, "banker", False)
    if complete and len(banker) == 2 and banker_draws:
        return "banker", ch631a.deciding_clause(coup, "banker"), _why(coup, "banker", True)
    return None


def _why(coup: ch631a.Coup, hand: str, draws: bool) -> str:
    p2, b2 = ch631a.point_count(coup.player[:2]), ch631a.point_count(coup.banker[:2])
    verb = "is dealt a third card" if draws else "stays"
    if coup.natural:
        return f"the {HAND_NAMES[hand]} {verb}: a Natural was dealt (Point Counts {p2} and {b2})"
    if hand == "player":
        return f"the Player's Hand {verb}: its Point Count is {p2}"
    if len(coup.player) == 2:
        return f"the Banker's Hand {verb}: the Player's Hand stayed and the Banker's Point Count is {b2}"
    third = ch631a.card_value(coup.player[2])
    cell = f' (Table 1 "{ch631a.TABLE_1[b2][third]}")' if b2 in ch631a.TABLE_1 else ""
    return (f"the Banker's Hand {verb}: its Point Count is {b2} and the Player's third card "
            f"{coup.player[2]} has value {third}{cell}")


@then("every hand is dealt or not dealt a third card as § 631a.11 and Table 1 require")
@counts_judgements
def third_cards(property_run: PropertyRun, shoes: Shoes, play: ShoePlay) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            rec = pr.record
            player = [c.card for c in rec.cards if c.to == "player"]
            banker = [c.card for c in rec.cards if c.to == "banker"]
            complete = rec.status == "completed"
            wrong = wrong_draw(player, banker, complete)
            if wrong is None and not complete and pr.end >= len(shoe) and len(player) >= 2 and len(banker) >= 2:
                # void: the shoe was emptied; judge whether the hands still had a card coming
                natural = ch631a.is_natural(player[:2]) or ch631a.is_natural(banker[:2])
                p_draws = not natural and ch631a.player_draws(ch631a.point_count(player[:2]))
                third = ch631a.card_value(player[2]) if len(player) >= 3 else None
                b_draws = not natural and ch631a.banker_draws(ch631a.point_count(banker[:2]), third)
                needs_more = (len(player) == 2 and p_draws) or (len(banker) == 2 and b_draws)
                if not needs_more and len(banker) == 2 and len(player) <= 3:
                    coup = coup_of(player, banker)
                    hand = "banker" if len(player) == 3 or not p_draws else "player"
                    wrong = (hand, ch631a.deciding_clause(coup, hand),
                             _why(coup, hand, False) + "; the round was complete, yet the game wanted another card")
            if wrong is not None:
                hand, clause, why = wrong
                got = f"{' '.join(player)} / {' '.join(banker)}"
                coup = coup_of(player, banker)
                status = void_text(rec) if rec.status == "void" else rec.status
                raise Nonconformance(clause, why + value_note(ch631a.decision_cards(coup, hand)),
                                     f"round {pr.number} ({status}): Player's Hand / Banker's Hand {got}",
                                     shoe[pr.start:pr.end])

    _prove(property_run, shoes, play, check, at_least=EXAMPLES_THIRD_CARD)


# ------------------------------------------------------------------ § 631a.15(e)
@then("a round the shoe cannot complete is void, every wager is returned, and no round follows until a new shoe")
@counts_judgements
def void_rounds(property_run: PropertyRun, shoes: Shoes, play: ShoePlay) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            rec = pr.record
            if rec.status != "void":
                continue
            left = len(shoe) - pr.end
            context = shoe[pr.start:]
            # a round the cards left cannot complete may be voided before they are dealt
            # (interpretation 631a.15-e-void-before-dealing); one they complete is not void
            coup, wanted = ch631a.deal_as_far_as(context)
            if left > 0 and wanted is None:
                raise Nonconformance("631a.15(e)", f"round {pr.number} is dealt from the {len(context)} cards left "
                                     f"in the shoe, which complete it ({' '.join(c for c, _ in coup.order)})",
                                     f"declared the {void_text(rec)} after dealing "
                                     f"{' '.join(pr.cards()) or 'nothing'}", context)
            results = {r.wager_id: r for r in rec.wagers}
            for w, ack in pr.wagers:
                if not ack.accepted:
                    continue
                r = results.get(ack.wager_id or "")
                if r is None or r.result != "void" or r.paid != w.amount:
                    got = f"{r.result}, paid ${r.paid}" if r else "no settlement"
                    raise Nonconformance("631a.15(e)", f"the {w.describe()} is void and returned (${w.amount})",
                                         f"settled it: {got}", context)
            if pr.deal_after_void is not None:
                raise Nonconformance("631a.15(e)", "no round is dealt after the void round until the cards are "
                                     "replaced", pr.deal_after_void, context)

    _prove(property_run, shoes, play, check)


# ------------------------------------------------------------------ settlement
@dataclass
class Settled:
    """One accepted wager with the game's settlement and the oracle's."""

    wager: WagerSpec
    wager_id: str
    result: Optional[m.WagerResult]
    expected: ch631a.Expected
    settler: Any


def _settled(rs: Any, pr: PlayedRound, shoe: list[str], refused_clause: Optional[str] = None) -> list[Settled]:
    rec = pr.record
    context = shoe[pr.start:pr.end]
    for w, ack in pr.wagers:
        if not ack.accepted and refused_clause:
            raise Nonconformance(refused_clause, f"the game accepts the {w.describe()}: the Rules Submission "
                                 "offers it and it is within the table limits", f"refused it: {ack.reason}", context)
    if rec.status != "completed" or rec.player is None or rec.banker is None:
        return []  # a void round is judged by the dealing properties (§§ 631a.10(c), 631a.11, 631a.15(e))
    coup = coup_of(rec.player.cards, rec.banker.cards)
    results = {r.wager_id: r for r in rec.wagers}
    out = []
    for w, ack in pr.wagers:
        if not ack.accepted:
            continue
        s = settler_for(w.wager_type, rs)
        out.append(Settled(w, ack.wager_id or "", results.get(ack.wager_id or ""), expected(coup, w, rs), s))
    return out


def _hands(rec: m.RoundRecord) -> str:
    return (f"Player's Hand {' '.join(rec.player.cards)} ({rec.player.point_count}), "
            f"Banker's Hand {' '.join(rec.banker.cards)} ({rec.banker.point_count})")


@then("every wager is won, lost or tied as § 631a.8(a) says for its hands")
@counts_judgements
def wager_results(property_run: PropertyRun, shoes: Shoes, play: ShoePlay, rules_submission: RulesSubmission) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            for s in _settled(rules_submission, pr, shoe, refused_clause="631a.8(a)"):
                exp, got = s.expected, s.result
                clause = exp.clause if exp.clause.startswith(s.settler.result_clause) else s.settler.result_clause
                if got is None or got.result != exp.result:
                    seen = f"settled it as {got.result}" if got else "did not settle it"
                    row = f" ({exp.outcome})" if exp.outcome else ""
                    raise Nonconformance(clause, f"the {s.wager.describe()} {_verb(exp.result)}{row}: "
                                         f"{_hands(pr.record)}", seen, pr.cards())

    _prove(property_run, shoes, play, check)


def _verb(result: str) -> str:
    return {"win": "wins", "lose": "loses", "push": "ties and is returned"}.get(result, result)


@then("every winning wager is paid at the odds § 631a.13 sets")
@counts_judgements
def payouts(property_run: PropertyRun, shoes: Shoes, play: ShoePlay, rules_submission: RulesSubmission) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            for s in _settled(rules_submission, pr, shoe):
                exp, got = s.expected, s.result
                if got is None or got.result != exp.result or exp.result != "win" or got.paid == exp.paid:
                    continue
                clause = exp.clause if exp.clause.startswith(s.settler.odds_clause) else s.settler.odds_clause
                row = f" ({exp.outcome})" if exp.outcome else ""
                raise Nonconformance(clause, f"the winning {s.wager.describe()}{row} returns ${exp.paid} in all "
                                     f"(winnings ${exp.paid - s.wager.amount})",
                                     f"paid ${got.paid} (winnings ${got.paid - s.wager.amount})", pr.cards())

    _prove(property_run, shoes, play, check)


@then("the vigorish on every wager is as § 631a.13(c) sets")
@counts_judgements
def vigorish(property_run: PropertyRun, shoes: Shoes, play: ShoePlay, rules_submission: RulesSubmission) -> None:
    tracked = rules_submission.vigorish_collection == "tracked"
    rounding = ("to the cent" if not rules_submission.vigorish_rounding else
                "rounded up to a multiple of 25¢, or to the cent where it is marked to be rounded when collected"
                if tracked else "rounded up to a multiple of 25¢")
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            for s in _settled(rules_submission, pr, shoe):
                exp, got = s.expected, s.result
                # 5% that is a fraction of a cent may be rounded either way (interpretation
                # 631a.13-c-fraction-of-a-cent): the amounts the oracle accepts, not only its own
                accepted = (ch631a.vigorish_accepted(s.wager.amount, rules_submission.vigorish_rounding,
                                                     tracked=tracked) if exp.vigorish else (exp.vigorish,))
                if got is None or got.result != exp.result or got.vigorish in accepted:
                    continue
                if exp.vigorish:
                    need = (f"a vigorish of {' or '.join(f'${a}' for a in accepted)} "
                            f"(5% of ${s.wager.amount} won, {rounding})")
                else:
                    need = "no vigorish"
                state = {"win": "winning", "lose": "losing", "push": "tied"}.get(exp.result, exp.result)
                raise Nonconformance(s.settler.vigorish_clause, f"the {state} {s.wager.describe()} is charged "
                                     f"{need}", f"charged ${got.vigorish}", pr.cards())

    _prove(property_run, shoes, play, check)


MONEY_EVENTS = {"collect", "pay", "push", "return"}


@then("every round collects each losing wager, then pays each seat from the highest down, and every dollar "
      "wagered is collected or returned")
@counts_judgements
def money_flow(property_run: PropertyRun, shoes: Shoes, play: ShoePlay, rules_submission: RulesSubmission) -> None:
    def check(shoe: list[str], rounds: list[PlayedRound]) -> None:
        for pr in rounds:
            settled = _settled(rules_submission, pr, shoe)
            _check_money(pr, settled)

    _prove(property_run, shoes, play, check)


def _check_money(pr: PlayedRound, settled: list[Settled]) -> None:
    rec = pr.record
    cards = pr.cards()
    clause = "631a.12(b)"
    events = list(rec.events)
    by_wager: dict[str, list[tuple[int, m.Event]]] = defaultdict(list)
    for i, e in enumerate(events):
        if e.type in MONEY_EVENTS and e.wager_id:
            by_wager[e.wager_id].append((i, e))
    wagered = collected = returned = winnings = Decimal("0")
    vig_owed: dict[int, Decimal] = defaultdict(Decimal)
    for s in settled:
        r, w = s.result, s.wager
        if r is None:
            raise Nonconformance(clause, f"the {w.describe()} is settled", "the round record has no settlement for it",
                                 cards)
        evs = by_wager.get(s.wager_id, [])
        kinds = {"lose": {"collect"}, "win": {"pay"}, "push": {"push", "return"}, "void": {"push", "return"}}[r.result]
        amounts = [e.amount for _, e in evs]
        if r.result == "lose":
            want_paid, want_event = Decimal("0"), w.amount
        elif r.result == "win":
            want_paid, want_event = r.paid, r.paid - w.amount
        else:
            want_paid, want_event = w.amount, w.amount
        ok = (len(evs) == 1 and evs[0][1].type in kinds and amounts[0] == want_event and r.paid == want_paid
              and (r.result != "win" or r.paid > w.amount))
        if not ok:
            what = {"lose": f"collected once (${w.amount}) and nothing paid",
                    "win": f"paid once: winnings ${want_event} on top of the ${w.amount} stake",
                    "push": f"returned once (${w.amount})", "void": f"returned once (${w.amount})"}[r.result]
            seen = ", ".join(f"{e.type} ${e.amount}" for _, e in evs) or "no collect, pay or return"
            raise Nonconformance(clause, f"the {r.result} {w.describe()} is {what}",
                                 f"{seen}; the record says paid ${r.paid}", cards)
        wagered += w.amount
        if r.result == "lose":
            collected += w.amount
        else:
            returned += w.amount
            winnings += r.paid - w.amount
        vig_owed[w.seat] += r.vigorish
    if wagered != collected + returned:
        raise Nonconformance(clause, f"the ${wagered} wagered is collected or returned",
                             f"collected ${collected}, returned ${returned}", cards)
    vig_events: dict[int, Decimal] = defaultdict(Decimal)
    for e in events:
        if e.type in ("vigorish_collected", "vigorish_marked") and e.seat is not None:
            vig_events[e.seat] += e.amount or Decimal("0")
    for seat in sorted(set(vig_owed) | set(vig_events)):
        if vig_owed.get(seat, Decimal("0")) != vig_events.get(seat, Decimal("0")):
            raise Nonconformance(clause, f"seat {seat}'s vigorish of ${vig_owed.get(seat, Decimal('0'))} is marked "
                                 "or collected", f"marked or collected ${vig_events.get(seat, Decimal('0'))}", cards)
    # order (§ 631a.12(b), the oracle's rule): initial-phase wagers are settled earlier (§ 631a.9(e))
    final_ids = {s.wager_id for s in settled if s.settler.phase == "final"}
    problem = order_problem([Settlement("vigorish" if e.type.startswith("vigorish") else e.type, e.seat, e.wager_id)
                             for e in events if (e.type in ("collect", "pay") and e.wager_id in final_ids)
                             or e.type in ("vigorish_collected", "vigorish_marked")])
    if problem is not None:
        raise Nonconformance(clause, problem.required, problem.observed, cards)
