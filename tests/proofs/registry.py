"""The broken-game registry: each deliberately broken game declares, where it is defined,
the Rules Submission profile it runs under and the clauses the suite must fail on it.

::

    @breaks("631a.11(b)(1)", "631a.11", profile="baccarat")
    class PlayerStandsOn5(ReferenceGame):
        ...

    def player_stands_on_5():          # the factory: --game tests.games.broken_games:player_stands_on_5
        return PlayerStandsOn5()

A proof holds when the suite, run against the game under ``profile`` (with
``--include-expired`` when asked) on the scenarios ``marks`` selects (by default
:func:`tests.proofs.suite_runner.proof_marks` of the clauses: their sections, without the
property and statistics scenarios), fails exactly ``clauses`` in the clause matrix (the
clauses its failing checks name), every failure a nonconformance. ``may_also_fail``: clauses
it fails only on some runs (chance), with the reason where it is declared. ``blocks``: the
rules its blocked scenarios may name (``blocked_by``: a stacked round the game dealt
otherwise, under a rule that is not the scenario's own); none by default. ``marks`` and
``keyword`` (a ``-m`` and a ``-k`` expression) choose other scenarios. Stack one
``@breaks`` per profile for a game proved under several. ``protocol_error``: a game
whose answers break the protocol, not a clause (``@breaks(protocol_error="round_id",
marks="statistics")``): its proof holds when it fails no clause and every failed
scenario is a protocol error whose message holds these words.

Decorating a class names the game by the class's name in snake case
(``PlayerStandsOn5`` → ``player_stands_on_5``) unless ``game=`` says otherwise; decorating a
factory function names it by the function's name. tests/proofs/test_proofs.py plays every
proof; tests/proofs/suite_runner.py plays the proofs of one profile in one pytest process.
``baccarat-conformance clauses --explain ID`` lists the proofs of a clause from the proofs
index this module writes into the package (``python -m tests.proofs.registry --write``, checked
current by tests/user/test_explain.py): the product never imports the tests.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, TypeVar

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
#: The folder of the broken games.
GAMES = TESTS / "games"
#: The modules that hold broken games (every one is imported by :func:`proofs`).
MODULES_GLOB = "broken_games*.py"
#: The proofs index ``clauses --explain`` reads (package data of the corpus package).
INDEX = REPO / "corpus" / "proofs.json"

T = TypeVar("T")


@dataclass(frozen=True)
class Proof:
    """One proof that the checks of ``clauses`` can fail: ``game`` (``module:factory``)
    run under ``profile`` fails exactly ``clauses`` (and perhaps ``may_also_fail``)."""

    game: str
    clauses: frozenset[str]
    profile: str = "baccarat"
    include_expired: bool = False
    may_also_fail: frozenset[str] = frozenset()
    blocks: frozenset[str] = frozenset()
    marks: str | None = None
    keyword: str | None = None
    where: str = field(default="", compare=False)  # file:line of the declaration
    stricter_readings: str | None = None  # --stricter-readings of the run (a stricter interpretation it fails)
    protocol_error: str | None = None

    @property
    def name(self) -> str:
        return self.game.partition(":")[2]

    @property
    def id(self) -> str:
        """``module:factory@profile`` (the module without ``tests.``, a profile path by its
        file name): the test id."""
        return f"{self.game.rpartition('.')[2]}@{Path(self.profile).stem}"

    @property
    def args(self) -> tuple[str, ...]:
        """The pytest arguments of the run: the profile (and ``--include-expired``)."""
        return ("--profile", self.profile, *(("--include-expired",) if self.include_expired else ()),
                *(("--stricter-readings", self.stricter_readings) if self.stricter_readings else ()))

    def selection(self):
        """What the run plays (:class:`tests.proofs.suite_runner.Selection`): this game, with its
        profile as the run's own options, on the scenarios of ``marks`` (default: the
        sections of its clauses, :func:`tests.proofs.suite_runner.proof_marks`)."""
        from tests.proofs.suite_runner import proof_marks, select_game

        return select_game(self.game, self.marks if self.marks is not None else proof_marks(self.clauses),
                           keyword=self.keyword, profile=self.profile, include_expired=self.include_expired,
                           stricter_readings=self.stricter_readings)

    def replay_commands(self) -> list[str]:
        """The commands that replay this proof, shell-quoted: the proof alone through the
        suite's own test, and the same run as a user runs it (smoke depth, as the batch)."""
        import shlex

        sel = self.selection()
        run = ["baccarat-conformance", "run", "--game", self.game, *self.args, "--depth", "smoke", "--no-html",
               "--out", f"/tmp/proof-{self.name}"]
        if sel.marks:
            run += ["-m", sel.marks]
        if sel.keyword:
            run += ["-k", sel.keyword]
        return [f"BACCARAT_PROOFS={shlex.quote(self.id)} python -m pytest tests/proofs/test_proofs.py -n 0",
                shlex.join(run)]

    def problems(self, run) -> list[str]:
        """What is wrong with ``run`` (a :class:`tests.proofs.suite_runner.SuiteRun` of this
        proof): empty when the proof holds."""
        if not run.results:
            return ["no scenario ran"]
        out = [] if run.returncode in (0, 1) else [f"its run ended early (status {run.returncode}): the results are partial"]
        failed = run.failed_clauses
        if self.protocol_error is not None:
            bad = {r["nodeid"]: r for r in run.results if r["outcome"] == "failed"}
            if not bad:
                out.append("no scenario failed: the protocol error went unseen")
            wrong = [f"{n}: {r['category']}: {r.get('message', '')[:300]}" for n, r in bad.items()
                     if r["category"] != "protocol error" or self.protocol_error not in (r.get("message") or "")]
            if wrong:
                out.append(f"failures not a protocol error naming {self.protocol_error!r}: {wrong}")
            if failed:
                out.append(f"failed clauses {sorted(failed)}: a protocol error fails none")
            return out
        if not (self.clauses <= failed <= self.clauses | self.may_also_fail):
            missing, extra = sorted(self.clauses - failed), sorted(failed - self.clauses - self.may_also_fail)
            out.append(f"failed clauses: not failed {missing}, failed but not declared {extra}")
        categories = set(run.failure_categories().values())
        if categories != {"nonconformance"}:
            out.append(f"failure categories {sorted(categories)}, not only nonconformance: {run.categories()}")
        blocked = {r.get("blocked_by") for r in run.results if r["category"] == "blocked"}
        if not blocked <= self.blocks:
            out.append(f"scenarios blocked by {sorted(blocked - self.blocks)}, not declared in blocks=")
        return out


_DECLARED: list[Proof] = []


def snake_case(name: str) -> str:
    """``PlayerStandsOn5`` → ``player_stands_on_5``, ``EZBankerWinsOnDragon7`` → ``ez_banker_wins_on_dragon_7``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])", "_", name).lower()


def breaks(*clauses: str, profile: str = "baccarat", include_expired: bool = False,
           may_also_fail: Iterable[str] = (), blocks: Iterable[str] = (),
           marks: str | None = None, keyword: str | None = None, game: str | None = None,
           stricter_readings: str | None = None, protocol_error: str | None = None) -> Callable[[T], T]:
    """Declare that the suite fails exactly ``clauses`` on the decorated broken game
    (a class, named ``game`` or by its snake-case name, or a factory function) under
    ``profile`` (a bundled profile's name or a path from the repository root); or, with
    ``protocol_error`` (and no clauses), that every scenario it fails is a protocol error
    whose message holds those words. ``stricter_readings``: the ``--stricter-readings`` of
    its run (a game that fails only a stricter interpretation than the text's)."""
    if bool(clauses) == (protocol_error is not None):
        raise ValueError("@breaks needs the clauses the game must fail, or (alone) the protocol error it makes")

    def declare(obj: T) -> T:
        name = game or (snake_case(obj.__name__) if inspect.isclass(obj) else obj.__name__)
        source = Path(inspect.getsourcefile(obj)).resolve()
        line = _declared_lines(source).get(obj.__qualname__) or inspect.getsourcelines(obj)[1]  # not top-level
        where = f"{source.relative_to(REPO)}:{line}"
        _DECLARED.append(Proof(f"{obj.__module__}:{name}", frozenset(clauses), profile, include_expired,
                               frozenset(may_also_fail), frozenset(blocks), marks, keyword, where, stricter_readings,
                               protocol_error))
        return obj

    return declare


@functools.lru_cache(maxsize=None)
def _declared_lines(source: Path) -> dict[str, int]:
    """Top-level class and function name -> the line its declaration starts on (its first
    decorator), read from one parse of ``source``. ``inspect.getsourcelines`` parses the
    whole file again for every class: 60-odd parses an import of tests/games/broken_games_631a.py,
    a third of a proof batch's time when every fork imported its games."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {node.name: min([node.lineno, *(d.lineno for d in node.decorator_list)]) for node in tree.body
            if isinstance(node, (ast.ClassDef, ast.FunctionDef))}


def proofs() -> list[Proof]:
    """Every declared proof, in a stable order (by id), after importing every module of
    broken games; each one's factory checked to exist.

    :raises LookupError: a proof names a game its module does not define, or two proofs
        share an id."""
    for path in sorted(GAMES.glob(MODULES_GLOB)):
        importlib.import_module(f"tests.games.{path.stem}")
    seen: dict[str, Proof] = {}
    for proof in _DECLARED:
        module, _, name = proof.game.partition(":")
        if not callable(getattr(importlib.import_module(module), name, None)):
            raise LookupError(f"{proof.where}: @breaks names the game {proof.game!r}, which its module does "
                              "not define (pass game='factory_name')")
        if proof.id in seen and seen[proof.id] != proof:
            raise LookupError(f"{proof.where}: a second proof of {proof.id} ({seen[proof.id].where})")
        seen[proof.id] = proof
    return sorted(seen.values(), key=lambda p: p.id)


def proofs_of(clause: str) -> list[Proof]:
    """The proofs whose game must fail ``clause`` (its id as the matrix writes it)."""
    return [p for p in proofs() if clause in p.clauses]


def index() -> dict:
    """The proofs index: every declared proof as ``clauses --explain`` lists it (``game``,
    ``profile``, ``include_expired``, ``fails`` sorted, ``where`` file:line), in :func:`proofs`
    order."""
    return {"about": "the broken games of the source checkout's tests/ that the suite must fail, by clause; "
                     "written by python -m tests.proofs.registry --write",
            "proofs": [{"game": p.game, "profile": p.profile, "include_expired": p.include_expired,
                        "fails": sorted(p.clauses), "where": p.where} for p in proofs()]}


def index_text() -> str:
    return json.dumps(index(), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """``python -m tests.proofs.registry --write | --check``: write the proofs index, or exit 1 when
    it is not the registry as it is now."""
    if argv == ["--write"]:
        INDEX.write_text(index_text(), encoding="utf-8")
        print(f"wrote {INDEX} ({len(index()['proofs'])} proofs)")
        return 0
    if argv == ["--check"]:
        return 0 if INDEX.is_file() and INDEX.read_text(encoding="utf-8") == index_text() else 1
    print("usage: python -m tests.proofs.registry --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    # the broken games declare themselves into tests.proofs.registry (the module they import), not
    # into this __main__ copy of it
    from tests.proofs import registry

    sys.exit(registry.main(sys.argv[1:]))
