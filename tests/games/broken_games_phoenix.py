"""Deliberately broken games for 58 Pa. Code §§ 629b.4–629b.6: each breaks one rule
of the reference game, so the suite can be shown to catch it.

Each factory is usable as ``--game tests.games.broken_games_phoenix:NAME``.
Each game declares, where it is defined, the profile it runs under and the clauses
whose scenarios must fail — and no others — with ``@breaks`` (tests/proofs/registry.py);
tests/proofs/test_proofs.py plays them.
Every run is dated today with ``--include-expired``.
"""

from __future__ import annotations

from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game import wagers as W
from baccarat_conformance.reference_game.families.golden_talons import PAYTABLES as GOLDEN_TALONS_PAYTABLES

from tests.proofs.registry import breaks


def _phoenix(table) -> bool:
    return table.rules.get("variant") == "rising_phoenix"


def _commission_free(table) -> bool:
    return _phoenix(table) and table.rules.get("commission") == "commission_free"


def _three_card_banker_7_win(h: W.Hands) -> bool:
    return h.winner == "banker" and len(h.banker) == 3 and h.b == 7


# ------------------------------------------------------------------ § 629b.4
# the reveal checks name § 629b.4(b), the procedure; (a), the permission to offer it, is not verified
@breaks("629b.4(b)", profile="rising_phoenix", include_expired=True)
class IgnoresBankerFirstRequest(SeededReferenceGame):
    """§ 629b.4(b): always reveals the Player's Hand first, whatever the player asks."""

    def banker_first_seat(self, table, choices):
        return None


@breaks("629b.4(b)", profile="midibaccarat_golden_talons", include_expired=True)
class BankerFirstDespiteOtherWagers(SeededReferenceGame):
    """§ 629b.4(b): honours the request even when someone wagered on the Banker's Hand or a Tie."""

    def banker_first_seat(self, table, choices):
        players = [w for w in table.wagers if w.wager_type == "player"]
        if not table.rules.get("alternative_card_reveal") or not players:
            return None
        top = max(players, key=lambda w: (w.amount, -w.seat)).seat
        return top if any(c.get("seat") == top and c.get("reveal_banker_first") for c in choices) else None


@breaks("629b.4(b)", profile="rising_phoenix", include_expired=True)
class DealerTurnsThePlayersHand(SeededReferenceGame):
    """§ 629b.4(b): reveals the Banker's Hand first, but the dealer (not the player with the
    highest wager on the Player's Hand) turns the Player's Hand face up."""

    def reveal_initial_hands(self, table, player, banker, choices):
        events = super().reveal_initial_hands(table, player, banker, choices)
        return [{k: v for k, v in e.items() if k != "seat"} for e in events]


@breaks("629b.4(c)", profile="midibaccarat_golden_talons", include_expired=True)
class StopsAfterTheAlternativeReveal(SeededReferenceGame):
    """§ 629b.4(c): after revealing the Banker's Hand first, deals no third card."""

    _alternative = False

    def reveal_initial_hands(self, table, player, banker, choices):
        self._alternative = self.banker_first_seat(table, choices) is not None
        return super().reveal_initial_hands(table, player, banker, choices)

    def player_draws(self, player, banker):
        return not self._alternative and super().player_draws(player, banker)

    def banker_draws(self, player, banker):
        return not self._alternative and super().banker_draws(player, banker)


# ------------------------------------------------------------------ § 629b.5
@breaks("629b.5(f)", profile="rising_phoenix_commission_free", include_expired=True)
class SevenDeckPhoenix(SeededReferenceGame):
    """§ 629b.5(f): shuffles seven decks for Rising Phoenix Baccarat whatever the Rules Submission says."""

    def op_start_shoe(self, table_id, cards=None, **kw):
        table = self._table(table_id)
        if cards is not None or not _phoenix(table):
            return super().op_start_shoe(table_id, cards, **kw)
        saved = table.rules.get("decks")
        table.rules["decks"] = 7
        try:
            return super().op_start_shoe(table_id, cards, **kw)
        finally:
            table.rules["decks"] = saved


@breaks("629b.5(g)(1)(iv)", profile="rising_phoenix_commission_free", include_expired=True)
class CommissionFreeThreeCardSevenPaid(SeededReferenceGame):
    """§ 629b.5(g)(1)(iv): commission-free, pays a winning three-card Banker 7 instead of returning it."""

    def settle(self, table, wager, hands):
        if wager.wager_type == "banker" and _commission_free(table) and _three_card_banker_7_win(hands):
            return W.Settlement("win", W.pays(wager.amount, 1))
        return super().settle(table, wager, hands)


# the winning Banker wager returned is not paid as § 629b.5(h)(1) says: its settlement sweep fails too
# (as a Tie returned as a push fails § 631a.13(b))
@breaks("629b.5(g)(1)(iv)", "629b.5(h)(1)", profile="rising_phoenix", include_expired=True)
class StandardThreeCardSevenPushed(SeededReferenceGame):
    """§ 629b.5(g)(1)(iv): with standard commission, returns a winning three-card Banker 7 as a tie."""

    def settle(self, table, wager, hands):
        if (wager.wager_type == "banker" and _phoenix(table) and not _commission_free(table)
                and _three_card_banker_7_win(hands)):
            return W.push(wager.amount)
        return super().settle(table, wager, hands)


@breaks("629b.5(g)(1)(iv)", "629b.5(h)(1)", profile="rising_phoenix_commission_free", include_expired=True)
class CommissionFreeChargesVigorish(SeededReferenceGame):
    """§ 629b.5(h)(1): commission-free, still charges the 5% vigorish on winning Banker wagers."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and _commission_free(table) and s.result == "win":
            s.vigorish = W.commission(table.rules, wager.amount)
        return s


@breaks("629b.5(h)(1)", profile="rising_phoenix_commission_free", include_expired=True)
class CommissionFreeBankerSixPaysHalf(SeededReferenceGame):
    """§ 629b.5(h)(1): commission-free, pays a Banker win with 6 at 1 to 2 (§ 629b.2(i)'s odds)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "banker" and _commission_free(table) and s.result == "win" and hands.b == 6:
            return W.Settlement("win", wager.amount + wager.amount / 2)
        return s


@breaks("629b.5(h)(2)", profile="rising_phoenix", include_expired=True)
class SunSevenPaysThirty(SeededReferenceGame):
    """§ 629b.5(h)(2): pays the Sun 7 Bonus at 30 to 1 instead of 40 to 1."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "rising_phoenix_bonus" and wager.option == "sun_7" and s.result == "win":
            return W.Settlement("win", W.pays(wager.amount, 30), outcome="sun_7")
        return s


@breaks("629b.5(g)(4)(iii)", profile="rising_phoenix", include_expired=True)
class NineOverSixPaysNineOverSeven(SeededReferenceGame):
    """§ 629b.5(g)(4)(iii): the 9 over 7 Bonus also wins on a 9 over a 6."""

    def settle(self, table, wager, hands):
        if (wager.wager_type == "rising_phoenix_bonus" and wager.option == "9_over_7" and hands.winner != "tie"
                and sorted((hands.p, hands.b)) == [6, 9]):
            return W.Settlement("win", W.pays(wager.amount, 25), outcome="9_over_7")
        return super().settle(table, wager, hands)


@breaks("629b.5(g)(4)(ix)", profile="rising_phoenix_commission_free", include_expired=True)
class TwoCardSixOverThreeCardThree(SeededReferenceGame):
    """§ 629b.5(g)(4)(ix): the 3-card 6 over 3-card 3 Bonus ignores how many cards the winner holds."""

    def settle(self, table, wager, hands):
        if (wager.wager_type == "rising_phoenix_bonus" and wager.option == "3_card_6_over_3_card_3"
                and hands.winner != "tie" and sorted((hands.p, hands.b)) == [3, 6]
                and len(hands.player if hands.winner == "banker" else hands.banker) == 3):
            return W.Settlement("win", W.pays(wager.amount, 150), outcome=wager.option)
        return super().settle(table, wager, hands)


@breaks("629b.5(g)(4)(xix)", profile="rising_phoenix", include_expired=True)
class PlayerPairByValue(SeededReferenceGame):
    """§ 629b.5(g)(4)(xix): the Player pair Bonus counts two cards of equal value (a 10 and a king) as a pair."""

    def settle(self, table, wager, hands):
        if (wager.wager_type == "rising_phoenix_bonus" and wager.option == "player_pair"
                and W.Hands.count(hands.player[:1]) == W.Hands.count(hands.player[1:2])):
            return W.Settlement("win", W.pays(wager.amount, 11), outcome="player_pair")
        return super().settle(table, wager, hands)


# ------------------------------------------------------------------ § 629b.6
def _golden_talons(wager) -> bool:
    return wager.wager_type == "golden_talons"


def _mine_theirs(hands: W.Hands, hand: str) -> tuple[int, int]:
    return (hands.p, hands.b) if hand == "player" else (hands.b, hands.p)


@breaks("629b.6(a)", profile="midibaccarat_golden_talons", include_expired=True)
class GoldenTalonsWithoutBaccaratWager(SeededReferenceGame):
    """§ 629b.6(a): takes a Golden Talons wager from a seat with no Midibaccarat wager."""

    def check_limits(self, table, kind, stake, seat, hand, option):
        if kind.name == "golden_talons":
            return None
        return super().check_limits(table, kind, stake, seat, hand, option)


@breaks("629b.6(b)", profile="rising_phoenix", include_expired=True)
class GoldenTalonsAfterNoMoreBets(SeededReferenceGame):
    """§ 629b.6(b): takes a Golden Talons wager after "no more bets"."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        table = self._table(table_id)
        if wager_type != "golden_talons" or table.betting_open:
            return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)
        table.betting_open = True
        try:
            return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)
        finally:
            table.betting_open = False


def settle_early(record: dict, wager_type: str, at) -> dict:
    """Move the settlement events of every ``wager_type`` wager of the round ``record``
    to the index ``at(other_events)`` returns (None: leave the record as it is)."""
    if "error" in record:
        return record
    ids = {w["wager_id"] for w in record["wagers"] if w["wager_type"] == wager_type}
    moved = [e for e in record["events"] if e.get("wager_id") in ids and e["type"] in ("pay", "collect", "push")]
    rest = [e for e in record["events"] if e not in moved]
    where = at(rest)
    if moved and where is not None:
        record["events"] = rest[:where] + moved + rest[where:]
    return record


@breaks("629b.6(d)", profile="rising_phoenix_commission_free", include_expired=True)
class GoldenTalonsSettledBeforeTheResult(SeededReferenceGame):
    """§ 629b.6(d): reports Golden Talons settlements right after the initial reveal,
    before the third cards and the result (the amounts are right)."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        return settle_early(super().op_deal_round(table_id, choices, irregularity), "golden_talons",
                            lambda rest: max(i for i, e in enumerate(rest) if e["type"] == "reveal") + 1)


@breaks("629b.6(e)(1)", profile="midibaccarat_golden_talons", include_expired=True)
class GoldenTalonsWinByThreeWins(SeededReferenceGame):
    """§ 629b.6(e)(1): pays a win by 3 points (no natural) at 1 to 1."""

    def settle(self, table, wager, hands):
        if _golden_talons(wager) and not hands.natural(wager.hand):
            mine, theirs = _mine_theirs(hands, wager.hand)
            if mine - theirs == 3:
                return W.Settlement("win", W.pays(wager.amount, 1), outcome="win_by_3")
        return super().settle(table, wager, hands)


@breaks("629b.6(e)(2)", profile="rising_phoenix", include_expired=True)
class GoldenTalonsNaturalLoserPushes(SeededReferenceGame):
    """§ 629b.6(e)(2): returns a natural that loses to a higher natural instead of collecting it."""

    def settle(self, table, wager, hands):
        if _golden_talons(wager) and hands.natural(wager.hand):
            mine, theirs = _mine_theirs(hands, wager.hand)
            if mine < theirs:
                return W.push(wager.amount)
        return super().settle(table, wager, hands)


@breaks("629b.6(e)(3)", profile="rising_phoenix_commission_free", include_expired=True)
class GoldenTalonsTiePushes(SeededReferenceGame):
    """§ 629b.6(e)(3): returns a Golden Talons wager on a tie without naturals."""

    def settle(self, table, wager, hands):
        if _golden_talons(wager) and hands.p == hands.b and not hands.natural(wager.hand):
            return W.push(wager.amount)
        return super().settle(table, wager, hands)


@breaks("629b.6(f)", profile="rising_phoenix_commission_free", include_expired=True)
class GoldenTalonsNaturalTiePushesUnderB(SeededReferenceGame):
    """§ 629b.6(f): under Paytable B, returns a natural tie instead of paying 2 to 1."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if _golden_talons(wager) and s.outcome == "natural_tie":
            return W.push(wager.amount, "natural_tie")
        return s


@breaks("629b.6(f)", profile="midibaccarat_golden_talons", include_expired=True)
class GoldenTalonsPaytableCWinBy8PaysTen(SeededReferenceGame):
    """§ 629b.6(f): under Paytable C, pays a win by 8 at 10 to 1 (Paytable A's odds) instead of 12 to 1."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if _golden_talons(wager) and s.outcome == "win_by_8" and \
                table.rules["wagers"]["golden_talons"].get("paytable") == "C":
            return W.Settlement("win", W.pays(wager.amount, 10), outcome="win_by_8")
        return s


# the natural wins by 4 or more of § 629b.6(f)'s "Natural win" rows, under each paytable, too
@breaks("629b.6(f)", "629b.6(g)", profile="rising_phoenix", include_expired=True)
class GoldenTalonsNaturalPaysTheMargin(SeededReferenceGame):
    """§ 629b.6(g), (f): pays a natural that wins by 4 or more at the win-by odds of the
    Rules Submission's paytable (a natural win pays 1 to 1 under every paytable)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if _golden_talons(wager) and s.outcome == "natural_win":
            mine, theirs = _mine_theirs(hands, wager.hand)
            by_margin = GOLDEN_TALONS_PAYTABLES[table.rules["wagers"]["golden_talons"].get("paytable", "A")][0]
            if mine - theirs >= 4:
                return W.Settlement("win", W.pays(wager.amount, by_margin[mine - theirs]),
                                    outcome=f"win_by_{mine - theirs}")
        return s


def _factory(cls):
    def make():
        return cls()
    make.__doc__ = cls.__doc__
    return make


BROKEN = {
    "ignores_banker_first_request": IgnoresBankerFirstRequest,
    "banker_first_despite_other_wagers": BankerFirstDespiteOtherWagers,
    "dealer_turns_the_players_hand": DealerTurnsThePlayersHand,
    "stops_after_the_alternative_reveal": StopsAfterTheAlternativeReveal,
    "seven_deck_phoenix": SevenDeckPhoenix,
    "commission_free_three_card_seven_paid": CommissionFreeThreeCardSevenPaid,
    "standard_three_card_seven_pushed": StandardThreeCardSevenPushed,
    "commission_free_charges_vigorish": CommissionFreeChargesVigorish,
    "commission_free_banker_six_pays_half": CommissionFreeBankerSixPaysHalf,
    "sun_seven_pays_thirty": SunSevenPaysThirty,
    "nine_over_six_pays_nine_over_seven": NineOverSixPaysNineOverSeven,
    "two_card_six_over_three_card_three": TwoCardSixOverThreeCardThree,
    "player_pair_by_value": PlayerPairByValue,
    "golden_talons_without_baccarat_wager": GoldenTalonsWithoutBaccaratWager,
    "golden_talons_after_no_more_bets": GoldenTalonsAfterNoMoreBets,
    "golden_talons_settled_before_the_result": GoldenTalonsSettledBeforeTheResult,
    "golden_talons_win_by_three_wins": GoldenTalonsWinByThreeWins,
    "golden_talons_natural_loser_pushes": GoldenTalonsNaturalLoserPushes,
    "golden_talons_tie_pushes": GoldenTalonsTiePushes,
    "golden_talons_natural_tie_pushes_under_b": GoldenTalonsNaturalTiePushesUnderB,
    "golden_talons_paytable_c_win_by_8_pays_ten": GoldenTalonsPaytableCWinBy8PaysTen,
    "golden_talons_natural_pays_the_margin": GoldenTalonsNaturalPaysTheMargin,
}

for _name, _cls in BROKEN.items():
    globals()[_name] = _factory(_cls)


@breaks("629b.6(f)", profile="midibaccarat_golden_talons", include_expired=True)
class GoldenTalonsShortAtSevenSeventyFive(SeededReferenceGame):
    """Pays a winning $7.75 Golden Talons wager 25¢ short of its paytable's odds (§ 629b.6(f));
    every other stake is paid right. Found only by the settlement sweep's stake residues."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "golden_talons" and s.result == "win" and wager.amount == Decimal("7.75"):
            return W.Settlement(s.result, s.paid - Decimal("0.25"), s.vigorish, s.outcome)
        return s


BROKEN["golden_talons_short_at_seven_seventy_five"] = GoldenTalonsShortAtSevenSeventyFive
golden_talons_short_at_seven_seventy_five = _factory(GoldenTalonsShortAtSevenSeventyFive)
