"""Which wagers the oracle can settle, and how: a registry of settlers.

A *settler* turns a round (a :class:`~baccarat_conformance.oracle.ch631a.Coup`), one
wager (:class:`WagerSpec`) and the Rules Submission into the settlement the
regulation requires (:class:`~baccarat_conformance.oracle.ch631a.Expected`). The
property scenarios settle every generated wager through :func:`expected` and only
generate wagers that :func:`settler_for` covers, so a wager family the oracle does
not know yet is never judged by guesswork.

Plugging in a wager family
==========================

An oracle module for another area (``oracle/perfect_pairs.py``, ``oracle/ch629b.py``
...) defines, at module level::

    SETTLERS = [Settler("perfect_pairs", settle_perfect_pairs, covers=lambda rules: ...,
                        needs_hand=True, result_clause="631c.1(d)", odds_clause="631c.1(f)")]

and nothing else: :func:`settlers` imports every public module of this package once
and collects their ``SETTLERS`` lists (a later module may not reuse a wager type).
The Chapter 631a settlers are defined here, from :mod:`.ch631a`.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Optional

from . import ch631a
from .odds import Odds

if TYPE_CHECKING:  # pragma: no cover
    from baccarat_conformance.inputs.profile import RulesSubmission


@dataclass(frozen=True)
class WagerSpec:
    """One wager as a player places it.

    ``seat``: the player position (1 to 15). ``wager_type``: a protocol wager type
    (``banker``, ``dragon_bonus`` ...). ``amount``: the stake in dollars, a
    :class:`~decimal.Decimal` to the cent. ``hand``: ``player`` or ``banker`` for a
    wager placed on a hand, else None. ``option``: a wager's sub-choice, else None.
    """

    seat: int
    wager_type: str
    amount: Decimal
    hand: Optional[str] = None
    option: Optional[str] = None

    def describe(self) -> str:
        """``"$10.00 dragon bonus on the Player's Hand at seat 3"``."""
        name = self.wager_type.replace("_", " ")
        on = f" on the {self.hand.capitalize()}'s Hand" if self.hand else ""
        return f"${self.amount} {name}{on} at seat {self.seat}"

    def as_params(self) -> dict[str, Any]:
        """Keyword arguments of :meth:`GameAdapter.place_wager` (without the table)."""
        return {"seat": self.seat, "wager_type": self.wager_type, "amount": self.amount, "hand": self.hand,
                "option": self.option}


@dataclass(frozen=True)
class Settler:
    """How the oracle settles one wager type.

    ``settle(coup, wager, rules_submission) -> Expected``. ``covers(rules_submission)``
    says whether this settler knows the wager under that Rules Submission (for
    example the Chapter 631a Banker settler does not cover commission-free
    Baccarat, § 631c.5). ``needs_hand``: the wager names the Player's or the
    Banker's Hand. ``phase``: ``"initial"`` for wagers settled after the first four
    cards and before any third card (House Money, § 631a.9(e)), else ``"final"``.
    ``result_clause``: the clause that decides win, lose or push;
    ``odds_clause``: the clause that sets the payout odds;
    ``vigorish_clause``: the clause that sets (or forbids) a vigorish;
    ``result_clauses``: result (``"win"``, ``"lose"``, ``"push"``) -> the subclause of
    ``result_clause`` that says the wager has that result (:meth:`clause_for_result`).
    """

    wager_type: str
    settle: Callable[["ch631a.Coup", WagerSpec, "RulesSubmission"], "ch631a.Expected"]
    covers: Callable[["RulesSubmission"], bool]
    result_clause: str
    odds_clause: str
    vigorish_clause: str = "631a.13(c)"
    needs_hand: bool = False
    phase: str = "final"
    result_clauses: tuple[tuple[str, str], ...] = ()

    def clause_for_result(self, result: str) -> str:
        """The clause that says the wager has ``result`` (wins, loses, ties): the
        regulation's win, lose or tie subclause, else :attr:`result_clause`."""
        return dict(self.result_clauses).get(result, self.result_clause)


# ------------------------------------------------------------------ Chapter 631a
_BASE_VARIANTS = ("baccarat", "ez_baccarat")


def _base(rs: "RulesSubmission") -> bool:
    return rs.variant in _BASE_VARIANTS


def _wins_as_631a_8(rs: "RulesSubmission") -> bool:
    """The Banker, Player and Tie wagers win, lose or tie as § 631a.8(a)(1)—(3) say: at a
    Baccarat, EZ Baccarat or commission-free Baccarat table (§ 631c.5(c): "which shall win
    or lose as provided in § 631a.8(a)(1)—(3)"). A commission-free table pays them under
    § 631c.5(h)—(j), not § 631a.13: :func:`governs_settlement` keeps the payout checks off it."""
    return rs.variant in (*_BASE_VARIANTS, "commission_free")


#: Ch. 631a sections that do not govern a variant's play: a commission-free Baccarat table
#: is dealt and played under §§ 631a.3—631a.11 (§ 631c.5(d), (e)) and settled and paid
#: under § 631c.5(f)—(k); Midibaccarat, Minibaccarat and Rising Phoenix tables are played
#: under Ch. 629a and 627a (outside the corpus), whose dealing the harness reads as Ch. 631a's
#: (interpretation base-game-631a-for-627a-629a) but whose settlement it does not.
_NOT_GOVERNING: dict[str, tuple[str, ...]] = {
    "commission_free": ("631a.12", "631a.13", "631a.15"),
    "midibaccarat": ("631a.8", "631a.12", "631a.13", "631a.15"),
    "minibaccarat": ("631a.8", "631a.12", "631a.13", "631a.15"),
    "rising_phoenix": ("631a.8", "631a.12", "631a.13", "631a.15"),
}


def governs_settlement(clause: str, rs: "RulesSubmission") -> Optional[str]:
    """None when Ch. 631a clause ``clause`` governs how wagers are settled at a table of the
    Rules Submission ``rs``; else the sentence saying which rules govern it instead."""
    section = clause.split("(")[0]
    if section not in _NOT_GOVERNING.get(rs.variant, ()):
        return None
    instead = ("it is settled and paid under § 631c.5(f)—(k), and § 631c.5(d), (e) play it under "
               "§§ 631a.3—631a.11 only" if rs.variant == "commission_free"
               else "it is settled under Ch. 629a or 627a, outside the corpus")
    return f"§ {section} does not govern the settlement of a {rs.variant} table ({instead})"


def _ez(rs: "RulesSubmission") -> bool:
    return rs.variant == "ez_baccarat"


def _offered(name: str, *, ez_only: bool = False) -> Callable[["RulesSubmission"], bool]:
    return lambda rs: _base(rs) and rs.offers(name) and (_ez(rs) or not ez_only)


def _banker(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_banker(coup, w.amount, ez=_ez(rs), vig_rounding=rs.vigorish_rounding)


def _player(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_player(coup, w.amount)


def _tie(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_tie(coup, w.amount, Odds.parse(rs.tie_odds))


def _dragon_bonus(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    paytable = rs.wagers["dragon_bonus"].paytable or "A"
    return ch631a.settle_dragon_bonus(coup, w.hand or "player", w.amount, paytable)


def _dragon_7(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_dragon_7(coup, w.amount)


def _panda_8(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_panda_8(coup, w.amount)


def _house_money(coup: ch631a.Coup, w: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    return ch631a.settle_house_money(coup, w.amount)


def _results(clause: str, *results: str) -> tuple[tuple[str, str], ...]:
    """``(("win", clause + "(i)"), ("lose", clause + "(ii)"), ...)`` for the results in order."""
    return tuple((r, f"{clause}({n})") for r, n in zip(results, ("i", "ii", "iii")))


SETTLERS = [
    Settler("banker", _banker, _wins_as_631a_8, "631a.8(a)(1)", "631a.13(c)",
            result_clauses=_results("631a.8(a)(1)", "win", "lose", "push")),
    Settler("player", _player, _wins_as_631a_8, "631a.8(a)(2)", "631a.13(a)",
            result_clauses=_results("631a.8(a)(2)", "win", "lose", "push")),
    Settler("tie", _tie, _wins_as_631a_8, "631a.8(a)(3)", "631a.13(b)",
            result_clauses=_results("631a.8(a)(3)", "win", "lose")),
    Settler("dragon_bonus", _dragon_bonus, _offered("dragon_bonus"), "631a.8(a)(4)", "631a.13(e)",
            vigorish_clause="631a.13(e)", needs_hand=True,
            result_clauses=_results("631a.8(a)(4)", "win", "lose", "push")),
    Settler("dragon_7", _dragon_7, _offered("dragon_7", ez_only=True), "631a.8(a)(5)", "631a.13(f)",
            result_clauses=_results("631a.8(a)(5)", "win", "lose")),
    Settler("panda_8", _panda_8, _offered("panda_8", ez_only=True), "631a.8(a)(6)", "631a.13(g)",
            result_clauses=_results("631a.8(a)(6)", "win", "lose")),
    Settler("house_money", _house_money, _offered("house_money"), "631a.8(a)(7)", "631a.13(h)",
            phase="initial", result_clauses=_results("631a.8(a)(7)", "win", "lose")),
]
"""The settlers of 58 Pa. Code Ch. 631a (Banker, Player, Tie, Dragon Bonus, Dragon 7,
Panda 8, House Money)."""


@functools.lru_cache(maxsize=None)
def settlers() -> dict[str, Settler]:
    """Every settler of the oracle, by wager type: the ones above plus the
    ``SETTLERS`` of every other public module of this package (imported once).

    :raises ValueError: when two modules settle the same wager type.
    """
    found: dict[str, Settler] = {s.wager_type: s for s in SETTLERS}
    package = __name__.rsplit(".", 1)[0]
    here = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(here.__path__), key=lambda m: m.name):
        if info.name.startswith("_") or f"{package}.{info.name}" == __name__:
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        for s in getattr(module, "SETTLERS", ()):
            if s.wager_type in found and found[s.wager_type] is not s:
                raise ValueError(f"wager type {s.wager_type!r} is settled twice (again in {module.__name__})")
            found[s.wager_type] = s
    return found


def settler_for(wager_type: str, rs: "RulesSubmission") -> Optional[Settler]:
    """The settler of ``wager_type`` when it covers the Rules Submission ``rs``, else None."""
    s = settlers().get(wager_type)
    return s if s is not None and s.covers(rs) else None


def covered_wager_types(rs: "RulesSubmission") -> tuple[str, ...]:
    """The wager types the oracle settles under ``rs``, base wagers first."""
    return tuple(name for name, s in settlers().items() if s.covers(rs))


def expected(coup: ch631a.Coup, wager: WagerSpec, rs: "RulesSubmission") -> ch631a.Expected:
    """The settlement the regulation requires for ``wager`` in the round ``coup``.

    :raises KeyError: naming the wager type when no settler covers it under ``rs``.
    """
    s = settler_for(wager.wager_type, rs)
    if s is None:
        raise KeyError(f"the oracle settles no {wager.wager_type!r} wager under variant {rs.variant!r}")
    return s.settle(coup, wager, rs)


def coup_of(player: list[str] | tuple[str, ...], banker: list[str] | tuple[str, ...]) -> ch631a.Coup:
    """A :class:`~.ch631a.Coup` from the two hands as dealt (cards in order, initial
    cards alternating Player, Banker, then any third cards Player first)."""
    order = [(player[0], "player"), (banker[0], "banker"), (player[1], "player"), (banker[1], "banker")]
    order += [(c, "player") for c in player[2:]] + [(c, "banker") for c in banker[2:]]
    return ch631a.Coup(tuple(player), tuple(banker), tuple(order))


ZERO = Decimal("0.00")
