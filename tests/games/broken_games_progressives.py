"""Deliberately broken progressive wagers: each breaks one rule of the reference
game's progressive systems (58 Pa. Code § 631c.2, § 631c.6, § 629b.3 / § 627b.3,
§ 629b.7), so the suite can be shown to catch it.

Each factory is usable as ``--game tests.games.broken_games_progressives:NAME``.
Each game declares, where it is defined, the profile it runs under and the clauses
whose scenarios must fail — and no others — with ``@breaks`` (tests/proofs/registry.py);
tests/proofs/test_proofs.py plays them.

A scenario tagged with an outcome, its paytable and a meter fails only the clause of the
check that failed; its other tags are "not verified" (the outcome and paytable clauses are
proved by the results-turned and wrong-odds mutants, tests/proofs/test_mutation_audit.py).
"""

from __future__ import annotations

from decimal import Decimal

from tests.games.seeded_games import SeededReferenceGame
from baccarat_conformance.reference_game.families import progressives as PR
from baccarat_conformance.reference_game.wagers import Settlement, lose, pays

from tests.proofs.registry import breaks

# The Midibaccarat mystery scenarios (§ 629b.3(h)) deal rounds until the game's own random
# hit value is passed: whether a Royal 9 jackpot (and the break in its meters or award) falls
# in those rounds is chance, so a Royal 9 break under Midibaccarat may also fail them.
MYSTERY_ROUNDS = ("629b.3(h)", "629b.3(h)[table]")


# 299 to 1 instead of 299 for 1: the paytable of the copy the scenario quotes
@breaks("631c.2(i)[table]@current-through-2024-06-22", profile="heavenly_9", game="heavenly_9_pays_to_1")
class Heavenly9PaysToOne(SeededReferenceGame):
    """Pays the same-color 3-card 9 tie "299 to 1" (stake plus 299 units) instead of
    "299 for 1" (§ 631c.2(i))."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "heavenly_9" and s.outcome == "same_color_tie":
            return Settlement("win", pays(wager.amount, 299), outcome=s.outcome)
        return s


# every scenario that reads the Heavenly 9 meter fails, the mystery ones included: the meter
# check names the clause of the meter's rate (the oracle's), the rising-meter step its scenario's
# the suited 3-card 9 tie pays 100% of the meter the game grew: blocked by the increment rate
@breaks("631c.2(i)", "631c.2(i)[table]", "631c.2(i)[table]@current-through-2024-06-22", profile="heavenly_9",
        game="heavenly_9_increments_1_percent", blocks=("631c.2(i)[table]",))
class Heavenly9IncrementsOnePercent(SeededReferenceGame):
    """The Heavenly 9 meter rises by 1% of each wager, not 10% (§ 631c.2(i))."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        saved = PR.HEAVENLY_9.increment
        PR.HEAVENLY_9.increment = Decimal("0.01")
        try:
            return super().op_deal_round(table_id, choices, irregularity)
        finally:
            PR.HEAVENLY_9.increment = saved


# § 631c.2(g)'s own proof: the outcome check of the Banker's 3-card 9 scenario names (g)(4)
@breaks("631c.2(g)(4)", profile="heavenly_9")
class Heavenly9BankerNineLoses(SeededReferenceGame):
    """A Banker's 3-card 9 (the hands not tied) loses the Heavenly 9 wager: § 631c.2(g)(4)
    says it wins ("The banker has a 3-card hand total of 9"), paid 9 for 1 (§ 631c.2(i))."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "heavenly_9" and s.outcome == "banker_3_card_9":
            return lose()
        return s


@breaks("631c.2(i)", "631c.2(i)[table]", "631c.2(i)[table]@current-through-2024-06-22", profile="heavenly_9")
class Heavenly9PaysEveryOutcome(SeededReferenceGame):
    """Pays every qualifying § 631c.2(g) outcome of a 3-card 9 tie, not only the highest."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "heavenly_9" and s.outcome in ("suited_tie", "same_color_tie", "tie"):
            lower = {"suited_tie": [299, 60, 9, 8], "same_color_tie": [60, 9, 8], "tie": [9, 8]}[s.outcome]
            return Settlement("win", s.paid + sum(wager.amount * n for n in lower), outcome=s.outcome)
        return s


_CONTRIBUTE = PR._Mystery.contribute  # the reference game's own


class _MysteryBreak(SeededReferenceGame):
    """Deals with the mystery meters' contribution replaced by :meth:`contribute` (a test
    game runs in a process of its own, so the patch reaches no other game)."""

    def contribute(self, mystery, game, table, wager, amount):  # pragma: no cover - overridden
        raise NotImplementedError

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        me = self
        PR._Mystery.contribute = lambda mystery, game, table, wager, amount: me.contribute(  # type: ignore
            mystery, game, table, wager, amount)
        try:
            return super().op_deal_round(table_id, choices, irregularity)
        finally:
            PR._Mystery.contribute = _CONTRIBUTE  # type: ignore


# the award made to the right seat, 90% of the meter: the payout clause
@breaks("631c.6(c)(7)", profile="heavenly_9")
class MysteryPaysNinetyPercent(_MysteryBreak):
    """The Must-Hit-By Mystery award pays 90% of the meter, not 100% (§ 631c.6(c)(7))."""

    def contribute(self, mystery, game, table, wager, amount):
        awards = table.progressive.setdefault("awards", [])
        before = len(awards)
        _CONTRIBUTE(mystery, game, table, wager, amount)
        for award in awards[before:]:
            award["amount"] = format((Decimal(award["amount"]) * Decimal("0.9")).quantize(Decimal("0.01")), "f")


# a contribution rate other than the configuration's: the meter's growth is § 631c.6(c)(4)'s; the
# qualifying scenario ((c)(1)) and the awards the game makes as its own meter passes the hit value
# ((c)(5)(iii)) are blocked by it (issue 38 item 5; on e611af6 they failed (c)(1) and (c)(5)(iii))
@breaks("631c.6(c)(4)", profile="heavenly_9", blocks=("631c.6(c)(4)",))
class MysteryRateDoubled(_MysteryBreak):
    """Each qualifying Heavenly 9 wager contributes twice its configuration's rate to the
    Must-Hit-By Mystery meter (§ 631c.6(c)(4))."""

    def contribute(self, mystery, game, table, wager, amount):
        _CONTRIBUTE(mystery, game, table, wager, amount * 2)


# the meter not reset after the award: the reset clause (the meter check and the reset step)
@breaks("631c.6(c)(5)(iv)", profile="heavenly_9")
class MysteryNotReset(_MysteryBreak):
    """After the Must-Hit-By Mystery award the meter keeps counting from the amount paid instead
    of resetting to the minimum dollar value (§ 631c.6(c)(5)(iv))."""

    def contribute(self, mystery, game, table, wager, amount):
        meter = PR._meters(table)[mystery.meter]
        awards = table.progressive.setdefault("awards", [])
        before = len(awards)
        _CONTRIBUTE(mystery, game, table, wager, amount)
        if len(awards) > before:
            meter.amount = Decimal(awards[-1]["amount"])


# no award: the clause that says the bonus is paid
@breaks("631c.6(c)(5)(iii)", profile="heavenly_9")
class MysteryNeverPays(_MysteryBreak):
    """The Must-Hit-By Mystery meter passes its hit value and keeps rising: no award is paid
    (§ 631c.6(c)(5)(iii))."""

    def contribute(self, mystery, game, table, wager, amount):
        PR._meters(table)[mystery.meter].amount += amount


# random and over the whole range, only not uniform: it keeps § 631c.6(c)(3) as the text reads
# (interpretation mystery-hit-value-random) and fails the stricter reading a lab may turn on
@breaks("631c.6(c)(3)", profile="heavenly_9", stricter_readings="mystery-hit-value-uniform")
class MysteryBiasedRng(SeededReferenceGame):
    """The mystery hit value favours the low end of [minimum, maximum] (square of a
    uniform draw) instead of spreading uniformly (§ 631c.6(c)(3), under the stricter
    reading mystery-hit-value-uniform)."""

    def draw_hit_value(self, low, high):
        u = self._rng.random() ** 2
        return (low + (high - low) * Decimal(str(u))).quantize(Decimal("0.01"))


# § 631c.6(c)(3): "a random dollar value preselected by an electronic random number generator,
# between a set minimum and maximum dollar value" (interpretation mystery-hit-value-random)
@breaks("631c.6(c)(3)", profile="heavenly_9")
class MysteryHitValueAlwaysMinimum(SeededReferenceGame):
    """Its generator preselects every mystery hit value at the minimum dollar value: in the
    range, and not random (the other scenarios of § 631c.6 accept it, as
    tests/games/conforming_variants.py's mystery_hit_value_at_the_minimum shows)."""

    def draw_hit_value(self, low, high):
        return Decimal(low)


@breaks("631c.6(c)(3)", profile="heavenly_9")
class MysteryHitValueAlwaysMaximum(SeededReferenceGame):
    """Every mystery hit value preselected at the maximum dollar value: the meter pays when a
    contribution takes it past the maximum, never earlier (§ 631c.6(c)(3): not random)."""

    def draw_hit_value(self, low, high):
        return Decimal(high)


@breaks("631c.6(c)(3)", profile="heavenly_9")
class MysteryHitValueConstant(SeededReferenceGame):
    """Every mystery hit value is the same dollar value, a third of the way up the range
    (§ 631c.6(c)(3): not random)."""

    def draw_hit_value(self, low, high):
        return (low + (high - low) / 3).quantize(Decimal("0.01"))


@breaks("631c.6(c)(3)", profile="heavenly_9")
class MysteryHitValueCountsUp(SeededReferenceGame):
    """Its "generator" counts through the range: each hit value $7.31 above the last,
    wrapping from the maximum to the minimum. Every value is in the range and the whole
    range is covered, evenly, but each is predictable from the one before (§ 631c.6(c)(3):
    not random)."""

    def draw_hit_value(self, low, high):
        last = self.__dict__.setdefault("_last_hits", {})  # one count per range (configuration)
        step, span = Decimal("7.31"), high - low
        value = low if (low, high) not in last else low + (last[(low, high)] - low + step) % span
        last[(low, high)] = value
        return value.quantize(Decimal("0.01"))


@breaks("629b.3(e)(9)", profile="midibaccarat_progressives", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
@breaks("627b.3(e)(9)", profile="minibaccarat_royal_9", include_expired=True)
class MegaEnvyNeedsOccupiedPosition(SeededReferenceGame):
    """Pays Mega Envy only when the position holding the King 9 combination is
    occupied (§ 629b.3(e)(9): "It does not matter if the player position is occupied")."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "royal_9" and s.outcome == "mega_envy":
            combos = PR._combinations(table.rules)
            two = sorted(hands.player[:2])
            owner = next(pos for pos, c in combos.items() if c == two)
            if not table.seats.get(owner, {}).get("occupied"):
                from baccarat_conformance.reference_game.wagers import lose

                return lose()
        return s


# the meter not reset after the Major Jackpot: the meter check names the jackpot's clause
@breaks("629b.3(e)(7)", profile="midibaccarat_progressives", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
class MajorJackpotNotReset(SeededReferenceGame):
    """Pays the Major Jackpot but leaves the meter where it was (§ 629b.3(f)(2): reset amounts)."""

    def settle(self, table, wager, hands):
        meters = table.progressive.get("meters", {})
        kept = meters["royal_9_major"].amount if "royal_9_major" in meters else None
        s = super().settle(table, wager, hands)
        if wager.wager_type == "royal_9" and s.outcome == "major":
            meters["royal_9_major"].amount = kept
        return s


class _MetersLeftOut(SeededReferenceGame):
    """Answers ``read_meters`` without the meters named in ``left_out`` (all of them when
    None); the round records report every meter."""

    left_out: tuple[str, ...] | None = None

    def op_read_meters(self, table_id):
        answer = super().op_read_meters(table_id)
        answer["meters"] = [] if self.left_out is None else [
            x for x in answer["meters"] if x["name"] not in self.left_out]
        return answer


# a meter the Rules Submission offers, not reported: the clause requiring it fails (its seed or initial
# amount scenario), every other scenario reading the meters is blocked by it (issue 38 items 1, 2; on
# e611af6 they crashed with KeyError, exit 2, or failed payouts the game settled correctly)
@breaks("631c.2(i)", "631c.6(c)(4)", profile="full_table", blocks=("631c.2(i)", "631c.6(c)(4)"))
@breaks("629b.3(f)(2)", "629b.3(h)", profile="midibaccarat_progressives", include_expired=True,
        blocks=("629b.3(f)(2)", "629b.3(g)(2)", "629b.3(h)"))
class MetersNotReported(_MetersLeftOut):
    """Answers ``read_meters`` with no meter at all (§ 631c.2(i), § 631c.6(c)(4), § 629b.3(f)(2),
    (h): the meters of the progressives the Rules Submission offers)."""


@breaks("631c.2(i)", profile="full_table", blocks=("631c.2(i)",))
class Heavenly9MeterNotReported(_MetersLeftOut):
    """Answers ``read_meters`` without the Heavenly 9 meter (§ 631c.2(i): "Meter seed/reseed")."""

    left_out = ("heavenly_9",)


@breaks("629b.3(f)(2)", profile="midibaccarat_progressives", include_expired=True,
        blocks=("629b.3(f)(2)", "629b.3(g)(2)"))
class Royal9MegaMeterNotReported(_MetersLeftOut):
    """Answers ``read_meters`` without the Royal 9 Mega Jackpot meter (§ 629b.3(f)(2): "the
    meters used for the Royal 9 Progressive wager")."""

    left_out = ("royal_9_mega",)


class _Royal9RateOff(SeededReferenceGame):
    """Grows one Royal 9 jackpot meter (``jackpot``) at ``factor`` times its filed rate of
    progression; everything else as the Rules Submission files it."""

    jackpot, factor = "major", Decimal(0)

    def _open(self, rules, seats, test_mode):
        opts = dict((rules.get("wagers") or {}).get("royal_9") or {})
        if opts.get("rates"):
            rates = dict(opts["rates"])
            rates[self.jackpot] = f"{Decimal(str(rates[self.jackpot]).rstrip('%')) * self.factor}%"
            rules = {**rules, "wagers": {**rules["wagers"], "royal_9": {**opts, "rates": rates}}}
        return super()._open(rules, seats, test_mode)


# the jackpot rows pay 100% of the meter the game grew: its growth is the rate clause's, and the
# paytable scenarios are blocked by it (issue 38 item 4; on e611af6 they failed § 629b.3(f)(1)[table]
# and (g)(1)[table])
@breaks("629b.3(f)(2)", "629b.3(g)(2)", profile="midibaccarat_progressives", include_expired=True,
        blocks=("629b.3(f)(2)", "629b.3(g)(2)"), may_also_fail=MYSTERY_ROUNDS)
class Royal9MajorMeterStill(_Royal9RateOff):
    """The Royal 9 Major Jackpot meter does not grow (§ 629b.3(f)(2): its filed rate of
    progression, 0.5%)."""


@breaks("629b.3(f)(2)", "629b.3(g)(2)", profile="midibaccarat_progressives", include_expired=True,
        blocks=("629b.3(f)(2)", "629b.3(g)(2)"), may_also_fail=MYSTERY_ROUNDS)
class Royal9MegaMeterTwiceItsRate(_Royal9RateOff):
    """The Royal 9 Mega Jackpot meter grows at twice its filed rate of progression
    (§ 629b.3(f)(2))."""

    jackpot, factor = "mega", Decimal(2)


@breaks("629b.7(j)", profile="midibaccarat_progressives", include_expired=True)
class HarmonyReserveNotReseeded(SeededReferenceGame):
    """After a six-of-a-kind the Harmony meter restarts at the seed alone; the reserve
    meter is not added (§ 629b.7(j), interpretation harmony-reserve-reseed)."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "harmony" and s.outcome == "six_of_a_kind":
            meters = table.progressive["meters"]
            meters["harmony"].amount = meters["harmony"].reset
        return s


def heavenly_9_pays_to_1():
    return Heavenly9PaysToOne()


def heavenly_9_increments_1_percent():
    return Heavenly9IncrementsOnePercent()


def heavenly_9_banker_nine_loses():
    return Heavenly9BankerNineLoses()


def heavenly_9_pays_every_outcome():
    return Heavenly9PaysEveryOutcome()


def mystery_biased_rng():
    return MysteryBiasedRng()


def mystery_pays_ninety_percent():
    return MysteryPaysNinetyPercent()


def mystery_rate_doubled():
    return MysteryRateDoubled()


def mystery_not_reset():
    return MysteryNotReset()


def mystery_never_pays():
    return MysteryNeverPays()


def mega_envy_needs_occupied_position():
    return MegaEnvyNeedsOccupiedPosition()


def meters_not_reported():
    return MetersNotReported()


def heavenly_9_meter_not_reported():
    return Heavenly9MeterNotReported()


def royal_9_mega_meter_not_reported():
    return Royal9MegaMeterNotReported()


def royal_9_major_meter_still():
    return Royal9MajorMeterStill()


def royal_9_mega_meter_twice_its_rate():
    return Royal9MegaMeterTwiceItsRate()


def major_jackpot_not_reset():
    return MajorJackpotNotReset()


def harmony_reserve_not_reseeded():
    return HarmonyReserveNotReseeded()


@breaks("629b.3(d)", profile="midibaccarat_progressives", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
@breaks("627b.3(d)", profile="minibaccarat_royal_9", include_expired=True)
def royal_9_settled_after_third_card():
    """§ 629b.3(d) / § 627b.3(d): the Royal 9 wager is settled with the Baccarat wagers,
    after any third card, not before the third-card procedure continues."""
    import dataclasses

    from baccarat_conformance.reference_game import wagers as W

    W.WAGER_KINDS["royal_9"] = dataclasses.replace(W.WAGER_KINDS["royal_9"], phase="final")
    return SeededReferenceGame()


# the meter check names the table of the mystery configurations, the oracle's rate clause; the
# mystery scenarios deal until the game's hit value is passed: their reset step may see the
# meter off by the halved rate (§ 627b.3(h), the scenario's own clause)
@breaks("627b.3(h)[table]", profile="minibaccarat_royal_9_mystery", include_expired=True,
        may_also_fail=("627b.3(h)",))
def royal_9_mystery_rate_halved():
    """§ 629b.3(h) / § 627b.3(h) tables: the Royal 9 mystery meter rises by half its
    configuration's incrementation rate."""
    saved = dict(PR.ROYAL_9_MYSTERY)
    for name, (low, high, rate) in saved.items():
        PR.ROYAL_9_MYSTERY[name] = (low, high, f"{Decimal(rate.rstrip('%')) / 2}%")
    return SeededReferenceGame()


# every Harmony scenario reads the meters: all fail; the meter check names the table of rates of
# the paytable the scenario deals (§ 629b.7(j)[table N]); a jackpot row pays 100% of the meter the
# game grew, blocked by that table (issue 34 item 7; on e611af6 the rows failed § 629b.7(i)[table N])
@breaks("629b.7(j)", "629b.7(j)[table 1]", "629b.7(j)[table 2]", "629b.7(j)[table 3]",
        profile="midibaccarat_progressives", include_expired=True,
        blocks=("629b.7(j)[table 1]", "629b.7(j)[table 2]", "629b.7(j)[table 3]"))
def harmony_rates_of_paytable_a():
    """§ 629b.7(j): every paytable's meters rise at Paytable A's rates (15% and 3%), so
    Paytables B, E and H (19% and 5%) are wrong."""
    for letter in PR.HARMONY_RATES:
        PR.HARMONY_RATES[letter] = PR.HARMONY_RATES["A"]
    return SeededReferenceGame()


@breaks("629b.3(f)(2)", profile="midibaccarat_progressives", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
# the initial amounts of the denomination: (f)(2) for the $5 wager, (g)(2) for the $1 wager
@breaks("627b.3(g)(2)", profile="minibaccarat_royal_9", include_expired=True)
@breaks("629b.3(g)(2)", profile="tests/games/profiles/midibaccarat_royal_9_1.toml", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
@breaks("627b.3(f)(2)", profile="tests/games/profiles/minibaccarat_royal_9_5.toml", include_expired=True)
class Royal9MetersOpenACentLow(SeededReferenceGame):
    """The Royal 9 jackpot meters open one cent below the Rules Submission's initial amounts
    (§ 629b.3(f)(2), (g)(2) / § 627b.3(f)(2), (g)(2): the initial amounts are those filed,
    and no lower than the minimums)."""

    def on_open(self, table):
        super().on_open(table)
        for name, meter in table.progressive.get("meters", {}).items():
            if name in ("royal_9_mega", "royal_9_major", "royal_9_minor"):
                meter.amount -= Decimal("0.01")


def royal_9_meters_open_a_cent_low():
    return Royal9MetersOpenACentLow()


@breaks("629b.3(h)", profile="midibaccarat_progressives", include_expired=True,
        may_also_fail=MYSTERY_ROUNDS)
@breaks("627b.3(h)", profile="minibaccarat_royal_9_mystery", include_expired=True)
class Royal9MysteryOpensACentLow(SeededReferenceGame):
    """The Royal 9 mystery meter opens one cent below its configuration's seed and reseed
    amount (§ 629b.3(h) / § 627b.3(h) and their tables)."""

    def on_open(self, table):
        super().on_open(table)
        meter = table.progressive.get("meters", {}).get("royal_9_mystery")
        if meter is not None:
            meter.amount -= Decimal("0.01")


def royal_9_mystery_opens_a_cent_low():
    return Royal9MysteryOpensACentLow()


# settled after the Point Counts, before "banker wins" / "player wins" / "tie hand"
@breaks("629b.7(f)", profile="midibaccarat_progressives", include_expired=True)
class HarmonySettledBeforeTheResultAnnouncement(SeededReferenceGame):
    """§ 629b.7(f): settles the Harmony Progressive wagers after the last card and the
    Point Counts, but before the result of the round is announced (the amounts are right)."""

    def op_deal_round(self, table_id, choices=None, irregularity=None):
        from tests.games.broken_games_phoenix import settle_early

        results = ("player wins", "banker wins", "tie hand")
        return settle_early(super().op_deal_round(table_id, choices, irregularity), "harmony", lambda rest: next(
            (i for i, e in enumerate(rest) if e["type"] == "announcement" and e.get("text", "").lower() in results),
            None))


def harmony_settled_before_the_result_announcement():
    return HarmonySettledBeforeTheResultAnnouncement()


# Broken games whose hit values sit at the minimum run over every scenario of § 631c.2, § 631c.6
# and § 629b.3 (a mystery award or reseed is judged in each that reads the meters), less the
# randomness one, which such a generator fails; each names the mystery clause it broke, not the
# scenario's.
AT_THE_MINIMUM = {"marks": "(631c.6 or 631c.2 or 629b.3) and not property and not statistics",
                  "keyword": "not at_random_between"}


class _HitAtTheMinimum:
    """Mixed in before a mystery break: every hit value is preselected at the minimum (as
    tests/games/conforming_variants.py's mystery_hit_value_at_the_minimum), so the first
    contribution of every round takes the meter past it and the break shows at once, in
    the scenarios that expect the meter to rise too."""

    def draw_hit_value(self, low, high):
        return Decimal(low)


@breaks("631c.6(c)(5)(iii)", profile="heavenly_9", **AT_THE_MINIMUM)
@breaks("629b.3(h)", profile="midibaccarat_progressives", include_expired=True, **AT_THE_MINIMUM)
class MysteryAtTheMinimumNeverPays(_HitAtTheMinimum, MysteryNeverPays):
    """No award when a contribution takes the meter past a hit value at the minimum
    (§ 631c.6(c)(5)(iii))."""


@breaks("631c.6(c)(7)", profile="heavenly_9", **AT_THE_MINIMUM)
class MysteryAtTheMinimumPaysNinetyPercent(_HitAtTheMinimum, MysteryPaysNinetyPercent):
    """90% of the meter paid when a contribution takes it past a hit value at the minimum
    (§ 631c.6(c)(7))."""


@breaks("631c.6(c)(5)(iv)", profile="heavenly_9", **AT_THE_MINIMUM)
class MysteryAtTheMinimumNotReset(_HitAtTheMinimum, MysteryNotReset):
    """The meter not reset after the award of a hit value at the minimum (§ 631c.6(c)(5)(iv))."""


mystery_at_the_minimum_never_pays = MysteryAtTheMinimumNeverPays
mystery_at_the_minimum_pays_ninety_percent = MysteryAtTheMinimumPaysNinetyPercent
mystery_at_the_minimum_not_reset = MysteryAtTheMinimumNotReset


class _Heavenly9Reseed(SeededReferenceGame):
    """After the suited 3-card 9 tie is paid 100% of the Heavenly 9 meter, the meter is set
    to :meth:`reseed` (the amount paid) instead of the $10,000 seed/reseed amount."""

    def reseed(self, paid: Decimal) -> Decimal:  # pragma: no cover - overridden
        raise NotImplementedError

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "heavenly_9" and s.outcome == "suited_tie":
            PR._meters(table)[PR.HEAVENLY_9.meter].amount = self.reseed(s.paid)
        return s


# the meter not reseeded at $10,000 after the suited tie, or at $0: the seed/reseed row of the
# paytable (§ 631c.2(i) "Meter seed/reseed $10,000"), not the suited tie's outcome (g)(1)
@breaks("631c.2(i)", "631c.2(i)[table]", "631c.2(i)[table]@current-through-2024-06-22", profile="heavenly_9")
class Heavenly9NotReseeded(_Heavenly9Reseed):
    """The Heavenly 9 meter keeps the amount paid after the suited 3-card 9 tie: not
    reseeded at $10,000 (§ 631c.2(i) "Meter seed/reseed $10,000")."""

    def reseed(self, paid):
        return paid


@breaks("631c.2(i)", "631c.2(i)[table]", "631c.2(i)[table]@current-through-2024-06-22", profile="heavenly_9")
class Heavenly9ReseededAtZero(_Heavenly9Reseed):
    """The Heavenly 9 meter restarts at $0 after the suited 3-card 9 tie, not at $10,000
    (§ 631c.2(i) "Meter seed/reseed $10,000")."""

    def reseed(self, paid):
        return Decimal("0.00")


heavenly_9_not_reseeded = Heavenly9NotReseeded
heavenly_9_reseeded_at_zero = Heavenly9ReseededAtZero
mystery_hit_value_always_minimum = MysteryHitValueAlwaysMinimum
mystery_hit_value_always_maximum = MysteryHitValueAlwaysMaximum
mystery_hit_value_constant = MysteryHitValueConstant
mystery_hit_value_counts_up = MysteryHitValueCountsUp


@breaks("629b.3(b)", profile="midibaccarat_progressives", include_expired=True)
@breaks("627b.3(b)", profile="minibaccarat_royal_9", include_expired=True)
class Royal9PaysATenAndANine(SeededReferenceGame):
    """Pays a Royal 9 wager the Any Royal 9 row when a hand's first two cards are a ten and
    a nine (a zero-valued card and a nine, but not "a face card (K, Q or J) and a nine",
    § 629b.3(b), § 627b.3(b)). Found only by the settlement sweep, which deals every member
    of the card class that holds the ten."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type != "royal_9" or s.result == "win":
            return s
        if any(sorted(c[:-1] for c in h[:2]) == ["10", "9"] for h in (hands.player, hands.banker)):
            fixed = PR.ROYAL_9_FIXED[str(PR._opts(table.rules, "royal_9").get("denomination", "5"))]
            return Settlement("win", Decimal(fixed["any"]).quantize(Decimal("0.01")), outcome="any")
        return s


def royal_9_pays_a_ten_and_a_nine():
    return Royal9PaysATenAndANine()
