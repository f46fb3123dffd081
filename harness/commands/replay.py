"""``baccarat-conformance replay PACKAGE --scenario ID [adapter options] [-- PYTEST_ARGS]``:
run one failed or blocked scenario of a sealed evidence package again, against a game;
``replay PACKAGE --failed``: every one of them, one line each.

The package is checked first (every file against its manifest and the signature,
:func:`baccarat_conformance.reports.package_check.open_package`): a tampered package is
refused with exit status 3, naming the file. How it is signed is said before anything
else (an unsigned package, or one signed by a key not given as ``--pubkey``, is anyone's
to write), and the replay record is validated field by field (:class:`ReplayRecord`)
before any of it reaches pytest, always as ``--option=value``; a game the record names is
imported only from the installed packages, never from the current folder (the user's
``--game`` is imported as ``run`` imports it). The scenario's replay record in the packaged
``run/results.jsonl`` (:mod:`baccarat_conformance.run.replay_record`) gives its pytest node id
and the options it ran with; the packaged profile (``inputs/profile.toml``, whose SHA-256
must be the record's) is written to a temporary folder, and pytest runs exactly that
node with the same ``--profile``, ``--depth``, ``--as-of`` (the date the run evaluated
the regulations on), ``--include-expired``, hypothesis settings profile and seed, and for
a property scenario its shrunk failing example (``--replay-example``). A stacked scenario
stacks the same shoe again (its shoes are in the record, as evidence to compare). The
adapter is the user's (``--adapter``, ``--game``, and the adapter's own options after
``--``), else the run's adapter and ``--game`` as recorded.

PACKAGE may also be a run folder (``baccarat-conformance run --out``) or its
``results.jsonl``: nothing is verified then, and the profile is read where the run read it.

``--scenario`` is a node id, a part of one (a scenario's name), or a clause id: the
failed or blocked scenarios whose failing clause, blocking clause or clause tags match.
When more than one scenario matches, they are listed and nothing runs (exit 3).

Output: the recorded and the replayed outcome, category, failed clause and message, and
whether the replay shows the same failure. Exit status as ``run``'s, for that one
scenario: 0 passed; 1 a nonconformance; 2 a protocol, adapter or harness error; 3 invalid
input (a tampered package, an unknown scenario, a profile that is not the recorded one,
a bad option); 4 the scenario did not run to a verdict (skipped, blocked, not verified,
nothing collected, interrupted).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Iterator, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError

from baccarat_conformance.util.atomic_files import open_fresh, write_atomic

__all__ = ["ReplayError", "Recorded", "ReplayRecord", "add_parser", "load_recorded", "select", "replay_command"]

FEATURES_MODULE = "baccarat_conformance.features"
REPLAY_EPILOG = """\
exit status (as run's, for the one scenario): 0 passed; 1 nonconformance; 2 protocol,
adapter or harness error; 3 invalid input (a tampered package: the file is named; an
unknown or ambiguous --scenario; a profile that is not the recorded one); 4 the scenario
reached no verdict (skipped, blocked, not verified, interrupted)."""


class ReplayError(Exception):
    """The replay cannot start (an unknown scenario, a package without what it needs)."""


# ====================================================================== the replay record's schema
_NAME = r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$"  # a name, never an option (no leading '-')
_DOTTED = r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*"


class _Record(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")


class _RecordedProfile(_Record):
    given: Optional[StrictStr] = None
    source: Optional[StrictStr] = None
    sha256: Optional[StrictStr] = Field(default=None, pattern=r"^[0-9a-f]{64}$")


class _RecordedAdapter(_Record):
    adapter: Optional[StrictStr] = Field(default=None, pattern=_NAME)
    game: Optional[StrictStr] = Field(default=None, pattern=f"^{_DOTTED}:{_DOTTED}$")


class _RecordedOptions(_Record):
    depth: Optional[Literal["smoke", "standard", "exhaustive", "lab"]] = None
    as_of: Optional[StrictStr] = Field(default=None, pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
    include_expired: StrictBool = False
    hypothesis_profile: Optional[StrictStr] = Field(default=None, pattern=_NAME)
    hypothesis_seed: Optional[StrictStr] = Field(default=None, pattern=r"^-?[0-9A-Za-z_]{1,80}$")
    replay_example: Optional[StrictStr] = Field(default=None,
                                                pattern=r"^[A-Za-z_][A-Za-z0-9_]*=[0-9][0-9A-Za-z.+]*:[A-Za-z0-9+/=]+$")


class ReplayRecord(_Record):
    """The replay record of a results-log entry (:mod:`baccarat_conformance.run.replay_record`)
    as ``replay`` accepts it: every field it passes to pytest has the shape the harness
    writes, so no recorded text becomes an option."""

    scenario: Optional[StrictStr] = None
    profile: _RecordedProfile = Field(default_factory=_RecordedProfile)
    adapter: _RecordedAdapter = Field(default_factory=_RecordedAdapter)
    options: _RecordedOptions = Field(default_factory=_RecordedOptions)


def checked_record(entry: dict) -> dict:
    """The replay record of ``entry``, validated by :class:`ReplayRecord`.

    :raises ReplayError: naming the first field that is not as the harness writes it."""
    try:
        ReplayRecord.model_validate(entry["replay"])
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ReplayError(f"the replay record of {entry['nodeid']!r}: replay.{where}: {first['msg']} (got "
                          f"{str(first.get('input'))[:80]!r}); the record is not as the harness writes it") from None
    return entry["replay"]


@dataclass
class Recorded:
    """What a run recorded: its failed and blocked results-log entries (with ``replay``),
    the profile's bytes if the source holds them, the run facts, and where it came from."""

    entries: list[dict]
    profile: Optional[bytes]
    run: dict
    source: str
    signature: str = "a run folder, not a sealed package: nothing was verified"


def add_parser(sub: Any) -> None:
    """Add ``replay`` to the subparsers ``sub``."""
    from baccarat_conformance.reports.package_check import add_max_member_bytes

    rp = sub.add_parser("replay", help="run one failed or blocked scenario of an evidence package again",
                        usage="baccarat-conformance replay PACKAGE (--scenario ID | --failed) [--pubkey KEY] [--adapter NAME] "
                              "[--game MODULE:FACTORY] [-- ADAPTER_OR_PYTEST_OPTIONS]",
                        description="Check PACKAGE (a sealed evidence package; or a run folder or its "
                                    "results.jsonl, unchecked), then run the scenario --scenario names with the "
                                    "options its replay record gives, against the game the options below "
                                    "name (default: the run's adapter and --game). See docs/evidence.md.",
                        epilog=REPLAY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    rp.add_argument("package", type=Path, metavar="PACKAGE")
    which = rp.add_mutually_exclusive_group(required=True)
    which.add_argument("--scenario", metavar="ID",
                       help="the scenario: its node id, part of it, or a clause id it failed or was blocked by")
    which.add_argument("--failed", action="store_true",
                       help="every failed and blocked scenario of the package, one after the other, one line each")
    rp.add_argument("--pubkey", type=Path, default=None,
                    help="the signer's public key (PEM) the package's signature must verify with")
    rp.add_argument("--adapter", default=None, metavar="NAME", help="adapter to reach the game (default: the run's)")
    rp.add_argument("--game", default=None, metavar="MODULE:FACTORY",
                    help="library adapter: the game's factory (default: the run's, when the adapter is the run's, "
                         "imported only from the installed packages, never from the current folder)")
    add_max_member_bytes(rp)
    rp.set_defaults(pytest_args=[])  # the arguments after `--` (cli.main): the adapter's own options, or pytest's


# ====================================================================== reading what was recorded
def _failed_entries(text: str, where: str) -> list[dict]:
    entries = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError as e:
            raise ReplayError(f"{where}: line {n} is not JSON ({e})") from None
        if isinstance(entry, dict) and isinstance(entry.get("replay"), dict):
            if not isinstance(entry.get("nodeid"), str):
                raise ReplayError(f"{where}: line {n} has a replay record but no node id")
            entries.append(entry)
    return entries


def load_recorded(source: Path, pubkey: Optional[Path] = None, max_member_bytes: Optional[int] = None) -> Recorded:
    """The failed and blocked scenarios of ``source``: a sealed package (checked first),
    a run folder, or a ``results.jsonl``.

    :raises VerifyFailure: a package whose member, manifest or signature does not check.
    :raises ReplayError: no results log, or one that is not JSON lines.
    """
    from baccarat_conformance.reports.package_check import MAX_MEMBER_BYTES, open_package

    source = Path(source)
    if source.is_dir() or source.suffix == ".jsonl":
        log = source / "results.jsonl" if source.is_dir() else source
        if not log.is_file():
            raise ReplayError(f"{log}: no such results log")
        try:
            run = json.loads((log.parent / "session.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            run = {}
        return Recorded(_failed_entries(log.read_text(encoding="utf-8"), str(log)), None, run, str(log))
    pkg = open_package(source, pubkey, max_member_bytes=max_member_bytes or MAX_MEMBER_BYTES)
    text = pkg.members["run/results.jsonl"].decode("utf-8", errors="replace")
    signature = pkg.signature if not pkg.unsigned else (
        "unsigned: anyone could have written this package, its replay record included (it is checked for shape "
        "only)")
    return Recorded(_failed_entries(text, "run/results.jsonl"), pkg.members.get("inputs/profile.toml"),
                    pkg.manifest.get("run") or {}, str(source), signature)


def _describe(entry: dict) -> str:
    """One line naming the recorded ``entry`` (its text escaped: it is the package's)."""
    from baccarat_conformance.reports.package_check import one_line

    clause = entry.get("failed_clause") or entry.get("blocked_by")
    return one_line(f"{entry['nodeid']}  [{entry.get('outcome')}, {entry.get('category')}"
                    + (f", § {clause}" if clause else "") + "]")


def select(entries: list[dict], wanted: str) -> dict:
    """The one entry ``wanted`` names: an exact node id; else the entries whose failing
    clause, blocking clause or a clause tag is ``wanted`` (``631a.11(b)(1)``, or its tag
    form ``631a.11.b.1``); else those whose node id contains ``wanted``.

    :raises ReplayError: listing the candidates when none or several match.
    """
    exact = [e for e in entries if e["nodeid"] == wanted]
    if exact:
        return exact[-1]

    def tag(cid: Any) -> str:
        return str(cid).replace("(", ".").replace(")", "")

    by_clause = [e for e in entries
                 if wanted in {e.get("failed_clause"), e.get("blocked_by"), *(e.get("clauses") or [])}
                 or tag(wanted) in {tag(e.get("failed_clause")), tag(e.get("blocked_by"))}]
    found = by_clause or [e for e in entries if wanted in e["nodeid"]]
    if len(found) == 1:
        return found[0]
    if not found:
        listing = "\n".join(f"  {_describe(e)}" for e in entries) or "  (none: the run had no failed or blocked " \
                                                                      "scenario with a replay record)"
        raise ReplayError(f"--scenario {wanted!r} matches no failed or blocked scenario; the run's:\n{listing}")
    listing = "\n".join(f"  {_describe(e)}" for e in found)
    raise ReplayError(f"--scenario {wanted!r} matches {len(found)} scenarios; name one by its node id:\n{listing}")


# ====================================================================== running it again
def pytest_target(nodeid: str) -> list[str]:
    """``["--pyargs", "baccarat_conformance.features.MODULE::NAME", "--rootdir=..."]`` for a node id of
    the suite (``features/test_631a.py::test_x[...]``, as a run from the repository or the
    installed package writes it).

    :raises ReplayError: when the node id names no module of the installed suite.
    """
    from baccarat_conformance.run.suite import features_dir

    path, sep, name = nodeid.partition("::")
    parts = PurePosixPath(path.replace("\\", "/")).parts
    if "features" in parts:
        parts = parts[len(parts) - parts[::-1].index("features"):]
    if not sep or not parts or not parts[-1].endswith(".py") or not (features_dir().joinpath(*parts)).is_file():
        raise ReplayError(f"scenario {nodeid!r}: not a scenario of the installed suite ({features_dir()})")
    module = ".".join((FEATURES_MODULE, *parts[:-1], parts[-1][:-3]))
    # the rootdir the suite's feature paths are relative to (not the temporary folder of the profile)
    return ["--pyargs", f"{module}::{name}", f"--rootdir={features_dir().parent}"]


def _run_arguments(record: dict, profile: str, args: argparse.Namespace) -> argparse.Namespace:
    """The ``run`` options (:data:`baccarat_conformance.inputs.options.OPTIONS`) of the replay."""
    opts, ran = record.get("options") or {}, record.get("adapter") or {}
    adapter = args.adapter or ran.get("adapter") or "library"
    game = args.game
    if game is None and args.adapter in (None, ran.get("adapter")) and adapter == "library":
        game = ran.get("game")
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    for flag, key in (("--hypothesis-profile", "hypothesis_profile"), ("--hypothesis-seed", "hypothesis_seed")):
        if opts.get(key) is not None:  # one argument: a value is never read as an option
            extra.append(f"{flag}={opts[key]}")
    if opts.get("replay_example"):
        extra.append(f"--replay-example={opts['replay_example']}")
    return argparse.Namespace(adapter=adapter, game=game, profile=profile, depth=opts.get("depth") or "standard",
                              as_of=opts.get("as_of"), include_expired=bool(opts.get("include_expired")),
                              attestations=None, waivers=None, allow_pending=False, workers=None,
                              pytest_args=extra)


def _profile_file(recorded: Recorded, record: dict, folder: Path) -> str:
    """The profile the scenario ran with, as a file: the packaged one, checked against
    the record's SHA-256 and written into ``folder``; else (a run folder) where the run
    read it."""
    want = (record.get("profile") or {}).get("sha256")
    data = recorded.profile
    if data is None:
        from baccarat_conformance.judging.errors import ConfigurationError
        from baccarat_conformance.inputs.profile import profile_source

        try:
            data = profile_source((record.get("profile") or {}).get("given"))[1]
        except ConfigurationError as e:
            raise ReplayError(f"the run's profile cannot be read: {e}") from None
    if want and hashlib.sha256(data).hexdigest() != want:
        raise ReplayError(f"the profile at hand (SHA-256 {hashlib.sha256(data).hexdigest()}) is not the one the "
                          f"scenario ran with (SHA-256 {want}, replay record)")
    path = folder / "profile.toml"
    write_atomic(path, data)
    return str(path)


def exit_status(entry: Optional[dict], pytest_status: int) -> int:
    """The exit status of the replay (see the module docstring) from the replayed
    results-log ``entry`` (None: pytest logged none) and pytest's exit status."""
    if entry is None:
        return {4: 3, 5: 4, 2: 4}.get(pytest_status, 2)  # usage error; nothing collected; interrupted
    if entry.get("outcome") == "passed":
        return 0
    if entry.get("outcome") == "failed":
        return 1 if entry.get("category") == "nonconformance" else 2
    return 4


def _line(entry: Optional[dict]) -> str:
    if entry is None:
        return "no result (the scenario did not run; pytest's output is above)"
    clause = entry.get("failed_clause") or entry.get("blocked_by")
    head = f"{entry.get('outcome')}" + (f" ({entry['category']})" if entry.get("category") else "")
    message = entry.get("message") or ""
    if clause and not message.startswith(f"§ {clause}"):
        head += f", § {clause}"
    return head + (f": {message}" if message else "")


def same_failure(recorded: dict, replayed: Optional[dict]) -> bool:
    """Whether ``replayed`` shows the failure ``recorded`` shows: the same outcome,
    category, failing (or blocking) clause and message."""
    keys = ("outcome", "category", "failed_clause", "blocked_by", "message")
    return replayed is not None and all(recorded.get(k) == replayed.get(k) for k in keys)


def _say(*lines: str, err: bool = False) -> None:
    """Print each of ``lines`` as one line safe to print: they hold the package's text."""
    from baccarat_conformance.reports.package_check import one_line

    for line in lines:
        print(one_line(line), file=sys.stderr if err else sys.stdout, flush=True)


def replay_command(args: argparse.Namespace) -> int:
    """``baccarat-conformance replay``: see the module docstring."""
    from baccarat_conformance.reports.package_check import VerifyFailure
    from baccarat_conformance.verdict.contract import EXIT_CODES

    try:
        recorded = load_recorded(args.package, args.pubkey, getattr(args, "max_member_bytes", None))
        _say(f"{args.package}: {recorded.signature}")  # before anything the package says
        if getattr(args, "failed", False):
            return _replay_every_failure(recorded, args)
        entry = select(recorded.entries, args.scenario)
        record = checked_record(entry)
        target = pytest_target(record.get("scenario") or entry["nodeid"])
    except VerifyFailure as e:
        _say(f"replay: {args.package} FAILED verification, nothing was run: {e}", err=True)
        return 3
    except ReplayError as e:
        _say(*f"replay: {e}".split("\n"), err=True)  # a listing of scenarios, each escaped
        return 3
    try:
        status, again, refused = _replay_one(recorded, entry, record, target, args, verbose=True)
    except ReplayError as e:
        _say(*f"replay: {e}".split("\n"), err=True)
        return 3
    _say(f"  recorded: {_line(entry)}")
    _say(f"  replayed: {_line(again)}")
    if again is not None and again.get("outcome") != "passed":
        print("  the same failure as recorded" if same_failure(entry, again) else
              "  NOT the failure recorded (outcome, category, clause or message differ)")
    print(f"exit status {status}: "
          + (f"the replay could not start: {refused}" if refused else 'passed' if status == 0 else EXIT_CODES[status]))
    return status


def _replay_one(recorded: Recorded, entry: dict, record: dict, target: list[str], args: argparse.Namespace,
                verbose: bool) -> tuple[int, Optional[dict], Optional[str]]:
    """Run the recorded ``entry`` again: its exit status, its replayed results-log entry
    (None: none was logged) and why pytest refused to start, if it did.

    :raises ReplayError: the profile at hand is not the recorded one."""
    from baccarat_conformance.run.suite import pytest_command, refusal
    from baccarat_conformance.run.supervise import Signals, supervise

    with tempfile.TemporaryDirectory(prefix="baccarat-replay-") as tmp:
        folder = Path(tmp)
        run_args = _run_arguments(record, _profile_file(recorded, record, folder), args)
        log = folder / "results.jsonl"
        cmd = pytest_command(run_args, folder / "allure-results", log, target=target)
        recorded_game = args.game is None and run_args.game is not None
        if verbose:
            _say(f"replay of {entry['nodeid']}",
                 f"  from {recorded.source} (run {recorded.run.get('started')} .. {recorded.run.get('finished')})",
                 f"  against {run_args.adapter}" + (f" {run_args.game}" if run_args.game else "")
                 + f"; as of {run_args.as_of}, depth {run_args.depth}",
                 *(["  the game as recorded: imported from the installed packages only, never from the current "
                    "folder (give --game to choose it)"] if recorded_game else []))
        with Signals() as signals, _safe_path(recorded_game):
            proc_log = folder / "pytest.log"
            with open_fresh(proc_log) as fh:
                code = supervise(cmd, signals, stdout=fh, stderr=subprocess.STDOUT)
            text = proc_log.read_text(encoding="utf-8", errors="replace")
        replayed = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()] \
            if log.is_file() else []
        again = replayed[-1] if replayed else None
        if again is None and verbose:
            _say(*text[-4000:].split("\n"), err=True)
    refused = refusal(text) if again is None and code == 4 else None  # an unimportable --game, an unknown option
    return exit_status(again, code), again, refused


def _replay_every_failure(recorded: Recorded, args: argparse.Namespace) -> int:
    """``replay PACKAGE --failed``: every failed and blocked scenario of ``recorded`` run
    again, one line each (``the same failure as recorded``, ``passed now``, ``NOT the
    failure recorded: ...``); the exit status is the worst of theirs by the contract's
    precedence (:func:`~baccarat_conformance.verdict.contract.combine`), 0 when there is
    none to replay."""
    from baccarat_conformance.verdict.contract import EXIT_CODES, combine

    if not recorded.entries:
        print("nothing to replay: the run has no failed or blocked scenario")
        return 0
    final: Optional[int] = None
    counts: dict[str, int] = {}
    for n, entry in enumerate(recorded.entries, 1):
        try:
            record = checked_record(entry)
            target = pytest_target(record.get("scenario") or entry["nodeid"])
            status, again, refused = _replay_one(recorded, entry, record, target, args, verbose=False)
        except ReplayError as e:
            status, again, refused = 3, None, str(e)
        if refused or again is None:
            said = f"could not run: {refused or 'no result'}"
        elif again.get("outcome") == "passed":
            said = "passed now"
        elif same_failure(entry, again):
            said = "the same failure as recorded"
        else:
            said = f"NOT the failure recorded: {_line(again)}"
        counts[said.split(":")[0]] = counts.get(said.split(":")[0], 0) + 1
        _say(f"[{n}/{len(recorded.entries)}] {entry['nodeid']}: {said}")
        final = status if final is None else combine(final, status)
    status = final or 0
    print(f"{len(recorded.entries)} replayed: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    print(f"exit status {status}: " + ("passed" if status == 0 else EXIT_CODES[status]))
    return status


@contextlib.contextmanager
def _safe_path(on: bool) -> Iterator[None]:
    """While ``on``: ``PYTHONSAFEPATH=1`` for the child pytest, whose ``python -m`` would
    otherwise put the current folder first on ``sys.path`` (a recorded game must not be
    imported from a module planted there)."""
    saved = os.environ.get("PYTHONSAFEPATH")
    if on:
        os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = saved
