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
* [BG-ODDS] baccarat.guru, "Know Baccarat Odds for All Games" (the pair bet at 11 to 1:
  10.36% with eight decks, 11.25% with six), https://baccarat.guru/rules/odds.html
* [AAP-SB] advancedadvantageplay.com, "Baccarat Side Bets" (8 decks: "88 89 98 99", 20 to 1
  when both hands end on 8 or 9, house edge 7.372%; wagers no regulation here prints, checked
  on the engine's rounds: "Big Tiger", a 3-card winning Banker 6 at 50 to 1, 15.253%; "9 over 7",
  a natural 9 over a 7 at 50 to 1, 8.103%; not its "Bad Beat", a natural 9 over a natural 8 at
  50 to 1, 8.459%: the rounds give 8.4585%),
  https://advancedadvantageplay.com/side-bets/baccarat-side-bets/
* [EP-NC] excelpunks.com, "Baccarat vs. Non-Commission Baccarat" (8 decks: a Banker win
  on 6 in 269,232,304,455,680 permutations; a Banker paid half on 6: 1.4581045%),
  https://excelpunks.com/2018/05/12/concepts-13-baccarat-vs-non-commission-baccarat-why-does-a-banker-win-on-6-pay-half/
* [WOO-PP] Wizard of Odds, "Perfect Pairs" (version 1, a hand's first two cards; 8 decks, of
  86,320 two-card combinations: perfect pair 1,456, colored pair 1,664, red/black pair 3,328;
  pay table A 25/12/6: -0.040964, B 30/10/5: -0.033735, D 25/15/5: -0.021687, which are
  § 631c.1(d) Paytables A, B and C), https://wizardofodds.com/games/blackjack/side-bets/perfect-pairs/
* [OCSI-PP] onlinecasinositeinfo.com, "Mathematical Analysis of Blackjack Side Bets" (Perfect
  Pairs 25/12/6 by decks: 6 decks 6.11%, 8 decks 4.10%),
  https://onlinecasinositeinfo.com/mathematical-analysis-of-blackjack-side-bets
* [WOO-RM] Wizard of Odds, "Royal Match", version 1 (suited king and queen 25 to 1, any other
  suited pair 2.5 to 1, the § 631c.7(d) Majestic Match paytable; 6 decks: 144, 11,868 and
  36,504 of 48,516 combinations; house edge 0.066658 with 6 decks, 0.064597 with 8),
  https://wizardofodds.com/games/blackjack/side-bets/royal-match/ (read in its copy at
  https://www.mycraftingplace.com/games/blackjack/side-bets/royal-match/)
* [WOO-L6] Wizard of Odds, "Lucky 6" (8 decks; the "Macau" / "stingy" pay table, 12 to 1 on a
  2-card and 20 to 1 on a 3-card winning Banker 6, is § 631c.5(k): 186,173,936,904,192 and
  83,058,367,551,488 of 4,998,398,275,503,360; house edge 16.68%, -0.166836),
  https://wizardofodds.com/games/baccarat/side-bets/lucky-6/
* [WOO-LN] Wizard of Odds, "Lucky Nines" (8 decks, of 1,229,930,520 four-card combinations;
  the Red Rock pay table 1000/500/35/16/5/2/1 is § 631c.4(e) Paytable C: house edge 8.27%;
  the Binion's pay table 500/250/20/8/5/2/1 is Paytable A: 19.46%, but from a count of
  64,512 three suited nines where the Red Rock table on the same page counts 86,016),
  https://wizardofodds.com/games/baccarat/side-bets/lucky-nines/ (read in its copy at
  https://mobilira.com/games/baccarat/side-bets/lucky-nines)
* [EJ-TIE] Eliot Jacobson, "Beating the Baccarat Tie Bet" (8 decks: the Tie at 8 to 1 14.360%,
  at 9 to 1 4.844%), https://prod-newblog.888casino.com/blog/baccarat-tips/beating-the-baccarat-tie-bet
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb, perm
from pathlib import Path

import pytest

from baccarat_conformance.oracle import par_enumerate as E
from baccarat_conformance.oracle.ch631a import banker_draws, player_draws
from baccarat_conformance.oracle.par_sheet import ParSheet, par_sheet, round_outcome_probabilities
from baccarat_conformance.inputs.profile import load_profile

PROFILES = sorted(Path(__file__).resolve().parents[2].joinpath("profiles").glob("*.toml"))


def _rules(name: str) -> dict:
    return load_profile(str(Path(__file__).resolve().parents[2] / "profiles" / f"{name}.toml")).as_rules()


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
    # § 629b.6(f) Golden Talons Paytable A is the Dragon Bonus Paytable A, row for row
    ("rising_phoenix", "golden_talons", "player", 0.026517, "WOO-DB"),
    ("rising_phoenix", "golden_talons", "banker", 0.093731, "WOO-DB"),
    ("side_wagers_631c", "perfect_pairs", "player", 0.040964, "WOO-PP"),  # Paytable A = pay table A
    ("side_wagers_631c", "perfect_pairs", "banker", 0.040964, "WOO-PP"),
    ("midibaccarat", "perfect_pairs", "player", 0.033735, "WOO-PP"),  # Paytable B = pay table B
    ("minibaccarat", "perfect_pairs", "player", 0.021687, "WOO-PP"),  # Paytable C = pay table D
    ("side_wagers_631c", "majestic_match", "player", 0.064597, "WOO-RM"),
    ("side_wagers_631c", "majestic_match", "banker", 0.064597, "WOO-RM"),
    ("commission_free", "lucky_six", None, 0.166836, "WOO-L6"),
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


@pytest.mark.parametrize(("tie_odds", "published"), [("8 to 1", 0.14360), ("9 to 1", 0.04844)])
def test_the_tie_at_8_and_9_to_1_reproduces_the_published_figures(tie_odds, published):
    """[EJ-TIE]: the Tie wager at either odds § 631a.13 allows, 8 decks, to the three decimals
    of a percentage published (the tracked_vigorish profile pays 9 to 1)."""
    sheet = _sheet("tracked_vigorish" if tie_odds == "9 to 1" else "baccarat", 8)
    assert sheet.wager("tie").outcomes[0].pays_text() == tie_odds
    assert _edge(sheet, "tie") == pytest.approx(published, abs=5e-6)


def test_lucky_six_rows_are_the_published_permutation_counts():
    """[WOO-L6]: a winning Banker 6 on two cards (12 to 1) and on three (20 to 1), 8 decks."""
    total = perm(416, 6)
    got = {o.outcome: o.probability * total for o in _sheet("commission_free", 8).wager("lucky_six").outcomes}
    assert got == {"lucky_six_2_cards": 186_173_936_904_192, "lucky_six_3_cards": 83_058_367_551_488,
                   "lose": 4_729_165_971_047_680}


@pytest.mark.parametrize(("wager", "decks", "published"), [
    # [WOO-PP]: of the C(416, 2) = 86,320 two-card combinations of 8 decks
    ("perfect_pairs", 8, {"perfect_pair": 1456, "colored_pair": 1664, "mixed_pair": 3328, "lose": 79872}),
    # [WOO-RM]: of the C(312, 2) = 48,516 two-card combinations of 6 decks
    ("majestic_match", 6, {"royal_match": 144, "suited_match": 11868, "lose": 36504}),
])
def test_two_card_wagers_are_the_published_combination_counts(wager, decks, published):
    """A hand's initial two cards, counted as unordered combinations (the order within a hand
    is summed out), for the wager on either hand."""
    sheet = _sheet("side_wagers_631c", decks)
    for hand in ("player", "banker"):
        got = {o.outcome: o.probability * comb(52 * decks, 2) for o in sheet.wager(wager, hand).outcomes}
        assert got == published, hand


def test_lucky_nines_rows_are_the_published_combination_counts():
    """[WOO-LN]: the four initial cards, 8 decks, of C(416, 4) = 1,229,930,520 combinations,
    as the Red Rock table counts them; Paytable C (its pay table) to the published 8.27%."""
    published = {"four_nines": 35_960, "three_nines_same_suit": 86_016, "three_nines": 1_818_624,
                 "two_nines_same_suit": 8_236_032, "two_nines": 28_237_824, "one_nine_diamonds": 74_908_672,
                 "one_nine": 224_726_016, "lose": 891_881_376}
    rules = {"variant": "baccarat", "decks": 8, "wagers": {"lucky_nines": {"paytable": "C"}}}
    row = par_sheet(rules, 8).wager("lucky_nines")
    assert {o.outcome: o.probability * comb(416, 4) for o in row.outcomes} == published
    assert float(row.house_edge) == pytest.approx(0.0827, abs=5e-5)


def test_lucky_nines_paytable_a_follows_from_the_consistent_published_counts():
    """[WOO-LN] prints 19.46% for the Binion's pay table (Paytable A) from a count of 64,512
    three suited nines; the Red Rock table on the same page counts the same event 86,016
    times (4 suits x C(8, 3) nines x 384 other cards), and with it the published rows give
    19.0583%, the sheet's figure: the difference is the count, not the paytable."""
    assert 4 * comb(8, 3) * 384 == 86_016
    counts = {"four_nines": (35_960, 500), "three_nines_same_suit": (86_016, 250), "three_nines": (1_818_624, 20),
              "two_nines_same_suit": (8_236_032, 8), "two_nines": (28_237_824, 5),
              "one_nine_diamonds": (74_908_672, 2), "one_nine": (224_726_016, 1), "lose": (891_881_376, -1)}
    edge = -Fraction(sum(n * pays for n, pays in counts.values()), comb(416, 4))
    assert _sheet("side_wagers_631c", 8).wager("lucky_nines").house_edge == edge
    assert float(edge) == pytest.approx(0.190583, abs=1e-6)


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


def test_six_deck_two_card_wagers_reproduce_the_published_figures():
    """[WOO-RM]: Majestic Match (the Royal Match version 1 paytable), 6 decks, 0.066658;
    [OCSI-PP]: Perfect Pairs Paytable A (25/12/6), 6 decks, 6.11% (two decimals)."""
    sheet = _sheet("side_wagers_631c", 6)
    assert _edge(sheet, "majestic_match", "player") == pytest.approx(0.066658, abs=1e-6)
    assert _edge(sheet, "perfect_pairs", "player") == pytest.approx(0.0611, abs=5e-5)


@pytest.mark.parametrize(("decks", "published"), [(8, 0.1036), (6, 0.1125)])
def test_the_pair_wagers_reproduce_the_published_figures(decks, published):
    """[BG-ODDS]: Player Pair and Banker Pair at 11 to 1 (§ 631c.5(g)), to the two decimals published."""
    sheet = _sheet("commission_free", decks)
    assert _edge(sheet, "player_pair") == _edge(sheet, "banker_pair") == pytest.approx(published, abs=5e-5)


def test_a_rising_phoenix_bonus_reproduces_the_published_figure():
    """[AAP-SB]: both hands 8 or 9, paid 20 to 1 (§ 629b.5(g)(4)(vii)), 8 decks: 7.372%."""
    sheet = _sheet("rising_phoenix", 8)
    assert _edge(sheet, "rising_phoenix_bonus", option="player_and_banker_have_an_8_or_9") == pytest.approx(
        0.07372, abs=5e-6)


def _aap_side_bets(coup) -> dict[str, bool]:
    """[AAP-SB]'s side bets that no regulation here prints, read off a settled round."""
    from baccarat_conformance.oracle.ch631a import is_natural, point_count

    p, b = point_count(coup.player), point_count(coup.banker)
    pn, bn = is_natural(coup.player), is_natural(coup.banker)
    return {"big_tiger": coup.winner == "banker" and len(coup.banker) == 3 and b == 6,
            "9_over_7": (pn and p == 9 and b == 7) or (bn and b == 9 and p == 7)}


@pytest.mark.parametrize(("bet", "published"), [("big_tiger", 0.15253), ("9_over_7", 0.08103)])
def test_other_published_side_bets_follow_from_the_engine_rounds(bet, published):
    """[AAP-SB]: wagers at 50 to 1 on events of the final hands, 8 decks, counted on the
    value engine's rounds as the oracle settles them (a check of the engine, not of a
    paytable of the regulations)."""
    from baccarat_conformance.oracle.settlement import coup_of

    p = sum((q for k, q in E.round_classes(8).items() if _aap_side_bets(coup_of(*k.hands()))[bet]), Fraction(0))
    assert float(1 - 51 * p) == pytest.approx(published, abs=5e-6)


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


# ---------------------------------------------------------------- the command and the reports
def test_par_sheet_command_prints_json_csv_and_a_table(capsys):
    from baccarat_conformance.cli import main

    assert main(["par-sheet", "--profile", "ez_baccarat", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["profile"] == "ez_baccarat" and data["decks"] == 8
    d7 = next(w for w in data["wagers"] if w["wager"] == "dragon_7")
    assert d7["house_edge_float"] == pytest.approx(0.076113, abs=1e-6)
    assert main(["par-sheet", "--profile", "ez_baccarat", "--decks", "6", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("profile,decks,wager,hand,paytable,option,outcome,probability")
    assert any(line.startswith("ez_baccarat,6,panda_8,,,,win,") for line in lines)
    assert main(["par-sheet", "--profile", "baccarat"]) == 0
    table = capsys.readouterr().out
    assert "1.0579%" in table and "dragon_bonus" in table


@pytest.mark.parametrize(("argv", "message"), [
    (["--profile", "baccarat", "--decks", "9"], "--decks 9: decks must be 6, 7 or 8"),
    (["--profile", "no_such_profile"], "--profile no_such_profile: no such file or bundled profile"),
])
def test_par_sheet_command_names_a_bad_input(capsys, argv, message):
    from baccarat_conformance.cli import main

    assert main(["par-sheet", *argv]) == 3
    assert message in capsys.readouterr().err


def test_the_game_math_section_renders_the_sheet_escaped(tmp_path):
    """The run's par_sheet.json in the matrix page's Game math section, one row per wager."""
    from baccarat_conformance.run.game_math import write_par_sheet
    from baccarat_conformance.reports.game_math import game_math_html
    from baccarat_conformance.reports.matrix_html import load_game_math

    write_par_sheet(tmp_path, load_profile("ez_baccarat"), "<ez>")
    math = load_game_math(tmp_path)
    assert math is not None and math["par_sheet"]["profile"] == "<ez>"
    page = game_math_html(math["par_sheet"])
    assert "&lt;ez&gt;" in page and "<ez>" not in page
    assert "7.6113%" in page and "10.1876%" in page and page.count("<details>") == 7
    assert "No par sheet" in game_math_html(None)


# ---------------------------------------------------------------- a class's representative is representative
_RANKS_OF = {0: ("10", "J", "Q", "K"), 1: ("A",), **{v: (str(v),) for v in range(2, 10)}}


def _concrete(rng, values: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(rng.choice(_RANKS_OF[v]) + rng.choice("CDHS") for v in values)


@pytest.mark.parametrize("profile", ["full_table", "ez_baccarat", "commission_free", "rising_phoenix",
                                     "midibaccarat_golden_talons"])
def test_every_wager_counted_by_value_settles_any_round_of_a_class_as_its_representative(profile):
    """The value engine stands each :class:`RoundClass` for all its rounds: every wager it
    counts must settle random real rounds of the class (any ranks and suits, any split of
    the two-card Point Count) exactly as the representative."""
    import random

    from baccarat_conformance.oracle import par_wagers
    from baccarat_conformance.oracle.settlement import coup_of

    rng = random.Random(15)
    models = [m for m in par_wagers.models(_rules(profile)) if m.engine == "round"]
    assert models
    for key in E.round_classes(8):
        rep = coup_of(*key.hands())
        for _ in range(3):
            p1, b1 = rng.randrange(10), rng.randrange(10)
            player = (p1, (key.player2 - p1) % 10) + ((key.player3,) if key.player3 is not None else ())
            banker = (b1, (key.banker2 - b1) % 10) + ((key.banker3,) if key.banker3 is not None else ())
            real = coup_of(_concrete(rng, player), _concrete(rng, banker))
            for m in models:
                assert m.settle(real) == m.settle(rep), (profile, m.wager, m.hand, m.option, key, real)


@pytest.mark.parametrize("profile", ["full_table", "minibaccarat_royal_9", "commission_free"])
def test_every_wager_counted_by_card_class_settles_any_member_as_its_representative(profile):
    """The initial-card engines stand a class of cards for each of its members: every wager
    they count settles random members of the classes as the representative cards."""
    import random

    from baccarat_conformance.oracle import par_wagers
    from baccarat_conformance.oracle.settlement import coup_of

    rng = random.Random(15)
    deck = E.one_deck_cards()
    for m in (m for m in par_wagers.models(_rules(profile)) if isinstance(m.engine, tuple)):
        cards, partition = m.engine
        members: dict[str, list[str]] = {}
        for c in deck:
            members.setdefault(partition(c), []).append(c)
        by_rep = {cs[0]: cs for cs in members.values()}
        table = E.initial_hands(8, cards, partition) if partition is not E.by_rank else {}
        for (player, banker) in list(table)[:400]:
            rep = m.settle(coup_of(player, banker))
            for _ in range(2):
                real_p = tuple(rng.choice(by_rep[c]) for c in player)
                real_b = real_p if cards == 2 else tuple(rng.choice(by_rep[c]) for c in banker)
                assert m.settle(coup_of(real_p, real_b)) == rep, (profile, m.wager, m.hand, m.option, player, banker)


# ---------------------------------------------------------------- which declared figure is a row's
def test_the_most_specific_declared_entry_applies_and_fields_left_out_apply_to_any():
    from baccarat_conformance.run.game_math import declared_edge, parse_edge

    rs = load_profile("baccarat")
    row = {"wager": "dragon_bonus", "hand": "banker", "paytable": "A", "option": None}
    declared = [{"wager": "dragon_bonus", "house_edge": "0.1"},
                {"wager": "dragon_bonus", "hand": "banker", "paytable": "A", "decks": 8, "house_edge": "0.093731"},
                {"wager": "dragon_bonus", "hand": "banker", "paytable": "B", "decks": 8, "house_edge": "0.2"},
                {"wager": "dragon_bonus", "hand": "banker", "decks": 6, "house_edge": "0.3"}]
    assert declared_edge(row, declared, rs, 8)["house_edge"] == "0.093731"
    assert declared_edge(row, declared, rs, 6)["house_edge"] == "0.3"
    assert declared_edge(row, declared[2:3], rs, 8) is None
    tie = {"wager": "tie", "hand": None, "paytable": None, "option": None}
    assert declared_edge(tie, [{"wager": "tie", "paytable": "9 to 1", "house_edge": "0.05"}], rs, 8) is None
    assert declared_edge(tie, [{"wager": "tie", "paytable": "8 to 1", "house_edge": "0.14"}], rs, 8) is not None
    banker = {"wager": "banker", "hand": None, "paytable": None, "option": None}
    free = [{"wager": "banker", "commission_free": True, "house_edge": "0.014581"}]
    assert declared_edge(banker, free, rs, 8) is None
    assert declared_edge(banker, free, load_profile("commission_free"), 8) is not None
    assert parse_edge("1/94") == Fraction(1, 94) and parse_edge("0.010579") == Fraction("0.010579")
    with pytest.raises(ValueError, match="not a house edge: 'one percent'"):
        parse_edge("one percent")


def test_describe_par_sheet_takes_house_edges_as_strings_only():
    from pydantic import ValidationError

    from baccarat_conformance.protocol import models as m

    base = {"protocol_version": "1.2", "game": {"name": "g", "vendor": "v", "version": "1"}, "variants": [],
            "capabilities": []}
    d = m.GameDescription.model_validate({**base, "par_sheet": [{"wager": "tie", "house_edge": "1/7"}]})
    assert d.par_sheet[0].house_edge == "1/7" and m.GameDescription.model_validate(base).par_sheet is None
    for bad in (0.0105, "1.05%", "abc"):
        with pytest.raises(ValidationError, match="house_edge"):
            m.GameDescription.model_validate({**base, "par_sheet": [{"wager": "tie", "house_edge": bad}]})


@pytest.mark.parametrize(("wagers", "match"), [
    ({"dragon_bonus": {"paytable": "Z"}}, "paytable the regulation does not print: 'Z'"),
    ({"perfect_pairs": {"paytable": "Q"}}, "the perfect_pairs wager \\(paytable 'Q'\\): .*no paytable 'Q'"),
])
def test_a_paytable_the_regulation_does_not_print_is_named(wagers, match):
    with pytest.raises(ValueError, match=match):
        par_sheet({"variant": "baccarat", "decks": 8, "wagers": wagers}, 8)


def test_a_wager_the_par_sheet_cannot_compute_is_listed_with_a_note_never_left_out():
    sheet = par_sheet({"variant": "baccarat", "decks": 8, "wagers": {"x_vendor_bonus": {"paytable": "A"}}}, 8)
    row = sheet.wager("x_vendor_bonus")
    assert not row.exact and row.outcomes == () and "not computed" in (row.note or "")
    data = sheet.as_dict()["wagers"][-1]
    assert data["wager"] == "x_vendor_bonus" and data["house_edge"] is None and data["house_edge_float"] is None
    from baccarat_conformance.run.game_math import to_csv

    assert ",8,x_vendor_bonus,,A,,,,,,,,not computed" in to_csv(sheet.as_dict())
