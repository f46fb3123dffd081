"""A misbehaving game (crash, garbage, wrong schema) fails those scenarios as a
protocol or adapter error — not as a rule nonconformance — with the evidence kept, and
the run goes on; results already written stay even when the game kills the process."""

from __future__ import annotations

import dataclasses
import os.path

import pytest

from tests.proofs.suite_runner import FEATURES, run_suite, run_suites, select_game

KEYWORD = "test_a_card_from_2_to_9 or test_a_10_jack or test_an_ace or test_a_twodigit or paid_at_1_to_1"
SUBSET = ["-k", KEYWORD]
#: every scenario KEYWORD selects is in Ch. 631a: that chapter alone is collected (a -k could
#: select any chapter's, and every chapter was collected: 0.5 s a run)
CHAPTER = FEATURES / "test_631a.py"
CATEGORIES = {"crashes": "adapter error", "float_money": "protocol error", "missing_field": "protocol error",
              "not_json": "protocol error"}


@pytest.fixture(scope="module")
def category_runs(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """game -> its run: the games of CATEGORIES played against one collected suite, each in
    a fork of its own (tests/proofs/proof_runner.py), as run_suite would in a process of its own."""
    selections = [dataclasses.replace(select_game(f"tests.games.misbehaving_games:{game}", None, KEYWORD),
                                      paths=(str(CHAPTER),)) for game in CATEGORIES]
    return dict(zip(CATEGORIES, run_suites(tmp_path_factory.mktemp("misbehaving"), (), selections)))


@pytest.mark.parametrize("game,category", CATEGORIES.items())
def test_misbehaving_game_fails_in_its_category_and_the_run_goes_on(category_runs, game, category):
    run = category_runs[game]
    assert run.results, run.output
    failed = [r for r in run.results if r["outcome"] == "failed"]
    assert failed, run.output
    assert {r["category"] for r in failed} == {category}, run.categories()
    assert all(r["message"] and f"[{category}]" in r["message"] for r in failed)
    if game == "crashes":  # the run went on: scenarios after a crash passed
        assert any(r["outcome"] == "passed" for r in run.results)
    assert len(run.results) == len({r["nodeid"] for r in run.results})


def test_results_already_written_stay_when_the_game_kills_the_process(tmp_path):
    run = run_suite(tmp_path, *SUBSET, game="tests.games.misbehaving_games:dies_mid_run", features=CHAPTER)
    assert run.returncode != 0
    assert len(run.results) == 9, run.output  # the 9 scenarios before the 10th deal were logged and flushed
    assert all(r["outcome"] == "passed" for r in run.results)


@pytest.mark.parametrize("spec,words", [
    ("tests.games.misbehaving_games", "expected 'package.module:factory'"),
    ("tests/games/misbehaving_games.py:crashes", "expected 'package.module:factory'"),
    ("tests.no_such_module:crashes", "cannot import 'tests.no_such_module'"),
    ("tests.games.misbehaving_games:no_such_factory", "'tests.games.misbehaving_games' has no attribute 'no_such_factory'"),
])
def test_a_bad_game_factory_is_named_by_each_loader(spec, words):
    """The library adapter, the HTTP server and the serial device resolve --game alike."""
    from baccarat_conformance.adapters.library import load_factory
    from baccarat_conformance.judging.errors import ConfigurationError
    from baccarat_conformance.reference_game import device, server

    for loader, error in ((load_factory, ConfigurationError), (server.load_factory, ValueError),
                          (device.load_game, SystemExit)):
        with pytest.raises(error) as e:
            loader(spec)
        assert str(e.value).startswith(f"--game {spec!r}: ") and words in str(e.value), (loader, e.value)


def test_a_dotted_factory_resolves():
    from baccarat_conformance.adapters.library import load_factory
    from baccarat_conformance.reference_game import create_game, server

    assert load_factory("baccarat_conformance.reference_game:create_game") is create_game
    assert server.load_factory("os:path.join") is os.path.join
