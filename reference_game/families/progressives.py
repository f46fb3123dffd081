"""Progressive and mystery wagers of the reference game.

* Heavenly 9 progressive (58 Pa. Code § 631c.2) with the optional Must-Hit-By Mystery
  bonus (§ 631c.6);
* Royal 9 Progressive (§ 629b.3 Midibaccarat, § 627b.3 Minibaccarat) with Mega, Major
  and Minor jackpots, personal King 9 combinations and the optional mystery
  progressive of (h);
* Harmony Progressive (§ 629b.7) with its reserve meter.

Rules Submission options read from ``rules["wagers"][NAME]``:

``heavenly_9``: ``mystery`` = ``"A-$1"`` ... ``"D-$5"`` (§ 631c.6(c)(4)), optional.
``royal_9``: ``denomination`` ``"5"`` or ``"1"``; ``personal_combinations`` {position:
"KS 9H"}; ``rates`` {mega, major, minor: "1%"}; ``resets`` {mega, major, minor: dollars};
``mystery`` ``"1"``/``"2"``/``"3"`` (§ 629b.3(h)), optional.
``harmony``: ``paytable`` ``"A"`` ... ``"I"``; ``seed`` dollars.

Payout conventions: a progressive award ("100% progressive", a Royal 9 dollar amount)
is the whole amount paid for the wager; "N for 1" odds include the wager.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Optional

from ..cards import baccarat_value, rank_of
from ..meters import MeterState, ProgressiveSystem, cents_down, register_system
from ..wagers import Hands, Settlement, WagerKind, lose, offered_wager, pays_for, register

BACCARAT_WAGERS = ("banker", "player", "tie")


def _suit(card: str) -> str:
    return card[-1]


def _red(card: str) -> bool:
    return _suit(card) in "DH"


def _pct(text: Any) -> Decimal:
    return Decimal(str(text).strip().rstrip("%")) / 100


def _opts(rules: dict, name: str) -> dict:
    return dict((rules.get("wagers") or {}).get(name) or {})


def _meters(table: Any) -> dict[str, MeterState]:
    return table.progressive.setdefault("meters", {})


def _award(table: Any, name: str) -> Decimal:
    """Pay 100% of meter ``name`` (to the cent) and reset it to its reseed amount."""
    meter = _meters(table)[name]
    paid = cents_down(meter.amount)
    meter.amount = meter.reset
    return paid


def _placed(table: Any, wager_type: str) -> list:
    return [w for w in table.wagers if w.wager_type == wager_type]


class _Mystery:
    """A Must-Hit-By mystery meter: seeded at ``low``, hit value drawn in [low, high];
    contributions are applied wager by wager; the contribution that takes the meter
    above the hit value wins the whole meter, which resets to ``low``."""

    def __init__(self, meter: str):
        self.meter = meter

    def open(self, game: Any, table: Any, low: Decimal, high: Decimal) -> None:
        _meters(table)[self.meter] = MeterState(low, low, game.draw_hit_value(low, high), low, high)

    def contribute(self, game: Any, table: Any, wager: Any, amount: Decimal) -> None:
        m = _meters(table)[self.meter]
        m.amount += amount
        if m.amount > m.hit_value:
            paid = cents_down(m.amount)
            table.progressive.setdefault("awards", []).append(
                {"type": "jackpot", "meter": self.meter, "seat": wager.seat, "wager_id": wager.wager_id,
                 "amount": format(paid, "f")})
            m.amount = m.reset
            m.hit_value = game.draw_hit_value(m.low, m.high)


def _pay_awards(table: Any, events: list[dict]) -> None:
    events.extend(table.progressive.pop("awards", []))


# ====================================================================== Heavenly 9
MYSTERY_631C6 = {  # § 631c.6(c)(4): minimum wager, minimum and maximum dollar value, rate
    "A-$1": ("1", "100", "200", "2%"), "A-$2": ("2", "100", "200", "1.5%"), "A-$5": ("5", "100", "250", "1%"),
    "B-$1": ("1", "100", "500", "5%"), "B-$2": ("2", "100", "500", "3.5%"), "B-$5": ("5", "100", "500", "2%"),
    "C-$1": ("1", "250", "500", "2%"), "C-$2": ("2", "250", "500", "1.5%"), "C-$5": ("5", "250", "500", "0.5%"),
    "D-$1": ("1", "250", "1000", "5%"), "D-$2": ("2", "250", "1000", "3%"), "D-$5": ("5", "250", "1000", "2%"),
}


class Heavenly9(ProgressiveSystem):
    """§ 631c.2 and § 631c.6."""

    meter = "heavenly_9"
    seed = Decimal("10000")
    increment = Decimal("0.10")
    minimum = Decimal("5")
    mystery = _Mystery("heavenly_9_mystery")

    def mystery_config(self, table: Any) -> Optional[tuple]:
        name = _opts(table.rules, "heavenly_9").get("mystery")
        if name is None:
            return None
        wager, low, high, rate = MYSTERY_631C6[name]
        return Decimal(wager), Decimal(low), Decimal(high), _pct(rate)

    def on_open(self, game: Any, table: Any) -> None:
        if "heavenly_9" not in (table.rules.get("wagers") or {}):
            return
        name = _opts(table.rules, "heavenly_9").get("mystery")
        if name is not None and name not in MYSTERY_631C6:
            from ..table import GameError

            raise GameError("unsupported", f"Must-Hit-By Mystery configuration {name!r} does not exist")
        _meters(table)[self.meter] = MeterState(self.seed, self.seed)
        config = self.mystery_config(table)
        if config:
            self.mystery.open(game, table, config[1], config[2])

    def check_wager(self, game: Any, table: Any, wager_type: str, stake: Decimal, seat: int) -> Optional[str]:
        if wager_type == "heavenly_9" and stake < self.minimum:
            return "a Heavenly 9 progressive wager must be no less than $5 (§ 631c.2(c))"
        return None

    def on_deal(self, game: Any, table: Any, events: list[dict]) -> None:
        if self.meter not in _meters(table):
            return
        config = self.mystery_config(table)
        for w in _placed(table, "heavenly_9"):
            _meters(table)[self.meter].amount += w.amount * self.increment
            qualifies = any(x.seat == w.seat and x.wager_type in BACCARAT_WAGERS for x in table.wagers)
            if config and qualifies and w.amount >= config[0]:
                self.mystery.contribute(game, table, w, w.amount * config[3])

    def after_settle(self, game: Any, table: Any, events: list[dict]) -> None:
        _pay_awards(table, events)

    def meters(self, game: Any, table: Any) -> list[dict]:
        return [m.as_dict(n, table.test_mode) for n, m in sorted(_meters(table).items())
                if n.startswith("heavenly_9")]


HEAVENLY_9 = register_system(Heavenly9())


def _three_card_9(cards: list[str]) -> bool:
    return len(cards) == 3 and sum(baccarat_value(c) for c in cards) % 10 == 9


def _heavenly_9(h: Hands, w: dict, stake: Decimal) -> Settlement:
    p9, b9 = _three_card_9(h.player), _three_card_9(h.banker)
    cards = h.player + h.banker
    if p9 and b9:
        if len({_suit(c) for c in cards}) == 1:
            return Settlement("win", _award(w["table"], HEAVENLY_9.meter), outcome="suited_tie")
        if len({_red(c) for c in cards}) == 1:
            return Settlement("win", pays_for(stake, 299), outcome="same_color_tie")
        return Settlement("win", pays_for(stake, 60), outcome="tie")
    if b9:
        return Settlement("win", pays_for(stake, 9), outcome="banker_3_card_9")
    if p9:
        return Settlement("win", pays_for(stake, 8), outcome="player_3_card_9")
    return lose()


register(WagerKind("heavenly_9", _heavenly_9, offered_wager("heavenly_9"), needs_baccarat_wager=True))


# ====================================================================== Royal 9
ROYAL_9_FIXED = {  # § 629b.3(f)(1), (g)(1)
    "5": {"mega_envy": "5000", "suited_tie": "1500", "tie": "250", "any_suited": "50", "any": "25"},
    "1": {"mega_envy": "1000", "suited_tie": "300", "tie": "50", "any_suited": "10", "any": "5"},
}
ROYAL_9_MYSTERY = {"1": ("250", "1000", "5%"), "2": ("100", "500", "5%"), "3": ("100", "200", "2%")}  # (h)
JACKPOTS = ("mega", "major", "minor")


def _combinations(rules: dict) -> dict[int, list[str]]:
    return {int(k): sorted(v.split()) for k, v in (_opts(rules, "royal_9").get("personal_combinations") or {}).items()}


class Royal9(ProgressiveSystem):
    """§ 629b.3 / § 627b.3."""

    mystery = _Mystery("royal_9_mystery")

    def on_open(self, game: Any, table: Any) -> None:
        if "royal_9" not in (table.rules.get("wagers") or {}):
            return
        opts = _opts(table.rules, "royal_9")
        resets = opts.get("resets") or {}
        for j in JACKPOTS:
            amount = Decimal(str(resets.get(j, "0")))
            _meters(table)[f"royal_9_{j}"] = MeterState(amount, amount)
        if opts.get("mystery") is not None:
            low, high, _ = ROYAL_9_MYSTERY[str(opts["mystery"])]
            self.mystery.open(game, table, Decimal(low), Decimal(high))

    def on_deal(self, game: Any, table: Any, events: list[dict]) -> None:
        if "royal_9_mega" not in _meters(table):
            return
        opts = _opts(table.rules, "royal_9")
        rates = opts.get("rates") or {}
        for w in _placed(table, "royal_9"):
            for j in JACKPOTS:
                _meters(table)[f"royal_9_{j}"].amount += w.amount * _pct(rates.get(j, "0%"))
            if opts.get("mystery") is not None:
                self.mystery.contribute(game, table, w, w.amount * _pct(ROYAL_9_MYSTERY[str(opts["mystery"])][2]))

    def after_settle(self, game: Any, table: Any, events: list[dict]) -> None:
        _pay_awards(table, events)

    def meters(self, game: Any, table: Any) -> list[dict]:
        return [m.as_dict(n, table.test_mode) for n, m in sorted(_meters(table).items()) if n.startswith("royal_9")]


ROYAL_9 = register_system(Royal9())


def _royal(two: list[str]) -> bool:
    ranks = {rank_of(c) for c in two}
    return len(two) == 2 and "9" in ranks and bool(ranks & {"K", "Q", "J"})


def _suited(two: list[str]) -> bool:
    return _royal(two) and _suit(two[0]) == _suit(two[1])


def _royal_9(h: Hands, w: dict, stake: Decimal) -> Settlement:
    opts = _opts(h.rules, "royal_9")
    fixed = ROYAL_9_FIXED[str(opts.get("denomination", "5"))]
    combos = _combinations(h.rules)
    p, b = sorted(h.player[:2]), sorted(h.banker[:2])
    mine = combos.get(w["seat"])
    table = w["table"]
    if mine and p == mine and b == mine:
        return Settlement("win", _award(table, "royal_9_mega"), outcome="mega")
    if mine and b == mine:
        return Settlement("win", _award(table, "royal_9_major"), outcome="major")
    if mine and p == mine:
        return Settlement("win", _award(table, "royal_9_minor"), outcome="minor")
    for key, hit in (("mega_envy", any(p == c and b == c for c in combos.values())),
                     ("suited_tie", _suited(p) and _suited(b)), ("tie", _royal(p) and _royal(b)),
                     ("any_suited", _suited(p) or _suited(b)), ("any", _royal(p) or _royal(b))):
        if hit:
            return Settlement("win", Decimal(fixed[key]).quantize(Decimal("0.01")), outcome=key)
    return lose()


register(WagerKind("royal_9", _royal_9, offered_wager("royal_9"), phase="initial", needs_baccarat_wager=True))


# ====================================================================== Harmony
HARMONY = {  # § 629b.7(i): outcome -> "N for 1" (six_of_a_kind: 100% of Progressive)
    "A": {"four_8s": 1000, "four_of_a_kind": 300, "six_zero": 100, "tie_0": 20, "tie_1_5": 6, "tie_6_9": 3},
    "B": {"four_8s": 1000, "four_of_a_kind": 200, "six_zero": 100, "tie_0": 20, "tie_1_5": 5, "tie_6_9": 3},
    "C": {"four_8s": 600, "four_of_a_kind": 300, "six_zero": 100, "tie_0": 20, "tie_1_5": 5, "tie_6_9": 5},
    "D": {"four_8s": 600, "four_of_a_kind": 300, "six_zero": 200, "same_color": 20, "any_tie": 3},
    "E": {"four_8s": 1000, "four_of_a_kind": 300, "six_zero": 100, "same_color": 20, "any_tie": 3},
    "F": {"four_8s": 300, "four_of_a_kind": 300, "six_zero": 100, "same_color": 20, "any_tie": 5},
    "G": {"four_8s": 600, "four_of_a_kind": 200, "six_zero": 100, "five_card": 10, "six_card": 3, "four_card": 3},
    "H": {"four_8s": 1000, "four_of_a_kind": 200, "six_zero": 50, "five_card": 8, "six_card": 4, "four_card": 3},
    "I": {"four_8s": 300, "four_of_a_kind": 300, "six_zero": 50, "five_card": 10, "six_card": 6, "four_card": 4},
}
HARMONY_RATES = {  # § 629b.7(j): (incrementation, reserve incrementation)
    "A": ("15%", "3%"), "B": ("19%", "5%"), "C": ("15%", "3%"), "D": ("15%", "3%"), "E": ("19%", "5%"),
    "F": ("15%", "3%"), "G": ("15%", "3%"), "H": ("19%", "5%"), "I": ("15%", "3%"),
}


class Harmony(ProgressiveSystem):
    """§ 629b.7."""

    def on_open(self, game: Any, table: Any) -> None:
        if "harmony" not in (table.rules.get("wagers") or {}):
            return
        opts = _opts(table.rules, "harmony")
        if opts.get("paytable", "A") not in HARMONY:
            from ..table import GameError

            raise GameError("unsupported", f"Harmony Progressive paytable {opts.get('paytable')!r} does not exist")
        seed = Decimal(str(opts.get("seed", "0")))
        _meters(table)["harmony"] = MeterState(seed, seed)
        _meters(table)["harmony_reserve"] = MeterState(Decimal("0"), Decimal("0"))

    def rates(self, table: Any) -> tuple[Decimal, Decimal]:
        a, b = HARMONY_RATES[_opts(table.rules, "harmony").get("paytable", "A")]
        return _pct(a), _pct(b)

    def on_deal(self, game: Any, table: Any, events: list[dict]) -> None:
        if "harmony" not in _meters(table):
            return
        rate, reserve = self.rates(table)
        for w in _placed(table, "harmony"):
            _meters(table)["harmony"].amount += w.amount * rate
            _meters(table)["harmony_reserve"].amount += w.amount * reserve

    def meters(self, game: Any, table: Any) -> list[dict]:
        return [m.as_dict(n, table.test_mode) for n, m in sorted(_meters(table).items()) if n.startswith("harmony")]


HARMONY_SYSTEM = register_system(Harmony())


def harmony_outcomes(h: Hands) -> list[str]:
    if h.winner != "tie":
        return []
    cards = h.player + h.banker
    n, ranks, count = len(cards), {rank_of(c) for c in cards}, h.p
    got = []
    if n == 6 and len(ranks) == 1:
        got.append("six_of_a_kind")
    if n == 4 and ranks == {"8"}:
        got.append("four_8s")
    if n == 4 and len(ranks) == 1:
        got.append("four_of_a_kind")
    if n == 6 and all(baccarat_value(c) == 0 for c in cards):
        got.append("six_zero")
    if count == 0:
        got.append("tie_0")
    got.append("tie_1_5" if 1 <= count <= 5 else "tie_6_9" if count >= 6 else "tie_0")
    if len({_red(c) for c in cards}) == 1:
        got.append("same_color")
    got.append({4: "four_card", 5: "five_card", 6: "six_card"}[n])
    got.append("any_tie")
    return got


def _harmony(h: Hands, w: dict, stake: Decimal) -> Settlement:
    paytable = HARMONY[_opts(h.rules, "harmony").get("paytable", "A")]
    for outcome in harmony_outcomes(h):
        if outcome == "six_of_a_kind":
            table = w["table"]
            paid = _award(table, "harmony")
            meters = _meters(table)
            meters["harmony"].amount = meters["harmony"].reset + meters["harmony_reserve"].amount
            meters["harmony_reserve"].amount = Decimal("0")
            return Settlement("win", paid, outcome=outcome)
        if outcome in paytable:
            return Settlement("win", pays_for(stake, paytable[outcome]), outcome=outcome)
    return lose()


register(WagerKind("harmony", _harmony, offered_wager("harmony"), needs_baccarat_wager=True))
