"""A table device on a pseudo-terminal: the reference game behind the serial
framing of protocol v1 (docs/serial-framing.md), for testing the serial adapter
and for benchmarking slow links without hardware.

Run::

    python -m baccarat_conformance.reference_game.device [--baud 115200] [--pace]
        [--game module:factory] [--fault noise:0.01] [--fault stop-after:30] ...

It opens a pseudo-terminal, prints the path of its slave side (``/dev/pts/N``) on
a line of its own when ready, and serves until killed. Point the harness at it
with ``--adapter serial --port /dev/pts/N``.

This module is the *device's* side of the framing, written independently of the
harness's codec (``adapters/framing.py``): its own COBS, its own table-driven
CRC-16/CCITT-FALSE (in :mod:`.frames`), its own link state machine (here; the
faults below are injected by :mod:`.link_faults`). Like the rest of the reference
game it never imports the harness (import-linter contract), so the two
implementations check each other.

``--pace`` paces both directions to ``--baud`` (start bit, 8 data bits, parity
and stop bits per byte), since a pseudo-terminal has no baud rate of its own.

The device leaves the game's par sheet (``describe.par_sheet``, protocol 1.2) out of its
``describe`` answer unless ``--declare-par-sheet``: the reference game's is 24 KB (2.4 KB
deflated, 25 s at 9600 baud uncompressed), and without it ``describe`` is one frame. Its
game-math scenarios are then "not verified" over the serial line (they run over the
library and HTTP adapters).

Faults (``--fault``, repeatable), injected into frames the device sends (``tx``)
and receives (``rx``; default both directions). ``SPEC`` is a probability per
frame (``noise:0.05``) or ``every=N`` (every Nth frame), plus ``dir=tx|rx|both``:

``noise:SPEC``       1 to 3 bytes of the frame replaced by random bytes, and a
                     burst of random bytes before it (tx)
``drop-byte:SPEC``   one byte of the frame lost (possibly a delimiter)
``truncate:SPEC``    the frame cut short; the rest, closing delimiter included, lost
``bad-crc:SPEC``     the frame's CRC inverted (a well-formed frame with a bad checksum)
``stop-after:N``     after sending N frames the device goes silent, mid-answer if
                     need be (``stop-after:N,resume=SECONDS`` comes back later)
"""

from __future__ import annotations

import argparse
import json
import os
import select
import signal
import socket
import sys
import threading
import time
import tty
import zlib
from collections import deque
from typing import Any, Optional

from .frames import (ACCEPTS_DEFLATE, ACK, BUSY, DATA, DEFLATE, FIRST, LAST, MAX_BLOCK, MAX_PAYLOAD, NAK, RESET,
                     TYPE_NAMES, Rx, parse_block)
from .link_faults import Faults

DEFAULT_GAME = "baccarat_conformance.reference_game:create_game"
IDLE_GAP = 0.1  # seconds of silence that end an unterminated block (a truncated frame)
#: seconds the line must be quiet after a NAK or bad block before a retransmission, doubled at
#: each retransmission of a frame, at most the ACK timeout (docs/serial-framing.md § 5.3)
SETTLE = 0.01


# ------------------------------------------------------------------ the line
class Disconnected(Exception):
    """The host closed its TCP connection (``--listen`` mode)."""


class Line:
    """The master side of the pseudo-terminal (or a TCP connection), paced to ``baud``
    when ``pace``."""

    def __init__(self, fd: int, baud: int, bits_per_byte: float, pace: bool, is_socket: bool = False):
        self.fd = fd
        self.is_socket = is_socket
        self.byte_time = bits_per_byte / baud
        self.pace = pace
        self.tx_free_at = 0.0
        self.rx_free_at = 0.0
        self.tx_bytes = self.rx_bytes = 0

    def write(self, data: bytes) -> float:
        """Send ``data``; returns the time it will have left the UART."""
        self.tx_bytes += len(data)
        if not self.pace:
            self._write_all(data)
            return time.monotonic()
        t = max(time.monotonic(), self.tx_free_at)
        step = max(1, int(0.004 / self.byte_time))  # about 4 ms of line time per write
        for i in range(0, len(data), step):
            chunk = data[i:i + step]
            t += len(chunk) * self.byte_time
            delay = t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._write_all(chunk)
        self.tx_free_at = t
        return t

    def _write_all(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.fd, view)
            except OSError as e:
                if self.is_socket:
                    raise Disconnected(str(e)) from None
                raise
            view = view[n:]

    def read(self, timeout: Optional[float]) -> bytes:
        """Bytes that have arrived, waiting at most ``timeout`` seconds (None: forever)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError as e:  # EIO while no process holds the pty's slave side
            if self.is_socket:
                raise Disconnected(str(e)) from None
            time.sleep(0.01)
            return b""
        if not data and self.is_socket:
            raise Disconnected("the host closed the connection")
        self.rx_bytes += len(data)
        if self.pace and data:
            self.rx_free_at = max(time.monotonic(), self.rx_free_at) + len(data) * self.byte_time
            delay = self.rx_free_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        return data


# ------------------------------------------------------------------ the device
class Device:
    """The link protocol of docs/serial-framing.md around a game's ``handle(op, params)``."""

    def __init__(self, line: Line, game: Any, faults: Faults, *, deflate: bool = True, ack_timeout: float = 0.5,
                 retries: int = 5, busy_interval: float = 0.5, verbose: bool = False, par_sheet: bool = False):
        self.line, self.game, self.faults = line, game, faults
        self.par_sheet = par_sheet
        self.deflate, self.ack_timeout, self.retries, self.busy_interval = deflate, ack_timeout, retries, busy_interval
        self.verbose = verbose
        self.faults.log = self.debug
        self.buf = bytearray()
        self.events: deque[Rx] = deque()
        self.tx_seq = 0
        self.last_rx_seq: Optional[int] = None
        self.peer_deflate = False
        self.partial: Optional[tuple[int, int, list[bytes]]] = None  # msg, flags, parts
        self.idle_gap = max(IDLE_GAP, 30 * line.byte_time)
        self.last_byte_at = 0.0

    def debug(self, text: str) -> None:
        if self.verbose:
            print(f"{time.monotonic():.3f} {text}", file=sys.stderr, flush=True)

    # ------------------------------------------------------------ frames in and out
    @property
    def own_flags(self) -> int:
        return ACCEPTS_DEFLATE if self.deflate else 0

    def send(self, ftype: int, seq: int, msg: int = 0, flags: int = 0, payload: bytes = b"") -> float:
        data = self.faults.on_tx(ftype, seq, msg, flags | self.own_flags, payload)
        self.debug(f"D>H {TYPE_NAMES[ftype]} seq={seq} msg={msg} len={len(payload)} ({len(data)} bytes on line)")
        if not data:
            return time.monotonic()
        return self.line.write(data)

    def next_event(self, timeout: Optional[float]) -> Optional[Rx]:
        """The next received frame, or None after ``timeout`` seconds (None: wait forever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.events:
            now = time.monotonic()
            if self.buf and now - self.last_byte_at > self.idle_gap:
                self.events.append(Rx(bad="line idle mid-frame", raw=bytes(self.buf[:48])))
                self.buf.clear()
                break
            remaining = None if deadline is None else deadline - now
            if remaining is not None and remaining <= 0:
                return None
            wait = 1.0 if remaining is None else remaining
            if self.buf:
                wait = min(wait, self.idle_gap)
            data = self.line.read(wait)
            if self.faults.silent():
                self.buf.clear()
                continue  # a device that stopped answering does not listen either
            if data:
                self.last_byte_at = time.monotonic()
            self.buf += data
            while True:
                i = self.buf.find(0)
                if i < 0:
                    if len(self.buf) > MAX_BLOCK:
                        self.events.append(Rx(bad="noise without delimiter", raw=bytes(self.buf[:48])))
                        self.buf.clear()
                    break
                block = bytes(self.buf[:i])
                del self.buf[:i + 1]
                if block:
                    block, bad_crc = self.faults.on_rx(block)
                    self.events.append(parse_block(block, corrupt_crc=bad_crc) if block else
                                       Rx(bad="empty", raw=b""))
        ev = self.events.popleft()
        self.debug(f"H>D {ev}")
        if not ev.bad and ev.flags & ACCEPTS_DEFLATE:
            self.peer_deflate = True
        return ev

    def next_seq(self) -> int:
        seq = self.tx_seq
        self.tx_seq = (self.tx_seq + 1) % 256
        return seq

    # ------------------------------------------------------------ link handling
    def on_reset(self, ev: Rx) -> None:
        self.last_rx_seq = None
        self.partial = None
        self.peer_deflate = bool(ev.flags & ACCEPTS_DEFLATE)
        self.send(ACK, ev.seq)

    def accept_data(self, ev: Rx) -> Optional[tuple[int, bytes, bool]]:
        """ACK a DATA frame and add it to the message; returns a finished message."""
        if ev.seq == self.last_rx_seq:
            self.send(ACK, ev.seq)  # duplicate: our ACK was lost
            return None
        self.last_rx_seq = ev.seq
        self.send(ACK, ev.seq)
        if ev.flags & FIRST:
            self.partial = (ev.msg, ev.flags, [])
        elif self.partial is None or self.partial[0] != ev.msg:
            self.partial = None
            return None
        self.partial[2].append(ev.payload)
        if ev.flags & LAST:
            msg, flags, parts = self.partial
            self.partial = None
            return msg, b"".join(parts), bool(flags & DEFLATE)
        return None

    def serve_forever(self) -> None:
        while True:
            ev = self.next_event(None)
            if ev is not None:
                self.handle_idle(ev)

    def handle_idle(self, ev: Rx) -> None:
        if ev.bad:
            self.send(NAK, self.last_rx_seq or 0)
        elif ev.ftype == RESET:
            self.on_reset(ev)
        elif ev.ftype == DATA:
            done = self.accept_data(ev)
            if done:
                self.process(*done)

    # ------------------------------------------------------------ one request
    def process(self, msg: int, data: bytes, deflated: bool) -> None:
        try:
            if deflated:
                data = zlib.decompress(data)
            request = json.loads(data.decode("utf-8"))
            op, params = request["op"], request.get("params") or {}
            if not isinstance(op, str) or not isinstance(params, dict):
                raise ValueError("op must be a string and params an object")
        except (ValueError, KeyError, TypeError, zlib.error) as e:
            self.answer(msg, {"error": {"code": "invalid_request", "message": f"not a protocol request: {e}"}})
            return
        result: dict = {}

        def work() -> None:
            try:
                result["answer"] = self.game.handle(op, params)
                if op == "describe" and not self.par_sheet and isinstance(result["answer"], dict):
                    result["answer"].pop("par_sheet", None)
            except Exception as e:  # the game crashed: tell the host, keep serving
                result["answer"] = {"error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}

        worker = threading.Thread(target=work, daemon=True)
        worker.start()
        abandoned = False
        next_busy = time.monotonic() + self.busy_interval
        while worker.is_alive():
            ev = self.next_event(max(0.0, min(next_busy - time.monotonic(), 0.05)))
            if time.monotonic() >= next_busy:
                self.send(BUSY, 0, msg)
                next_busy = time.monotonic() + self.busy_interval
            if ev is None:
                continue
            if ev.bad:
                self.send(NAK, self.last_rx_seq or 0)
            elif ev.ftype == RESET:
                self.on_reset(ev)
                abandoned = True
            elif ev.ftype == DATA:
                if ev.seq == self.last_rx_seq:
                    self.send(ACK, ev.seq)
                else:  # the host gave up on this request and sent another: serve that one next
                    self.events.appendleft(ev)
                    abandoned = True
                    break
        worker.join()
        if not abandoned:
            try:
                self.answer(msg, result["answer"])
            except (TypeError, ValueError) as e:
                self.answer(msg, {"error": {"code": "internal", "message": f"answer is not JSON: {e}"}})

    def answer(self, msg: int, obj: Any) -> None:
        data = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        flags = 0
        if self.deflate and self.peer_deflate and len(data) >= 256:
            packed = zlib.compress(data, 6)
            if len(packed) < len(data):
                data, flags = packed, DEFLATE
        n = max(1, -(-len(data) // MAX_PAYLOAD))
        for i in range(n):
            frag_flags = flags | (FIRST if i == 0 else 0) | (LAST if i == n - 1 else 0)
            if not self.send_reliably(msg, frag_flags, data[i * MAX_PAYLOAD:(i + 1) * MAX_PAYLOAD], i == n - 1):
                return

    def send_reliably(self, msg: int, flags: int, payload: bytes, last: bool) -> bool:
        """Send one DATA frame until ACKed; False when the answer is abandoned."""
        seq = self.next_seq()
        for attempt in range(self.retries + 1):
            deadline = self.send(DATA, seq, msg, flags, payload) + self.ack_timeout
            trouble: Optional[float] = None  # a NAK or bad block: retransmit once the line is quiet (§ 5.3)
            while True:
                until = deadline if trouble is None else \
                    min(deadline, max(self.last_byte_at, trouble) + min(self.ack_timeout, SETTLE * 2 ** attempt))
                ev = self.next_event(max(0.0, until - time.monotonic()))
                if ev is None:
                    break  # retransmit: the ACK timeout, or the line quiet after a NAK or bad block
                if ev.bad or ev.ftype == NAK:
                    trouble = trouble or time.monotonic()  # most likely our ACK, damaged: drain the burst first
                    continue
                elif ev.ftype == ACK and ev.seq == seq:
                    return True
                elif ev.ftype == RESET:
                    self.on_reset(ev)
                    return False
                elif ev.ftype == DATA:
                    if ev.seq == self.last_rx_seq:
                        self.send(ACK, ev.seq)
                    else:  # a new request: implicitly acknowledges the whole answer
                        self.events.appendleft(ev)
                        return False
        self.debug(f"giving up on DATA seq={seq} after {self.retries + 1} attempts")
        return False


# ------------------------------------------------------------------ command line
def load_game(spec: str) -> Any:
    """The game built by the factory ``package.module:callable``; exits naming ``spec``
    when it does not resolve (:func:`.server.load_factory`)."""
    from .server import load_factory

    try:
        factory = load_factory(spec)
    except ValueError as e:
        raise SystemExit(str(e)) from e
    return factory()


def open_pty() -> tuple[int, int, str]:
    """A raw pseudo-terminal: (master fd, slave fd, slave path). The slave stays open
    here too, so the master never sees EIO between two host sessions."""
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baccarat_conformance.reference_game.device",
                                     description="The reference game as a serial table device on a pseudo-terminal.")
    parser.add_argument("--baud", type=int, default=115200, help="line speed for --pace (default 115200)")
    parser.add_argument("--parity", default="N", choices=list("NEOMS"), help="for pacing: parity bit or not")
    parser.add_argument("--stopbits", type=float, default=1, choices=[1, 1.5, 2], help="for pacing (default 1)")
    parser.add_argument("--pace", action="store_true", help="pace both directions to --baud")
    parser.add_argument("--game", default=DEFAULT_GAME, metavar="MODULE:FACTORY",
                        help=f"factory of the game object with handle(op, params) (default {DEFAULT_GAME})")
    parser.add_argument("--fault", action="append", default=[], metavar="KIND:SPEC",
                        help="inject a fault: noise, drop-byte, truncate, bad-crc (:P or :every=N[,dir=tx|rx]), "
                             "stop-after:N[,resume=SECONDS]")
    parser.add_argument("--fault-seed", type=int, default=1, help="seed of the fault injector (default 1)")
    parser.add_argument("--no-deflate", action="store_true", help="a device that cannot inflate or deflate")
    parser.add_argument("--ack-timeout", type=float, default=0.5, help="seconds to wait for an ACK (default 0.5)")
    parser.add_argument("--retries", type=int, default=5, help="retransmissions of a frame (default 5)")
    parser.add_argument("--busy-interval", type=float, default=0.5, help="seconds between BUSY frames (default 0.5)")
    parser.add_argument("--listen", metavar="127.0.0.1:PORT",
                        help="serve on a loopback TCP port instead of a pty (port 0: any free port); prints "
                             "socket://HOST:PORT for --port")
    parser.add_argument("--verbose", action="store_true", help="log every frame to stderr")
    parser.add_argument("--declare-par-sheet", action="store_true",
                        help="answer describe with the game's par sheet (describe.par_sheet, 24 KB; left out by "
                             "default)")
    args = parser.parse_args(argv)
    try:
        faults = Faults(args.fault, args.fault_seed)
    except ValueError as e:
        parser.error(str(e))
    game = load_game(args.game)
    bits = 1 + 8 + (0 if args.parity == "N" else 1) + args.stopbits
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if args.listen:
        return serve_tcp(args, game, faults, bits)
    master, slave, path = open_pty()
    line = Line(master, args.baud, bits, args.pace)
    device = Device(line, game, faults, deflate=not args.no_deflate, ack_timeout=args.ack_timeout,
                    retries=args.retries, busy_interval=args.busy_interval, verbose=args.verbose,
                    par_sheet=args.declare_par_sheet)
    print(path, flush=True)
    try:
        device.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        os.close(slave)
        os.close(master)
    return 0


def serve_tcp(args: argparse.Namespace, game: Any, faults: Faults, bits: float) -> int:
    """``--listen HOST:PORT``: the same device behind a TCP socket (a serial server in
    raw mode), one host connection at a time; prints ``socket://HOST:PORT``."""
    host, _, port = args.listen.rpartition(":")
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"--listen {args.listen}: the simulator listens on the loopback interface only")
    server = socket.create_server((host, int(port)))
    print(f"socket://{host}:{server.getsockname()[1]}", flush=True)
    try:
        while True:
            conn, _ = server.accept()
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            line = Line(conn.fileno(), args.baud, bits, args.pace, is_socket=True)
            device = Device(line, game, faults, deflate=not args.no_deflate, ack_timeout=args.ack_timeout,
                            retries=args.retries, busy_interval=args.busy_interval, verbose=args.verbose,
                            par_sheet=args.declare_par_sheet)
            try:
                device.serve_forever()
            except Disconnected:
                pass
            finally:
                conn.close()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
