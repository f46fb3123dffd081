"""Proof that the property scenarios bite: the property scenarios (``-m property``), run
against each broken game of :mod:`tests.games.broken_games_properties` (and the third-card
faults of :mod:`tests.games.broken_games`), fail exactly the expected clauses; the property that
judges the broken rule reports the precise clause and a shrunk shoe; and the replay
command printed in its failure reproduces that failure on its own.

The runs are played once a session, each in a fork of a collected suite
(tests/proofs/reference_runs.py, batches "bite" and "bite-2"), and so are the replays (batch
"bite-replays": the pytest arguments of each printed command, :func:`replay_selection`) but
SHELL_REPLAY's, run as printed in a shell and a fresh interpreter, as a user runs it. The
runs shrink real failures through the adapter and take a while (the state machine's shrinks
most).
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

from tests.proofs.suite_runner import REPO, Selection

#: the tracked-vigorish case's profile: baccarat_tracked_vigorish with 14 seats (see the file)
TRACKED = ("--profile", "tests/games/profiles/tracked_vigorish_14_seats.toml")


@dataclass(frozen=True)
class Case:
    """A broken game, the property scenario (a ``-k`` expression naming it) that must fail,
    the clauses it is tagged with, and the clause it must report with a shoe of at
    most ``max_shoe`` cards (None: not asserted, e.g. the state machine's last shoe)."""

    game: str
    failing: frozenset
    scenario: str
    clause: str
    max_shoe: Optional[int]
    args: tuple = ()

    @property
    def name(self) -> str:
        """The broken game's name: the test's id, and its runs' in tests/proofs/reference_runs.py."""
        return self.game.rsplit(":", 1)[1]


def case(game: str, failing: set, scenario: str, clause: str, max_shoe: Optional[int], args: tuple = ()) -> Case:
    if ":" not in game:
        game = f"tests.games.broken_games_properties:{game}"
    return Case(game, frozenset(failing), scenario, clause, max_shoe, args)


CASES = [
    case("burns_a_card_between_rounds", {"631a.9(c)"},
         "test_any_shoe_is_dealt_player_banker_player_banker", "631a.9(c)", 8),
    case("player_draws_a_fourth_card_on_zero", {"631a.10(c)"},
         "test_no_hand_of_any_shoe_receives_more_than_one_additional_card", "631a.10(c)", 6),
    case("tests.games.broken_games:banker_draws_on_6_against_5", {"631a.11"},
         "test_every_hand_of_any_stacked_shoe_draws_or_stays", "631a.11(c)(2)(iii)", 6),
    case("tests.games.broken_games:player_stands_on_5", {"631a.11"},
         "test_every_hand_of_any_stacked_shoe_draws_or_stays", "631a.11(b)(1)", 6),
    case("void_round_collects_wagers", {"631a.15(e)"},
         "test_a_round_the_shoe_cannot_complete_is_void", "631a.15(e)", 6),
    case("dragon_bonus_wins_by_three", {"631a.8"},
         "test_every_wager_of_any_round_wins_loses_or_ties", "631a.8(a)(4)(ii)", 6),
    case("tie_pays_eight_for_one", {"631a.13"},
         "test_every_winning_wager_of_any_round_is_paid_at_the_odds", "631a.13(b)", 6),
    case("vigorish_rounded_down", {"631a.13(c)"},
         "test_the_vigorish_of_any_round_is_5", "631a.13(c)", 6),
    case("losing_tie_wagers_not_collected", {"631a.12(b)"},
         "test_money_is_conserved_in_any_round", "631a.12(b)", 6),
    case("no_last_hand", {"631a.10(d)"},
         "test_the_cover_card_brings_last_hand", "631a.10(d)", 12),
    case("tracked_vigorish_kept_across_shoes", {"631a.13(d)(2)(i)", "631a.13(d)(2)(ii)", "631a.13(d)(2)(iii)"},
         "test_tracked_vigorish_is_marked_then_collected", "631a.13(d)(2)(i)", 12, TRACKED),
    case("curator_never_passes_the_shoe", {"631a.7(b)", "631a.14(a)(1)", "631a.14(b)"},
         "test_the_dealing_shoe_is_offered_from_seat_1", "631a.14(a)(1)", 12),
    case("accepts_wagers_after_no_more_bets", {"631a.8(c)"},
         "test_no_wager_is_made_increased_or_withdrawn", "631a.8(c)", 12),
]

#: The case whose replay command runs as printed, in a shell (the others' pytest arguments
#: run in forks of one collected suite, tests/proofs/reference_runs.py's batch "bite-replays":
#: the command's shape is checked for each).
SHELL_REPLAY = CASES[0]

FALSIFIED = re.compile(r"PropertyFalsified: 58 Pa\. Code § (\S+?):")
# a short shoe is printed, a whole shoe (over 24 cards) only counted and attached
SHOE = re.compile(r"shrunk shoe(?: \((\d+) cards\): [^\n]*|: (\d+) cards, attached)")
REPLAY = re.compile(r"replay: (cd .*)")


def falsification(message: str) -> tuple[str, int, str]:
    """(clause, shoe length, replay command) from a property failure message."""
    clause, shoe, replay = FALSIFIED.search(message), SHOE.search(message), REPLAY.search(message)
    assert clause and shoe and replay, message
    return clause.group(1), int(shoe.group(1) or shoe.group(2)), replay.group(1).strip()


def pytest_arguments(replay: str) -> list[str]:
    """The arguments of ``python -m pytest`` in a replay command ``cd REPO && PYTHON -m pytest ARGS``."""
    words = shlex.split(replay)
    assert words[:3] == ["cd", str(REPO), "&&"] and words[4:6] == ["-m", "pytest"], replay
    assert (REPO / words[3]).resolve() == Path(sys.executable).resolve(), replay
    return words[6:]


def replay_selection(replay: str) -> tuple[tuple[str, ...], Selection]:
    """The process arguments and the selection of the replay command ``replay`` (``cd REPO &&
    PYTHON -m pytest --pyargs MODULE::NAME OPTIONS``), for a batch of
    tests/proofs/reference_runs.py: the scenario NAME of MODULE's file (found as ``--pyargs``
    finds it), alone, as ``pytest FILE::NAME`` collects it, against the ``--game`` of OPTIONS,
    with OPTIONS its own (parsed in its fork by the suite's own parser,
    tests/proofs/proof_runner.py) but ``--hypothesis-profile``, a process argument (hypothesis'
    plugin loads the profile when the process starts)."""
    args = pytest_arguments(replay)
    assert args[:1] == ["--pyargs"] and "::" in args[1], replay
    module, _, name = args[1].partition("::")
    spec = importlib.util.find_spec(module)
    assert spec and spec.origin, replay
    options, process = args[2:], ()
    if "--hypothesis-profile" in options:
        i = options.index("--hypothesis-profile")
        process = tuple(options[i:i + 2])
        del options[i:i + 2]
    game = options[options.index("--game") + 1] if "--game" in options else None
    return process, Selection(game, None, None, (f"{spec.origin}::{name}",), only_paths=True, args=tuple(options))


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_property_finds_shrinks_and_replays_the_fault(must_fail, c: Case):
    # the property that judges the break, alone (tests/proofs/reference_runs.py, batch "bite" or
    # "bite-2"): the reference-game runs below (and the whole-suite runs of tests/test_broken_*.py)
    # show the other properties raise no false alarm
    run = must_fail(f"bite@{c.name}")
    [entry] = run.results or [None]
    assert entry and entry["outcome"] == "failed", run.results or run.output
    assert set(entry["clauses"]) == c.failing and entry["category"] == "nonconformance", entry
    # the results log carries the failure in one line naming the clause; the shoe and the
    # replay command are in the failure's report (pytest's log, the end of it in "detail")
    assert entry["failed_clause"] == c.clause and entry["message"].startswith(f"§ {c.clause}: "), entry
    assert "\n" not in entry["message"], entry["message"]
    clause, shoe_length, replay = falsification(entry["detail"])
    assert clause == c.clause, entry["detail"]
    if c.max_shoe is not None:
        assert shoe_length <= c.max_shoe, f"a shrunk shoe of {shoe_length} cards, over {c.max_shoe}: {entry['detail']}"

    assert "--replay-example=" in replay and c.game in replay
    if c == SHELL_REPLAY:  # the command as printed, in a shell and a fresh interpreter, as a user runs it
        proc = subprocess.run(replay, shell=True, cwd=REPO, capture_output=True, text=True, timeout=600)
        code, out = proc.returncode, proc.stdout + proc.stderr
        assert code == 1, out[-3000:]
        assert "1 failed" in out, out[-3000:]
        again, again_length, _ = falsification(out)
        assert (again, again_length) == (clause, shoe_length), out[-3000:]
        return
    # the same pytest arguments, in a fork of one collected suite (batch "bite-replays"): its
    # exit status, its one scenario failed, the failure's report in its results log
    pytest_arguments(replay)  # the command's shape
    replayed = must_fail(f"bite-replay@{c.name}")
    assert replayed.returncode == 1, replayed.results or replayed.output[-3000:]
    assert [(r["nodeid"], r["outcome"]) for r in replayed.results] == [(entry["nodeid"], "failed")], replayed.results
    again, again_length, _ = falsification(replayed.results[0]["detail"])
    assert (again, again_length) == (clause, shoe_length), replayed.results[0]["detail"]


@pytest.mark.parametrize("profile", ["ez_baccarat", "baccarat_tracked_vigorish"])
def test_reference_game_passes_the_properties_under_other_profiles(must_pass, profile):
    run = must_pass(f"properties@{profile}")  # tests/proofs/reference_runs.py, batch "properties"
    assert run.returncode == 0, run.output
    assert run.results and not run.failed_clauses


@pytest.mark.parametrize("profile", ["commission_free", "midibaccarat", "rising_phoenix"])
def test_the_settlement_properties_at_other_variants_judge_what_governs_them(must_pass, profile):
    """At a commission-free table the Banker, Player and Tie wagers win or lose as
    § 631a.8(a)(1)—(3) say (§ 631c.5(c)): that property is judged; § 631a.12, § 631a.13
    and § 631a.15 do not govern its settlement (§ 631c.5(d)—(k)) and are not offered, as
    none of them governs a Midibaccarat or Rising Phoenix table (Ch. 629a). Never "not
    verified" for a rule the variant is not played under: the reference game is conformant."""
    run = must_pass(f"settlement-properties@{profile}")  # tests/proofs/reference_runs.py, batch "properties"
    assert run.returncode == 0, run.output
    outcomes = {r["nodeid"].split("::")[1]: r for r in run.results}
    assert {r["category"] for r in run.results if r["outcome"] != "passed"} <= {"not offered", "expired"}
    judged = [n for n, r in outcomes.items() if r["outcome"] == "passed"]
    if profile == "commission_free":
        assert judged == ["test_every_wager_of_any_round_wins_loses_or_ties_as__631a8a_says"], outcomes.keys()
    else:
        assert not judged
    settlement = [r for n, r in outcomes.items() if n.startswith(("test_every_winning_wager", "test_the_vigorish",
                                                                  "test_money_is_conserved", "test_a_round_the_shoe"))]
    assert len(settlement) == 4 and all("does not govern the settlement" in r["message"] for r in settlement), \
        [(r["nodeid"], r["message"]) for r in settlement]
