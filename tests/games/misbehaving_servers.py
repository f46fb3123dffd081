"""Game servers that misbehave on purpose, to show that the HTTP adapter turns each
failure into the right category and that a run survives it.

Transport faults: the reference game server with a handler that, for the chosen
operation, answers the first ``--after`` calls properly and then misbehaves
(``--count`` times; 0 = for ever)::

    python -m tests.games.misbehaving_servers --fault hang --on deal_round --after 2 --port 0

Faults (:data:`FAULTS`): ``hang`` (never answers), ``drop`` (closes the connection
without an answer), ``500`` (an HTML error page, as a crashing framework sends),
``503`` (service unavailable, JSON error object), ``invalid_json`` (status 200 and a
truncated body), ``not_object`` (status 200 and a JSON array), ``float_money``
(the right answer with every amount a JSON number: valid JSON that breaks the
schema), ``duplicate_paid`` (every ``paid`` key given twice, a wrong amount first and
the right one last), ``nan_field`` (a ``NaN`` literal in an ``x_`` field), ``error_200``
(an error object with status 200), ``echo_auth`` (requires
the ``Authorization`` header in ``$MISBEHAVING_EXPECTED_AUTH``, answers 401
without it, and echoes it back in a header and inside describe/deal_round results:
the redaction test).

Rule faults are games, served by the ordinary reference server::

    python -m baccarat_conformance.reference_game.server --port 0 --game tests.games.misbehaving_servers:wrong_amounts

:func:`serve` starts any of these as a real process on 127.0.0.1 and yields its URL.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import os
import socket
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator, Optional, Sequence

from baccarat_conformance.reference_game import ReferenceGame
from baccarat_conformance.reference_game.server import GameRequestHandler, GameServer, build_parser, serve as serve_game

REPO = Path(__file__).resolve().parents[2]
FAULTS = ("hang", "drop", "500", "503", "invalid_json", "not_object", "float_money", "duplicate_paid", "nan_field",
          "error_200", "echo_auth")
HANG_SECONDS = 120
EXPECTED_AUTH_ENV = "MISBEHAVING_EXPECTED_AUTH"
ECHO_HEADER = "X-Echo-Authorization"


# ---------------------------------------------------------------------- rule faults
class WrongAmounts(ReferenceGame):
    """Pays a winning wager on the Player's Hand at 0.95 to 1, as if vigorish were
    due on it (58 Pa. Code § 631a.13(a) says 1 to 1): valid JSON, wrong money."""

    def settle(self, table, wager, hands):
        s = super().settle(table, wager, hands)
        if wager.wager_type == "player" and s.result == "win":
            return dataclasses.replace(s, paid=wager.amount + wager.amount * Decimal("0.95"))
        return s


def wrong_amounts() -> WrongAmounts:
    return WrongAmounts()


# ---------------------------------------------------------------------- transport faults
class FaultyServer(GameServer):
    def __init__(self, *args: Any, fault: str, on: str, after: int, count: int, **kw: Any):
        super().__init__(*args, **kw)
        self.fault, self.on, self.after, self.count = fault, on, after, count
        self.calls: dict[str, int] = {}
        self.connections: set[Any] = set()
        self.stopping = threading.Event()
        self._count_lock = threading.Lock()

    def fault_due(self, op: str) -> bool:
        """Count a call of ``op``; whether this one misbehaves."""
        with self._count_lock:
            n = self.calls[op] = self.calls.get(op, 0) + 1
        if self.on not in ("*", op):
            return False
        return n > self.after and (self.count == 0 or n <= self.after + self.count)

    def server_close(self) -> None:
        self.stopping.set()
        super().server_close()


class FaultyHandler(GameRequestHandler):
    server: FaultyServer

    def respond(self, op: str, params: dict) -> None:
        self.server.connections.add(self.client_address)
        fault = self.server.fault
        if fault == "echo_auth":
            return self._echo_auth(op, params)
        if not self.server.fault_due(op):
            return super().respond(op, params)
        if fault == "hang":
            self.server.stopping.wait(HANG_SECONDS)
            self.close_connection = True
        elif fault == "drop":
            self.close_connection = True
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
        elif fault == "500":
            self.send_bytes(500, b"<html><body><h1>500 Internal Server Error</h1></body></html>",
                            "text/html; charset=utf-8")
        elif fault == "503":
            self.send_json(503, {"error": {"code": "internal", "message": "temporarily unavailable"}})
        else:
            status, answer = self.server.call_game(op, params)
            if fault == "invalid_json":
                text = json.dumps(answer)
                self.send_bytes(200, text[: max(1, len(text) // 2)].encode(), "application/json")
            elif fault == "not_object":
                self.send_json(200, [answer])
            elif fault == "float_money":
                self.send_json(200, _floats(answer))
            elif fault == "duplicate_paid":  # a key given twice: the last one is the right amount
                text = json.dumps(answer, separators=(",", ":")).replace('"paid":', '"paid":"999999.00","paid":')
                self.send_bytes(200, text.encode(), "application/json")
            elif fault == "nan_field":  # a NaN literal in a vendor field
                self.send_bytes(200, json.dumps({**answer, "x_ratio": float("nan")}).encode(), "application/json")
            elif fault == "error_200":
                self.send_json(200, {"error": {"code": "invalid_state", "message": "answered with status 200"}})
            else:  # pragma: no cover
                raise ValueError(fault)

    def _echo_auth(self, op: str, params: dict) -> None:
        got = self.headers.get("Authorization", "")
        if got != os.environ.get(EXPECTED_AUTH_ENV):
            self.send_bytes(401, b"unauthorized", "text/plain", {"WWW-Authenticate": 'Bearer realm="game"'})
            return
        status, answer = self.server.call_game(op, params)
        if status == 200 and op in ("describe", "deal_round"):
            answer = {**answer, "x_echo_authorization": got}  # a careless server echoing the credential
        self.send_json(status, answer, extra_headers={ECHO_HEADER: got})


MONEY_KEYS = frozenset({"amount", "paid", "vigorish"})


def _floats(node: Any) -> Any:
    """Every money string under a money key -> a JSON number."""
    if isinstance(node, dict):
        return {k: (float(v) if k in MONEY_KEYS and isinstance(v, str) else _floats(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_floats(v) for v in node]
    return node


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser("python -m tests.games.misbehaving_servers")
    parser.add_argument("--fault", required=True, choices=FAULTS)
    parser.add_argument("--on", default="deal_round", help="operation that misbehaves ('*' for all; default deal_round)")
    parser.add_argument("--after", type=int, default=2, help="calls of that operation answered properly first")
    parser.add_argument("--count", type=int, default=0, help="how many misbehave (0: every one after --after)")
    args = parser.parse_args(argv)

    server_class = functools.partial(FaultyServer, fault=args.fault, on=args.on, after=args.after, count=args.count)
    return serve_game(args, FaultyHandler, server_class)


# ---------------------------------------------------------------------- processes
@contextlib.contextmanager
def serve(*args: str, module: str = "baccarat_conformance.reference_game.server",
          env: Optional[dict] = None, startup_timeout: float = 20.0) -> Iterator[str]:
    """Start ``python -m <module> --port 0 <args>`` on 127.0.0.1 in the repository
    and yield its URL; the process is terminated on exit.

    :raises RuntimeError: with the server's standard error if it does not print its URL.
    """
    cmd = [sys.executable, "-m", module, "--host", "127.0.0.1", "--port", "0", *args]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    try:
        url = _read_url(proc, startup_timeout)
        yield url
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """Terminate ``proc`` (kill it after 10 s) and close its pipes."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait()
    for stream in (proc.stdout, proc.stderr):
        if stream:
            stream.close()


def _read_url(proc: subprocess.Popen, timeout: float) -> str:
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(proc.stdout.readline()), daemon=True)  # type: ignore
    reader.start()
    reader.join(timeout)
    line = result[0].strip() if result else ""
    if not line.startswith("http"):
        proc.kill()
        _, err = proc.communicate(timeout=5)
        raise RuntimeError(f"{' '.join(map(str, proc.args))} did not start (exit {proc.returncode}):\n{err}")
    return line


if __name__ == "__main__":
    sys.exit(main())
