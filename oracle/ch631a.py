"""The rules of 58 Pa. Code Ch. 631a (Baccarat), written as data from the text.

This module is the harness's answer key. The bundled reference game never imports
it (an import-linter contract enforces that): a conformance suite that grades its
own answer key proves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Optional, Sequence

from .odds import Odds

# § 631a.6(a): "(1) Any card from 2 to 9 shall have its face value. (2) Any 10, jack,
# queen or king shall have a value of zero. (3) Any ace shall have a value of one."
CARD_VALUES = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 0, "J": 0, "Q": 0, "K": 0,
}

# § 631a.11(c)(2)(iii) Table 1, copied cell for cell. Rows: Point Count of the
# Banker's Hand after two cards; columns: value of the third card drawn by the
# Player's Hand, 0 to 9. "D" draw, "S" stay (§ 631a.11(f)).
TABLE_1_TEXT = """
3 D D D D D D D D S D
4 S S D D D D D D S S
5 S S S S D D D D S S
6 S S S S S S D D S S
"""
TABLE_1: dict[int, tuple[str, ...]] = {
    int(row.split()[0]): tuple(row.split()[1:]) for row in TABLE_1_TEXT.strip().splitlines()
}
# § 631a.11(d)-(g) explain how Table 1 is read ((g) works an example): a decision of
# § 631a.11(c)(2)(iii) is theirs as much as its own.
TABLE_1_CLAUSES = ("631a.11(c)(2)(iii)", "631a.11(c)(2)(iii)[Table 1]", "631a.11(d)", "631a.11(e)", "631a.11(f)",
                   "631a.11(g)")

# § 631a.13(e): Dragon Bonus paytables, as printed.
DRAGON_BONUS_PAYTABLES_TEXT = {
    "win_by_9": ("Win by 9 points", "30 to 1", "20 to 1", "30 to 1"),
    "win_by_8": ("Win by 8 points", "10 to 1", "8 to 1", "10 to 1"),
    "win_by_7": ("Win by 7 points", "6 to 1", "7 to 1", "4 to 1"),
    "win_by_6": ("Win by 6 points", "4 to 1", "4 to 1", "4 to 1"),
    "win_by_5": ("Win by 5 points", "2 to 1", "3 to 1", "2 to 1"),
    "win_by_4": ("Win by 4 points", "1 to 1", "1 to 1", "2 to 1"),
    "natural_winner": ("Natural winner", "1 to 1", "1 to 1", "1 to 1"),
    "natural_tie": ("Natural tie", "Push", "Push", "Push"),
}
DRAGON_BONUS_PAYTABLES: dict[str, dict[str, Optional[Odds]]] = {
    letter: {
        row: (None if cells[i + 1] == "Push" else Odds.parse(cells[i + 1]))
        for row, cells in DRAGON_BONUS_PAYTABLES_TEXT.items()
    }
    for i, letter in enumerate("ABC")
}

PLAYER_ODDS = Odds.parse("1 to 1")  # § 631a.13(a)
BANKER_ODDS = Odds.parse("1 to 1")  # § 631a.13(c)
MIN_TIE_ODDS = Odds.parse("8 to 1")  # § 631a.13(b) "at least 8 to 1"
DRAGON_7_ODDS = Odds.parse("40 to 1")  # § 631a.13(f)
PANDA_8_ODDS = Odds.parse("25 to 1")  # § 631a.13(g)
HOUSE_MONEY_ODDS = {  # § 631a.13(h)
    "both_pairs": Odds.parse("15 to 1"),  # "Player and Banker Pair"
    "one_pair": Odds.parse("3 to 1"),  # "Player or Banker Pair"
}
VIGORISH_RATE = Decimal("0.05")  # § 631a.13(c) "5% of the amount won"
VIGORISH_STEP = Decimal("0.25")  # § 631a.13(c) "25¢ or the next highest multiple of 25¢"


def rank(card: str) -> str:
    """The rank of a card string (``"10H"`` -> ``"10"``)."""
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


#: the 52 card strings of a deck -> value (§ 631a.6(a)): one lookup a card, the rounds'
#: hot path (a field audit reads millions); anything else goes through :func:`card_value`'s rank
_VALUE_OF_CARD = {r + s: v for r, v in CARD_VALUES.items() for s in "CDHS"}


def card_value(card: str) -> int:
    """§ 631a.6(a): the value of a card (``"KD"`` -> 0, ``"AC"`` -> 1, ``"7S"`` -> 7).

    :raises ValueError: naming the card when its rank is none of A, 2-10, J, Q, K."""
    value = _VALUE_OF_CARD.get(card) if isinstance(card, str) else None
    if value is not None:
        return value
    try:
        return CARD_VALUES[rank(card)]
    except KeyError:
        raise ValueError(f"not a card: {card!r}") from None


def point_count(cards: Sequence[str]) -> int:
    """§ 631a.6(b): total value, left digit discarded (0-9).

    :raises ValueError: as :func:`card_value`, for the first card that is not one."""
    try:
        return sum(map(_VALUE_OF_CARD.__getitem__, cards)) % 10
    except (KeyError, TypeError):  # a card outside the 52 strings: the rank decides, or names it
        return sum(card_value(c) for c in cards) % 10


def is_natural(cards: Sequence[str]) -> bool:
    """§ 631a.1 Natural: "a Point Count of 8 or 9 on the first two cards dealt"."""
    return point_count(cards[:2]) >= 8


def player_draws(player_two_card_count: int) -> bool:
    """§ 631a.11(b): draw on a Point Count of less than 6, stay on 6 or more."""
    return player_two_card_count < 6


def banker_draws(banker_two_card_count: int, player_third_card_value: Optional[int]) -> bool:
    """§ 631a.11(c): whether the Banker's Hand draws.

    ``player_third_card_value`` is None when the Player's Hand stayed ((c)(1)).
    """
    if player_third_card_value is None:
        return banker_two_card_count <= 5  # (c)(1)
    if banker_two_card_count < 3:
        return True  # (c)(2)(i)
    if banker_two_card_count == 7:
        return False  # (c)(2)(ii)
    if banker_two_card_count in TABLE_1:
        return TABLE_1[banker_two_card_count][player_third_card_value] == "D"  # (c)(2)(iii)
    return False  # 8 or 9 are Naturals: (a)


@dataclass(frozen=True)
class Coup:
    """The expected deal of one round from a stacked shoe.

    ``player`` and ``banker`` are the hands' cards in order; ``order`` lists
    (card, hand) in dealing order; ``used`` is the number of cards taken.
    """

    player: tuple[str, ...]
    banker: tuple[str, ...]
    order: tuple[tuple[str, str], ...]

    @property
    def used(self) -> int:
        return len(self.order)

    @property
    def player_count(self) -> int:
        return point_count(self.player)

    @property
    def banker_count(self) -> int:
        return point_count(self.banker)

    @property
    def winner(self) -> str:
        p, b = self.player_count, self.banker_count
        return "tie" if p == b else ("player" if p > b else "banker")

    @property
    def natural(self) -> bool:
        return is_natural(self.player) or is_natural(self.banker)


def deal(cards: Sequence[str]) -> Coup:
    """Deal one round from a stacked shoe per §§ 631a.9(c), 631a.10 and 631a.11.

    First and third cards to the Player's Hand, second and fourth to the Banker's
    Hand; third cards to the Player's Hand first, then the Banker's Hand.

    :raises ValueError: when the shoe runs out (§ 631a.15(e) territory).
    """
    if len(cards) < 4:
        raise ValueError(f"a round needs at least 4 cards, the shoe has {len(cards)}")
    it = iter(cards)
    order = []
    p = [next(it)]
    order.append((p[0], "player"))
    b = [next(it)]
    order.append((b[0], "banker"))
    p.append(next(it))
    order.append((p[1], "player"))
    b.append(next(it))
    order.append((b[1], "banker"))
    if not (is_natural(p) or is_natural(b)):
        third = None
        try:
            if player_draws(point_count(p)):
                p.append(next(it))
                order.append((p[2], "player"))
                third = card_value(p[2])
            if banker_draws(point_count(b), third):
                b.append(next(it))
                order.append((b[2], "banker"))
        except StopIteration:
            raise ValueError("the shoe ran out before the round was complete") from None
    return Coup(tuple(p), tuple(b), tuple(order))


def deciding_clause(coup: Coup, hand: str) -> str:
    """The clause that decides whether ``hand`` (``"player"`` or ``"banker"``) gets a
    third card in ``coup``: ``"631a.11(a)"`` (a Natural), ``"631a.11(b)(1)"`` /
    ``"(b)(2)"`` (the Player's Hand draws / stays), ``"631a.11(c)(1)"`` (the Banker's
    Hand after the Player's Hand stayed), ``"631a.11(c)(2)(i)"``, ``"(ii)"`` or
    ``"(iii)"`` (the Banker's Hand after the Player's third card; (iii) is Table 1)."""
    if coup.natural:
        return "631a.11(a)"
    if hand == "player":
        return "631a.11(b)(1)" if player_draws(point_count(coup.player[:2])) else "631a.11(b)(2)"
    if len(coup.player) == 2:
        return "631a.11(c)(1)"
    b2 = point_count(coup.banker[:2])
    return "631a.11(c)(2)(i)" if b2 < 3 else "631a.11(c)(2)(ii)" if b2 == 7 else "631a.11(c)(2)(iii)"


def deal_as_far_as(cards: Sequence[str]) -> tuple[Coup, Optional[str]]:
    """Deal one round from ``cards`` as :func:`deal` does, as far as the stack goes.

    Returns the round (complete, or its cards up to where the stack ran out) and the
    hand that wanted a card the stack does not hold (``"player"`` or ``"banker"``; None
    when the stack completes the round): a round § 631a.15(e) makes void."""
    try:
        return deal(cards), None
    except ValueError:
        pass
    order: list[tuple[str, str]] = []
    hands: dict[str, list[str]] = {"player": [], "banker": []}
    it = iter(cards)
    for hand in ("player", "banker", "player", "banker"):
        card = next(it, None)
        if card is None:
            return Coup(tuple(hands["player"]), tuple(hands["banker"]), tuple(order)), hand
        hands[hand].append(card)
        order.append((card, hand))
    p, b = hands["player"], hands["banker"]
    third = None
    if player_draws(point_count(p)):  # not a Natural: deal() completes every round that is
        card = next(it, None)
        if card is None:
            return Coup(tuple(p), tuple(b), tuple(order)), "player"
        p.append(card)
        order.append((card, "player"))
        third = card_value(card)
    if banker_draws(point_count(b), third):
        return Coup(tuple(p), tuple(b), tuple(order)), "banker"
    raise AssertionError("deal() completes a round the stack holds")  # pragma: no cover


def decision_cards(coup: Coup, hand: str) -> tuple[str, ...]:
    """The cards the third-card decision of ``hand`` rests on: the four initial cards
    (a Natural on either hand stops both, § 631a.11(a)), and for the Banker's Hand the
    Player's third card (§ 631a.11(c)(2))."""
    initial = (*coup.player[:2], *coup.banker[:2])
    return initial + (coup.player[2:3] if hand == "banker" else ())


# § 631a.6(a): the card-value rule of each rank, as a wrong decision's message names it.
VALUE_CLAUSES = {"A": ("631a.6(a)(3)", "an ace counts 1"),
                 "10": ("631a.6(a)(2)", "a 10, jack, queen or king counts zero")}


def value_clauses(cards: Sequence[str]) -> list[tuple[str, str, str]]:
    """The card-value rules of § 631a.6(a) an ace, a 10 or a court card among ``cards``
    brings into a decision: (clause, what the cards include, the rule), e.g.
    ``("631a.6(a)(3)", "an ace", "an ace counts 1")``. Cards 2 to 9 bring none (their
    face value is what any reader takes)."""
    out = []
    if any(rank(c) == "A" for c in cards):
        out.append((VALUE_CLAUSES["A"][0], "an ace", VALUE_CLAUSES["A"][1]))
    zeros = [rank(c) for c in cards if rank(c) in ("10", "J", "Q", "K")]
    if zeros:
        kind = "a 10" if all(r == "10" for r in zeros) else \
            "a court card" if "10" not in zeros else "a 10 and a court card"
        out.append((VALUE_CLAUSES["10"][0], kind, VALUE_CLAUSES["10"][1]))
    return out


def count_clauses(cards: Sequence[str]) -> list[str]:
    """The clauses of § 631a.6 a wrong Point Count of ``cards`` may have broken: the
    value of each kind of card among them ((a)(1) for 2 to 9, (a)(2) for a 10 or a court
    card, (a)(3) for an ace) and, on a two-digit total, the rule that keeps its right
    digit ((b))."""
    ranks = {rank(c) for c in cards}
    out = []
    if ranks & {"2", "3", "4", "5", "6", "7", "8", "9"}:
        out.append("631a.6(a)(1)")
    if ranks & {"10", "J", "Q", "K"}:
        out.append("631a.6(a)(2)")
    if "A" in ranks:
        out.append("631a.6(a)(3)")
    if sum(card_value(c) for c in cards) >= 10:
        out.append("631a.6(b)")
    return out


def is_dragon_7(coup: Coup) -> bool:
    """§ 631a.1 Dragon 7: Banker's Hand Point Count 7 on three cards, Player's Hand less than 7."""
    return len(coup.banker) == 3 and coup.banker_count == 7 and coup.player_count < 7


def is_panda_8(coup: Coup) -> bool:
    """§ 631a.1 Panda 8: Player's Hand Point Count 8 on three cards, Banker's Hand less than 8."""
    return len(coup.player) == 3 and coup.player_count == 8 and coup.banker_count < 8


def vigorish(amount_won: Decimal, round_to_25c: bool) -> Decimal:
    """§ 631a.13(c): 5% of the amount won; optionally rounded "to 25¢ or the next
    highest multiple of 25¢" (the harness reads: up to the next multiple of 25¢, with
    25¢ the least charged on any winning Banker wager)."""
    vig = amount_won * VIGORISH_RATE
    if round_to_25c:
        steps = (vig / VIGORISH_STEP).to_integral_value(rounding=ROUND_CEILING)
        vig = max(steps, Decimal(1)) * VIGORISH_STEP
    return vig.quantize(Decimal("0.01"), rounding=ROUND_CEILING)


@dataclass(frozen=True)
class Expected:
    """The settlement the regulation requires for one wager.

    ``result``: win, lose or push. ``paid``: everything returned to the player.
    ``vigorish``: commission owed. ``outcome``: the paytable row, when one applies.
    ``clause``: the clause that decides it.
    """

    result: str
    paid: Decimal
    vigorish: Decimal
    clause: str
    outcome: Optional[str] = None


def _win(stake: Decimal, odds: Odds, clause: str, outcome: Optional[str] = None, vig: Decimal = Decimal(0)) -> Expected:
    return Expected("win", odds.total_return(stake), vig, clause, outcome)


def _lose(clause: str, outcome: Optional[str] = None) -> Expected:
    return Expected("lose", Decimal("0.00"), Decimal(0), clause, outcome)


def _push(stake: Decimal, clause: str, outcome: Optional[str] = None) -> Expected:
    return Expected("push", stake, Decimal(0), clause, outcome)


def settle_banker(coup: Coup, stake: Decimal, *, ez: bool, vig_rounding: bool, commission: bool = True) -> Expected:
    """§ 631a.8(a)(1) and § 631a.13(c)."""
    if ez and is_dragon_7(coup):
        return _push(stake, "631a.8(a)(1)(iii)", "dragon_7")
    if coup.winner == "tie":
        return _push(stake, "631a.8(a)(1)(iii)")
    if coup.winner == "player":
        return _lose("631a.8(a)(1)(ii)")
    vig = vigorish(stake, vig_rounding) if (commission and not ez) else Decimal(0)
    return _win(stake, BANKER_ODDS, "631a.8(a)(1)(i)", vig=vig)


def settle_player(coup: Coup, stake: Decimal) -> Expected:
    """§ 631a.8(a)(2) and § 631a.13(a). (The harness reads (a)(2)(i)'s "and if EZ
    Baccarat ... Panda 8" as "or": a Panda 8 is a Player win by definition.)"""
    if coup.winner == "tie":
        return _push(stake, "631a.8(a)(2)(iii)")
    if coup.winner == "banker":
        return _lose("631a.8(a)(2)(ii)")
    return _win(stake, PLAYER_ODDS, "631a.8(a)(2)(i)")


def settle_tie(coup: Coup, stake: Decimal, tie_odds: Odds) -> Expected:
    """§ 631a.8(a)(3) and § 631a.13(b) at the Rules Submission's Tie odds."""
    if coup.winner == "tie":
        return _win(stake, tie_odds, "631a.8(a)(3)(i)")
    return _lose("631a.8(a)(3)(ii)")


def dragon_bonus_row(coup: Coup, hand: str) -> tuple[str, str]:
    """§ 631a.8(a)(4): (result, paytable row or clause reason) for a Dragon Bonus on ``hand``."""
    mine, other = (coup.player, coup.banker) if hand == "player" else (coup.banker, coup.player)
    m_nat, o_nat = is_natural(mine), is_natural(other)
    m, o = point_count(mine), point_count(other)
    if m_nat and o_nat:
        if m == o:
            return "push", "natural_tie"  # (iii)
        return ("win", "natural_winner") if m > o else ("lose", "natural_loser")  # (i)(B) / (ii)(A)
    if m_nat:
        return "win", "natural_winner"  # (i)(A)
    if m - o >= 4:
        return "win", f"win_by_{m - o}"  # (i)(C)
    return "lose", ("not_winner" if m <= o else "win_by_less_than_4")  # (ii)(B) / (ii)(C)


def dragon_bonus_clause(coup: Coup, hand: str) -> str:
    """The subclause of § 631a.8(a)(4) that decides a Dragon Bonus on ``hand`` in ``coup``
    (the row of :func:`dragon_bonus_row`): (i)(A) a Natural against no Natural, (i)(B) a
    Natural 9 against a Natural 8, (i)(C) a win by four or more, (ii)(A) a Natural 8
    against a Natural 9, (ii)(B) not a Natural and not ahead, (ii)(C) ahead by less than
    four, (iii) Naturals of equal Point Count."""
    result, row = dragon_bonus_row(coup, hand)
    if row == "natural_winner":
        other = coup.banker if hand == "player" else coup.player
        return "631a.8(a)(4)(i)(B)" if is_natural(other) else "631a.8(a)(4)(i)(A)"
    return {"natural_tie": "631a.8(a)(4)(iii)", "natural_loser": "631a.8(a)(4)(ii)(A)",
            "not_winner": "631a.8(a)(4)(ii)(B)",
            "win_by_less_than_4": "631a.8(a)(4)(ii)(C)"}.get(row, "631a.8(a)(4)(i)(C)")


def settle_dragon_bonus(coup: Coup, hand: str, stake: Decimal, paytable: str) -> Expected:
    """§ 631a.8(a)(4) with § 631a.13(e) paytable ``paytable`` (A, B or C); no vigorish."""
    result, row = dragon_bonus_row(coup, hand)
    if result == "push":
        return _push(stake, "631a.8(a)(4)(iii)", row)
    if result == "lose":
        return _lose("631a.8(a)(4)(ii)", row)
    odds = DRAGON_BONUS_PAYTABLES[paytable][row]
    assert odds is not None
    return _win(stake, odds, "631a.13(e)", row)


def settle_dragon_7(coup: Coup, stake: Decimal) -> Expected:
    """§ 631a.8(a)(5), § 631a.13(f)."""
    return _win(stake, DRAGON_7_ODDS, "631a.13(f)") if is_dragon_7(coup) else _lose("631a.8(a)(5)(ii)")


def settle_panda_8(coup: Coup, stake: Decimal) -> Expected:
    """§ 631a.8(a)(6), § 631a.13(g)."""
    return _win(stake, PANDA_8_ODDS, "631a.13(g)") if is_panda_8(coup) else _lose("631a.8(a)(6)(ii)")


def house_money_row(coup: Coup) -> Optional[str]:
    """§ 631a.8(a)(7): "both_pairs", "one_pair" or None; a pair is two cards of the same rank."""
    pairs = [rank(h[0]) == rank(h[1]) for h in (coup.player, coup.banker)]
    if all(pairs):
        return "both_pairs"
    if any(pairs):
        return "one_pair"
    return None


def settle_house_money(coup: Coup, stake: Decimal) -> Expected:
    """§ 631a.8(a)(7), § 631a.13(h) (the player takes the payout)."""
    row = house_money_row(coup)
    if row is None:
        return _lose("631a.8(a)(7)(ii)")
    return _win(stake, HOUSE_MONEY_ODDS[row], "631a.13(h)", row)


# ---------------------------------------------------------------- § 631a.3, § 631a.5: decks, cut, burn
DECKS = (6, 7, 8)  # § 631a.3(a) "six to eight decks of cards"
CUT_MIN = 10  # § 631a.5(c) "at least ten cards in from the top or the bottom of the stack"
SECOND_COVER_MIN = 14  # § 631a.5(d) "at least 14 cards above the bottom of the stack"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")

# § 631a.5(f): "a 10, jack, queen or king shall count as ten and an ace shall count as one"
# (other cards: their face value).
FACE_VALUES = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "J": 10, "Q": 10, "K": 10,
}


def one_deck() -> list[str]:
    """The 52 cards of one deck (§ 631a.3(a))."""
    return [r + s for s in SUITS for r in RANKS]


def burn_count(first_card: str) -> int:
    """§ 631a.5(f): how many cards are burned face down after the exposed first card."""
    try:
        return FACE_VALUES[rank(first_card)]
    except KeyError:
        raise ValueError(f"not a card: {first_card!r}") from None


def proper_cut(offset: int, stack_size: int) -> bool:
    """§ 631a.5(c): a cover card ``offset`` cards in from the top of a stack of
    ``stack_size`` cards is at least ten cards in from the top or the bottom.

    The harness reads "at least ten cards in from the top or the bottom" as: not
    within the top ten and not within the bottom ten cards.
    """
    return CUT_MIN <= offset <= stack_size - CUT_MIN


def vigorish_accepted(amount_won: Decimal, round_to_25c: bool, *, tracked: bool = False) -> tuple[Decimal, ...]:
    """§ 631a.13(c): the vigorish amounts, in whole cents, that conform for a winning
    wager that won ``amount_won`` dollars, charged at payout or (``tracked``, §
    631a.13(d)(2)) marked to be collected later.

    Not rounded: 5% exactly when it is a whole number of cents; otherwise the harness
    accepts it rounded to the cent either way (the regulation sets no rule for a
    fraction of a cent), e.g. 62¢ or 63¢ on $12.50 (interpretation
    631a.13-c-fraction-of-a-cent). Rounded to 25¢ (Rules Submission
    ``vigorish_rounding``): 5% rounded up to the next multiple of 25¢ and never less
    than 25¢; when ``tracked``, the amount marked may also be the unrounded 5%, the
    rounding then made when the marks are collected (interpretation
    631a.13-c-round-up-to-25c; see :func:`vigorish_collection_accepted`).
    """
    exact = amount_won * VIGORISH_RATE
    down = exact.quantize(Decimal("0.01"), rounding=ROUND_FLOOR)
    up = exact.quantize(Decimal("0.01"), rounding=ROUND_CEILING)
    unrounded = (down,) if down == up else (down, up)
    if not round_to_25c:
        return unrounded
    rounded = vigorish(amount_won, True)
    return (rounded,) + tuple(a for a in unrounded if a != rounded) if tracked else (rounded,)


def round_up_to_25c(amount: Decimal) -> Decimal:
    """``amount`` dollars rounded "to 25¢ or the next highest multiple of 25¢" (§
    631a.13(c)): up to a multiple of 25¢, at least 25¢; 0 stays 0."""
    if amount <= 0:
        return Decimal("0.00")
    steps = (amount / VIGORISH_STEP).to_integral_value(rounding=ROUND_CEILING)
    return (max(steps, Decimal(1)) * VIGORISH_STEP).quantize(Decimal("0.01"))


def vigorish_collection_accepted(marks: Sequence[Decimal], round_to_25c: bool) -> tuple[Decimal, ...]:
    """§§ 631a.13(c), (d)(2): the amounts that conform as the collection of tracked
    vigorish whose marks (dollars, one a win or a round, as the game marked them) are
    ``marks``. Not rounded: their sum. Rounded to 25¢: the sum of the marks each rounded
    up to 25¢, or their total rounded up to 25¢ ("When collecting the vigorish, the
    certificate holder may round off the vigorish to 25¢"); marks already rounded give
    their sum either way (interpretation 631a.13-c-round-up-to-25c)."""
    total = sum(marks, Decimal(0))
    if not round_to_25c:
        return (total,)
    each = sum((round_up_to_25c(m) for m in marks), Decimal(0))
    whole = round_up_to_25c(total)
    return (each,) if each == whole else (each, whole)


# ---------------------------------------------------------------- § 631a.9(e): House Money
def house_money_addition(winnings: Decimal, portion: str) -> Decimal:
    """§ 631a.9(e)(1)(i): the part of a winning House Money payout (the winnings, not
    the House Money stake: interpretation 631a.9-e-house-money-payout) added to the
    player's original wager when the player chooses to add it.

    ``portion`` is the Rules Submission's ``[wagers.house_money] portion``: ``"all"``
    or a percentage such as ``"50%"`` ("only a specified portion"); a fraction of a
    cent stays with the player (rounded down).
    """
    if portion == "all":
        return winnings
    pct = Decimal(portion.rstrip("%"))
    return (winnings * pct / 100).quantize(Decimal("0.01"), rounding=ROUND_FLOOR)


# ---------------------------------------------------------------- seats
def ascending_from(start: int, seats: Sequence[int]) -> list[int]:
    """``seats`` in ascending order starting at ``start`` and wrapping to the lowest:
    "moving counterclockwise around the table" (interpretation
    seat-direction-counterclockwise)."""
    ordered = sorted(seats)
    return [s for s in ordered if s >= start] + [s for s in ordered if s < start]


def shoe_offers(occupied: Sequence[int], accepts: Sequence[int], previous: Optional[int] = None
                ) -> tuple[list[int], int]:
    """The seats offered the dealing shoe, in order, and the new curator (0: the dealer).

    ``previous`` None: § 631a.7(b), offered first to seat 1, then counterclockwise;
    § 631a.7(d)(2) the dealer when nobody accepts. ``previous`` a seat: § 631a.14(b),
    offered first to the player immediately to the right of the previous curator, then
    to each of the other players counterclockwise (the previous curator is not one of
    the "other players").
    """
    if previous is None:
        order = ascending_from(1, occupied)
    else:
        order = [s for s in ascending_from(previous + 1, occupied) if s != previous]
    offered = []
    for seat in order:
        offered.append(seat)
        if seat in accepts:
            return offered, seat
    return offered, 0


def card_turner(hand_wagers: dict[int, Decimal], occupied: Sequence[int], accepts_cards: Sequence[int]
                ) -> Optional[int]:
    """§ 631a.9(d)(2)-(3), (6), (7) and (f): the seat handed a hand's cards to turn
    over, or None when the dealer calling the game turns them.

    ``hand_wagers``: seat -> amount of that seat's wager on the hand (wager type
    ``player`` or ``banker``). The highest wager; of equal highest wagers the one
    closest to the dealer moving counterclockwise, i.e. the lowest seat
    (seat-direction-counterclockwise). No wager: the dealer ((d)(7)). A player who does
    not accept the cards relinquishes the right, offered next to the player
    immediately to the right, then counterclockwise ((f)); nobody accepts: the dealer.
    """
    if not hand_wagers:
        return None
    top = max(hand_wagers.values())
    first = min(s for s, a in hand_wagers.items() if a == top)
    if first in accepts_cards:
        return first
    for seat in ascending_from(first + 1, occupied):
        if seat != first and seat in accepts_cards:
            return seat
    return None
