"""The settlement sweeps (steps/settlement_sweep.py): the stakes and card classes they
deal, and their verdict on the reference game and on the broken games they exist for,
dealt through the library adapter."""

from __future__ import annotations

from decimal import Decimal

import pytest

from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.reference_game import ReferenceGame
from baccarat_conformance.steps import settlement_sweep as S
from baccarat_conformance.steps._wager_targets import parse_target

from tests.games import broken_games_631a as b631a
from tests.games import broken_games_phoenix as bphx
from tests.games import broken_games_sidewagers as bside
from tests.games import broken_games_progressives as bprog
from tests.games import conforming_variants as ok


def test_the_smoke_stakes_are_every_residue_of_25c_steps_modulo_5_dollars():
    smoke = S.stakes(Decimal("1.00"), Decimal("5000.00"), every_step=False)
    assert smoke == [Decimal("5.00") + Decimal("0.25") * k for k in range(20)]
    assert Decimal("7.50") in smoke
    assert {ch631a.vigorish(s, True) - s / 20 for s in smoke} == {
        ch631a.vigorish(s, True) - s / 20 for s in S.stakes(Decimal("5.00"), Decimal("100.00"), every_step=True)}


def test_the_standard_stakes_are_every_25c_step_of_the_limits():
    full = S.stakes(Decimal("5.10"), Decimal("2500.00"), every_step=True)
    assert full[0] == Decimal("5.25") and full[-1] == Decimal("2500.00") and len(full) == 9980


def test_a_value_rule_is_swept_over_every_final_count_and_card_count_with_both_natural_ties():
    rs = load_profile("baccarat")
    deals = S.class_deals(rs.as_rules(), rs, parse_target("a Tie"), every_class=False)
    coups = [ch631a.deal(d) for d in deals]
    keys = [(ch631a.point_count(c.player), ch631a.point_count(c.banker), len(c.player), len(c.banker)) for c in coups]
    assert len(keys) == len(set(keys)) == 205
    assert (8, 8, 2, 2) in keys and (9, 9, 2, 2) in keys


def test_the_royal_9_sweep_puts_a_ten_beside_a_nine_though_the_par_sheet_classes_lump_it_with_aces():
    rs = load_profile("minibaccarat_royal_9")
    deals = S.class_deals(rs.as_rules(), rs, parse_target("Royal 9"), every_class=False)
    hands = [h for d in deals for h in ((d[0], d[2]), (d[1], d[3]))]
    assert any(sorted(c[:-1] for c in h) == ["10", "9"] for h in hands)
    assert any(sorted(c[:-1] for c in h) == ["9", "K"] for h in hands)


def _sweep(game, profile: str, target: str, role: str) -> None:
    rs = load_profile(profile)
    rules = rs.as_rules()
    sweep = S.plan(rules, rs, parse_target(target), "smoke")
    result = S.deal_plan(LibraryAdapter(game, operation_timeout=None), rules, sweep)
    S.judge(result, sweep, rules, rs, "the scenario's clause", role)


@pytest.mark.parametrize("game, profile, target, role", [
    (ReferenceGame, "baccarat", "the Banker's Hand", "vigorish"),
    (ReferenceGame, "baccarat", "a Tie", "payout"),
    (ReferenceGame, "minibaccarat_royal_9", "Royal 9", "result"),
    (ok.VigorishFractionRoundedDown, "tracked_vigorish", "the Banker's Hand", "vigorish"),
    (ok.EmptySeatsMeanNoSeats, "baccarat", "the Banker's Hand", "vigorish"),
    (ReferenceGame, "baccarat", "Dragon Bonus on the Banker's Hand", "payout"),
    (ReferenceGame, "baccarat", "House Money", "payout"),
    (ReferenceGame, "ez_baccarat", "Panda 8", "payout"),
    (ReferenceGame, "side_wagers_631c", "Perfect Pairs on the Player's Hand", "payout"),
    (ReferenceGame, "side_wagers_631c", "Cover All", "payout"),
    (ReferenceGame, "side_wagers_631c", "Lucky Nines", "payout"),
    (ReferenceGame, "side_wagers_631c", "Majestic Match on the Banker's Hand", "payout"),
    (ReferenceGame, "commission_free", "the Banker's Hand", "payout"),
    (ReferenceGame, "commission_free", "Banker Pair", "payout"),
    (ReferenceGame, "midibaccarat_golden_talons", "Golden Talons on the Player's Hand", "payout"),
], ids=lambda v: getattr(v, "__name__", v))
def test_conforming_games_pass_the_sweep(game, profile, target, role):
    _sweep(game(), profile, target, role)


@pytest.mark.parametrize("game, profile, target, role, observed", [
    (b631a.VigorishRoundedDownAtSevenFifty, "baccarat", "the Banker's Hand", "vigorish", "charged $0.25"),
    (b631a.NaturalTieReturnedAsPush, "baccarat", "a Tie", "payout", "settled it as push"),
    (bprog.Royal9PaysATenAndANine, "minibaccarat_royal_9", "Royal 9", "result", "settled it as win"),
    (b631a.DragonBonusShortAtSevenSeventyFive, "baccarat", "Dragon Bonus on the Player's Hand", "payout", "$7.75"),
    (bside.PerfectPairsShortAtSevenSeventyFive, "side_wagers_631c", "Perfect Pairs on the Banker's Hand", "payout",
     "$7.75"),
    (bside.CommissionFreeBankerShortAtSevenFifty, "commission_free", "the Banker's Hand", "payout", "$7.50"),
    (bphx.GoldenTalonsShortAtSevenSeventyFive, "midibaccarat_golden_talons", "Golden Talons on the Banker's Hand",
     "payout", "$7.75"),
], ids=lambda v: getattr(v, "__name__", v))
def test_the_broken_games_fail_the_sweep_of_their_clause(game, profile, target, role, observed):
    with pytest.raises(Nonconformance) as caught:
        _sweep(game(), profile, target, role)
    assert caught.value.clause == "the scenario's clause" and observed in str(caught.value)


def test_a_stake_its_odds_pay_in_a_fraction_of_a_cent_is_left_out_of_that_outcome():
    """1 to 2 on a commission-free Banker six (§ 631c.5(i)) pays whole cents on 50¢ steps
    only, 2.5 to 1 on a Majestic Match suited match (§ 631c.7(d)) likewise: those outcomes
    are dealt at no other stake; 1 to 1 outcomes at every 25¢ residue (docs/protocol.md)."""
    for profile, target, row in (("commission_free", "the Banker's Hand", "banker_six"),
                                 ("side_wagers_631c", "Majestic Match on the Player's Hand", "suited_match")):
        rs = load_profile(profile)
        rules = rs.as_rules()
        t = parse_target(target)
        sweep = S.plan(rules, rs, t, "smoke")
        by_row: dict[str, set] = {}
        for d in sweep:
            by_row.setdefault(S.round_role(rules, rs, t, d.cards).outcome, set()).update(d.stakes)
        assert by_row[row] and all(stake % Decimal("0.50") == 0 for stake in by_row[row]), (target, by_row[row])
        assert any(stake % Decimal("0.50") for stakes in by_row.values() for stake in stakes)


def test_the_first_wrong_round_of_a_batch_is_dealt_singly_and_a_contradiction_is_a_protocol_error():
    """A game whose every ``run_rounds`` record, whole or hands-only, leaves out the Banker's
    third card (tests/games/broken_games.py) deals right singly: the § 631a.11 sweep's first
    wrong round dealt with ``deal_round`` contradicts its batch record, naming both records."""
    from baccarat_conformance.judging.errors import ProtocolViolation
    from baccarat_conformance.steps import exhaustive
    from tests.games.broken_games import BatchRecordsDropBankersThirdCard, PlayerStandsOn5

    rules = load_profile("baccarat").as_rules()
    stacks = [list(c) for c in exhaustive.combinations("smoke")][:exhaustive.FIRST_CHUNK + 400]
    for game, contradicts in ((BatchRecordsDropBankersThirdCard(), True), (PlayerStandsOn5(), False)):
        adapter = LibraryAdapter(game, operation_timeout=None)
        outcome = exhaustive.SweepOutcome()
        exhaustive._deal(adapter, rules, stacks, outcome)
        _, cards, _, _, _, record = outcome.failures[0]
        if contradicts:
            with pytest.raises(ProtocolViolation, match=r"run_rounds: the batch record of the stacked shoe .* "
                               r"contradicts round \S+, the same stacked shoe dealt singly with deal_round"):
                exhaustive.dealt_singly(adapter, rules, cards, record)
        else:  # the game draws wrong singly too: the hands are its own, judged by § 631a.11
            exhaustive.dealt_singly(adapter, rules, cards, record)
