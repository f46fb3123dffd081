"""Rules Submission options of §§ 629b.4–629b.6: Rising Phoenix decks and commission,
the alternative card reveal, the Bonus wagers offered and the Golden Talons paytable."""

from __future__ import annotations

import pytest

from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.profile import load_profile, parse_profile
from baccarat_conformance.protocol.vocabulary import RISING_PHOENIX_BONUSES


def profile(variant: str = "rising_phoenix", extra: str = "", wagers: str = "") -> str:
    return f'[rules_submission]\nvariant = "{variant}"\n{extra}\n{wagers}'


@pytest.mark.parametrize("decks", [6, 8])
def test_rising_phoenix_takes_six_or_eight_decks(decks):
    assert parse_profile(profile(extra=f"decks = {decks}")).decks == decks


def test_rising_phoenix_refuses_seven_decks_naming_the_clause_and_line():
    with pytest.raises(ConfigurationError) as e:
        parse_profile(profile(extra="decks = 7"), "rp.toml")
    assert "rp.toml:3: decks: must be 6 or 8 for Rising Phoenix Baccarat (58 Pa. Code § 629b.5(f)), got 7" in str(e.value)


@pytest.mark.parametrize("variant", ["baccarat", "midibaccarat", "commission_free"])
def test_other_variants_keep_six_to_eight_decks(variant):
    assert parse_profile(profile(variant, "decks = 7")).decks == 7


def test_commission_free_rising_phoenix():
    p = parse_profile(profile(extra='commission = "commission_free"'))
    assert p.commission == "commission_free" and p.as_rules()["commission"] == "commission_free"
    assert parse_profile(profile()).commission == "standard"


def test_commission_option_is_rising_phoenix_only():
    with pytest.raises(ConfigurationError, match=r"commission: applies to Rising Phoenix Baccarat only"):
        parse_profile(profile("baccarat", 'commission = "commission_free"'))


@pytest.mark.parametrize("variant", ["midibaccarat", "rising_phoenix"])
def test_alternative_card_reveal_in_midibaccarat(variant):
    assert parse_profile(profile(variant, "alternative_card_reveal = true")).alternative_card_reveal


@pytest.mark.parametrize("variant", ["baccarat", "ez_baccarat", "minibaccarat"])
def test_alternative_card_reveal_refused_outside_midibaccarat(variant):
    with pytest.raises(ConfigurationError, match=r"alternative_card_reveal: .*§ 629b\.4\(a\)"):
        parse_profile(profile(variant, "alternative_card_reveal = true"))


def test_bonus_wagers_offered():
    p = parse_profile(profile(wagers='[wagers.rising_phoenix_bonus]\nbonuses = ["sun_7", "player_pair"]'))
    assert p.wagers["rising_phoenix_bonus"].model_dump()["bonuses"] == ["sun_7", "player_pair"]
    assert parse_profile(profile(wagers="[wagers.rising_phoenix_bonus]")).offers("rising_phoenix_bonus")


def test_unknown_bonus_wager_refused():
    with pytest.raises(ConfigurationError, match=r"unknown Bonus wager\(s\) \['sun_8'\]"):
        parse_profile(profile(wagers='[wagers.rising_phoenix_bonus]\nbonuses = ["sun_8"]'))


def test_bonus_wagers_need_rising_phoenix():
    with pytest.raises(ConfigurationError, match=r"Rising Phoenix Baccarat only .*§ 629b\.5\(g\)\(4\)"):
        parse_profile(profile("midibaccarat", wagers="[wagers.rising_phoenix_bonus]"))


@pytest.mark.parametrize("letter", list("ABCDE"))
def test_golden_talons_paytables(letter):
    p = parse_profile(profile("midibaccarat", wagers=f'[wagers.golden_talons]\npaytable = "{letter}"'))
    assert p.wagers["golden_talons"].paytable == letter


def test_golden_talons_paytable_f_refused():
    with pytest.raises(ConfigurationError, match=r"golden_talons.*paytable"):
        parse_profile(profile("midibaccarat", wagers='[wagers.golden_talons]\npaytable = "F"'))


@pytest.mark.parametrize("name", ["rising_phoenix", "rising_phoenix_commission_free", "midibaccarat_golden_talons"])
def test_bundled_profiles_load(name):
    p = load_profile(name)
    assert p.offers("golden_talons")
    if p.variant == "rising_phoenix":
        assert p.decks in (6, 8) and p.offers("rising_phoenix_bonus")


def test_vocabulary_bonus_names_are_the_odds_table_rows():
    from baccarat_conformance.oracle import rising_phoenix

    assert tuple(rising_phoenix.BONUS_ODDS) == RISING_PHOENIX_BONUSES
