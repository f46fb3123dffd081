"""The Rules Submission profile for Chapter 631a: every option the regulations leave
to the certificate holder, the example profiles that cover them, one clear error per
invalid field (file, line, field), and a reference game that honours every valid
combination."""

from __future__ import annotations

import itertools
import re
from decimal import Decimal

import pytest

from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.profile import load_profile, parse_profile
from baccarat_conformance.reference_game import create_game

EXAMPLES = ("baccarat", "ez_baccarat", "tracked_vigorish", "reveal_d")

VALID = """\
# a Rules Submission
[rules_submission]
variant = "baccarat"
decks = 8
tie_odds = "8 to 1"
vigorish_collection = "at_payout"
vigorish_rounding = true
card_reveal = "631a.9(c)"
irregularity_procedure = "631a.15(c)(1)"

[wagers.dragon_bonus]
paytable = "A"

[wagers.house_money]
portion = "all"
"""


def _options(p) -> dict:
    return {
        "decks": p.decks, "variant": p.variant, "tie_odds": p.tie_odds,
        "vigorish_collection": p.vigorish_collection, "vigorish_rounding": p.vigorish_rounding,
        "card_reveal": p.card_reveal, "irregularity_procedure": p.irregularity_procedure,
        "dragon_bonus": p.wagers["dragon_bonus"].model_dump().get("paytable") if "dragon_bonus" in p.wagers else None,
        "house_money": p.wagers["house_money"].model_dump().get("portion") if "house_money" in p.wagers else None,
        "ez_insurance": p.offers("dragon_7") and p.offers("panda_8"),
    }


def test_example_profiles_cover_every_option() -> None:
    seen: dict[str, set] = {}
    for name in EXAMPLES:
        for key, value in _options(load_profile(name)).items():
            seen.setdefault(key, set()).add(value)
    assert seen["decks"] == {6, 7, 8}
    assert {"baccarat", "ez_baccarat"} <= seen["variant"]
    assert {"8 to 1"} < seen["tie_odds"], "a Tie odds above 8 to 1"
    assert seen["vigorish_collection"] == {"at_payout", "tracked"}
    assert seen["vigorish_rounding"] == {True, False}
    assert seen["card_reveal"] == {"631a.9(c)", "631a.9(d)"}
    assert seen["irregularity_procedure"] == {"631a.15(c)(1)", "631a.15(c)(2)"}
    assert {"A", "B", "C"} <= seen["dragon_bonus"]
    assert "all" in seen["house_money"] and any(v and v.endswith("%") for v in seen["house_money"])
    assert True in seen["ez_insurance"]


def test_valid_profile_parses() -> None:
    p = parse_profile(VALID, "profiles/x.toml")
    assert p.offers("dragon_bonus") and p.offers("dragon_bonus.paytable.A") and not p.offers("dragon_bonus.paytable.B")
    assert p.offers("house_money") and not p.offers("dragon_7")


def test_ez_baccarat_offers_dragon_7_and_panda_8_insurance() -> None:
    p = parse_profile(VALID.replace('variant = "baccarat"', 'variant = "ez_baccarat"'), "profiles/x.toml")
    assert p.offers("dragon_7") and p.offers("panda_8")


# (replacement in VALID, field named in the error, line of the error, words the message must contain)
INVALID = [
    ("decks = 8", "decks = 5", "decks", 4, "6, 7 or 8"),
    ("decks = 8", "decks = 9", "decks", 4, "§ 631a.3(a)"),
    ("decks = 8", 'decks = "8"', "decks", 4, "integer"),
    ('tie_odds = "8 to 1"', 'tie_odds = "7 to 1"', "tie_odds", 5, "at least 8 to 1"),
    ('tie_odds = "8 to 1"', 'tie_odds = "eight"', "tie_odds", 5, "odds"),
    ('vigorish_collection = "at_payout"', 'vigorish_collection = "weekly"', "vigorish_collection", 6, "tracked"),
    ("vigorish_rounding = true", 'vigorish_rounding = "yes"', "vigorish_rounding", 7, "boolean"),
    ('card_reveal = "631a.9(c)"', 'card_reveal = "631a.9(e)"', "card_reveal", 8, "631a.9(d)"),
    ('irregularity_procedure = "631a.15(c)(1)"', 'irregularity_procedure = "631a.15(c)(3)"',
     "irregularity_procedure", 9, "631a.15(c)(2)"),
    ('variant = "baccarat"', 'variant = "punto_banco"', "variant", 3, "ez_baccarat"),
    ('paytable = "A"', 'paytable = "D"', "wagers.dragon_bonus.paytable", 12, "§ 631a.13(e)"),
    ('paytable = "A"', 'paytable = "A"\ncolour = "red"', "wagers.dragon_bonus.colour", 13, "Extra inputs"),
    ('portion = "all"', 'portion = "half"', "wagers.house_money.portion", 15, "§ 631a.9(e)(1)(i)"),
    ('portion = "all"', 'portion = "150%"', "wagers.house_money.portion", 15, "percentage"),
    ("[wagers.house_money]\nportion = \"all\"", "[wagers.dragon_7]", "wagers.dragon_7", 14, "EZ Baccarat"),
    ("[wagers.house_money]", "[wagers.house_mony]", "wagers.house_mony", 14, "unknown wager"),
    ("decks = 8", "decks = 8\ndeck_count = 8", "deck_count", 5, "Extra inputs"),
    ('tie_odds = "8 to 1"', 'tie_odds = "8 to 0"', "tie_odds", 5, "the second number above 0"),
    ('variant = "baccarat"\ndecks = 8\ntie_odds = "8 to 1"\nvigorish_collection = "at_payout"',
     'variant = "ez_baccarat"\ndecks = 8\ntie_odds = "8 to 1"\nvigorish_collection = "tracked"',
     "vigorish_collection", 6, "EZ Baccarat collects no vigorish"),
    # [limits.NAME]: money, like every other dollar amount of a profile
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmin = "-5"', "limits.default.min", 17, "whole cents"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmin = "abc"', "limits.default.min", 17, "'abc'"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmin = "0.00"', "limits.default.min", 17, "above $0"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmin = "2.505"', "limits.default.min", 17, "whole cents"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmax = "1e999"', "limits.default.max", 17, "'1e999'"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmax = 25', "limits.default.max", 17, "is a string"),
    ('portion = "all"', 'portion = "all"\n[limits.default]\nmin = "50"\nmax = "10"', "limits.default", 16,
     "min $50 is above max $10"),
    ('portion = "all"', 'portion = "all"\n[limits.banker]', "limits.banker", 16, "neither min nor max"),
    ('portion = "all"', 'portion = "all"\n[limits.baccarat]\nmin = "5"', "limits.baccarat", 16, "unknown wager type"),
    ('portion = "all"', 'portion = "all"\n[limits.dragon_7]\nmin = "5"', "limits.dragon_7", 16,
     "the dragon_7 wager is not offered"),
]


@pytest.mark.parametrize("old,new,field,line,words", INVALID, ids=[f"{x[2]}={x[1]!r}" for x in INVALID])
def test_each_invalid_field_gives_one_clear_error(old: str, new: str, field: str, line: int, words: str) -> None:
    text = VALID.replace(old, new, 1)
    assert text != VALID
    with pytest.raises(ConfigurationError) as e:
        parse_profile(text, "profiles/x.toml")
    problems = str(e.value).splitlines()[1:]
    assert len(problems) == 1, str(e.value)
    assert problems[0].startswith(f"profiles/x.toml:{line}: {field}: "), problems[0]
    assert words in problems[0], problems[0]


def test_limits_of_the_table_of_each_wager_and_of_the_rest() -> None:
    p = parse_profile(VALID + '[limits.default]\nmin = "5"\nmax = "2500.00"\n[limits.banker]\nmin = "25.00"\n'
                      '[limits.dragon_bonus]\nmax = "100"\n', "profiles/x.toml")
    assert (p.limits["default"].min, p.limits["default"].max) == ("5", "2500.00")
    assert p.limits["banker"].min == "25.00" and p.limits["dragon_bonus"].max == "100"


@pytest.mark.parametrize("table", [
    'variant = "commission_free"',
    'variant = "midibaccarat"\ncommission_free = true',
    'variant = "minibaccarat"\ncommission_free = true',
    'variant = "rising_phoenix"\ncommission = "commission_free"',
])
def test_tables_that_collect_no_vigorish_track_none(table: str) -> None:
    with pytest.raises(ConfigurationError, match=r"x.toml:\d+: vigorish_collection: is \"tracked\", but .* collects no "
                                                 r"vigorish \(58 Pa. Code"):
        parse_profile(f'[rules_submission]\n{table}\nvigorish_collection = "tracked"\n', "x.toml")
    assert parse_profile(f"[rules_submission]\n{table}\n").no_vigorish_because()
    assert parse_profile('[rules_submission]\nvariant = "midibaccarat"\nvigorish_collection = "tracked"\n')


def test_missing_paytable_points_at_the_wager_table() -> None:
    text = VALID.replace('paytable = "A"\n', "")
    with pytest.raises(ConfigurationError) as e:
        parse_profile(text, "profiles/x.toml")
    (problem,) = str(e.value).splitlines()[1:]
    assert problem.startswith("profiles/x.toml:11: wagers.dragon_bonus.paytable: Field required"), problem


def test_several_bad_fields_give_one_line_each_in_file_order() -> None:
    text = VALID.replace("decks = 8", "decks = 4").replace('paytable = "A"', 'paytable = "Z"')
    with pytest.raises(ConfigurationError) as e:
        parse_profile(text, "profiles/x.toml")
    lines = str(e.value).splitlines()[1:]
    assert [re.match(r"profiles/x.toml:(\d+): (\S+):", x).groups() for x in lines] == [
        ("4", "decks"), ("12", "wagers.dragon_bonus.paytable")]


def test_a_key_inside_a_multiline_string_is_not_located() -> None:
    text = VALID.replace('variant = "baccarat"', 'certificate_holder = """Example\ndecks = 6\n"""\nvariant = "baccarat"')
    with pytest.raises(ConfigurationError) as e:
        parse_profile(text.replace("decks = 8", "decks = 5"), "profiles/x.toml")
    (problem,) = str(e.value).splitlines()[1:]
    assert problem.startswith("profiles/x.toml:7: decks: "), problem


def test_a_profile_that_is_not_utf8_is_named(tmp_path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_bytes(VALID.replace("# a Rules Submission", "# Caf\u00e9 du Casino").encode("latin-1"))
    with pytest.raises(ConfigurationError) as e:
        load_profile(str(bad))
    assert str(e.value).startswith(f"--profile {bad}: cannot read the profile: not UTF-8 text (line 1, "), e.value


# ------------------------------------------------------------------ the reference game honours every profile
COMBINATIONS = [c for c in itertools.product(
    (6, 7, 8), ("baccarat", "ez_baccarat"), ("at_payout", "tracked"), (True, False),
    ("631a.9(c)", "631a.9(d)"), ("631a.15(c)(1)", "631a.15(c)(2)"), ("A", "B", "C"), ("all", "50%"))
    if c[1:3] != ("ez_baccarat", "tracked")]  # EZ Baccarat collects no vigorish: nothing to track (refused)


def test_reference_game_honours_every_valid_combination() -> None:
    game = create_game(seed=7)
    stack = ["AS", "3D", "AH", "QS", "JD", "AC"]  # a Player pair; the Banker's Hand wins 4 to 2
    for decks, variant, collection, rounding, reveal, procedure, paytable, portion in COMBINATIONS:
        rules = parse_profile(
            f'[rules_submission]\nvariant = "{variant}"\ndecks = {decks}\ntie_odds = "9 to 1"\n'
            f'vigorish_collection = "{collection}"\nvigorish_rounding = {str(rounding).lower()}\n'
            f'card_reveal = "{reveal}"\nirregularity_procedure = "{procedure}"\n'
            f'[wagers.dragon_bonus]\npaytable = "{paytable}"\n[wagers.house_money]\nportion = "{portion}"\n',
            "combination").as_rules()
        table = game.handle("open_table", {"rules": rules})["table_id"]
        shoe = game.handle("start_shoe", {"table_id": table})
        assert shoe["decks"] == decks and len(shoe["cards"]) == decks * 52
        game.handle("start_shoe", {"table_id": table, "cards": stack})
        for wager in ({"wager_type": "banker", "amount": "10.00"}, {"wager_type": "house_money", "amount": "5.00"},
                      {"wager_type": "dragon_bonus", "amount": "5.00", "hand": "banker"}):
            assert game.handle("place_wager", {"table_id": table, "seat": 2, **wager})["accepted"]
        record = game.handle("deal_round", {"table_id": table, "choices": [{"seat": 2, "house_money_add": "all"}]})
        banker = next(w for w in record["wagers"] if w["wager_type"] == "banker")
        added = Decimal("15.00") if portion == "all" else Decimal("7.50")
        assert Decimal(banker["amount"]) == 10 + added and banker["result"] == "win"
        vig = Decimal(banker["vigorish"])
        if variant == "ez_baccarat":
            assert vig == 0
        else:
            exact = (10 + added) / 20
            assert vig == (Decimal("1.25") if portion == "all" else Decimal("1.00")) if rounding else \
                abs(vig - exact) < Decimal("0.01")
            marked = [e for e in record["events"] if e["type"] == "vigorish_marked"]
            assert bool(marked) == (collection == "tracked")
        reveals = [e for e in record["events"] if e["type"] == "reveal" and "card" not in e]
        assert [e["seat"] for e in reveals] == ([None, 2] if reveal == "631a.9(d)" else [None, None])
