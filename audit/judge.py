"""One recorded round judged against the rules oracle, clause by clause.

:func:`judge_round` takes a validated round record (:class:`RecordedRound`) and the
Rules Submission the table ran under, and returns what the record shows: every clause
it judged (kept) and every clause it shows broken (:class:`Finding`). The rules are the
oracle's (:mod:`baccarat_conformance.oracle`); nothing here decides a rule itself. It
judges, from the cards the record lists and the hands it states:

* the Point Count of each hand, § 631a.6(a)(1)—(3), (b) (the examples (b)(1), (b)(2) on
  the hands they describe), and whether each hand is a Natural, § 631a.1 [Natural];
* whether each hand was dealt a third card, § 631a.11(a), (b)(1), (b)(2), (c)(1),
  (c)(2)(i)—(iii), as :func:`~baccarat_conformance.oracle.ch631a.deciding_clause` names
  the rule; the order the cards were dealt in, § 631a.9(c), where the record lists them;
  at most three cards a hand, § 631a.10(c); two hands, § 631a.9(a);
* every wager's settlement by its settler (:mod:`baccarat_conformance.oracle.settlement`):
  the result (§ 631a.8(a) and the side-wager chapters), the odds of a win at the filed
  paytable (§ 631a.13, Ch. 631c, 629b, 627b), the vigorish and its rounding
  (§ 631a.13(c), :func:`~baccarat_conformance.oracle.ch631a.vigorish_accepted`);
* the dealer's calls after the last card, § 631a.12(a) (:func:`_calls`), when the record
  holds its card events and announcements;
* the order of settlement, § 631a.12(b), from the record's events
  (:func:`~baccarat_conformance.oracle.settlement_order.order_problem`), when the record
  holds settlement events.

A record that cannot be judged (it contradicts itself: the cards it lists do not make
the hands it states) raises
:class:`BadRecord`; the audit counts it as bad input, never as a pass.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional

from pydantic import Field

from baccarat_conformance.oracle import ch631a, five_treasures
from baccarat_conformance.oracle import side_wagers as side
from baccarat_conformance.oracle.settlement import SETTLERS as CH631A_SETTLERS
from baccarat_conformance.oracle.settlement import WagerSpec, coup_of, governs_settlement, settler_for
from baccarat_conformance.oracle.settlement_order import Settlement, order_problem
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

__all__ = ["RecordedRound", "Finding", "BadRecord", "Judgement", "judge_round", "JUDGED_CLAUSES"]

FINAL_631A = frozenset(s.wager_type for s in CH631A_SETTLERS if s.phase == "final")
"""The Chapter 631a wagers settled after the result is announced (Banker, Player, Tie,
Dragon Bonus, Dragon 7, Panda 8): the wagers of § 631a.12(b)'s order."""
HAND_NAMES = {"player": "Player's Hand", "banker": "Banker's Hand"}
VIGORISH_EVENTS = ("vigorish_collected", "vigorish_marked")
NO_VIGORISH_VARIANTS = ("ez_baccarat", "commission_free")


class RecordedRound(m.RoundRecord):
    """A round record (:class:`~baccarat_conformance.protocol.models.RoundRecord`) with
    the optional envelope of a recorded round (docs/protocol.md, "Recorded rounds"):
    ``table_id`` (the table that dealt it), ``shoe_id`` (its dealing shoe) and
    ``timestamp`` (when the round was dealt: ISO 8601, e.g. ``2026-03-01T21:14:05Z``) and,
    on the first round of a dealing shoe, ``burned`` (the cards of the burn of § 631a.5(f)
    in the order drawn, the exposed first card first; absent: the burn is not known and
    § 631a.5(f) is not judged for the shoe, :mod:`.shoes`)."""

    table_id: Optional[str] = Field(default=None, max_length=200)
    shoe_id: Optional[str] = Field(default=None, max_length=200)
    timestamp: Optional[str] = Field(default=None, max_length=64)
    burned: Optional[list[m.Card]] = Field(default=None, max_length=64)


class BadRecord(ValueError):
    """A record that cannot be judged: it contradicts itself (one sentence)."""

    def __reduce__(self):  # pragma: no cover - plain args pickle anyway; explicit for worker processes
        return (BadRecord, self.args)


@dataclass(frozen=True)
class Finding:
    """A clause the record shows broken: ``clause``, what the regulation ``required``,
    what the record shows was ``observed`` (one sentence each)."""

    clause: str
    required: str
    observed: str


@dataclass
class Judgement:
    """What one record showed: ``judged`` the clauses it judged (each once a round, in
    order), ``findings`` those it shows broken, ``wagers_unjudged`` wager types the
    oracle does not settle under the Rules Submission (never a pass), ``coup`` the
    round as dealt (None for a void or simulated round); ``blocked`` the clauses the
    round would have judged but that rest on a rule it shows broken, ``blocked_by``
    (the Natural, the draws, the settlements rest on the game's Point Counts, § 631a.6:
    a record whose Point Count is wrong judges none of them)."""

    judged: list[str]
    findings: list[Finding]
    wagers_unjudged: list[str]
    coup: Optional[ch631a.Coup] = None
    blocked: list[str] = field(default_factory=list)
    blocked_by: Optional[str] = None


class _What:
    """``the $10.00 tie at seat 3 (wager W1)``, written only when a finding quotes it."""

    __slots__ = ("spec", "wager_id")

    def __init__(self, spec: WagerSpec, wager_id: str):
        self.spec, self.wager_id = spec, wager_id

    def __format__(self, _: str) -> str:
        return f"the {self.spec.describe()} (wager {self.wager_id})"


def _cards(cards) -> str:
    return " ".join(cards) or "no card"


def parse_timestamp(text: Optional[str]) -> Optional[dt.datetime]:
    """The envelope's ``timestamp`` (ISO 8601; ``Z`` for UTC), or None when absent.

    :raises BadRecord: when it is not an ISO 8601 date and time."""
    if text is None:
        return None
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00") if text.endswith("Z") else text)
    except ValueError:
        raise BadRecord(f"timestamp {text[:64]!r} is not an ISO 8601 date and time") from None


def _count(h: m.HandRecord, hand: str, judged: list[str], findings: list[Finding]) -> None:
    """§ 631a.6: the hand's stated Point Count against the cards'."""
    want = ch631a.point_count(h.cards)
    candidates = ch631a.count_clauses(h.cards)
    ranks = sorted(ch631a.rank(c) for c in h.cards)
    examples = {"631a.6(b)(1)": ["2", "4", "A"], "631a.6(b)(2)": ["2", "9", "A"]}
    shown = [cid for cid, r in examples.items() if ranks == r]
    if h.point_count == want:
        judged.extend(candidates)
        judged.extend(shown)
        return
    if not 0 <= h.point_count <= 9:
        clause, why = "631a.6(b)", "a Point Count is a single digit number from 0 to 9"
    elif shown:
        clause, why = shown[0], "the regulation's own example"
    else:
        clause = candidates[0] if len(candidates) == 1 else "631a.6"
        why = "by " + ", ".join(f"§ {c}" for c in candidates)
    findings.append(Finding(clause, f"the {HAND_NAMES[hand]} {_cards(h.cards)} has a Point Count of {want} ({why})",
                            f"the record states a Point Count of {h.point_count}"))


def _draws(record: RecordedRound, judged: list[str], findings: list[Finding]) -> None:
    """§ 631a.11: whether each hand was dealt a third card, as the oracle decides from the
    four initial cards (and the Player's third card for the Banker's Hand)."""
    p, b = record.player.cards, record.banker.cards  # type: ignore[union-attr]
    coup = coup_of(p, b)
    if coup.natural:
        judged.append("631a.11(a)")
        if len(p) > 2 or len(b) > 2:
            findings.append(Finding("631a.11(a)", "no more cards dealt to either hand after a Natural "
                                    f"(Player's Hand {_cards(p[:2])}, Banker's Hand {_cards(b[:2])})",
                                    f"Player's Hand {_cards(p)}, Banker's Hand {_cards(b)}"))
        return
    for hand in ("player", "banker"):
        cards = p if hand == "player" else b
        clause = ch631a.deciding_clause(coup, hand)
        if hand == "player":
            should = ch631a.player_draws(ch631a.point_count(p[:2]))
        else:
            third = ch631a.card_value(p[2]) if len(p) == 3 else None
            should = ch631a.banker_draws(ch631a.point_count(b[:2]), third)
        judged.append(clause)
        if clause == ch631a.TABLE_1_CLAUSES[0] and should == (len(cards) == 3):
            judged.extend(ch631a.TABLE_1_CLAUSES[1:])  # (d)-(g) explain how Table 1 is read: kept with it
        if should != (len(cards) == 3):
            required = (f"the {HAND_NAMES[hand]} {_cards(cards[:2])} is dealt a third card" if should
                        else f"the {HAND_NAMES[hand]} {_cards(cards[:2])} stays")
            if hand == "banker":
                required += f" (the Player's Hand is {_cards(p)})"
            findings.append(Finding(clause, required + f" (§ {clause})", f"the {HAND_NAMES[hand]} is {_cards(cards)}"))
            return  # the Banker's decision rests on the Player's: judged only when that one is right


COMMISSION_FREE_WAGERS = ("banker", "player", "tie", "player_pair", "banker_pair", "lucky_six")


def side_section(wager_type: str, rs: RulesSubmission) -> Optional[str]:
    """The section of Ch. 631c, 629b or 627b whose side-wager oracle
    (:func:`baccarat_conformance.oracle.side_wagers.expected`) settles ``wager_type`` at a
    table of ``rs``, or None (a Chapter 631a wager, or one settled by the settler registry)."""
    if rs.variant == "commission_free" or rs.commission_free:
        if wager_type in COMMISSION_FREE_WAGERS:
            return {"midibaccarat": "629b.2", "minibaccarat": "627b.2"}.get(rs.variant, "631c.5")
    if wager_type == "perfect_pairs":
        return {"midibaccarat": "629b.1", "minibaccarat": "627b.1"}.get(rs.variant, "631c.1")
    if wager_type in five_treasures.WAGERS:
        return "631c.3"
    return {"lucky_nines": "631c.4", "majestic_match": "631c.7"}.get(wager_type)


def _settle_side(w: m.WagerResult, section: str, record: RecordedRound, rs: RulesSubmission, judged: list[str],
                 findings: list[Finding]) -> bool:
    """A side wager's settlement against :func:`~baccarat_conformance.oracle.side_wagers.expected`;
    False when the oracle does not settle it (the wager then counts as not judged)."""
    if rs.offers(w.wager_type) is False and w.wager_type not in ("banker", "player", "tie"):
        return False
    try:
        exp = side.expected(section, w.wager_type, w.hand, record.player.cards, record.banker.cards,  # type: ignore[union-attr]
                            rs.as_rules())
    except (KeyError, ValueError):
        return False
    what = _What(WagerSpec(w.seat, w.wager_type, w.amount, w.hand, w.option), w.wager_id)
    outcome = side.outcome_clause(section, w.wager_type, exp)
    judged.append(outcome)
    if w.result not in (exp.result, *exp.also):
        findings.append(Finding(outcome, f"{what} {exp.describe()}", f"the record settles it as {w.result}, paid "
                                                                       f"${w.paid}"))
        return True
    if w.result == "win":
        assert exp.odds is not None
        payout = side.payout_clause(section, exp)
        judged.append(payout)
        want = exp.odds.total_return(w.amount)
        if w.paid != want or w.vigorish:
            findings.append(Finding(payout, f"{what} {exp.describe()}: paid ${want} (the stake included), no "
                                            "vigorish", f"the record pays ${w.paid}, vigorish ${w.vigorish}"))
    elif w.paid != (w.amount if w.result == "push" else Decimal("0")):
        findings.append(Finding(outcome, f"{what} {exp.describe()}", f"the record pays ${w.paid}"))
    return True


def _settle(record: RecordedRound, coup: ch631a.Coup, rs: RulesSubmission, judged: list[str],
            findings: list[Finding], unjudged: list[str]) -> None:
    """Every wager's settlement against the oracle's: the side-wager oracle for the
    sections of :func:`side_section`, else the wager type's settler."""
    tracked = rs.vigorish_collection == "tracked"
    for w in record.wagers:
        section = side_section(w.wager_type, rs)
        if section is not None and w.result != "void":
            if not _settle_side(w, section, record, rs, judged, findings):
                unjudged.append(w.wager_type)
            continue
        settler = settler_for(w.wager_type, rs)
        if settler is None or (settler.needs_hand and w.hand is None) or w.result == "void" \
                or governs_settlement(settler.result_clause, rs) is not None:
            unjudged.append(w.wager_type)
            continue
        spec = WagerSpec(w.seat, w.wager_type, w.amount, w.hand, w.option)
        try:
            exp = settler.settle(coup, spec, rs)
        except (KeyError, ValueError):
            unjudged.append(w.wager_type)
            continue
        what = _What(spec, w.wager_id)
        result_clause = settler.clause_for_result(exp.result)
        if w.wager_type == "dragon_bonus" and settler.result_clause == "631a.8(a)(4)":
            result_clause = ch631a.dragon_bonus_clause(coup, w.hand or "player")
        judged.append(result_clause)
        if w.result != exp.result:
            findings.append(Finding(result_clause, f"{what} {exp.result}s, paid ${exp.paid}",
                                    f"the record settles it as {w.result}, paid ${w.paid}"))
            continue
        if exp.result == "win":
            judged.append(settler.odds_clause)
        if w.paid != exp.paid:
            clause = settler.odds_clause if exp.result == "win" else result_clause
            findings.append(Finding(clause, f"{what} {exp.result}s and is paid ${exp.paid} (the stake included)",
                                    f"the record pays ${w.paid}"))
            continue
        if exp.result != "win" and not w.vigorish:
            continue
        if exp.vigorish or w.vigorish:
            judged.append(settler.vigorish_clause)
            if settler.vigorish_clause == "631a.13(c)" and exp.vigorish:
                accepted = ch631a.vigorish_accepted(exp.paid - w.amount, rs.vigorish_rounding, tracked=tracked)
            else:
                accepted = (exp.vigorish,)
            if w.vigorish not in accepted:
                findings.append(Finding(settler.vigorish_clause,
                                        f"{what} wins; a vigorish of " + " or ".join(f"${a}" for a in accepted),
                                        f"the record charges a vigorish of ${w.vigorish}"))


def _order(record: RecordedRound, rs: RulesSubmission, judged: list[str], findings: list[Finding]) -> None:
    """§ 631a.12(b): the order of the round's settlement events of the Chapter 631a
    wagers settled once the result is announced (:data:`FINAL_631A`; House Money,
    settled before the third cards, § 631a.9(e), and the side wagers of Ch. 631c, which
    their own sections settle, left out)."""
    if governs_settlement("631a.12(b)", rs) is not None or not record.events:
        return
    final = {w.wager_id for w in record.wagers if w.wager_type in FINAL_631A}
    kinds = {"collect": "collect", "pay": "pay", "vigorish_collected": "vigorish", "vigorish_marked": "vigorish"}
    actions = [Settlement(kinds[e.type], e.seat, e.wager_id) for e in record.events
               if e.type in kinds and (e.type in VIGORISH_EVENTS or e.wager_id in final)]
    if not any(a.kind == "pay" for a in actions):
        return  # no winning wager paid: no order to judge
    judged.append("631a.12(b)")
    problem = order_problem(actions)
    if problem is not None:
        findings.append(Finding("631a.12(b)", problem.required, problem.observed))


POINT_COUNT_CALL = re.compile(r"^(player|banker)(?:'s hand)?\s*:?\s*(\d)$", re.I)
WINS_CALL = re.compile(r"^(player|banker)(?:'s hand)? wins$", re.I)


def _count_called(e: m.Event, hand: str) -> Optional[int]:
    if e.type != "announcement":
        return None
    found = POINT_COUNT_CALL.match((e.text or "").strip())
    return int(found.group(2)) if found and found.group(1).lower() == hand else None


def _quoted(texts: list[str], limit: int = 200) -> str:
    """The announcements as the record has them, escaped (``repr``) and cut at ``limit``
    characters: their texts are untrusted."""
    shown = repr(texts)
    return shown if len(shown) <= limit else shown[:limit] + "...]"


def _calls(record: RecordedRound, coup: ch631a.Coup, judged: list[str], findings: list[Finding]) -> None:
    """§ 631a.12(a): "the dealer calling the game shall announce the final Point Count of
    each hand and the winning hand" — judged when the record's ``events`` hold its cards
    and its announcements (docs/protocol.md "Announcements"): after the last card, the
    Player's and the Banker's final Point Counts of the cards dealt and ``player wins``,
    ``banker wins`` (``player's hand wins`` too) or ``tie hand``. When neither hand draws,
    the announcement of the initial Point Counts (§ 631a.10(a)) does not stand in for the
    final ones (interpretation 631a.12-a-final-count-of-two-card-hands, as the live
    step). The Dragon 7 and Panda 8 calls of EZ Baccarat are not judged here."""
    events = record.events
    dealt = [i for i, e in enumerate(events) if e.type == "card" and e.to in ("player", "banker")]
    if len(dealt) < 4 or not any(e.type == "announcement" for e in events):
        return
    judged.append("631a.12(a)")
    start = dealt[-1] + 1
    if len(dealt) == 4:
        initial = [next((i for i in range(dealt[3], len(events)) if _count_called(events[i], h) is not None), None)
                   for h in ("player", "banker")]
        if None not in initial:
            start = max(initial) + 1  # type: ignore[type-var]
    after = events[start:]
    p = next((c for e in after if (c := _count_called(e, "player")) is not None), None)
    b = next((c for e in after if (c := _count_called(e, "banker")) is not None), None)
    texts = [(e.text or "").strip().lower() for e in after if e.type == "announcement"]
    winner = "tie hand" if coup.winner == "tie" else f"{coup.winner} wins"
    said = "tie hand" in texts if coup.winner == "tie" else \
        any((w := WINS_CALL.match(t)) and w.group(1) == coup.winner for t in texts)
    if (p, b) != (coup.player_count, coup.banker_count) or not said:
        findings.append(Finding("631a.12(a)", f"after the last card the dealer announces \"player {coup.player_count}\", "
                                              f"\"banker {coup.banker_count}\" and \"{winner}\"",
                                f"announced after the last card: {_quoted(texts)}"))


def check_consistent(record: RecordedRound) -> None:
    """The record agrees with itself: the cards it lists to each hand, in order, are the
    hand's. (A ``winner`` or a Point Count the cards do not make is the game's to answer
    for: the settlements and § 631a.6 judge them.)

    :raises BadRecord: naming the contradiction."""
    if record.cards and record.player is not None and record.banker is not None:
        listed_p = [c.card for c in record.cards if c.to == "player"]
        listed_b = [c.card for c in record.cards if c.to == "banker"]
        if listed_p != record.player.cards or listed_b != record.banker.cards:
            raise BadRecord(f"self-contradicting record: the cards it lists ({_cards(listed_p)} to the Player's Hand, "
                            f"{_cards(listed_b)} to the Banker's Hand) do not make the hands it states "
                            f"(Player's Hand {_cards(record.player.cards)}, Banker's Hand "
                            f"{_cards(record.banker.cards)})")


def judge_round(record: RecordedRound, rs: RulesSubmission) -> Judgement:
    """Judge one recorded round under the Rules Submission ``rs`` (see the module docstring).

    :raises BadRecord: when the record contradicts itself (:func:`check_consistent`)."""
    judged: list[str] = []
    findings: list[Finding] = []
    unjudged: list[str] = []
    if record.status != "completed":
        return Judgement(judged, findings, [w.wager_type for w in record.wagers])
    check_consistent(record)
    for hand in ("player", "banker"):
        if (record.player if hand == "player" else record.banker) is None:
            findings.append(Finding("631a.9(a)", "two hands, the Player's Hand and the Banker's Hand",
                                    f"a completed round with no {HAND_NAMES[hand]}"))
            return Judgement(judged, findings, [w.wager_type for w in record.wagers])
    assert record.player is not None and record.banker is not None
    p, b = record.player.cards, record.banker.cards
    judged.append("631a.9(a)")
    for hand, cards in (("player", p), ("banker", b)):
        if len(cards) < 2:
            findings.append(Finding("631a.9(c)", f"the {HAND_NAMES[hand]} is dealt two initial cards",
                                    f"the {HAND_NAMES[hand]} holds {_cards(cards)}"))
            return Judgement(judged, findings, [w.wager_type for w in record.wagers])
    judged.append("631a.10(c)")
    if len(p) > 3 or len(b) > 3:
        findings.append(Finding("631a.10(c)", "at most one additional card to each hand",
                                f"Player's Hand {_cards(p)}, Banker's Hand {_cards(b)}"))
        return Judgement(judged, findings, [w.wager_type for w in record.wagers])
    coup = coup_of(p, b)
    if record.cards:
        judged.append("631a.9(c)")
        listed = [(c.card, c.to) for c in record.cards if c.to in ("player", "banker")]
        if listed != list(coup.order):
            findings.append(Finding("631a.9(c)", "cards dealt in order: " + ", ".join(
                f"{c} to the {HAND_NAMES[h]}" for c, h in coup.order),
                "dealt " + ", ".join(f"{c} to the {HAND_NAMES[h]}" for c, h in listed)))
    for hand in ("player", "banker"):
        _count(record.player if hand == "player" else record.banker, hand, judged, findings)
    if findings:  # the game counts the hands otherwise: what rests on its Point Counts is blocked by § 631a.6
        blocked: list[str] = ["631a.1[Natural]"]
        _draws(record, blocked, [])
        _settle(record, coup, rs, blocked, [], [])
        _order(record, rs, blocked, [])
        _calls(record, coup, blocked, [])
        return Judgement(judged, findings, unjudged, coup, blocked=list(dict.fromkeys(blocked)),
                         blocked_by=findings[0].clause)
    for hand in ("player", "banker"):
        h = record.player if hand == "player" else record.banker
        judged.append("631a.1[Natural]")
        natural = ch631a.is_natural(h.cards)
        if h.natural != natural:
            findings.append(Finding("631a.1[Natural]", f"the {HAND_NAMES[hand]} {_cards(h.cards)} is "
                                    f"{'' if natural else 'not '}a Natural (a Point Count of 8 or 9 on the first "
                                    "two cards dealt)", f"the record states natural={str(h.natural).lower()}"))
    _draws(record, judged, findings)
    _settle(record, coup, rs, judged, findings, unjudged)
    _order(record, rs, judged, findings)
    _calls(record, coup, judged, findings)
    return Judgement(judged, findings, unjudged, coup)


JUDGED_CLAUSES = ("631a.1[Natural]", "631a.6(a)(1)", "631a.6(a)(2)", "631a.6(a)(3)", "631a.6(b)", "631a.6(b)(1)",
                  "631a.6(b)(2)", "631a.9(a)", "631a.9(c)", "631a.10(c)", "631a.11(a)", "631a.11(b)(1)",
                  "631a.11(b)(2)", "631a.11(c)(1)", "631a.11(c)(2)(i)", "631a.11(c)(2)(ii)",
                  *ch631a.TABLE_1_CLAUSES, "631a.12(b)")
"""The clauses of the deal and the Point Counts every completed round can judge (the
settlement clauses are those of the settlers of the wagers recorded)."""
