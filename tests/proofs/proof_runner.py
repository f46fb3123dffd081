"""A pytest plugin for the suite's own tests (``-p tests.proofs.proof_runner --proof-plan PATH``):
one collected conformance suite, many games, one pytest process.

The plan is a JSON list, one object per game to play::

    [{"game": "tests.games.broken_games:player_stands_on_5", "marks": "631a.11 and not statistics",
      "keyword": null, "log": "/tmp/.../0/results.jsonl"}, ...]

(``"files"``: a list of feature modules, when the game plays only their scenarios, as
``pytest FILE`` would, or of ``FILE::NAME``, when it plays only the scenario NAME of FILE, as
``pytest FILE::NAME`` would; ``"options"``: the game's own pytest options, by destination;
``"args"``: more of them as on a command line, ``["--profile", "p.toml", "--replay-example=K=V:B"]``,
parsed in the game's fork by the process's own parser, on top of the batch's options.)

The suite is collected once (the caller's paths and ``-m``: the union of the games'
selections). Then, game after game, a forked copy of the process runs the items the
game's ``marks`` (a ``-m`` expression) and ``keyword`` (a ``-k`` expression) select
against that game (``--game``, the game's ``options``, pytest option destinations, and
its ``args`` set to it: its profile...), writing its results log to ``log``, and ends.
Isolation between games is a process's: whatever a game changes (some broken games
patch the reference game's module-level tables, a game may end its process) dies with
its fork, and the next game starts from the state after collection, as a fresh
``pytest`` process would. The fork is cheap (no interpreter start, no imports, no
collection): forks need POSIX (Linux, macOS), as the suite's own tests do.

This is the shape of tests/proofs/capability_recorder.py (one collected suite, many games)
used by :func:`tests.proofs.suite_runner.run_suites`, which plays the broken games of
tests/proofs/registry.py: about a second of start-up (imports, collection) paid once per
profile instead of once per game.
"""

from __future__ import annotations

import argparse
import copy
import errno
import gc
import importlib
import json
import os
import sys
import time
import traceback
from pathlib import Path

import pytest

from baccarat_conformance.compat import mark_expression_matcher, warm_hypothesis_constants
from baccarat_conformance.corpus.roles import clause_roles
from baccarat_conformance.run.replay_record import ReplayContext



#: The process's option parser (pytest's, given to every plugin's ``pytest_addoption``), which
#: parses a game's ``args``.
_parsers: list[pytest.Parser] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--proof-plan", default=None, metavar="PATH",
                     help="tests.proofs.proof_runner: play each game of this JSON plan against the collected suite")
    _parsers[:] = [parser]


def fork() -> int:
    """``os.fork()``, tried again for a few seconds when the machine is short of processes
    or memory (EAGAIN, ENOMEM), as a busy shared machine can be."""
    for attempt in range(10):
        try:
            return os.fork()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ENOMEM) or attempt == 9:
                raise
            time.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


def note_fork(env: dict, kind: str, args: list[str]) -> None:
    """With ``PYTEST_CHILD_LOG`` set, append a line for this fork (benchmarks/child_pytest_counter
    counts the child pytest processes of a test run this way)."""
    log = env.get("PYTEST_CHILD_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            test = env.get("PYTEST_CURRENT_TEST", "-").split(" ")[0]
            fh.write(f"fork-{kind} {os.getpid()} {os.getppid()} {test} {' '.join(map(str, args))[:200]}\n")


def _selected(items: list[pytest.Item], marks: str | None, keyword: str | None,
              files: list[str] | None = None) -> list[pytest.Item]:
    keeps = mark_expression_matcher(marks or "", keyword or "")
    if not files:
        return [item for item in items if keeps(item)]
    # FILE: its every item ("" among its names); FILE::NAME: its item NAME (NAME[...]: each parameter)
    wanted: dict[Path, set[str]] = {}
    for f in files:
        path, _, name = f.partition("::")
        wanted.setdefault(Path(path).resolve(), set()).add(name)

    def in_files(item: pytest.Item) -> bool:
        names = wanted.get(Path(item.path).resolve())
        return names is not None and ("" in names or item.name in names or item.name.partition("[")[0] in names)

    return [item for item in items if in_files(item) and keeps(item)]


def _options_given(config: pytest.Config, args: list[str]) -> dict[str, object]:
    """The options ``args`` give (``["--profile", "p.toml", "--replay-example=K=V:B"]``), by
    destination: parsed by the process's own parser on top of its options, as if they ended
    its command line (each value converted by its option's ``type``, an ``append`` option's
    value added to the process's list); only those whose value they change.

    :raises pytest.UsageError: ``args`` hold an option the process does not know, or a file."""
    [parser] = _parsers
    alone, unknown = parser.parse_known_and_unknown_args(args)
    if unknown or getattr(alone, "file_or_dir", None):
        raise pytest.UsageError(f"a game's args are options the suite knows, not {unknown or alone.file_or_dir}: "
                                f"{args}")
    current = {dest: copy.copy(value) for dest, value in vars(config.option).items()}
    namespace, _ = parser.parse_known_and_unknown_args(args, namespace=argparse.Namespace(**current))
    return {dest: value for dest, value in vars(namespace).items()
            if dest != "file_or_dir" and (dest not in current or current[dest] != value)}


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> object:
    path = session.config.getoption("--proof-plan")
    if not path:
        return None
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} error(s) during collection")
    if session.config.option.collectonly:
        return True
    plan = json.loads(Path(path).read_text(encoding="utf-8"))
    for module in dict.fromkeys(game["game"].partition(":")[0] for game in plan if game.get("game")):
        try:  # once, before the forks: each fork would import (and @breaks would read) them anew
            importlib.import_module(module)
        except Exception:  # noqa: BLE001 - the game's own fork reports it, as its own process would
            pass
    selections = [_selected(session.items, game.get("marks"), game.get("keyword"), game.get("files"))
                  for game in plan]
    _warm_par_sheets(session.config, plan, selections)
    clause_roles("631a.1")  # the corpus's roles of every clause (read once a process, 0.1 s)
    if any(item.get_closest_marker("property") for items in selections for item in items):
        _warm_hypothesis_constants()
    # what the forks share, out of the collector's sight: a fork's collections neither walk
    # it nor write to it (each write copies a page of the parent), as Python's docs advise
    gc.collect()
    gc.freeze()
    for game, items in zip(plan, selections):
        log = Path(game["log"])
        log.parent.mkdir(parents=True, exist_ok=True)
        log.touch()  # a game that selected nothing still says so (an empty log)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = fork()
        if pid == 0:  # the game's own process: what it changes dies with it, and it ends here
            code = 0
            try:
                note_fork(os.environ, "game", [game["game"]])
                _play(session, game, log, items)
            except BaseException:  # noqa: BLE001 - reported, then this fork ends
                traceback.print_exc()
                code = 3
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        # how the fork ended (3: an error of the runner; negative: killed by that signal), beside
        # its log: a fork that ended early leaves a log of the scenarios it got to, which alone
        # would read as a run that passed them all
        exit_status_path(log).write_text(str(os.waitstatus_to_exitcode(status)), encoding="utf-8")
    return True


def exit_status_path(log: Path) -> Path:
    """Where the exit status of the fork that wrote the results log ``log`` is kept."""
    return log.with_name(log.name + ".exit")


def _warm_par_sheets(config: pytest.Config, plan: list[dict], selections: list[list[pytest.Item]]) -> None:
    """The exact par sheet of each profile whose games play a game-math or statistics
    scenario, computed once before the forks (the oracle keeps it for the process, and each fork
    inherits it) instead of once in each fork that needs it."""
    from baccarat_conformance.run.game_math import par_sheet_for
    from baccarat_conformance.inputs.profile import load_profile

    profiles = dict.fromkeys(game.get("options", {}).get("profile", config.option.profile)
                             for game, items in zip(plan, selections)
                             if any(item.get_closest_marker("game_math") or item.get_closest_marker("statistics")
                                    for item in items))
    for profile in profiles:
        try:
            par_sheet_for(load_profile(profile))  # as the steps ask for it
        except Exception:  # noqa: BLE001 - the scenario reports it in the game's fork
            pass


def _warm_hypothesis_constants() -> None:
    """Hypothesis' constants of the local modules, gathered once before the forks: at the
    first example of a process hypothesis parses every module of the project it has not
    seen for literals to try (0.1–0.2 s, in every fork that runs a property scenario).
    Internal to hypothesis (harness/compat.py): when it is not there, each fork gathers them as before."""
    warm_hypothesis_constants()


def _play(session: pytest.Session, game: dict, log: Path, items: list[pytest.Item]) -> None:
    config = session.config
    config.option.game = game["game"]
    for dest, value in game.get("options", {}).items():
        setattr(config.option, dest, value)
    for dest, value in _options_given(config, game.get("args", [])).items():
        setattr(config.option, dest, value)
    results_log = config.pluginmanager.get_plugin("baccarat-results-log")
    results_log.path = log
    results_log.replay = ReplayContext(config)  # the replay record names this game's options
    hook = session.config.hook
    for i, item in enumerate(items):
        hook.pytest_runtest_protocol(item=item, nextitem=items[i + 1] if i + 1 < len(items) else None)
        if session.shouldstop:
            raise session.Interrupted(session.shouldstop)
