"""The reference game's Chapter 631a procedures that the conformance suite does not
reach through a scenario: refusals of impossible stagings and the decimal form of a
House Money addition."""

from __future__ import annotations

import pytest

from baccarat_conformance.reference_game import create_game

RULES = {"variant": "baccarat", "decks": 8, "vigorish_rounding": True, "card_reveal": "631a.9(c)",
         "irregularity_procedure": "631a.15(c)(1)", "wagers": {"house_money": {"portion": "all"}}}


def _table(game, cards, test_mode=True):
    table = game.handle("open_table", {"rules": RULES, "test_mode": test_mode})["table_id"]
    if cards is not None:
        game.handle("start_shoe", {"table_id": table, "cards": cards})
    return table


def test_player_third_card_in_error_is_refused_when_the_player_draws() -> None:
    game = create_game()
    table = _table(game, ["2C", "JD", "2H", "KS", "4D", "KC"])  # the Player's Hand (4) draws
    answer = game.handle("deal_round", {"table_id": table,
                                        "irregularity": {"kind": "player_third_card_in_error"}})
    assert answer["error"]["code"] == "invalid_request"
    assert game.handle("deal_round", {"table_id": table})["status"] == "completed"  # nothing was dealt


def test_irregularities_need_test_mode_and_a_known_kind() -> None:
    game = create_game()
    table = _table(game, None, test_mode=False)
    game.handle("start_shoe", {"table_id": table})
    answer = game.handle("deal_round", {"table_id": table, "irregularity": {"kind": "card_face_up"}})
    assert answer["error"]["code"] == "invalid_state"
    table = _table(game, ["7C", "3D", "KH", "3S"])
    answer = game.handle("deal_round", {"table_id": table, "irregularity": {"kind": "dropped_card"}})
    assert answer["error"]["code"] == "invalid_request"


def test_house_money_addition_of_a_dollar_amount_is_capped_by_the_payout() -> None:
    game = create_game()
    for add, added in (("6.00", "6.00"), ("99.00", "15.00")):
        table = _table(game, ["2C", "3D", "2H", "KS", "3C", "KD"])  # a Player pair; the Player's Hand wins
        for wager in ({"wager_type": "player", "amount": "10.00"}, {"wager_type": "house_money", "amount": "5.00"}):
            assert game.handle("place_wager", {"table_id": table, "seat": 2, **wager})["accepted"]
        record = game.handle("deal_round", {"table_id": table, "choices": [{"seat": 2, "house_money_add": add}]})
        (event,) = [e for e in record["events"] if e["type"] == "house_money_added"]
        assert event["amount"] == added
        player = next(w for w in record["wagers"] if w["wager_type"] == "player")
        assert player["amount"] == f"{10 + float(added):.2f}"


def test_cut_offset_limits_follow_the_decks_of_the_rules_submission() -> None:
    game = create_game(seed=3)
    table = _table(game, None)
    assert "error" in game.handle("start_shoe", {"table_id": table, "cut_offset": 407})  # 8 decks: 9 from the bottom
    assert game.handle("start_shoe", {"table_id": table, "cut_offset": 406})["cut_offset"] == 406


def test_a_seed_is_an_unsigned_64_bit_integer() -> None:
    """docs/protocol.md, start_shoe: 0 to 2^64 - 1; the harness's shoe seeds use all 64 bits."""
    from baccarat_conformance.gamestats.simulate import shoe_seed

    game = create_game()
    table = _table(game, None, test_mode=False)
    top = game.handle("start_shoe", {"table_id": table, "seed": 2 ** 64 - 1})
    assert "error" not in top
    for bad in (2 ** 64, -1, True, "7"):
        assert game.handle("start_shoe", {"table_id": table, "seed": bad})["error"]["code"] == "invalid_request", bad
    seeds = [shoe_seed(1, chunk, shoe) for chunk in range(8) for shoe in range(8)]
    assert all(0 <= s < 2 ** 64 for s in seeds) and any(s >= 2 ** 63 for s in seeds)


def test_a_round_the_shoe_runs_short_for_is_dealt_until_the_shoe_is_empty_then_void() -> None:
    """docs/protocol.md, deal_round: the cards the shoe holds are dealt, then the round is void
    (§ 631a.15(e))."""
    game = create_game()
    table = _table(game, ["2C", "JD", "2H", "KS", "4D"])  # the Banker's Hand (0) draws: no card left
    assert game.handle("place_wager", {"table_id": table, "seat": 3, "wager_type": "player", "amount": "10.00"})[
        "accepted"]
    record = game.handle("deal_round", {"table_id": table})
    assert record["status"] == "void" and record["player"] is None and record["shoe"] == "ended"
    assert [(c["card"], c["to"]) for c in record["cards"]] == [
        ("2C", "player"), ("JD", "banker"), ("2H", "player"), ("KS", "banker"), ("4D", "player")]
    assert [w["result"] for w in record["wagers"]] == ["void"]


def test_the_reference_game_reads_no_environment_and_no_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games made one after another, with variables an earlier version read set, deal
    from the system's entropy (unseeded) or from their own seed alone."""
    from decimal import Decimal

    from baccarat_conformance.reference_game import create_game

    def draws(seed=None) -> tuple[list[Decimal], list[str]]:
        game = create_game(seed)
        hits = [game.draw_hit_value(Decimal("100.00"), Decimal("500.00")) for _ in range(20)]
        table = game.handle("open_table", {"rules": {"decks": 8}})["table_id"]
        return hits, game.handle("start_shoe", {"table_id": table})["cards"]

    monkeypatch.setenv("BACCARAT_REFERENCE_HIT_SEED", "7")
    monkeypatch.setenv("BACCARAT_REFERENCE_SHUFFLE_SEED", "11")
    (hits, shoe), (again, other) = draws(), draws()
    assert hits != again and shoe != other  # the system's entropy
    assert draws(5) == draws(5)  # its own seed: the same draws, whatever came before


def test_the_seeded_games_of_the_tests_deal_the_kth_games_shoes_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools

    from tests.games import seeded_games

    def shoes(n: int) -> list[list[str]]:  # the first shoe of each of n games made one after another
        monkeypatch.setattr(seeded_games, "_MADE", itertools.count())  # as in a new process
        out = []
        for _ in range(n):
            game = seeded_games.create_game()
            table = game.handle("open_table", {"rules": {"decks": 8}})["table_id"]
            out.append(game.handle("start_shoe", {"table_id": table})["cards"])
        return out

    first, again = shoes(3), shoes(3)
    assert first == again  # the k-th game of a process: the same shoes every time
    assert len({tuple(s) for s in first}) == 3  # each game its own (a statistics chunk a game)
    monkeypatch.setattr(seeded_games, "SHUFFLE_SEED", 12)
    assert shoes(1)[0] != first[0]
