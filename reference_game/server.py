"""The reference game as an HTTP server: protocol version 1 over HTTP/JSON.

Every operation is ``POST /v1/<operation>`` with the params object as the JSON
body; the answer is the result object with status 200, or an error object
``{"error": {"code", "message"}}`` with status 400 (``invalid_request``), 409
(``invalid_state``), 422 (``unsupported``) or 500 (``internal``). The contract is
``protocol/openapi.json``; docs/http.md explains it.

Run it::

    python -m baccarat_conformance.reference_game.server --host 127.0.0.1 --port 8765
    python -m baccarat_conformance.reference_game.server --port 0 --game tests.games.broken_games:no_modulo

It prints its URL on standard output (one line) once it accepts connections;
``--port 0`` picks a free port. ``--game module:factory`` serves another game
object (anything with ``handle(op, params) -> dict``), e.g. a deliberately broken
one. ``--certfile``/``--keyfile`` serve HTTPS; ``--client-ca`` also requires a
client certificate signed by that CA.

The server is the standard library's :class:`http.server.ThreadingHTTPServer`
speaking HTTP/1.1 with keep-alive. Each answer (status line, headers, body) goes out
in one ``send``, and accepted sockets get ``TCP_NODELAY``. http.server's own way,
headers and body in two sends on a socket with Nagle's algorithm on, makes a
keep-alive client on loopback wait out the delayed ACK on every request: about 20
requests per second instead of several hundred (measured with requests and with
http.client). Game calls are serialised by a lock (the game is one object with many
tables).

``--processes N`` (N > 1) serves concurrent tables in parallel: N game processes
(:class:`GameProcesses`, the standard library's :mod:`multiprocessing`), each with a game
of its own, behind this one HTTP server, which routes each operation: ``open_table`` to
the process with the fewest open tables (then the fewest operations in flight), an
operation naming a ``table_id`` to the process that opened that table, one without a
table (``describe``, ``run_rounds``) to the process with the fewest operations in flight.
A game process decodes the params and encodes its answer itself, so the server's own
process only moves bytes. The reference game numbers its ids per process
(:meth:`ReferenceGame.number_ids`: process k of N gives ``T{k}``, ``T{k+N}``, ...), so
table, shoe, wager and round ids are unique across the processes; a ``--game`` without
``number_ids`` is served too, and a table id two processes both gave is answered as an
``internal`` error naming it.

Like the rest of the reference game it never imports the harness.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pkgutil
import signal
import socket
import ssl
import sys
import threading
import traceback
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional, Sequence

from . import create_game

API_PREFIX = "/v1/"
DEFAULT_GAME = "baccarat_conformance.reference_game:create_game"
MAX_BODY = 256 * 1024 * 1024  # a run_rounds batch of tens of thousands of rounds is a few MB
ERROR_STATUS = {"invalid_request": 400, "invalid_state": 409, "unsupported": 422, "internal": 500}
"""HTTP status of each protocol error code (docs/http.md)."""


class GameRequestHandler(BaseHTTPRequestHandler):
    """Serves ``POST /v1/<operation>`` from ``self.server.game``.

    Subclasses (tests/games/misbehaving_servers.py) override :meth:`respond` to answer
    badly on purpose.
    """

    protocol_version = "HTTP/1.1"
    server_version = "BaccaratReferenceGame/1"
    server: "GameServer"

    # ----------------------------------------------------------------- HTTP
    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        if not self.path.startswith(API_PREFIX) or "/" in self.path[len(API_PREFIX):]:
            self.send_json(404, _error("invalid_request", f"no endpoint {self.path}: POST /v1/<operation>"))
            return
        op = self.path[len(API_PREFIX):]
        params = self.read_params()
        if params is None:
            return
        self.respond(op, params)

    def do_GET(self) -> None:  # noqa: N802
        if self.path in ("/", "/v1", API_PREFIX):
            text = (f"{self.server.game_name}: protocol v1 over HTTP. POST /v1/<operation> with a JSON "
                    "object body (docs/http.md).\n").encode()
            self.send_bytes(200, text, "text/plain; charset=utf-8")
        else:
            self.send_json(405, _error("invalid_request", f"GET {self.path}: every operation is a POST"),
                           extra_headers={"Allow": "POST"})

    def read_params(self) -> Optional[dict]:
        """Read the JSON body; answer 4xx and return None if it is not a JSON object."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self.close_connection = True
            self.send_json(411, _error("invalid_request", "send the body with a Content-Length"))
            return None
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            self.send_json(400, _error("invalid_request", f"bad Content-Length {self.headers.get('Content-Length')!r}"))
            return None
        raw = self.rfile.read(length) if length else b"{}"
        try:
            params = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as e:
            self.send_json(400, _error("invalid_request", f"the body is not JSON: {e}"))
            return None
        if not isinstance(params, dict):
            self.send_json(400, _error("invalid_request", "the body must be a JSON object (the operation's params)"))
            return None
        return params

    def respond(self, op: str, params: dict) -> None:
        """Answer ``op``: the game's result (200) or its error object (4xx/5xx)."""
        status, answer = self.server.call_game(op, params)
        self.send_json(status, answer)

    def send_json(self, status: int, document: Any, extra_headers: Optional[dict] = None) -> None:
        """Answer ``document`` as JSON (``bytes``: JSON already encoded, by a game process)."""
        if isinstance(document, bytes):
            body = document
        else:
            body = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        self.send_bytes(status, body, "application/json", extra_headers)

    def send_bytes(self, status: int, body: bytes, content_type: str, extra_headers: Optional[dict] = None) -> None:
        """Write the status line, headers and body in one ``send`` (one TCP segment for a
        small answer, so the client wakes once per answer)."""
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:
            phrase = ""
        headers = {"Server": self.version_string(), "Date": self.date_time_string(),
                   "Content-Type": content_type, "Content-Length": str(len(body)), **(extra_headers or {})}
        if self.close_connection:
            headers["Connection"] = "close"
        head = f"{self.protocol_version} {status} {phrase}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.wfile.write(head.encode("latin-1") + b"\r\n" + body)
        self.log_request(status, len(body))

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's signature)
        if self.server.verbose:
            super().log_message(format, *args)


class GameServer(ThreadingHTTPServer):
    """A threading HTTP/1.1 server around one game object (``handle(op, params) -> dict``)."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], game: Any,
                 handler: type[GameRequestHandler] = GameRequestHandler, verbose: bool = False,
                 ssl_context: Optional[ssl.SSLContext] = None):
        if not callable(getattr(game, "handle", None)):
            raise TypeError(f"the game object {game!r} has no handle(op, params) method")
        self.game = game
        self.game_name = getattr(game, "name", type(game).__name__)
        self.verbose = verbose
        self.ssl_context = ssl_context
        self._lock = threading.Lock()
        super().__init__(address, handler)

    def get_request(self) -> tuple[socket.socket, Any]:
        sock, addr = super().get_request()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.ssl_context is not None:
            sock = self.ssl_context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        return sock, addr

    def finish_request(self, request: Any, client_address: Any) -> None:
        if isinstance(request, ssl.SSLSocket):  # handshake on the worker thread, not the accept loop
            try:
                request.do_handshake()
            except (ssl.SSLError, OSError):
                return
        super().finish_request(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        scheme = "https" if self.ssl_context is not None else "http"
        host = f"[{host}]" if ":" in str(host) else host
        return f"{scheme}://{host}:{port}"

    def call_game(self, op: str, params: dict) -> tuple[int, Any]:
        """Run one operation on the game; returns (HTTP status, answer: a dict, or its JSON
        already encoded as ``bytes`` when the game runs in processes)."""
        if self.processes is not None:
            return self.processes.call(op, params)
        with self._lock:
            return _answer(self.game, op, params, self.verbose)

    processes: Optional["GameProcesses"] = None

    def server_close(self) -> None:
        super().server_close()
        if self.processes is not None:
            self.processes.close()


def _answer(game: Any, op: str, params: dict, verbose: bool = False) -> tuple[int, dict]:
    """``game.handle(op, params)`` as (HTTP status, answer): a crash or an answer that is
    not an object is the protocol's ``internal`` error (500)."""
    try:
        answer = game.handle(op, params)
    except Exception as e:  # the game crashed: the protocol's "internal" error
        if verbose:
            traceback.print_exc()
        return 500, _error("internal", f"{op}: {type(e).__name__}: {e}")
    if not isinstance(answer, dict):
        return 500, _error("internal", f"{op}: the game answered {type(answer).__name__}, not an object")
    if set(answer) == {"error"} and isinstance(answer["error"], dict):
        return ERROR_STATUS.get(answer["error"].get("code"), 400), answer
    return 200, answer


def _error(code: str, message: str) -> dict:
    return {"error": {"code": code, "message": message}}


def _game_process(connection: Any, spec: str, index: int, count: int, verbose: bool) -> None:
    """One game process of :class:`GameProcesses`: builds its game from ``spec``, numbers
    its ids (``number_ids(index + 1, count)`` when the game has it), then answers
    ``(op, params JSON)`` with ``(status, answer JSON)`` until it receives None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops the processes
    game = (create_game if spec == DEFAULT_GAME else load_factory(spec))()
    if callable(getattr(game, "number_ids", None)):
        game.number_ids(index + 1, count)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        op, body = message
        status, answer = _answer(game, op, json.loads(body), verbose)
        connection.send((status, json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode("utf-8")))


class GameProcesses:
    """``count`` game processes, each with a game built from the factory ``spec``, and the
    routing of operations to them (the module's docstring): which process opened each
    table, how many tables each has open and how many operations each has in flight.

    :raises ValueError: ``count`` is less than 1."""

    def __init__(self, spec: str, count: int, verbose: bool = False):
        if count < 1:
            raise ValueError(f"--processes {count}: at least 1")
        context = multiprocessing.get_context("spawn")  # no thread of the server is copied into a game
        self._pipes, self._procs, self._locks = [], [], []
        for index in range(count):
            mine, theirs = context.Pipe()
            proc = context.Process(target=_game_process, args=(theirs, spec, index, count, verbose),
                                   name=f"game-{index + 1}", daemon=True)
            proc.start()
            theirs.close()
            self._pipes.append(mine)
            self._procs.append(proc)
            self._locks.append(threading.Lock())
        self._state = threading.Lock()
        self._tables: dict[str, int] = {}
        self._open = [0] * count
        self._busy = [0] * count

    def _route(self, op: str, params: dict) -> int:
        with self._state:
            table = params.get("table_id")
            if isinstance(table, str) and table in self._tables:
                index = self._tables[table]
            elif op == "open_table":
                index = min(range(len(self._procs)), key=lambda i: (self._open[i], self._busy[i]))
            else:  # no table, or one no process opened: any process answers (the game's own error for the latter)
                index = min(range(len(self._procs)), key=lambda i: self._busy[i])
            self._busy[index] += 1
            return index

    def call(self, op: str, params: dict) -> tuple[int, bytes]:
        """Run one operation on the process :meth:`_route` picks: (HTTP status, answer JSON)."""
        index = self._route(op, params)
        try:
            with self._locks[index]:
                try:
                    self._pipes[index].send((op, json.dumps(params)))
                    status, body = self._pipes[index].recv()
                except (EOFError, OSError) as e:
                    return 500, self._encoded(_error("internal", f"{op}: game process {index + 1} is gone: {e}"))
        finally:
            with self._state:
                self._busy[index] -= 1
        if status == 200 and op == "open_table":
            table = json.loads(body).get("table_id")
            with self._state:
                if table in self._tables:
                    return 500, self._encoded(_error("internal", f"open_table: game processes {self._tables[table] + 1} "
                                                     f"and {index + 1} both gave table id {table!r}: the game's ids "
                                                     f"are not unique across processes (serve it with --processes 1)"))
                self._tables[table], self._open[index] = index, self._open[index] + 1
        elif status == 200 and op == "close_table":
            with self._state:
                if self._tables.pop(params.get("table_id"), None) is not None:
                    self._open[index] -= 1
        return status, body

    @staticmethod
    def _encoded(answer: dict) -> bytes:
        return json.dumps(answer, separators=(",", ":")).encode("utf-8")

    def close(self) -> None:
        """Stop every game process (each ends at the None it receives)."""
        for pipe, lock in zip(self._pipes, self._locks):
            try:
                with lock:
                    pipe.send(None)
            except OSError:
                pass
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()


def load_factory(spec: str) -> Callable[[], Any]:
    """Resolve ``package.module:callable``; raises ValueError naming what does not resolve."""
    module_name, _, attr = spec.partition(":")
    if not all(part.isidentifier() for part in f"{module_name}.{attr}".split(".")):
        raise ValueError(f"--game {spec!r}: expected 'package.module:factory'")
    try:
        obj: Any = pkgutil.resolve_name(spec)
    except ImportError as e:
        raise ValueError(f"--game {spec!r}: cannot import {module_name!r}: {e}") from e
    except AttributeError:
        raise ValueError(f"--game {spec!r}: {module_name!r} has no attribute {attr!r}") from None
    return obj


def tls_context(certfile: str, keyfile: Optional[str], client_ca: Optional[str]) -> ssl.SSLContext:
    """A server-side TLS context; with ``client_ca``, clients must present a certificate it signed."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    if client_ca:
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(client_ca)
    return context


def build_parser(prog: str = "python -m baccarat_conformance.reference_game.server") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description="Serve a Baccarat game over the protocol's HTTP API.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free port)")
    parser.add_argument("--game", default=DEFAULT_GAME, metavar="MODULE:FACTORY",
                        help=f"factory of the game object to serve (default {DEFAULT_GAME})")
    parser.add_argument("--certfile", help="serve HTTPS with this PEM certificate (chain)")
    parser.add_argument("--keyfile", help="private key of --certfile, if not in the same file")
    parser.add_argument("--client-ca", help="require client certificates signed by this CA (PEM)")
    parser.add_argument("--verbose", action="store_true", help="log every request to standard error")
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="serve concurrent tables in parallel on N game processes, a table on the process "
                             "with the fewest open tables (default 1: one game in the server's process)")
    return parser


def serve(args: argparse.Namespace, handler: type[GameRequestHandler] = GameRequestHandler,
          server_class: Callable[..., GameServer] = GameServer) -> int:
    """Build the game and the server from parsed ``args`` and serve until SIGINT/SIGTERM.
    Returns the exit status (2 when the game, the TLS files or the address are bad)."""
    try:
        factory = create_game if args.game == DEFAULT_GAME else load_factory(args.game)
        game = factory()
        context = tls_context(args.certfile, args.keyfile, args.client_ca) if args.certfile else None
        server = server_class((args.host, args.port), game, handler, verbose=args.verbose, ssl_context=context)
        if getattr(args, "processes", 1) != 1:
            server.processes = GameProcesses(args.game, args.processes, args.verbose)
    except (ValueError, TypeError, OSError, ssl.SSLError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(server.url, flush=True)
    served = server.game_name if args.game == DEFAULT_GAME else f"the game of --game {args.game}"
    if server.processes is not None:
        served += f" on {args.processes} game processes"
    print(f"serving {served} at {server.url} (POST /v1/<operation>; Ctrl-C to stop)",
          file=sys.stderr, flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    return serve(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
