"""Deliberately broken games for the side wagers and variations of Chapters 631c,
629b and 627b: each breaks one rule of the reference game, so the suite can be
shown to catch it. Usable as ``--game tests.games.broken_games_sidewagers:NAME``.
Each game declares, where it is defined, the profile it runs under and the clauses
whose scenarios must fail — and no others — with ``@breaks`` (tests/proofs/registry.py);
tests/proofs/test_proofs.py plays them.

The clauses a game fails are those the failing checks name (a wrong result names the
clause that decides it, a winning wager paid wrong the paytable's), with the tags
enclosing them; a section id (e.g. "631c.1") is the tag of that section's settlement sweep.

A few breaks change when a wager is settled; the settlement phase is a property of
the wager kind in the reference game's registry, so those factories replace the
registry entry. Each broken game is played in a process of its own (a fork, in
tests/proofs/proof_runner.py), so the change reaches no other game.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game import wagers as W
from baccarat_conformance.reference_game.cards import baccarat_value, is_red, rank_of, suit_of

from tests.proofs.registry import breaks


@breaks("631c.1", "631c.1(d)", profile="side_wagers_631c")
class ColoredPairPaidAsMixed(SeededReferenceGame):
    """§ 631c.1(d): a colored pair is paid at the Mixed pair odds (6 to 1 under A, not 12 to 1)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "perfect_pairs" and s.outcome == "colored_pair":
            mixed = {"A": 6, "B": 5, "C": 5}[table.rules["wagers"]["perfect_pairs"]["paytable"]]
            return W.Settlement("win", W.pays(wager.amount, mixed), outcome="mixed_pair")
        return s


@breaks("627b.1", "627b.1(c)", "627b.1(d)(2)", profile="minibaccarat", include_expired=True)
class PairsByValue(SeededReferenceGame):
    """§ 627b.1(c): two cards of equal value but different rank (a 10 and a king) pay as a pair."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "perfect_pairs":
            a, b = (hands.player if wager.hand == "player" else hands.banker)[:2]
            if rank_of(a) != rank_of(b) and baccarat_value(a) == baccarat_value(b):
                colored, mixed = {"A": (12, 6), "B": (10, 5), "C": (15, 5)}[
                    table.rules["wagers"]["perfect_pairs"]["paytable"]]
                odds = colored if is_red(a) == is_red(b) else mixed
                return W.Settlement("win", W.pays(wager.amount, odds), outcome="pair")
        return super().settle(table, wager, hands)


# the Blazing 7s that should lose names § 631c.3(g) ("shall lose")
@breaks("631c.3", "631c.3(g)", profile="side_wagers_631c")
class MixedBlazing7sWin(SeededReferenceGame):
    """§ 631c.3(f)(4): Blazing 7s also wins when a 2-card 7 meets a 3-card 7 (paid as 3-card)."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "blazing_7s" and (hands.p, hands.b) == (7, 7) and \
                len(hands.player) != len(hands.banker):
            odds = {"A": 400, "B": 200}[table.rules["wagers"]["blazing_7s"]["paytable"]]
            return W.Settlement("win", W.pays(wager.amount, odds), outcome="blazing_7s_3_card")
        return super().settle(table, wager, hands)


# the refused Cover All names each scenario's principal (first written) clause
@breaks("631c.3(f)(5)", "631c.3(h)", profile="side_wagers_631c")
class CoverAllNeedsAnother(SeededReferenceGame):
    """§ 631c.3(f)(5): Cover All is refused unless another 5 Treasures wager is placed at the seat."""

    def check_limits(self, table, kind, stake, seat, hand, option):
        if kind.name == "cover_all" and not any(
                w.seat == seat and w.wager_type in ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s")
                for w in table.wagers):
            return "Cover All needs another 5 Treasures wager"
        return super().check_limits(table, kind, stake, seat, hand, option)


@breaks("631c.3(c)", profile="side_wagers_631c")
class FiveTreasuresAfterNoMoreBets(SeededReferenceGame):
    """§ 631c.3(c): 5 Treasures wagers are still accepted after the dealer calls "no more bets"."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        table = self._table(table_id)
        if wager_type in ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all") \
                and not table.betting_open:
            table.betting_open = True
            try:
                return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)
            finally:
                table.betting_open = False
        return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)


@breaks("631c.7", "631c.7(d)", profile="side_wagers_631c")
class SuitedMatchPays2To1(SeededReferenceGame):
    """§ 631c.7(d): a Suited Match is paid 2 to 1 instead of 2.5 to 1."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "majestic_match" and s.outcome == "suited_match":
            return W.Settlement("win", W.pays(wager.amount, 2), outcome="suited_match")
        return s


@breaks("631c.5", "631c.5(i)", profile="commission_free")
class BankerSixPaidEven(SeededReferenceGame):
    """§ 631c.5(i): commission-free, a Banker's Hand winning with six is paid 1 to 1, not 1 to 2."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.outcome == "banker_six":
            return W.Settlement("win", W.pays(wager.amount, 1))
        return s


# the settlement sweeps of § 631c.5(k), § 629b.2(k) and § 627b.2(k) pay its three-card sixes at 12 to 1 too
@breaks("629b.2", "629b.2(k)", "629b.2(k)(2)", profile="midibaccarat", include_expired=True)
@breaks("627b.2", "627b.2(k)", "627b.2(k)(2)", profile="minibaccarat", include_expired=True)
@breaks("631c.5", "631c.5(k)", "631c.5(k)(2)", profile="commission_free")
class LuckySixThreeCardsPays12(SeededReferenceGame):
    """§ 631c.5(k)(2): a Lucky Six won on three cards is paid 12 to 1 (the two-card odds), not 20 to 1.
    The wager still wins: only the odds are wrong."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "lucky_six" and s.outcome == "lucky_six_3_cards":
            return W.Settlement("win", W.pays(wager.amount, 12), outcome=s.outcome)
        return s


@breaks("629b.2(e)", profile="midibaccarat", include_expired=True)
@breaks("627b.2(e)", profile="minibaccarat", include_expired=True)
@breaks("631c.5(e)", profile="commission_free")
class NoLuckySixCall(SeededReferenceGame):
    """§ 629b.2(e): the dealer never announces "Lucky Six"."""

    def announce_extra(self, table, hands, events):
        return None


@breaks("631a.12(b)", "631c.5", "631c.5(a)", profile="commission_free")
@breaks("629b.2", "629b.2(a)", "631a.12(b)", profile="midibaccarat", include_expired=True)
# 631a.12(b): the Chapter 631a settlement-order scenario also sees the commission taken
@breaks("627b.2", "627b.2(a)", "631a.12(b)", profile="minibaccarat", include_expired=True)
class CommissionOnBanker(SeededReferenceGame):
    """§ 627b.2(a): commission-free Minibaccarat still takes 5% commission on winning Banker wagers."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.result == "win":
            won = s.paid - wager.amount
            return dataclasses.replace(s, vigorish=W.commission(table.rules, won))
        return s


def _lucky_nines_on_all_cards(h: W.Hands, w: dict, stake: Decimal) -> W.Settlement:
    nines = [c for c in h.player + h.banker if rank_of(c) == "9"]
    if not nines:
        return W.lose()
    odds = {1: 2 if suit_of(nines[0]) == "D" else 1, 2: 5, 3: 20, 4: 500}.get(len(nines), 500)
    if len(nines) in (2, 3) and len({suit_of(c) for c in nines}) == 1:
        odds = {2: 8, 3: 250}[len(nines)]
    return W.Settlement("win", W.pays(stake, odds), outcome="nines")


def colored_pair_paid_as_mixed():
    return ColoredPairPaidAsMixed()


def pairs_by_value():
    return PairsByValue()


@breaks("629b.1(d)", profile="midibaccarat", include_expired=True)
@breaks("631c.1(c)", profile="side_wagers_631c")
@breaks("627b.1(d)", profile="minibaccarat", include_expired=True)
def perfect_pairs_settled_after_third_card():
    """§ 629b.1(d): Perfect Pairs wagers are settled with the Baccarat wagers, after any third card."""
    W.WAGER_KINDS["perfect_pairs"] = dataclasses.replace(W.WAGER_KINDS["perfect_pairs"], phase="final")
    return SeededReferenceGame()


# a third-card nine counted pays the one-nine win at the two-nines odds: the payout clause (e)
@breaks("631c.4", "631c.4(d)", "631c.4(d)(1)", "631c.4(e)", "631c.4(f)", profile="side_wagers_631c")
def lucky_nines_counts_third_cards():
    """§ 631c.4(d): Lucky Nines is settled after the round, counting the nines of every card dealt
    (Paytable A odds)."""
    W.WAGER_KINDS["lucky_nines"] = dataclasses.replace(W.WAGER_KINDS["lucky_nines"], phase="final",
                                                       settle=_lucky_nines_on_all_cards)
    return SeededReferenceGame()


def mixed_blazing_7s_win():
    return MixedBlazing7sWin()


def five_treasures_after_no_more_bets():
    return FiveTreasuresAfterNoMoreBets()


def cover_all_needs_another():
    return CoverAllNeedsAnother()


def suited_match_pays_2_to_1():
    return SuitedMatchPays2To1()


def banker_six_paid_even():
    return BankerSixPaidEven()


def lucky_six_three_cards_pays_12():
    return LuckySixThreeCardsPays12()


def no_lucky_six_call():
    return NoLuckySixCall()


def commission_on_banker():
    return CommissionOnBanker()


def _settled_in_phase(wager_types, phase: str) -> SeededReferenceGame:
    for name in wager_types:
        W.WAGER_KINDS[name] = dataclasses.replace(W.WAGER_KINDS[name], phase=phase)
    return SeededReferenceGame()


@breaks("631c.7(c)", profile="side_wagers_631c")
def majestic_match_settled_after_third_card():
    """§ 631c.7(c): Majestic Match wagers are settled with the Baccarat wagers, after any third card."""
    return _settled_in_phase(["majestic_match"], "final")


@breaks("631c.5(d)", profile="commission_free")
@breaks("629b.2(d)", profile="midibaccarat", include_expired=True)
@breaks("627b.2(d)", profile="minibaccarat", include_expired=True)
def commission_free_pairs_settled_after_third_card():
    """§ 631c.5(d), § 629b.2(d), § 627b.2(d): Player Pair and Banker Pair wagers are settled with the
    Baccarat wagers, after any third card."""
    return _settled_in_phase(["player_pair", "banker_pair"], "final")


@breaks("629b.2(f)", profile="midibaccarat", include_expired=True)
@breaks("627b.2(f)", profile="minibaccarat", include_expired=True)
@breaks("631c.5(f)", profile="commission_free")
def pays_from_lowest_seat():
    """§ 629b.2(f), § 627b.2(f): winning wagers are paid from the lowest-numbered seat up."""
    from tests.games.broken_games_631a import PaysFromLowestSeat

    return PaysFromLowestSeat()


# settled on the four initial cards, a 3-card 9 is never seen: every outcome scenario fails too
# (its outcome clause; the meter scenario, the suited tie's jackpot not paid: § 631c.2(g)(1))
@breaks("631c.2(f)", "631c.2(f)@current-through-2024-06-22", "631c.2(g)(1)", "631c.2(g)(2)", "631c.2(g)(3)",
        "631c.2(g)(4)", "631c.2(g)(5)", "631c.2(g)@current-through-2024-06-22", profile="heavenly_9")
def heavenly_9_settled_before_third_card():
    """§ 631c.2(f): Heavenly 9 wagers are settled after the four initial cards, before the round is completed."""
    return _settled_in_phase(["heavenly_9"], "initial")


# settled on the initial cards, a wager the final hands win is not paid: the settlement sweep
# fails § 631c.3(h) ("If one of the 5 Treasures Baccarat wagers wins, it shall be paid out")
@breaks("631c.3", "631c.3(e)", "631c.3(f)(1)", "631c.3(f)(2)", "631c.3(f)(3)", "631c.3(f)(4)", "631c.3(f)(5)",
        "631c.3(h)", profile="side_wagers_631c")
def five_treasures_settled_before_third_card():
    """§ 631c.3(e): the 5 Treasures wagers are settled after the four initial cards, before the round is
    completed and its result announced."""
    return _settled_in_phase(["fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all"], "initial")


# ------------------------------------------------------------------ settled on every class and stake
@breaks("631c.1(d)", profile="side_wagers_631c")
class PerfectPairsShortAtSevenSeventyFive(SeededReferenceGame):
    """Pays a winning $7.75 Perfect Pairs wager 25¢ short of its paytable's odds (§ 631c.1(d));
    every other stake is paid right. Found only by the settlement sweep's stake residues."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "perfect_pairs" and s.result == "win" and wager.amount == Decimal("7.75"):
            return W.Settlement(s.result, s.paid - Decimal("0.25"), s.vigorish, s.outcome)
        return s


@breaks("631c.5(i)", profile="commission_free")
class CommissionFreeBankerShortAtSevenFifty(SeededReferenceGame):
    """Pays a winning $7.50 Banker wager of a commission-free table 25¢ short ($14.75 where §
    631c.5(i) pays 1 to 1, $15.00; on a six, $11.00 where 1 to 2 pays $11.25); every other
    stake is paid right. Found only by the settlement sweep's stake residues."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.result == "win" and wager.amount == Decimal("7.50"):
            return W.Settlement(s.result, s.paid - Decimal("0.25"), s.vigorish, s.outcome)
        return s


def perfect_pairs_short_at_seven_seventy_five():
    return PerfectPairsShortAtSevenSeventyFive()


def commission_free_banker_short_at_seven_fifty():
    return CommissionFreeBankerShortAtSevenFifty()
