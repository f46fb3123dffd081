"""The CPU and the load a benchmark row reports beside its wall time (benchmarks/run.py,
benchmarks/bench_statistics.py): CPU seconds of every process of one side, the machine's
load average."""

from __future__ import annotations

import os
from typing import Optional


def tree_cpu(pid: Optional[int] = None, exclude: tuple[int, ...] = ()) -> float:
    """CPU seconds (user + system) so far of process ``pid`` (default: this one) and of
    every process below it, live or ended (psutil), leaving out the trees of ``exclude``
    (the HTTP server, whose CPU is the other side's)."""
    import psutil

    root = psutil.Process(pid or os.getpid())
    skip = set(exclude)
    for e in exclude:
        try:
            skip |= {c.pid for c in psutil.Process(e).children(recursive=True)}
        except psutil.NoSuchProcess:
            pass
    total = 0.0
    for proc in [root] + root.children(recursive=True):
        if proc.pid in skip:
            continue
        try:
            t = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        # and the ended children each waited for (a pool's workers, reaped by its forkserver)
        total += t.user + t.system + t.children_user + t.children_system
    return total


def load() -> float:
    """The machine's load average over the last minute."""
    return round(os.getloadavg()[0], 2)
