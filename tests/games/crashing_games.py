"""Library games that fail now and then, or end their process: what a hardened run
must still file under the right clause and category (tests/user/test_run_hardening.py)."""

from __future__ import annotations

import os

from tests.games.seeded_games import SeededReferenceGame


class CrashesOnce(SeededReferenceGame):
    """Raises from one deal_round only (the third of the process): an intermittent
    adapter error. Inside a hypothesis property it does not happen again when the
    failing example is replayed, so hypothesis raises ``FlakyFailure``."""

    calls = 0

    def op_deal_round(self, *a, **kw):
        type(self).calls += 1
        if type(self).calls == 3:
            raise RuntimeError("simulated intermittent failure of the game")
        return super().op_deal_round(*a, **kw)


class EndsItsProcess(SeededReferenceGame):
    """Ends its whole process (``os._exit(1)``) on the third deal of each process: under
    pytest-xdist, a worker dies in the middle of a scenario."""

    calls = 0

    def op_deal_round(self, *a, **kw):
        type(self).calls += 1
        if type(self).calls == 3:
            os._exit(1)
        return super().op_deal_round(*a, **kw)


class EndsItsProcessBeforeAnyResult(SeededReferenceGame):
    """Ends its process (``os._exit(7)``) at its first ``open_table``: pytest dies in the
    first scenario that opens a table, before any result is written."""

    def op_open_table(self, *a, **kw):
        os._exit(7)


def ends_its_process_before_any_result() -> EndsItsProcessBeforeAnyResult:
    return EndsItsProcessBeforeAnyResult()


def ends_its_process_once_when_built():
    """The first factory call of the run (across processes: a flag file named by
    ``$CRASH_FLAG``) ends its process: a worker dies in the setup of its first
    scenario, before any report of it reached the controller."""
    flag = os.environ["CRASH_FLAG"]
    try:
        fd = os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return EndsItsProcess.__mro__[1]()
    os.close(fd)
    os._exit(1)


def crashes_once():
    return CrashesOnce()


def ends_its_process():
    return EndsItsProcess()
