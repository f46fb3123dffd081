"""The rules oracle agrees with the regulation's own worked examples and tables.

The oracle (``oracle/ch631a.py``) is written from the text of 58 Pa. Code Ch. 631a
as data; these tests hold it to the text: the examples the regulation works through
(§ 631a.6(b)(1)-(2), § 631a.11(g)), Table 1 cell for cell against the printed grid,
and every paytable row. Where the regulation corpus is installed, the printed grid
is also compared with the corpus's parse of the source text.
"""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest

from baccarat_conformance.oracle import Odds
from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle.settlement import covered_wager_types, settlers
from baccarat_conformance.inputs.profile import RulesSubmission, WagerOptions

ORACLE_DIR = Path(ch631a.__file__).resolve().parent

# § 631a.11(c)(2)(iii) Table 1 as printed: rows are the Point Count of the Banker's Hand
# after two cards, columns the value of the third card drawn by the Player's Hand, 0 to 9.
PRINTED_TABLE_1 = """
        0  1  2  3  4  5  6  7  8  9
    3   D  D  D  D  D  D  D  D  S  D
    4   S  S  D  D  D  D  D  D  S  S
    5   S  S  S  S  D  D  D  D  S  S
    6   S  S  S  S  S  S  D  D  S  S
"""

# § 631a.13(e), as printed.
PRINTED_DRAGON_BONUS = [
    ("Win by 9 points", "30 to 1", "20 to 1", "30 to 1"),
    ("Win by 8 points", "10 to 1", "8 to 1", "10 to 1"),
    ("Win by 7 points", "6 to 1", "7 to 1", "4 to 1"),
    ("Win by 6 points", "4 to 1", "4 to 1", "4 to 1"),
    ("Win by 5 points", "2 to 1", "3 to 1", "2 to 1"),
    ("Win by 4 points", "1 to 1", "1 to 1", "2 to 1"),
    ("Natural winner", "1 to 1", "1 to 1", "1 to 1"),
    ("Natural tie", "Push", "Push", "Push"),
]

# § 631a.13(h), as printed ("payable" read as paytable: payable-means-paytable).
PRINTED_HOUSE_MONEY = [("Player and Banker Pair", "15 to 1"), ("Player or Banker Pair", "3 to 1")]


def _grid(text: str) -> dict[int, tuple[str, ...]]:
    lines = [line.split() for line in text.strip().splitlines()]
    assert lines[0] == [str(v) for v in range(10)]
    return {int(row[0]): tuple(row[1:]) for row in lines[1:]}


def _corpus_table(clause_id: str):
    try:
        from baccarat_conformance.corpus import load_corpus

        return load_corpus().by_id[clause_id].table
    except Exception:  # the corpus is another area's deliverable; without it only the literal grid is used
        return None


# ------------------------------------------------------------------ § 631a.6
def test_631a_6_b_1_ace_two_four_is_seven():
    """§ 631a.6(b)(1): "A hand composed of an ace, 2 and 4 has a Point Count of 7." """
    assert ch631a.point_count(["AC", "2D", "4H"]) == 7


def test_631a_6_b_2_ace_two_nine_totals_twelve_but_counts_two():
    """§ 631a.6(b)(2): "A hand composed of an ace, 2 and 9 has a total value of 12 but a
    Point Count of only 2 since the left digit in the number 12 is discarded." """
    hand = ["AS", "2C", "9D"]
    assert sum(ch631a.card_value(c) for c in hand) == 12
    assert ch631a.point_count(hand) == 2


@pytest.mark.parametrize("rank,value", [("A", 1), ("2", 2), ("5", 5), ("9", 9), ("10", 0), ("J", 0), ("Q", 0),
                                        ("K", 0)])
def test_631a_6_a_card_values(rank, value):
    for suit in "CDHS":
        assert ch631a.card_value(rank + suit) == value


# ------------------------------------------------------------------ § 631a.11
def test_table_1_equals_the_printed_grid():
    """Every one of the 40 cells of Table 1 equals the grid printed in § 631a.11(c)(2)(iii)."""
    assert ch631a.TABLE_1 == _grid(PRINTED_TABLE_1)


def test_table_1_equals_the_corpus_parse_of_the_source_text():
    table = _corpus_table("631a.11(c)(2)(iii)[Table 1]")
    if table is None:
        pytest.skip("the regulation corpus is not installed")
    assert table.columns[1:] == tuple(str(v) for v in range(10))
    assert {int(row[0]): tuple(row[1:]) for row in table.rows} == ch631a.TABLE_1


def test_631a_11_g_worked_example_banker_5_player_third_card_4_draws():
    """§ 631a.11(g): "if the Point Count of the Banker's Hand after two cards is 5 and the
    value of the third card drawn by the Player's Hand is 4, the table shows that the
    Banker's Hand shall draw a third card." """
    assert ch631a.TABLE_1[5][4] == "D"
    assert ch631a.banker_draws(5, 4) is True
    coup = ch631a.deal(["AC", "2D", "2H", "3S", "4C", "KD"])  # Player A 2 (3) draws 4; Banker 2 3 (5)
    assert coup.banker == ("2D", "3S", "KD")


@pytest.mark.parametrize("banker", range(10))
@pytest.mark.parametrize("third", range(10))
def test_banker_rule_outside_table_1(banker, third):
    """§ 631a.11(c)(2)(i)-(ii): less than 3 draws, 7 stays, whatever the third card."""
    if banker < 3:
        assert ch631a.banker_draws(banker, third)
    elif banker == 7:
        assert not ch631a.banker_draws(banker, third)
    elif banker in (3, 4, 5, 6):
        assert ch631a.banker_draws(banker, third) == (_grid(PRINTED_TABLE_1)[banker][third] == "D")


def test_player_rule_and_banker_when_player_stays():
    """§ 631a.11(b)(1)-(2), (c)(1)."""
    assert [ch631a.player_draws(p) for p in range(8)] == [True] * 6 + [False] * 2
    assert [ch631a.banker_draws(b, None) for b in range(8)] == [True] * 6 + [False] * 2


def test_a_natural_stops_both_hands():
    """§ 631a.11(a): Player's Natural 8 against a Banker's 0: nobody draws."""
    coup = ch631a.deal(["8C", "KD", "QH", "JS", "2C", "3D"])
    assert (coup.player, coup.banker) == (("8C", "QH"), ("KD", "JS"))


@pytest.mark.parametrize("cards,player,banker", [
    (["8C", "KD", "QH", "JS", "2C", "3D"], "631a.11(a)", "631a.11(a)"),
    (["3C", "KD", "3H", "5S", "2C", "3D"], "631a.11(b)(2)", "631a.11(c)(1)"),
    (["2C", "KD", "3H", "JS", "4D", "3D"], "631a.11(b)(1)", "631a.11(c)(2)(i)"),
    (["2C", "KD", "3H", "7S", "4D", "3D"], "631a.11(b)(1)", "631a.11(c)(2)(ii)"),
    (["2C", "KD", "3H", "5S", "4D", "3D"], "631a.11(b)(1)", "631a.11(c)(2)(iii)"),
])
def test_deciding_clause_names_the_draw_rule_of_each_hand(cards, player, banker):
    """The clause that decides each hand's third card: a Natural, the Player's rule,
    the Banker's rule after the Player stays, or after the Player's third card."""
    coup = ch631a.deal(cards)
    assert (ch631a.deciding_clause(coup, "player"), ch631a.deciding_clause(coup, "banker")) == (player, banker)


# ------------------------------------------------------------------ § 631a.13 paytables
@pytest.mark.parametrize("i,letter", list(enumerate("ABC")))
def test_dragon_bonus_paytables_equal_the_printed_rows(i, letter):
    keys = ["win_by_9", "win_by_8", "win_by_7", "win_by_6", "win_by_5", "win_by_4", "natural_winner", "natural_tie"]
    for key, printed in zip(keys, PRINTED_DRAGON_BONUS):
        assert ch631a.DRAGON_BONUS_PAYTABLES_TEXT[key] == printed
        cell = printed[i + 1]
        odds = ch631a.DRAGON_BONUS_PAYTABLES[letter][key]
        assert (odds is None) if cell == "Push" else (odds == Odds.parse(cell))


def test_dragon_bonus_paytable_equals_the_corpus_parse():
    table = _corpus_table("631a.13(e)[table]")
    if table is None:
        pytest.skip("the regulation corpus is not installed")
    assert [tuple(r) for r in table.rows] == PRINTED_DRAGON_BONUS


def test_house_money_paytable_equals_the_printed_rows():
    assert ch631a.HOUSE_MONEY_ODDS == {"both_pairs": Odds.parse(PRINTED_HOUSE_MONEY[0][1]),
                                      "one_pair": Odds.parse(PRINTED_HOUSE_MONEY[1][1])}
    table = _corpus_table("631a.13(h)[table]")
    if table is not None:
        assert [tuple(r) for r in table.rows] == PRINTED_HOUSE_MONEY


TEN = Decimal("10.00")


@pytest.mark.parametrize("cards,hand,paytable,result,paid,row", [
    # Player 9 (4 5) against Banker 0 (K Q): not Naturals? 9 on two cards is a Natural: natural winner
    (["4C", "KD", "5H", "QS"], "player", "A", "win", "20.00", "natural_winner"),
    # § 631a.8(a)(4)(i)(B): a Natural 9 against a Natural 8 wins (natural winner)
    (["9C", "8D", "KH", "QS"], "player", "A", "win", "20.00", "natural_winner"),
    # § 631a.8(a)(4)(ii)(A): a Natural 8 against a Natural 9 loses
    (["9C", "8D", "KH", "QS"], "banker", "A", "lose", "0.00", "natural_loser"),
    # § 631a.8(a)(4)(iii): Naturals of equal Point Count tie (push)
    (["9C", "9D", "KH", "QS"], "player", "B", "push", "10.00", "natural_tie"),
    # Player 9 on three cards (A 3 5) against Banker 0 on three (K Q J): win by 9, paytable A 30 to 1
    (["AC", "KD", "3H", "QS", "5C", "JD"], "player", "A", "win", "310.00", "win_by_9"),
    (["AC", "KD", "3H", "QS", "5C", "JD"], "player", "B", "win", "210.00", "win_by_9"),
    # Player 7 (A 2 4) against Banker 3 (K 3 ...): win by 4, paytable C 2 to 1
    (["AC", "KD", "2H", "3S", "4C", "QD"], "player", "C", "win", "30.00", "win_by_4"),
    # § 631a.8(a)(4)(ii)(C): win by less than four points loses
    (["AC", "KD", "2H", "4S", "4C", "QD"], "player", "A", "lose", "0.00", "win_by_less_than_4"),
])
def test_dragon_bonus_rows(cards, hand, paytable, result, paid, row):
    coup = ch631a.deal(cards)
    exp = ch631a.settle_dragon_bonus(coup, hand, TEN, paytable)
    assert (exp.result, exp.paid, exp.outcome, exp.vigorish) == (result, Decimal(paid), row, 0)


def test_base_wager_odds():
    """§ 631a.13(a)-(c), (f)-(h) on $10.00."""
    player_wins = ch631a.deal(["9C", "KD", "QH", "JS"])
    tie = ch631a.deal(["9C", "9D", "KH", "QS"])
    assert ch631a.settle_player(player_wins, TEN).paid == Decimal("20.00")
    assert ch631a.settle_tie(tie, TEN, Odds.parse("8 to 1")).paid == Decimal("90.00")
    assert ch631a.settle_tie(tie, TEN, Odds.parse("9 to 1")).paid == Decimal("100.00")
    assert ch631a.settle_banker(tie, TEN, ez=False, vig_rounding=True).result == "push"
    dragon_7 = ch631a.deal(["AC", "4D", "KH", "QS", "5C", "3D"])  # Player 6 (A K 5), Banker 7 on three (4 Q 3)
    assert ch631a.is_dragon_7(dragon_7)
    assert ch631a.settle_dragon_7(dragon_7, TEN).paid == Decimal("410.00")
    assert ch631a.settle_banker(dragon_7, TEN, ez=True, vig_rounding=False).result == "push"
    panda_8 = ch631a.deal(["AC", "KD", "2H", "QS", "5C", "7D"])  # Player 8 on three (A 2 5), Banker 7
    assert ch631a.is_panda_8(panda_8)
    assert ch631a.settle_panda_8(panda_8, TEN).paid == Decimal("260.00")
    both = ch631a.deal(["4C", "8D", "4H", "8S"])  # a pair in each hand; Player 8 vs Banker 6
    assert ch631a.settle_house_money(both, TEN).paid == Decimal("160.00")
    one = ch631a.deal(["4C", "8D", "4H", "9S"])
    assert ch631a.settle_house_money(one, TEN).paid == Decimal("40.00")


@pytest.mark.parametrize("stake,rounding,vig", [
    ("10.00", True, "0.50"), ("7.00", True, "0.50"), ("7.00", False, "0.35"), ("1.00", True, "0.25"),
    ("1.00", False, "0.05"), ("5.01", True, "0.50"), ("100.00", True, "5.00"), ("0.10", False, "0.01"),
])
def test_vigorish_631a_13_c(stake, rounding, vig):
    """§ 631a.13(c): 5% of the amount won; optionally "25¢ or the next highest multiple of 25¢"."""
    assert ch631a.vigorish(Decimal(stake), rounding) == Decimal(vig)


@pytest.mark.parametrize("won, rounding, tracked, accepted", [
    ("12.00", True, False, ("0.75",)),
    ("12.00", True, True, ("0.75", "0.60")),  # tracked: marked exact, rounded when collected
    ("12.50", True, True, ("0.75", "0.62", "0.63")),
    ("12.50", False, True, ("0.62", "0.63")),
    ("20.00", True, True, ("1.00",)),
])
def test_vigorish_accepted_631a_13_c(won, rounding, tracked, accepted):
    """Interpretation 631a.13-c-round-up-to-25c: tracked, a mark may be rounded or exact."""
    assert ch631a.vigorish_accepted(Decimal(won), rounding, tracked=tracked) == tuple(map(Decimal, accepted))


@pytest.mark.parametrize("marks, rounding, accepted", [
    (("0.60", "0.60"), True, ("1.50", "1.25")),  # each mark rounded, or the total rounded
    (("0.75", "0.75"), True, ("1.50",)),
    (("0.60", "0.60"), False, ("1.20",)),
    ((), True, ("0",)),
])
def test_vigorish_collection_accepted_631a_13_c(marks, rounding, accepted):
    got = ch631a.vigorish_collection_accepted([Decimal(m) for m in marks], rounding)
    assert got == tuple(map(Decimal, accepted))


def test_no_vigorish_in_ez_baccarat_or_on_dragon_bonus():
    banker_wins = ch631a.deal(["KC", "9D", "QH", "JS"])
    assert ch631a.settle_banker(banker_wins, TEN, ez=True, vig_rounding=True).vigorish == 0
    assert ch631a.settle_banker(banker_wins, TEN, ez=False, vig_rounding=True).vigorish == Decimal("0.50")
    assert ch631a.settle_dragon_bonus(banker_wins, "banker", TEN, "A").vigorish == 0


# ------------------------------------------------------------------ independence and coverage
def test_oracle_never_imports_the_reference_game():
    """The oracle is the answer key: it is written from the regulation, never derived
    from the reference game it grades."""
    for path in ORACLE_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any("reference_game" in n for n in names), f"{path.name} imports {names}"


def test_settlers_cover_chapter_631a():
    assert set(settlers()) >= {"banker", "player", "tie", "dragon_bonus", "dragon_7", "panda_8", "house_money"}
    plain = RulesSubmission()
    assert covered_wager_types(plain) == ("banker", "player", "tie")
    ez = RulesSubmission(variant="ez_baccarat", wagers={"dragon_7": WagerOptions(), "panda_8": WagerOptions(),
                                                         "dragon_bonus": WagerOptions(paytable="B")})
    assert set(covered_wager_types(ez)) == {"banker", "player", "tie", "dragon_7", "panda_8", "dragon_bonus"}
    assert covered_wager_types(RulesSubmission(variant="midibaccarat")) == ()


def test_the_settlement_order_of_any_round():
    """§ 631a.12(b) over any round (the property scenarios' rule): losers collected first,
    payments from the highest seat down, each vigorish right after its seat's payment."""
    from baccarat_conformance.oracle.settlement_order import Settlement as S, order_problem

    good = [S("collect", 2, "a"), S("pay", 9, "b"), S("vigorish", 9), S("pay", 4, "c"), S("vigorish", 4)]
    assert order_problem(good) is None and order_problem([]) is None
    assert "losing wager" in order_problem([S("pay", 9, "b"), S("collect", 2, "a")]).required
    assert "highest" in order_problem([S("pay", 4, "c"), S("pay", 9, "b")]).required
    assert "vigorish" in order_problem([S("pay", 9, "b"), S("pay", 4, "c"), S("vigorish", 9)]).required
    assert "vigorish" in order_problem([S("vigorish", 9), S("pay", 9, "b")]).required


@pytest.mark.parametrize("cards", [["ZZ", "2H"], ["2H", "1S"], ["", "2H"]])
def test_a_string_that_is_no_card_is_named_by_point_count_and_card_value(cards):
    # the 52-string lookup of the hot path falls back to the rank, which names the card
    bad = next(c for c in cards if c not in ("2H",))
    with pytest.raises(ValueError, match=f"not a card: {bad!r}"):
        ch631a.point_count(cards)
    with pytest.raises(ValueError, match="not a card"):
        ch631a.card_value(bad)


def test_point_count_of_every_card_string_by_rank_equals_the_lookup():
    # the remembered values are § 631a.6(a)'s, for every card string of every suit
    for r, v in ch631a.CARD_VALUES.items():
        for s in "CDHS":
            assert ch631a.card_value(r + s) == v and ch631a.point_count([r + s, "9S"]) == (v + 9) % 10


def test_remembered_odds_and_returns_raise_again_and_stay_exact():
    for _ in range(2):  # the second call meets the remembered parse and total
        with pytest.raises(ValueError, match="not payout odds"):
            Odds.parse("8 to")
        with pytest.raises(ValueError, match="not a whole number of cents"):
            Odds.parse("1 to 3").total_return(Decimal("1.00"))
        assert Odds.parse("2.5 to 1").total_return(Decimal("7.50")) == Decimal("26.25")
        assert Odds.parse("299 for 1").total_return(Decimal("1.00")) == Decimal("299.00")
