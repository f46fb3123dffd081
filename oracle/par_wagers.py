"""Which wagers a Rules Submission offers, and how the par sheet settles each: one
:class:`WagerModel` per wager, hand, paytable and option, built from the plain Rules
Submission (the JSON object of ``open_table``).

Each model names its counting engine (:mod:`.par_enumerate`: ``"round"`` for rules
that read card values only, or the initial cards by a card partition for pairs, suits
and nines) and a settle function that asks the oracle's own settler what one round
pays. A wager the oracle cannot compute exactly has no engine and a note saying why.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping, Optional

from . import ch631a
from .odds import Odds
from . import par_progressives
from .par_enumerate import by_card, by_rank, nines_by_suit
from .par_model import STAKE, Engine, RulesView, Settled, WagerModel
from .settlement import WagerSpec, expected

def _from_expected(e: ch631a.Expected, pays: Optional[Odds], win_name: str = "win") -> Settled:
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


# ---------------------------------------------------------------- Chapter 631a
def _settler(wager: str, rs: RulesView, hand: Optional[str], pays: Callable[[ch631a.Expected], Optional[Odds]]
             ) -> Callable[[ch631a.Coup], Settled]:
    spec = WagerSpec(1, wager, STAKE, hand)

    def settle(coup: ch631a.Coup) -> Settled:
        e = expected(coup, spec, rs)  # type: ignore[arg-type]
        return _from_expected(e, pays(e))

    return settle


_VIG_NOTE = ("a winning Banker wager pays 1 to 1 less the 5% vigorish of § 631a.13(c), exactly 5% "
             "(rounding the vigorish up to 25¢ raises the edge of wagers that are not a multiple of $5)")


def _ch631a(rs: RulesView) -> list[WagerModel]:
    ez = rs.variant == "ez_baccarat"
    tie = Odds.parse(rs.tie_odds)
    out = [
        WagerModel("banker", None, None, None, "round", _settler("banker", rs, None, lambda e: ch631a.BANKER_ODDS),
                   None if ez else _VIG_NOTE),
        WagerModel("player", None, None, None, "round", _settler("player", rs, None, lambda e: ch631a.PLAYER_ODDS)),
        WagerModel("tie", None, None, None, "round", _settler("tie", rs, None, lambda e: tie)),
    ]
    if rs.offers("dragon_bonus"):
        letter = rs.paytable("dragon_bonus")
        table = ch631a.DRAGON_BONUS_PAYTABLES[letter]
        for hand in ("player", "banker"):
            out.append(WagerModel("dragon_bonus", hand, letter, None, "round",
                                  _settler("dragon_bonus", rs, hand, lambda e, t=table: t.get(e.outcome or ""))))
    if ez and rs.offers("dragon_7"):
        out.append(WagerModel("dragon_7", None, None, None, "round",
                              _settler("dragon_7", rs, None, lambda e: ch631a.DRAGON_7_ODDS)))
    if ez and rs.offers("panda_8"):
        out.append(WagerModel("panda_8", None, None, None, "round",
                              _settler("panda_8", rs, None, lambda e: ch631a.PANDA_8_ODDS)))
    if rs.offers("house_money"):
        out.append(WagerModel("house_money", None, None, None, (4, by_rank),
                              _settler("house_money", rs, None,
                                       lambda e: ch631a.HOUSE_MONEY_ODDS.get(e.outcome or "")),
                              "the House Money payout taken by the player (§ 631a.9(e)); adding it to the "
                              "original wager instead changes that wager, not this one"))
    return out


# ---------------------------------------------------------------- Chapters 631c, 629b, 627b
def _side(section: str, wager: str, hand: Optional[str], table: Mapping[str, Any]) -> Callable[[ch631a.Coup], Settled]:
    """The settlement of :func:`.side_wagers.expected` for ``wager`` on ``hand`` under ``section``."""
    from . import side_wagers

    def settle(coup: ch631a.Coup) -> Settled:
        e = side_wagers.expected(section, wager, hand, coup.player, coup.banker, table)
        if e.result == "win":
            assert e.odds is not None
            return _win(e.row or "win", e.odds)
        return Settled(e.result, e.result, None, Fraction(0 if e.result == "push" else -1))

    return settle


def _commission_free(rs: RulesView, section: str) -> list[WagerModel]:
    """§ 631c.5, § 629b.2, § 627b.2: the Banker, Player and Tie wagers of a commission-free
    table, and its Player Pair, Banker Pair and Lucky Six wagers where offered."""
    t = rs.table
    out = [WagerModel(w, None, None, None, "round", _side(section, w, None, t)) for w in ("banker", "player", "tie")]
    for w in ("player_pair", "banker_pair"):
        if rs.offers(w):
            out.append(WagerModel(w, None, None, None, (2, by_rank), _side(section, w, None, t)))
    if rs.offers("lucky_six"):
        out.append(WagerModel("lucky_six", None, None, None, "round", _side(section, "lucky_six", None, t)))
    return out


def _base_game(rs: RulesView) -> list[WagerModel]:
    """The Banker, Player and Tie wagers of Midibaccarat and Minibaccarat with a
    vigorish (Chapters 629a, 627a, read as Chapter 631a's)."""
    tie = Odds.parse(rs.tie_odds)

    def banker(coup: ch631a.Coup) -> Settled:
        return _from_expected(ch631a.settle_banker(coup, STAKE, ez=False, vig_rounding=rs.vigorish_rounding),
                              ch631a.BANKER_ODDS)

    return [WagerModel("banker", None, None, None, "round", banker, _VIG_NOTE),
            WagerModel("player", None, None, None, "round",
                       lambda c: _from_expected(ch631a.settle_player(c, STAKE), ch631a.PLAYER_ODDS)),
            WagerModel("tie", None, None, None, "round",
                       lambda c: _from_expected(ch631a.settle_tie(c, STAKE, tie), tie))]


def _perfect_pairs_section(variant: str) -> str:
    return {"midibaccarat": "629b.1", "minibaccarat": "627b.1"}.get(variant, "631c.1")


def _side_wagers(rs: RulesView) -> list[WagerModel]:
    """Perfect Pairs, the 5 Treasures wagers, Lucky Nines and Majestic Match where offered."""
    from . import five_treasures

    t, out = rs.table, []
    if rs.offers("perfect_pairs"):
        section = _perfect_pairs_section(rs.variant)
        for hand in ("player", "banker"):
            out.append(WagerModel("perfect_pairs", hand, rs.paytable("perfect_pairs"), None, (2, by_card),
                                  _side(section, "perfect_pairs", hand, t)))
    for w in five_treasures.WAGERS:
        if rs.offers(w):
            out.append(WagerModel(w, None, rs.paytable(w), None, "round", _side("631c.3", w, None, t)))
    if rs.offers("lucky_nines"):
        out.append(WagerModel("lucky_nines", None, rs.paytable("lucky_nines"), None, (4, nines_by_suit),
                              _side("631c.4", "lucky_nines", None, t)))
    if rs.offers("majestic_match"):
        for hand in ("player", "banker"):
            out.append(WagerModel("majestic_match", hand, None, None, (2, by_card),
                                  _side("631c.7", "majestic_match", hand, t)))
    return out


def _golden_talons(rs: RulesView) -> list[WagerModel]:
    """§ 629b.6: Golden Talons on either hand."""
    from . import golden_talons as gt

    letter = rs.paytable("golden_talons")
    assert letter is not None
    table = gt.PAYTABLES[letter]

    def on(hand: str) -> Callable[[ch631a.Coup], Settled]:
        def settle(coup: ch631a.Coup) -> Settled:
            e = gt.settle(coup, hand, STAKE, letter)
            return _from_expected(e, table.get(e.outcome or ""))

        return settle

    return [WagerModel("golden_talons", hand, letter, None, "round", on(hand)) for hand in ("player", "banker")]


def _rising_phoenix(rs: RulesView) -> list[WagerModel]:
    """§ 629b.5: the Banker, Player and Tie wagers of Rising Phoenix Baccarat, and each
    Bonus wager offered (an option of ``rising_phoenix_bonus``)."""
    from . import rising_phoenix as rp

    free = str(rs.table.get("commission", "standard")) == "commission_free"
    tie = Odds.parse(rs.tie_odds)

    def banker(coup: ch631a.Coup) -> Settled:
        return _from_expected(rp.settle_banker(coup, STAKE, commission_free=free, vig_rounding=rs.vigorish_rounding),
                              ch631a.BANKER_ODDS)

    out = [WagerModel("banker", None, None, None, "round", banker, None if free else _VIG_NOTE),
           WagerModel("player", None, None, None, "round",
                      lambda c: _from_expected(ch631a.settle_player(c, STAKE), ch631a.PLAYER_ODDS)),
           WagerModel("tie", None, None, None, "round",
                      lambda c: _from_expected(ch631a.settle_tie(c, STAKE, tie), tie))]
    if rs.offers("rising_phoenix_bonus"):
        offered = rs.options["rising_phoenix_bonus"].get("bonuses") or list(rp.BONUS_WINS)
        for option in offered:
            engine: Engine = (2, by_rank) if option in ("player_pair", "banker_pair") else "round"
            out.append(WagerModel("rising_phoenix_bonus", None, None, option, engine,
                                  lambda c, o=option: _from_expected(rp.settle_bonus(c, o, STAKE), rp.BONUS_ODDS[o])))
    return out


def models(table: Mapping[str, Any]) -> list[WagerModel]:
    """Every wager the Rules Submission ``table`` offers, as :class:`WagerModel` rows:
    the Banker, Player and Tie wagers of the variant first, then the optional wagers;
    each wager on a hand once per hand, each option once.

    :raises ValueError: for a paytable the regulation does not print (naming it).
    """
    rs = RulesView(table)
    out: list[WagerModel] = []
    if rs.variant in ("baccarat", "ez_baccarat"):
        out += _ch631a(rs)
    elif rs.variant == "commission_free" or (rs.variant in ("midibaccarat", "minibaccarat")
                                             and bool(table.get("commission_free"))):
        from .commission_free import section_for

        out += _commission_free(rs, section_for(rs.variant))
    elif rs.variant == "rising_phoenix":
        out += _rising_phoenix(rs)
    else:
        out += _base_game(rs)
    out += _side_wagers(rs)
    if rs.offers("golden_talons"):
        out += _golden_talons(rs)
    out += par_progressives.models(rs)
    listed = {m.wager for m in out}
    for name in rs.options:
        if name not in listed:
            out.append(WagerModel(name, None, rs.paytable(name, None), None, None, _no_settle,
                                  f"not computed: the par sheet has no model of the {name!r} wager"))
    return out


def _no_settle(coup: ch631a.Coup) -> Settled:  # pragma: no cover - never called (no engine)
    raise AssertionError("a wager without an engine is never settled")
