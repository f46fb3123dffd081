"""Mutant games for the mutation audit (tests/test_mutation_audit.py): each breaks one
kind of rule everywhere at once, for every wager the reference game settles, so that
every scenario judging that kind of rule must fail on it. Usable as
``--game tests.mutant_games:NAME``."""

from __future__ import annotations

from decimal import Decimal

from baccarat_conformance.reference_game import ReferenceGame
from baccarat_conformance.reference_game import wagers as W


class ResultsTurned(ReferenceGame):
    """Every wager's result is turned: a win loses, a loss wins at 1 to 1, a push loses
    (the win, lose and tie rules of every wager)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if s.result == "win":
            return W.Settlement("lose", Decimal("0.00"), Decimal("0.00"), s.outcome)
        if s.result == "lose":
            return W.Settlement("win", W.pays(wager.amount, 1), Decimal("0.00"), s.outcome)
        return W.Settlement("lose", Decimal("0.00"), Decimal("0.00"), s.outcome)


def results_turned():
    return ResultsTurned()
