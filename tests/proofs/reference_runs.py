"""The runs that show a game keeping the rules passes (no false alarm), in one place; and the
runs of tests/proofs/test_properties_bite.py, broken games that must fail a property scenario,
and the replays of those failures.

Each test that shows the reference game (or a conforming variant of
tests/games/conforming_variants.py) passes under a profile reads its run from here, by name
(:func:`play`, through the ``must_pass`` fixture of tests/conftest.py)::

    run = must_pass("631a@ez_baccarat")   # a tests.proofs.suite_runner.SuiteRun

and a test that shows a broken game fails, through the ``must_fail`` fixture
(``must_fail("bite@no_last_hand")``): the same runs, by another name.

A run is a :class:`~tests.proofs.suite_runner.Selection`: the game, its profile and options, the
scenarios it plays, exactly as the test ran it with ``run_suite`` in a process of its
own. The runs are played in :data:`BATCHES`: one pytest process collects the suite once
and plays each run of its batch in a fork of its own (tests/proofs/proof_runner.py), about two
seconds of start-up and collection saved a run. A batch is played once a test session:
the first test (on any xdist worker) that asks for one of its runs plays it under a lock
and leaves every run's results in the session's shared temporary folder; the others read
them there. A :class:`Replay` is a run whose selection is read from the results of a run of
another batch (the replay command its failure printed): its batch plays that one first.
"""

from __future__ import annotations

import dataclasses
import fcntl
import json
import re
from importlib import resources
from pathlib import Path
from typing import Callable

from baccarat_conformance.util.atomic_files import write_atomic

from tests.proofs.suite_runner import FEATURES, Selection, SuiteRun, run_suites, select

# ------------------------------------------------------------------ profiles written for a run


def profile_with(tmp_path: Path, bundled: str, paytables: dict[str, str], name: str) -> str:
    """A copy of the bundled profile ``bundled`` with the ``paytable`` of each
    ``[wagers.NAME]`` in ``paytables`` replaced; returns its path."""
    text = (resources.files("baccarat_conformance.profiles") / f"{bundled}.toml").read_text(encoding="utf-8")
    out, table = [], None
    for line in text.splitlines():
        header = re.match(r"^\[wagers\.(\w+)\]", line)
        if header:
            table = header.group(1)
        elif line.startswith("["):
            table = None
        if table in paytables and re.match(r"^paytable\s*=", line):
            line = f'paytable = "{paytables[table]}"'
        out.append(line)
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def golden_talons_paytable(tmp_path: Path, letter: str) -> str:
    """midibaccarat_golden_talons with the Golden Talons paytable ``letter`` (D, E); its path."""
    return profile_with(tmp_path, "midibaccarat_golden_talons", {"golden_talons": letter}, f"golden_talons_{letter}")


#: the five 5 Treasures wagers, which share one paytable (§ 631c.3(h))
FIVE = ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all")


# ------------------------------------------------------------------ the runs

@dataclasses.dataclass(frozen=True)
class Run:
    """One run that must pass: ``game`` (None: the reference game) under ``profile`` (a
    bundled name, a path from the repository root, or a function writing a profile into
    the batch's folder and returning its path), on the scenarios ``marks`` and ``keyword``
    select (``statistics``: see :func:`tests.proofs.suite_runner.select`) of ``features`` (a
    feature module; None: every one), with ``include_expired`` and the other pytest
    ``options`` (destination, value; a ``capability_log`` is a path in the batch's folder)."""

    game: str | None = None
    profile: str | Callable[[Path], str] | None = None
    marks: str | None = None
    keyword: str | None = None
    features: str | None = None
    statistics: bool | None = None
    include_expired: bool = False
    options: tuple[tuple[str, object], ...] = ()

    def selection(self, where: Path) -> Selection:
        profile = self.profile(where) if callable(self.profile) else self.profile
        args = ("-k", self.keyword) if self.keyword else ()
        _, sel = select(*args, game=self.game, marks=self.marks, statistics=self.statistics,
                        features=str(FEATURES / self.features) if self.features else FEATURES)
        options = {**({"profile": profile} if profile else {}),
                   **({"include_expired": True} if self.include_expired else {}),
                   **{k: str(where / v) if k == "capability_log" else v for k, v in self.options}}
        return dataclasses.replace(sel, options=tuple(options.items()), only_paths=bool(self.features))


class Unplayable(Exception):
    """A run its batch cannot play (:meth:`Replay.selection`): the batch keeps it as a run
    that selected nothing (exit status 5), the reason in its output."""


#: The process arguments of the batch of replays: hypothesis' plugin loads the settings profile
#: a replay command names (``--hypothesis-profile ci``, the property scenarios' default) when
#: its process starts, not in a fork.
REPLAY_ARGS = ("--hypothesis-profile", "ci")


@dataclasses.dataclass(frozen=True)
class Replay:
    """The replay of the run ``of`` (of another batch), which failed one property scenario:
    the pytest arguments of the replay command printed in its failure
    (steps/_property_runner.py), played in a fork as a fresh ``python -m pytest`` plays them
    (:func:`tests.proofs.test_properties_bite.replay_selection`); the command's process
    arguments must be ``args``, its batch's."""

    of: str
    args: tuple[str, ...] = REPLAY_ARGS

    def selection(self, where: Path) -> Selection:
        """:raises Unplayable: the run ``of`` printed no replay command, or one this batch cannot play."""
        from tests.proofs.test_properties_bite import REPLAY, replay_selection

        run = play(self.of, where.parent)  # its batch, played unless it has been already
        failed = [r for r in run.results if r["outcome"] == "failed"]
        found = REPLAY.search(failed[0].get("detail") or "") if len(failed) == 1 else None
        if not found:
            raise Unplayable(f"{self.of} did not fail one scenario with a replay command")
        try:
            args, sel = replay_selection(found.group(1).strip())
        except AssertionError as e:
            raise Unplayable(f"the replay of {self.of} is not a command of this repository: {e}") from None
        if args != self.args:
            raise Unplayable(f"the replay of {self.of} needs a process started with {args}: {found.group(1)}")
        return sel


REF = "tests.games.seeded_games:create_game"  # the reference game, its draws seeded (tests/games/seeded_games.py)
VARIANT = "tests.games.conforming_variants:"


def _capabilities() -> dict[str, Run]:
    """tests/proofs/test_capabilities.py: the reference game, each scenario narrowed to the
    capabilities it declares (tests/proofs/capability_recorder.py), under the profiles of COVER."""
    from tests.proofs.test_capabilities import COVER

    runs = {}
    for profile, marks in COVER:
        maker = profile
        if profile == "blazing_7s_paytable_b":  # § 631c.3(h): the five 5 Treasures wagers share one paytable
            def maker(where: Path, name: str = profile) -> str:
                return profile_with(where, "side_wagers_631c", dict.fromkeys(FIVE, "B"), name)
        runs[f"capabilities@{profile}"] = Run(REF, maker, marks, statistics=marks is None, include_expired=True,
                                              options=(("capability_log", f"capabilities/{profile}.jsonl"),))
    return runs


def _sidewagers() -> dict[str, Run]:
    from tests.proofs.test_broken_sidewagers import REFERENCE_RUNS

    runs = {}
    for i, (chapter, bundled, paytables, extra) in enumerate(REFERENCE_RUNS):
        def maker(where: Path, bundled: str = bundled, paytables: dict = paytables, i: int = i) -> str:
            return profile_with(where, bundled, paytables, f"sidewagers{i}")
        runs[f"sidewagers@{i}"] = Run(REF, maker, features=f"test_{chapter}.py", include_expired=bool(extra))
    return runs


def _variants(part: int) -> dict[str, Run]:
    """Half ``part`` (0, 1) of the conforming variants, in name order (two batches of
    about 30 s: a worker is not held by one of a minute)."""
    from tests.proofs.test_conforming_variants import VARIANTS

    runs = {}
    for variant, (profile, marks, *args) in sorted(VARIANTS.items())[part::2]:
        extra, keyword = list(args[0] if args else ()), None
        if "-k" in extra:
            keyword = extra.pop(extra.index("-k") + 1)
            extra.remove("-k")
        if set(extra) - {"--include-expired"}:
            raise ValueError(f"{variant}: arguments tests/proofs/reference_runs.py does not know: {extra}")
        runs[f"variant@{variant}"] = Run(VARIANT + variant.split("[")[0], profile, marks, keyword=keyword,
                                         include_expired="--include-expired" in extra)
    return runs


def _statistics() -> dict[str, Run]:
    from tests.proofs.test_broken_statistics import OTHER_PROFILES, RETURNS, SHUFFLE

    runs = {"statistics@baccarat": Run(REF, None, "statistics", features="test_631a.py"),
            "statistics@no_shoe_batch": Run("tests.games.capability_games:no_shoe_batch", None, "statistics",
                                            features="test_631a.py")}
    for (profile,) in OTHER_PROFILES:
        # not the shuffle: the same seeds and decks deal the same shoes under every 8-deck profile
        runs[f"statistics@{profile}"] = Run(REF, profile, "statistics", keyword=f"not {SHUFFLE}",
                                            features="test_631a.py")
    # a game refusing the Dragon Bonus over $25, under limits of $5 to $25 on it: staked within them
    runs["statistics@dragon_bonus_limits"] = Run("tests.games.broken_games_statistics:refuses_dragon_bonus_over_twenty_five",
                                                 dragon_bonus_limits, "statistics", keyword=RETURNS,
                                                 features="test_631a.py")
    return runs


def dragon_bonus_limits(where: Path) -> str:
    """baccarat with ``[limits.dragon_bonus]`` of $5 to $25; its path."""
    profile = where / "limits.toml"
    profile.write_text((resources.files("baccarat_conformance.profiles") / "baccarat.toml").read_text(encoding="utf-8")
                       + '\n[limits.dragon_bonus]\nmin = "5.00"\nmax = "25.00"\n', encoding="utf-8")
    return str(profile)


def _bite(part: int) -> dict[str, Run]:
    """tests/proofs/test_properties_bite.py: each broken game of half ``part`` (0, 1) of CASES,
    in their order, on the property scenario it must fail (``-m property -k SCENARIO``, the
    case's ``--profile``): two batches of about half a minute (the state machine's shrinks most),
    played side by side under xdist."""
    from tests.proofs.test_properties_bite import CASES

    runs = {}
    for c in CASES[part::2]:
        extra, profile = list(c.args), None
        if "--profile" in extra:
            profile = extra.pop(extra.index("--profile") + 1)
            extra.remove("--profile")
        if extra:
            raise ValueError(f"{c.name}: arguments tests/proofs/reference_runs.py does not know: {extra}")
        runs[f"bite@{c.name}"] = Run(c.game, profile, "property", keyword=c.scenario)
    return runs


def _bite_replays() -> dict[str, Replay]:
    """tests/proofs/test_properties_bite.py: the replay of each run of the batches "bite" and
    "bite-2" but SHELL_REPLAY's (run in a shell, as printed)."""
    from tests.proofs.test_properties_bite import CASES, SHELL_REPLAY

    return {f"bite-replay@{c.name}": Replay(f"bite@{c.name}") for c in CASES if c != SHELL_REPLAY}


def _game_math() -> str:
    from tests.proofs.test_broken_par_sheet import GAME_MATH

    return GAME_MATH


#: The property scenarios of dealing alone (the order of the cards, the third cards, the
#: cover card): what they judge reads no wager, paytable, progressive or settlement choice
#: of a profile or a game, only its decks. The reference game plays them under baccarat
#: (8 decks) and full_table in the batches "631a" and "capabilities", and under a 6-deck
#: profile in "properties"; the runs of the side-wager and EZ Baccarat profiles and of the
#: vigorish variants leave them out (3 to 4 s a run).
DEALING_PROPERTIES = "property and (631a.9 or 631a.10 or 631a.11)"
NOT_DEALING_PROPERTIES = f"not ({DEALING_PROPERTIES})"

#: batch name -> (process arguments, depth, the runs by name)
BATCHES: dict[str, tuple[tuple[str, ...], str, Callable[[], dict[str, Run | Replay]]]] = {
    "capabilities": (("-p", "tests.proofs.capability_recorder"), "smoke", _capabilities),
    # tests/proofs/test_broken_631a.py: the whole suite under each example profile of Chapter 631a
    # (the property scenarios under the default profile only); tests/proofs/test_broken_sidewagers.py
    # reads its Lucky Nines "not offered" from the one under baccarat
    "631a": ((), "smoke", lambda: {
        "631a@baccarat": Run(REF, "baccarat"),
        **{f"631a@{p}": Run(REF, p, "not property") for p in ("ez_baccarat", "tracked_vigorish", "reveal_d")}}),
    # tests/proofs/test_broken_progressives.py
    "progressives": ((), "smoke", lambda: {
        "progressives@heavenly_9": Run(REF, "heavenly_9", NOT_DEALING_PROPERTIES),
        "progressives@midibaccarat": Run(REF, "midibaccarat_progressives", NOT_DEALING_PROPERTIES,
                                         include_expired=True),
        "progressives@minibaccarat": Run(REF, "minibaccarat_royal_9", NOT_DEALING_PROPERTIES, include_expired=True),
        "progressives@minibaccarat_royal_9_mystery": Run(REF, "minibaccarat_royal_9_mystery", "627b.3",
                                                         include_expired=True)}),
    # tests/proofs/test_broken_phoenix.py: every Rising Phoenix and Golden Talons profile, and the
    # Golden Talons paytables D and E (which change only § 629b.6's scenarios)
    "phoenix": ((), "smoke", lambda: {
        **{f"phoenix@{p}": Run(REF, p, NOT_DEALING_PROPERTIES, include_expired=True)
           for p in ("rising_phoenix", "rising_phoenix_commission_free", "midibaccarat_golden_talons")},
        **{f"phoenix@golden_talons_{x}": Run(REF, lambda where, x=x: golden_talons_paytable(where, x), "629b.6",
                                             include_expired=True) for x in "DE"}}),
    "sidewagers": ((), "smoke", _sidewagers),
    "variants": ((), "smoke", lambda: _variants(0)),
    "variants-2": ((), "smoke", lambda: _variants(1)),
    "statistics": ((), "smoke", _statistics),
    "statistics-standard": ((), "standard", lambda: {
        "statistics-standard@baccarat": Run(REF, None, "statistics", features="test_631a.py")}),
    # tests/proofs/test_properties_bite.py: the property scenarios under other profiles, and the
    # settlement properties at the variants they do not govern (never "not verified")
    "properties": ((), "smoke", lambda: {
        "properties@ez_baccarat": Run(REF, "ez_baccarat", f"property and {NOT_DEALING_PROPERTIES}"),
        "properties@baccarat_tracked_vigorish": Run(REF, "baccarat_tracked_vigorish", "property"),  # 6 decks
        **{f"settlement-properties@{p}": Run(REF, p, "property and (631a.8 or 631a.12 or 631a.13 or 631a.15)")
           for p in ("commission_free", "midibaccarat", "rising_phoenix")}}),
    # tests/proofs/test_properties_bite.py: the broken games of its CASES, each on the property
    # scenario that must find its fault; then the replay command printed in each failure, at the
    # depth it implies (it gives none: the option's default)
    "bite": ((), "smoke", lambda: _bite(0)),
    "bite-2": ((), "smoke", lambda: _bite(1)),
    "bite-replays": (REPLAY_ARGS, "standard", _bite_replays),
    # tests/proofs/test_broken_par_sheet.py and tests/proofs/test_table_limit_examples.py
    "math-and-limits": ((), "smoke", lambda: {
        **{f"game_math@{p}": Run(REF, p, keyword=_game_math()) for p in ("full_table", "ez_baccarat", "commission_free")},
        "limits@baccarat_tracked_vigorish": Run(REF, "baccarat_tracked_vigorish", "631a.13.c")}),
}

#: Seconds a batch may take (a loaded machine: three times an idle one, and more).
TIMEOUT = 1800


def _batch_of(name: str) -> str:
    for batch, (_, _, runs) in BATCHES.items():
        if name in runs():
            return batch
    raise KeyError(f"no batch plays the run {name!r}")


def play(name: str, root: Path) -> SuiteRun:
    """The results of the run ``name``, its batch played under ``root`` (a folder every
    xdist worker of the session shares) unless it has been already.

    The run's ``output`` is its batch's (every run's); :attr:`SuiteRun.name` is not set:
    use ``name`` in messages.

    :raises KeyError: no batch holds ``name``."""
    batch = _batch_of(name)
    where = root / batch
    done = where / "runs.json"
    where.mkdir(parents=True, exist_ok=True)
    with open(root / f"{batch}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker playing it: wait, then read its results
        try:
            if not done.exists():
                args, depth, runs = BATCHES[batch]
                (where / "capabilities").mkdir(exist_ok=True)
                selections, unplayable = {}, {}
                for n, r in runs().items():
                    try:
                        selections[n] = r.selection(where)
                    except Unplayable as e:
                        unplayable[n] = str(e)
                played = run_suites(where / "suite", args, list(selections.values()), depth=depth,
                                    timeout=TIMEOUT) if selections else []
                data = {"output": played[0].output if played else "",
                        "runs": {**{n: {"returncode": r.returncode, "results": r.results}
                                    for n, r in zip(selections, played)},
                                 **{n: {"returncode": 5, "results": [], "unplayable": why}
                                    for n, why in unplayable.items()}}}
                write_atomic(done, json.dumps(data))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    data = json.loads(done.read_text(encoding="utf-8"))
    if name not in data["runs"]:
        raise KeyError(f"the batch {batch} holds no run {name!r}")
    run = data["runs"][name]
    output = f"not played: {run['unplayable']}" if "unplayable" in run else data["output"]
    return SuiteRun(run["returncode"], run["results"], f"[{name}: one run of the batch {batch}]\n{output}")


def capability_log(name: str, root: Path) -> Path:
    """The capability log of the run ``name`` of the batch "capabilities" (after :func:`play`)."""
    return root / _batch_of(name) / "capabilities" / f"{name.split('@')[1]}.jsonl"

