"""Deliberately broken games: each breaks one rule of the reference game, so the
suite can be shown to catch it (no check that cannot fail).

Each factory is usable as ``--game tests.games.broken_games:NAME``.
Each game declares, where it is defined, the profile it runs under and the clauses
whose scenarios must fail — and no others — with ``@breaks`` (tests/proofs/registry.py);
tests/proofs/test_proofs.py plays them.

§ 631a.11 itself is the exhaustive sweep's tag: every draw-rule break fails it too. A
scenario whose stacked round the game deals otherwise, under a rule that is not its own,
is blocked (category "blocked", naming the rule), not failed: a Player's 6 that draws
blocks the § 631a.11(c)(1) and § 631a.6(a) scenarios dealt such a hand, and a card valued
wrong blocks the Table 1 scenarios whose draws it changes (the game's Point Counts of those
hands are wrong, so the deal is blamed on § 631a.6).
"""

from __future__ import annotations

from tests.games.seeded_games import SeededReferenceGame

from tests.proofs.registry import breaks


@breaks("631a.11", "631a.11(c)(2)(iii)", profile="baccarat")
class BankerDrawsOn6Against5(SeededReferenceGame):
    """The Banker's Hand draws on 6 when the Player's third card is 5 (Table 1 says S)."""

    def banker_draws(self, player, banker):
        if len(player) == 3 and self.point_count(banker) == 6 and self.card_value(player[2]) == 5:
            return True
        return super().banker_draws(player, banker)


@breaks("631a.11", "631a.11(b)(1)", profile="baccarat")
# the side-wager chapter's 'deal in accordance with the base game' scenario
@breaks("629b.3(c)", "629b.7(e)", profile="midibaccarat_progressives", include_expired=True,
        marks="629b.3.c or 629b.7.e")
# the side-wager chapter's 'deal in accordance with the base game' scenario
@breaks("627b.3(c)", profile="minibaccarat_royal_9", include_expired=True, marks="627b.3.c")
# the side-wager chapter's 'deal in accordance with the base game' scenario
@breaks("629b.5(c)", "629b.6(c)", profile="rising_phoenix", include_expired=True, marks="629b.5.c or 629b.6.c")
# the side-wager chapter's 'deal in accordance with the base game' scenario
@breaks("631c.2(e)", profile="heavenly_9", marks="631c.2.e")
class PlayerStandsOn5(SeededReferenceGame):
    """The Player's Hand stays on a Point Count of 5 (§ 631a.11(b)(1) says draw)."""

    def player_draws(self, player, banker):
        return self.point_count(player) <= 4


@breaks("631a.11", "631a.11(a)", "631a.1[Natural]", profile="baccarat")
class DrawsAfterNatural8Against7(SeededReferenceGame):
    """The hands still draw after a Natural 8 against a 7."""

    def is_natural(self, cards):
        counts = self.point_count(cards[:2])
        return counts == 9

    def player_draws(self, player, banker):
        if self.point_count(player) == 8 and len(player) == 2 and self.point_count(banker) == 7:
            return True
        return super().player_draws(player, banker)


# the § 631a.11 sweep, whose records report the Point Counts the game drew by, is blocked by § 631a.6
# (issue 34 item 6; on e611af6 it failed § 631a.11(c)(2)(iii))
@breaks("631a.6(a)(2)", profile="baccarat", blocks=("631a.6",))
class TenCountsOne(SeededReferenceGame):
    """A 10 is valued as 1 (§ 631a.6(a)(2) says zero)."""

    def card_value(self, card):
        return 1 if card[:-1] == "10" else super().card_value(card)


# (issue 34 item 6; on e611af6 the sweep failed § 631a.11(b)(1))
@breaks("631a.6(b)", "631a.6(b)(2)", profile="baccarat", blocks=("631a.6",))
class NoModulo(SeededReferenceGame):
    """The Point Count is not taken mod 10 (§ 631a.6(b)); capped at 9 instead."""

    def point_count(self, cards):
        return min(sum(self.card_value(c) for c in cards), 9)


@breaks("631a.11", "631a.11(c)(2)(i)", profile="baccarat")
class BankerStaysOn2(SeededReferenceGame):
    """The Banker's Hand stays on 2 after the Player's third card (§ 631a.11(c)(2)(i) says draw)."""

    def banker_draws(self, player, banker):
        if len(player) == 3 and self.point_count(banker) == 2:
            return False
        return super().banker_draws(player, banker)



@breaks("631a.11", "631a.11(b)(2)", profile="baccarat", blocks=("631a.11(b)(2)",))
class PlayerDrawsOn6(SeededReferenceGame):
    """The Player's Hand draws on 6 (§ 631a.11(b)(2) says stay on 6 or more)."""

    def player_draws(self, player, banker):
        return self.point_count(player) <= 6


@breaks("631a.11", "631a.11(c)(1)", profile="baccarat")
class BankerDrawsOn6WhenPlayerStays(SeededReferenceGame):
    """The Banker's Hand draws on 6 when the Player's Hand stays (§ 631a.11(c)(1) says stay)."""

    def banker_draws(self, player, banker):
        if len(player) == 2 and self.point_count(banker) == 6:
            return True
        return super().banker_draws(player, banker)


@breaks("631a.11", "631a.11(c)(2)(ii)", profile="baccarat", blocks=("631a.11(c)(2)(ii)",))
class BankerDrawsOn7(SeededReferenceGame):
    """The Banker's Hand draws on 7 after the Player's third card (§ 631a.11(c)(2)(ii) says stay)."""

    def banker_draws(self, player, banker):
        if len(player) == 3 and self.point_count(banker) == 7:
            return True
        return super().banker_draws(player, banker)


# the § 631a.11 sweep sees the Point Counts the game drew by in its records: blocked by § 631a.6, as
# are the Table 1 scenarios whose draws a 9 counted as 8 changes (issue 34 item 6; on e611af6 the
# sweep failed § 631a.11(b)(1), naming the third-card rule its first wrong hand breaks)
@breaks("631a.6(a)(1)", "631a.6(b)", "631a.6(b)(2)", profile="baccarat", blocks=("631a.6",))
# a side wager's 'deal the cards in accordance with § 631a.9' clause: its hand check names it
@breaks("631c.3(d)", profile="side_wagers_631c", marks="631c.3.d")
class NineCountsEight(SeededReferenceGame):
    """A 9 is valued as 8 (§ 631a.6(a)(1) says face value)."""

    def card_value(self, card):
        return 8 if card[:-1] == "9" else super().card_value(card)


# (the sweep blocked by § 631a.6: issue 34 item 6; on e611af6 it failed § 631a.11(c)(2)(iii))
@breaks("631a.6(a)(3)", "631a.6(b)(1)", "631a.6(b)(2)", profile="baccarat", blocks=("631a.6",))
class AceCountsZero(SeededReferenceGame):
    """An ace is valued as zero, like a court card (§ 631a.6(a)(3) says one). (An ace valued
    11 would not be a break: only Point Counts, modulo 10, are observable.)"""

    def card_value(self, card):
        return 0 if card[:-1] == "A" else super().card_value(card)


# a Point Count of 10 to 19 is readable (no protocol error): § 631a.6(b)'s scenarios judge it
@breaks("631a.6(b)", "631a.6(b)(2)", profile="baccarat")
class ReportsTotalNotPointCount(SeededReferenceGame):
    """Plays by the right Point Counts but reports a hand's total value, the left digit
    kept: a Point Count of 10 to 19 (§ 631a.6(b): a single digit from 0 to 9). A rule the
    schema once encoded: it is judged as a rule, not refused as a protocol error."""

    def _record(self, *args, **kw):
        record = super()._record(*args, **kw)
        for name in ("player", "banker"):
            hand = record[name]
            if hand is not None:
                hand["point_count"] = sum(self.card_value(c) for c in hand["cards"])
        return record


# plays by Point Counts not reduced modulo 10 (a 5 and a 5 count 10, a Natural): § 631a.6(b)'s
# scenarios fail; the § 631a.11 sweep, whose whole records report counts above 9, is blocked by
# § 631a.6(b) (issue 34 item 6; on e611af6 it failed § 631a.11(c)(2)(i): "671 wrong hands in 1000 rounds")
@breaks("631a.6(b)", "631a.6(b)(2)", profile="baccarat", blocks=("631a.6(b)", "631a.6"),
        marks="(631a.6 or 631a.11) and not property and not statistics")
class PointCountNotReduced(SeededReferenceGame):
    """Counts a hand by the sum of its card values, the left digit kept (§ 631a.6(b): "the
    left digit ... is discarded"), and plays and reports by that count."""

    def point_count(self, cards):
        return sum(map(self.card_value, cards))


def point_count_not_reduced():
    return PointCountNotReduced()


def banker_draws_on_6_against_5():
    return BankerDrawsOn6Against5()


def player_stands_on_5():
    return PlayerStandsOn5()


def draws_after_natural_8_against_7():
    return DrawsAfterNatural8Against7()


def ten_counts_one():
    return TenCountsOne()


def no_modulo():
    return NoModulo()


def banker_stays_on_2():
    return BankerStaysOn2()


def player_draws_on_6():
    return PlayerDrawsOn6()


def banker_draws_on_6_when_player_stays():
    return BankerDrawsOn6WhenPlayerStays()


def banker_draws_on_7():
    return BankerDrawsOn7()


def nine_counts_eight():
    return NineCountsEight()


def ace_counts_zero():
    return AceCountsZero()


def reports_total_not_point_count():
    return ReportsTotalNotPointCount()


# ------------------------------------------------------------------ batch answers that are not the game's deal
def _drop_bankers_third_card(answer: dict) -> dict:
    for record in answer["records"]:
        if record.get("banker") and len(record["banker"]["cards"]) == 3:
            record["banker"]["cards"] = record["banker"]["cards"][:2]
            if "point_count" in record["banker"]:  # the whole record holds together: the count of its two cards
                record["banker"]["point_count"] = sum(
                    min(10, 1 if c[:-1] == "A" else 10 if c[:-1] in "JQK" else int(c[:-1]))
                    for c in record["banker"]["cards"]) % 10
    return answer


@breaks(protocol_error="hands-only record", marks="631a.11", keyword="every_combination")
class HandsOnlyDropsBankersThirdCard(SeededReferenceGame):
    """Deals every round right, but its hands-only ``run_rounds`` records leave out the
    Banker's third card: the batch answer contradicts the same stacked shoes dealt again
    with whole records (a protocol error naming both records, not a § 631a.11 failure)."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        answer = super().op_run_rounds(rules, rounds, hands_only)
        return _drop_bankers_third_card(answer) if hands_only else answer


@breaks(protocol_error="dealt singly", marks="631a.11", keyword="every_combination")
class BatchRecordsDropBankersThirdCard(SeededReferenceGame):
    """Deals every round right (``deal_round``), but every ``run_rounds`` record, whole or
    hands-only, leaves out the Banker's third card: the batch answer contradicts the same
    stacked shoe dealt singly (a protocol error naming both records, not a § 631a.11 failure)."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        return _drop_bankers_third_card(super().op_run_rounds(rules, rounds, hands_only))


def hands_only_drops_bankers_third_card():
    return HandsOnlyDropsBankersThirdCard()


def batch_records_drop_bankers_third_card():
    return BatchRecordsDropBankersThirdCard()
