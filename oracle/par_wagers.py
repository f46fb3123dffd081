"""Which wagers a Rules Submission offers, and how the par sheet settles each: one
:class:`WagerModel` per wager, hand, paytable and option, built from the plain Rules
Submission (the JSON object of ``open_table``).

Each model names its counting engine (:mod:`.par_enumerate`: ``"round"`` for rules
that read card values only, or the initial cards by a card partition for pairs, suits
and nines) and a settle function that asks the oracle's own settler what one round
pays. A wager the oracle cannot compute exactly has no engine and a note saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional, Union

from . import ch631a as rules
from .odds import Odds
from .par_enumerate import by_rank

STAKE = Decimal("100.00")
"""The stake every settlement is asked for: whole dollars, so 5% vigorish is exact."""

Engine = Union[str, tuple[int, Callable[[str], str]], None]


@dataclass(frozen=True)
class Settled:
    """What one round pays a wager: ``outcome`` (paytable row, ``"win"``, ``"push"``
    or ``"lose"``), ``result``, ``pays`` (odds of a win, else None) and ``net`` units
    won per unit wagered."""

    outcome: str
    result: str
    pays: Optional[Odds]
    net: Fraction


@dataclass(frozen=True)
class WagerModel:
    """One row of the par sheet before it is computed (see :class:`.par_sheet.WagerPar`)."""

    wager: str
    hand: Optional[str]
    paytable: Optional[str]
    option: Optional[str]
    engine: Engine
    settle: Callable[[rules.Coup], Settled]
    note: Optional[str] = None


def _from_expected(e: rules.Expected, pays: Optional[Odds], win_name: str = "win") -> Settled:
    """A Chapter 631a :class:`~.ch631a.Expected` for :data:`STAKE` as a :class:`Settled`."""
    net = (Fraction(e.paid) - Fraction(e.vigorish) - Fraction(STAKE)) / Fraction(STAKE)
    if e.result == "win":
        return Settled(e.outcome or win_name, "win", pays, net)
    return Settled(e.outcome if e.result == "push" and e.outcome else e.result, e.result, None, net)


def _lose() -> Settled:
    return Settled("lose", "lose", None, Fraction(-1))


def _win(row: str, odds: Odds) -> Settled:
    net = odds.ratio if odds.kind == "to" else odds.ratio - 1
    return Settled(row, "win", odds, net)


class RulesView:
    """The plain Rules Submission, read as the oracle's settlers read a
    ``RulesSubmission``: ``variant``, ``tie_odds``, ``vigorish_rounding``,
    ``wagers[name].paytable`` and ``offers(name)``."""

    def __init__(self, table: Mapping[str, Any]):
        self.table = table
        self.variant = str(table.get("variant", "baccarat"))
        self.tie_odds = str(table.get("tie_odds", "8 to 1"))
        self.vigorish_rounding = bool(table.get("vigorish_rounding", True))
        self.options: dict[str, dict[str, Any]] = {k: dict(v or {}) for k, v in (table.get("wagers") or {}).items()}
        if self.variant == "ez_baccarat":
            for name in ("dragon_7", "panda_8"):  # § 631a.8(a)(5), (6): permissible on an EZ table
                self.options.setdefault(name, {})
        self.wagers = {k: _Options(v) for k, v in self.options.items()}

    def offers(self, name: str) -> bool:
        return name in self.options

    def paytable(self, name: str, default: Optional[str] = "A") -> Optional[str]:
        value = self.options.get(name, {}).get("paytable")
        return str(value) if value is not None else default


class _Options:
    def __init__(self, options: Mapping[str, Any]):
        self.paytable = options.get("paytable")


# ---------------------------------------------------------------- Chapter 631a
def _settler(wager: str, rs: RulesView, hand: Optional[str], pays: Callable[[rules.Expected], Optional[Odds]]
             ) -> Callable[[rules.Coup], Settled]:
    from .settlement import WagerSpec, expected  # settlement imports every oracle module: import late

    spec = WagerSpec(1, wager, STAKE, hand)

    def settle(coup: rules.Coup) -> Settled:
        e = expected(coup, spec, rs)  # type: ignore[arg-type]
        return _from_expected(e, pays(e))

    return settle


_VIG_NOTE = ("a winning Banker wager pays 1 to 1 less the 5% vigorish of § 631a.13(c), exactly 5% "
             "(rounding the vigorish up to 25¢ raises the edge of wagers that are not a multiple of $5)")


def _ch631a(rs: RulesView) -> list[WagerModel]:
    ez = rs.variant == "ez_baccarat"
    tie = Odds.parse(rs.tie_odds)
    out = [
        WagerModel("banker", None, None, None, "round", _settler("banker", rs, None, lambda e: rules.BANKER_ODDS),
                   None if ez else _VIG_NOTE),
        WagerModel("player", None, None, None, "round", _settler("player", rs, None, lambda e: rules.PLAYER_ODDS)),
        WagerModel("tie", None, None, None, "round", _settler("tie", rs, None, lambda e: tie)),
    ]
    if rs.offers("dragon_bonus"):
        letter = rs.paytable("dragon_bonus")
        table = rules.DRAGON_BONUS_PAYTABLES[letter]
        for hand in ("player", "banker"):
            out.append(WagerModel("dragon_bonus", hand, letter, None, "round",
                                  _settler("dragon_bonus", rs, hand, lambda e, t=table: t.get(e.outcome or ""))))
    if ez and rs.offers("dragon_7"):
        out.append(WagerModel("dragon_7", None, None, None, "round",
                              _settler("dragon_7", rs, None, lambda e: rules.DRAGON_7_ODDS)))
    if ez and rs.offers("panda_8"):
        out.append(WagerModel("panda_8", None, None, None, "round",
                              _settler("panda_8", rs, None, lambda e: rules.PANDA_8_ODDS)))
    if rs.offers("house_money"):
        out.append(WagerModel("house_money", None, None, None, (4, by_rank),
                              _settler("house_money", rs, None,
                                       lambda e: rules.HOUSE_MONEY_ODDS.get(e.outcome or "")),
                              "the House Money payout taken by the player (§ 631a.9(e)); adding it to the "
                              "original wager instead changes that wager, not this one"))
    return out


def models(table: Mapping[str, Any]) -> list[WagerModel]:
    """Every wager the Rules Submission ``table`` offers, as :class:`WagerModel` rows:
    the base wagers of the variant first, then the optional wagers in the order the
    Rules Submission lists them; each wager on a hand once per hand.

    :raises ValueError: for a paytable the regulation does not print (naming it).
    """
    rs = RulesView(table)
    out: list[WagerModel] = []
    if rs.variant in ("baccarat", "ez_baccarat"):
        out += _ch631a(rs)
    listed = {m.wager for m in out}
    for name in rs.options:
        if name not in listed and not any(m.wager == name for m in out):
            out.append(WagerModel(name, None, rs.paytable(name, None), None, None, _no_settle,
                                  f"not computed yet: the par sheet has no model of the {name!r} wager"))
    return out


def _no_settle(coup: rules.Coup) -> Settled:  # pragma: no cover - never called (no engine)
    raise AssertionError("a wager without an engine is never settled")
