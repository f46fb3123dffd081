"""Game servers that attack the harness on purpose: they leak the credential they
were sent back in every way a careless or hostile server could, or send answers
without bounds. They show that the HTTP adapter redacts everything the server sent
(adapters/redact.py) and bounds every answer (``--max-answer-bytes``,
``--operation-timeout``), while the run goes on.

Run as a real process on 127.0.0.1 (``tests.games.misbehaving_servers.serve`` starts it)::

    python -m tests.games.hostile_servers --mode leak --port 0
    python -m tests.games.hostile_servers --mode gzip_bomb --on deal_round --after 2 --count 1 --port 0

Modes (:data:`MODES`):

``leak``
    plays the reference game, and puts the ``Authorization`` header it received (and,
    for HTTP Basic, the password decoded from it) into its answers: every shoe record
    carries it JSON-escaped (every character ``\\uXXXX``) and mixed-escaped in ``x_``
    fields, plus a response header; ``deal_round`` calls take turns at: a round record
    with ``x_`` fields holding it JSON-escaped, URL-encoded and base64-encoded;
    ``500 Bad auth <header>`` (in the reason phrase) with the escaped header in the
    error message; a ``307`` redirect to ``--redirect-to`` with it URL-encoded in the
    ``Location``; a ``409`` refusal whose message holds it JSON-escaped.
``collect``
    appends the ``Authorization`` header of every request it gets (``-`` when none) to
    the file ``--log``, and answers 404: the other origin a redirect points at.
``gzip_bomb``
    for the chosen calls, a 200 answer ``Content-Encoding: gzip`` of about 1 MiB that
    inflates to ``--bomb-mib`` MiB (64 MiB gzip members, repeated).
``oversized``
    for the chosen calls, a 200 answer of ``--oversized-mib`` MiB of valid JSON, its
    ``Content-Length`` declared.
``oversized_stream``
    the same without a ``Content-Length`` (the body ends when the connection closes).
``drip``
    for the chosen calls, the status line and headers at once, then the body one byte
    every ``--drip-interval`` seconds (a read timeout never fires).
``drip_head``
    for the chosen calls, the status line and headers themselves a byte at a time.
``brotli``
    for the chosen calls, a body with ``Content-Encoding: br``, which the harness did
    not ask for.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import json
import os
import sys
import threading
import time
import urllib.parse
from typing import Any, Optional, Sequence

from baccarat_conformance.reference_game.server import GameRequestHandler, build_parser, serve as serve_game

from tests.games.misbehaving_servers import FaultyServer

MODES = ("leak", "collect", "gzip_bomb", "oversized", "oversized_stream", "drip", "drip_head", "brotli")
ECHO_HEADER = "X-Echo-Authorization"


def json_escaped(text: str) -> str:
    r"""``text`` with every character (UTF-16 code unit) as ``\uXXXX``."""
    units = text.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2))


def mixed_escaped(text: str) -> str:
    r"""Every other character as ``\uXXXX`` (upper-case hex), the rest raw."""
    return "".join(json_escaped(ch).upper().replace("\\U", "\\u") if i % 2 == 0 else ch
                   for i, ch in enumerate(text))


def basic_password(authorization: str) -> Optional[str]:
    """The password of an HTTP Basic ``Authorization`` header, or None."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        return base64.b64decode(token).decode("utf-8").partition(":")[2]
    except ValueError:
        return None


def with_raw_fields(answer: dict, fields: dict[str, str]) -> bytes:
    """``answer`` as JSON text with ``fields`` added, their values written as given
    (already JSON-escaped text, inserted verbatim between quotes)."""
    text = json.dumps(answer, separators=(",", ":"), ensure_ascii=False)
    extra = "".join(f',"{k}":"{v}"' for k, v in fields.items())
    return (text[:-1] + extra + "}").encode("utf-8")


@functools.lru_cache(maxsize=1)
def _bomb_member() -> bytes:
    """64 MiB of spaces, gzipped (about 64 KiB)."""
    return gzip.compress(b" " * (64 << 20), compresslevel=9)


class HostileServer(FaultyServer):
    def __init__(self, *args: Any, mode: str, redirect_to: str, log: Optional[str], bomb_mib: int,
                 oversized_mib: int, drip_interval: float, **kw: Any):
        super().__init__(*args, fault=mode, **kw)
        self.mode, self.redirect_to, self.log_path = mode, redirect_to, log
        self.bomb_mib, self.oversized_mib, self.drip_interval = bomb_mib, oversized_mib, drip_interval
        self._log_lock = threading.Lock()
        self.leaks = 0


class HostileHandler(GameRequestHandler):
    server: HostileServer

    def respond(self, op: str, params: dict) -> None:
        mode = self.server.mode
        if mode == "collect":
            with self.server._log_lock, open(self.server.log_path or os.devnull, "a", encoding="utf-8") as fh:
                fh.write((self.headers.get("Authorization") or "-") + "\n")
            self.send_json(404, {"error": {"code": "invalid_request", "message": "not here"}})
            return
        if mode == "leak":
            return self._leak(op, params)
        if not self.server.fault_due(op):
            return super().respond(op, params)
        getattr(self, f"_{mode}")(op, params)

    # ------------------------------------------------------------------ leaks
    def _leak(self, op: str, params: dict) -> None:
        auth = self.headers.get("Authorization", "")
        password = basic_password(auth)
        secret = password or auth.partition(" ")[2]
        status, answer = self.server.call_game(op, params)
        echo = {ECHO_HEADER: auth}
        if status != 200 or op not in ("start_shoe", "deal_round"):
            return self.send_json(status, answer, extra_headers=echo)
        if op == "start_shoe":
            return self.send_bytes(200, with_raw_fields(answer, {
                "x_auth": json_escaped(auth), "x_auth_mixed": mixed_escaped(auth),
                "x_secret": json_escaped(secret)}), "application/json", echo)
        turn = self.server.leaks % 4
        self.server.leaks += 1
        if turn == 0:  # a round record with the credential in x_ fields, encoded six ways
            body = with_raw_fields(answer, {
                "x_auth": json_escaped(auth), "x_secret_url": urllib.parse.quote_plus(secret),
                "x_secret_b64": base64.b64encode(secret.encode()).decode(),
                "x_auth_url": "".join(f"%{b:02X}" for b in auth.encode()),
                # issue 26, item 15: HTML character references, hex, base64 of gzip
                "x_secret_html": "".join(f"&#{ord(c)};" for c in secret),
                "x_secret_hex": secret.encode().hex(),
                "x_auth_gzip_b64": base64.b64encode(gzip.compress(auth.encode())).decode()})
            self.send_bytes(200, body, "application/json", echo)
        elif turn == 1:  # the reason phrase, and the error message
            body = f'{{"error":{{"code":"internal","message":"bad auth {json_escaped(auth)}"}}}}'.encode()
            self._send_status_line(500, f"Bad auth {auth}", body, "application/json")
        elif turn == 2:  # a redirect to another origin, the credential in its query
            location = (f"{self.server.redirect_to}/v1/{op}?auth={urllib.parse.quote_plus(auth)}"
                        f"&secret={urllib.parse.quote(secret, safe='')}")
            self.send_bytes(307, f'<a href="{location}">moved</a>'.encode(), "text/html",
                            {"Location": location, **echo})
        else:  # a refusal whose message holds the credential JSON-escaped
            body = (f'{{"error":{{"code":"invalid_state","message":"token {mixed_escaped(auth)} '
                    f'({json_escaped(secret)}) is not allowed to deal"}}}}').encode()
            self.send_bytes(409, body, "application/json", echo)

    def _send_status_line(self, status: int, reason: str, body: bytes, content_type: str) -> None:
        head = (f"HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n")
        self.wfile.write(head.encode("latin-1") + body)

    # ------------------------------------------------------------------ unbounded answers
    def _gzip_bomb(self, op: str, params: dict) -> None:
        member = _bomb_member()
        opening = gzip.compress(b'{"round_id": "bomb", "x_pad": "')
        members = max(1, self.server.bomb_mib // 64)
        body = opening + member * members
        head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        self.close_connection = True
        self.wfile.write(head + body)

    def _oversized(self, op: str, params: dict, declared: bool = True) -> None:
        size = self.server.oversized_mib << 20
        length = f"Content-Length: {size}\r\n" if declared else "Connection: close\r\n"
        head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{length}\r\n".encode()
        self.close_connection = True
        self.wfile.write(head + b'{"x_pad": "')
        block = b"x" * (1 << 20)
        sent = 11
        try:
            while sent < size - 2:
                n = min(len(block), size - 2 - sent)
                self.wfile.write(block[:n])
                sent += n
            self.wfile.write(b'"}')
        except OSError:  # the harness stopped reading at its cap and closed the connection
            pass

    def _brotli(self, op: str, params: dict) -> None:
        self.send_bytes(200, b"\x0b\x02\x80{}\x03", "application/json", {"Content-Encoding": "br"})

    def _oversized_stream(self, op: str, params: dict) -> None:
        self._oversized(op, params, declared=False)

    def _drip(self, op: str, params: dict) -> None:
        _, answer = self.server.call_game(op, params)
        body = json.dumps(answer).encode()
        head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        self.close_connection = True
        self.wfile.write(head)
        self._drip_bytes(body)

    def _drip_head(self, op: str, params: dict) -> None:
        _, answer = self.server.call_game(op, params)
        body = json.dumps(answer).encode()
        head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: {'p' * 4000}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        self.close_connection = True
        self._drip_bytes(head + body)

    def _drip_bytes(self, data: bytes) -> None:
        try:
            for i in range(len(data)):
                if self.server.stopping.wait(self.server.drip_interval):
                    return
                self.wfile.write(data[i:i + 1])
                self.wfile.flush()
        except OSError:  # the harness gave up and closed the connection
            pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser("python -m tests.games.hostile_servers")
    parser.add_argument("--mode", required=True, choices=MODES)
    parser.add_argument("--on", default="deal_round", help="operation that misbehaves ('*' for all; default deal_round)")
    parser.add_argument("--after", type=int, default=2, help="calls of that operation answered properly first")
    parser.add_argument("--count", type=int, default=1, help="how many misbehave (0: every one after --after)")
    parser.add_argument("--redirect-to", default="http://127.0.0.1:9", help="leak: where the redirect points")
    parser.add_argument("--log", default=None, help="collect: file the received Authorization headers go to")
    parser.add_argument("--bomb-mib", type=int, default=1024, help="gzip_bomb: inflated size in MiB")
    parser.add_argument("--oversized-mib", type=int, default=400, help="oversized: body size in MiB")
    parser.add_argument("--drip-interval", type=float, default=0.2, help="drip: seconds between bytes")
    args = parser.parse_args(argv)
    server_class = functools.partial(
        HostileServer, mode=args.mode, on=args.on, after=args.after, count=args.count,
        redirect_to=args.redirect_to, log=args.log, bomb_mib=args.bomb_mib, oversized_mib=args.oversized_mib,
        drip_interval=args.drip_interval)
    return serve_game(args, HostileHandler, server_class)


if __name__ == "__main__":
    sys.exit(main())
