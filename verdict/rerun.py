"""The commands that run one failed or blocked scenario again (issue 37 item 6), as every
report of it shows them: the console's block of a failure (:mod:`baccarat_conformance.run.failures`),
the scenario's Allure result and its row of the clause matrix.

Two commands, each one line a POSIX shell runs as written (every argument quoted with
:func:`shlex.quote`: a node id ends in ``[$5.00]``, which double quotes would expand):

``baccarat-conformance replay RUN --scenario NODEID``
    :mod:`baccarat_conformance.commands.replay`, from the run folder (or its sealed package), with
    the options and the game the run recorded;
``pytest --pyargs baccarat_conformance.features.MODULE::NAME --profile … --depth … --as-of …``
    the same scenario by pytest alone (an adapter's own options, never recorded because they
    may hold secrets, are to be added by hand).

Nothing here imports the rest of the package: the verdict, the reports and the CLI use it.
"""

from __future__ import annotations

import shlex
from pathlib import PurePosixPath
from typing import Any, Mapping, Optional

__all__ = ["FEATURES_MODULE", "scenario_module", "replay_command", "pytest_command", "commands"]

FEATURES_MODULE = "baccarat_conformance.features"


def scenario_module(nodeid: str) -> Optional[str]:
    """``baccarat_conformance.features.test_631a::test_x[$5.00]`` for the node id
    ``features/test_631a.py::test_x[$5.00]`` (also with an install path before ``features/``);
    None when ``nodeid`` names no test module under a ``features`` folder."""
    path, sep, name = nodeid.partition("::")
    parts = PurePosixPath(path.replace("\\", "/")).parts
    if not sep or "features" not in parts or not parts[-1].endswith(".py"):
        return None
    parts = parts[len(parts) - parts[::-1].index("features"):]
    return ".".join((FEATURES_MODULE, *parts[:-1], parts[-1][:-3])) + "::" + name


def replay_command(run: str, nodeid: str) -> str:
    """``baccarat-conformance replay RUN --scenario NODEID``, quoted for a shell.

    :param run: the run folder (``--out``) or its sealed package, as the user named it.
    :param nodeid: the scenario's pytest node id.
    """
    return shlex.join(["baccarat-conformance", "replay", str(run), "--scenario", nodeid])


def pytest_command(record: Mapping[str, Any]) -> Optional[str]:
    """The plain pytest command of the replay ``record`` (a results-log entry's ``replay``,
    :mod:`baccarat_conformance.run.replay_record`), quoted for a shell; None when its scenario
    is not one of the suite's modules."""
    target = scenario_module(str(record.get("scenario") or ""))
    if target is None:
        return None
    ran = record.get("adapter") or {}
    opts = record.get("options") or {}
    cmd = ["pytest", "--pyargs", target]
    if ran.get("adapter") and ran.get("adapter") != "library":
        cmd += ["--adapter", str(ran["adapter"])]
    if ran.get("game"):
        cmd += ["--game", str(ran["game"])]
    given = (record.get("profile") or {}).get("given")
    if given:
        cmd += ["--profile", str(given)]
    for flag, key in (("--depth", "depth"), ("--as-of", "as_of"), ("--hypothesis-profile", "hypothesis_profile"),
                      ("--hypothesis-seed", "hypothesis_seed"), ("--replay-example", "replay_example")):
        if opts.get(key) is not None:
            cmd += [flag, str(opts[key])]
    if opts.get("include_expired"):
        cmd.append("--include-expired")
    return shlex.join(cmd)


def commands(entry: Mapping[str, Any], run: Optional[str]) -> dict[str, str]:
    """``{"replay": ..., "pytest": ...}`` for a results-log ``entry`` that carries a replay
    record (failed or blocked); ``{}`` for any other. ``replay`` is left out when the run
    folder ``run`` is unknown."""
    record = entry.get("replay")
    if not isinstance(record, Mapping):
        return {}
    out: dict[str, str] = {}
    nodeid = str(record.get("scenario") or entry.get("nodeid") or "")
    if run and nodeid:
        out["replay"] = replay_command(run, nodeid)
    plain = pytest_command(record)
    if plain:
        out["pytest"] = plain
    return out
