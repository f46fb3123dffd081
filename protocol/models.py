"""Typed records of the game-under-test protocol, version 1 (minor version
:data:`PROTOCOL_VERSION`; docs/protocol-changelog.md lists what each minor version added).

Every message a conformance run exchanges with a game is one of these models. The
same models serve the library, HTTP and serial transports: a transport moves JSON
objects, and the adapter validates each response against these models before any
step sees it (a response that fails validation is a protocol error, not a rule
nonconformance).

Wire conventions (docs/protocol.md is the normative reference):

* Cards are rank+suit strings: ``AC``, ``2D`` ... ``9S``, ``10H``, ``JC``, ``QD``, ``KS``.
* Money is a decimal string of dollars (``"12.50"``); JSON numbers are refused so a
  float can never carry money.
* Seats are player positions numbered 1 to 15.

A bound the regulation sets is not a bound of the schema: a Point Count of 12, a hand of
one or four cards, a card the stacked shoe does not hold are readable answers that break
a rule (§ 631a.6(b), § 631a.9(c), § 631a.10(c)), and the steps judge them under that
rule as nonconformances. The schema refuses only what cannot be read.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (BaseModel, ConfigDict, Discriminator, Field, GetPydanticSchema, JsonValue, PlainSerializer, Tag,
                      WithJsonSchema, with_config)
from typing_extensions import NotRequired, TypedDict
from pydantic_core import core_schema

from .vocabulary import CAPABILITIES, EVENT_TYPES, IRREGULARITY_KINDS, OUTCOMES

PROTOCOL_VERSION = "1.3"
"""The protocol version the harness speaks (docs/protocol-changelog.md)."""

PROTOCOL_MAJOR = 1
"""A game declaring any ``1.N`` is accepted: a minor version only adds optional fields
and operations, so a 1.0, 1.1 or 1.2 game works with a 1.3 harness (see :func:`compatible`)."""


def compatible(declared: str) -> bool:
    """Whether a game that declares protocol version ``declared`` (``describe``'s
    ``protocol_version``, e.g. ``"1.1"``) speaks this harness's protocol: ``MAJOR.MINOR``
    with major :data:`PROTOCOL_MAJOR`, any minor (older or newer). ``"1"``, ``"2.0"``,
    ``"1.x"`` are not."""
    major, dot, minor = declared.partition(".")
    return bool(dot) and major == str(PROTOCOL_MAJOR) and minor.isdigit()

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
CARD_PATTERN = r"^(A|[2-9]|10|J|Q|K)[CDHS]$"


MONEY_PATTERN = r"^-?[0-9]+(\.[0-9]+)?$"  # ASCII digits: a Unicode \d takes "١٠.٠٠"
MONEY_MESSAGE = 'money must be a decimal string of dollars such as "12.50"'


def _money_schema(source: Any, handler: Any) -> core_schema.CoreSchema:
    """Money validated inside pydantic-core, no Python call per field: a strict string
    matching :data:`MONEY_PATTERN` (a float, an int, a bool, null, ``"NaN"`` or
    ``"ten"`` is refused; the error names the field by its location and says
    :data:`MONEY_MESSAGE`), then a finite :class:`~decimal.Decimal`. In Python mode a
    Decimal instance is refused too: a model is built from what a game sent, and a
    game's answer is JSON (the library adapter passes the game's own dicts)."""
    text = core_schema.str_schema(pattern=MONEY_PATTERN, strict=True)
    amount = core_schema.decimal_schema(allow_inf_nan=False, strict=False)
    return core_schema.custom_error_schema(core_schema.chain_schema([text, amount]),
                                           custom_error_type="money", custom_error_message=MONEY_MESSAGE)


Money = Annotated[
    Decimal,
    GetPydanticSchema(_money_schema),
    PlainSerializer(lambda d: format(d, "f"), return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "pattern": MONEY_PATTERN, "examples": ["12.50"]}),
]
"""Dollars as :class:`decimal.Decimal`; on the wire a decimal string (``"12.50"``)."""

Card = Annotated[str, Field(pattern=CARD_PATTERN, examples=["QH", "9S", "10D", "AC"])]
Seat = Annotated[int, Field(ge=1, le=15)]
HandName = Literal["player", "banker"]
WagerResultKind = Literal["win", "lose", "push", "void"]

VARIANTS = ("baccarat", "midibaccarat", "minibaccarat", "ez_baccarat", "commission_free", "rising_phoenix")


class Model(BaseModel):
    """Base of every protocol record: unknown fields are refused, so a typo is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Extensible(BaseModel):
    """Base of records a game may extend with vendor fields (``x_``-prefixed by convention);
    a vendor field holds any JSON value (a Python object that is not JSON is refused)."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True)
    __pydantic_extra__: dict[str, JsonValue] = Field(init=False)


class ProtocolError(Model):
    """The ``error`` object a game returns instead of a result.

    ``code`` is one of ``unsupported`` (an option or capability the game does not
    offer), ``invalid_request`` (the request is malformed), ``invalid_state`` (the
    operation is not allowed now, e.g. dealing before a shoe is started) or
    ``internal`` (the game failed).
    """

    code: Literal["unsupported", "invalid_request", "invalid_state", "internal"]
    message: str
    detail: Optional[dict[str, JsonValue]] = None


# ----------------------------------------------------------------------- describe
class GameIdentity(Extensible):
    name: str
    vendor: str
    version: str


HOUSE_EDGE_PATTERN = r"^-?[0-9]+(/[0-9]+|\.[0-9]+)?$"


class DeclaredHouseEdge(Model):
    """One house edge of the game's own par sheet (``describe.par_sheet``, since 1.2).

    ``house_edge`` is the expected loss per unit wagered, a push returning the wager,
    as an exact fraction ``"p/q"`` or a decimal string (``"0.010579"``); never a JSON
    number. The other fields say which wager it is for; a field left out applies to
    any value: ``variant`` (a protocol variant), ``commission_free`` (a commission-free
    Midibaccarat or Minibaccarat table, § 629b.2 / § 627b.2, or a commission-free
    Rising Phoenix table, § 629b.5(b)), ``wager`` (a wager type), ``hand``
    (``player`` / ``banker`` for a wager placed on a hand), ``paytable`` (the Rules
    Submission's paytable letter, the Tie odds such as ``"9 to 1"`` for the Tie wager),
    ``option`` (a wager's sub-choice, e.g. a Rising Phoenix Bonus) and ``decks``.
    """

    wager: str
    house_edge: Annotated[str, Field(pattern=HOUSE_EDGE_PATTERN, examples=["0.010579", "1/94"])]
    variant: Optional[str] = None
    commission_free: Optional[bool] = None
    hand: Optional[HandName] = None
    paytable: Optional[str] = None
    option: Optional[str] = None
    decks: Optional[Annotated[int, Field(ge=1)]] = None


class GameDescription(Extensible):
    """Result of ``describe``: who the game is and what it can do.

    ``capabilities`` is a closed vocabulary listed in docs/protocol.md (e.g.
    ``stacked_shoe``, ``shoe_disclosure``, ``batch``, ``progressive``,
    ``wager.dragon_bonus``). A scenario that needs a capability the game lacks does
    not run: its clause is *not verified*, never passed and never *not offered*.
    """

    protocol_version: str
    game: GameIdentity
    variants: list[str]
    capabilities: list[Annotated[str, Field(examples=list(CAPABILITIES))]] = Field(
        description="Closed vocabulary (protocol/vocabulary.py CAPABILITIES; the examples list every name): "
                    "stacked_shoe, shoe_disclosure, seeded_shuffle, batch, irregularities, player_leaves, "
                    "progressive, and wager.<type> for each optional wager type implemented.")
    rules_options: dict[str, list[JsonValue]] = Field(
        default_factory=dict,
        description="Rules Submission options the game implements, option name -> accepted values.",
    )
    par_sheet: Optional[list[DeclaredHouseEdge]] = Field(
        default=None,
        description="Since 1.2, optional: the game's own house edges per wager and paytable; each is compared "
                    "with the harness's exact par sheet and one that differs by more than 1e-6 fails the "
                    "paytable clause of that wager.",
    )


# ----------------------------------------------------------------------- tables
class SeatSpec(Model):
    """A player position at the table for a test.

    ``accepts_shoe`` says whether that player accepts the dealing shoe when offered
    (58 Pa. Code § 631a.7(b), § 631a.14(b)); ``accepts_cards`` whether the player
    accepts the right to turn the cards over (§ 631a.9(d), (f)).
    """

    seat: Seat
    occupied: bool = True
    accepts_shoe: bool = False
    accepts_cards: bool = True


class OpenTableParams(Model):
    """Open a fresh table configured by a Rules Submission.

    ``rules`` is the Rules Submission as a JSON object (see
    :class:`baccarat_conformance.inputs.profile.RulesSubmission` and docs/protocol.md). A game
    that does not implement an option answers with error code ``unsupported``.
    """

    rules: dict[str, Any]
    seats: Optional[list[SeatSpec]] = None
    """Who sits where; left out (never sent empty) for the default table: seats 1 to
    ``table_positions`` occupied, the dealer deals, everybody accepts the cards."""
    test_mode: bool = True


class TableOpened(Model):
    table_id: str


class TableRef(Model):
    table_id: str


# ----------------------------------------------------------------------- shoe
#: The largest ``start_shoe`` seed: seeds are unsigned 64-bit integers.
SEED_MAX = 2 ** 64 - 1


class StartShoeParams(Model):
    """Start a dealing shoe.

    In test mode ``cards`` gives the exact order of the stack in the dealing shoe
    (first element is the first card out); otherwise the game shuffles with its own
    RNG, seeded with ``seed`` when given: an unsigned 64-bit integer, 0 to 2^64 - 1
    (the statistics' shoe seeds use all 64 bits; a game storing it in a signed 64-bit
    integer refuses half of them). ``cover_card_index`` places the cover card
    (§ 631a.5(d)) before the card at that index of ``cards``; ``burn`` asks for the
    § 631a.5(f) burn before play. ``cut_offset`` is the number of cards from the top
    of the shuffled stack at which the player inserts the first cover card
    (§ 631a.5(c)); the game must refuse an improper cut.
    """

    table_id: str
    cards: Optional[list[Card]] = None
    seed: Optional[int] = Field(default=None, ge=0, le=SEED_MAX,
                                description="an unsigned 64-bit integer, 0 to 2^64 - 1 (capability seeded_shuffle)")
    cover_card_index: Optional[int] = Field(default=None, ge=0)
    burn: bool = False
    cut_offset: Optional[int] = None


class ShoeRecord(Extensible):
    """Result of ``start_shoe``: how the dealing shoe was prepared.

    ``decks``: number of 52-card decks. ``card_count``: cards in the shoe after the
    cut (cover cards not counted). ``cut_offset``: where the first cover card was
    placed, counted from the top of the stack. ``cover_card_index``: cards before the
    second cover card, counted from the first card out of the shoe (equivalently
    ``card_count - cover_card_index`` cards lie below it). ``burned``: the first
    card exposed and the cards burned face down after it. ``cards``: the whole stack
    in dealing order, before the burn, when the game discloses it (capability
    ``shoe_disclosure``). ``pre_shuffle`` (since 1.2, optional): the stack in the order
    the game held it before shuffling (a game that shuffles from a fixed order declares
    it), against which the statistical verification judges how far the shuffle moved
    the cards; ``cards`` is then the shuffled stack cut at ``cut_offset``.
    """

    shoe_id: str
    decks: int
    card_count: int
    cut_offset: Optional[int] = None
    cover_card_index: Optional[int] = None
    burned: list[Card] = Field(default_factory=list)
    cards: Optional[list[Card]] = None
    pre_shuffle: Optional[list[Card]] = Field(default=None, description="since 1.2: the stack before the shuffle")
    new_decks: Optional[bool] = None
    events: list["Event"] = Field(default_factory=list)


# ----------------------------------------------------------------------- wagers
class PlannedWager(Model):
    """A wager: at ``seat``, of ``wager_type`` (one of the names in docs/protocol.md:
    ``banker``, ``player``, ``tie``, ``dragon_bonus``, ``dragon_7``, ``panda_8``,
    ``house_money``, ...), for ``amount`` dollars; ``hand``: the target hand for wagers
    placed on a hand (Dragon Bonus, Perfect Pairs, ...); ``option``: a sub-choice for
    wagers that have one. As one wager of a ``play_shoes`` plan (since 1.3), it is placed
    at the start of every round as ``place_wager`` would place it."""

    seat: Seat
    wager_type: str
    amount: Money
    hand: Optional[HandName] = None
    option: Optional[str] = None


class PlaceWagerParams(PlannedWager):
    """Offer a wager (:class:`PlannedWager`) at table ``table_id``."""

    table_id: str


class ChangeWagerParams(Model):
    table_id: str
    wager_id: str
    amount: Money


class WithdrawWagerParams(Model):
    table_id: str
    wager_id: str


class WagerAck(Model):
    """The game's answer to a wager request: accepted, or rejected with a reason."""

    accepted: bool
    wager_id: Optional[str] = None
    reason: Optional[str] = None


# ----------------------------------------------------------------------- rounds
class Event(Extensible):
    """One thing that happened at the table, in order.

    ``type`` is one of: ``announcement`` (``text``), ``card`` (``card``, ``to``:
    player|banker|burn|discard|next_round|simulated, ``face_up``), ``reveal`` (``hand``,
    ``seat`` who turned it, or none for the dealer; ``card`` when a single third card
    is turned, § 631a.9(d)(4)-(5)), ``collect`` (a losing wager
    collected: ``wager_id``, ``seat``, ``amount``), ``pay`` (a winning wager paid:
    ``wager_id``, ``seat``, ``amount`` = winnings paid in addition to the stake),
    ``push`` / ``return`` (stake returned), ``house_money_added`` (``seat``, ``wager_id``
    of the original wager on the Player's or Banker's Hand, ``amount`` of the House
    Money payout added to it, § 631a.9(e)(1)(i)), ``vigorish_collected`` /
    ``vigorish_marked`` (``seat``, ``amount``), ``meter`` (``meter``, ``amount``),
    ``jackpot`` (a mystery award: ``meter``, ``seat``, ``wager_id``, ``amount``),
    ``shoe_offered`` / ``shoe_accepted`` / ``shoe_passed`` (``seat``; seat 0 accepting
    is the dealer, § 631a.7(d)), ``cover_card`` (the cover card appeared and was set
    aside, § 631a.10(d)), ``new_decks``, ``irregularity`` (``text`` = the staged kind,
    ``card``, ``face_up``).

    Announcement texts the suite reads (case-insensitive): ``no more bets``, ``cards``,
    ``player N`` / ``banker N`` (a Point Count; ``player's hand N`` also accepted),
    ``player wins`` / ``banker wins``, ``tie hand``, ``Dragon 7``, ``Panda 8``,
    ``last hand``.
    """

    type: str = Field(examples=list(EVENT_TYPES), description="One of the examples (protocol/vocabulary.py "
                      "EVENT_TYPES); a game's own event types are prefixed x_.")
    text: Optional[str] = None
    card: Optional[Card] = None
    to: Optional[str] = None
    hand: Optional[HandName] = None
    seat: Optional[int] = None
    wager_id: Optional[str] = None
    amount: Optional[Money] = None
    meter: Optional[str] = None


class DealtCard(Model):
    """A card taken from the dealing shoe in a round and where it went: a hand, the
    discard bucket, a simulated round (§ 631a.15(c)(2), (d)) or held as the first
    card of the next round (``next_round``, § 631a.15(a), (b))."""

    card: Card
    to: Literal["player", "banker", "burn", "discard", "simulated", "next_round"]


class HandRecord(Model):
    """A hand at the end of the round: its cards in order, Point Count and whether it is a Natural.

    ``point_count`` is the game's; § 631a.6(b) makes it a single digit from 0 to 9, and the
    harness judges a count outside that range (or wrong for the cards) as a nonconformance
    of § 631a.6, not as a protocol error. Likewise the number of ``cards`` (two, or three
    with an additional card: § 631a.9(c), § 631a.10(c))."""

    cards: list[Card]
    point_count: int
    natural: bool


class WagerResult(Extensible):
    """How one wager was settled.

    ``paid`` is everything handed back to the player for this wager, the stake
    included when it is returned (0 on a loss; the stake on a push or void; stake
    plus winnings on a win at "to 1" odds; the amount at "for 1" odds). ``vigorish``
    is the commission charged on this wager (collected or marked). ``outcome`` names
    the paytable row that paid, when any (e.g. ``win_by_9``).
    """

    wager_id: str
    seat: Seat
    wager_type: str
    amount: Money
    result: WagerResultKind
    paid: Money
    vigorish: Money = Decimal("0")
    hand: Optional[HandName] = None
    option: Optional[str] = None
    outcome: Optional[str] = Field(
        default=None, examples=sorted({o for names in OUTCOMES.values() for o in names}),
        description="The paytable row that settled the wager (protocol/vocabulary.py OUTCOMES, per wager type); "
                    "informative: the harness quotes it and never judges it.")


class Meter(Extensible):
    """A progressive meter: ``name``, its ``amount`` in dollars, and optionally its
    ``reset`` (seed/reseed) amount and a mystery ``hit_value`` once disclosed."""

    name: str
    amount: Money
    reset: Optional[Money] = None
    hit_value: Optional[Money] = None


class DealChoice(Model):
    """A player's choice during the round.

    ``house_money_add`` (§ 631a.9(e)(1)(i)): ``"none"`` (the default: the whole
    winning House Money payout is handed to the player), ``"all"`` (the player adds
    the payout to the original wager on the Player's or Banker's Hand: all of it, or
    only the portion the Rules Submission specifies, the rest handed to the player) or
    a decimal amount in dollars to add (at most that portion). The payout is the House
    Money winnings; the House Money stake is returned. The game reports the addition
    as a ``house_money_added`` event; the original wager's ``amount`` in the round
    record includes it, and the House Money wager's ``paid`` excludes it.

    ``reveal_banker_first``: the player asks for the alternative card reveal of § 629b.4(b),
    honoured when every Banker, Player and Tie wager is on the Player's Hand and the seat
    has the highest wager on it: the Banker's Hand's ``reveal`` event comes first and the
    Player's Hand's carries this seat.
    """

    seat: Seat
    house_money_add: Optional[str] = None
    reveal_banker_first: Optional[bool] = None


class Irregularity(Model):
    """An irregularity to stage in test mode (§ 631a.15, capability ``irregularities``).

    ``kind`` is one of:

    * ``card_drawn_in_error``: after the round's hands are complete and its wagers
      settled, the next card is drawn from the shoe in error. ``disclosed`` false
      (§ 631a.15(a)): the card stays face down and is the first card of the next round
      (listed ``to: "next_round"``). ``disclosed`` true (§ 631a.15(d)): it is the first
      card of a simulated round, dealt at once under the rules of the chapter, in which
      no wager is settled (its cards listed ``to: "simulated"``).
    * ``player_third_card_in_error``: staged on a round whose Player's Hand is not
      entitled to a third card (a Natural on either hand, or a Player's Point Count of
      6 or 7; otherwise the game answers ``invalid_request``). After the four initial
      cards are turned up and any House Money wager settled, the next card is dealt to
      the Player's Hand in error, face down (``disclosed`` false, § 631a.15(b)) or
      exposed (``disclosed`` true, § 631a.15(c)). If the Banker's Hand must draw
      under § 631a.11(c), the card is the Banker's third card. Otherwise: not
      disclosed, it is the first card of the next round (``next_round``); disclosed,
      per the Rules Submission's ``irregularity_procedure``: it and one more card,
      drawn face down, go to the discard bucket (``discard``, § 631a.15(c)(1)), or it is
      the first card of a simulated round dealt after the round's settlement
      (``simulated``, § 631a.15(c)(2)).
    * ``card_face_up``: the first card of the round is found face up in the dealing
      shoe (§ 631a.15(d)). The round is a simulated round starting with that card:
      ``status`` ``simulated``, every card ``to: "simulated"``, no wager settled; the
      wagers stay on the layout and are settled by the next round.

    A simulated round's cards are dealt Player, Banker, Player, Banker and any third
    cards under § 631a.11, starting with the card in question.
    """

    kind: Literal[IRREGULARITY_KINDS]  # type: ignore[valid-type]
    disclosed: bool = False


class DealRoundParams(Model):
    table_id: str
    choices: list[DealChoice] = Field(default_factory=list)
    irregularity: Optional[Irregularity] = None


class RoundRecord(Extensible):
    """The full record of one round (result of ``deal_round``).

    ``status``: ``completed``, ``void`` (§ 631a.15(e)) or ``simulated`` (§ 631a.15(c)(2),
    (d)). ``cards``: every card in dealing order with where it went. ``player`` /
    ``banker``: the hands. ``winner``: player, banker or tie (null when void).
    ``announcements``: the dealer's calls in order (a subset of ``events``).
    ``wagers``: each wager's settlement. ``events``: everything, in order.
    ``meters``: the progressive meters after settlement. ``shoe``: ``in_play``,
    ``last_hand`` (the cover card has appeared) or ``ended`` (new decks needed).
    ``curator``: the curator's seat after the round (0 for the dealer).
    ``void_reason``: why a ``void`` round is void, in the game's words (e.g. "the dealing
    shoe holds no third card for the Banker's Hand"); the harness quotes it in every
    finding about the round.
    """

    round_id: str
    status: Literal["completed", "void", "simulated"] = "completed"
    cards: list[DealtCard]
    player: Optional[HandRecord] = None
    banker: Optional[HandRecord] = None
    winner: Optional[Literal["player", "banker", "tie"]] = None
    announcements: list[str] = Field(default_factory=list)
    wagers: list[WagerResult] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    meters: list[Meter] = Field(default_factory=list)
    shoe: Literal["in_play", "last_hand", "ended"] = "in_play"
    curator: Optional[int] = None
    void_reason: Optional[str] = None

    def __repr__(self) -> str:  # short: reports record step arguments by repr
        cards = " ".join(c.card for c in self.cards)
        return f"RoundRecord({self.round_id!r}, {self.status}, winner={self.winner}, cards={cards!r})"


class Meters(Model):
    meters: list[Meter]


class EventsResult(Model):
    events: list[Event] = Field(default_factory=list)


class PlayerLeavesParams(Model):
    table_id: str
    seat: Seat


class BatchRound(Model):
    """One round of a batch: a stacked shoe and the wagers to place before it."""

    cards: list[Card]
    wagers: list[dict[str, Any]] = Field(default_factory=list)


class RunRoundsParams(Model):
    """Play many independent rounds in one request (capability ``batch``): each on a
    fresh table opened with ``rules``, from a shoe stacked with that round's cards.

    ``hands_only`` (since protocol 1.2, sent only to a game that declares capability
    ``batch_hands``): the harness reads only the hands of these rounds, and the game may
    answer each record as a :class:`RoundHands` (cards dealt to each hand and the void
    reason) instead of a whole :class:`RoundRecord`. A game may ignore it and send whole
    records."""

    rules: dict[str, Any]
    rounds: list[BatchRound]
    hands_only: Optional[bool] = None


class RunRoundsWholeResult(Model):
    """A ``run_rounds`` answer to a request without ``hands_only``: every record whole."""

    records: list[RoundRecord]


class _Read(BaseModel):
    """Base of the read views: the fields named are validated strictly, every other
    field of the record is skipped (it is validated whole where it counts: see
    adapters/batch.py)."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)


class HandCardsRead(_Read):
    """The cards of a hand, read from a :class:`HandRecord` or a :class:`HandCards`."""

    cards: list[Card]


class RoundHandsRead(_Read):
    """What a sweep judges of a round, read from a :class:`RoundRecord` or a
    :class:`RoundHands`: its status, the cards of each hand and the void reason."""

    status: Literal["completed", "void", "simulated"] = "completed"
    player: Optional[HandCardsRead] = None
    banker: Optional[HandCardsRead] = None
    void_reason: Optional[str] = None


class RunRoundsRead(_Read):
    records: list[RoundHandsRead]


class HandCards(HandCardsRead):
    """A hand of a hands-only record (since 1.2): ``cards`` in the order dealt."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True)
    __pydantic_extra__: dict[str, JsonValue] = Field(init=False)


class RoundHands(RoundHandsRead):
    """A hands-only round record (since 1.2, ``run_rounds`` with ``hands_only``): the
    ``status``, the cards dealt to each hand (``player`` / ``banker``, as in the whole
    :class:`RoundRecord`: null for a void round) and the ``void_reason``. It has no
    ``round_id``: a record with one is a whole :class:`RoundRecord`."""

    # the schema says what tells the two forms apart (:func:`record_form`): no round_id
    model_config = ConfigDict(extra="allow", frozen=True, strict=True,
                              json_schema_extra={"not": {"required": ["round_id"]}})
    __pydantic_extra__: dict[str, JsonValue] = Field(init=False)
    player: Optional[HandCards] = None
    banker: Optional[HandCards] = None


def record_form(value: Any) -> str:
    """``"whole"`` for a record of a ``run_rounds`` answer that carries a ``round_id`` (a
    :class:`RoundRecord`), else ``"hands"`` (a hands-only :class:`RoundHands`)."""
    if isinstance(value, dict):
        return "whole" if "round_id" in value else "hands"
    return "whole" if isinstance(value, RoundRecord) else "hands"


#: A record of a ``run_rounds`` answer: whole, or hands-only (since 1.2, when ``hands_only`` was sent).
RunRoundsRecord = Annotated[Union[Annotated[RoundRecord, Tag("whole")], Annotated[RoundHands, Tag("hands")]],
                            Discriminator(record_form)]


class RunRoundsResult(Model):
    """A ``run_rounds`` answer as the protocol allows it (the published result of the
    operation): each record a whole :class:`RoundRecord` or, when the request sent
    ``hands_only``, a hands-only :class:`RoundHands` (a game may mix the two). A request
    without ``hands_only`` is answered whole: :class:`RunRoundsWholeResult`."""

    records: list[RunRoundsRecord]


# ----------------------------------------------------------------------- play_shoes (since 1.3)
class PlayShoesParams(Model):
    """Shoes of the game's own shuffle, played on an open table in one request
    (capability ``batch_shoes``, since 1.3).

    For each of ``shoes`` shoes the game starts a shoe as ``start_shoe`` would (its own
    shuffle, seeded with ``seeds[i]`` when ``seeds`` is sent, which needs
    ``seeded_shuffle``; ``burn`` as a dealer burns before play), then, when ``deal`` is
    true, deals every round of the shoe to its end: before each round it places every
    wager of ``wagers`` in order (a wager the game refuses is refused for that round
    only). ``deal`` false: the shoes are only shuffled (and disclosed)."""

    table_id: str
    shoes: int = Field(ge=1)
    seeds: Optional[list[int]] = None
    wagers: list[PlannedWager] = Field(default_factory=list)
    deal: bool = True


class WagerSettled(Extensible):
    """The settlement of one planned wager in one round: as ``WagerResult`` (``paid``
    everything handed back for it, ``vigorish`` the commission charged on it), without
    what the plan already says (seat, type, stake)."""

    result: WagerResultKind
    paid: Money
    vigorish: Money = Decimal("0")
    outcome: Optional[str] = None


class PlayedRound(Extensible):
    """One round of a played shoe: its ``status`` (as ``RoundRecord.status``), the cards of
    each hand in the order dealt (null when the round dealt no such hand: a void
    round), and ``wagers``: one entry per wager of the plan, in the plan's order, its
    settlement, or null when the game refused that wager for this round."""

    status: Literal["completed", "void", "simulated"] = "completed"
    player: Optional[list[Card]] = None
    banker: Optional[list[Card]] = None
    wagers: list[Optional[WagerSettled]] = Field(default_factory=list)
    round_id: Optional[str] = None
    void_reason: Optional[str] = None


class PlayedShoe(Extensible):
    """One shoe of ``play_shoes``: what ``start_shoe`` would answer of it (``shoe_id``,
    ``card_count``, ``cut_offset``, ``cover_card_index`` and ``burned``; with capability
    ``shoe_disclosure`` the stack in ``cards``, and ``pre_shuffle`` as in
    :class:`ShoeRecord`) and its ``rounds`` in the order dealt (empty when ``deal`` is
    false). The host accounts every shoe dealt from them (the burn, each round's cards,
    where the second cover card ends the shoe: 58 Pa. Code §§ 631a.5(f), 631a.9(c),
    631a.10(d)); a shoe dealt without ``cover_card_index``, or without ``burned`` nor
    ``cards``, cannot be accounted."""

    shoe_id: str
    card_count: int
    cut_offset: Optional[int] = None
    cover_card_index: Optional[int] = Field(default=None, description="as in ShoeRecord: the host accounts the shoe from it")
    burned: Optional[list[Card]] = Field(default=None, description="as in ShoeRecord: the host accounts the shoe from it")
    cards: Optional[list[Card]] = None
    pre_shuffle: Optional[list[Card]] = None
    rounds: list[PlayedRound] = Field(default_factory=list)


class PlayShoesResult(Model):
    shoes: list[PlayedShoe]


# The read of a play_shoes answer: every field the host reads validated as strictly as by
# the models above (the same types), into plain dicts instead of a model instance per
# round and per wager (a lab run reads 10^6 rounds: 10 us a round over HTTP instead of 45).
_READ = ConfigDict(extra="ignore", strict=True)


@with_config(_READ)
class WagerSettledRead(TypedDict):
    """A :class:`WagerSettled`, read."""

    result: WagerResultKind
    paid: Money
    vigorish: NotRequired[Money]


@with_config(_READ)
class PlayedRoundRead(TypedDict):
    """A :class:`PlayedRound`, read (``status`` missing means ``completed``)."""

    status: NotRequired[Literal["completed", "void", "simulated"]]
    player: NotRequired[Optional[list[Card]]]
    banker: NotRequired[Optional[list[Card]]]
    wagers: NotRequired[list[Optional[WagerSettledRead]]]
    round_id: NotRequired[Optional[str]]


@with_config(_READ)
class PlayedShoeRead(TypedDict):
    """A :class:`PlayedShoe`, read."""

    shoe_id: str
    card_count: int
    cut_offset: NotRequired[Optional[int]]
    cover_card_index: NotRequired[Optional[int]]
    burned: NotRequired[Optional[list[Card]]]
    cards: NotRequired[Optional[list[Card]]]
    pre_shuffle: NotRequired[Optional[list[Card]]]
    rounds: NotRequired[list[PlayedRoundRead]]


class PlayShoesRead(_Read):
    """A :class:`PlayShoesResult`, read: its shoes and rounds as dicts (the keys of
    :class:`PlayedShoeRead`, :class:`PlayedRoundRead`, :class:`WagerSettledRead`)."""

    shoes: list[PlayedShoeRead]


ShoeRecord.model_rebuild()

OPERATIONS: dict[str, tuple[type[BaseModel] | None, type[BaseModel]]] = {
    "describe": (None, GameDescription),
    "open_table": (OpenTableParams, TableOpened),
    "start_shoe": (StartShoeParams, ShoeRecord),
    "place_wager": (PlaceWagerParams, WagerAck),
    "change_wager": (ChangeWagerParams, WagerAck),
    "withdraw_wager": (WithdrawWagerParams, WagerAck),
    "no_more_bets": (TableRef, EventsResult),
    "deal_round": (DealRoundParams, RoundRecord),
    "read_meters": (TableRef, Meters),
    "player_leaves": (PlayerLeavesParams, EventsResult),
    "close_table": (TableRef, EventsResult),
    "run_rounds": (RunRoundsParams, RunRoundsResult),
    "play_shoes": (PlayShoesParams, PlayShoesResult),
}
"""Operation name -> (params model or None, result model). The protocol, whole: the
result model is every answer the operation may get (``run_rounds``: whole or hands-only
records); :data:`ANSWERED_WHOLE` is the answer of a request that asked for no hands-only record."""

ANSWERED_WHOLE: dict[str, type[BaseModel]] = {"run_rounds": RunRoundsWholeResult}
"""Operation -> the result model of a request without ``hands_only`` (every record whole)."""

IDEMPOTENT = frozenset({"describe", "read_meters"})
"""Operations a transport may safely retry."""
