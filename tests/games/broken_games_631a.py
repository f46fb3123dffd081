"""Deliberately broken games for 58 Pa. Code Ch. 631a: each breaks one procedure
of the reference game, so the suite can be shown to catch it.

Each factory is usable as ``--game tests.games.broken_games_631a:NAME``.
Each game declares, where it is defined, the profile it runs under and the clauses
whose scenarios must fail — and no others — with ``@breaks`` (tests/proofs/registry.py);
tests/proofs/test_proofs.py plays them.
"""

from __future__ import annotations

import random
from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game import wagers as W
from baccarat_conformance.reference_game.cards import baccarat_value

from tests.proofs.registry import breaks


# ------------------------------------------------------------------ § 631a.1
@breaks("631a.1[Natural]", profile="baccarat")
class NaturalByFinalCount(SeededReferenceGame):
    """Reports a hand as a Natural when its final Point Count is 8 or 9, three cards
    or not (§ 631a.1: on the first two cards)."""

    def _record(self, *args, **kw):
        record = super()._record(*args, **kw)
        for name in ("player", "banker"):
            hand = record[name]
            if hand is not None:
                hand["natural"] = hand["point_count"] >= 8
        return record


# ------------------------------------------------------------------ § 631a.3
@breaks("631a.3(a)", profile="baccarat")
class ShoeOneDeckShort(SeededReferenceGame):
    """Shuffles one deck fewer than the Rules Submission names (§ 631a.3(a))."""

    def new_shoe(self, shoe_id: str, decks: int, rng: random.Random, cut_offset):
        shoe = super().new_shoe(shoe_id, decks, rng, cut_offset)
        shoe.cards = shoe.cards[52:]
        shoe.cover_card_index = len(shoe.cards) - 20
        return shoe


@breaks("631a.3(b)", profile="baccarat")
class ReusesTheDecks(SeededReferenceGame):
    """After a shoe is played, starts the next shoe from the same decks in the same
    order and announces no new decks (§ 631a.3(b))."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self._last: dict[str, list[str]] = {}

    def op_start_shoe(self, table_id, cards=None, **kw):
        played = self._tables[table_id].shoe if table_id in self._tables else None
        if cards is None and table_id in self._last and played is not None and played.ended:
            result = super().op_start_shoe(table_id, cards=list(self._last[table_id]), **kw)
            result["new_decks"] = False
            result["events"] = [e for e in result["events"] if e["type"] != "new_decks"]
            return result
        result = super().op_start_shoe(table_id, cards=cards, **kw)
        if cards is None:
            self._last[table_id] = list(result["cards"])
        return result


# ------------------------------------------------------------------ § 631a.5
@breaks("631a.5(c)", profile="baccarat")
class CutsTooShallow(SeededReferenceGame):
    """Accepts and makes a cut fewer than ten cards in from the top (§ 631a.5(c))."""

    def proper_cut(self, cut_offset: int, stack_size: int) -> bool:
        return 0 < cut_offset < stack_size

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        return super().new_shoe(shoe_id, decks, rng, rng.randint(1, 9) if cut_offset is None else cut_offset)


@breaks("631a.5(d)", profile="baccarat")
class SecondCoverTooLow(SeededReferenceGame):
    """Places the second cover card 5 to 13 cards above the bottom (§ 631a.5(d): at least 14)."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        shoe = super().new_shoe(shoe_id, decks, rng, cut_offset)
        shoe.cover_card_index = len(shoe.cards) - rng.randint(5, 13)
        return shoe


@breaks("631a.5(f)", profile="baccarat")
class BurnsBaccaratValue(SeededReferenceGame):
    """Burns as many cards as the first card's Baccarat value, so a 10 or a court card
    burns none (§ 631a.5(f): they count ten)."""

    def burn_count(self, first_card: str) -> int:
        return baccarat_value(first_card)


# ------------------------------------------------------------------ § 631a.7
@breaks("631a.7(b)", profile="baccarat")
class SkipsSeatOne(SeededReferenceGame):
    """Offers a new dealing shoe from seat 2, passing over the player in seat 1 (§ 631a.7(b))."""

    def shoe_offer_order(self, table, previous):
        order = super().shoe_offer_order(table, previous)
        return [s for s in order if s != 1] if previous is None else order


# the § 631a.7(c) and (d)(2) scenarios rest on (b)'s order: blocked by it (issue 38 item 3; on
# e611af6 they failed § 631a.7(c) and (d)(2))
@breaks("631a.7(b)", profile="baccarat", blocks=("631a.7(b)",))
class OffersNewShoeFromHighestSeat(SeededReferenceGame):
    """Offers a new dealing shoe from the highest occupied seat down (§ 631a.7(b): from seat 1,
    counterclockwise)."""

    def shoe_offer_order(self, table, previous):
        order = super().shoe_offer_order(table, previous)
        return sorted(order, reverse=True) if previous is None else order


# ------------------------------------------------------------------ § 631a.8
@breaks("631a.8(c)", profile="baccarat")
class IncreaseAfterNoMoreBets(SeededReferenceGame):
    """Lets a wager be increased after "no more bets" (§ 631a.8(c))."""

    def op_change_wager(self, table_id, wager_id, amount):
        table = self._table(table_id)
        was, table.betting_open = table.betting_open, True
        try:
            return super().op_change_wager(table_id, wager_id, amount)
        finally:
            table.betting_open = was


@breaks("631a.8(a)(4)(ii)(C)", profile="baccarat")
class DragonBonusWinsByThree(SeededReferenceGame):
    """Pays a Dragon Bonus at 1 to 1 on a non-Natural win by three points
    (§ 631a.8(a)(4)(ii)(C): it loses)."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "dragon_bonus":
            mine, theirs = (hands.p, hands.b) if wager.hand == "player" else (hands.b, hands.p)
            if mine - theirs == 3 and not hands.natural(wager.hand):
                return W.Settlement("win", W.pays(wager.amount, 1), outcome="win_by_3")
        return super().settle(table, wager, hands)


# only the odds are wrong (the § 631a.8(a)(4)(i)(A) examples, which name § 631a.13(e): below;
# the settlement sweep's Natural winners by 4 or more, § 631a.13(e))
@breaks("631a.13(e)", "631a.13(e)[table]", profile="baccarat")
# a Natural winning by 4 or more pays 1 to 1 under every paytable: the Natural winner rows
# of this profile's paytable fail (tests/proofs/test_broken_631a.py checks the rows)
@breaks("631a.13(e)", "631a.13(e)[table]", profile="ez_baccarat",
        marks="(631a.13 or 631a.8) and not property and not statistics")
@breaks("631a.13(e)", "631a.13(e)[table]", profile="tracked_vigorish",
        marks="(631a.13 or 631a.8) and not property and not statistics")
class DragonBonusNaturalPaysTheMargin(SeededReferenceGame):
    """Pays a Dragon Bonus on a Natural that wins by 4 or more at the odds of the paytable's
    "Win by N points" row (§ 631a.13(e): a Natural winner pays 1 to 1; § 631a.8(a)(4)(i)(A))."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "dragon_bonus" and s.outcome == "natural_winner":
            mine, theirs = (hands.p, hands.b) if wager.hand == "player" else (hands.b, hands.p)
            if mine - theirs >= 4:
                paytable = W.DRAGON_BONUS[table.rules["wagers"]["dragon_bonus"].get("paytable", "A")]
                return W.Settlement("win", W.pays(wager.amount, paytable[mine - theirs]),
                                    outcome=f"win_by_{mine - theirs}")
        return s


@breaks("631a.8(a)(1)(iii)", profile="ez_baccarat")
class EZBankerWinsOnDragon7(SeededReferenceGame):
    """On an EZ Baccarat table pays a Banker wager on a Dragon 7 instead of returning it
    (§ 631a.8(a)(1)(iii))."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "banker" and hands.ez and hands.dragon_7:
            return W.Settlement("win", W.pays(wager.amount, 1))
        return super().settle(table, wager, hands)


@breaks("631a.8(a)(7)(ii)", profile="baccarat")
class HouseMoneyPairByValue(SeededReferenceGame):
    """Counts two cards of equal Baccarat value (a king and a jack) as a House Money
    pair (§ 631a.8(a)(7): a pair must be of the same rank)."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "house_money":
            pairs = [baccarat_value(h[0]) == baccarat_value(h[1]) for h in (hands.player, hands.banker)]
            if all(pairs):
                return W.Settlement("win", W.pays(wager.amount, 15), outcome="both_pairs")
            if any(pairs):
                return W.Settlement("win", W.pays(wager.amount, 3), outcome="one_pair")
        return super().settle(table, wager, hands)


# ------------------------------------------------------------------ § 631a.9
@breaks("631a.9(a)", profile="baccarat", blocks=("631a.9(a)",))
class ReportsOnlyThePlayersHand(SeededReferenceGame):
    """Reports a completed round with the Player's Hand alone, no Banker's Hand (§ 631a.9(a):
    two hands are dealt). Readable under the protocol: judged as the rule, not as a protocol
    error."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        record = super().op_deal_round(table_id, choices, irregularity)
        if record["status"] == "completed":
            record["banker"] = None
        return record


@breaks("631a.9(c)", profile="baccarat")
class ThirdCardsFaceDown(SeededReferenceGame):
    """Deals third cards face down under § 631a.9(c) (they are dealt face up)."""

    def deal_third(self, table, rnd, hand):
        if table.reveal_d:
            return super().deal_third(table, rnd, hand)
        return rnd.deal(hand, face_up=False)


@breaks("631a.9(d)(6)", profile="reveal_d")
class TiedWagerToHighestSeat(SeededReferenceGame):
    """Of equally high wagers, hands the cards to the highest seat (§ 631a.9(d)(6):
    the one closest to the dealer moving counterclockwise, the lowest seat)."""

    def card_turner(self, table, hand):
        bets = [w for w in table.wagers if w.wager_type == hand]
        if not bets:
            return None
        top = max(w.amount for w in bets)
        tied = [w.seat for w in bets if w.amount == top]
        if len(tied) > 1:
            return max(tied)
        return super().card_turner(table, hand)


@breaks("631a.9(d)", "631a.9(d)(2)", "631a.9(d)(3)", "631a.9(d)(4)", "631a.9(d)(5)", "631a.9(d)(6)", "631a.9(d)(7)",
        "631a.9(f)", profile="reveal_d")
class RevealDIgnored(SeededReferenceGame):
    """Under a Rules Submission that elects § 631a.9(d), deals as § 631a.9(c): the dealer
    calling the game turns every card over, no player is handed a hand."""

    def card_turner(self, table, hand):
        return None


class _PaysOtherOdds(SeededReferenceGame):
    """A winning ``wager_type`` wager (of the paytable row ``outcome``, when set) is paid at
    ``odds`` to 1: it still wins, only the odds are wrong."""

    wager_type = ""
    outcome: "str | None" = None
    odds = 1

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == self.wager_type and s.result == "win" and self.outcome in (None, s.outcome):
            return W.Settlement("win", W.pays(wager.amount, self.odds), s.vigorish, s.outcome)
        return s


# only the odds are wrong: the win scenario of § 631a.8(a)(7)(i) names § 631a.13(h)
@breaks("631a.13(h)", "631a.13(h)[table]", profile="baccarat")
class HouseMoneyBothPairsPaysTen(_PaysOtherOdds):
    """Pays a House Money wager on two pairs at 10 to 1 (the payable of § 631a.13(h) says
    15 to 1)."""

    wager_type, outcome, odds = "house_money", "both_pairs", 10


@breaks("631a.9(e)(1)", profile="baccarat")
class HouseMoneyFromHighestSeat(SeededReferenceGame):
    """Settles House Money wagers from the highest seat down (§ 631a.9(e)(1): from the
    dealer's right, counterclockwise)."""

    def initial_settlement_order(self, table):
        return list(reversed(super().initial_settlement_order(table)))


@breaks("631a.9(e)(1)(ii)", profile="baccarat")
class HouseMoneyAddedUnasked(SeededReferenceGame):
    """Also places the House Money payout on the player's original wager although the player
    did not ask, while paying it in full (§ 631a.9(e)(1)(ii): the entire payout is handed to the
    player unless the player adds it)."""

    def _house_money_add(self, table, rnd, wager, choice):
        if choice:
            return super()._house_money_add(table, rnd, wager, choice)
        paid = rnd.results[wager.wager_id]["paid"]
        super()._house_money_add(table, rnd, wager, {"seat": wager.seat, "house_money_add": "all"})
        rnd.results[wager.wager_id]["paid"] = paid


@breaks("631a.9(e)", "631a.9(e)(1)", "631a.9(e)(1)(i)", "631a.9(e)(2)", profile="baccarat")
class HouseMoneyAfterThirdCards(SeededReferenceGame):
    """Settles House Money wagers with the others, after the third cards (§ 631a.9(e))."""

    def initial_settlement_order(self, table):
        return []


# ------------------------------------------------------------------ § 631a.10
@breaks("631a.10(d)", profile="baccarat")
class TwoHandsAfterLastHand(SeededReferenceGame):
    """Deals two more hands after "last hand" instead of one (§ 631a.10(d))."""

    def _after_round(self, table, events):
        shoe = table.shoe
        if shoe.last_hand_announced and not getattr(shoe, "extra_hand", False):
            shoe.extra_hand = True
            table.wagers = []
            table.betting_open = True
            return "last_hand"
        return super()._after_round(table, events)


# ------------------------------------------------------------------ § 631a.12
@breaks("631a.12(b)", profile="baccarat")
class PaysFromLowestSeat(SeededReferenceGame):
    """Pays winning wagers from the lowest seat up (§ 631a.12(b): highest first)."""

    def payout_order(self, seats):
        return sorted(seats)


@breaks("631a.12(a)", profile="baccarat")
class CallsTieWithoutHand(SeededReferenceGame):
    """Announces "tie" instead of "tie hand" (§ 631a.12(a))."""

    def announce_result(self, table, hands, events):
        super().announce_result(table, hands, events)
        for e in events:
            if e.get("type") == "announcement" and e.get("text") == "tie hand":
                e["text"] = "tie"


# ------------------------------------------------------------------ § 631a.13
# only the odds are wrong: the Tie wins (§ 631a.8(a)(3)(i) is not failed), at 9 to 1, not the filed 8 to 1
@breaks("631a.13(b)", profile="baccarat")
class TiePays9To1(_PaysOtherOdds):
    """A winning Tie wager is paid 9 to 1 whatever the Rules Submission files (§ 631a.13(b): its
    8 to 1 under the baccarat profile). The Tie still wins: only the odds are wrong."""

    wager_type, odds = "tie", 9


# tracked and rounded: each win's exact 5% marked (accepted, interpretation
# 631a.13-c-round-up-to-25c) and the marks collected unrounded, not what the seat owes: the
# table's property scenario (drawn wagers) shows it; the examples' vigorish is whole quarters.
# The marker is collected whole and on time: the rounding is § 631a.13(c)'s, not (d)(2)(i)'s
# (issue 34 item 7; on e611af6 it failed (d)(2)(i))
@breaks("631a.13(c)", profile="baccarat")
@breaks("631a.13(c)", profile="tests/games/profiles/tracked_rounded_vigorish.toml", marks="631a.13.d.2.i and property")
class VigorishNeverRounded(SeededReferenceGame):
    """Charges exactly 5% even when the Rules Submission rounds up to 25¢ (§ 631a.13(c)):
    at payout, or marked and collected (§ 631a.13(d)(2)) without rounding."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.vigorish:
            s.vigorish = W.commission({**table.rules, "vigorish_rounding": False}, s.paid - wager.amount)
        return s


# a marker carried into the new dealing shoe: nothing is collected before it (the marker
# is never removed, so § 631a.13(d)(2)(iii) is kept)
@breaks("631a.13(d)(2)(i)", profile="tracked_vigorish")
class TrackedVigorishNotCollectedAtNewShoe(SeededReferenceGame):
    """Carries tracked vigorish into the next dealing shoe (§ 631a.13(d)(2)(i))."""

    def _collect_all_vigorish(self, table):
        return []


# the settlement sweep pays its winning wagers at Paytable A's odds: § 631a.13(e) too
@breaks("631a.13(e)", "631a.13(e)[table]", profile="tracked_vigorish")
class DragonBonusAlwaysPaytableA(SeededReferenceGame):
    """Pays Dragon Bonus on Paytable A whatever the Rules Submission selects (§ 631a.13(e))."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "dragon_bonus":
            rules = {**table.rules, "wagers": {**table.rules["wagers"], "dragon_bonus": {"paytable": "A"}}}
            hands = W.Hands(hands.player, hands.banker, rules)
        return super().settle(table, wager, hands)


# ------------------------------------------------------------------ § 631a.14
# its offer order is right: the § 631a.14(b) scenarios, whose rounds the Banker's Hand loses, are
# blocked by (a)(1) (issue 34 item 4; on e611af6 they failed § 631a.14(b))
@breaks("631a.14(a)(1)", profile="baccarat", blocks=("631a.14(a)(1)",))
class CuratorKeepsShoeWhenBankerLoses(SeededReferenceGame):
    """The curator keeps the dealing shoe when the Banker's Hand loses (§ 631a.14(a)(1))."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        table = self._table(table_id)
        curator = table.curator
        record = super().op_deal_round(table_id, choices, irregularity)
        if any(e["type"] == "shoe_passed" for e in record["events"]):
            record["events"] = [e for e in record["events"]
                                if e["type"] not in ("shoe_passed", "shoe_offered", "shoe_accepted")]
            table.curator = record["curator"] = curator
        return record


@breaks("631a.14(b)", profile="baccarat")
class ReoffersPreviousCurator(SeededReferenceGame):
    """After the Banker's Hand loses, offers the dealing shoe around the table back to
    the previous curator (§ 631a.14(b): to each of the other players)."""

    def shoe_offer_order(self, table, previous):
        order = super().shoe_offer_order(table, previous)
        return order + [previous] if previous else order


# ------------------------------------------------------------------ § 631a.15
@breaks("631a.15(a)", profile="baccarat")
class DiscardsCardDrawnInError(SeededReferenceGame):
    """Discards an undisclosed card drawn in error instead of using it as the first
    card of the next hand (§ 631a.15(a))."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        record = super().op_deal_round(table_id, choices, irregularity)
        table = self._table(table_id)
        if irregularity and irregularity.get("kind") == "card_drawn_in_error" and table.carry_card:
            for c in record["cards"]:
                if c["to"] == "next_round":
                    c["to"] = "discard"
            table.carry_card = None
        return record


@breaks("631a.15(b)", profile="baccarat")
class ErrantThirdCardDiscarded(SeededReferenceGame):
    """An undisclosed third card dealt to the Player's Hand in error, when the Banker's Hand
    stays, is discarded instead of kept as the first card of the next hand (§ 631a.15(b))."""

    def _player_third_card_in_error(self, table, rnd, disclosed):
        first = super()._player_third_card_in_error(table, rnd, disclosed)
        if not disclosed and table.carry_card:
            for c in rnd.dealt:
                if c["to"] == "next_round":
                    c["to"] = "discard"
            table.carry_card = None
        return first


@breaks("631a.15(c)", profile="baccarat")
class DisclosedErrantCardNotUsedByBanker(SeededReferenceGame):
    """A disclosed third card dealt to the Player's Hand in error is discarded when the
    Banker's Hand must draw, and the Banker's Hand takes the next card (§ 631a.15(c): the
    disclosed card is the Banker's third card)."""

    def _player_third_card_in_error(self, table, rnd, disclosed):
        natural = self.is_natural(rnd.player) or self.is_natural(rnd.banker)
        if not disclosed or natural or not self.banker_draws(rnd.player, rnd.banker):
            return super()._player_third_card_in_error(table, rnd, disclosed)
        card = rnd.take()
        if card is None:
            return "void"
        rnd.events.append({"type": "irregularity", "text": "player_third_card_in_error", "card": card,
                           "face_up": True})
        rnd.place(card, "discard", face_up=True)
        following = rnd.take()
        if following is not None:
            rnd.place(following, "banker", face_up=True)
        return None


@breaks("631a.15(c)(1)", profile="baccarat")
class DisclosedErrantCardDiscardedAlone(SeededReferenceGame):
    """Under § 631a.15(c)(1), only the disclosed card goes to the discard bucket: no
    additional card is drawn face down with it."""

    def _player_third_card_in_error(self, table, rnd, disclosed):
        result = super()._player_third_card_in_error(table, rnd, disclosed)
        discards = [c for c in rnd.dealt if c["to"] == "discard"]
        if disclosed and len(discards) == 2:  # put the additional card back on the shoe
            extra = discards[1]
            rnd.dealt.remove(extra)
            rnd.events[:] = [e for e in rnd.events if not (e.get("type") == "card" and e.get("card") == extra["card"]
                                                           and e.get("to") == "discard")]
            table.shoe.position -= 1
        return result


@breaks("631a.15(d)", profile="baccarat")
class CardFaceUpDealtAsARound(SeededReferenceGame):
    """A card found face up in the dealing shoe starts a round that is reported completed, not a
    simulated round (§ 631a.15(d))."""

    def _face_up_round(self, table, rnd, round_id):
        record = super()._face_up_round(table, rnd, round_id)
        record["status"] = "completed"
        return record


@breaks("631a.15(c)(2)", profile="tracked_vigorish")
class NoSimulatedRound(SeededReferenceGame):
    """Under § 631a.15(c)(2) discards the disclosed card instead of dealing a simulated
    round from it."""

    def _player_third_card_in_error(self, table, rnd, disclosed):
        first = super()._player_third_card_in_error(table, rnd, disclosed)
        if first not in (None, "void"):
            rnd.place(first, "discard", face_up=True)
            return None
        return first


@breaks("631a.15(e)", profile="baccarat")
class VoidRoundKeepsWagers(SeededReferenceGame):
    """Collects the wagers of a round void for want of cards (§ 631a.15(e): returned)."""

    def _void_round(self, table, round_id, rnd):
        record = super()._void_round(table, round_id, rnd)
        for w in record["wagers"]:
            if w["result"] == "void":
                w.update(result="lose", paid="0.00")
        return record


@breaks("631a.15(e)", profile="baccarat")
class VoidRoundReturnsNoChips(SeededReferenceGame):
    """A round void for want of cards whose record says every wager was returned (result
    ``void``, paid its stake) while its events return no chips: no ``return`` event
    (§ 631a.15(e): "all wagers shall be returned")."""

    def _void_round(self, table, round_id, rnd):
        record = super()._void_round(table, round_id, rnd)
        record["events"] = [e for e in record["events"] if e["type"] != "return"]
        return record



# ------------------------------------------------------------------ more of §§ 631a.7, 631a.9-631a.11
# the § 631a.14 scenarios rest on the player who accepted being the curator: blocked by § 631a.7(c)
# (issue 34 item 7; on e611af6 they failed § 631a.14(a)(1) and (b))
@breaks("631a.7(c)", profile="baccarat", blocks=("631a.7(c)",))
class DealerStaysCurator(SeededReferenceGame):
    """The player who accepts the dealing shoe is not made the curator: the dealer calling
    the game deals (§ 631a.7(c))."""

    def _select_curator(self, table, previous):
        events = super()._select_curator(table, previous)
        table.curator = 0
        return events


# the § 631a.14(b) scenario in which nobody accepts the relinquished shoe rests on § 631a.7(d)(2):
# blocked by it (issue 34 item 7; on e611af6 it failed § 631a.14(b))
@breaks("631a.7(d)(2)", profile="baccarat", blocks=("631a.7(d)(2)",))
class SeatOneDealsWhenNobodyAccepts(SeededReferenceGame):
    """When no player accepts the dealing shoe, the first seat offered deals instead of the
    dealer calling the game (§ 631a.7(d)(2))."""

    def _select_curator(self, table, previous):
        events = super()._select_curator(table, previous)
        offered = [e["seat"] for e in events if e["type"] == "shoe_offered"]
        if table.curator == 0 and offered:
            table.curator = offered[0]
            events[-1] = {"type": "shoe_accepted", "seat": offered[0]}
        return events


def _without_announcements(record: dict, drop) -> dict:
    """``record`` without the announcement events for which ``drop(index, event)`` is true."""
    events = record.get("events", [])
    record["events"] = [e for i, e in enumerate(events) if not (e["type"] == "announcement" and drop(i, e))]
    record["announcements"] = [e["text"] for e in record["events"] if e["type"] == "announcement"]
    return record


@breaks("631a.9(b)", profile="baccarat")
class NoCardsCall(SeededReferenceGame):
    """The dealer never announces "cards" (§ 631a.9(b))."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        record = super().op_deal_round(table_id, choices, irregularity)
        return _without_announcements(record, lambda i, e: e["text"] == "cards")


@breaks("631a.10(a)", "631a.10(b)", "631a.12(a)", profile="baccarat")
class NoPointCountsBeforeThirdCards(SeededReferenceGame):
    """The Point Counts of the four initial cards are not announced: only the final ones
    are (§ 631a.10(a))."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        record = super().op_deal_round(table_id, choices, irregularity)
        counts = [i for i, e in enumerate(record.get("events", []))
                  if e["type"] == "announcement" and e["text"].split(" ")[0] in ("player", "banker")]
        return _without_announcements(record, lambda i, e: i in counts[:-2])


@breaks("631a.11", "631a.11(c)(2)(iii)", "631a.11(g)", profile="baccarat")
class BankerStaysOn5Against4(SeededReferenceGame):
    """The Banker's Hand of 5 stays when the Player's third card is a 4 (Table 1 and the
    worked example of § 631a.11(g) say draw)."""

    def banker_draws(self, player, banker):
        if len(player) == 3 and self.point_count(banker) == 5 and self.card_value(player[2]) == 4:
            return False
        return super().banker_draws(player, banker)


@breaks("631a.11", "631a.11(c)(1)", profile="baccarat", blocks=("631a.11(c)(1)",))
class BankerStandsOn4And5WhenPlayerStands(SeededReferenceGame):
    """When the Player's Hand stays, the Banker's Hand stays on 4 and 5 (§ 631a.11(c)(1):
    it draws on 5 or less). Every scenario whose stack relies on that draw is blocked by it."""

    def banker_draws(self, player, banker):
        if len(player) == 2 and self.point_count(banker) in (4, 5):
            return False
        return super().banker_draws(player, banker)


# the irregularity scenarios whose next round it voids are blocked naming § 631a.15(e)
@breaks("631a.15(e)", profile="baccarat", blocks=("631a.15(e)",))
class VoidsShortOfSevenCards(SeededReferenceGame):
    """Voids a round whenever fewer than seven cards remain in the dealing shoe, although
    six always complete a round (§ 631a.15(e): void only when the cards remaining cannot
    complete it). Every round of the exhaustive third-card sweep (six-card stacks) is void."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        table = self._table(table_id)
        if table.shoe is not None and not table.shoe.ended and table.shoe.remaining < 7:
            from baccarat_conformance.reference_game.table import Round
            record = self._void_round(table, f"{table_id}-R{table.rounds + 1}", Round(table))
            table.rounds += 1
            record["void_reason"] = "fewer than 7 cards remain in the dealing shoe"
            return record
        return super().op_deal_round(table_id, choices, irregularity)


# ------------------------------------------------------------------ issue 24: off-target verdicts and blind spots
# only the odds are wrong: the whole payout the game made is added to the original wager
# as § 631a.9(e)(1)(i) requires (its step judged the addition against 3 to 1)
@breaks("631a.13(h)", "631a.13(h)[table]", profile="baccarat",
        marks="(631a.13 or 631a.9) and not property and not statistics")
class HouseMoneyOnePairPays2To1(_PaysOtherOdds):
    """Pays a House Money wager on one pair at 2 to 1 (the paytable of § 631a.13(h) says
    3 to 1); a payout the player adds to the original wager is all of what was paid, as
    § 631a.9(e)(1)(i) requires."""

    wager_type, outcome, odds = "house_money", "one_pair", 2


# only the odds are wrong; the definition § 631a.1[Dragon 7]: tests/proofs/test_definition_rows.py
@breaks("631a.13(f)", profile="ez_baccarat",
        marks="(631a.1 or 631a.13 or 631a.8) and not property and not statistics")
class Dragon7Pays30To1(_PaysOtherOdds):
    """Pays a winning Dragon 7 wager at 30 to 1 (§ 631a.13(f): 40 to 1); every Dragon 7 is
    recognised as § 631a.1 defines it."""

    wager_type, odds = "dragon_7", 30


# the marker holds the latest win's vigorish only: collected at the new shoe, short; it is
# collected at the right times, so the table's property scenario names (ii), not (d)(2)(i)
# (issue 34 item 5; on e611af6 it failed (d)(2)(i): "collected $0.05" when seat 2 left owing $1.35)
@breaks("631a.13(d)(2)(ii)", profile="tracked_vigorish", marks="631a.13.d.2 and not statistics")
class TrackedVigorishOverwritten(SeededReferenceGame):
    """The marker of a seat holds the vigorish of its latest win only: each win overwrites
    the amount owed instead of adding to it (§ 631a.13(d)(2)(ii): the marker contains the
    amount of the vigorish owed)."""

    def charge_vigorish(self, table, seat, amount):
        event = super().charge_vigorish(table, seat, amount)
        if event["type"] == "vigorish_marked":
            table.vigorish_owed[seat] = amount
        return event


# tracked vigorish collected at the seat's next round, "at a later time" as § 631a.13(d)(2)
# allows, but only half of it: the marker comes off before the vigorish it tracks is
# collected; the rest is collected with the new dealing shoe, so the total is right
@breaks("631a.13(d)(2)(iii)", profile="tracked_vigorish")
class TrackedVigorishPartlyCollectedNextRound(SeededReferenceGame):
    """At the start of each round collects half of each seat's outstanding tracked
    vigorish and keeps the rest owed (§ 631a.13(d)(2)(iii): the marker may not be removed
    until the vigorish owed is collected)."""

    def handle(self, op, params):
        table = self._tables.get((params or {}).get("table_id")) if op == "deal_round" else None
        if table is None:
            return super().handle(op, params)
        part = {seat: (owed / 2).quantize(W.CENT) for seat, owed in sorted(table.vigorish_owed.items())}
        answer = super().handle(op, params)
        events = answer.get("events")
        if events is None:
            return answer
        at = 1 if events and events[0].get("type") == "announcement" else 0
        taken = [{"type": "vigorish_collected", "seat": seat, "amount": str(amount)}
                 for seat, amount in part.items() if amount]
        for seat, amount in part.items():
            table.vigorish_owed[seat] -= amount
        events[at:at] = taken
        return answer


class _IgnoresALimit(SeededReferenceGame):
    """Accepts a wager the reference game refuses for the reason starting ``ignored``."""

    ignored = ""

    def check_limits(self, table, kind, stake, seat, hand, option):
        reason = super().check_limits(table, kind, stake, seat, hand, option)
        return None if reason and reason.startswith(self.ignored) else reason


# table limits (interpretation 631a.8-a-table-limits): [limits.default] $5-$2,500 and
# [limits.tie] $5-$1,000 under baccarat_tracked_vigorish
@breaks("631a.8(a)", profile="baccarat_tracked_vigorish")
class AcceptsAboveTheMaximum(_IgnoresALimit):
    """Accepts any wager above the table maximum the Rules Submission files (its minimum
    still holds)."""

    ignored = "above the table maximum"


@breaks("631a.8(a)", profile="baccarat_tracked_vigorish")
class AcceptsBelowTheMinimum(_IgnoresALimit):
    """Accepts any wager below the table minimum the Rules Submission files (its maximum
    still holds)."""

    ignored = "below the table minimum"


@breaks("631a.8(a)", profile="baccarat_tracked_vigorish")
class IgnoresLimitsOfAWagerType(SeededReferenceGame):
    """Applies the default table limits to every wager type, ignoring the limits the Rules
    Submission files for a wager type of its own (``[limits.tie]``)."""

    def check_limits(self, table, kind, stake, seat, hand, option):
        limits = {k: v for k, v in (table.rules.get("limits") or {}).items() if k == "default"}
        table = _with_rules(table, {**table.rules, "limits": limits})
        return super().check_limits(table, kind, stake, seat, hand, option)


def _with_rules(table, rules):
    import copy
    view = copy.copy(table)
    view.rules = rules
    return view


# records the cut asked of it but deals the stack uncut: two shoes of one seed, cut at 20 and
# at 60, are the same stack (interpretation 631a.5-d-cut-seen-through-the-seed)
@breaks("631a.5(d)", profile="baccarat")
class CutNotApplied(SeededReferenceGame):
    """Records the cut it is asked for (``cut_offset``) but deals the stack uncut: the cards
    above the cover card are not placed at the bottom (§ 631a.5(d))."""

    def new_shoe(self, shoe_id, decks, rng, cut_offset):
        shoe = super().new_shoe(shoe_id, decks, rng, cut_offset)
        k = shoe.cut_offset
        shoe.cards = shoe.cards[-k:] + shoe.cards[:-k]
        return shoe


@breaks("631a.12(a)", profile="baccarat")
class NoFinalCountsForTwoCardHands(SeededReferenceGame):
    """When neither hand draws a third card, announces the winning hand (or "tie hand")
    but not the final Point Count of each hand (§ 631a.12(a))."""

    def announce_result(self, table, hands, events):
        start = len(events)
        super().announce_result(table, hands, events)
        if len(hands.player) == 2 and len(hands.banker) == 2:
            events[start:] = [e for e in events[start:]
                              if not (e["type"] == "announcement" and e["text"].split(" ")[0] in ("player", "banker")
                                      and e["text"].split(" ")[-1].isdigit())]


# its rounds of play draw by the rules (a control round shows it): the simulated round is
# § 631a.15(d)'s own to fail, not blocked naming § 631a.11(c)(1)
@breaks("631a.15(d)", profile="baccarat")
class SimulatedRoundWithoutThirdCards(SeededReferenceGame):
    """Deals a simulated round the four initial cards only, never a third card
    (§ 631a.15(d): its cards are dealt in accordance with the chapter)."""

    def simulated_cards(self, table, rnd, first):
        cards = [first]
        for _ in range(3):
            card = rnd.take()
            if card is None:
                break
            cards.append(card)
        return cards


class SeedIgnored(SeededReferenceGame):
    """Declares ``seeded_shuffle`` but shuffles every shoe with its own generator, whatever
    ``seed`` it is given."""

    def op_start_shoe(self, table_id, cards=None, seed=None, **kw):
        return super().op_start_shoe(table_id, cards=cards, seed=None, **kw)


class OneShuffleForEverySeed(SeededReferenceGame):
    """Declares ``seeded_shuffle`` but shuffles every seeded shoe from seed 0: different seeds
    give the same stack."""

    def op_start_shoe(self, table_id, cards=None, seed=None, **kw):
        return super().op_start_shoe(table_id, cards=cards, seed=None if seed is None else 0, **kw)


# a tie hand is no loss of the Banker's Hand: the curator remains (interpretation
# 631a.14-a-the-curator-remains); the definition § 631a.1[Curator] is not failed
@breaks("631a.14(a)", profile="baccarat", marks="(631a.1 or 631a.14 or 631a.7) and not property and not statistics")
class CuratorPassesOnTie(SeededReferenceGame):
    """The curator passes the dealing shoe after a tie hand too, as if the Banker's Hand had
    lost (§ 631a.14(a): the curator may remain; (a)(1): passes when the Banker's Hand loses)."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        table = self._table(table_id)
        curator = table.curator
        record = super().op_deal_round(table_id, choices, irregularity)
        if record.get("winner") == "tie" and curator and table.curator == curator:
            events = [{"type": "shoe_passed", "seat": curator}] + self._select_curator(table, previous=curator)
            record["events"] = record["events"] + events
            record["curator"] = table.curator
        return record


# ------------------------------------------------------------------ § 631a.13, settled on every class and stake
@breaks("631a.13(c)", profile="baccarat")
class VigorishRoundedDownAtSevenFifty(SeededReferenceGame):
    """Charges a winning $7.50 Banker wager 25¢ of vigorish, 5% ($0.375) rounded down to
    25¢ where § 631a.13(c) rounds "to 25¢ or the next highest multiple of 25¢" ($0.50);
    every other stake is charged right. Found only by the settlement sweep's stake residues."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and s.result == "win" and s.vigorish and wager.amount == Decimal("7.50") \
                and table.rules.get("vigorish_rounding", True):
            return W.Settlement(s.result, s.paid, Decimal("0.25"), s.outcome)
        return s


@breaks("631a.13(b)", profile="baccarat")
class NaturalTieReturnedAsPush(SeededReferenceGame):
    """Returns a Tie Wager as a push when both hands are Naturals of equal Point Count (8
    against 8, 9 against 9), where § 631a.13(b) pays a winning Tie Wager at least 8 to 1;
    every other tie is paid. Found at depth smoke only by the settlement sweep's card classes."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        p, b = hands.player, hands.banker
        if wager.wager_type == "tie" and s.result == "win" and len(p) == len(b) == 2 \
                and W.Hands.count(p) == W.Hands.count(b) >= 8:
            return W.Settlement("push", wager.amount)
        return s


# ------------------------------------------------------------------ factories
def _factory(cls):
    def make():
        return cls()
    make.__name__ = cls.__name__
    return make


natural_by_final_count = _factory(NaturalByFinalCount)
shoe_one_deck_short = _factory(ShoeOneDeckShort)
reuses_the_decks = _factory(ReusesTheDecks)
cuts_too_shallow = _factory(CutsTooShallow)
second_cover_too_low = _factory(SecondCoverTooLow)
burns_baccarat_value = _factory(BurnsBaccaratValue)
skips_seat_one = _factory(SkipsSeatOne)
offers_new_shoe_from_highest_seat = _factory(OffersNewShoeFromHighestSeat)
increase_after_no_more_bets = _factory(IncreaseAfterNoMoreBets)
dragon_bonus_wins_by_three = _factory(DragonBonusWinsByThree)
dragon_bonus_natural_pays_the_margin = _factory(DragonBonusNaturalPaysTheMargin)
ez_banker_wins_on_dragon_7 = _factory(EZBankerWinsOnDragon7)
reveal_d_ignored = _factory(RevealDIgnored)
dealer_stays_curator = _factory(DealerStaysCurator)
seat_one_deals_when_nobody_accepts = _factory(SeatOneDealsWhenNobodyAccepts)
no_cards_call = _factory(NoCardsCall)
no_point_counts_before_third_cards = _factory(NoPointCountsBeforeThirdCards)
banker_stays_on_5_against_4 = _factory(BankerStaysOn5Against4)
banker_stands_on_4_and_5_when_player_stands = _factory(BankerStandsOn4And5WhenPlayerStands)
house_money_both_pairs_pays_ten = _factory(HouseMoneyBothPairsPaysTen)
house_money_pair_by_value = _factory(HouseMoneyPairByValue)
third_cards_face_down = _factory(ThirdCardsFaceDown)
reports_only_the_players_hand = _factory(ReportsOnlyThePlayersHand)
tied_wager_to_highest_seat = _factory(TiedWagerToHighestSeat)
house_money_from_highest_seat = _factory(HouseMoneyFromHighestSeat)
house_money_after_third_cards = _factory(HouseMoneyAfterThirdCards)
two_hands_after_last_hand = _factory(TwoHandsAfterLastHand)
pays_from_lowest_seat = _factory(PaysFromLowestSeat)
calls_tie_without_hand = _factory(CallsTieWithoutHand)
tie_pays_9_to_1 = _factory(TiePays9To1)
vigorish_never_rounded = _factory(VigorishNeverRounded)
tracked_vigorish_not_collected_at_new_shoe = _factory(TrackedVigorishNotCollectedAtNewShoe)
dragon_bonus_always_paytable_a = _factory(DragonBonusAlwaysPaytableA)
curator_keeps_shoe_when_banker_loses = _factory(CuratorKeepsShoeWhenBankerLoses)
reoffers_previous_curator = _factory(ReoffersPreviousCurator)
discards_card_drawn_in_error = _factory(DiscardsCardDrawnInError)
no_simulated_round = _factory(NoSimulatedRound)
void_round_keeps_wagers = _factory(VoidRoundKeepsWagers)
void_round_returns_no_chips = _factory(VoidRoundReturnsNoChips)
house_money_added_unasked = _factory(HouseMoneyAddedUnasked)
errant_third_card_discarded = _factory(ErrantThirdCardDiscarded)
disclosed_errant_card_not_used_by_banker = _factory(DisclosedErrantCardNotUsedByBanker)
disclosed_errant_card_discarded_alone = _factory(DisclosedErrantCardDiscardedAlone)
card_face_up_dealt_as_a_round = _factory(CardFaceUpDealtAsARound)
voids_short_of_seven_cards = _factory(VoidsShortOfSevenCards)
house_money_one_pair_pays_2_to_1 = _factory(HouseMoneyOnePairPays2To1)
dragon_7_pays_30_to_1 = _factory(Dragon7Pays30To1)
tracked_vigorish_overwritten = _factory(TrackedVigorishOverwritten)
tracked_vigorish_partly_collected_next_round = _factory(TrackedVigorishPartlyCollectedNextRound)
accepts_above_the_maximum = _factory(AcceptsAboveTheMaximum)
ignores_limits_of_a_wager_type = _factory(IgnoresLimitsOfAWagerType)
cut_not_applied = _factory(CutNotApplied)
no_final_counts_for_two_card_hands = _factory(NoFinalCountsForTwoCardHands)
simulated_round_without_third_cards = _factory(SimulatedRoundWithoutThirdCards)
seed_ignored = _factory(SeedIgnored)
curator_passes_on_tie = _factory(CuratorPassesOnTie)
one_shuffle_for_every_seed = _factory(OneShuffleForEverySeed)
accepts_below_the_minimum = _factory(AcceptsBelowTheMinimum)
vigorish_rounded_down_at_seven_fifty = _factory(VigorishRoundedDownAtSevenFifty)
natural_tie_returned_as_push = _factory(NaturalTieReturnedAsPush)


@breaks("631a.13(e)", profile="baccarat")
class DragonBonusShortAtSevenSeventyFive(SeededReferenceGame):
    """Pays a winning $7.75 Dragon Bonus Wager 25¢ short of its paytable's odds (§ 631a.13(e));
    every other stake is paid right. Found only by the settlement sweep's stake residues."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "dragon_bonus" and s.result == "win" and wager.amount == Decimal("7.75"):
            return W.Settlement(s.result, s.paid - Decimal("0.25"), s.vigorish, s.outcome)
        return s


dragon_bonus_short_at_seven_seventy_five = _factory(DragonBonusShortAtSevenSeventyFive)
