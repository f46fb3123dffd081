"""Running hypothesis properties as conformance scenarios (the runner of the property
steps in steps/properties.py and steps/shoe_machine.py; not a step module itself).

A property scenario's last step hands a strategy and a check to
:meth:`PropertyRun.check` (or a state machine to :meth:`PropertyRun.machine`); the
run generates examples, plays each through the adapter, shrinks a failure to a
minimal example, and reports it under the clause it breaks: the
:class:`PropertyFalsified` message names the clause, the cards of the failing round,
what the regulation requires, what the game did, the shrunk shoe (its cards when it is
short; a whole shoe is only attached), and a one-line command that replays that very
example. The same is attached to the scenario's Allure result ("falsifying example",
"shrunk shoe", "replay command"), and the failing clause is added to the result as a
story. A run counts the rounds its examples dealt in the scenario's judgement ledger
(:mod:`baccarat_conformance.judging.judgements`).

Settings profiles (``--hypothesis-profile``, the hypothesis plugin's own option):

``ci`` (the default for property scenarios)
    derandomized (the same examples every run, per scenario), no example database,
    a small bounded number of examples per property: the property scenarios
    together take seconds over the library adapter.
``lab``
    random, 40 times the examples and longer state-machine runs, with an example
    database (``--property-database``; default ``baccarat-conformance`` in the folder
    hypothesis keeps its files in, see below, when that is the run's output folder,
    else ``.hypothesis/baccarat-conformance``) so a failure found once is tried first
    in every later run.
any other registered profile
    used as it is (its ``max_examples``), with no deadline.

Replay options:

``--replay-example KEY=VERSION:BLOB``
    run the property scenario whose key (its test function name) is KEY on exactly
    one example: the ``@reproduce_failure`` blob hypothesis printed for it
    (hypothesis VERSION must match). The failure message prints this option. A game
    that passes that example (one that was fixed, or the reference game) passes the
    scenario on it (``baccarat-conformance replay`` relies on this).
``--hypothesis-seed N``
    search again from seed N (overrides ``ci``'s derandomization).

Where hypothesis keeps its files (its caches; :func:`baccarat_conformance.run.hypothesis_home.place_hypothesis_storage`): in a
run of the conformance suite alone, not in the working directory but in
``--matrix-dir``'s folder (``baccarat-conformance run``: ``OUT/.hypothesis``), else
``--results-log``'s folder, else a temporary folder removed at the end;
``HYPOTHESIS_STORAGE_DIRECTORY`` wins, and a session that also runs other tests is left
alone.

The database key of each scenario is its key, so scenarios never read or write
each other's examples; the directory database writes atomically, so it is safe
under pytest-xdist.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis.database import DirectoryBasedExampleDatabase
from hypothesis.errors import DidNotReproduce

from baccarat_conformance.judging.errors import AdapterError, CapabilityMissing, Nonconformance
from baccarat_conformance.judging.judgements import judged

__all__ = ["PROFILES", "PropertyFalsified", "PropertyRun", "Recorder", "add_options", "default_database"]

REPLAY_OPTION = "--replay-example"
DATABASE_OPTION = "--property-database"
PROFILE_OPTION = "--hypothesis-profile"
SEED_OPTION = "--hypothesis-seed"
DEFAULT_DATABASE = ".hypothesis/baccarat-conformance"
LAB_FACTOR = 40
LAB_STEP_FACTOR = 4

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
          HealthCheck.filter_too_much]

CI = settings(
    derandomize=True, database=None, deadline=None, print_blob=True, report_multiple_bugs=False,
    suppress_health_check=_QUIET, max_examples=50, stateful_step_count=30, verbosity=Verbosity.quiet,
    phases=(Phase.explicit, Phase.generate, Phase.shrink),
)
"""Derandomized and bounded: the settings of CI runs."""

LAB = settings(
    derandomize=False, deadline=None, print_blob=True, report_multiple_bugs=False,
    suppress_health_check=_QUIET, max_examples=50 * LAB_FACTOR, stateful_step_count=30 * LAB_STEP_FACTOR,
    verbosity=Verbosity.quiet, phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
)
"""Long random runs with an example database: the settings of lab runs."""

PROFILES = {"ci": CI, "lab": LAB}

# `--hypothesis-profile lab` must name a registered profile for the hypothesis plugin;
# "ci" is hypothesis' own built-in name and is left as it is (property scenarios use CI above).
settings.register_profile("lab", LAB)


def add_options(parser: Any) -> None:
    """Declare the replay and database options (called from a ``pytest_addoption`` hook)."""
    group = parser.getgroup("baccarat-conformance")
    group.addoption(REPLAY_OPTION, action="append", default=[], metavar="KEY=VERSION:BLOB",
                    help="property scenarios: replay exactly the example of a failure report "
                         "(printed in the failure message)")
    group.addoption(DATABASE_OPTION, default=None, metavar="DIR",
                    help=f"property scenarios, profile lab: the hypothesis example database (default: "
                         f"baccarat-conformance in the folder of --matrix-dir or --results-log, else "
                         f"{DEFAULT_DATABASE})")


def default_database(config: Any) -> str:
    """The lab profile's example database when ``--property-database`` is not given:
    ``baccarat-conformance`` in the run's output folder when hypothesis' files were
    placed there, else :data:`DEFAULT_DATABASE`."""
    from baccarat_conformance.run.hypothesis_home import placed_home

    placed = placed_home(config)
    if placed and not placed[1]:
        return str(placed[0] / "baccarat-conformance")
    return DEFAULT_DATABASE


# ------------------------------------------------------------------ evidence
@dataclass
class Recorder:
    """What one example did, for the failure report: the example's inputs, the
    dealing shoe(s), each round record and a log of steps. Reset at the start of
    every example; after a failure it holds the final, shrunk, failing example
    (hypothesis replays the minimal example last)."""

    examples: int = 0
    played: int = 0
    first_failure: Optional[int] = None
    failures: int = 0
    coverage: dict[str, int] = field(default_factory=dict)
    inputs: dict = field(default_factory=dict)
    shoes: list[list[str]] = field(default_factory=list)
    rounds: list[Any] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def begin(self, inputs: Optional[dict] = None) -> None:
        self.examples += 1
        self.inputs = dict(inputs or {})
        self.shoes, self.rounds, self.steps = [], [], []

    def failed(self) -> None:
        """Count a failing run (the first one found, then the shrinker's)."""
        self.failures += 1
        if self.first_failure is None:
            self.first_failure = self.examples

    def note(self, what: str) -> None:
        """Count ``what`` (a state or outcome reached) over the whole run, for the
        statistics: evidence that the search reached the states that matter."""
        self.coverage[what] = self.coverage.get(what, 0) + 1

    def shoe(self, cards: Sequence[str]) -> None:
        self.shoes.append(list(cards))

    def round(self, record: Any) -> None:
        self.rounds.append(record)
        self.played += 1

    def step(self, text: str) -> None:
        self.steps.append(text)

    @property
    def last_shoe(self) -> list[str]:
        return self.shoes[-1] if self.shoes else []

    def as_json(self) -> dict:
        def dump(x: Any) -> Any:
            return x.model_dump(mode="json") if hasattr(x, "model_dump") else x
        return {
            "inputs": {k: _plain(v) for k, v in self.inputs.items()},
            "shoes": [{"card_count": len(s), "cards": " ".join(s)} for s in self.shoes],
            "steps": self.steps,
            "rounds": [dump(r) for r in self.rounds[-5:]],
        }


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(getattr(value, k)) for k in value.__dataclass_fields__}
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


class PropertyFalsified(Nonconformance):
    """A property scenario found a game behaviour that breaks a clause.

    Carries the :class:`Nonconformance` fields plus ``shoe`` (the shrunk dealing
    shoe of the failing example), ``replay`` (a one-line shell command that replays
    exactly that example) and ``search`` (a command that reruns the search, or
    None). The message ends with them.
    """

    def __init__(self, cause: Nonconformance, *, shoe: Sequence[str], replay: str, search: Optional[str],
                 examples: int, found_at: Optional[int] = None, extra: Sequence[str] = ()):
        self.shoe = list(shoe)
        self.replay = replay
        self.search = search
        self.examples = examples
        found = f"found at example {found_at}, shrunk in {examples - found_at} more runs" if found_at else \
            f"{examples} runs"
        if len(self.shoe) > SHOE_SHOWN:  # a whole shoe: the failing round (the cards above), the shoe attached
            shoe_line = f"shrunk shoe: {len(self.shoe)} cards, attached as \"shrunk shoe\""
        else:
            shoe_line = f"shrunk shoe ({len(self.shoe)} cards): {' '.join(self.shoe) or '(none)'}"
        lines = [f"falsified ({found}); {shoe_line}", *extra, f"replay: {replay}"]
        if search:
            lines.append(f"search again: {search}")
        super().__init__(cause.clause, cause.required, cause.observed, cause.cards, detail="")
        self.args = (str(cause) + "\n  " + "\n  ".join(lines),)

    def __str__(self) -> str:
        return self.args[0]


# ------------------------------------------------------------------ the run
#: A shrunk shoe longer than this is not printed in the failure message (the failing
#: round's cards are): it is attached to the scenario's Allure result as "shrunk shoe".
SHOE_SHOWN = 24

_BLOB = re.compile(r"@reproduce_failure\((['\"])([^'\"]+)\1, b(['\"])([A-Za-z0-9+/=]+)\3\)")


@dataclass
class Stats:
    """How a property run went: examples played, seconds, examples per second."""

    examples: int
    seconds: float
    adapter: str
    coverage: dict[str, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.examples / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict:
        return {"examples": self.examples, "seconds": round(self.seconds, 3),
                "examples_per_second": round(self.rate, 1), "adapter": self.adapter,
                "coverage": dict(sorted(self.coverage.items()))}


class PropertyRun:
    """Runs the property of one scenario under the selected settings profile.

    :param request: the scenario's pytest ``FixtureRequest``.
    :param clause: the scenario's clause id (the ``clause`` fixture), used when a
        failure is not a :class:`Nonconformance` naming a more precise clause.
    :param adapter: the adapter's name, for the statistics.
    """

    def __init__(self, request: Any, clause: str, adapter: str = "?"):
        self.request = request
        self.config = request.config
        self.item = request.node
        self.key: str = getattr(self.item, "originalname", None) or self.item.name
        self.clause = clause
        self.adapter = adapter
        self.profile_name: str = self.config.getoption(PROFILE_OPTION, None) or "ci"
        self.recorder = Recorder()

    # -------------------------------------------------------------- settings
    def settings(self, examples: int, steps: Optional[int] = None) -> settings:
        """The settings for a property worth ``examples`` examples under ``ci``
        (and ``steps`` state-machine steps), scaled to the selected profile."""
        name = self.profile_name
        if name == "ci":
            return settings(CI, max_examples=examples, stateful_step_count=steps or CI.stateful_step_count)
        if name == "lab":
            db = DirectoryBasedExampleDatabase(self.config.getoption(DATABASE_OPTION, None)
                                               or default_database(self.config))
            return settings(LAB, max_examples=examples * LAB_FACTOR, database=db,
                            stateful_step_count=(steps or CI.stateful_step_count) * LAB_STEP_FACTOR)
        base = settings.get_profile(name)
        return settings(base, deadline=None, print_blob=True, report_multiple_bugs=False,
                        suppress_health_check=list(base.suppress_health_check) + _QUIET)

    def _pin(self, target: Any) -> Any:
        """Apply ``--replay-example`` (for this scenario) or ``--hypothesis-seed``."""
        rest = self._replay_token()
        if rest is not None:
            version, sep, blob = rest.partition(":")
            if not sep or not blob:
                raise ValueError(f"{REPLAY_OPTION} {self.key}={rest!r}: expected KEY=VERSION:BLOB")
            return hypothesis.reproduce_failure(version, blob.encode())(target)
        forced = self.config.getoption(SEED_OPTION, None)
        if forced is not None:
            try:
                forced = int(forced)
            except ValueError:
                pass
            return seed(forced)(target)
        return target

    def _replay_token(self) -> Optional[str]:
        """The VERSION:BLOB of ``--replay-example`` for this scenario, if given."""
        for token in self.config.getoption(REPLAY_OPTION, None) or []:
            key, _, rest = token.partition("=")
            if key == self.key:
                return rest
        return None

    def _digest(self) -> bytes:
        return f"baccarat-conformance::{self.key}".encode()

    # -------------------------------------------------------------- entry points
    def check(self, strategies: dict[str, Any], body: Callable[..., None], *, examples: int) -> Stats:
        """Check ``body(recorder, **example)`` on examples drawn from ``strategies``
        (name -> strategy). ``body`` plays the example through the adapter and raises
        :class:`Nonconformance` on a violation.

        :raises PropertyFalsified: with the shrunk example and its replay command.
        """
        __tracebackhide__ = True
        recorder = self.recorder

        def prop(**example: Any) -> None:
            recorder.begin(example)
            try:
                body(recorder, **example)
            except BaseException:
                recorder.failed()
                raise

        test = self.settings(examples)(given(**strategies)(prop))
        test.hypothesis.inner_test._hypothesis_internal_add_digest = self._digest()
        test = self._pin(test)
        return self._execute(test)

    def machine(self, factory: Any, *, examples: int, steps: int) -> Stats:
        """Run the :class:`hypothesis.stateful.RuleBasedStateMachine` class
        ``factory`` (its instances record into :attr:`recorder`).

        :raises PropertyFalsified: with the shrunk program and its replay command.
        """
        __tracebackhide__ = True
        from hypothesis.stateful import run_state_machine_as_test

        factory._hypothesis_internal_add_digest = self._digest()
        factory = self._pin(factory)
        chosen = self.settings(examples, steps)
        return self._execute(lambda: run_state_machine_as_test(factory, settings=chosen))

    # -------------------------------------------------------------- reporting
    def _execute(self, test: Callable[[], None]) -> Stats:
        __tracebackhide__ = True
        start = time.perf_counter()
        try:
            test()
        except CapabilityMissing:  # the game was not asked: nothing was falsified
            raise
        except DidNotReproduce:  # --replay-example: the example was played and this game passed it
            pass
        except BaseException as e:  # noqa: BLE001 - re-raised below, with the report
            self._report_failure(e, getattr(test, "_hypothesis_internal_use_generated_seed", None))
            raise
        rec = self.recorder
        if rec.played:
            judged(rec.played, "rounds checked")
        else:  # a property whose examples deal no round (the shoe itself is judged)
            judged(rec.examples, "examples checked")
        stats = Stats(rec.examples, time.perf_counter() - start, self.adapter, dict(rec.coverage))
        self._attach("property statistics", stats.as_dict())
        self.item.user_properties.append(("property_statistics", stats.as_dict()))
        return stats

    def _report_failure(self, error: BaseException, generated_seed: Optional[int]) -> None:
        __tracebackhide__ = True
        notes = "\n".join(getattr(error, "__notes__", []) or [])
        blob = _BLOB.search(notes)
        token = f"{blob.group(2)}:{blob.group(4)}" if blob else self._replay_token()
        replay = self.command(f"{REPLAY_OPTION}={self.key}={token}") if token else None
        if token:  # for the replay record of the results log (baccarat_conformance.run.replay_record)
            self.item.user_properties.append(("replay_example", f"{self.key}={token}"))
        if generated_seed is not None:
            self.item.user_properties.append(("hypothesis_seed", generated_seed))
        search = None
        if generated_seed is not None:
            search = self.command(f"{SEED_OPTION}={generated_seed}", replay_only=False)
        elif self.profile_name == "ci" and self.config.getoption(SEED_OPTION, None) is None:
            search = self.command(None, replay_only=False)
        rec = self.recorder
        import allure

        self._attach("falsifying example", rec.as_json())
        if rec.last_shoe:
            self._text("shrunk shoe", " ".join(rec.last_shoe) + "\n")
        if replay:
            self._text("replay command", replay + "\n" + (search or ""))
        clause = getattr(error, "clause", None)
        if clause:
            allure.dynamic.story(clause)
            allure.dynamic.label("failed_clause", clause)
        if isinstance(error, Nonconformance) and not isinstance(error, PropertyFalsified):
            extra = []
            if rec.steps:
                extra.append("steps: " + "; ".join(rec.steps[-12:]))
            raise PropertyFalsified(error, shoe=rec.last_shoe, replay=replay or "(no reproduce_failure blob: this "
                                    "settings profile does not print one)", search=search,
                                    examples=rec.examples, found_at=rec.first_failure, extra=extra) from None
        if isinstance(error, (AdapterError, Nonconformance)) and hasattr(error, "add_note"):
            if rec.shoes and len(rec.last_shoe) > SHOE_SHOWN:
                error.add_note(f"shrunk shoe: {len(rec.last_shoe)} cards, attached as \"shrunk shoe\"")
            elif rec.shoes:
                error.add_note(f"shrunk shoe ({len(rec.last_shoe)} cards): {' '.join(rec.last_shoe)}")
            if replay:
                error.add_note(f"replay: {replay}")

    def command(self, extra: Optional[str], *, replay_only: bool = True) -> str:
        """The one-line shell command that runs this scenario alone with the options
        of this run (adapter, its options, profile, settings profile) plus ``extra``."""
        cfg = self.config
        args = [_python(cfg), "-m", "pytest", *self._target()]
        adapter = cfg.getoption("--adapter", None)
        if adapter:
            args += ["--adapter", adapter]
            args += _adapter_options(cfg, adapter)
        profile = cfg.getoption("--profile", None)
        if profile:
            p = Path(profile)
            args += ["--profile", str(p.resolve()) if p.suffix == ".toml" or p.exists() else profile]
        for opt in ("--as-of",):
            value = cfg.getoption(opt, None)
            if value:
                args += [opt, value]
        if cfg.getoption("--include-expired", False):
            args.append("--include-expired")
        args += [PROFILE_OPTION, self.profile_name]
        if extra:
            args.append(extra)
        from baccarat_conformance.adapters.redact import without_url_passwords

        where = str(cfg.invocation_params.dir)
        return without_url_passwords(f"cd {shlex.quote(where)} && " + " ".join(shlex.quote(a) for a in args))

    def _target(self) -> list[str]:
        try:
            import baccarat_conformance.features as features

            base = Path(features.__file__).resolve().parent
            rel = Path(self.item.path).resolve().relative_to(base)
            module = ".".join(("baccarat_conformance.features", *rel.with_suffix("").parts))
            return ["--pyargs", f"{module}::{self.item.name}"]
        except (ValueError, AttributeError, ImportError):
            return [f"{self.item.path}::{self.item.name}"]

    def _attach(self, name: str, data: Any) -> None:
        from baccarat_conformance.reports import evidence

        evidence.attach_json(name, data)

    def _text(self, name: str, text: str) -> None:
        from baccarat_conformance.reports import evidence

        evidence.attach_text(name, text)


def _python(config: Any) -> str:
    exe = Path(sys.executable)
    try:
        return str(exe.relative_to(Path(config.invocation_params.dir)))
    except ValueError:
        return str(exe)


class _OptionRecorder:
    """Stands in for an option group to learn which options an adapter declares."""

    def __init__(self) -> None:
        # not ``options``: an option group's ``options`` are Option objects, which
        # adapters.base.add_bound_options reads to declare a shared option only once
        self.recorded: list[tuple[str, str]] = []

    def addoption(self, *names: str, **kw: Any) -> None:
        dest = kw.get("dest") or names[0].lstrip("-").replace("-", "_")
        self.recorded.append((names[0], dest))

    _addoption = addoption


def _adapter_options(config: Any, adapter: str) -> list[str]:
    """``--option value`` pairs of the selected adapter's own options that are set."""
    from baccarat_conformance.adapters import load_adapter_class

    try:
        cls = load_adapter_class(adapter)
    except Exception:  # the adapter failed to load: nothing to add
        return []
    rec = _OptionRecorder()
    try:
        cls.add_options(rec)
    except Exception:
        return []
    out: list[str] = []
    for name, dest in rec.recorded:
        value = config.getoption(dest, None)
        if value is None or value is False or value == []:
            continue
        if value is True:
            out.append(name)
        elif isinstance(value, list):
            for v in value:
                out += [name, str(v)]
        else:
            out += [name, str(value)]
    return out


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1, default=str)
