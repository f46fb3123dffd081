"""What the regulations require of each non-progressive side wager and variation
of Chapters 631c, 629b and 627b, for one dealt round: the one place that maps a
wager to its section, its settlement phase and its expected result.

Used by the settlement-sweep steps (steps/side_wagers.py); the paytables
themselves live in :mod:`.perfect_pairs`, :mod:`.five_treasures`,
:mod:`.lucky_nines`, :mod:`.commission_free` and :mod:`.majestic_match`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from . import commission_free as cf
from . import five_treasures as ft
from . import lucky_nines as ln
from . import majestic_match as mm
from . import perfect_pairs as pp
from .ch631a import point_count
from .odds import Odds

#: Wagers settled on the initial two cards of each hand, before any third card
#: (§ 631c.1(c), § 629b.1(d), § 627b.1(d), § 631c.4(d), § 631c.5(d), § 629b.2(d),
#: § 627b.2(d), § 631c.7(c)). All others are settled after the result is announced.
INITIAL_PHASE = frozenset({"perfect_pairs", "lucky_nines", "player_pair", "banker_pair", "majestic_match"})

#: The wagers each section governs, as (wager type, hand) pairs placed by a sweep.
SECTION_WAGERS: dict[str, tuple[tuple[str, Optional[str]], ...]] = {
    "631c.1": (("perfect_pairs", "player"), ("perfect_pairs", "banker")),
    "629b.1": (("perfect_pairs", "player"), ("perfect_pairs", "banker")),
    "627b.1": (("perfect_pairs", "player"), ("perfect_pairs", "banker")),
    "631c.3": tuple((w, None) for w in ft.WAGERS),
    "631c.4": (("lucky_nines", None),),
    "631c.5": (("banker", None), ("player", None), ("tie", None), ("player_pair", None), ("banker_pair", None),
               ("lucky_six", None)),
    "629b.2": (("banker", None), ("player", None), ("tie", None), ("player_pair", None), ("banker_pair", None),
               ("lucky_six", None)),
    "627b.2": (("banker", None), ("player", None), ("tie", None), ("player_pair", None), ("banker_pair", None),
               ("lucky_six", None)),
    "631c.7": (("majestic_match", "player"), ("majestic_match", "banker")),
}
#: Sections whose wagers need a Baccarat wager at the same seat first (§ 631c.3(a), § 631c.4(c)).
NEEDS_BACCARAT_WAGER = frozenset({"631c.3", "631c.4"})


@dataclass(frozen=True)
class Expected:
    """The settlement a clause requires: ``result`` ``"win"``, ``"lose"`` or
    ``"push"``; ``odds`` and paytable ``row`` for a win; ``clause`` the clause id
    that decides it; ``also`` the other results the regulation leaves open for these
    hands (a Lucky Six on a six-six tie: lost or returned, interpretation
    631c.5-c-3-lucky-six-tie-on-six), each as acceptable as ``result``."""

    result: str
    clause: str
    odds: Optional[Odds] = None
    row: Optional[str] = None
    also: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.result == "win":
            return f"wins at {self.odds} ({self.row})"
        said = {"lose": "loses and is collected", "push": "ties and is returned"}
        return " or ".join(said[r] for r in (self.result, *self.also))


def _paytable(rules: Mapping[str, Any], wager: str) -> str:
    return ((rules.get("wagers") or {}).get(wager) or {}).get("paytable") or "A"


def expected(section: str, wager: str, hand: Optional[str], player: Sequence[str], banker: Sequence[str],
             rules: Mapping[str, Any]) -> Expected:
    """The settlement ``section`` requires of ``wager`` (on ``hand``) with these final
    hands, under the Rules Submission ``rules`` (as sent to ``open_table``).

    :raises KeyError: for a wager the section does not govern.
    """
    if section in ("631c.1", "629b.1", "627b.1"):
        table_clause = {"631c.1": "631c.1(d)", "629b.1": "629b.1(e)", "627b.1": "627b.1(e)"}[section]
        lose_clause = {"631c.1": "631c.1(c)(2)", "629b.1": "629b.1(d)(2)", "627b.1": "627b.1(d)(2)"}[section]
        row = pp.pair_kind((player if hand == "player" else banker)[:2])
        if row is None:
            return Expected("lose", lose_clause)
        return Expected("win", table_clause, pp.odds(row, _paytable(rules, "perfect_pairs")), row)
    if section == "631c.7":
        row = mm.match_kind((player if hand == "player" else banker)[:2])
        if row is None:
            return Expected("lose", "631c.7(c)(2)")
        return Expected("win", "631c.7(d)", mm.PAYTABLE[row], row)
    if section == "631c.4":
        row = ln.nines_row(player[:2], banker[:2])
        if row is None:
            return Expected("lose", "631c.4(d)(1)")
        return Expected("win", "631c.4(e)", ln.PAYTABLES[_paytable(rules, "lucky_nines")][row], row)
    if section == "631c.3":
        if wager not in ft.WAGERS:
            raise KeyError(f"§ 631c.3 does not govern {wager!r}")
        paytable = _paytable(rules, wager)
        row = ft.winning_row(wager, player, banker, paytable)
        n = list(ft.WAGERS).index(wager) + 1
        if row is None:
            return Expected("lose", "631c.3(g)")
        return Expected("win", f"631c.3(f)({n})", ft.odds(row, paytable), row)
    if section in ("631c.5", "629b.2", "627b.2"):
        odds = cf.ODDS[section]
        p, b = point_count(player), point_count(banker)
        if wager in ("player_pair", "banker_pair"):
            sub = "(c)(1)" if wager == "player_pair" else "(c)(2)"
            two = (player if wager == "player_pair" else banker)[:2]
            if cf.is_pair(two):
                return Expected("win", f"{section}(g)", odds["pair"], "pair")
            return Expected("lose", f"{section}{sub}")
        if wager == "lucky_six":
            row = cf.lucky_six_row(player, banker)
            if row is None:  # (c)(3)(i), (ii); a tie on six is in neither: lost or returned
                return Expected("lose", f"{section}(c)(3)", also=("push",) if p == b == 6 else ())
            return Expected("win", f"{section}(k)({1 if row == 'lucky_six_2_cards' else 2})", odds[row], row)
        if wager == "tie":
            return Expected("win", f"{section}(j)", odds["tie"], "tie") if p == b else Expected("lose", f"{section}(j)")
        if wager == "player":
            if p == b:
                return Expected("push", f"{section}(h)")
            return Expected("win", f"{section}(h)", odds["player"], "player") if p > b else Expected(
                "lose", f"{section}(h)")
        if wager == "banker":
            if p == b:
                return Expected("push", f"{section}(i)")
            row = cf.banker_row(player, banker)
            return Expected("win", f"{section}(i)", odds[row], row) if row else Expected("lose", f"{section}(i)")
        raise KeyError(f"§ {section} does not govern {wager!r}")
    raise KeyError(f"no side wager oracle for § {section}")


#: The clause that sets the payout of each section's winning wagers (for the
#: commission-free sections the winning :class:`Expected` names it: (g), (h), (i), (j), (k)).
PAYOUT_CLAUSES = {"631c.1": "631c.1(d)", "629b.1": "629b.1(e)", "627b.1": "627b.1(e)", "631c.3": "631c.3(h)",
                  "631c.4": "631c.4(e)", "631c.7": "631c.7(d)"}
#: The clause that says a winning wager wins, where :class:`Expected` names its payout.
_WIN_CLAUSES = {"631c.1": "631c.1(c)(1)", "629b.1": "629b.1(d)(1)", "627b.1": "627b.1(d)(1)",
                "631c.7": "631c.7(c)(1)", "631c.4": "631c.4(d)(2)"}
_COMMISSION_FREE = ("631c.5", "629b.2", "627b.2")


def outcome_clause(section: str, wager: str, want: Expected) -> str:
    """The clause that decides whether ``wager`` wins, loses or ties in ``section``, for
    a settlement whose result is wrong (``want`` is what the regulation requires)."""
    if section in _COMMISSION_FREE:
        if wager in ("player_pair", "banker_pair"):
            return f"{section}(c)({1 if wager == 'player_pair' else 2})"
        if wager == "lucky_six":
            return f"{section}(c)(3)"
        return f"{section}(c)"  # Player, Banker and Tie "win or lose as provided in" Ch. 631a/629a/627a
    if want.result == "win" and section in _WIN_CLAUSES:
        return _WIN_CLAUSES[section]
    return want.clause


def payout_clause(section: str, want: Expected) -> str:
    """The clause that sets what a winning wager of ``section`` is paid, for a winning
    settlement paid the wrong amount."""
    return PAYOUT_CLAUSES.get(section, want.clause)
