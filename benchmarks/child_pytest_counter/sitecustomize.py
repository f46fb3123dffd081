"""Counts the pytest processes a test run starts (docs/performance.md, issue 23)::

    PYTHONPATH=$PWD/benchmarks/child_pytest_counter PYTEST_CHILD_LOG=/tmp/children.log python3 run.py test
    cut -d' ' -f1 /tmp/children.log | sort | uniq -c

``PYTHONPATH`` must be absolute: the documented commands run in folders of their own (a
relative one counted none of them before 2026-11-27, session 9). Python imports
``sitecustomize`` at start-up from ``PYTHONPATH``: with ``PYTEST_CHILD_LOG``
set, every interpreter started as ``python -m pytest`` (``exec-pytest``), as a ``pytest`` or
``baccarat-conformance`` script (``exec-cli``) or as a pytest-xdist worker
(``exec-xdist-worker``) appends a line: kind, pid, parent pid, the test that started it
(``PYTEST_CURRENT_TEST`` inherited from the parent, ``-`` for none) and its command line. The forks
of the proof batches (``fork-game``: one broken game) note themselves (tests/proofs/proof_runner.py,
``note_fork``): they start no interpreter.
"""

import os
import sys

_log = os.environ.get("PYTEST_CHILD_LOG")
if _log:
    _argv = getattr(sys, "orig_argv", [])
    _module = _argv[_argv.index("-m") + 1] if "-m" in _argv[:-1] else None
    _kind = ("exec-pytest" if _module == "pytest"
             else "exec-xdist-worker" if any("exec(eval(sys.stdin.readline()))" in a for a in _argv)
             else "exec-cli" if any(a.endswith(("/pytest", "/baccarat-conformance")) for a in _argv[:2]) else None)
    if _kind:
        with open(_log, "a", encoding="utf-8") as _fh:
            _test = os.environ.get("PYTEST_CURRENT_TEST", "-").split(" ")[0]
            _fh.write(f"{_kind} {os.getpid()} {os.getppid()} {_test} {' '.join(_argv)[:200]}\n")
