"""Hypothesis strategies for Baccarat conformance: cards, dealing shoes, wagers and
Rules Submission profiles (drawn by the property steps in steps/properties.py and
steps/shoe_machine.py; not a step module itself).

Every strategy generates values in the protocol's own terms (cards as ``"AC"``,
``"10D"``; money as :class:`~decimal.Decimal` dollars to the cent), so an example
can be sent through any adapter unchanged and printed as a replayable card
sequence. Strategies validate their arguments when called and raise
:class:`hypothesis.errors.InvalidArgument` naming the value (``decks=0``).

Shrinking is designed for readable counterexamples: cards shrink toward the ace
of clubs and low ranks, short shoes toward few cards, amounts toward the table
minimum, profiles toward the bundled ``baccarat`` profile.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Optional, Sequence

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from baccarat_conformance.oracle import ch631a
from baccarat_conformance.oracle.settlement import WagerSpec, covered_wager_types, settler_for
from baccarat_conformance.inputs.profile import Limits, RulesSubmission, WagerOptions
from baccarat_conformance.protocol.models import RANKS, SUITS, SeatSpec

__all__ = [
    "DEFAULT_MAX_WAGER",
    "DEFAULT_MIN_WAGER",
    "cards",
    "limits_for",
    "round_wagers",
    "round_shoes",
    "rules_submissions",
    "seat_specs",
    "stacked_shoes",
    "wager_amounts",
    "wagers",
    "whole_shoes",
]

CENT = Decimal("0.01")
DEFAULT_MIN_WAGER = Decimal("1.00")
"""Smallest stake generated when the Rules Submission sets no table minimum."""
DEFAULT_MAX_WAGER = Decimal("5000.00")
"""Largest stake generated when the Rules Submission sets no table maximum."""
DECKS = (6, 7, 8)  # § 631a.3(a): "six to eight decks"


def _one_deck() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


# ------------------------------------------------------------------ cards and shoes
def cards(*, ranks: Sequence[str] = RANKS, suits: Sequence[str] = SUITS) -> st.SearchStrategy[str]:
    """Returns a strategy which generates cards as protocol strings, rank then suit
    (``"AC"``, ``"10D"``, ``"KS"``).

    Every card has a rank from ``ranks`` and a suit from ``suits`` (default: all
    thirteen ranks and four suits). Examples shrink toward the first rank and the
    first suit given, and through the ranks in the order given: by default toward
    the ace of clubs, ``"AC"``, low ranks before court cards.

    Refuses an empty ``ranks`` or ``suits`` and any rank or suit that is not a card
    of the protocol (``ranks=("1",)``), since the game would reject the card.
    """
    ranks, suits = tuple(ranks), tuple(suits)
    if not ranks or any(r not in RANKS for r in ranks):
        raise InvalidArgument(f"ranks={ranks!r}: give one or more of {', '.join(RANKS)}")
    if not suits or any(s not in SUITS for s in suits):
        raise InvalidArgument(f"suits={suits!r}: give one or more of {', '.join(SUITS)}")
    return st.sampled_from([r + s for r in ranks for s in suits])


TABLE_1_ROWS = (3, 4, 5, 6)
_BY_VALUE = {v: [c for c in (r + s for r in RANKS for s in SUITS) if ch631a.card_value(c) == v] for v in range(10)}


def _of_value(value: int) -> st.SearchStrategy[str]:
    """A card of Baccarat value ``value`` (§ 631a.6(a)): any suit; a 10 or court card for 0."""
    return st.sampled_from(_BY_VALUE[value])


def _check_decks(decks: Any, allowed: Iterable[int], why: str) -> None:
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in tuple(allowed):
        raise InvalidArgument(f"decks={decks!r}: {why}")


def _fits(decks: int) -> Any:
    def fits(stack: list[str]) -> bool:
        return not stack or max(Counter(stack).values()) <= decks
    return fits


def stacked_shoes(*, min_cards: int = 4, max_cards: int = 30, decks: int = 8) -> st.SearchStrategy[list[str]]:
    """Returns a strategy which generates short stacked dealing shoes: lists of
    between ``min_cards`` and ``max_cards`` cards (first element = first card out of
    the shoe) that could be the top of a shoe of ``decks`` decks, that is with no
    card more than ``decks`` times.

    A round takes four to six cards, so the default (4 to 30 cards) plays one to
    seven rounds and usually ends with a round the shoe cannot complete
    (§ 631a.15(e)). Examples shrink toward fewer cards (down to ``min_cards``) and
    each card toward ``"AC"`` and low ranks; for faults in a later round prefer
    :func:`round_shoes`, which shrinks a round at a time.

    Refuses ``decks`` outside 1 to 8 (a shoe holds six to eight, § 631a.3(a); fewer
    are allowed for tests of a composition), ``min_cards`` below 1, ``max_cards``
    below ``min_cards``, and ``max_cards`` above the ``52 * decks`` cards of the decks.
    """
    _check_decks(decks, range(1, 9), "a stacked shoe is drawn from one to eight decks")
    if isinstance(min_cards, bool) or not isinstance(min_cards, int) or min_cards < 1:
        raise InvalidArgument(f"min_cards={min_cards!r}: a shoe holds at least one card")
    if isinstance(max_cards, bool) or not isinstance(max_cards, int) or max_cards < min_cards:
        raise InvalidArgument(f"max_cards={max_cards!r}: must be at least min_cards={min_cards}")
    if max_cards > 52 * decks:
        raise InvalidArgument(f"max_cards={max_cards}: {decks} decks hold only {52 * decks} cards")
    return st.lists(cards(), min_size=min_cards, max_size=max_cards).filter(_fits(decks))


def round_shoes(*, min_rounds: int = 0, max_rounds: int = 10, decks: int = 8, partial: bool = True
                ) -> st.SearchStrategy[list[str]]:
    """Returns a strategy which generates stacked dealing shoes made of whole rounds:
    between ``min_rounds`` and ``max_rounds`` rounds of four to six cards, each
    holding exactly the cards a conforming game deals in that round (the rules
    oracle decides the third cards while the round is drawn), then, when
    ``partial``, zero to five more cards that a last round cannot complete
    (§ 631a.15(e)). No card appears more than ``decks`` times, and no shoe is empty.
    Half of the rounds are aimed at a cell of Table 1 of § 631a.11(c)(2)(iii),
    chosen evenly among its forty: a Player's Hand of 0 to 5, which draws, against a
    Banker's Hand of 3 to 6, with a third card of the cell's value.

    Each round is one element of the strategy's structure, so the shrinker deletes
    whole rounds: a fault in the fifth round shrinks to a shoe of that one round
    (four to six cards) and any cards after it, each card shrinking toward ``"AC"``
    and low ranks. A game that deals a round differently from the oracle simply
    takes its cards from the stack in order; only the shape of the search depends on
    the oracle.

    Refuses ``decks`` outside 1 to 8, ``min_rounds`` below 0 and ``max_rounds`` below
    ``min_rounds`` or above what ``decks`` decks can hold (``52 * decks // 6`` rounds).
    """
    _check_decks(decks, range(1, 9), "a stacked shoe is drawn from one to eight decks")
    if isinstance(min_rounds, bool) or not isinstance(min_rounds, int) or min_rounds < 0:
        raise InvalidArgument(f"min_rounds={min_rounds!r}: must be 0 or more")
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < min_rounds:
        raise InvalidArgument(f"max_rounds={max_rounds!r}: must be at least min_rounds={min_rounds}")
    if max_rounds > 52 * decks // 6:
        raise InvalidArgument(f"max_rounds={max_rounds}: {decks} decks hold only {52 * decks // 6} rounds of six cards")
    card = cards()

    cells = [(b, v) for b in TABLE_1_ROWS for v in range(10)]

    @st.composite
    def table_1_start(draw: Any) -> tuple[str, ...]:
        """Five cards aimed at one cell of Table 1: a Player's Hand of 0 to 5 (it draws),
        a Banker's Hand of 3 to 6, and the Player's third card of the cell's value."""
        b_count, third = draw(st.sampled_from(cells))
        p_count = draw(st.integers(0, 5))
        pv, bv = draw(st.integers(0, 9)), draw(st.integers(0, 9))
        return (draw(_of_value(pv)), draw(_of_value(bv)), draw(_of_value((p_count - pv) % 10)),
                draw(_of_value((b_count - bv) % 10)), draw(_of_value(third)))

    start = st.one_of(st.tuples(card, card, card, card), table_1_start())

    @st.composite
    def one_round(draw: Any) -> list[str]:
        p1, b1, p2, b2, *planned = draw(start)
        player, banker = [p1, p2], [b1, b2]
        if not (ch631a.is_natural(player) or ch631a.is_natural(banker)):
            third = None
            if ch631a.player_draws(ch631a.point_count(player)):
                player.append(planned[0] if planned else draw(card))
                third = ch631a.card_value(player[2])
            if ch631a.banker_draws(ch631a.point_count(banker), third):
                banker.append(draw(card))
        return [p1, b1, p2, b2] + player[2:] + banker[2:]

    rounds = st.lists(one_round(), min_size=min_rounds, max_size=max_rounds)
    tail = st.lists(card, max_size=5).filter(lambda t: not _completes_a_round(t)) if partial else st.just([])
    return st.builds(lambda rs, t: [c for r in rs for c in r] + t, rounds, tail).filter(
        lambda stack: bool(stack) and _fits(decks)(stack))


def _completes_a_round(cards: list[str]) -> bool:
    """Whether ``cards`` hold a whole round (four cards both of whose hands stand do)."""
    try:
        ch631a.deal(cards)
    except ValueError:
        return False
    return True


def whole_shoes(decks: Optional[int] = None) -> st.SearchStrategy[list[str]]:
    """Returns a strategy which generates whole dealing shoes with the real
    composition: every card of ``decks`` standard 52-card decks exactly once per
    deck, shuffled (first element = first card out).

    ``decks`` is 6, 7 or 8 (§ 631a.3(a)); None draws the number of decks too. The
    order is a seeded shuffle (one draw, so a whole shoe costs about as much to
    generate as to deal); examples shrink toward six decks (when drawn) and toward
    the shuffle of seed 0, never in length, so a fault found here is best minimised
    with :func:`stacked_shoes`.

    Refuses any other number of decks (``decks=5``): Baccarat is played with six
    to eight decks.
    """
    if decks is not None:
        _check_decks(decks, DECKS, "Baccarat is played with six to eight decks (58 Pa. Code § 631a.3(a))")
        counts: Sequence[int] = (decks,)
    else:
        counts = DECKS
    return st.one_of([st.integers(0, 2**32 - 1).map(functools.partial(_shuffled, d)) for d in counts])


def _shuffled(decks: int, seed: int) -> list[str]:
    stack = _one_deck() * decks
    random.Random(seed).shuffle(stack)
    return stack


# ------------------------------------------------------------------ money
def _money(value: Any, name: str) -> Decimal:
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value).strip().lstrip("$").replace(",", ""))
    except (InvalidOperation, ValueError):
        raise InvalidArgument(f"{name}={value!r}: not an amount of dollars") from None
    if not amount.is_finite() or amount <= 0:
        raise InvalidArgument(f"{name}={value!r}: a wager is a positive amount")
    if amount != amount.quantize(CENT):
        raise InvalidArgument(f"{name}={value!r}: amounts are whole cents")
    return amount.quantize(CENT)


def wager_amounts(min_amount: Any = DEFAULT_MIN_WAGER, max_amount: Any = DEFAULT_MAX_WAGER
                  ) -> st.SearchStrategy[Decimal]:
    """Returns a strategy which generates stakes in dollars, as
    :class:`~decimal.Decimal` to the cent, from ``min_amount`` to ``max_amount``
    inclusive (the table limits). Each limit is generated about one time in eight;
    the amounts between spread over every order of magnitude.

    Amounts may be given as ``Decimal``, ``int`` or strings (``"25.00"``, ``"$25"``).
    Examples shrink toward ``min_amount``.

    Refuses a limit that is not positive (``min_amount=0``), that is not a whole
    number of cents (``max_amount="0.005"``), or ``min_amount`` above ``max_amount``:
    no wager could be placed.
    """
    lo, hi = _money(min_amount, "min_amount"), _money(max_amount, "max_amount")
    if lo > hi:
        raise InvalidArgument(f"min_amount={lo} is above max_amount={hi}")
    cents = st.integers(int(lo * 100), int(hi * 100))

    @st.composite
    def amounts(draw: Any) -> Decimal:
        pick = draw(st.integers(0, 7))  # 0: the minimum, 7: the maximum, else any amount between
        c = int(lo * 100) if pick == 0 else int(hi * 100) if pick == 7 else draw(cents)
        return (Decimal(c) / 100).quantize(CENT)

    return amounts()


def limits_for(rs: RulesSubmission, wager_type: str) -> tuple[Decimal, Decimal]:
    """The table limits of ``wager_type`` under ``rs``: its own ``[limits.TYPE]``,
    else ``[limits.default]``, else :data:`DEFAULT_MIN_WAGER` and
    :data:`DEFAULT_MAX_WAGER` for the missing bound."""
    limits = rs.limits.get(wager_type) or rs.limits.get("default")
    lo = _money(limits.min, "min") if limits is not None and limits.min else DEFAULT_MIN_WAGER
    hi = _money(limits.max, "max") if limits is not None and limits.max else max(DEFAULT_MAX_WAGER, lo)
    return lo, hi


# ------------------------------------------------------------------ wagers
def wagers(rs: RulesSubmission, *, seats: Optional[Sequence[int]] = None,
           wager_types: Optional[Sequence[str]] = None) -> st.SearchStrategy[WagerSpec]:
    """Returns a strategy which generates single wagers (:class:`WagerSpec`) of every
    type the Rules Submission ``rs`` offers and the rules oracle settles
    (:func:`baccarat_conformance.oracle.settlement.covered_wager_types`), at a seat of
    ``seats`` (default: the ``rs.table_positions`` numbered positions), with a stake
    to the cent within that type's table limits (:func:`limits_for`), on a hand when
    the wager type needs one.

    ``wager_types`` narrows the types. Examples shrink toward the first type (the
    Banker wager), seat 1, the Player's Hand and the table minimum.

    Refuses a ``wager_types`` entry that ``rs`` does not offer or the oracle cannot
    settle (no settlement could be checked), an empty choice of seats, and seats
    outside 1 to 15.
    """
    covered = covered_wager_types(rs)
    if wager_types is None:
        types = covered
    else:
        types = tuple(wager_types)
        bad = [t for t in types if t not in covered]
        if bad or not types:
            raise InvalidArgument(f"wager_types={types!r}: the oracle settles only {', '.join(covered)} "
                                  f"under this Rules Submission")
    if not types:
        raise InvalidArgument(f"rs.variant={rs.variant!r}: the oracle settles no wager of this Rules Submission")
    seat_choices = tuple(seats) if seats is not None else tuple(range(1, rs.table_positions + 1))
    if not seat_choices or any(isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= 15
                               for s in seat_choices):
        raise InvalidArgument(f"seats={seat_choices!r}: seats are player positions 1 to 15")

    def one(wager_type: str) -> st.SearchStrategy[WagerSpec]:
        s = settler_for(wager_type, rs)
        lo, hi = limits_for(rs, wager_type)
        hand = st.sampled_from(("player", "banker")) if s is not None and s.needs_hand else st.none()
        return st.builds(WagerSpec, seat=st.sampled_from(seat_choices), wager_type=st.just(wager_type),
                         amount=wager_amounts(lo, hi), hand=hand)

    return st.one_of([one(t) for t in types])


def _placing_order(rs: RulesSubmission) -> Any:
    types = covered_wager_types(rs)
    return lambda w: (types.index(w.wager_type) if w.wager_type in types else len(types), w.seat)


def round_wagers(rs: RulesSubmission, *, min_wagers: int = 0, max_wagers: int = 6,
                 seats: Optional[Sequence[int]] = None, wager_types: Optional[Sequence[str]] = None
                 ) -> st.SearchStrategy[list[WagerSpec]]:
    """Returns a strategy which generates the wagers of one round: lists of between
    ``min_wagers`` and ``max_wagers`` :func:`wagers`, at most one per seat, wager
    type and hand (so no two stakes of a seat on the same spot add up past the
    table maximum), in placing order: Banker, Player and Tie wagers before the
    other wagers, which some games accept only beside a Baccarat wager.
    ``seats`` and ``wager_types`` narrow the wagers as in :func:`wagers`.

    Examples shrink toward fewer wagers and each wager as :func:`wagers` does.

    Refuses ``min_wagers`` below 0 and ``max_wagers`` below ``min_wagers``.
    """
    if isinstance(min_wagers, bool) or not isinstance(min_wagers, int) or min_wagers < 0:
        raise InvalidArgument(f"min_wagers={min_wagers!r}: must be 0 or more")
    if isinstance(max_wagers, bool) or not isinstance(max_wagers, int) or max_wagers < min_wagers:
        raise InvalidArgument(f"max_wagers={max_wagers!r}: must be at least min_wagers={min_wagers}")
    order = _placing_order(rs)
    return st.lists(wagers(rs, seats=seats, wager_types=wager_types), min_size=min_wagers, max_size=max_wagers,
                    unique_by=lambda w: (w.seat, w.wager_type, w.hand)).map(lambda ws: sorted(ws, key=order))


def seat_specs(*, positions: int = 14, min_players: int = 1, max_players: int = 6
               ) -> st.SearchStrategy[list[SeatSpec]]:
    """Returns a strategy which generates the players at a table: lists of
    :class:`~baccarat_conformance.protocol.models.SeatSpec`, between ``min_players``
    and ``max_players`` occupied seats among seats 1 to ``positions``, in ascending
    seat order, each accepting or refusing the dealing shoe when offered
    (§ 631a.7(b), § 631a.14(b)).

    Examples shrink toward fewer players, low seat numbers and players who refuse
    the shoe (so the dealer deals).

    Refuses ``positions`` outside 1 to 15 (the protocol's seats), ``min_players``
    below 1 and ``max_players`` outside ``min_players`` to ``positions``.
    """
    if isinstance(positions, bool) or not isinstance(positions, int) or not 1 <= positions <= 15:
        raise InvalidArgument(f"positions={positions!r}: seats are numbered 1 to 15")
    if isinstance(min_players, bool) or not isinstance(min_players, int) or min_players < 1:
        raise InvalidArgument(f"min_players={min_players!r}: a table needs at least one player")
    if isinstance(max_players, bool) or not isinstance(max_players, int) or not min_players <= max_players <= positions:
        raise InvalidArgument(f"max_players={max_players!r}: must be {min_players} to positions={positions}")
    seat = st.builds(lambda n, accepts: SeatSpec(seat=n, accepts_shoe=accepts),
                     st.integers(1, positions), st.booleans())
    return st.lists(seat, min_size=min_players, max_size=max_players, unique_by=lambda s: s.seat).map(
        lambda ss: sorted(ss, key=lambda s: s.seat))


# ------------------------------------------------------------------ Rules Submissions
ORACLE_VARIANTS = ("baccarat", "ez_baccarat")
"""The variants whose every wager the Chapter 631a oracle settles."""
TIE_ODDS = ("8 to 1", "9 to 1", "10 to 1")


def rules_submissions(*, variants: Sequence[str] = ORACLE_VARIANTS, decks: Sequence[int] = (8, 6, 7),
                      with_limits: bool = True) -> st.SearchStrategy[RulesSubmission]:
    """Returns a strategy which generates Rules Submission profiles
    (:class:`~baccarat_conformance.inputs.profile.RulesSubmission`): a variant of
    ``variants``, a number of decks of ``decks``, Tie odds of at least 8 to 1
    (§ 631a.13(b)), either vigorish collection procedure (§ 631a.13(d); at payout
    only in EZ Baccarat, which collects no vigorish) with or without rounding to 25
    cents (§ 631a.13(c)), either card reveal (§ 631a.9(c),
    (d)), either irregularity procedure (§ 631a.15(c)), any subset of the optional
    wagers of Chapter 631a the variant allows (Dragon Bonus with paytable A, B or
    C; House Money; Dragon 7 and Panda 8 in EZ Baccarat only) and, when
    ``with_limits``, table limits in whole dollars.

    Examples shrink toward the bundled ``baccarat`` profile: the first variant,
    the first number of decks, 8 to 1, vigorish at payout rounded to 25 cents, no
    optional wagers and no limits.

    Refuses a variant the Chapter 631a oracle does not settle
    (``variants=("midibaccarat",)``): its wagers could not be judged. Refuses a
    number of decks outside six to eight (``decks=(9,)``), § 631a.3(a).
    """
    variants, decks = tuple(variants), tuple(decks)
    bad = [v for v in variants if v not in ORACLE_VARIANTS]
    if bad or not variants:
        raise InvalidArgument(f"variants={variants!r}: the oracle settles the wagers of "
                              f"{', '.join(ORACLE_VARIANTS)} only")
    if not decks or any(isinstance(d, bool) or d not in DECKS for d in decks):
        raise InvalidArgument(f"decks={decks!r}: Baccarat is played with six to eight decks "
                              "(58 Pa. Code § 631a.3(a))")

    @st.composite
    def build(draw: Any) -> RulesSubmission:
        variant = draw(st.sampled_from(variants))
        optional = {"dragon_bonus": st.sampled_from("ABC").map(lambda p: WagerOptions(paytable=p)),
                    "house_money": st.just(WagerOptions(portion="all"))}
        if variant == "ez_baccarat":
            optional |= {"dragon_7": st.just(WagerOptions()), "panda_8": st.just(WagerOptions())}
        offered = {name: draw(options) for name, options in optional.items() if draw(st.booleans())}
        limits = {}
        if with_limits and draw(st.booleans()):
            lo = draw(st.sampled_from((1, 5, 10, 25, 100)))
            hi = lo * draw(st.sampled_from((100, 50, 200, 1000)))
            limits["default"] = Limits(min=f"{lo}.00", max=f"{hi}.00")
        return RulesSubmission(
            variant=variant,
            decks=draw(st.sampled_from(decks)),
            tie_odds=draw(st.sampled_from(TIE_ODDS)),
            vigorish_collection=draw(st.sampled_from(("at_payout", "tracked") if variant == "baccarat"
                                                     else ("at_payout",))),
            vigorish_rounding=not draw(st.booleans()),
            card_reveal=draw(st.sampled_from(("631a.9(c)", "631a.9(d)"))),
            irregularity_procedure=draw(st.sampled_from(("631a.15(c)(1)", "631a.15(c)(2)"))),
            wagers=offered,
            limits=limits,
        )

    return build()
