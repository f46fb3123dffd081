"""Faults the device simulator injects into the frames it sends and receives
(``--fault``; the spec syntax is in the docstring of :mod:`.device`)."""

from __future__ import annotations

import random
import time
from typing import Callable, Optional

from .frames import TYPE_NAMES, build_frame, cobs_encode, frame_body


class Fault:
    """One injected fault (see the docstring of :mod:`.device` for the spec syntax)."""

    KINDS = ("noise", "drop-byte", "truncate", "bad-crc", "stop-after")

    def __init__(self, spec: str):
        kind, _, arg = spec.partition(":")
        if kind not in self.KINDS:
            raise ValueError(f"--fault {spec!r}: unknown fault {kind!r}; one of {', '.join(self.KINDS)}")
        self.kind, self.p, self.every, self.dirs = kind, 0.0, 0, {"tx", "rx"}
        self.after, self.resume = 0, None
        self.count = {"tx": 0, "rx": 0}
        if not arg:
            raise ValueError(f"--fault {spec!r}: give a probability, every=N, or (stop-after) a frame count")
        for i, part in enumerate(arg.split(",")):
            key, eq, value = part.partition("=")
            try:
                if not eq and i == 0:
                    if kind == "stop-after":
                        self.after = int(key)
                    else:
                        self.p = float(key)
                elif key == "every":
                    self.every = int(value)
                elif key == "p":
                    self.p = float(value)
                elif key == "dir" and value in ("tx", "rx", "both"):
                    self.dirs = {"tx", "rx"} if value == "both" else {value}
                elif key == "resume" and kind == "stop-after":
                    self.resume = float(value)
                else:
                    raise ValueError(part)
            except ValueError:
                raise ValueError(f"--fault {spec!r}: cannot read {part!r}") from None

    def hits(self, direction: str, rng: random.Random) -> bool:
        if self.kind == "stop-after" or direction not in self.dirs:
            return False
        self.count[direction] += 1
        if self.every:
            return self.count[direction] % self.every == 0
        return rng.random() < self.p


class Faults:
    def __init__(self, specs: list[str], seed: int = 1):
        self.faults = [Fault(s) for s in specs]
        self.rng = random.Random(seed)
        self.sent = 0
        self.stopped_at: Optional[float] = None
        self.log: Callable[[str], None] = lambda text: None

    def silent(self) -> bool:
        """Whether a stop-after fault has silenced the device (now)."""
        for f in self.faults:
            if f.kind == "stop-after" and self.sent >= f.after:
                if self.stopped_at is None:
                    self.stopped_at = time.monotonic()
                    self.log(f"fault stop-after: silent after {self.sent} frames")
                if f.resume is not None and time.monotonic() - self.stopped_at >= f.resume:
                    self.log("fault stop-after: resuming")
                    self.faults.remove(f)
                    self.stopped_at = None
                    return False
                return True
        return False

    def _mangle(self, kind: str, data: bytes, direction: str) -> bytes:
        rng = self.rng
        if kind == "noise":
            buf = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                buf[rng.randrange(len(buf))] = rng.randrange(256)
            burst = bytes(rng.randrange(1, 256) for _ in range(rng.randint(1, 16))) if direction == "tx" else b""
            return burst + bytes(buf)
        if kind == "drop-byte":
            i = rng.randrange(len(data))
            return data[:i] + data[i + 1:]
        if kind == "truncate":
            return data[:rng.randrange(1, max(2, len(data) - 1))]
        return data

    def on_tx(self, ftype: int, seq: int, msg: int, flags: int, payload: bytes) -> bytes:
        """The bytes to put on the line for this frame (empty when silent)."""
        if self.silent():
            return b""
        self.sent += 1
        bad_crc = any(f.kind == "bad-crc" and f.hits("tx", self.rng) for f in self.faults)
        if bad_crc:
            body = bytearray(frame_body(ftype, seq, msg, flags, payload))
            body[-1] ^= 0xFF
            body[-2] ^= 0xFF
            data = b"\x00" + cobs_encode(bytes(body)) + b"\x00"
            self.log(f"fault bad-crc on tx {TYPE_NAMES[ftype]} seq={seq}")
        else:
            data = build_frame(ftype, seq, msg, flags, payload)
        for f in self.faults:
            if f.kind in ("noise", "drop-byte", "truncate") and f.hits("tx", self.rng):
                data = self._mangle(f.kind, data, "tx")
                self.log(f"fault {f.kind} on tx {TYPE_NAMES[ftype]} seq={seq}")
        return data

    def on_rx(self, block: bytes) -> tuple[bytes, bool]:
        """A received block as the fault makes it arrive, and whether to corrupt its CRC."""
        bad_crc = False
        for f in self.faults:
            if f.hits("rx", self.rng):
                self.log(f"fault {f.kind} on rx block of {len(block)} bytes")
                if f.kind == "bad-crc":
                    bad_crc = True
                elif block:
                    block = self._mangle(f.kind, block, "rx")
        return block, bad_crc
