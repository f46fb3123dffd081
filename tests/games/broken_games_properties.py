"""Deliberately broken games for the property scenarios: each breaks the rule one
property (or the state machine) judges, so the property can be shown to find it,
shrink it and replay it. Usable as ``--game tests.games.broken_games_properties:NAME``.

The third-card faults are those of :mod:`tests.games.broken_games` (for example
``tests.games.broken_games:banker_draws_on_6_against_5``), reused as they are.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game import wagers as W


class BurnsACardBetweenRounds(SeededReferenceGame):
    """§ 631a.9(c): from the second round on, the first card out of the shoe is burned
    (reported with ``to: burn``) instead of going to the Player's Hand."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        table = self._table(table_id)
        burned = None
        if table.rounds >= 1 and table.shoe is not None and not table.shoe.ended:
            burned = table.shoe.draw()
        result = super().op_deal_round(table_id, choices, irregularity)
        if burned is not None:
            result["cards"].insert(0, {"card": burned, "to": "burn"})
        return result


class PlayerDrawsAFourthCardOnZero(SeededReferenceGame):
    """§ 631a.10(c): a Player's Hand with a Point Count of 0 after its third card is
    dealt a fourth card (before any third card of the Banker's Hand)."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        self._table_now = self._table(table_id)
        self._fourth = None
        result = super().op_deal_round(table_id, choices, irregularity)
        if self._fourth is not None and "cards" in result:
            at = [i for i, c in enumerate(result["cards"]) if c["to"] == "player"][2] + 1
            result["cards"].insert(at, {"card": self._fourth, "to": "player"})
        return result

    def banker_draws(self, player, banker):
        decision = super().banker_draws(player[:3], banker)
        if len(player) == 3 and self.point_count(player) == 0:
            card = self._table_now.shoe.draw()
            if card is not None:
                player.append(card)
                self._fourth = card
        return decision


class VoidRoundCollectsWagers(SeededReferenceGame):
    """§ 631a.15(e): a round the shoe cannot complete is void, but its wagers are
    collected instead of returned."""

    def _void_round(self, table, round_id, rnd):
        record = super()._void_round(table, round_id, rnd)
        for r in record["wagers"]:
            if r["result"] == "void":
                r["result"], r["paid"] = "lose", "0.00"
        for e in record["events"]:
            if e["type"] == "return":
                e["type"] = "collect"
        return record


class DragonBonusWinsByThree(SeededReferenceGame):
    """§ 631a.8(a)(4)(ii)(C): a Dragon Bonus on a hand that wins by three points (not a
    Natural) is paid 1 to 1 instead of losing."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "dragon_bonus":
            mine, theirs = (hands.p, hands.b) if wager.hand == "player" else (hands.b, hands.p)
            other = "banker" if wager.hand == "player" else "player"
            if not hands.natural(wager.hand) and not hands.natural(other) and mine - theirs == 3:
                return W.Settlement("win", W.pays(wager.amount, 1), outcome="win_by_3")
        return super().settle(table, wager, hands)


class TiePaysEightForOne(SeededReferenceGame):
    """§ 631a.13(b): a winning Tie wager is paid 8 for 1 (the stake included), not 8 to 1."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "tie" and s.result == "win":
            return W.Settlement("win", (wager.amount * 8).quantize(W.CENT), s.vigorish, s.outcome)
        return s


class VigorishRoundedDown(SeededReferenceGame):
    """§ 631a.13(c): the vigorish is rounded down to a multiple of 25 cents, not up."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if s.vigorish and table.rules.get("vigorish_rounding"):
            quarters = (wager.amount / 20 * 4).to_integral_value(rounding=ROUND_FLOOR)
            return W.Settlement(s.result, s.paid, max(quarters, Decimal(1)) / 4, s.outcome)
        return s


class LosingTieWagersNotCollected(SeededReferenceGame):
    """§ 631a.12(b): losing Tie wagers are settled as lost but never collected."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        result = super().op_deal_round(table_id, choices, irregularity)
        lost_ties = {r["wager_id"] for r in result.get("wagers", []) if r["wager_type"] == "tie"
                     and r["result"] == "lose"}
        result["events"] = [e for e in result.get("events", [])
                            if not (e["type"] == "collect" and e.get("wager_id") in lost_ties)]
        return result


class NoLastHand(SeededReferenceGame):
    """§ 631a.10(d): the cover card is ignored: no "last hand", the shoe is dealt on to its end."""

    def _after_round(self, table, events):
        table.wagers = []
        table.betting_open = True
        return "in_play"


class TrackedVigorishKeptAcrossShoes(SeededReferenceGame):
    """§ 631a.13(d)(2)(i): tracked vigorish is not collected before play with a new shoe
    (it is still collected when the player leaves)."""

    def op_start_shoe(self, table_id, **kw):
        table = self._table(table_id)
        owed = dict(table.vigorish_owed)
        table.vigorish_owed.clear()
        result = super().op_start_shoe(table_id, **kw)
        table.vigorish_owed.update(owed)
        return result


class CuratorNeverPassesTheShoe(SeededReferenceGame):
    """§ 631a.14(a)(1): the curator keeps the dealing shoe when the Banker's Hand loses."""

    def _select_curator(self, table, previous):
        if getattr(self, "_passing", False):
            return []
        return super()._select_curator(table, previous)

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        self._passing = True
        try:
            return super().op_deal_round(table_id, choices, irregularity)
        finally:
            self._passing = False


class AcceptsWagersAfterNoMoreBets(SeededReferenceGame):
    """§ 631a.8(c): a new wager is accepted after "no more bets"."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        table = self._table(table_id)
        was, table.betting_open = table.betting_open, True
        try:
            return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)
        finally:
            table.betting_open = was


def burns_a_card_between_rounds():
    return BurnsACardBetweenRounds()


def player_draws_a_fourth_card_on_zero():
    return PlayerDrawsAFourthCardOnZero()


def void_round_collects_wagers():
    return VoidRoundCollectsWagers()


def dragon_bonus_wins_by_three():
    return DragonBonusWinsByThree()


def tie_pays_eight_for_one():
    return TiePaysEightForOne()


def vigorish_rounded_down():
    return VigorishRoundedDown()


def losing_tie_wagers_not_collected():
    return LosingTieWagersNotCollected()


def no_last_hand():
    return NoLastHand()


def tracked_vigorish_kept_across_shoes():
    return TrackedVigorishKeptAcrossShoes()


def curator_never_passes_the_shoe():
    return CuratorNeverPassesTheShoe()


def accepts_wagers_after_no_more_bets():
    return AcceptsWagersAfterNoMoreBets()
