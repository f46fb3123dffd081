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
  more hand"; interpretation *one-more-hand*: a simulated round of an irregularity,
  § 631a.15(c)(2), (d), is not a hand of play and is not counted; a void round is); a
  round of the same shoe recorded after the one more hand is a nonconforming round (the
  cards were not replaced), quoted once a shoe, at the first such round. When the round in
  which the cover card came out holds announcements, "last hand" must be among them. A
  shoe whose records end with the round in which the cover card came out (the rest may be
  in another file) does not show the one more hand: not judged.

Dealer's calls after the last card (§ 631a.12(a)) are judged round by round
(:func:`~.judge.judge_round`); the round-by-round order and repeats of a shoe stay in
:mod:`.engine`.

The progressive meters between consecutive rounds of a table are not judged here (see
docs/protocol.md, "What a recorded shoe carries": not yet judged from records).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from baccarat_conformance.oracle import ch631a

from .judge import Finding, RecordedRound

__all__ = ["ShoeJudge", "ShoeVerdict", "SHOE_CLAUSES", "BURN", "LAST_HAND"]

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

    def __bool__(self) -> bool:
        return bool(self.judged or self.findings or self.unjudged)


def _cards(cards: list[str]) -> str:
    return " ".join(cards) or "no card"


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
                               f"{self.cover['round_id']}, {self.cover['file']}:{self.cover['line']}), then new decks",
                    f"round {record.round_id} is hand {self.after_cover} dealt from the same dealing shoe after it"),
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
