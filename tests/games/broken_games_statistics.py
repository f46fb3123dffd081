"""Deliberately broken games that only the statistical verification catches: each plays
every stacked shoe correctly (so the rule scenarios pass) and cheats only in the shoes
and rounds of its own shuffle.

Each factory is usable as ``--game tests.games.broken_games_statistics:NAME``;
tests/proofs/test_broken_statistics.py maps each to the statistics scenario it must fail, the
test that must reject it and the clause the failure names. The games declared with
``@breaks`` (tests/proofs/registry.py) cheat in the account of their shoes rather than in the
odds: their proofs hold through the library adapter (tests/proofs/test_proofs.py) and over HTTP
(tests/proofs/test_broken_statistics.py), and would pass the statistical tests themselves.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game.cards import baccarat_value

from tests.proofs.registry import breaks


class _KeepsTheBottomCard(random.Random):
    """A generator whose ``shuffle`` never moves the last card of the stack."""

    def shuffle(self, x):  # type: ignore[override]
        head = x[:-1]
        super().shuffle(head)
        x[:-1] = head


class _NaiveSwap(random.Random):
    """A generator whose ``shuffle`` swaps every card with any position of the stack
    (``randrange(n)`` where Fisher-Yates takes ``randrange(i + 1)``): the classic
    off-by-range error, whose n^n equally likely swap sequences cannot give the n!
    orders equally often."""

    def shuffle(self, x):  # type: ignore[override]
        n = len(x)
        for i in range(n):
            j = self.randrange(n)
            x[i], x[j] = x[j], x[i]


class BottomCardNeverMoves(SeededReferenceGame):
    """Its shuffle leaves the bottom card of the stack where it was (§ 631a.5(a))."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        return super().new_shoe(shoe_id, decks, _KeepsTheBottomCard(rng.getrandbits(64)), cut_offset)


class NaiveSwapShuffle(SeededReferenceGame):
    """Shuffles with the naive swap (§ 631a.5(a)); it declares its pre-shuffle order,
    as the reference game does."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        return super().new_shoe(shoe_id, decks, _NaiveSwap(rng.getrandbits(64)), cut_offset)


class SixteenBitSeed(SeededReferenceGame):
    """Seeds each shoe's generator from 16 bits (of the seed asked for, or of its own
    entropy): only 65,536 shoes exist, and they repeat (§ 631a.5(a))."""

    def op_start_shoe(self, table_id, cards=None, seed=None, **kw):
        if cards is None:
            seed = (seed if seed is not None else self._rng.getrandbits(64)) & 0xFFFF
        return super().op_start_shoe(table_id, cards=cards, seed=seed, **kw)


class QuietBurnFavouringPlayer(SeededReferenceGame):
    """In the shoes of its own shuffle, quietly discards the card that would be the
    Banker's first when it is an 8 or a 9 (a card that favours the Banker), so the
    Banker's Hand gets the next one; stacked shoes are dealt correctly."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        shoe = super().new_shoe(shoe_id, decks, rng, cut_offset)
        shoe.own = True  # type: ignore[attr-defined]
        return shoe

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        shoe = self._tables[table_id].shoe if table_id in self._tables else None
        if shoe is not None and getattr(shoe, "own", False) and shoe.position + 2 < len(shoe.cards):
            if baccarat_value(shoe.cards[shoe.position + 1]) in (8, 9):
                del shoe.cards[shoe.position + 1]
        return super().op_deal_round(table_id, choices=choices, irregularity=irregularity)


class PaysBankerShortOneInAThousand(SeededReferenceGame):
    """Pays a winning Banker wager $1 per $100 short, one time in a thousand
    (§ 631a.13(c)), from a generator of its own."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self._cheat = random.Random(2026)

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.result == "win" and self._cheat.random() < 0.001:
            return dataclasses.replace(s, paid=s.paid - (wager.amount / 100).quantize(Decimal("0.01")))
        return s


class RefusesDragonBonusOverTwentyFive(SeededReferenceGame):
    """Declares the Dragon Bonus wager but refuses one over $25, though the Rules
    Submission files no such limit (§ 631a.8(a)): the returns scenario cannot judge it."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        if wager_type == "dragon_bonus" and Decimal(str(amount)) > 25:
            return self._reject("a Dragon Bonus wager over $25")
        return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)


@breaks("631a.10(d)", marks="statistics")
class EndsEveryShoeAfterTwoRounds(SeededReferenceGame):
    """Ends every shoe of its own shuffle after its second round, long before the cover
    card appears (§ 631a.10(d)); the rounds it deals are dealt right, so the tests of the
    rounds alone pass on about 50 rounds instead of 2,000."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        shoe = super().new_shoe(shoe_id, decks, rng, cut_offset)
        shoe.own_rounds = 0  # type: ignore[attr-defined]
        return shoe

    def _after_round(self, table, events):
        state = super()._after_round(table, events)
        shoe = table.shoe
        if hasattr(shoe, "own_rounds") and state != "ended":
            shoe.own_rounds += 1
            if shoe.own_rounds >= 2:
                shoe.ended = True
                return "ended"
        return state


@breaks("631a.9(c)", marks="statistics")
class ListsRoundsUnderAnotherShoe(SeededReferenceGame):
    """Answers ``play_shoes`` with each shoe's rounds listed under the next shoe of the
    answer (the last shoe's under the first): every round was dealt right, from a shoe
    other than the one it is claimed for (§ 631a.9(c): dealt from the dealing shoe)."""

    def op_play_shoes(self, table_id, shoes, seeds=None, wagers=None, deal=True):
        answer = super().op_play_shoes(table_id, shoes, seeds=seeds, wagers=wagers, deal=deal)
        played = answer["shoes"]
        rounds = [shoe["rounds"] for shoe in played]
        for i, shoe in enumerate(played):
            shoe["rounds"] = rounds[i - 1]
        return answer


@breaks(protocol_error="round_id", marks="statistics")
class OneRoundIdForEveryRound(SeededReferenceGame):
    """Answers ``play_shoes`` with one ``round_id`` for every round: the records cannot
    be told apart (a protocol error, no clause)."""

    def op_play_shoes(self, table_id, shoes, seeds=None, wagers=None, deal=True):
        answer = super().op_play_shoes(table_id, shoes, seeds=seeds, wagers=wagers, deal=deal)
        for shoe in answer["shoes"]:
            for r in shoe["rounds"]:
                r["round_id"] = "R1"
        return answer


bottom_card_never_moves = BottomCardNeverMoves
naive_swap_shuffle = NaiveSwapShuffle
sixteen_bit_seed = SixteenBitSeed
quiet_burn_favouring_player = QuietBurnFavouringPlayer
pays_banker_short_one_in_a_thousand = PaysBankerShortOneInAThousand
refuses_dragon_bonus_over_twenty_five = RefusesDragonBonusOverTwentyFive
ends_every_shoe_after_two_rounds = EndsEveryShoeAfterTwoRounds
lists_rounds_under_another_shoe = ListsRoundsUnderAnotherShoe
one_round_id_for_every_round = OneRoundIdForEveryRound
