"""The exact par sheet of a Rules Submission: for every wager, paytable and hand the
table offers, the probability of each outcome as an exact fraction, the odds paid and
the house edge.

Probabilities are composition-exact (cards without replacement from a full shoe of
6, 7 or 8 decks, off the top: :mod:`.par_enumerate`); outcomes are settled by the
oracle's own settlers and paytables (:mod:`.settlement`, :mod:`.side_wagers`,
:mod:`.golden_talons`, :mod:`.rising_phoenix`, :mod:`.progressives`), so every figure
comes from the regulation's text, never from a game. The house edge is the expected
loss per unit wagered, a push counting as a wager returned (the standard definition:
Banker and Player wagers include the rounds that tie).

The input is plain data: the Rules Submission as the JSON object sent to the game in
``open_table`` (``RulesSubmission.as_rules()``), so the oracle imports nothing of the
harness.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Optional

from . import ch631a
from . import par_model, par_wagers
from .odds import Odds
from .par_enumerate import (by_rank, check_decks, initial_hands, rank_patterns, round_classes, uniform_hands,
                            uniform_round_classes)
from .settlement import coup_of


@dataclass(frozen=True)
class OutcomePar:
    """One outcome of a wager: ``outcome`` its name (the paytable row, ``"win"``,
    ``"push"`` or ``"lose"``); ``probability`` exact; ``pays`` the odds a win is paid
    (None for a loss or a push); ``net`` the units won per unit wagered (-1 for a loss,
    0 for a push, 19/20 for a Banker win less its 5% vigorish); ``result`` ``"win"``,
    ``"push"`` or ``"lose"``."""

    outcome: str
    probability: Fraction
    pays: Optional[Odds]
    net: Fraction
    result: str = "win"

    def pays_text(self) -> str:
        """The odds as printed (``"8 to 1"``), or ``"push"`` / ``"lose"``."""
        return str(self.pays) if self.pays is not None else self.result


@dataclass(frozen=True)
class WagerPar:
    """The par of one wager as offered: ``wager`` the protocol wager type; ``hand``
    ``"player"`` / ``"banker"`` for a wager placed on a hand, else None; ``paytable``
    the Rules Submission's paytable (or denomination), else None; ``option`` a wager's
    sub-choice (a Rising Phoenix Bonus), else None. ``outcomes`` every outcome, paying
    ones first, probabilities summing to 1; ``house_edge`` the expected loss per unit
    wagered; ``note`` how the figure was reached where that needs saying (vigorish,
    progressive meters at their reset amounts), else None."""

    wager: str
    hand: Optional[str]
    paytable: Optional[str]
    option: Optional[str]
    outcomes: tuple[OutcomePar, ...]
    house_edge: Fraction
    note: Optional[str] = None

    @property
    def exact(self) -> bool:
        """False when the wager could not be computed (``note`` says why): it then has
        no outcomes and a house edge of 0 that means nothing."""
        return bool(self.outcomes)


@dataclass(frozen=True)
class ParSheet:
    """The par sheet of a Rules Submission: ``profile`` its name, ``decks`` the shoe,
    ``wagers`` one :class:`WagerPar` per wager, hand, paytable and option offered."""

    profile: str
    decks: int
    wagers: tuple[WagerPar, ...]

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of issue 15: ``{"profile", "decks", "wagers": [{"wager",
        "hand", "paytable", "option", "outcomes": [{"outcome", "probability": "p/q",
        "pays"}], "house_edge": "p/q", "house_edge_float"}]}`` (plus each wager's
        ``note`` and each outcome's ``net`` and ``result``)."""
        return {
            "profile": self.profile,
            "decks": self.decks,
            "wagers": [
                {
                    "wager": w.wager, "hand": w.hand, "paytable": w.paytable, "option": w.option,
                    "outcomes": [{"outcome": o.outcome, "probability": _ratio(o.probability), "pays": o.pays_text(),
                                  "net": _ratio(o.net), "result": o.result} for o in w.outcomes],
                    "house_edge": _ratio(w.house_edge) if w.exact else None,
                    "house_edge_float": float(w.house_edge) if w.exact else None,
                    "note": w.note,
                }
                for w in self.wagers
            ],
        }

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2)

    def wager(self, wager: str, hand: Optional[str] = None, option: Optional[str] = None) -> WagerPar:
        """The :class:`WagerPar` of ``wager`` (on ``hand``, with ``option``).

        :raises KeyError: naming the wager when the sheet has no such row.
        """
        for w in self.wagers:
            if w.wager == wager and w.hand == hand and w.option == option:
                return w
        raise KeyError(f"the par sheet has no {wager!r} wager (hand {hand!r}, option {option!r})")


def _ratio(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


# ---------------------------------------------------------------- computing one wager
def wager_par(spec: par_model.WagerModel, decks: int) -> WagerPar:
    """The :class:`WagerPar` of one wager model (:mod:`.par_wagers`) for ``decks`` decks."""
    if spec.engine is None:
        return WagerPar(spec.wager, spec.hand, spec.paytable, spec.option, (), Fraction(0), spec.note)
    classes = _classes(decks, spec.engine)
    grouped: dict[tuple[str, str, Optional[Odds], Fraction], Fraction] = {}
    for coup, probability in classes:
        s = spec.settle(coup)
        key = (s.outcome, s.result, s.pays, s.net)
        grouped[key] = grouped.get(key, Fraction(0)) + probability
    order = {"win": 0, "push": 1, "lose": 2}
    outcomes = tuple(OutcomePar(o, p, pays, net, result) for (o, result, pays, net), p in
                     sorted(grouped.items(), key=lambda kv: (order[kv[0][1]], -kv[0][3], kv[0][0])))
    edge = -sum((o.probability * o.net for o in outcomes), Fraction(0))
    return WagerPar(spec.wager, spec.hand, spec.paytable, spec.option, outcomes, edge, spec.note)


@functools.lru_cache(maxsize=None)
def _classes(decks: int, engine: par_model.Engine) -> tuple[tuple[ch631a.Coup, Fraction], ...]:
    """The rounds an engine tells apart, as representative coups with their exact
    probabilities (cached per decks and engine: every wager of the engine reuses them)."""
    if engine == "round":
        return tuple((_coup(*k.hands()), p) for k, p in round_classes(decks).items())
    if engine == "round_uniform":
        return tuple((_coup(*uniform_hands(*k)), p) for k, p in uniform_round_classes(decks).items())
    assert isinstance(engine, tuple)
    cards, partition = engine
    if partition is by_rank:  # pairs only: the 15 patterns of equal ranks
        table = {(_hands(seq)): p for seq, p in rank_patterns(decks, cards).items()}
    else:
        table = initial_hands(decks, cards, partition)
    return tuple((_coup(player, banker), p) for (player, banker), p in table.items())


def _hands(seq: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Initial cards in dealing order -> (Player's two, Banker's two); two cards are one
    hand's (given to both, the wager reads only its own)."""
    if len(seq) == 2:
        return seq, seq
    return (seq[0], seq[2]), (seq[1], seq[3])


def _coup(player: tuple[str, ...], banker: tuple[str, ...]) -> ch631a.Coup:
    return coup_of(player, banker)


@functools.lru_cache(maxsize=256)
def _cached_rows(rules_json: str, decks: int) -> tuple:
    """The rows of the par sheet of ``rules_json`` for ``decks`` decks, computed once a
    process whatever name the sheet is given (the game-math and statistics scenarios ask
    for the same sheet under different names: 1–3 s each time)."""
    table = json.loads(rules_json)
    try:
        models = par_wagers.models(table)
    except KeyError as e:
        raise ValueError(f"the Rules Submission names a paytable the regulation does not print: {e}") from None
    rows = []
    for m in models:
        try:
            rows.append(wager_par(m, decks))
        except KeyError as e:
            raise ValueError(f"the {m.wager} wager (paytable {m.paytable!r}): {e}") from None
    return tuple(rows)


@functools.lru_cache(maxsize=256)
def _cached_sheet(rules_json: str, decks: int, profile: str) -> ParSheet:
    return ParSheet(profile, decks, _cached_rows(rules_json, decks))


def par_sheet(table_rules: Mapping[str, Any], decks: Optional[int] = None, *, profile: str = "") -> ParSheet:
    """The exact par sheet of the Rules Submission ``table_rules`` (the JSON object of
    ``open_table``: ``variant``, ``tie_odds``, ``wagers`` with their paytables ...) for
    a shoe of ``decks`` decks (default: the submission's ``decks``).

    Cached per (rules, decks) within a process. Every wager offered is listed; one the
    oracle cannot compute exactly is listed with no outcomes and a ``note`` saying why.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow, or a
        paytable the regulation does not print (naming it).
    """
    n = check_decks(decks if decks is not None else table_rules.get("decks", 8))
    return _cached_sheet(json.dumps(dict(table_rules), sort_keys=True, default=str), n, profile)


# ---------------------------------------------------------------- what the statistics test against
@functools.lru_cache(maxsize=None)
def round_outcome_probabilities(decks: int) -> dict[str, Fraction]:
    """Exact probabilities of the events of one round off the top of a full shoe of
    ``decks`` decks: ``banker_win``, ``player_win``, ``tie`` (§ 631a.8); ``natural``
    (either hand, § 631a.1), ``player_natural``, ``banker_natural``; ``player_draws``,
    ``banker_draws`` (a third card, § 631a.11); ``dragon_7``, ``panda_8`` (§ 631a.1);
    ``player_pair``, ``banker_pair`` (the hand's initial two cards of one rank) and
    ``either_pair``, ``both_pairs``.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow.
    """
    out = {k: Fraction(0) for k in ("banker_win", "player_win", "tie", "natural", "player_natural",
                                    "banker_natural", "player_draws", "banker_draws", "dragon_7", "panda_8")}
    for k, p in round_classes(decks).items():
        coup = _coup(*k.hands())
        out[{"banker": "banker_win", "player": "player_win", "tie": "tie"}[coup.winner]] += p
        pn, bn = ch631a.is_natural(coup.player), ch631a.is_natural(coup.banker)
        for name, hit in (("natural", pn or bn), ("player_natural", pn), ("banker_natural", bn),
                          ("player_draws", len(coup.player) == 3), ("banker_draws", len(coup.banker) == 3),
                          ("dragon_7", ch631a.is_dragon_7(coup)), ("panda_8", ch631a.is_panda_8(coup))):
            if hit:
                out[name] += p
    pairs = {"player_pair": Fraction(0), "banker_pair": Fraction(0), "either_pair": Fraction(0),
             "both_pairs": Fraction(0)}
    for seq, p in rank_patterns(decks, 4).items():
        pp, bp = seq[0][:-1] == seq[2][:-1], seq[1][:-1] == seq[3][:-1]
        pairs["player_pair"] += p * pp
        pairs["banker_pair"] += p * bp
        pairs["either_pair"] += p * (pp or bp)
        pairs["both_pairs"] += p * (pp and bp)
    out.update(pairs)
    return out


__all__ = ["OutcomePar", "ParSheet", "WagerPar", "par_sheet", "round_outcome_probabilities", "wager_par"]
