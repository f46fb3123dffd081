"""Steps of the non-progressive side wagers and variations of 58 Pa. Code
Ch. 631c, 629b and 627b: paytable selection, refused wagers, the dealer's calls,
the order of settlement, and a settlement sweep against the rules oracle.

The paytable steps gate a scenario on the Rules Submission: an Examples row for
paytable B is reported "not offered" when the profile files paytable A, so a run
checks the paytable the casino filed, and every paytable cell is checked by runs
under profiles filing each paytable (tests/proofs/test_broken_sidewagers.py does both).
"""

from __future__ import annotations

import dataclasses
import random
import time
import zlib
from collections import Counter
from decimal import Decimal
from typing import Optional

import pytest
from pytest_bdd import given, parsers, then, when

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.judging.judgements import about, counts_judgements, judged
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle import side_wagers as oracle
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reports import evidence
from baccarat_conformance.inputs.profile import RulesSubmission

from ._deal_check import deviation, related
from ._results import Wagers
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import cards_of_record, money_text
from ._wager_targets import Target


SWEEP_ROUNDS = {"smoke": 200, "standard": 2000, "exhaustive": 20000, "lab": 20000}
CHUNK = 2000


# ------------------------------------------------------------------ paytable
@given(phrase("the Rules Submission selects {wager:Wager} paytable {letter}"))
def paytable_selected(rules_submission: RulesSubmission, wager: Target, letter: str) -> None:
    """Skip the scenario as "not offered" unless the profile offers ``wager`` under
    paytable ``letter``."""
    options = rules_submission.wagers.get(wager.wager_type)
    if options is None:
        pytest.skip(f"not offered: the Rules Submission does not offer {wager.wager_type}")
    if options.paytable != letter:
        pytest.skip(f"not offered: the Rules Submission selects {wager.phrase} paytable {options.paytable}, "
                    f"not {letter}")


# ------------------------------------------------------------------ timing
# "the wager of seat N on X is settled before any third card is dealt" and "... is
# settled after the result is announced" are steps of steps/progressives.py.
def _hand_card_indexes(record: m.RoundRecord) -> list[int]:
    return [i for i, e in enumerate(record.events) if e.type == "card" and e.to in ("player", "banker")]


@then(phrase("the dealing of the round is completed after the wager of seat {seat:d} on {target:Wager} is settled"))
def dealing_completed_after(round_record: m.RoundRecord, wagers: Wagers, clause: str, seat: int,
                            target: Target) -> None:
    """The wager is settled, then the round's dealing goes on: its third card (the stack
    gives the Player's Hand one) is dealt after the settlement (§ 631c.4(f))."""
    wid, _ = wagers.placed[(seat, target)]
    settled = next((i for i, e in enumerate(round_record.events)
                    if e.wager_id == wid and e.type in ("pay", "collect")), None)
    thirds = _hand_card_indexes(round_record)[4:]
    if settled is None or not thirds or settled > thirds[0]:
        raise Nonconformance(clause, f"the {target.describe()} wager of seat {seat} settled, then the dealing "
                                     "completed: a third card dealt after the settlement",
                             f"settlement event {settled}, third-card events {thirds or 'none'}",
                             cards_of_record(round_record))


# ------------------------------------------------------------------ refused wagers
@when(phrase("seat {seat:d} tries to wager {amount:Money} on {target:Wager}"), target_fixture="wager_attempt")
def try_wager(table: TableHandle, seat: int, amount: Decimal, target: Target) -> tuple[int, str, m.WagerAck]:
    ack = table.game.place_wager(table.table_id, seat, target.wager_type, amount, hand=target.hand)
    return seat, f"{money_text(amount)} {target.describe()}", ack


@then("the game refuses the wager")
def wager_refused(wager_attempt: tuple[int, str, m.WagerAck], clause: str) -> None:
    seat, what, ack = wager_attempt
    if ack.accepted:
        raise Nonconformance(clause, f"the game refuses the {what} wager of seat {seat}",
                             f"accepted it (wager {ack.wager_id})")


# ------------------------------------------------------------------ announcements
def _announced(record: m.RoundRecord, text: str) -> bool:
    want = text.strip().casefold()
    return any(a.strip().casefold() == want for a in record.announcements)


@then(parsers.parse("the dealer's announcements include \"{text}\""))
def announcements_include(round_record: m.RoundRecord, clause: str, text: str) -> None:
    if not _announced(round_record, text):
        raise Nonconformance(clause, f'the dealer announces "{text}"',
                             f"announced {round_record.announcements}", cards_of_record(round_record))


@then(parsers.parse("the dealer's announcements do not include \"{text}\""))
def announcements_exclude(round_record: m.RoundRecord, clause: str, text: str) -> None:
    if _announced(round_record, text):
        raise Nonconformance(clause, f'the dealer does not announce "{text}"',
                             f"announced {round_record.announcements}", cards_of_record(round_record))


# ------------------------------------------------------------------ settlement sweep
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"


def _candidate(rng: random.Random) -> list[str]:
    """Six cards: plain random, or shaped so pairs, suited hands and nines come often."""
    cards = [rng.choice(RANKS) + rng.choice(SUITS) for _ in range(6)]
    shape = rng.randrange(4)
    if shape == 1:  # pairs: P2 takes P1's rank, B2 B1's, each half the time
        for first, second in ((0, 2), (1, 3)):
            if rng.random() < 0.5:
                cards[second] = cards[first][:-1] + rng.choice(SUITS)
    elif shape == 2:  # suited hands, often a king and a queen
        for first, second in ((0, 2), (1, 3)):
            if rng.random() < 0.5:
                if rng.random() < 0.4:
                    cards[first] = rng.choice("KQ") + cards[first][-1]
                    cards[second] = ("Q" if cards[first][0] == "K" else "K") + cards[first][-1]
                else:
                    cards[second] = cards[second][:-1] + cards[first][-1]
    elif shape == 3:  # nines, often of one suit
        suit = rng.choice(SUITS)
        for i in range(4):
            if rng.random() < 0.55:
                cards[i] = "9" + (suit if rng.random() < 0.6 else rng.choice(SUITS))
    return cards


def near_misses(section: str, player: tuple, banker: tuple) -> set[tuple]:
    """Deals that a game could mistake for a win of ``section`` (the sweep deals each
    of them too): a pair of equal value but different rank, a king and queen of
    different suits, a nine among the third cards, a 7 against a 7 on different card
    counts, a six that ties or loses."""
    p, b = ch631a.point_count(player), ch631a.point_count(banker)
    keys: set[tuple] = set()
    if section in ("631c.1", "629b.1", "627b.1", "631c.5", "629b.2", "627b.2"):
        for two in (player[:2], banker[:2]):
            if ch631a.rank(two[0]) != ch631a.rank(two[1]) and ch631a.card_value(two[0]) == ch631a.card_value(two[1]):
                keys.add(("equal value, different rank",))
    if section == "631c.7":
        for two in (player[:2], banker[:2]):
            if {ch631a.rank(c) for c in two} == {"K", "Q"} and ch631a.suit(two[0]) != ch631a.suit(two[1]):
                keys.add(("king and queen of different suits",))
    if section == "631c.4" and any(ch631a.rank(c) == "9" for c in player[2:] + banker[2:]):
        keys.add(("a nine among the third cards",))
    if section == "631c.3":
        if (p, b) == (7, 7) and len(player) != len(banker):
            keys.add(("7 against 7 on different card counts",))
        if p == b and (len(player) == 3 or len(banker) == 3) and p in (7, 8):
            keys.add(("3-card 7 or 8 ties",))
        if p > b and p == 8 and len(player) == 2 or b > p and b == 7 and len(banker) == 2:
            keys.add(("2-card 7 or 8 wins",))
    if section in ("631c.5", "629b.2", "627b.2") and b == 6 and p >= 6:
        keys.add(("a six that ties or loses",))
    return keys


def sweep_stacks(section: str, rules: dict, n: int, seed: int) -> list[list[str]]:
    """``n`` stacked shoes (six cards each) for the sweep of ``section``: a quarter
    plain, the rest chosen so that every paytable row the section can reach is
    dealt at least ``max(2, n // 40)`` times when the tries allow. Deterministic."""
    rng = random.Random(seed)
    quota = max(2, n // 40)
    counts: Counter = Counter()
    out: list[list[str]] = []
    tries = 0
    while len(out) < n:
        tries += 1
        stack = _candidate(rng)
        coup = ch631a.deal(stack)
        keys = {(w, h, oracle.expected(section, w, h, coup.player, coup.banker, rules).row)
                for w, h in oracle.SECTION_WAGERS[section]} | near_misses(section, coup.player, coup.banker)
        if len(out) < n // 4 or any(counts[k] < quota for k in keys) or rng.random() < 0.02 or tries > 400 * n:
            out.append(stack)
            counts.update(keys)
    return out


def _offered(rules_submission: RulesSubmission, section: str) -> list[tuple[str, Optional[str]]]:
    return [(w, h) for w, h in oracle.SECTION_WAGERS[section]
            if w in ("banker", "player", "tie") or rules_submission.offers(w)]


@when(parsers.parse("rounds are dealt from stacked shoes with every offered wager of § {section} placed"),
      target_fixture="sweep")
def deal_sweep(game: GameAdapter, rules_submission: RulesSubmission, depth: str, section: str) -> dict:
    rules = rules_submission.as_rules()
    placed = _offered(rules_submission, section)
    stake = "10.00"
    wagers = [{"seat": 1, "wager_type": w, "amount": stake, **({"hand": h} if h else {})} for w, h in placed]
    if section in oracle.NEEDS_BACCARAT_WAGER:
        wagers.insert(0, {"seat": 1, "wager_type": "banker", "amount": stake})
    stacks = sweep_stacks(section, rules, SWEEP_ROUNDS[depth], seed=zlib.crc32(section.encode()))
    records: list[m.RoundRecord] = []
    start = time.perf_counter()
    for i in range(0, len(stacks), CHUNK):
        records += game.run_rounds(rules, [m.BatchRound(cards=c, wagers=wagers) for c in stacks[i:i + CHUNK]])
    evidence.attach_json("sweep", {"section": section, "rounds": len(records), "wagers": wagers,
                                   "seconds": round(time.perf_counter() - start, 3)})
    return {"section": section, "stacks": stacks, "records": records, "placed": placed, "rules": rules}


@then(parsers.parse("every wager of § {section} is settled as the paytable says"))
@counts_judgements
def check_sweep(sweep: dict, section: str, scenario_clauses: tuple[str, ...]) -> None:
    """Compare every settlement of the sweep with the oracle; counts the settlements
    compared (none when the Rules Submission offers no wager of the section: the
    scenario is then "not offered", never a pass)."""
    placed, rules = sweep["placed"], sweep["rules"]
    about(*(w for w, _ in oracle.SECTION_WAGERS[section] if w not in ("banker", "player", "tie")))
    failures: list[dict] = []
    rows: Counter = Counter()
    voids: Counter = Counter()  # the game's reason -> rounds it made void (each sweep stack completes its round)
    first_void = None
    for stack, record in zip(sweep["stacks"], sweep["records"]):
        if record.status == "void":
            voids[record.void_reason or "no reason given"] += 1
            first_void = first_void or deviation(record, stack)[0]
            continue
        if record.player is None or record.banker is None:
            failures.append({"clause": section, "cards": stack, "problem": f"round {record.status}, no hands"})
            continue
        player, banker = record.player.cards, record.banker.cards
        for w, h in placed:
            want = oracle.expected(section, w, h, player, banker, rules)
            got = [r for r in record.wagers if r.wager_type == w and r.hand == h and r.seat == 1]
            stake = Decimal("10.00")
            paid = (want.odds.total_return(stake) if want.result == "win"
                    else stake if want.result == "push" else Decimal("0"))
            name = w.replace("_", " ") + (f" on the {h.capitalize()}'s Hand" if h else "")
            if not got:
                failures.append({"clause": oracle.outcome_clause(section, w, want), "cards": cards_of_record(record),
                                 "required": f"$10.00 {name} {want.describe()}", "observed": "not settled"})
                continue
            r = got[0]
            rows[(w, h, want.row or want.result)] += 1
            if r.result in want.also and r.paid == (stake if r.result == "push" else Decimal("0")):
                pass  # a result the regulation leaves open for these hands (Expected.also)
            elif r.result != want.result or r.paid != paid:
                # a wrong result breaks the rule that decides it; a win paid wrong, the payout
                wrong = oracle.payout_clause(section, want) if r.result == want.result == "win" \
                    else oracle.outcome_clause(section, w, want)
                failures.append({"clause": wrong, "cards": cards_of_record(record),
                                 "required": f"$10.00 {name} {want.describe()} (${paid} returned)",
                                 "observed": f"{r.result}, ${r.paid} returned"})
            elif section in ("631c.5", "629b.2", "627b.2") and r.vigorish != 0:
                clause = f"{section}(a)"
                failures.append({"clause": clause, "cards": cards_of_record(record),
                                 "required": f"no commission on the {name} wager",
                                 "observed": f"vigorish ${r.vigorish}"})
    judged(sum(rows.values()), "wagers settled")
    evidence.attach_json("sweep coverage", {f"{w} {h or ''} {row}": n for (w, h, row), n in sorted(
        rows.items(), key=lambda kv: str(kv[0]))})
    if len(sweep["records"]) != len(sweep["stacks"]):
        raise Nonconformance(section, f"{len(sweep['stacks'])} round records",
                             f"{len(sweep['records'])} round records")
    void_summary = (f"; {sum(voids.values())} rounds void: "
                    + ", ".join(f'"{r}" ({n})' for r, n in voids.most_common())) if voids else ""
    if failures:
        evidence.attach_json("sweep failures", failures[:500])
        by_clause = Counter(f["clause"] for f in failures)
        first = failures[0]
        summary = ", ".join(f"§ {c}: {n}" for c, n in sorted(by_clause.items()))
        raise Nonconformance(first["clause"], first.get("required", "a completed round"),
                             f"{first.get('observed', first.get('problem'))}; {len(failures)} wrong settlements in "
                             f"{len(sweep['records'])} rounds ({summary}){void_summary}", first["cards"])
    if first_void is not None:  # only void rounds: a rule of the deal the game broke, blocking the paytable sweep
        first_void = dataclasses.replace(first_void, observed=f"{first_void.observed}{void_summary} in "
                                                              f"{len(sweep['records'])} rounds")
        own = related(scenario_clauses, first_void)
        raise first_void.blocked() if own is None else first_void.nonconformance(own)
