"""Rules Submission options of the side wagers and variations of Chapters 631c,
629b and 627b: the bundled example profiles load, and profiles the regulations do
not allow are rejected with a message naming the field and the clause."""

from __future__ import annotations

import pytest

from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.profile import load_profile, parse_profile


@pytest.mark.parametrize("name", ["side_wagers_631c", "commission_free", "midibaccarat", "minibaccarat"])
def test_bundled_profiles_load(name):
    profile = load_profile(name)
    assert profile.wagers


def test_side_wagers_631c_offers_every_non_progressive_631c_wager():
    profile = load_profile("side_wagers_631c")
    assert profile.fully_automated_table
    for wager in ("perfect_pairs", "fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all",
                  "lucky_nines", "majestic_match"):
        assert profile.offers(wager), wager


def _rejected(text: str) -> str:
    with pytest.raises(ConfigurationError) as e:
        parse_profile(text, "x.toml")
    return str(e.value)


def test_lucky_nines_needs_a_fully_automated_table():
    message = _rejected('[wagers.lucky_nines]\npaytable = "A"\n')
    assert "fully automated electronic gaming table" in message and "§ 631c.4(a)" in message
    assert "fully_automated_table = true" in message
    ok = parse_profile('[rules_submission]\nfully_automated_table = true\n[wagers.lucky_nines]\npaytable = "D"\n')
    assert ok.wagers["lucky_nines"].paytable == "D"


@pytest.mark.parametrize("wager,letter", [("perfect_pairs", "D"), ("lucky_nines", "E"), ("cover_all", "C")])
def test_paytable_letters_are_those_the_section_prints(wager, letter):
    message = _rejected(f'[rules_submission]\nfully_automated_table = true\n[wagers.{wager}]\npaytable = "{letter}"\n')
    assert f"wagers.{wager}" in message


def test_paytable_is_required_where_the_section_offers_a_choice():
    assert "wagers.perfect_pairs" in _rejected("[wagers.perfect_pairs]\n")


def test_five_treasures_wagers_share_one_paytable():
    message = _rejected('[wagers.fortune_7]\npaytable = "A"\n[wagers.cover_all]\npaytable = "B"\n')
    assert "§ 631c.3(h)" in message


@pytest.mark.parametrize("wager", ["player_pair", "banker_pair", "lucky_six"])
def test_commission_free_wagers_need_a_commission_free_table(wager):
    assert "§ 631c.5(c)" in _rejected(f"[wagers.{wager}]\n")
    assert parse_profile(f'[rules_submission]\nvariant = "commission_free"\n[wagers.{wager}]\n').offers(wager)
    midi = parse_profile(f'[rules_submission]\nvariant = "midibaccarat"\ncommission_free = true\n[wagers.{wager}]\n')
    assert midi.offers(wager)


def test_commission_free_flag_is_for_midibaccarat_and_minibaccarat():
    assert "variant = \"commission_free\"" in _rejected('[rules_submission]\ncommission_free = true\n')


@pytest.mark.parametrize("table", ['variant = "commission_free"', 'variant = "minibaccarat"\ncommission_free = true'])
def test_commission_free_tie_pays_8_to_1(table):
    message = _rejected(f'[rules_submission]\n{table}\ntie_odds = "9 to 1"\n')
    assert "8 to 1" in message and "tie_odds" in message


def test_majestic_match_has_no_paytable_to_choose():
    assert "wagers.majestic_match" in _rejected('[wagers.majestic_match]\npaytable = "A"\n')
    assert parse_profile("[wagers.majestic_match]\n").offers("majestic_match")
