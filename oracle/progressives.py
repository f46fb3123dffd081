"""The progressive and mystery wagers, written as data from the regulation text:
58 Pa. Code § 631c.2 (Heavenly 9 progressive), § 631c.6 (Must-Hit-By Mystery bonus),
§ 629b.3 / § 627b.3 (Royal 9 Progressive) and § 629b.7 (Harmony Progressive).

Paytables keep their printed cell text ("299 for 1", "100% progressive", "\\$5,000");
the values the harness computes with are parsed from those cells. The bundled
reference game never imports this module.

Meter semantics (what increments a meter, by what rate of which amount, and how it
resets) are stated next to each section's data, with the named interpretation of
corpus/interpretations.toml that the harness applies. All meter arithmetic is exact
(:class:`decimal.Decimal`, no rounding); a meter reported by a game is compared with
the expected amount to the cent (both truncated to whole cents: interpretation
``meter-amounts-to-the-cent``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from itertools import combinations, zip_longest
from typing import Optional, Sequence

from .ch631a import Coup, card_value, rank, suit
from .odds import Odds

CENT = Decimal("0.01")


def dollars(text: str) -> Decimal:
    """A printed dollar amount (``"\\$10,000"``, ``"$1,500"``) -> ``Decimal("10000")``."""
    return Decimal(text.replace("\\", "").replace("$", "").replace(",", "").strip())


def percent(text: str) -> Decimal:
    """A printed rate (``"1.5%"``) -> ``Decimal("0.015")``."""
    return Decimal(text.strip().rstrip("%")) / 100


def to_cent(amount: Decimal) -> Decimal:
    """Truncate to whole cents (how a meter is compared: interpretation
    ``meter-amounts-to-the-cent``)."""
    return amount.quantize(CENT, rounding=ROUND_DOWN)


def color(card: str) -> str:
    return "red" if suit(card) in ("D", "H") else "black"


@dataclass(frozen=True)
class Row:
    """One paytable row: its key, the printed outcome and cell text, the clause
    defining the outcome, and the parsed payout (odds, a share of a meter, or a
    fixed dollar amount)."""

    key: str
    printed: str
    cell: str
    clause: str

    @property
    def odds(self) -> Optional[Odds]:
        return Odds.parse(self.cell) if (" for " in self.cell or " to " in self.cell) else None

    @property
    def meter_share(self) -> Optional[Decimal]:
        """``"100% progressive"`` -> 1; None for other cells."""
        if "%" in self.cell:
            return percent(self.cell.split()[0])
        return None

    @property
    def fixed(self) -> Optional[Decimal]:
        return dollars(self.cell) if self.cell.lstrip("\\").startswith("$") else None


# ====================================================================== § 631c.2
# § 631c.2(i), cell for cell (rows in printed order, which is also the order of
# payout: the harness pays the first qualifying row, interpretation
# "progressive-highest-qualifying-outcome-only").
HEAVENLY_9_PAYTABLE = (
    Row("suited_tie", "Player and banker 3-card tie— all cards same suit", "100% progressive", "631c.2(g)(1)"),
    Row("same_color_tie", "Player and banker 3-card tie— all cards same color", "299 for 1", "631c.2(g)(2)"),
    Row("tie", "Player and banker 3-card tie", "60 for 1", "631c.2(g)(3)"),
    Row("banker_3_card_9", "Banker 3-card 9", "9 for 1", "631c.2(g)(4)"),
    Row("player_3_card_9", "Player 3-card 9", "8 for 1", "631c.2(g)(5)"),
)
HEAVENLY_9_SEED = dollars("\\$10,000")  # "Meter seed/reseed | \$10,000"
HEAVENLY_9_INCREMENT = percent("10%")  # "Increment rate | 10%"
HEAVENLY_9_MINIMUM = dollars("\\$5")  # § 631c.2(c) "of no less than \$5"
HEAVENLY_9_METER = "heavenly_9"
# Contribution (interpretation heavenly-9-increment-rate): every Heavenly 9 wager
# recognised for a round adds 10% of its amount to the meter when betting closes,
# before the round is settled; the suited 3-card 9 tie is paid the whole meter
# (contributions of that round included) and the meter is reseeded at $10,000.


def three_card_9(cards: Sequence[str]) -> bool:
    return len(cards) == 3 and sum(card_value(c) for c in cards) % 10 == 9


def heavenly_9_row(coup: Coup) -> Optional[Row]:
    """The highest § 631c.2(g) outcome of ``coup``, or None (§ 631c.2(h): the wager loses)."""
    p9, b9 = three_card_9(coup.player), three_card_9(coup.banker)
    cards = coup.player + coup.banker
    rows = {r.key: r for r in HEAVENLY_9_PAYTABLE}
    if p9 and b9:
        if len({suit(c) for c in cards}) == 1:
            return rows["suited_tie"]
        if len({color(c) for c in cards}) == 1:
            return rows["same_color_tie"]
        return rows["tie"]
    if b9:
        return rows["banker_3_card_9"]
    if p9:
        return rows["player_3_card_9"]
    return None


# ====================================================================== § 631c.6
@dataclass(frozen=True)
class MysteryConfiguration:
    """One § 631c.6(c)(4) configuration, with the printed text of each line."""

    name: str  # "A-$5"
    paytable: str
    minimum_wager: Decimal
    minimum: Decimal
    maximum: Decimal
    rate: Decimal
    printed: tuple[str, ...]


_MYSTERY_TEXT = (
    # (heading, minimum wager, minimum dollar value, maximum dollar value, rate), as printed
    ("Paytable A—\\$1 Configuration", "\\$1", "\\$100", "\\$200", "2%"),
    ("Paytable A—\\$2 Configuration", "\\$2", "\\$100", "\\$200", "1.5%"),
    ("Paytable A—\\$5 Configuration", "\\$5", "\\$100", "\\$250", "1%"),
    ("Paytable B—\\$1 Configuration", "\\$1", "\\$100", "\\$500", "5%"),
    ("Paytable B—\\$2 Configuration", "\\$2", "\\$100", "\\$500", "3.5%"),
    ("Paytable B—\\$5 Configuration", "\\$5", "\\$100", "\\$500", "2%"),
    ("Paytable C—\\$1 Configuration", "\\$1", "\\$250", "\\$500", "2%"),
    ("Paytable C—\\$2 Configuration", "\\$2", "\\$250", "\\$500", "1.5%"),
    ("Paytable C—\\$5 Configuration", "\\$5", "\\$250", "\\$500", "0.5%"),
    ("Paytable D—\\$1 Configuration", "\\$1", "\\$250", "\\$1,000", "5%"),
    ("Paytable D—\\$2 Configuration", "\\$2", "\\$250", "\\$1,000", "3%"),
    ("Paytable D—\\$5 Configuration", "\\$5", "\\$250", "\\$1,000", "2%"),
)


def _mystery(heading: str, wager: str, lo: str, hi: str, rate: str) -> MysteryConfiguration:
    letter = heading.split("—")[0].split()[-1]
    name = f"{letter}-${dollars(wager)}"
    printed = (heading, f"Minimum progressive wager amount—{wager}", f"Minimum dollar value {lo}",
               f"Maximum dollar value {hi}", f"Incremental contribution rate {rate}")
    return MysteryConfiguration(name, letter, dollars(wager), dollars(lo), dollars(hi), percent(rate), printed)


MYSTERY_CONFIGURATIONS: dict[str, MysteryConfiguration] = {
    c.name: c for c in (_mystery(*row) for row in _MYSTERY_TEXT)
}
"""``"A-$1"`` ... ``"D-$5"`` -> configuration (§ 631c.6(c)(4))."""
MYSTERY_METER = "heavenly_9_mystery"
# Contribution (§ 631c.6(c)(2), interpretation mystery-bonus-hit): each qualifying
# Heavenly 9 wager adds `rate` x its amount, wager by wager in the order placed; the
# bonus is paid to the wager whose contribution takes the meter strictly above the
# hit value ("in excess of"), the whole meter (to the cent) is paid (c)(7), and the
# meter resets to the configuration's minimum dollar value (c)(5)(iv) with a new hit
# value drawn in [minimum, maximum] (c)(3).


# The clauses of a mystery meter's award, its amount and its reseed, by meter
# ("{section}": 629b or 627b).
MYSTERY_CLAUSES: dict[str, dict[str, str]] = {
    MYSTERY_METER: {"award": "631c.6(c)(5)(iii)", "payout": "631c.6(c)(7)", "reset": "631c.6(c)(5)(iv)"},
}


# ====================================================================== § 629b.3 / § 627b.3
FACES = ("K", "Q", "J")


def is_royal_9(cards: Sequence[str]) -> bool:
    """§ 629b.3(b): "the first two cards ... consist of a face card (K, Q or J) and a nine"."""
    two = [rank(c) for c in cards[:2]]
    return len(two) == 2 and sorted(r in FACES for r in two) == [False, True] and "9" in two


def is_suited_royal_9(cards: Sequence[str]) -> bool:
    return is_royal_9(cards) and suit(cards[0]) == suit(cards[1])


def has_combination(cards: Sequence[str], combination: Sequence[str]) -> bool:
    """Whether the first two cards are exactly the King 9 ``combination`` (any order)."""
    return sorted(cards[:2]) == sorted(combination)


ROYAL_9_PAYTABLES: dict[str, tuple[Row, ...]] = {
    # § 629b.3(f)(1) / § 627b.3(f)(1): "$5 denomination"
    "5": (
        Row("mega", "Personal King 9 v. Personal King 9", "100% of Mega Jackpot", "(e)(6)"),
        Row("major", "Personal King 9 on Banker Hand", "100% Major Jackpot", "(e)(7)"),
        Row("minor", "Personal King 9 on Player Hand", "100% Minor Jackpot", "(e)(8)"),
        Row("mega_envy", "Mega Envy—Any Position's King 9 v. King 9", "\\$5,000", "(e)(9)"),
        Row("suited_tie", "Suited Royal 9 Tie Hand", "\\$1,500", "(e)(4)"),
        Row("tie", "Royal 9 Tie Hand", "\\$250", "(e)(3)"),
        Row("any_suited", "Any Suited Royal 9", "\\$50", "(e)(2)"),
        Row("any", "Any Royal 9", "\\$25", "(e)(1)"),
    ),
    # § 629b.3(g)(1) / § 627b.3(g)(1): "$1 denomination"
    "1": (
        Row("mega", "Personal King 9 v. Personal King 9", "100% of Mega Jackpot", "(e)(6)"),
        Row("major", "Personal King 9 on Banker Hand", "100% Major Jackpot", "(e)(7)"),
        Row("minor", "Personal King 9 on Player Hand", "100% Minor Jackpot", "(e)(8)"),
        Row("mega_envy", "Mega Envy—Any Position's King 9 v. King 9", "\\$1,000", "(e)(9)"),
        Row("suited_tie", "Suited Royal 9 Tie Hand", "\\$300", "(e)(4)"),
        Row("tie", "Royal 9 Tie Hand", "\\$50", "(e)(3)"),
        Row("any_suited", "Any Suited Royal 9", "\\$10", "(e)(2)"),
        Row("any", "Any Royal 9", "\\$5", "(e)(1)"),
    ),
}
# § 629b.3(f)(2), (g)(2): "shall be at least \$50,000 for the Mega Jackpot, \$450 for the
# Major Jackpot and \$450 for the Minor Jackpot" ($5); "\$10,000 ... \$90 ... \$90" ($1).
ROYAL_9_MINIMUM_RESETS: dict[str, dict[str, Decimal]] = {
    "5": {"mega": dollars("\\$50,000"), "major": dollars("\\$450"), "minor": dollars("\\$450")},
    "1": {"mega": dollars("\\$10,000"), "major": dollars("\\$90"), "minor": dollars("\\$90")},
}
ROYAL_9_METERS = {"mega": "royal_9_mega", "major": "royal_9_major", "minor": "royal_9_minor"}
# § 629b.3(h): "Configuration | Reseed | Random Must-Hit-By | Incrementation Rate"
ROYAL_9_MYSTERY_TEXT = {
    "1": ("\\$250", "\\$1,000", "5%"),
    "2": ("\\$100", "\\$500", "5%"),
    "3": ("\\$100", "\\$200", "2%"),
}
ROYAL_9_MYSTERY = {k: (dollars(a), dollars(b), percent(r)) for k, (a, b, r) in ROYAL_9_MYSTERY_TEXT.items()}
ROYAL_9_MYSTERY_METER = "royal_9_mystery"
MYSTERY_CLAUSES[ROYAL_9_MYSTERY_METER] = {"award": "{section}.3(h)", "payout": "{section}.3(h)",
                                          "reset": "{section}.3(h)[table]"}
# Contribution (interpretation royal-9-meters): each Royal 9 wager adds the Rules
# Submission's rate of progression of each meter (mega, major, minor) x its amount to
# that meter when dealing begins; a jackpot pays the whole meter and resets it to the
# Rules Submission's reset amount. The mystery meter of (h) works as § 631c.6's,
# seeded/reseeded at "Reseed", hit value in [Reseed, Random Must-Hit-By].


def royal_9_rows(coup: Coup, denomination: str, seat: int,
                 combinations: dict[int, tuple[str, str]]) -> list[Row]:
    """Every § 629b.3(e) outcome the deal makes for the wager at position ``seat``, in
    the printed order of the paytable (empty when the wager loses)."""
    p, b = coup.player[:2], coup.banker[:2]
    mine = combinations.get(seat)
    made = {
        "mega": bool(mine) and has_combination(p, mine) and has_combination(b, mine),  # type: ignore[arg-type]
        "major": bool(mine) and has_combination(b, mine) and not has_combination(p, mine),  # type: ignore[arg-type]
        "minor": bool(mine) and has_combination(p, mine) and not has_combination(b, mine),  # type: ignore[arg-type]
        "mega_envy": any(has_combination(p, c) and has_combination(b, c) for c in combinations.values()),
        "suited_tie": is_suited_royal_9(p) and is_suited_royal_9(b),
        "tie": is_royal_9(p) and is_royal_9(b),
        "any_suited": is_suited_royal_9(p) or is_suited_royal_9(b),
        "any": is_royal_9(p) or is_royal_9(b),
    }
    return [r for r in ROYAL_9_PAYTABLES[denomination] if made[r.key]]


def royal_9_row(coup: Coup, denomination: str, seat: int, combinations: dict[int, tuple[str, str]]) -> Optional[Row]:
    """The § 629b.3(e) outcome the wager at position ``seat`` is paid by the harness's
    first reading (first qualifying row in printed order), or None when the wager loses."""
    rows = royal_9_rows(coup, denomination, seat, combinations)
    return rows[0] if rows else None


def royal_9_larger_award(rows: Sequence[Row], meters: dict[str, Decimal]) -> Optional[Row]:
    """Interpretation royal-9-two-rows-first-or-larger: of a deal qualifying under several
    rows of § 629b.3(f)/(g) (§ 627b.3(f)/(g)), the row paying more than the first in
    printed order, when one does (a Personal King 9 on the Banker Hand worth a $450 Major
    Jackpot meter and a $1,500 Suited Royal 9 Tie Hand), or None. ``meters``: meter name
    -> amount at the time the first row would be paid."""
    if not rows:
        return None
    best = max(rows, key=lambda r: royal_9_award(r, meters))
    return best if royal_9_award(best, meters) > royal_9_award(rows[0], meters) else None


def royal_9_award(row: Row, meters: dict[str, Decimal]) -> Decimal:
    """What ``row`` pays a Royal 9 wager in all: 100% of its jackpot meter (to the cent)
    or its dollar amount (interpretation progressive-award-is-the-whole-payout)."""
    if row.key in ROYAL_9_METERS:
        return to_cent(meters.get(ROYAL_9_METERS[row.key], Decimal(0)))
    return row.fixed or Decimal(0)


# ====================================================================== § 629b.7
_HARMONY_OUTCOMES = {
    # key: (printed outcome in the paytables, defining clause)
    "six_of_a_kind": ("Six-of-a-kind", "629b.7(g)(1)"),
    "four_8s": ("Four 8's (4 cards dealt)", "629b.7(g)(2)"),
    "four_of_a_kind": ("Four-of-a-kind (4 cards dealt)", "629b.7(g)(3)"),
    "six_zero": ("Six 0-value cards", "629b.7(g)(4)"),
    "tie_0": ("Tie with 0", "629b.7(g)(5)"),
    "tie_1_5": ("Tie with 1—5", "629b.7(g)(6)"),
    "tie_6_9": ("Tie with 6—9", "629b.7(g)(7)"),
    "same_color": ("Tie (all cards same color)", "629b.7(g)(8)"),
    "any_tie": ("Any tie", "629b.7(g)(9)"),
    "five_card": ("5 card tie", "629b.7(g)(10)"),
    "six_card": ("6 card tie", "629b.7(g)(11)"),
    "four_card": ("4 card tie", "629b.7(g)(12)"),
}
# § 629b.7(i), column by column (rows in printed order).
_HARMONY_TEXT = {
    "A": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "1,000 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "100 for 1"), ("tie_0", "20 for 1"), ("tie_1_5", "6 for 1"), ("tie_6_9", "3 for 1")),
    "B": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "1,000 for 1"), ("four_of_a_kind", "200 for 1"),
          ("six_zero", "100 for 1"), ("tie_0", "20 for 1"), ("tie_1_5", "5 for 1"), ("tie_6_9", "3 for 1")),
    "C": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "600 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "100 for 1"), ("tie_0", "20 for 1"), ("tie_1_5", "5 for 1"), ("tie_6_9", "5 for 1")),
    "D": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "600 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "200 for 1"), ("same_color", "20 for 1"), ("any_tie", "3 for 1")),
    "E": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "1,000 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "100 for 1"), ("same_color", "20 for 1"), ("any_tie", "3 for 1")),
    "F": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "300 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "100 for 1"), ("same_color", "20 for 1"), ("any_tie", "5 for 1")),
    "G": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "600 for 1"), ("four_of_a_kind", "200 for 1"),
          ("six_zero", "100 for 1"), ("five_card", "10 for 1"), ("six_card", "3 for 1"), ("four_card", "3 for 1")),
    "H": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "1,000 for 1"), ("four_of_a_kind", "200 for 1"),
          ("six_zero", "50 for 1"), ("five_card", "8 for 1"), ("six_card", "4 for 1"), ("four_card", "3 for 1")),
    "I": (("six_of_a_kind", "100% of Progressive"), ("four_8s", "300 for 1"), ("four_of_a_kind", "300 for 1"),
          ("six_zero", "50 for 1"), ("five_card", "10 for 1"), ("six_card", "6 for 1"), ("four_card", "4 for 1")),
}
HARMONY_PAYTABLES: dict[str, tuple[Row, ...]] = {
    letter: tuple(Row(key, *(_HARMONY_OUTCOMES[key][:1]), cell.replace(",", ""), _HARMONY_OUTCOMES[key][1])
                  for key, cell in rows)
    for letter, rows in _HARMONY_TEXT.items()
}
"""Paytable letter -> rows in printed order; cells keep their text, less the
thousands comma ("1,000 for 1" -> "1000 for 1") so they parse as odds."""
HARMONY_PRINTED_CELLS = {letter: dict(rows) for letter, rows in _HARMONY_TEXT.items()}

# § 629b.7(j): incrementation rate and reserve incrementation rate per paytable.
# A-F as printed; G, H, I as read by interpretation 629b.7-j-scattered-rate-table.
HARMONY_RATES_TEXT = {
    "A": ("15%", "3%"), "B": ("19%", "5%"), "C": ("15%", "3%"),
    "D": ("15%", "3%"), "E": ("19%", "5%"), "F": ("15%", "3%"),
    "G": ("15%", "3%"), "H": ("19%", "5%"), "I": ("15%", "3%"),
}
HARMONY_RATES = {k: (percent(a), percent(b)) for k, (a, b) in HARMONY_RATES_TEXT.items()}
HARMONY_METER = "harmony"
HARMONY_RESERVE_METER = "harmony_reserve"
# Contribution (interpretation harmony-reserve-reseed): each Harmony wager adds the
# incrementation rate x its amount to the progressive meter and the reserve
# incrementation rate x its amount to the reserve meter when betting closes; a
# six-of-a-kind pays the whole progressive meter, which is then reseeded at the Rules
# Submission's seed amount plus the reserve meter, and the reserve meter restarts at 0.


def harmony_outcomes(coup: Coup) -> set[str]:
    """Every § 629b.7(g) outcome that ``coup`` satisfies (empty unless a tie)."""
    if coup.winner != "tie":
        return set()
    cards = coup.player + coup.banker
    n = len(cards)
    ranks = {rank(c) for c in cards}
    count = coup.player_count
    out = {"any_tie"}
    if n == 6 and len(ranks) == 1:
        out.add("six_of_a_kind")
    if n == 4 and ranks == {"8"}:
        out.add("four_8s")
    if n == 4 and len(ranks) == 1:
        out.add("four_of_a_kind")
    if n == 6 and all(card_value(c) == 0 for c in cards):
        out.add("six_zero")
    if count == 0:
        out.add("tie_0")
    if 1 <= count <= 5:
        out.add("tie_1_5")
    if 6 <= count <= 9:
        out.add("tie_6_9")
    if len({color(c) for c in cards}) == 1:
        out.add("same_color")
    out.add({4: "four_card", 5: "five_card", 6: "six_card"}[n])
    return out


def harmony_row(coup: Coup, paytable: str) -> Optional[Row]:
    """The highest qualifying row of ``paytable`` (first in printed order), or None:
    § 629b.7(h), the wager loses."""
    got = harmony_outcomes(coup)
    for row in HARMONY_PAYTABLES[paytable]:
        if row.key in got:
            return row
    return None


# ====================================================================== the meters, round by round
@dataclass(frozen=True)
class PlacedWager:
    """A wager recognised for the round, in the order it was placed."""

    seat: int
    wager_type: str
    amount: Decimal
    wager_id: str


@dataclass
class RoundMeters:
    """What the regulations require of the progressive meters over one round.

    ``after``: meter name -> exact expected amount after the round. ``awards``: the
    mystery awards (seat, wager_id, meter, amount) in order. ``jackpots``: wager_id ->
    (meter, amount) for wagers paid 100% of a meter. ``why``: meter name -> clause
    that decides its expected amount.
    """

    after: dict[str, Decimal]
    awards: list[tuple[int, str, str, Decimal]]
    jackpots: dict[str, tuple[str, Decimal]]
    why: dict[str, str]


def _wager_opts(rules: dict, name: str) -> dict:
    return dict((rules.get("wagers") or {}).get(name) or {})


def mystery_configuration(rules: dict) -> Optional[MysteryConfiguration]:
    name = _wager_opts(rules, "heavenly_9").get("mystery")
    return MYSTERY_CONFIGURATIONS[name] if name else None


def royal_9_combinations(rules: dict) -> dict[int, tuple[str, str]]:
    combos = _wager_opts(rules, "royal_9").get("personal_combinations") or {}
    return {int(k): tuple(v.split()) for k, v in combos.items()}  # type: ignore[misc]


def reset_amounts(rules: dict, section: str = "629b") -> dict[str, tuple[Decimal, str]]:
    """Meter name -> (seed/reseed amount the regulation or the Rules Submission sets, the
    clause that sets it); ``section``: "629b" or "627b" for the Royal 9 meters."""
    out: dict[str, tuple[Decimal, str]] = {}
    wagers = rules.get("wagers") or {}
    if "heavenly_9" in wagers:
        out[HEAVENLY_9_METER] = (HEAVENLY_9_SEED, "631c.2(i)[table]")
        config = mystery_configuration(rules)
        if config:
            out[MYSTERY_METER] = (config.minimum, "631c.6(c)(5)(iv)")
    if "royal_9" in wagers:
        opts = _wager_opts(rules, "royal_9")
        denom = str(opts.get("denomination", "5"))
        for j, meter in ROYAL_9_METERS.items():
            out[meter] = (Decimal(str((opts.get("resets") or {})[j])), royal_9_rates_clause(section, denom))
        if opts.get("mystery"):
            out[ROYAL_9_MYSTERY_METER] = (ROYAL_9_MYSTERY[str(opts["mystery"])][0], f"{section}.3(h)[table]")
    if "harmony" in wagers:
        out[HARMONY_METER] = (Decimal(str(_wager_opts(rules, "harmony").get("seed", "0"))), "629b.7(j)")
        out[HARMONY_RESERVE_METER] = (Decimal(0), "629b.7(j)")
    return out


def royal_9_rates_clause(section: str, denomination: str) -> str:
    """The clause that sets the Royal 9 rates of progression and reset amounts:
    (f)(2) for the $5 wager, (g)(2) for the $1 wager."""
    return f"{section}.3({'f' if denomination == '5' else 'g'})(2)"


def royal_9_paytable_clause(section: str, denomination: str) -> str:
    """The Royal 9 pay table of the denomination: (f)(1)[table] ($5) or (g)(1)[table] ($1)."""
    return f"{section}.3({'f' if denomination == '5' else 'g'})(1)[table]"


def harmony_table_clause(clause: str, paytable: str) -> str:
    """The table of § 629b.7(i) or (j) that prints ``paytable``: A to C the first, D to F
    the second, G to I the third (``clause`` is "629b.7(i)" or "629b.7(j)")."""
    return f"{clause}[table {'ABCDEFGHI'.index(paytable) // 3 + 1}]"


def mystery_contributions(rules: dict, wagers: Sequence[PlacedWager]) -> dict[str, list[tuple[PlacedWager, Decimal]]]:
    """Mystery meter -> its qualifying wagers and their contributions, in the order placed
    (§ 631c.6(c)(1), (2): a Heavenly 9 wager of at least the configuration's minimum beside a
    Baccarat wager; § 629b.3(h): every Royal 9 wager)."""
    out: dict[str, list[tuple[PlacedWager, Decimal]]] = {}
    config = mystery_configuration(rules)
    r9 = _wager_opts(rules, "royal_9")
    seats_with_baccarat = {w.seat for w in wagers if w.wager_type in ("banker", "player", "tie")}
    for w in wagers:
        if w.wager_type == "heavenly_9" and config and w.seat in seats_with_baccarat and \
                w.amount >= config.minimum_wager:
            out.setdefault(MYSTERY_METER, []).append((w, w.amount * config.rate))
        elif w.wager_type == "royal_9" and r9.get("mystery"):
            out.setdefault(ROYAL_9_MYSTERY_METER, []).append((w, w.amount * ROYAL_9_MYSTERY[str(r9["mystery"])][2]))
    return out


def mystery_order(rules: dict, meter: str, before: Decimal, hit: Optional[Decimal], wagers: Sequence[PlacedWager],
                  awards: Sequence[tuple[int, str, Decimal]], hit_after: Optional[Decimal],
                  limit: int = 200_000) -> Optional[list[PlacedWager]]:
    """An order of the qualifying wagers' contributions to mystery ``meter`` under which the
    game's ``awards`` (seat, wager id, amount, in order) are what the regulation requires,
    or None when there is none (or the search passed ``limit`` subsets).

    Interpretation mystery-bonus-hit: the regulation does not say in which order the
    contributions of one round's wagers reach the meter, so which wager's contribution takes
    it past the hit value, and the amount it wins, depend on an order the game chooses. An
    award is consistent when some set of the other contributions came before it without
    passing the hit value (the disclosed ``hit`` for the first award; a hit value in the
    configuration's range for later ones), the award is the meter with them and the winner's
    contribution, to the cent, and the contributions left after the last award stay within
    ``hit_after`` (the hit value disclosed after the round)."""
    contribs = mystery_contributions(rules, wagers).get(meter, [])
    by_id = {w.wager_id: (w, c) for w, c in contribs}
    winners = [wid for _, wid, _ in awards]
    if len(set(winners)) != len(winners) or not all(wid in by_id for wid in winners):
        return None
    if meter == MYSTERY_METER:
        config = mystery_configuration(rules)
        assert config is not None
        lo, hi, reset = config.minimum, config.maximum, config.minimum
    else:
        lo, hi, _ = ROYAL_9_MYSTERY[str(_wager_opts(rules, "royal_9")["mystery"])]
        reset = lo
    tried = [0]

    def search(k: int, pool: list[tuple[PlacedWager, Decimal]], base: Decimal) -> Optional[list[PlacedWager]]:
        if k == len(awards):
            ceiling = (hit if k == 0 else hit_after)
            return [w for w, _ in pool] if ceiling is None or base + sum(c for _, c in pool) <= ceiling else None
        w, c = by_id[winners[k]]
        for size in range(len(pool) + 1):
            for chosen in combinations(range(len(pool)), size):
                tried[0] += 1
                if tried[0] > limit:
                    return None
                s = base + sum(pool[i][1] for i in chosen)
                crosses = (s <= hit < s + c) if k == 0 and hit is not None else (s <= hi and s + c > lo)
                if not crosses or to_cent(s + c) != awards[k][2]:
                    continue
                rest = [x for i, x in enumerate(pool) if i not in chosen]
                tail = search(k + 1, rest, reset)
                if tail is not None:
                    return [pool[i][0] for i in chosen] + [w] + tail
        return None

    return search(0, [x for x in contribs if x[0].wager_id not in winners], before)


def expected_round(rules: dict, before: dict[str, Decimal], hit_values: dict[str, Decimal],
                   wagers: Sequence[PlacedWager], coup: Coup, section: str = "631c",
                   new_hit_values: Optional[dict[str, Decimal]] = None,
                   awards_seen: Optional[Sequence[tuple[int, str]]] = None,
                   paid_seen: Optional[dict[str, Decimal]] = None) -> RoundMeters:
    """Apply one round to the meters ``before`` (name -> amount).

    ``hit_values``: the mystery hit values disclosed before the round;
    ``new_hit_values``: those disclosed after it, i.e. in effect after the round's last
    award of that meter. ``awards_seen``: the game's mystery awards of the round, in
    order, as (seat, meter); ``None`` when not known. ``section``: "629b" or "627b"
    for Royal 9 clause ids.

    Interpretation mystery-hit-within-round: when one round awards a mystery meter more
    than once, the hit values between those awards were drawn and spent inside the
    round and never disclosed. Such a hit value is only known to lie in the
    configuration's range [minimum, maximum] (§ 631c.6(c)(3), § 629b.3(h) "Reseed" to
    "Random Must-Hit-By"), so an award the game reports there is accepted when the
    meter is then above the minimum (some hit value in range is exceeded) and no
    earlier contribution had taken it above the maximum; a meter above the maximum
    must be awarded. Every award's amount (the whole meter, to the cent) and every
    meter after the round is still judged exactly.

    ``paid_seen``: wager id -> the amount the game paid, where known. Interpretation
    royal-9-two-rows-first-or-larger: a Royal 9 wager whose deal qualifies under a jackpot
    row and a later row that pays more is paid either; a game that paid the larger
    award's amount is judged by that row (no jackpot, its meter not reset).
    """
    m = dict(before)
    awards: list[tuple[int, str, str, Decimal]] = []
    jackpots: dict[str, tuple[str, Decimal]] = {}
    why: dict[str, str] = {}
    hits: dict[str, Optional[Decimal]] = dict(hit_values)
    resets = reset_amounts(rules, section)
    seats_with_baccarat = {w.seat for w in wagers if w.wager_type in ("banker", "player", "tie")}
    seen = list(awards_seen or ())

    def next_hit(meter: str) -> Optional[Decimal]:
        """The hit value after an award: the disclosed post-round one once the game reports
        no further award of ``meter`` in this round, else undisclosed (``None``)."""
        made = sum(1 for a in awards if a[2] == meter)
        if sum(1 for _, mt in seen if mt == meter) > made:
            return None
        return (new_hit_values or {}).get(meter, Decimal("Infinity"))

    def mystery(meter: str, w: PlacedWager, amount: Decimal, clause: str, reset_clause: str,
                bounds: tuple[Decimal, Decimal]) -> None:
        m[meter] += amount
        why[meter] = clause
        if meter not in hits:
            return
        hit = hits[meter]
        if hit is None:  # an undisclosed hit value in [minimum, maximum]
            made = [a for a in awards if a[2] == meter]
            reported = [s for s, mt in seen if mt == meter]
            wins = m[meter] > bounds[1] or (m[meter] > bounds[0] and len(reported) > len(made)
                                             and reported[len(made)] == w.seat)
        else:
            wins = m[meter] > hit
        if wins:
            awards.append((w.seat, w.wager_id, meter, to_cent(m[meter])))
            m[meter] = resets[meter][0]
            why[meter] = reset_clause
            hits[meter] = next_hit(meter)

    # contributions, wager by wager, when betting closes
    config = mystery_configuration(rules)
    r9 = _wager_opts(rules, "royal_9")
    harmony_rates = HARMONY_RATES.get(str(_wager_opts(rules, "harmony").get("paytable", "A")))
    for w in wagers:
        if w.wager_type == "heavenly_9" and HEAVENLY_9_METER in m:
            m[HEAVENLY_9_METER] += w.amount * HEAVENLY_9_INCREMENT
            why[HEAVENLY_9_METER] = "631c.2(i)[table]"
            if config and w.seat in seats_with_baccarat and w.amount >= config.minimum_wager:
                mystery(MYSTERY_METER, w, w.amount * config.rate, "631c.6(c)(4)", "631c.6(c)(5)(iv)",
                        (config.minimum, config.maximum))
        elif w.wager_type == "royal_9" and ROYAL_9_METERS["mega"] in m:
            for j, meter in ROYAL_9_METERS.items():
                m[meter] += w.amount * percent(str((r9.get("rates") or {})[j]))
                why[meter] = royal_9_rates_clause(section, str(r9.get("denomination", "5")))
            if r9.get("mystery"):
                low, high, rate = ROYAL_9_MYSTERY[str(r9["mystery"])]
                mystery(ROYAL_9_MYSTERY_METER, w, w.amount * rate, f"{section}.3(h)[table]",
                        f"{section}.3(h)[table]", (low, high))
        elif w.wager_type == "harmony" and HARMONY_METER in m and harmony_rates:
            m[HARMONY_METER] += w.amount * harmony_rates[0]
            m[HARMONY_RESERVE_METER] += w.amount * harmony_rates[1]
            why[HARMONY_METER] = why[HARMONY_RESERVE_METER] = harmony_table_clause(
                "629b.7(j)", str(_wager_opts(rules, "harmony").get("paytable", "A")))

    # jackpots, in the order the wagers are settled (Royal 9 first: before any third card)
    order = sorted(wagers, key=lambda w: (w.wager_type != "royal_9",))
    for w in order:
        if w.wager_type == "royal_9" and ROYAL_9_METERS["mega"] in m:
            rows = royal_9_rows(coup, str(r9.get("denomination", "5")), w.seat, royal_9_combinations(rules))
            row = rows[0] if rows else None
            larger = royal_9_larger_award(rows, m)
            if larger is not None and (paid_seen or {}).get(w.wager_id) == royal_9_award(larger, m):
                row = larger
            if row and row.key in ROYAL_9_METERS:
                meter = ROYAL_9_METERS[row.key]
                jackpots[w.wager_id] = (meter, to_cent(m[meter]))
                m[meter] = resets[meter][0]
                why[meter] = f"{section}.3{row.clause}"
        elif w.wager_type == "heavenly_9" and HEAVENLY_9_METER in m:
            row = heavenly_9_row(coup)
            if row and row.key == "suited_tie":
                jackpots[w.wager_id] = (HEAVENLY_9_METER, to_cent(m[HEAVENLY_9_METER]))
                m[HEAVENLY_9_METER] = HEAVENLY_9_SEED
                why[HEAVENLY_9_METER] = resets[HEAVENLY_9_METER][1]  # "Meter seed/reseed | \$10,000"
        elif w.wager_type == "harmony" and HARMONY_METER in m:
            row = harmony_row(coup, str(_wager_opts(rules, "harmony").get("paytable", "A")))
            if row and row.key == "six_of_a_kind":
                jackpots[w.wager_id] = (HARMONY_METER, to_cent(m[HARMONY_METER]))
                m[HARMONY_METER] = resets[HARMONY_METER][0] + m[HARMONY_RESERVE_METER]
                m[HARMONY_RESERVE_METER] = Decimal(0)
                why[HARMONY_METER] = why[HARMONY_RESERVE_METER] = "629b.7(j)"
    return RoundMeters(m, awards, jackpots, why)


# ====================================================================== the meters judged over one round
def section_of(rules: dict) -> str:
    """"627b" for a Minibaccarat Rules Submission, else "629b": the chapter whose § .3
    (Royal 9) clause ids name the meters' clauses."""
    return "627b" if rules.get("variant") == "minibaccarat" else "629b"


def meter_rate_clause(rules: dict, meter: str) -> str:
    """The clause that sets how ``meter`` grows with each wager: § 631c.2(i)[table]
    ("Increment rate 10%"), § 631c.6(c)(4) (the mystery configuration), § 629b.3(f)(2) or
    (g)(2) (§ 627b.3 likewise: "The rate of progression for the meters used for the Royal 9
    Progressive wager"), the § 629b.3(h) table, the § 629b.7(j) table of the paytable."""
    if meter == MYSTERY_METER:
        return "631c.6(c)(4)"
    if meter in ROYAL_9_METERS.values():
        return royal_9_rates_clause(section_of(rules), str(_wager_opts(rules, "royal_9").get("denomination", "5")))
    if meter in (HARMONY_METER, HARMONY_RESERVE_METER):
        return harmony_table_clause("629b.7(j)", str(_wager_opts(rules, "harmony").get("paytable", "A")))
    return reset_amounts(rules, section_of(rules)).get(meter, (None, "631c.2(i)[table]"))[1]


def jackpot_clause(rules: dict, meter: str) -> str:
    """The pay table that pays 100% of ``meter``: § 631c.2(i)[table] (Heavenly 9),
    § 629b.3(f)(1)[table] or (g)(1)[table] (Royal 9, § 627b.3 likewise), the § 629b.7(i)
    table of the Harmony paytable."""
    if meter in ROYAL_9_METERS.values():
        return royal_9_paytable_clause(section_of(rules), str(_wager_opts(rules, "royal_9").get("denomination", "5")))
    if meter in (HARMONY_METER, HARMONY_RESERVE_METER):
        return harmony_table_clause("629b.7(i)", str(_wager_opts(rules, "harmony").get("paytable", "A")))
    return "631c.2(i)[table]"


@dataclass(frozen=True)
class MeterProblem:
    """The first way a round's meters, awards or jackpots part from the regulation's
    account (:func:`judge_meters`). ``kind``: ``jackpot`` (a wager due 100% of ``meter``
    not paid it: ``wager_id``; ``role`` ``payout`` when it won another amount, else
    ``outcome``), ``award`` (the mystery awards differ: ``role`` ``payout`` when the right
    seats were paid the wrong amounts, else ``award``; ``meter`` the first that differs) or
    ``meter`` (``meter`` reads another amount after the round; ``clause`` the one that
    decides its amount, or None). ``clause``: the oracle's clause of the problem (for an
    award, ``None`` when the meter has no clauses of its own). ``required``, ``observed``:
    one sentence each."""

    kind: str
    meter: str
    clause: Optional[str]
    required: str
    observed: str
    wager_id: Optional[str] = None
    role: str = ""


def contribution_order(rules: dict, before: dict[str, Decimal], hits_before: dict[str, Optional[Decimal]],
                       hits_after: dict[str, Optional[Decimal]], placed: Sequence[PlacedWager],
                       seen_awards: Sequence[tuple[int, str, str, Decimal]]) -> list[PlacedWager]:
    """``placed`` reordered so that each mystery meter's contributions reach it in an order
    under which the game's ``seen_awards`` (seat, wager id, meter, amount) are right
    (interpretation mystery-bonus-hit: the order of one round's contributions is the
    game's, :func:`mystery_order`), when there is one; else as placed."""
    order = list(placed)
    for meter in mystery_contributions(rules, placed):
        if meter not in before:
            continue
        awards = [(s, w, a) for s, w, mt, a in seen_awards if mt == meter]
        found = mystery_order(rules, meter, before[meter], hits_before.get(meter), placed, awards,
                              hits_after.get(meter))
        if found is not None:
            ids = {w.wager_id for w in found}
            order = found + [w for w in order if w.wager_id not in ids]
    return order


def judge_meters(rules: dict, before: dict[str, Decimal], hits_before: dict[str, Optional[Decimal]],
                 placed: Sequence[PlacedWager], coup: Coup, seen_awards: Sequence[tuple[int, str, str, Decimal]],
                 settled: dict[str, tuple[str, Decimal]], after: Sequence[tuple[str, dict[str, Decimal]]],
                 hits_after: dict[str, Optional[Decimal]], label: str = "the round",
                 ) -> tuple[RoundMeters, list[PlacedWager], Optional[MeterProblem]]:
    """One round's progressive meters judged against the regulation's account
    (:func:`expected_round`), to the cent: the jackpots paid (100% of a meter), the mystery
    awards (Must-Hit-By, § 631c.6(c)(5)(iii), (c)(7); § 629b.3(h)), then every meter after
    the round (its rate of progression, its reset or reseed: the clause ``why`` names).

    ``before``: meter -> amount before the round; ``hits_before`` / ``hits_after``: the
    mystery hit values disclosed before and after it (``None``: not disclosed, known only to
    lie in the configuration's range: interpretation mystery-hit-within-round);
    ``placed``: the round's wagers in the order placed; ``seen_awards``: the game's mystery
    awards (seat, wager id, meter, amount) in order; ``settled``: wager id -> (result,
    amount returned in all); ``after``: (where, meter -> amount) for each place the meters
    after the round are read (a meter missing from one reads as absent). Returns the
    account, the contribution order it used, and the first :class:`MeterProblem` or None.
    """
    paid = {wid: amount for wid, (result, amount) in settled.items() if result == "win"}
    section = section_of(rules)

    def account(order: list[PlacedWager]) -> RoundMeters:
        return expected_round(rules, before, hits_before, order, coup, section, hits_after,  # type: ignore[arg-type]
                              [(s, mt) for s, _, mt, _ in seen_awards], paid)

    order = list(placed)
    want = account(order)
    if [(s, mt, a) for s, _, mt, a in seen_awards] != [(s, mt, a) for s, _, mt, a in want.awards]:
        order = contribution_order(rules, before, hits_before, hits_after, order, seen_awards)
        want = account(order)
    for wid, (meter, amount) in want.jackpots.items():
        got = settled.get(wid)
        if got is None or got[0] != "win" or got[1] != amount:
            return want, order, MeterProblem(
                "jackpot", meter, jackpot_clause(rules, meter), f"in {label}, wager {wid} is paid 100% of the {meter} "
                f"meter, ${amount}", "no settlement" if got is None else f"settled {got[0]}, returned ${got[1]} in all",
                wager_id=wid, role="payout" if got is not None and got[0] == "win" else "outcome")
    seen = [(s, mt, a) for s, _, mt, a in seen_awards]
    expected = [(s, mt, a) for s, _, mt, a in want.awards]
    if seen != expected:
        role = "payout" if [(s, mt) for s, mt, _ in seen] == [(s, mt) for s, mt, _ in expected] else "award"
        differing = ""
        for a, b in zip_longest(seen, expected):
            if a is None or b is None or a != b:
                differing = (a or b)[1]
                break
        own = MYSTERY_CLAUSES.get(differing)
        return want, order, MeterProblem(
            "award", differing, own[role].format(section=section) if own else None,
            f"in {label}, the mystery awards are {[f'seat {s}: ${a} from {mt}' for s, mt, a in expected] or 'none'}",
            f"{[f'seat {s}: ${a} from {mt}' for s, mt, a in seen] or 'none'}", role=role)
    for name, amount in want.after.items():
        for where, seen_after in after:
            got_amount = seen_after.get(name)
            if got_amount is None or to_cent(got_amount) != to_cent(amount):
                return want, order, MeterProblem(
                    "meter", name, want.why.get(name), f"after {label}, the {name} meter reads ${to_cent(amount)} "
                    f"(${before[name]} before; {want.why.get(name, 'no change')})",
                    f"{'no such meter' if got_amount is None else '$' + str(got_amount)} {where}")
    return want, order, None
