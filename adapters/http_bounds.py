"""The bounds of one HTTP operation (used by :mod:`.http`): a deadline on the whole
operation, enforced by shutting down its connections, a session that never follows a
redirect, and a body reader that stops at a size cap counted after decompression.

See docs/security.md for the options (``--operation-timeout``, ``--max-answer-bytes``)
and their defaults.
"""

from __future__ import annotations

import socket
import threading
import time
import zlib
from typing import Any, Optional

import requests
from requests.adapters import HTTPAdapter
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

__all__ = ["OperationClock", "NoRedirectSession", "ClockedHTTPAdapter", "Received", "BoundedInflater",
           "INFLATE_STEP"]

INFLATE_STEP = 1024 * 1024  # largest piece decompressed at once


class OperationClock:
    """The deadline of the operation in progress. A watcher thread shuts down every
    connection the operation has used once the deadline has passed (and keeps doing
    so until the operation ends), which ends any read or write blocked on it: a
    status line, headers or a body dripped a byte at a time cannot outlast it."""

    POLL = 0.05

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._deadline: Optional[float] = None
        self._conns: list[Any] = []
        self._thread: Optional[threading.Thread] = None
        self._closed = False
        self.expired = False

    def start(self, seconds: Optional[float]) -> None:
        """Begin an operation bounded by ``seconds`` (None: unbounded)."""
        with self._cond:
            self.expired = False
            self._conns = []
            self._deadline = None if seconds is None else time.monotonic() + seconds
            if self._deadline is not None and self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="http-operation-clock", daemon=True)
                self._thread.start()
            self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._deadline = None
            self._conns = []
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def register(self, conn: Any) -> None:
        """A connection the operation is about to use (called by the connection pool)."""
        with self._cond:
            if self._deadline is None:
                return
            if self.expired:
                raise ConnectionAbortedError("the operation deadline has passed")
            self._conns.append(conn)

    def _watch(self) -> None:
        with self._cond:
            while not self._closed:
                if self._deadline is None:
                    self._cond.wait()
                    continue
                remaining = self._deadline - time.monotonic()
                if remaining > 0:
                    self._cond.wait(remaining)
                    continue
                self.expired = True
                for conn in self._conns:
                    _shutdown(conn)
                self._cond.wait(self.POLL)


def _shutdown(conn: Any) -> None:
    sock = getattr(conn, "sock", None)
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:  # already closed
            pass


def _clocked_pools(clock: OperationClock) -> dict[str, type]:
    """Connection pool classes that tell ``clock`` about every connection a request uses."""

    class ClockedPool(HTTPConnectionPool):
        def _make_request(self, conn: Any, *args: Any, **kw: Any) -> Any:
            clock.register(conn)
            return super()._make_request(conn, *args, **kw)

    class ClockedTlsPool(HTTPSConnectionPool):
        def _make_request(self, conn: Any, *args: Any, **kw: Any) -> Any:
            clock.register(conn)
            return super()._make_request(conn, *args, **kw)

    return {"http": ClockedPool, "https": ClockedTlsPool}


class NoRedirectSession(requests.Session):
    """A session that never follows a redirect, and never reads a redirect's body
    behind the harness's back: requests, even with ``allow_redirects=False``, reads
    the whole body of a 3xx (unbounded) to prepare the next request. The
    ``Authorization`` header therefore never reaches another origin; the adapter
    reports a redirect as a protocol error."""

    def get_redirect_target(self, resp: requests.Response) -> None:
        return None


class ClockedHTTPAdapter(HTTPAdapter):
    """requests' transport adapter whose connections are watched by an :class:`OperationClock`."""

    def __init__(self, clock: OperationClock, **kw: Any):
        self.clock = clock  # before HTTPAdapter.__init__, which builds the pool manager
        super().__init__(**kw)

    def init_poolmanager(self, *args: Any, **kw: Any) -> None:
        super().init_poolmanager(*args, **kw)
        self.poolmanager.pool_classes_by_scheme = _clocked_pools(self.clock)


class Received:
    """A body as it is read. Its bytes are not redacted yet, so its repr never shows them
    (``pytest -l`` prints the local variables of a failing frame)."""

    __slots__ = ("parts", "wire", "size", "too_large", "error")

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.wire = 0  # bytes received (compressed, if the body is)
        self.size = 0  # bytes after decompression
        self.too_large = False
        self.error: Optional[BaseException] = None

    def data(self) -> bytes:
        return b"".join(self.parts)

    def head(self, n: int) -> bytes:
        """The first ``n`` bytes (without joining the rest)."""
        out, have = [], 0
        for part in self.parts:
            if have >= n:
                break
            out.append(part[:n - have])
            have += len(out[-1])
        return b"".join(out)

    def __repr__(self) -> str:
        return f"<Received {self.wire} bytes, {self.size} decompressed>"


class BoundedInflater:
    """Decompresses one ``Content-Encoding`` (``gzip``, ``deflate``) chunk by chunk,
    never producing more output than asked: a gzip bomb costs memory only up to the cap."""

    def __init__(self, encoding: str):
        self.gzip = encoding in ("gzip", "x-gzip")
        self._wbits = 16 + zlib.MAX_WBITS if self.gzip else zlib.MAX_WBITS
        self._d = zlib.decompressobj(self._wbits)
        self._started = False
        self.done = False

    def feed(self, data: bytes, budget: int) -> list[bytes]:
        """Decompress ``data`` into pieces of at most :data:`INFLATE_STEP` bytes; at most
        ``budget`` bytes come out in all (the rest is dropped: the caller stops at its cap).

        :raises zlib.error: the data is not a stream of the encoding.
        """
        out: list[bytes] = []
        while data and budget > 0 and not self.done:
            try:
                piece = self._d.decompress(data, min(budget, INFLATE_STEP))
            except zlib.error:
                if not self._started and not self.gzip and self._wbits > 0:  # raw deflate, no zlib header
                    self._wbits = -zlib.MAX_WBITS
                    self._d = zlib.decompressobj(self._wbits)
                    continue
                raise
            self._started = True
            if piece:
                out.append(piece)
            budget -= len(piece)
            if self._d.eof:
                rest = self._d.unused_data
                if self.gzip and rest[:2] == b"\x1f\x8b":  # another gzip member
                    self._d = zlib.decompressobj(self._wbits)
                    data = rest
                    continue
                self.done = True  # anything after the stream is ignored
                break
            data = self._d.unconsumed_tail
        return out
