"""The options of a conformance run, declared once.

:data:`OPTIONS` is the one table of the options that reach pytest. From it are made
the pytest options (:func:`add_pytest_options`, group "baccarat-conformance"), the flags
of ``baccarat-conformance run`` (:func:`add_run_arguments`), and the translation of
those flags back into pytest arguments (:func:`pytest_args`). Options of one adapter
(``--url``, ``--port``...) are declared by the adapter itself (``add_options``); options
of ``run`` that never reach pytest (``--out``, ``--no-html``, ``--progress``) by the CLI.

Where an option is declared (:attr:`Option.scope`):

``both``     a pytest option and a ``run`` flag, passed on unchanged;
``pytest``   a pytest option that ``run`` sets itself (from ``--out``);
``run``      a ``run`` flag passed on to an option declared elsewhere: ``--game`` (the
             library adapter's), ``-n`` (pytest-xdist's), and pytest's own common flags
             ``-m``, ``-k``, ``-x``, ``--lf``, ``--maxfail``, ``--tb``, ``-v``, ``-q``
             (:data:`PYTEST_FLAGS`; any other pytest option goes after ``--``).

Values stay strings in pytest's options (pytest-xdist sends them to its workers); a
path given to ``run`` is made absolute before it is passed on.
"""

from __future__ import annotations

import argparse
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Callable, Literal, Optional

from baccarat_conformance.util.dates import parse_date

__all__ = ["Option", "OPTIONS", "PYTEST_FLAGS", "add_pytest_options", "add_run_arguments", "pytest_args", "date_arg",
           "rounds_arg", "as_of_date", "add_adapter_arguments", "adapter_pytest_args", "workers_count",
           "check_workers", "readings_arg", "stricter_readings"]


def date_arg(value: str) -> str:
    """Type of a ``YYYY-MM-DD`` option: ``value`` unchanged when it is a date.

    :raises argparse.ArgumentTypeError: ``expected a date YYYY-MM-DD, got 'x'`` (a usage
        error in pytest and in the CLI).
    """
    try:
        parse_date(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return value


def rounds_arg(value: str) -> int:
    """Type of ``--stats-rounds``: a whole number of rounds from 1 to 10^10, written
    ``10000000`` or ``1e7``.

    :raises argparse.ArgumentTypeError: naming the value (a usage error in pytest and in the CLI).
    """
    try:
        n = Decimal(str(value).strip())
    except InvalidOperation:
        n = Decimal("NaN")
    if not n.is_finite() or n != n.to_integral_value() or not 1 <= n <= 10**10:
        raise argparse.ArgumentTypeError(f"expected a whole number of rounds from 1 to 1e10 (e.g. 1e7), "
                                         f"got {value!r}")
    return int(n)


def readings_arg(value: str) -> str:
    """Type of ``--stricter-readings``: ``value`` unchanged when it is a comma-separated list
    of names of stricter interpretations of the corpus (``stricter = true`` in
    ``corpus/interpretations.toml``: ``mystery-hit-value-uniform``).

    :raises argparse.ArgumentTypeError: naming the unknown names and the known ones (a
        usage error in pytest and in the CLI).
    """
    from baccarat_conformance.corpus import load_corpus

    known = sorted(i.name for i in load_corpus().interpretations if i.stricter)
    names = [n.strip() for n in str(value).split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"expected stricter readings among {', '.join(known)}, "
                                         f"got {', '.join(unknown) or repr(value)}")
    return value


def stricter_readings(value: Optional[str]) -> frozenset[str]:
    """The names of the stricter readings ``--stricter-readings`` turned on (empty: none)."""
    return frozenset(n.strip() for n in (value or "").split(",") if n.strip())


def as_of_date(value: Optional[str]) -> dt.date:
    """The date of ``--as-of``: ``value`` (``YYYY-MM-DD``), or today when empty.

    :raises ValueError: naming the value, when it is not a date.
    """
    return parse_date(value) if value else dt.date.today()


@dataclass(frozen=True)
class Option:
    """One option: its flags (``("-n", "--workers")``; the last one names it), its
    help, and argparse's ``default``, ``choices``, ``metavar`` and ``type``.

    ``switch``: a flag without a value (``store_true``); ``count``: a flag without a
    value that may be repeated (``-v -v``), passed on as often as it is given; ``path``: a file, a ``Path`` in
    the CLI, made absolute before it is passed to pytest; ``scope``: see the module
    docstring; ``pytest_flag``: the pytest option a ``run`` flag is passed to, when it
    is not the same flag (``-n`` for ``--workers``).
    """

    flags: tuple[str, ...]
    help: str
    default: Any = None
    choices: Optional[tuple[str, ...]] = None
    metavar: Optional[str] = None
    type: Optional[Callable[[str], Any]] = None
    switch: bool = False
    count: bool = False
    path: bool = False
    scope: Literal["both", "pytest", "run"] = "both"
    pytest_flag: Optional[str] = None

    @property
    def dest(self) -> str:
        """The attribute of the parsed options (``as_of`` for ``--as-of``)."""
        return self.flags[-1].lstrip("-").replace("-", "_")

    def argparse_kwargs(self, *, cli: bool) -> dict[str, Any]:
        named = {"dest": self.dest} if cli else {}  # argparse would name --lf, --last-failed "lf"
        if self.switch:
            return {"action": "store_true", "default": False, "help": self.help, **named}
        if self.count:
            return {"action": "count", "default": 0, "help": self.help, **named}
        kwargs: dict[str, Any] = {"default": self.default, "help": self.help, **named}
        if self.choices is not None:
            kwargs["choices"] = list(self.choices)
        if self.metavar is not None:
            kwargs["metavar"] = self.metavar
        if self.type is not None:
            kwargs["type"] = self.type
        elif self.path and cli:
            kwargs["type"] = Path
        return kwargs


OPTIONS: tuple[Option, ...] = (
    Option(("--adapter",), "adapter plugin to reach the game (default: library)", default="library",
           metavar="NAME"),
    Option(("--game",), "library adapter: MODULE:FACTORY of the game (default: the reference game)",
           metavar="MODULE:FACTORY", scope="run"),
    Option(("--profile",), "Rules Submission profile: a TOML path or a bundled name (default: baccarat)",
           metavar="PATH|NAME"),
    Option(("--depth",), "rounds played by generated, exhaustive and statistics scenarios (default: standard; "
                         "lab: the statistics deal more than 10^6 rounds)",
           default="standard", choices=("smoke", "standard", "exhaustive", "lab")),
    Option(("--cluster",), "run the statistics' simulation chunks on the Dask scheduler at ADDRESS "
                           "(tcp://host:PORT), or the one whose scheduler file (dask scheduler --scheduler-file "
                           "FILE.json) is given, checked to be the one answering there (needs the extra "
                           "[cluster]); default: local processes",
           metavar="ADDRESS|FILE.json"),
    Option(("--stats-rounds",), "rounds the statistics deal, at least (e.g. 1e7 on a --cluster), instead of the "
                                "played shoes of --depth (the shuffled shoes stay those of --depth)",
           metavar="N", type=rounds_arg),
    Option(("--stats-seed",), "seed of the statistics' shoes (each chunk's shoes are seeded from it; default 1)",
           default="1", metavar="N", type=int),
    Option(("--stats-budget",), "seconds each statistics simulation may take over an adapter's one connection "
                                "(serial): it deals the shoes the line rate allows in them (default by --depth: "
                                "smoke 1200, standard 3600, lab 21600); fewer shoes than smoke depth are not verified",
           metavar="SECONDS", type=float),
    Option(("--as-of",), "evaluate the regulations as of this date (default: today)", metavar="YYYY-MM-DD",
           type=date_arg),
    Option(("--include-expired",), "test clauses of temporary regulations even after they expired",
           switch=True),
    Option(("--stricter-readings",), "apply these stricter readings than the text requires, by interpretation "
                                     "name, comma-separated (mystery-hit-value-uniform); off by default, shown "
                                     "in the matrix either way", metavar="NAMES", type=readings_arg),
    Option(("--attestations",), "manual inspection attestations (TOML), validated before the run",
           metavar="FILE", path=True),
    Option(("--waivers",), "waivers of accepted deviations (TOML), validated before the run", metavar="FILE",
           path=True),
    Option(("--allow-pending",), "in the matrix verdict, manual clauses pending attestation and clauses without "
                                 "a disposition do not make the run incomplete (exit status 4); they stay in "
                                 "the matrix", switch=True),
    Option(("--results-log",), "append one JSON line per scenario to PATH (input of the clause matrix)",
           metavar="PATH", scope="pytest"),
    Option(("--matrix-dir",), "write the clause matrix (HTML, CSV, JSON) and session.json into DIR at the end "
                              "of the session", metavar="DIR", scope="pytest"),
    Option(("--allure-report",), "link from the matrix to the Allure report (default: allure-report/index.html, "
                                 "relative to the matrix folder)", default="allure-report/index.html",
           metavar="URL", scope="pytest"),
    Option(("-n", "--workers"), "pytest-xdist workers (e.g. auto)", scope="run", pytest_flag="-n"),
    Option(("-m",), "only the scenarios whose markers match EXPR, as pytest's -m: a clause (631a.11), a "
                    "chapter (629b), property, statistics, game_math, 'not statistics'", metavar="EXPR",
           scope="run"),
    Option(("-k",), "only the scenarios whose names match EXPR, as pytest's -k", metavar="EXPR", scope="run"),
    Option(("-x", "--exitfirst"), "stop at the first failed scenario, as pytest's -x (the clauses not reached are "
                                  "not run)", switch=True, scope="run", pytest_flag="-x"),
    Option(("--lf", "--last-failed"), "run only the scenarios that failed in the last run into the same --out, as "
                                      "pytest's --lf (all of them when none failed)", switch=True, scope="run",
           pytest_flag="--lf"),
    Option(("--maxfail",), "stop after N failed scenarios, as pytest's --maxfail", metavar="N", type=int,
           scope="run"),
    Option(("--tb",), "pytest's traceback style; given, the tracebacks are also shown on the console (by default "
                      "they stay in OUT/pytest.log, each failure shown as its finding)",
           choices=("auto", "long", "short", "line", "native", "no"), scope="run"),
    Option(("-v", "--verbose"), "one line per scenario in pytest's output, as pytest's -v (repeatable)",
           count=True, scope="run", pytest_flag="-v"),
    Option(("-q", "--quiet"), "less of pytest's output, as pytest's -q (repeatable)", count=True, scope="run",
           pytest_flag="-q"),
)
"""Every option of a conformance run that reaches pytest."""

PYTEST_FLAGS = tuple(opt.flags[0] for opt in OPTIONS if opt.scope == "run" and opt.dest not in ("game", "workers"))
"""pytest's own flags that ``run`` takes before ``--`` (``-m``, ``-k``, ``-x``, ``--lf``...)."""


def add_pytest_options(group: Any) -> None:
    """Declare the pytest options of :data:`OPTIONS` on ``group`` (a pytest OptionGroup)."""
    for opt in OPTIONS:
        if opt.scope != "run":
            group.addoption(*opt.flags, **opt.argparse_kwargs(cli=False))


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the ``run`` flags of :data:`OPTIONS` on ``parser``."""
    for opt in OPTIONS:
        if opt.scope != "pytest":
            parser.add_argument(*opt.flags, **opt.argparse_kwargs(cli=True))


def pytest_args(args: argparse.Namespace) -> list[str]:
    """The pytest arguments of the ``run`` flags set in ``args`` (a flag left at
    None or off is not passed)."""
    out: list[str] = []
    for opt in OPTIONS:
        if opt.scope == "pytest":
            continue
        value = getattr(args, opt.dest, None)
        flag = opt.pytest_flag or opt.flags[-1]
        if opt.switch:
            out += [flag] if value else []
        elif opt.count:
            out += [flag] * int(value or 0)
        elif value is not None and value != "":
            out += [flag, str(Path(value).resolve()) if opt.path else str(value)]
    return out


# ------------------------------------------------------------------ the adapters' own options
ADAPTER_FLAGS_KEY = "_adapter_flags"
"""The attribute of the parsed ``run`` arguments that lists the adapters' flags: (dest, flag, switch)."""


class _RunGroup:
    """Stands for a pytest OptionGroup in an adapter's ``add_options``: each
    ``addoption`` becomes a ``run`` flag that is passed on to pytest only when given
    (``default=SUPPRESS``; pytest applies the adapter's own default)."""

    def __init__(self, parser: argparse.ArgumentParser, taken: set[str]):
        self.parser = parser
        self.taken = taken
        self.flags: list[tuple[str, str, bool]] = []

    def addoption(self, *flags: str, **kwargs: Any) -> None:
        if any(f in self.taken for f in flags):  # declared by the table or by another adapter
            return
        switch = kwargs.get("action") in ("store_true", "store_false")
        kept = {k: v for k, v in kwargs.items() if k in ("action", "choices", "metavar", "type", "help")}
        action = self.parser.add_argument(*flags, default=argparse.SUPPRESS, **kept)
        self.taken.update(flags)
        self.flags.append((action.dest, flags[-1], switch))


def add_adapter_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare on the ``run`` parser the options every installed adapter declares
    (``--url``, ``--port``, ``--baud``...; a vendor's plugin too), so that they are
    accepted before ``--`` as well as after it. An adapter that fails to load adds none
    (the run reports it when it is selected)."""
    from baccarat_conformance.adapters import available_adapters

    taken = {s for a in parser._actions for s in a.option_strings}  # noqa: SLF001 (argparse has no public list)
    group = _RunGroup(parser.add_argument_group("adapter options (also accepted after --)"), taken)
    for _name, ep in sorted(available_adapters().items()):
        try:
            ep.load().add_options(group)  # type: ignore[attr-defined]
        except Exception:
            continue
    parser.set_defaults(**{ADAPTER_FLAGS_KEY: group.flags})


def adapter_pytest_args(args: argparse.Namespace) -> list[str]:
    """The pytest arguments of the adapters' options given to ``run`` (in ``args``)."""
    out: list[str] = []
    for dest, flag, switch in getattr(args, ADAPTER_FLAGS_KEY, ()):
        if not hasattr(args, dest):
            continue
        value = getattr(args, dest)
        if switch:
            out += [flag] if value else []
        else:
            out += [flag, str(value)]
    return out


# ------------------------------------------------------------------ -n, checked before the run
def workers_count(spec: str) -> int:
    """The pytest-xdist workers ``-n spec`` starts: ``"0"`` none, ``"2"`` two, ``"auto"``
    and ``"logical"`` one per CPU (at least 1).

    :raises ConfigurationError: naming ``spec`` when it is none of these.
    """
    import os

    from baccarat_conformance.judging.errors import ConfigurationError

    if spec in ("auto", "logical"):
        return os.cpu_count() or 1
    if not spec.isascii() or not spec.isdigit():
        raise ConfigurationError(f"-n {spec!r}: expected a number of pytest-xdist workers, auto or logical")
    return int(spec)


def check_workers(args: argparse.Namespace) -> None:
    """``run -n N``, before anything is deleted or started: pytest-xdist, whose option it
    is, must be installed (a dependency of the harness: an installation without it is
    incomplete), and the adapter must accept N workers
    (:meth:`~baccarat_conformance.adapters.base.GameAdapter.check_workers`: a serial
    device talks to one host).

    :raises ConfigurationError: naming the missing plugin, or with the adapter's refusal.
    """
    from baccarat_conformance.adapters import load_adapter_class
    from baccarat_conformance.judging.errors import ConfigurationError

    spec = getattr(args, "workers", None)
    if spec is None or spec == "":
        return
    try:
        import xdist  # noqa: F401
    except ImportError:
        raise ConfigurationError(f"-n {spec}: the workers of -n are the pytest-xdist plugin's, and pytest-xdist is "
                                 f"not installed: pip install 'pytest-xdist>=3.5' (a dependency of "
                                 f"baccarat-conformance: this installation is incomplete), or run without -n") from None
    load_adapter_class(args.adapter).check_workers(workers_count(spec))
