"""The oracle's account of a mystery meter that is awarded more than once in one round
(interpretation mystery-bonus-hit; 58 Pa. Code § 631c.6(c)(3), § 629b.3(h)).

The hit value between two awards of one round is never disclosed: the oracle accepts the
game's second award only where some hit value of the configuration's range would give it,
requires it above the range, and judges every amount to the cent.
"""
from decimal import Decimal

from baccarat_conformance.oracle import progressives as P

RULES = {"wagers": {"heavenly_9": {"mystery": "A-$1"}}}  # minimum $100, maximum $200, 2%
METER = P.MYSTERY_METER
COUP = P.Coup(("2", "3"), ("4", "5"), ())


def wagers(*amounts: str) -> list[P.PlacedWager]:
    """One Heavenly 9 wager per seat 1, 2, ... (each seat also wagers on the Banker)."""
    out = []
    for seat, amount in enumerate(amounts, start=1):
        out.append(P.PlacedWager(seat, "banker", Decimal(5), f"b{seat}"))
        out.append(P.PlacedWager(seat, "heavenly_9", Decimal(amount), f"h{seat}"))
    return out


def round_of(before: str, hit: str, after_hit: str, amounts: tuple[str, ...], seen) -> P.RoundMeters:
    return P.expected_round(RULES, {P.HEAVENLY_9_METER: Decimal(10_000), METER: Decimal(before)},
                            {METER: Decimal(hit)}, wagers(*amounts), COUP, new_hit_values={METER: Decimal(after_hit)},
                            awards_seen=seen)


def test_one_award_uses_the_hit_value_disclosed_after_the_round():
    # $199 + 2% of $100 = $201 > $200: seat 1 wins; $100 + 2% of $500 = $110 > $105: seat 2 wins too
    want = round_of("199", "200", "105", ("100", "500"), [(1, METER)])
    assert [(s, a) for s, _, _, a in want.awards] == [(1, Decimal("201.00")), (2, Decimal("110.00"))]


def test_a_second_award_at_an_undisclosed_hit_value_is_judged_by_its_amount():
    # seat 2 takes the meter to $110 (above the $100 minimum): an undisclosed hit value
    # in [$100, $200] may have been exceeded; the post-round hit value $150 applies after it
    want = round_of("199", "200", "150", ("100", "500", "100"), [(1, METER), (2, METER)])
    assert [(s, a) for s, _, _, a in want.awards] == [(1, Decimal("201.00")), (2, Decimal("110.00"))]
    assert want.after[METER] == Decimal("102.00")  # reset $100 + 2% of seat 3's $100


def test_a_second_award_at_the_minimum_is_not_accepted():
    # seat 2 adds nothing that takes the meter above $100: no hit value of the range is exceeded
    want = round_of("199", "200", "150", ("100", "0"), [(1, METER), (2, METER)])
    assert [s for s, _, _, _ in want.awards] == [1]


def test_a_meter_above_the_maximum_must_be_awarded():
    # after seat 1's award the meter reaches $100 + 2% of $6,000 = $220 > $200: whatever the
    # undisclosed hit value, seat 2 wins, even if the game reports one award only
    want = round_of("199", "200", "150", ("100", "6000"), [(1, METER)])
    assert [(s, a) for s, _, _, a in want.awards] == [(1, Decimal("201.00")), (2, Decimal("220.00"))]
