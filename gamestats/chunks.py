"""Running the chunks of a simulation: on local processes (default) or a Dask cluster.

The chunks are independent (:func:`.simulate.run_chunk`) and their counts merge
exactly, so where they run changes nothing but the time taken. ``--cluster ADDRESS``
(a ``tcp://host:8786`` scheduler; the optional extra ``[cluster]``) sends them to Dask
distributed workers; each worker builds its own adapter from the picklable
:class:`~.simulate.GameSettings`, so the game must be reachable from every worker: an
installed library (the same ``--game`` factory importable there), the HTTP URL, or an
adapter plugin's ``worker_options``. An adapter that cannot be rebuilt (a serial device
talks to one host) plays the chunks one after another over its one connection, in this
process, as many shoes as its time budget allows (:func:`simulate_here`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import multiprocessing
import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from baccarat_conformance.judging.errors import ConfigurationError

from .simulate import Counts, GameSettings, Plan, play_chunk, run_chunk

__all__ = ["DEPTHS", "Depth", "Outcome", "simulate", "simulate_here", "local_workers", "played_shoes",
           "shoes_for_rounds", "ONE_CONNECTION_SECONDS", "top_up", "whole_chunks", "check_cluster", "CLUSTER_CONNECT_SECONDS",
           "CLUSTER_SCHEMES"]

CLUSTER_CONNECT_SECONDS = 10.0
"""How long ``run`` waits for the ``--cluster`` scheduler to answer before the first
scenario (:func:`check_cluster`)."""

CLUSTER_SCHEMES = ("tcp", "tls", "ws", "wss")
"""The schemes of a Dask scheduler's address (``tcp://host:8786``; no scheme is ``tcp``)."""

_CLUSTER_FIX = ("start a scheduler (`dask scheduler`, port 8786) and its workers (`dask worker tcp://HOST:8786`), "
                "then give its address as --cluster tcp://HOST:PORT, or leave --cluster out to run the chunks on "
                "local processes")


def _cluster_address(address: str) -> str:
    scheme, sep, rest = address.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", address.strip()
    host, colon, port = rest.rpartition(":")
    if scheme not in CLUSTER_SCHEMES or not colon or not host or "/" in rest or not port.isdigit() \
            or not 0 < int(port) < 65536:
        raise ConfigurationError(f"--cluster {address!r}: not a Dask scheduler address (SCHEME://HOST:PORT, the "
                                 f"scheme one of {', '.join(CLUSTER_SCHEMES)}, e.g. tcp://scheduler.lab:8786); "
                                 + _CLUSTER_FIX)
    return f"{scheme}://{host}:{port}"


def check_cluster(address: str, timeout: float = CLUSTER_CONNECT_SECONDS) -> dict[str, Any]:
    """Reach the Dask scheduler at ``address`` (``tcp://host:8786``) before anything runs:
    ``{"address", "id", "workers"}`` of the scheduler that answered (its own address, its
    id, how many workers it has now).

    :raises ConfigurationError: one line naming ``--cluster`` and the fix, when the address
        is malformed, dask.distributed is not installed, or no scheduler answered there
        within ``timeout`` seconds.
    """
    where = _cluster_address(address)
    try:
        from distributed.comm import connect
    except ImportError:
        raise ConfigurationError("--cluster needs dask distributed: pip install 'baccarat-conformance[cluster]'") \
            from None

    async def identity() -> Any:  # every step bounded: a listener that never speaks Dask is no scheduler
        comm = await asyncio.wait_for(connect(where, timeout=timeout), timeout)
        try:
            await asyncio.wait_for(comm.write({"op": "identity", "reply": True}), timeout)
            return await asyncio.wait_for(comm.read(), timeout)
        finally:
            comm.abort()

    try:
        info = asyncio.run(identity())
    except Exception as e:  # noqa: BLE001 - refused, timed out, not resolved, closed: no scheduler answered
        first = (str(e).splitlines() or [""])[0] or type(e).__name__
        raise ConfigurationError(f"--cluster {address}: no Dask scheduler answered at {where} within "
                                 f"{timeout:g} s ({first[:200]}); {_CLUSTER_FIX}") from None
    if not isinstance(info, dict) or info.get("type") != "Scheduler":
        raise ConfigurationError(f"--cluster {address}: what answered at {where} is not a Dask scheduler; "
                                 + _CLUSTER_FIX)
    workers = info.get("workers")
    return {"address": info.get("address") or where, "id": info.get("id"),
            "workers": len(workers) if isinstance(workers, dict) else int(info.get("n_workers") or 0)}


@dataclass(frozen=True)
class Depth:
    """Shoes of one depth: ``shuffle_shoes`` shuffled and disclosed for the shuffle
    tests; ``played_shoes`` dealt to their end (about 80 rounds each) for the outcome,
    return and settlement tests; ``chunk_shoes`` shoes per chunk."""

    shuffle_shoes: int
    played_shoes: int
    chunk_shoes: int


DEPTHS = {
    "smoke": Depth(shuffle_shoes=1000, played_shoes=25, chunk_shoes=25),
    "standard": Depth(shuffle_shoes=3000, played_shoes=250, chunk_shoes=50),
    "exhaustive": Depth(shuffle_shoes=3000, played_shoes=250, chunk_shoes=50),
    "lab": Depth(shuffle_shoes=20000, played_shoes=13600, chunk_shoes=200),
}
"""Shoes by ``--depth`` (``exhaustive`` is about the third-card sweep: the statistics
play as at ``standard``; ``lab`` deals more than 10^6 rounds). Played shoes are counted
for 8 decks: a shoe of fewer decks holds fewer rounds, so :func:`played_shoes` plays
more of them."""


def played_shoes(depth: "Depth", decks: int) -> int:
    """The shoes to deal at ``depth`` for a shoe of ``decks`` decks: ``depth.played_shoes``
    times 8 / decks (about 78 rounds a shoe of 8 decks, 57 of 6: lab depth deals more than
    10^6 rounds for 6, 7 or 8 decks), in whole chunks (a chunk deals all its
    ``depth.chunk_shoes`` shoes: the figure is the shoes dealt, not fewer)."""
    return whole_chunks(-(-depth.played_shoes * 8 // max(decks, 1)), depth.chunk_shoes)


def whole_chunks(shoes: int, chunk_shoes: int) -> int:
    """``shoes`` rounded up to whole chunks of ``chunk_shoes``: the shoes a simulation of
    ``shoes`` deals."""
    return -(-shoes // chunk_shoes) * chunk_shoes


ONE_CONNECTION_SECONDS = {"smoke": 1200.0, "standard": 3600.0, "exhaustive": 3600.0, "lab": 6 * 3600.0}
"""The time budget by ``--depth`` of one simulation (the shuffled shoes, or the played
shoes) over an adapter's one connection (:func:`simulate_here`): a serial line deals
fewer shoes than the depth asks when its rate does not allow them in this time."""


ROUNDS_PER_CARD = 0.185
"""Rounds a shoe deals per card it holds, at least (measured: 0.192; 1,022,305 rounds
from 12,800 shoes of 416 cards, the burn and the cut card's last hand included)."""


def shoes_for_rounds(rounds: int, decks: int) -> int:
    """Shoes of ``decks`` decks to deal for at least about ``rounds`` rounds
    (``--stats-rounds``): about 77 rounds a shoe of 8 decks, 57 of 6."""
    return max(1, -(-rounds // int(max(decks, 1) * 52 * ROUNDS_PER_CARD)))


@dataclass
class Outcome:
    """A finished simulation: the merged ``counts``, the ``chunks`` run, the wall
    ``seconds`` taken, and ``where`` they ran (``"2 local processes"``,
    ``"dask tcp://..."``, ``"this process, over the run's one connection"``).
    ``shoes``: the shoes dealt, of ``shoes_planned`` (fewer when a time budget ended it)."""

    counts: Counts
    chunks: int
    seconds: float
    where: str
    shoes: Optional[int] = None
    shoes_planned: Optional[int] = None

    @property
    def cut_short(self) -> bool:
        """Whether fewer shoes were dealt than planned (a time budget ended the simulation)."""
        return self.shoes is not None and self.shoes_planned is not None and self.shoes < self.shoes_planned

    @property
    def rounds_per_second(self) -> Optional[float]:
        return self.counts.rounds / self.seconds if self.seconds and self.counts.rounds else None

    @property
    def shoes_per_second(self) -> Optional[float]:
        return self.counts.shoes / self.seconds if self.seconds and self.counts.shoes else None


def local_workers() -> int:
    """Processes for local chunks: ``BACCARAT_STATS_WORKERS`` or the CPUs this process may use."""
    env = os.environ.get("BACCARAT_STATS_WORKERS")
    if env:
        return max(1, int(env))
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def _merge(parts: list[Counts]) -> Counts:
    total = Counts()
    for part in parts:
        total = total.merge(part)
    return total


def simulate(settings: GameSettings, plan: Plan, chunks: int, *, cluster: Optional[str] = None,
             workers: Optional[int] = None, progress: Optional[Callable[[int, int], None]] = None,
             first: int = 0) -> Outcome:
    """Run chunks ``first .. first + chunks - 1`` of ``plan`` and merge their counts.

    ``cluster``: a Dask scheduler address (or a ``distributed.Client``); else local
    processes (``workers``, default :func:`local_workers`; 1 runs in this process).
    ``progress(done, chunks)`` is called as chunks finish.

    :raises ConfigurationError: when ``cluster`` is given and dask.distributed is not
        installed (``pip install baccarat-conformance[cluster]``).
    :raises CapabilityMissing, AdapterError: as :func:`.simulate.run_chunk` raises them.
    """
    start = time.perf_counter()
    parts: list[Counts] = []
    if cluster is not None:
        where = _on_cluster(settings, plan, range(first, first + chunks), cluster, parts, progress)
    else:
        n = workers or local_workers()
        where = f"{n} local process{'es' if n != 1 else ''}"
        if n == 1 or chunks == 1:
            for i in range(first, first + chunks):
                parts.append(run_chunk(settings, plan, i))
                if progress:
                    progress(len(parts), chunks)
        else:
            ctx = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
            with cf.ProcessPoolExecutor(max_workers=min(n, chunks), mp_context=ctx) as pool:
                for future in cf.as_completed([pool.submit(run_chunk, settings, plan, i)
                                                 for i in range(first, first + chunks)]):
                    parts.append(future.result())
                    if progress:
                        progress(len(parts), chunks)
    return Outcome(_merge(parts), chunks, time.perf_counter() - start, where)


def top_up(settings: GameSettings, plan: Plan, outcome: Outcome, rounds: int, *, cluster: Optional[str] = None,
           most: int = 4) -> Outcome:
    """``outcome`` (of chunks ``0 .. outcome.chunks - 1``) with further chunks of ``plan``
    until its counts hold at least ``rounds`` completed rounds: a game whose second cover
    card lies higher in the stack deals fewer rounds a shoe (§ 631a.5(d) sets only its
    least height), and is judged on as many rounds as any other. At most ``most`` times
    the chunks first run; none when the outcome holds no round or a shoe it could not
    account (its verdict does not rest on the number). Raises as :func:`simulate`."""
    counts = outcome.counts
    limit = outcome.chunks * most
    while 0 < counts.rounds < rounds and outcome.chunks < limit and not (counts.faulty or counts.unaccounted):
        more = min(limit - outcome.chunks, -(-outcome.chunks * (rounds - counts.rounds) // counts.rounds))
        extra = simulate(settings, plan, more, cluster=cluster, first=outcome.chunks)
        outcome = Outcome(counts.merge(extra.counts), outcome.chunks + extra.chunks,
                          outcome.seconds + extra.seconds, outcome.where)
        counts = outcome.counts
    return outcome


def simulate_here(game: Any, plan: Plan, chunks: int, *, seconds: Optional[float] = None,
                  progress: Optional[Callable[[int, int], None]] = None) -> Outcome:
    """Run chunks ``0 .. chunks-1`` of ``plan`` one after another over ``game`` itself (an
    adapter that cannot be rebuilt in a worker: a serial device talks to one host), in this
    process, stopping before the next shoe once ``seconds`` have passed: the counts are
    those of the shoes dealt (the same as on workers for the chunks completed), and the
    :class:`Outcome` says how many of the planned shoes that was. ``game``'s transcript is
    left as it was. Raises as :func:`.simulate.run_chunk`."""
    start = time.perf_counter()
    deadline = start + seconds if seconds else None
    dealt = 0

    def more() -> bool:
        nonlocal dealt
        if deadline is not None and time.perf_counter() >= deadline:
            return False
        dealt += 1
        return True

    parts: list[Counts] = []
    transcript = game.transcript
    try:
        for i in range(chunks):
            parts.append(play_chunk(game, plan, i, more))
            if progress:
                progress(len(parts), chunks)
            if deadline is not None and time.perf_counter() >= deadline:
                break
    finally:
        game.transcript = transcript
    return Outcome(_merge(parts), len(parts), time.perf_counter() - start,
                   f"this process, over the run's one connection ({game.name})", shoes=dealt,
                   shoes_planned=chunks * plan.shoes)


def _on_cluster(settings: GameSettings, plan: Plan, chunks: range, cluster: object, parts: list[Counts],
                progress: Optional[Callable[[int, int], None]]) -> str:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ConfigurationError("--cluster needs dask distributed: pip install 'baccarat-conformance[cluster]'") \
            from None
    own = not isinstance(cluster, Client)
    client = _client(str(cluster)) if own else cluster
    try:
        futures = [client.submit(run_chunk, settings, plan, i, pure=False) for i in chunks]
        for future in as_completed(futures):
            parts.append(future.result())
            if progress:
                progress(len(parts), len(chunks))
        return f"dask {client.scheduler.address}"
    finally:
        if own:
            client.close()


def _client(cluster: str) -> Any:
    """A ``distributed.Client`` of ``cluster``: a scheduler address (``tcp://host:8786``), or
    the scheduler file ``dask scheduler --scheduler-file FILE`` wrote (``*.json``), whose
    scheduler must be the one answering at its address: a scheduler of someone else's
    listening on that port would take the chunks (and give the run their workers' game).

    :raises ConfigurationError: a scheduler file that cannot be read, or whose scheduler
        is not the one answering at its address."""
    import json

    from distributed import Client

    if not cluster.endswith(".json"):
        return Client(cluster, timeout="30s")
    try:
        written = json.loads(open(cluster, encoding="utf-8").read())
        address, wanted = str(written["address"]), str(written["id"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigurationError(f"--cluster {cluster}: not a scheduler file of `dask scheduler --scheduler-file` "
                                 f"({type(e).__name__}: {e})") from None
    client = Client(address, timeout="30s")
    found = client.scheduler_info().get("id")
    if found != wanted:
        client.close()
        raise ConfigurationError(f"--cluster {cluster}: the scheduler answering at {address} is {found}, not {wanted} "
                                 f"that wrote the file: another scheduler holds that port (start yours with "
                                 f"--port 0, a free port)")
    return client
