"""The exact par sheet (issue 15 item 1): it reproduces the published figures, for 8 and
6 decks, and lists every wager of every bundled profile.

Sources (the figures are quoted in the tests that use them):

* [WOO-BAC] Wizard of Odds, "Baccarat", appendix 1 (8 decks: Banker 2,292,252,566,437,888,
  Player 2,230,518,282,592,256, Tie 475,627,426,473,216 of 4,998,398,275,503,360
  permutations; house edges 1.0579%, 1.2351%, 14.3596%),
  https://wizardofodds.com/games/baccarat/appendix/1/
* [WOO-EZ] Wizard of Odds, "EZ Baccarat" (8 decks: Banker 1.0183%; Dragon 7 wins
  112,633,011,329,024, house edge 7.6113%; Panda 8 wins 172,660,763,262,976, 10.1876%),
  https://wizardofodds.com/games/ez-baccarat/
* [WOO-DB] Wizard of Odds, "Baccarat", appendix 5, Dragon Bonus (8 decks, row by row;
  Player 2.6517%, Banker 9.3731%; by decks: 6 decks 2.67% and 9.39%),
  https://wizardofodds.com/games/baccarat/appendix/5/
* [CE-6] casinoexploit.com, "Baccarat", Probabilities in 6-deck Baccarat (Bank
  403,095,751,234,560, Player 392,220,492,728,832, Tie 83,552,962,932,288 permutations),
  http://www.casinoexploit.com/baccarat.html
* [EP-NC] excelpunks.com, "Baccarat vs. Non-Commission Baccarat" (8 decks: a Banker win
  on 6 in 269,232,304,455,680 permutations; a Banker paid half on 6: 1.4581045%),
  https://excelpunks.com/2018/05/12/concepts-13-baccarat-vs-non-commission-baccarat-why-does-a-banker-win-on-6-pay-half/
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import perm
from pathlib import Path

import pytest

from baccarat_conformance.oracle import par_enumerate as E
from baccarat_conformance.oracle.ch631a import banker_draws, player_draws
from baccarat_conformance.oracle.par_sheet import ParSheet, par_sheet, round_outcome_probabilities
from baccarat_conformance.profile import load_profile

PROFILES = sorted(Path(__file__).resolve().parents[1].joinpath("profiles").glob("*.toml"))


def _rules(name: str) -> dict:
    return load_profile(str(Path(__file__).resolve().parents[1] / "profiles" / f"{name}.toml")).as_rules()


def _sheet(name: str, decks: int) -> ParSheet:
    return par_sheet(_rules(name), decks, profile=name)


def _edge(sheet: ParSheet, wager: str, hand: str | None = None, option: str | None = None) -> float:
    return float(sheet.wager(wager, hand, option).house_edge)


# ---------------------------------------------------------------- published figures, 8 decks
@pytest.mark.parametrize(("profile", "wager", "hand", "published", "source"), [
    ("baccarat", "banker", None, 0.010579, "WOO-BAC"),
    ("baccarat", "player", None, 0.012351, "WOO-BAC"),
    ("baccarat", "tie", None, 0.143596, "WOO-BAC"),
    ("ez_baccarat", "banker", None, 0.010183, "WOO-EZ"),
    ("ez_baccarat", "dragon_7", None, 0.076113, "WOO-EZ"),
    ("ez_baccarat", "panda_8", None, 0.101876, "WOO-EZ"),
    ("baccarat", "dragon_bonus", "player", 0.026517, "WOO-DB"),
    ("baccarat", "dragon_bonus", "banker", 0.093731, "WOO-DB"),
    ("commission_free", "banker", None, 0.014581045, "EP-NC"),
    # the 5 Treasures Fortune 7 and Golden 8 are the Dragon 7 and Panda 8 events at the same odds
    ("side_wagers_631c", "fortune_7", None, 0.076113, "WOO-EZ"),
    ("side_wagers_631c", "golden_8", None, 0.101876, "WOO-EZ"),
])
def test_eight_deck_house_edges_reproduce_the_published_figures(profile, wager, hand, published, source):
    assert _edge(_sheet(profile, 8), wager, hand) == pytest.approx(published, abs=1e-6), source


def test_eight_deck_round_probabilities_are_the_published_permutation_counts():
    """[WOO-BAC], [WOO-EZ], [EP-NC]: exact counts of the 416P6 = 4,998,398,275,503,360 six-card sequences."""
    total = perm(416, 6)
    assert total == 4_998_398_275_503_360
    p = round_outcome_probabilities(8)
    assert p["banker_win"] * total == 2_292_252_566_437_888
    assert p["player_win"] * total == 2_230_518_282_592_256
    assert p["tie"] * total == 475_627_426_473_216
    assert p["dragon_7"] * total == 112_633_011_329_024
    assert p["panda_8"] * total == 172_660_763_262_976
    six = _sheet("commission_free", 8).wager("banker")
    assert next(o for o in six.outcomes if o.outcome == "banker_six").probability * total == 269_232_304_455_680


def test_dragon_bonus_rows_are_the_published_permutation_counts():
    """[WOO-DB]: the Dragon Bonus paytable A, row by row, 8 decks."""
    total = perm(416, 6)
    published = {
        "player": {"win_by_9": 18_409_431_764_992, "win_by_8": 34_097_645_543_424, "win_by_7": 89_590_261_473_280,
                   "win_by_6": 141_238_897_317_888, "win_by_5": 166_169_165_987_840,
                   "win_by_4": 186_780_352_174_080, "natural_winner": 812_685_054_124_032,
                   "natural_tie": 89_325_908_267_520},
        "banker": {"win_by_9": 15_390_342_909_952, "win_by_8": 28_305_092_784_128, "win_by_7": 79_517_099_278_336,
                   "win_by_6": 119_200_072_366_080, "win_by_5": 157_275_882_332_160,
                   "win_by_4": 201_147_167_287_296, "natural_winner": 812_685_054_124_032,
                   "natural_tie": 89_325_908_267_520},
    }
    sheet = _sheet("baccarat", 8)
    for hand, rows in published.items():
        got = {o.outcome: o.probability * total for o in sheet.wager("dragon_bonus", hand).outcomes}
        assert {row: got[row] for row in rows} == rows, hand


# ---------------------------------------------------------------- published figures, 6 decks
def test_six_deck_round_probabilities_are_the_published_permutation_counts():
    """[CE-6]: 312P6 = 878,869,206,895,680 six-card sequences of a 6-deck shoe."""
    total = perm(312, 6)
    p = round_outcome_probabilities(6)
    assert p["banker_win"] * total == 403_095_751_234_560
    assert p["player_win"] * total == 392_220_492_728_832
    assert p["tie"] * total == 83_552_962_932_288


def test_six_deck_house_edges_follow_from_the_published_counts():
    """[CE-6]: the house edges of the Banker (5% commission), Player and Tie (8 to 1)
    wagers computed from the published 6-deck counts, to 1e-6 (1.0558%, 1.2374%, 14.4382%)."""
    total = 878_869_206_895_680
    bank, player, tie = (Fraction(n, total) for n in (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288))
    sheet = _sheet("baccarat", 6)
    assert _edge(sheet, "banker") == pytest.approx(float(player - bank * Fraction(19, 20)), abs=1e-6)
    assert _edge(sheet, "player") == pytest.approx(float(bank - player), abs=1e-6)
    assert _edge(sheet, "tie") == pytest.approx(float(1 - 9 * tie), abs=1e-6)
    assert (_edge(sheet, "banker"), _edge(sheet, "player"), _edge(sheet, "tie")) == pytest.approx(
        (0.010558, 0.012374, 0.144382), abs=1e-6)


def test_six_deck_dragon_bonus_matches_the_published_table_by_decks():
    """[WOO-DB], "Dragon Bonus House Edge" by number of decks: 6 decks 2.67% and 9.39% (two decimals)."""
    sheet = _sheet("baccarat", 6)
    assert _edge(sheet, "dragon_bonus", "player") == pytest.approx(0.0267, abs=5e-5)
    assert _edge(sheet, "dragon_bonus", "banker") == pytest.approx(0.0939, abs=5e-5)


def _banker_draws(b: int, p3: int | None) -> bool:
    """The Banker's third-card rule as commonly printed (not the oracle's Table 1)."""
    if p3 is None:
        return b <= 5
    return b <= 2 or (b == 3 and p3 != 8) or (b == 4 and 2 <= p3 <= 7) or (b == 5 and 4 <= p3 <= 7) or (
        b == 6 and p3 in (6, 7))


def _brute_force(decks: int) -> dict[str, Fraction]:
    """An independent, card-by-value enumeration of Dragon 7 and Panda 8 (§ 631a.1)
    sharing no code with the par sheet's engine or the oracle's drawing rules."""
    counts = [16 * decks] + [4 * decks] * 9
    hits = {"dragon_7": [0, 0, 0], "panda_8": [0, 0, 0]}  # weights of 4-, 5- and 6-card rounds
    r = range(10)
    for p1 in r:
        for b1 in r:
            for p2 in r:
                for b2 in r:
                    c = list(counts)
                    w = 1
                    for v in (p1, b1, p2, b2):
                        w *= c[v]
                        c[v] -= 1
                    pc, bc = (p1 + p2) % 10, (b1 + b2) % 10
                    if not w or pc >= 8 or bc >= 8:
                        continue
                    for p3 in (r if pc <= 5 else [None]):
                        w5 = w * c[p3] if p3 is not None else w
                        if not w5:
                            continue
                        c2 = list(c)
                        if p3 is not None:
                            c2[p3] -= 1
                        for b3 in (r if _banker_draws(bc, p3) else [None]):
                            w6 = w5 * c2[b3] if b3 is not None else w5
                            n = 4 + (p3 is not None) + (b3 is not None)
                            pt = (pc + (p3 or 0)) % 10
                            bt = (bc + (b3 or 0)) % 10
                            if b3 is not None and bt == 7 and pt < 7:
                                hits["dragon_7"][n - 4] += w6
                            if p3 is not None and pt == 8 and bt < 8:
                                hits["panda_8"][n - 4] += w6
    total = 52 * decks
    return {k: sum((Fraction(w, perm(total, 4 + i)) for i, w in enumerate(ws)), Fraction(0))
            for k, ws in hits.items()}


def test_six_deck_dragon_7_and_panda_8_agree_with_an_independent_enumeration():
    """No 6-deck figure of the Dragon 7 and Panda 8 wagers was found published; the
    engine's exact probabilities are checked against a separate enumeration instead."""
    want = _brute_force(6)
    got = round_outcome_probabilities(6)
    assert got["dragon_7"] == want["dragon_7"]
    assert got["panda_8"] == want["panda_8"]
    sheet = _sheet("ez_baccarat", 6)
    assert _edge(sheet, "dragon_7") == pytest.approx(float(1 - 41 * want["dragon_7"]), abs=1e-12)
    assert _edge(sheet, "panda_8") == pytest.approx(float(1 - 26 * want["panda_8"]), abs=1e-12)


@pytest.mark.parametrize("decks", [6, 8])
def test_pairs_have_the_composition_exact_probability(decks):
    """A hand's initial two cards of one rank: (4N - 1) / (52N - 1); both hands' pairs
    from the rank-pattern engine agree with the rank-by-rank engine."""
    p = round_outcome_probabilities(decks)
    assert p["player_pair"] == p["banker_pair"] == Fraction(4 * decks - 1, 52 * decks - 1)
    by_rank = E.initial_classes(decks, 4, E.by_rank)
    both = sum((q for s, q in by_rank.items() if s[0][:-1] == s[2][:-1] and s[1][:-1] == s[3][:-1]), Fraction(0))
    assert p["both_pairs"] == both


# ---------------------------------------------------------------- every wager of every profile
@pytest.mark.parametrize("path", PROFILES, ids=[p.stem for p in PROFILES])
def test_every_offered_wager_of_every_profile_is_on_the_sheet(path):
    rules = load_profile(str(path)).as_rules()
    sheet = par_sheet(rules, profile=path.stem)
    listed = {w.wager for w in sheet.wagers}
    for name in rules.get("wagers") or {}:
        assert name in listed, f"{path.stem}: {name} is missing from the par sheet"
    for w in sheet.wagers:
        assert w.exact, f"{path.stem}: {w.wager} not computed: {w.note}"
        assert sum(o.probability for o in w.outcomes) == 1, (path.stem, w.wager, w.hand, w.option)
        assert all(o.probability > 0 for o in w.outcomes)
        assert 0 < w.house_edge < 1, (path.stem, w.wager, float(w.house_edge))
    assert {"banker", "player", "tie"} <= listed


def test_progressives_say_their_meters_are_at_reset_amounts():
    sheet = _sheet("full_table", 8)
    h9 = sheet.wager("heavenly_9")
    assert "seed" in (h9.note or "") and "$10000" in (h9.note or "")
    assert "Mystery" in (h9.note or "")  # full_table offers the Must-Hit-By Mystery bonus: it is left out, and says so
    suited = next(o for o in h9.outcomes if o.outcome == "suited_tie")
    assert suited.net == Fraction(10000, 5) - 1


def test_the_json_shape_is_the_issues():
    data = json.loads(_sheet("ez_baccarat", 8).to_json())
    assert set(data) == {"profile", "decks", "wagers"}
    w = data["wagers"][0]
    assert {"wager", "hand", "paytable", "option", "outcomes", "house_edge", "house_edge_float"} <= set(w)
    assert {"outcome", "probability", "pays"} <= set(w["outcomes"][0])
    num, den = map(int, w["house_edge"].split("/"))
    assert abs(num / den - w["house_edge_float"]) < 1e-15
    assert data["wagers"][0]["outcomes"][0]["pays"] == "1 to 1"


def test_the_sheet_is_cached_per_rules_and_decks():
    assert _sheet("baccarat", 8) is _sheet("baccarat", 8)
    assert _sheet("baccarat", 8) is not _sheet("baccarat", 6)


@pytest.mark.parametrize("decks", [5, 9, 0, "8", True])
def test_a_shoe_the_regulation_does_not_allow_is_refused(decks):
    with pytest.raises(ValueError, match=r"decks must be 6, 7 or 8 \(58 Pa. Code § 631a.3\(a\)\)"):
        E.round_classes(decks)


# ---------------------------------------------------------------- the engines against brute force
def _brute_uniformity(decks: int, values: tuple[int, ...]) -> dict[tuple[bool, str], Fraction]:
    """Every ordered draw of physical cards with these values, counted one by one."""
    import itertools

    from baccarat_conformance.oracle.ch631a import card_value, one_deck

    shoe = [c for c in one_deck() for _ in range(decks)]
    pools = [[i for i, c in enumerate(shoe) if card_value(c) == v] for v in values]
    out: dict[tuple[bool, str], int] = {}
    n = 0
    for pick in itertools.product(*pools):
        if len(set(pick)) < len(pick):
            continue
        cards = [shoe[i] for i in pick]
        suits = {c[-1] for c in cards}
        pattern = "suit" if len(suits) == 1 else "color" if suits <= set("CS") or suits <= set("DH") else "mixed"
        key = (len({c[:-1] for c in cards}) == 1, pattern)
        out[key] = out.get(key, 0) + 1
        n += 1
    return {k: Fraction(v, n) for k, v in out.items()}


@pytest.mark.parametrize("values", [(0, 0, 0), (5, 5, 5), (0, 3, 0), (7, 2, 9)])
def test_uniformity_of_rank_suit_and_colour_is_exact(values):
    assert E.uniformity(6, values) == _brute_uniformity(6, values)


def test_the_round_classes_sum_to_one_and_reduce_what_the_rules_read():
    classes = E.round_classes(7)
    assert sum(classes.values()) == 1
    for key in classes:
        if key.player3 is not None:
            assert player_draws(key.player2)
        if key.banker3 is not None:
            assert banker_draws(key.banker2, key.player3)
