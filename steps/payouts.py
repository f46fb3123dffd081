"""Steps on payout amounts that depend on the Rules Submission: the Tie odds, the
Dragon Bonus paytable, the vigorish and its rounding, and the House Money payout
added to the original wager (58 Pa. Code § 631a.9(e)(1), § 631a.13).

Amounts written in the feature are checked against the rules oracle first (a
mismatch is a feature error, not a nonconformance), then against the game, to the
cent.
"""

from __future__ import annotations

from decimal import Decimal

from pytest_bdd import parsers, then, when

from baccarat_conformance.judging.attribution import named
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import judged
from baccarat_conformance.oracle import Odds
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._events import card_events, describe
from ._results import Wagers, check_result, oracle_clause, result_of
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record, money_text
from ._wager_targets import Target, parse_target

ROWS = {text: row for row, (text, *_cells) in ch631a.DRAGON_BONUS_PAYTABLES_TEXT.items()}


@then(parsers.parse("the Tie wager of seat {seat:d} wins at the Rules Submission's Tie odds"))
def tie_at_profile_odds(round_record: m.RoundRecord, wagers: Wagers, rules_submission: RulesSubmission, clause: str,
                        seat: int) -> None:
    target = parse_target("a Tie")
    odds = Odds.parse(rules_submission.tie_odds)
    if odds.kind != "to" or odds.ratio < ch631a.MIN_TIE_ODDS.ratio:
        raise ValueError(f"the Rules Submission's Tie odds {odds} are below 8 to 1 (§ 631a.13(b))")
    _, stake = wagers.placed[(seat, target)]
    paid = odds.total_return(stake)
    check_result(round_record, wagers, seat, target, clause, "win", paid,
                 f"wins at the Rules Submission's {odds} (${paid} returned in all)", rules_submission)


@then(phrase('Paytable {letter} pays the "{row}" row at {odds} on the wager of seat {seat:d} on {target:Wager}'))
def paytable_cell(round_record: m.RoundRecord, stacked_cards: list[str], wagers: Wagers, rules_submission: RulesSubmission,
                  clause: str, letter: str, row: str, odds: str, seat: int, target: Target) -> None:
    """A cell of the § 631a.13(e) Dragon Bonus paytables; "Push" for the Natural tie."""
    key = ROWS[row]
    printed = ch631a.DRAGON_BONUS_PAYTABLES_TEXT[key]["ABC".index(letter) + 1]
    if printed != odds:
        raise ValueError(f"feature error: Paytable {letter} prints {printed!r} on the {row!r} row, not {odds!r}")
    _, lands = ch631a.dragon_bonus_row(ch631a.deal(stacked_cards), target.hand or "")
    if lands != key:
        raise ValueError(f"feature error: {' '.join(stacked_cards)} lands on the {lands!r} row, not {row!r}")
    chosen = rules_submission.wagers["dragon_bonus"].model_dump().get("paytable")
    if chosen != letter:
        raise ValueError(f"scenario gating error: the Rules Submission selects Paytable {chosen}, not {letter}")
    _, stake = wagers.placed[(seat, target)]
    if odds == "Push":
        check_result(round_record, wagers, seat, target, clause, "push", stake,
                     f"pushes on the \"{row}\" row of Paytable {letter}", rules_submission)
    else:
        paid = Odds.parse(odds).total_return(stake)
        check_result(round_record, wagers, seat, target, clause, "win", paid,
                     f"wins at {odds} on the \"{row}\" row of Paytable {letter} (${paid} returned in all)",
                     rules_submission)
    r = result_of(round_record, wagers, seat, target, clause)
    if r.vigorish:
        raise Nonconformance("631a.13(e)", "no vigorish extracted on a winning Dragon Bonus Wager",
                             f"charged ${r.vigorish}", cards_of_record(round_record))


def _vig_rounding(rules_submission: RulesSubmission) -> str:
    """How the Rules Submission rounds the vigorish, as a finding says it."""
    if not rules_submission.vigorish_rounding:
        return "not rounded"
    if rules_submission.vigorish_collection == "tracked":  # interpretation 631a.13-c-round-up-to-25c
        return "rounded up to a multiple of 25¢ when marked, or marked as it is and rounded when collected"
    return "rounded up to a multiple of 25¢"


def _expected_vig(stake: Decimal, five: Decimal, rounded: Decimal,
                  rules_submission: RulesSubmission) -> tuple[Decimal, ...]:
    exact = stake * ch631a.VIGORISH_RATE
    if five != exact:
        raise ValueError(f"feature error: 5% of ${stake} is ${exact}, not {money_text(five)}")
    if rounded != ch631a.vigorish(stake, True):
        raise ValueError(f"feature error: 5% of ${stake} rounded up to 25¢ is ${ch631a.vigorish(stake, True)}, "
                         f"not {money_text(rounded)}")
    return ch631a.vigorish_accepted(stake, rules_submission.vigorish_rounding,
                                    tracked=rules_submission.vigorish_collection == "tracked")


@then(phrase("seat {seat:d}'s Banker wager wins at 1 to 1, with vigorish of {five:Money}, or {rounded:Money} "
             "where the Rules Submission rounds to 25¢"))
def banker_with_vig(round_record: m.RoundRecord, wagers: Wagers, rules_submission: RulesSubmission, clause: str, seat: int,
                    five: Decimal, rounded: Decimal) -> None:
    t = parse_target("the Banker's Hand")
    _, stake = wagers.placed[(seat, t)]
    accepted = _expected_vig(stake, five, rounded, rules_submission)
    paid = ch631a.BANKER_ODDS.total_return(stake)
    r = check_result(round_record, wagers, seat, t, clause, "win", paid,
                     f"wins at 1 to 1 (${paid} returned in all)", rules_submission)
    if r.vigorish not in accepted:
        raise Nonconformance(named(clause, "commission", "631a.13(c)"),
                             f"vigorish of {' or '.join(f'${a}' for a in accepted)} (5% of the ${stake} won, "
                             f"{_vig_rounding(rules_submission)}, per the Rules Submission)",
                             f"charged ${r.vigorish}", cards_of_record(round_record))
    charged = sum((e.amount or Decimal(0) for e in round_record.events
                   if e.type in ("vigorish_collected", "vigorish_marked") and e.seat == seat), Decimal(0))
    if charged != r.vigorish:
        raise Nonconformance(named(clause, "commission", "631a.13(c)"),
                             f"the vigorish of ${r.vigorish} collected or marked for seat {seat}",
                             f"vigorish events total ${charged}: {describe(round_record.events)}",
                             cards_of_record(round_record))


@then(phrase("no vigorish is charged on the wager of seat {seat:d} on {target:Wager}"))
def no_vig_on(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target) -> None:
    r = result_of(round_record, wagers, seat, target, clause)
    if r.vigorish:
        raise Nonconformance(named(clause, "commission"),
                             f"no vigorish on the {target.describe()} wager of seat {seat}",
                             f"charged ${r.vigorish}", cards_of_record(round_record))


# ------------------------------------------------------------------ House Money (§ 631a.9(e)(1))
@when(parsers.parse("the round is dealt with seat {seat:d} adding the House Money payout to the original wager"),
      target_fixture="round_record")
def dealt_with_add(table: TableHandle, seat: int) -> m.RoundRecord:
    return table.deal(choices=[m.DealChoice(seat=seat, house_money_add="all")])


def _addition(rules_submission: RulesSubmission, winnings: Decimal) -> Decimal:
    portion = rules_submission.wagers["house_money"].model_dump().get("portion", "all")
    return ch631a.house_money_addition(winnings, portion)


def _added_events(record: m.RoundRecord, seat: int) -> list[tuple[int, m.Event]]:
    return [(i, e) for i, e in enumerate(record.events) if e.type == "house_money_added" and e.seat == seat]


@then(phrase("the House Money payout of seat {seat:d}, {winnings:Money}, is added to its wager on {target:Wager} as "
             "the Rules Submission specifies"))
def payout_added(round_record: m.RoundRecord, wagers: Wagers, rules_submission: RulesSubmission, clause: str, seat: int,
                 winnings: Decimal, target: Target) -> None:
    """``winnings`` is the payout at the odds of § 631a.13(h), which its own scenarios judge:
    what is added is judged against the payout the game made (its ``pay`` event, else the
    House Money wager's ``paid`` with what was added), not against those odds."""
    hm_id, hm_stake = wagers.placed[(seat, parse_target("House Money"))]
    r = result_of(round_record, wagers, seat, parse_target("House Money"), clause)
    if r.outcome is not None and r.result != "win":
        raise ValueError("feature error: the House Money wager does not win here")
    found = _added_events(round_record, seat)
    paid_out = [e.amount for e in round_record.events if e.type == "pay" and e.wager_id == hm_id and e.amount]
    if r.result == "win":
        winnings = paid_out[0] if len(paid_out) == 1 else \
            r.paid + sum((e.amount or Decimal(0) for _, e in found), Decimal(0)) - hm_stake
    want = _addition(rules_submission, winnings)
    target_id, _ = wagers.placed[(seat, target)]
    if len(found) != 1 or found[0][1].amount != want or found[0][1].wager_id != target_id:
        portion = rules_submission.wagers["house_money"].model_dump().get("portion", "all")
        raise Nonconformance(clause, f"${want} of the ${winnings} House Money payout ({portion}, per the Rules "
                                     f"Submission) added to the wager {target_id} on {target.describe()}",
                             f"house_money_added events: {describe([e for _, e in found]) or 'none'}",
                             cards_of_record(round_record))
    dealt = card_events(round_record.events)
    if len(dealt) > 4 and found[0][0] > dealt[4][0]:
        raise Nonconformance(clause, "the payout added before any third card is dealt",
                             f"events: {describe(round_record.events)}", cards_of_record(round_record))
    keeps = hm_stake + winnings - want
    if r.paid != keeps:
        raise Nonconformance(clause, f"the House Money wager returns its ${hm_stake} stake and the "
                                     f"${winnings - want} of the payout not added: ${keeps}",
                             f"paid ${r.paid}", cards_of_record(round_record))


@then(phrase("seat {seat:d}'s wager on {target:Wager}, {amount:Money} with the added payout, wins at 1 to 1"))
def enlarged_wins(round_record: m.RoundRecord, wagers: Wagers, rules_submission: RulesSubmission, clause: str, seat: int,
                  target: Target, amount: Decimal) -> None:
    added = sum((e.amount or Decimal(0) for _, e in _added_events(round_record, seat)), Decimal(0))
    r = result_of(round_record, wagers, seat, target, clause)
    _, stake = wagers.placed[(seat, target)]
    if stake != amount:
        raise ValueError(f"feature error: the wager is ${stake}, not {money_text(amount)}")
    total = stake + added
    paid = ch631a.PLAYER_ODDS.total_return(total)
    if r.amount != total or r.result != "win" or r.paid != paid:
        raise Nonconformance(clause, f"the original ${stake} and the ${added} added, ${total} in all, settled on the "
                                     f"outcome of the hand: wins at 1 to 1, ${paid} returned",
                             f"wager amount ${r.amount}, {r.result}, paid ${r.paid}", cards_of_record(round_record))
    if r.wager_type == "banker" and rules_submission.variant == "baccarat":
        accepted = ch631a.vigorish_accepted(total, rules_submission.vigorish_rounding,
                                            tracked=rules_submission.vigorish_collection == "tracked")
        if r.vigorish not in accepted:
            raise Nonconformance("631a.13(c)", f"vigorish of {' or '.join(f'${a}' for a in accepted)} on the "
                                               f"${total} won", f"charged ${r.vigorish}", cards_of_record(round_record))


@then(parsers.parse("the whole House Money payout of seat {seat:d} is handed to the player"))
def payout_handed(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int) -> None:
    found = _added_events(round_record, seat)
    originals = [w for w in round_record.wagers if w.seat == seat and w.wager_type in ("player", "banker")]
    placed = {wid: stake for (s, _), (wid, stake) in wagers.placed.items() if s == seat}
    changed = [w for w in originals if w.amount != placed.get(w.wager_id)]
    if found or changed:
        raise Nonconformance(clause, f"the entire House Money payout handed to seat {seat}, nothing added to the "
                                     "original wager unless the player chooses to",
                             f"added: {describe([e for _, e in found])}; wagers changed: "
                             f"{[(w.wager_id, str(w.amount)) for w in changed]}", cards_of_record(round_record))


@then(phrase("the wager of seat {seat:d} on {target:Wager} wins"))
def wins_any_odds(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int, target: Target) -> None:
    """The wager wins and is paid more than its stake; the odds are checked by the
    paytable's own scenarios (§ 631a.13)."""
    r = result_of(round_record, wagers, seat, target, clause)
    _, stake = wagers.placed[(seat, target)]
    judged(1, "wagers settled")
    if r.result != "win" or r.paid <= stake:
        raise Nonconformance(named(clause, "outcome", oracle_clause(target.wager_type, "outcome", "win")),
                             f"the ${stake} {target.describe()} wager of seat {seat} wins",
                             f"settled it as {r.result}, returned ${r.paid} in all", cards_of_record(round_record))
