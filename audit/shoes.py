"""Judging across the rounds of one dealing shoe: a :class:`ShoeJudge` is fed the records
of one (``table_id``, ``shoe_id``) in the order they were recorded (:meth:`ShoeJudge.record`,
one call a round) and told when the shoe's records end (:meth:`ShoeJudge.end`). It judges
what no single round can show:

* the burn, 58 Pa. Code § 631a.5(f): "the dealer shall remove and expose the first card
  from the dealing shoe and place it, and an additional number of cards, drawn face down,
  equal to the face value of the first card drawn, in the discard bucket" (a 10, jack,
  queen or king counting ten, an ace one: :func:`baccarat_conformance.oracle.ch631a.burn_count`),
  from the envelope field ``burned`` of the shoe's first round (docs/protocol.md, "What a
  recorded shoe carries"): the first card and exactly as many more as its face value.
  A shoe whose records carry no ``burned`` does not show the burn: § 631a.5(f) is *not
  judged* for it (counted in :attr:`~.tally.Tally.shoes_unjudged`), never a pass. What the
  records cannot show (which card was exposed and which drawn face down) is not judged;
* the cover card and "last hand", § 631a.10(d), verbatim: "If the cover card appears as
  the first card in the dealing shoe at the beginning of a round of play or appears during
  play, the cover card shall be removed and placed to the side and the hand will be
  completed. Upon completion of that hand, the dealer calling the game shall announce
  “last hand.” At the completion of one more hand, the cards shall be replaced with new
  decks of cards." The round in which the cover card came out is the first round of the
  shoe whose events hold a ``cover_card`` event or whose ``shoe`` is ``last_hand``. The
  audit reads the text as allowing exactly one round of the shoe after that round (the "one
  more hand"; interpretation *631a.10-d-one-more-hand*: a simulated round of an irregularity,
  § 631a.15(c)(2), (d), is not a hand of play and is not counted; a void round is); a
  round of the same shoe recorded after the one more hand is a nonconforming round (the
  cards were not replaced), quoted once a shoe, at the first such round. When the round in
  which the cover card came out holds announcements, "last hand" must be among them. A
  shoe whose records end with the round in which the cover card came out (the rest may be
  in another file) does not show the one more hand: not judged.

Dealer's calls after the last card (§ 631a.12(a)) are judged round by round
(:func:`~.judge.judge_round`); the round-by-round order and repeats of a shoe stay in
:mod:`.engine`.

A :class:`MeterJudge` (one a table: the meters run on from shoe to shoe) judges the
progressive meters between consecutive rounds of a table with the live suite's arithmetic
(:func:`baccarat_conformance.oracle.progressives.judge_meters`): the meters a round's record
reports after settlement, from the meters the table's previous round reported, its wagers'
contributions at their rates (§ 631c.2(i)[table], § 631c.6(c)(4)), the jackpots paid at 100% of a meter, the Must-Hit-By Mystery award
(§ 631c.6(c)(5)(iii), its amount (c)(7)) and the reset or reseed ((c)(5)(iv), the Heavenly 9
"Meter seed/reseed"); the Royal 9 (§ 629b.3, § 627b.3) and Harmony (§ 629b.7) meters are
not judged from records yet. A mystery hit value the record does not disclose (``hit_value``) is
known only to lie in the configuration's range (interpretation mystery-hit-within-round): an
award the record reports is accepted when the meter is above the minimum, and a meter above
the maximum must have been awarded. Only the meters of :data:`JUDGED_METERS` are judged. Two rounds are consecutive when their round ids end in
numbers one apart with the same prefix (``T1-R17``, ``T1-R18``); a round whose id carries no
number, or whose predecessor is not recorded before it, is not judged for the meters (counted
as such), nor is a round whose mystery award some order of its contributions makes when the
hit value is not disclosed (which wager's contribution crossed it is then not known); neither is a void or simulated round, whose meters are the next round's baseline.
Once a meter's growth is shown wrong at a table, its later awards there rest on it and are
blocked by that clause, as in the live suite.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Optional

from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import progressives as P

from .judge import Finding, RecordedRound

__all__ = ["ShoeJudge", "MeterJudge", "ShoeVerdict", "SHOE_CLAUSES", "BURN", "LAST_HAND", "meter_clauses"]

BURN = "631a.5(f)"
LAST_HAND = "631a.10(d)"
SHOE_CLAUSES = (BURN, LAST_HAND)
"""The clauses a :class:`ShoeJudge` judges across the rounds of one dealing shoe."""


@dataclass
class ShoeVerdict:
    """What the shoe's records showed so far: ``judged`` (clause, the quote of the round
    that showed it kept), ``findings`` (:class:`~.judge.Finding`, the quote of the
    nonconforming round), ``unjudged`` (clause, why the shoe does not show it)."""

    judged: list[tuple[str, dict]] = field(default_factory=list)
    findings: list[tuple[Finding, dict]] = field(default_factory=list)
    unjudged: list[tuple[str, str]] = field(default_factory=list)
    blocked: list[tuple[str, str]] = field(default_factory=list)
    """(clause, the clause it rests on, shown broken before at the table)."""

    def __bool__(self) -> bool:
        return bool(self.judged or self.findings or self.unjudged or self.blocked)


def _cards(cards: list[str]) -> str:
    return " ".join(cards) or "no card"


def _id(text: Any, limit: int = 80) -> str:
    """A round id as a finding quotes it: the recording's text, escaped and cut (untrusted)."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[:limit] + "..."


class ShoeJudge:
    """The judge of one dealing shoe's records, in the order recorded (see the module
    docstring). ``record(round, quote)`` and ``end()`` each return a :class:`ShoeVerdict`
    of what they decided (``quote``: the round's table, shoe, round id, time, file and
    line, as the per-round findings quote it)."""

    __slots__ = ("rounds", "cover", "after_cover", "past_quoted", "burn_seen")

    def __init__(self) -> None:
        self.rounds = 0
        self.cover: Optional[dict] = None
        """The quote of the round in which the cover card came out."""
        self.after_cover = 0
        self.past_quoted = False
        self.burn_seen = False

    def record(self, record: RecordedRound, quote: dict[str, Any]) -> ShoeVerdict:
        out = ShoeVerdict()
        first = self.rounds == 0
        self.rounds += 1
        if record.burned is not None:
            self.burn_seen = True
            self._burn(record.burned, quote, out)
        elif first:
            out.unjudged.append((BURN, "the shoe's first recorded round carries no burned cards"))
        if record.status == "simulated":
            return out
        if self.cover is not None:
            self.after_cover += 1
            if self.after_cover >= 2 and not self.past_quoted:
                self.past_quoted = True
                out.findings.append((Finding(
                    LAST_HAND, f"at most one more hand after the round in which the cover card came out (round "
                               f"{_id(self.cover['round_id'])}, line {self.cover['line']}), then new decks",
                    f"round {_id(record.round_id)} is hand {self.after_cover} dealt from the same dealing shoe after it"),
                    quote))
            return out
        if record.shoe == "last_hand" or any(e.type == "cover_card" for e in record.events):
            self.cover = quote
            said = [a.strip().lower() for a in record.announcements] or \
                [(e.text or "").strip().lower() for e in record.events if e.type == "announcement"]
            if said:
                if "last hand" in said:
                    out.judged.append((LAST_HAND, quote))
                else:
                    out.findings.append((Finding(
                        LAST_HAND, 'the dealer announces "last hand" on completing the hand in which the cover card '
                                   "came out", f"announced {repr(said)[:200]}"), quote))
        return out

    def _burn(self, burned: list[str], quote: dict, out: ShoeVerdict) -> None:
        if not burned:
            out.findings.append((Finding(BURN, "before play the first card exposed and as many more as its face "
                                               "value burned", "no card burned"), quote))
            return
        want = 1 + ch631a.burn_count(burned[0])
        if len(burned) == want:
            out.judged.append((BURN, quote))
        else:
            out.findings.append((Finding(
                BURN, f"{burned[0]} exposed and {want - 1} more cards (its face value) burned: {want} cards in all",
                f"{len(burned)} cards burned: {_cards(burned[:16])}{' ...' if len(burned) > 16 else ''}"), quote))

    def end(self) -> ShoeVerdict:
        out = ShoeVerdict()
        if self.cover is not None and not self.past_quoted:
            if self.after_cover == 0:
                out.unjudged.append((LAST_HAND, "the shoe's records end with the round in which the cover card came "
                                                "out: the one more hand is not recorded here"))
            else:
                out.judged.append((LAST_HAND, self.cover))
        return out


ROUND_NUMBER = re.compile(r"^(.*?)(\d{1,18})$")
MYSTERY_METERS = (P.MYSTERY_METER, P.ROYAL_9_MYSTERY_METER)
JUDGED_METERS = (P.HEAVENLY_9_METER, P.MYSTERY_METER)
"""The meters judged from records: the Heavenly 9 meter and its Must-Hit-By Mystery bonus
meter (Ch. 631c). The Royal 9 and Harmony meters of Ch. 629b / 627b are not judged from
records yet (their recorded rounds do not yet audit to the live suite's account), never a pass."""
METERS = "progressive meters"
"""The key of :attr:`ShoeVerdict.unjudged` for rounds whose meters are not judged."""


def meter_clauses(rules: dict) -> list[str]:
    """The clauses a :class:`MeterJudge` judges under ``rules`` (the Rules Submission's
    ``as_rules()``): each offered meter's rate and reset clauses, the pay tables that pay
    100% of a meter, the mystery award's clauses."""
    out: list[str] = []
    for meter, (_, reset) in P.reset_amounts(rules, P.section_of(rules)).items():
        if meter not in JUDGED_METERS:
            continue
        out += [P.meter_rate_clause(rules, meter), reset]
        if meter in P.MYSTERY_CLAUSES:
            own = P.MYSTERY_CLAUSES[meter]
            out += [own[k].format(section=P.section_of(rules)) for k in ("award", "payout", "reset")]
        elif meter != P.HARMONY_RESERVE_METER:
            out.append(P.jackpot_clause(rules, meter))
    return list(dict.fromkeys(out))


def _number(round_id: str) -> Optional[tuple[str, int]]:
    found = ROUND_NUMBER.match(round_id)
    return (found.group(1), int(found.group(2))) if found else None


class MeterJudge:
    """The progressive meters of one table between its consecutive rounds (see the module
    docstring); ``rules``: the Rules Submission's ``as_rules()``. :meth:`record` returns
    the :class:`ShoeVerdict` of a round."""

    __slots__ = ("rules", "offered", "prev", "broken_growth")

    def __init__(self, rules: dict):
        self.rules = rules
        self.offered = set(P.reset_amounts(rules, P.section_of(rules))) & set(JUDGED_METERS)
        self.prev: Optional[tuple[Optional[tuple[str, int]], dict[str, Decimal], dict[str, Optional[Decimal]]]] = None
        self.broken_growth: dict[str, str] = {}

    def record(self, record: RecordedRound, quote: dict[str, Any]) -> ShoeVerdict:
        out = ShoeVerdict()
        if not self.offered:
            return out
        meters = {x.name: x.amount for x in record.meters if x.name in self.offered}
        hits = {x.name: x.hit_value for x in record.meters if x.name in self.offered
                and (x.hit_value is not None or x.name in MYSTERY_METERS)}
        number = _number(record.round_id)
        prev, self.prev = self.prev, ((number, meters, hits) if meters else None)
        if not meters or prev is None:
            return out
        if record.status != "completed" or record.player is None or record.banker is None:
            return out
        if number is None or prev[0] is None:
            out.unjudged.append((METERS, "a round id carries no number: its previous round is not known"))
            return out
        if number[0] != prev[0][0] or number[1] != prev[0][1] + 1:
            out.unjudged.append((METERS, "the table's previous round is not recorded just before it"))
            return out
        before = {k: v for k, v in prev[1].items()}
        if set(before) != set(meters):
            return self._problem(out, quote, P.MeterProblem(
                "meter", "", None, f"after round {_id(record.round_id)}, the meters {sorted(before)} reported",
                f"the record reports {sorted(meters)}"), sorted(set(before) ^ set(meters))[0])
        placed = [P.PlacedWager(w.seat, w.wager_type, w.amount, w.wager_id) for w in record.wagers
                  if w.result != "void"]
        seen = [(e.seat, e.wager_id, e.meter, e.amount) for e in record.events if e.type == "jackpot"
                and e.seat is not None and e.meter is not None and e.amount is not None]
        coup = ch631a.Coup(tuple(record.player.cards), tuple(record.banker.cards), ())
        want, _, problem = P.judge_meters(self.rules, before, prev[2], placed, coup, seen,  # type: ignore[arg-type]
                                          {w.wager_id: (w.result, w.paid) for w in record.wagers},
                                          [("in the round record", meters)], hits, f"round {_id(record.round_id)}")
        if problem is not None and problem.kind == "award" and problem.meter in MYSTERY_METERS \
                and prev[2].get(problem.meter) is None and seen and P.mystery_order(
                    self.rules, problem.meter, before[problem.meter], None, placed,
                    [(s, w, a) for s, w, mt, a in seen if mt == problem.meter], None) is not None:
            # several contributions of the winner's seat, the hit value not disclosed: the awards the
            # record reports are what some order of the contributions makes (interpretation
            # mystery-bonus-hit), but the account cannot tell which: this round's meters are not judged
            out.unjudged.append((METERS, "a mystery award whose hit value and order of contributions are not "
                                         "recorded"))
            return out
        if problem is not None:
            return self._problem(out, quote, problem, problem.meter)
        for clause in dict.fromkeys(want.why.values()):
            out.judged.append((clause, quote))
        for meter, _ in want.jackpots.values():
            out.judged.append((P.jackpot_clause(self.rules, meter), quote))
        for _, _, meter, _ in want.awards:
            own = P.MYSTERY_CLAUSES[meter]
            out.judged += [(own[k].format(section=P.section_of(self.rules)), quote) for k in ("award", "payout")]
        return out

    def _problem(self, out: ShoeVerdict, quote: dict, problem: P.MeterProblem, meter: str) -> ShoeVerdict:
        if problem.kind == "jackpot":
            clause = problem.clause or P.jackpot_clause(self.rules, meter)
        elif problem.kind == "award":
            clause = problem.clause or "631c.6(c)(5)(iii)"
            if meter in self.broken_growth:
                out.blocked.append((clause, self.broken_growth[meter]))
                return out
        else:
            clause = problem.clause or P.meter_rate_clause(self.rules, meter)
            if clause == P.meter_rate_clause(self.rules, meter):
                self.broken_growth.setdefault(meter, clause)
        out.findings.append((Finding(clause, problem.required, problem.observed), quote))
        return out
