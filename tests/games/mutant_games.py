"""Mutant games for the mutation audit (tests/proofs/test_mutation_audit.py): each breaks one
kind of rule everywhere at once, for every wager the reference game settles, so that
every scenario judging that kind of rule must fail on it. Usable as
``--game tests.games.mutant_games:NAME``."""

from __future__ import annotations

from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game import wagers as W
from baccarat_conformance.reference_game.table import Wager, _money


class ResultsTurned(SeededReferenceGame):
    """Every wager's result is turned: a win loses, a loss wins at 1 to 1, a push loses
    (the win, lose and tie rules of every wager)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if s.result == "win":
            return W.Settlement("lose", Decimal("0.00"), Decimal("0.00"), s.outcome)
        if s.result == "lose":
            return W.Settlement("win", W.pays(wager.amount, 1), Decimal("0.00"), s.outcome)
        return W.Settlement("lose", Decimal("0.00"), Decimal("0.00"), s.outcome)


class AcceptsEveryWager(SeededReferenceGame):
    """Every wager the game knows is accepted at an occupied seat: after "no more bets",
    without the Baccarat wager it needs, below a minimum or over a limit (every rule of
    §§ 631a.8(c), 631c, 629b and 627b that refuses a wager)."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        answer = super().op_place_wager(table_id, seat, wager_type, amount, hand, option)
        table = self._table(table_id)
        if answer["accepted"] or wager_type not in W.WAGER_KINDS or not table.seats.get(seat, {}).get("occupied"):
            return answer
        wager = Wager(f"W{next(self._ids)}", seat, wager_type, _money(amount, "amount"), hand, option)
        table.wagers.append(wager)
        return {"accepted": True, "wager_id": wager.wager_id, "reason": None}


class WrongOdds(SeededReferenceGame):
    """Every winning wager is paid at the next lower odds: winnings of at least twice the
    stake lose one stake ("20 to 1" pays 19 to 1, "299 for 1" pays 298 for 1), smaller
    winnings are halved ("1 to 1" pays 1 to 2, "1 to 2" pays 1 to 4). The result stays a
    win: only the payout odds and paytable clauses are broken, never a win/lose/tie rule."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if s.result != "win" or s.paid <= wager.amount:
            return s
        won = s.paid - wager.amount
        lower = won - wager.amount if won >= 2 * wager.amount else (won / 2).quantize(Decimal("0.01"))
        return W.Settlement("win", wager.amount + lower, s.vigorish, s.outcome)


def results_turned():
    return ResultsTurned()


def accepts_every_wager():
    return AcceptsEveryWager()


def wrong_odds():
    return WrongOdds()
