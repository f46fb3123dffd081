"""A warm pytest starter for the suite's own tests: ``python -m tests.pytest_zygote``.

Started once per test process by :func:`tests.suite_runner.run_pytest`, it imports
pytest, its plugins (the ``pytest11`` entry points: the harness's plugin and its step
modules, pytest-bdd, hypothesis, xdist, allure...) and then waits. Each request (one
JSON line on stdin: ``{"args": [...], "cwd": ..., "env": {...}, "out": PATH, "timeout": S}``)
is run as ``pytest ARGS`` in a fork of it: a process of its own (its own session, process
group, environment, working directory; stdin from /dev/null, stdout and stderr to
``out``), as ``python -m pytest ARGS`` would run, without the interpreter start and the
imports (about 0.7 s of the 0.85 s a child pytest took before its first scenario). The
answer is one JSON line: ``{"returncode": N, "timed_out": bool}``; a run past its
``timeout`` is killed with its process group (returncode -9).

Nothing is imported here that a fresh ``python -m pytest`` of the suite would not import
before collecting: the plugins, and the step modules the harness's plugin names
(``pytest_plugins``). Nothing runs but the Gherkin parse of the repository's feature
files, a pure function of a file's text, kept by its text
(``baccarat_conformance.corpus.features._gherkin``, which pytest-bdd's parser reads
through ``harness/feature_parse.py``): a fork that collects a copy of them, or an edited
one, parses what it reads. The fork starts from the state of a process that only imported
modules, as a fresh one does, those modules' objects frozen out of the garbage
collector's sight (``gc.freeze()``: a fork's collections neither walk them nor copy their
pages). Measured: a fork's run of ``-m 631a.6`` 0.70 → 0.44 s of CPU with the step
modules and the parse warm. One difference from a fresh process: the step modules,
imported before pytest could mark them, keep their plain ``assert`` statements (six
invariants of the harness, never a check of a game) unrewritten.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import signal
import sys
import time
from pathlib import Path


def _warm_up() -> None:
    from importlib.metadata import entry_points

    import pytest  # noqa: F401
    import _pytest.config  # noqa: F401

    for ep in entry_points(group="pytest11"):
        try:
            __import__(ep.value.partition(":")[0])
        except Exception:  # noqa: BLE001 - pytest reports it itself when it loads the plugin
            pass
    try:
        from baccarat_conformance.corpus.features import _gherkin
        from baccarat_conformance.plugin import STEP_MODULES

        for name in STEP_MODULES:
            __import__(name)
        for path in sorted((Path(__file__).resolve().parents[1] / "features").rglob("*.feature")):
            _gherkin(path.read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001 - a fork's pytest meets and reports the same error itself
        pass


def _child(request: dict) -> None:
    os.setsid()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    out = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    import pytest

    # the plugins imported before pytest could mark them for assertion rewriting (pytest_bdd,
    # hypothesis, xdist...) keep their plain asserts: pytest's warning about it is left out
    args = ["-W", "ignore::pytest.PytestAssertRewriteWarning", *request["args"]]
    sys.argv = [os.path.join(os.path.dirname(pytest.__file__), "__main__.py"), *args]  # as -m pytest
    code = 3
    try:
        code = int(pytest.main(args))
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


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
    """With ``PYTEST_CHILD_LOG`` set, append a line for this fork (docs/performance.md
    counts the child pytest processes of a test run this way)."""
    log = env.get("PYTEST_CHILD_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            test = env.get("PYTEST_CURRENT_TEST", "-").split(" ")[0]
            fh.write(f"fork-{kind} {os.getpid()} {os.getppid()} {test} {' '.join(map(str, args))[:200]}\n")


def _wait(pid: int, timeout: float) -> tuple[int, bool]:
    deadline = time.monotonic() + timeout
    delay = 0.002
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), False
        if time.monotonic() > deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            return -9, True
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


def main() -> None:
    _warm_up()
    gc.freeze()  # the imported modules, out of the forks' collections (and their copy-on-write)
    answers = sys.stdout
    print(json.dumps({"ready": os.getpid()}), file=answers, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        pid = fork()
        if pid == 0:  # never back into this loop: the fork ends here, whatever happens
            try:
                note_fork(request["env"], "zygote", request["args"])
                _child(request)
            finally:
                os._exit(3)
        code, timed_out = _wait(pid, float(request["timeout"]))
        print(json.dumps({"returncode": code, "timed_out": timed_out}), file=answers, flush=True)


if __name__ == "__main__":
    main()
