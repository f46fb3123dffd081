"""Steps on the dealing shoe: decks, the cut and the cover cards, the burn, the end
of a shoe and new decks (58 Pa. Code § 631a.3, § 631a.5, § 631a.10(c)-(d)).

Shoes "prepared with the game's own shuffle" are started without a card list, so
the game shuffles, cuts and places the cover card itself; the game must disclose the
stack (capability ``shoe_disclosure``) for the checks that read it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pytest_bdd import given, parsers, then, when

from baccarat_conformance.judging.errors import GameRefused, Nonconformance
from baccarat_conformance.judging.judgements import counts_judgements, judged
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.protocol import models as m

from ._events import describe
from ._seeded import SEEDS, check_seeded_shuffle, seeded_stack
from ._support import TableHandle
from ._types import phrase
from ._vocabulary import HAND_NAMES, cards_of_record

SHOES_BY_DEPTH = {"smoke": 10, "standard": 100, "exhaustive": 1000, "lab": 1000}
MAX_ROUNDS_PER_SHOE = 250  # 8 decks hold 416 cards: at least 4 per round


# ------------------------------------------------------------------ decks (§ 631a.3)
def _composition_problem(game: Any, shoe: m.ShoeRecord, decks: int) -> str | None:
    cards = game.disclosed_cards(shoe)  # CapabilityMissing ("not verified") without shoe_disclosure
    if cards is None:
        return "the shoe record does not disclose its cards (capability shoe_disclosure declared)"
    want = Counter(ch631a.one_deck() * decks)
    got = Counter(cards)
    if got == want:
        return None
    missing = sorted((want - got).elements())[:8]
    extra = sorted((got - want).elements())[:8]
    return (f"{len(cards)} cards; missing {' '.join(missing) or 'none'}; "
            f"more than {decks} of {' '.join(extra) or 'none'}")


@when("the game prepares a dealing shoe with its own shuffle", target_fixture="shoe_record")
@given("a dealing shoe prepared with the game's own shuffle", target_fixture="shoe_record")
def own_shoe(table: TableHandle) -> m.ShoeRecord:
    return table.start_shoe(None, burn=True)


@then("the dealing shoe holds the Rules Submission's number of complete decks, six to eight, and two cover cards")
def holds_decks(game: Any, shoe_record: m.ShoeRecord, rules_submission: RulesSubmission, clause: str) -> None:
    decks = rules_submission.decks
    if decks not in ch631a.DECKS:  # the profile loader refuses this; kept for profiles built in code
        raise ValueError(f"the Rules Submission names {decks} decks; § 631a.3(a) allows six to eight")
    if shoe_record.decks != decks:
        raise Nonconformance(clause, f"a dealing shoe of {decks} decks (the Rules Submission)",
                             f"reported {shoe_record.decks} decks")
    problem = _composition_problem(game, shoe_record, decks)
    if problem:
        raise Nonconformance(clause, f"{decks} complete 52-card decks ({decks * 52} cards, each card {decks} times)",
                             problem)
    if shoe_record.cut_offset is None or shoe_record.cover_card_index is None:
        raise Nonconformance(clause, "two cover cards: the cut (cut_offset) and the second cover card "
                                     "(cover_card_index)",
                             f"cut_offset={shoe_record.cut_offset}, cover_card_index={shoe_record.cover_card_index}")


@then(parsers.parse("the game refuses to open a table with {decks:d} decks"))
def refuses_decks(game: Any, rules_submission: RulesSubmission, clause: str, decks: int) -> None:
    rules_json = {**rules_submission.as_rules(), "decks": decks}
    try:
        table_id = game.open_table(rules_json)
    except GameRefused:
        return
    game.close_table(table_id)
    raise Nonconformance(clause, f"the game refuses a Rules Submission of {decks} decks (six to eight)",
                         f"opened table {table_id} with decks={decks}")


@when("the dealing shoe is played to its end", target_fixture="shoe_rounds")
def play_to_end(table: TableHandle, clause: str) -> list[m.RoundRecord]:
    records = []
    for _ in range(MAX_ROUNDS_PER_SHOE):
        record = table.deal()
        records.append(record)
        if record.shoe == "ended" or record.status == "void":
            return records
    raise Nonconformance(clause, "the dealing shoe ends after the cover card: \"last hand\", one more hand, "
                                 "then new decks", f"still dealing after {MAX_ROUNDS_PER_SHOE} rounds")


@then("no further round is dealt from the dealing shoe")
def no_further_round(table: TableHandle, clause: str) -> None:
    try:
        record = table.game.deal_round(table.table_id)
    except GameRefused:
        return
    raise Nonconformance(clause, "no round is dealt from a dealing shoe after its last hand until new decks "
                                 "are placed in the dealing shoe",
                         f"dealt round {record.round_id} ({record.status}) from the old shoe",
                         cards_of_record(record))


@then("the next dealing shoe is prepared from new decks")
def next_shoe_new(table: TableHandle, clause: str) -> None:
    """The next shoe announces new decks and is not the old stack again (its
    composition is § 631a.3(a)'s check)."""
    previous = table.shoes[-1]
    shoe = table.start_shoe(None)
    announced = shoe.new_decks is True or any(e.type == "new_decks" for e in shoe.events)
    if not announced:
        raise Nonconformance(clause, "the decks are changed after the play of each dealing shoe (new_decks)",
                             f"new_decks={shoe.new_decks}; events: {describe(shoe.events)}")
    if previous.cards is not None and shoe.cards == previous.cards:
        raise Nonconformance(clause, "new decks, shuffled anew, after the play of each dealing shoe",
                             "the new dealing shoe holds the previous shoe's stack in the same order")


@then("no hand is dealt more than one additional card")
def at_most_one_more(shoe_rounds: list[m.RoundRecord], clause: str) -> None:
    for record in shoe_rounds:
        for name, hand in ((HAND_NAMES["player"], record.player), (HAND_NAMES["banker"], record.banker)):
            if hand is not None and len(hand.cards) > 3:
                raise Nonconformance(clause, f"the {name} holds at most three cards (two and one additional)",
                                     f"round {record.round_id}: the {name} holds {' '.join(hand.cards)}",
                                     cards_of_record(record))
        for hand in ("player", "banker"):
            dealt = [c.card for c in record.cards if c.to == hand]
            if len(dealt) > 3:
                raise Nonconformance(clause, "at most one additional card dealt to either hand",
                                     f"round {record.round_id}: {len(dealt)} cards dealt to the {hand}",
                                     cards_of_record(record))


# ------------------------------------------------------------------ the cut (§ 631a.5(c), (d))
@when("the game shuffles and cuts dealing shoes of its own", target_fixture="own_shoes")
def own_shoes(table: TableHandle, depth: str) -> list[m.ShoeRecord]:
    return [table.start_shoe(None) for _ in range(SHOES_BY_DEPTH[depth])]


def _offset(rules_submission: RulesSubmission, count: int, end: str) -> int:
    size = rules_submission.decks * 52
    return count if end == "top" else size - count


@then(parsers.parse("the game refuses a cut {count:d} cards in from the {end}"))
def refuses_cut(table: TableHandle, rules_submission: RulesSubmission, clause: str, count: int, end: str) -> None:
    offset = _offset(rules_submission, count, end)
    try:
        shoe = table.game.start_shoe(table.table_id, None, cut_offset=offset)
    except GameRefused:
        return
    raise Nonconformance(clause, f"the game refuses to cut with the cover card {count} cards in from the {end} "
                                 f"(cut_offset {offset}): at least ten cards in from the top or the bottom",
                         f"prepared shoe {shoe.shoe_id} with cut_offset {shoe.cut_offset}")


@then(parsers.parse("the game accepts a cut {count:d} cards in from the {end}"))
def accepts_cut(table: TableHandle, rules_submission: RulesSubmission, clause: str, count: int, end: str) -> None:
    offset = _offset(rules_submission, count, end)
    try:
        shoe = table.game.start_shoe(table.table_id, None, cut_offset=offset)
    except GameRefused as e:
        raise Nonconformance(clause, f"a cut {count} cards in from the {end} (cut_offset {offset}) is proper",
                             f"refused it: {e.game_message}") from None
    if shoe.cut_offset != offset:
        raise Nonconformance(clause, f"the first cover card placed {offset} cards from the top, as asked",
                             f"reported cut_offset {shoe.cut_offset}")


@then("every cut places the first cover card at least ten cards in from the top or the bottom")
@counts_judgements
def every_cut_proper(own_shoes: list[m.ShoeRecord], clause: str) -> None:
    judged(len(own_shoes), "shoes checked")
    for shoe in own_shoes:
        size = shoe.decks * 52
        if shoe.cut_offset is None or not ch631a.proper_cut(shoe.cut_offset, size):
            raise Nonconformance(clause, f"the cover card at least {ch631a.CUT_MIN} cards in from the top or the "
                                         f"bottom of a {size}-card stack",
                                 f"shoe {shoe.shoe_id}: cut_offset {shoe.cut_offset}")


@then("every second cover card lies at least 14 cards above the bottom of the stack")
@counts_judgements
def every_second_cover(own_shoes: list[m.ShoeRecord], clause: str) -> None:
    judged(len(own_shoes), "shoes checked")
    for shoe in own_shoes:
        if shoe.cover_card_index is None:
            raise Nonconformance(clause, "a second cover card in the stack", f"shoe {shoe.shoe_id} reports none")
        below = shoe.card_count - shoe.cover_card_index
        if below < ch631a.SECOND_COVER_MIN:
            raise Nonconformance(clause, f"the second cover card at least {ch631a.SECOND_COVER_MIN} cards above the "
                                         "bottom of the stack",
                                 f"shoe {shoe.shoe_id}: {below} cards below it "
                                 f"(cover_card_index {shoe.cover_card_index} of {shoe.card_count})")


# ------------------------------------------------------------------ the cut applied (§ 631a.5(d))
@when(parsers.parse("the game shuffles dealing shoes from one seed, cut {a:d} and {b:d} cards in from the top"),
      target_fixture="seeded_cuts")
def seeded_cuts(table: TableHandle, a: int, b: int) -> dict[int, list[str]]:
    """Two shoes of the game's own shuffle from one seed, cut at ``a`` and ``b`` (after the
    declaration ``seeded_shuffle`` is checked: the same seed, the same stack)."""
    first = seeded_stack(table.game, table.table_id, SEEDS[0], a)
    check_seeded_shuffle(table.game, table.table_id, a, first)
    return {a: first, b: seeded_stack(table.game, table.table_id, SEEDS[0], b)}


@then(parsers.parse("the stack cut {b:d} cards in is the stack cut {a:d} cards in with {moved:d} more cards moved "
                    "from the top to the bottom"))
def cut_applied(seeded_cuts: dict[int, list[str]], clause: str, a: int, b: int, moved: int) -> None:
    """Interpretation 631a.5-d-cut-seen-through-the-seed: the same seed shuffles the same
    stack, so the stack cut at ``b`` is the one cut at ``a`` with ``b - a`` more cards taken
    from the top and placed on the bottom."""
    if b - a != moved:
        raise ValueError(f"feature error: from {a} to {b} cards in is {b - a} cards, not {moved}")
    first, second = seeded_cuts[a], seeded_cuts[b]
    want = first[moved:] + first[:moved]
    judged(1, "cuts compared")
    if second != want:
        same = "the same stack, uncut: the cut was not applied" if second == first else \
            f"the {len(second)} cards in another order"
        raise Nonconformance(clause, f"the {b} cards above the cover card placed on the bottom: the stack cut at {a} "
                                     f"with its first {moved} cards ({' '.join(first[:3])} ...) moved to the bottom",
                             f"cut_offset {b} disclosed {same} (first cards {' '.join(second[:5])}; cut at {a}: "
                             f"{' '.join(first[:5])})")


# ------------------------------------------------------------------ the burn (§ 631a.5(f))
@given(phrase("the burn is made from a dealing shoe stacked with {cards:Cards}"), target_fixture="stacked_cards")
def burned_shoe(table: TableHandle, cards: list[str]) -> list[str]:
    table.start_shoe(cards, burn=True)
    return cards


@then(phrase("the burn exposes {card:Card} and burns {count:d} cards face down"))
def burn_is(table: TableHandle, stacked_cards: list[str], clause: str, card: str, count: int) -> None:
    if ch631a.burn_count(card) != count:
        raise ValueError(f"feature error: § 631a.5(f) burns {ch631a.burn_count(card)} cards after {card}, not {count}")
    shoe = table.shoes[-1]
    want = stacked_cards[:1 + count]
    if shoe.burned != want:
        raise Nonconformance(clause, f"{card} exposed and the next {count} cards burned: {' '.join(want)}",
                             f"burned {' '.join(shoe.burned) or 'nothing'}", stacked_cards)
    burn_events = [e for e in shoe.events if e.type == "card" and e.to == "burn"]
    faces = [getattr(e, "face_up", None) for e in burn_events]
    if burn_events and (faces[0] is False or any(f is True for f in faces[1:])):
        raise Nonconformance(clause, f"the first card {card} exposed and the {count} others drawn face down",
                             f"burn events: {describe(burn_events)}", stacked_cards)


@then("the first round is dealt from the card after the burn")
def first_round_after_burn(table: TableHandle, stacked_cards: list[str], clause: str) -> None:
    shoe = table.shoes[-1]
    rest = stacked_cards[len(shoe.burned):]
    record = table.deal()
    want = [c for c, _ in ch631a.deal(rest).order]
    got = [c.card for c in record.cards if c.to in ("player", "banker")]
    if got != want:
        raise Nonconformance(clause, f"the first round dealt from {rest[0]}, the card after the burn: {' '.join(want)}",
                             f"dealt {' '.join(got)}", stacked_cards)


# ------------------------------------------------------------------ the cover card (§ 631a.10(d))
@given(phrase("the cover card is placed before card {position:d} of a dealing shoe stacked with {cards:Cards}"),
       target_fixture="stacked_cards")
def cover_card_shoe(table: TableHandle, position: int, cards: list[str]) -> list[str]:
    """``position`` counts the stack's cards from 1: the cover card lies just before it."""
    table.start_shoe(cards, cover_card_index=position - 1)
    return cards


@when(parsers.parse("{count:d} rounds are dealt"), target_fixture="round_record")
def rounds_dealt(table: TableHandle, count: int) -> m.RoundRecord:
    record = None
    for _ in range(count):
        record = table.deal()
    assert record is not None
    return record


@then("each round is dealt from the next cards of the stack")
@counts_judgements
def rounds_in_sequence(table: TableHandle, stacked_cards: list[str], clause: str) -> None:
    judged(len(table.records), "rounds checked")
    rest = list(stacked_cards)
    for n, record in enumerate(table.records, 1):
        coup = ch631a.deal(rest)
        want = [c for c, _ in coup.order]
        got = [c.card for c in record.cards if c.to in ("player", "banker")]
        if record.status != "completed" or got != want:
            raise Nonconformance(clause, f"round {n} completed from the next cards of the shoe: {' '.join(want)}",
                                 f"round {n} {record.status}, dealt {' '.join(got)}", stacked_cards)
        rest = rest[coup.used:]


def _last_hand_index(record: m.RoundRecord) -> int | None:
    return next((i for i, e in enumerate(record.events)
                 if e.type == "announcement" and (e.text or "").strip().lower() == "last hand"), None)


@then(parsers.parse('the cover card appears in round {n:d}, which is completed and followed by "last hand"'))
def cover_in_round(table: TableHandle, stacked_cards: list[str], clause: str, n: int) -> None:
    for i, record in enumerate(table.records, 1):
        said = _last_hand_index(record)
        cover = any(e.type == "cover_card" for e in record.events)
        if i == n:
            last_card = max((k for k, e in enumerate(record.events) if e.type == "card"), default=-1)
            if record.status != "completed" or said is None or said < last_card:
                raise Nonconformance(clause, f"round {i}, in which the cover card appears, is completed and then "
                                             "\"last hand\" is announced",
                                     f"round {i} {record.status}; events: {describe(record.events)}", stacked_cards)
            if record.shoe != "last_hand":
                raise Nonconformance(clause, f"after round {i} one more hand is dealt (shoe state last_hand)",
                                     f"shoe state {record.shoe!r}", stacked_cards)
            if not cover and not any(e.type == "cover_card" for r in table.records[:i] for e in r.events):
                raise Nonconformance(clause, f"the cover card appears (is removed and set aside) in round {i}",
                                     f"no cover_card event: {describe(record.events)}", stacked_cards)
        elif i < n and (said is not None or record.shoe != "in_play"):
            raise Nonconformance(clause, f"round {i} is dealt before the cover card appears: no \"last hand\"",
                                 f"round {i}: shoe state {record.shoe!r}, events {describe(record.events)}",
                                 stacked_cards)


@then(parsers.parse("round {n:d} is the one more hand, after which the dealing shoe ends"))
def one_more_hand(table: TableHandle, stacked_cards: list[str], clause: str, n: int) -> None:
    record = table.records[n - 1]
    if record.status != "completed" or record.shoe != "ended" or _last_hand_index(record) is not None:
        raise Nonconformance(clause, f"round {n}, the one more hand after \"last hand\", is completed and the "
                                     "cards are then replaced with new decks (shoe state ended)",
                             f"round {n} {record.status}, shoe state {record.shoe!r}", stacked_cards)
