"""The serial framing codec of protocol v1 (docs/serial-framing.md is normative).

A protocol message (the JSON request ``{"op": ..., "params": ...}`` or its JSON
answer) travels as one or more *frames*. On the line every frame is::

    00 | COBS( header(6) | payload(0..1024) | CRC-16(2) ) | 00

* ``00`` delimits frames: COBS (Consistent Overhead Byte Stuffing) removes every
  zero byte from the body, so after line noise a receiver resynchronises at the
  next ``00`` whatever it lost.
* header: ``ver<<4 | type``, ``flags``, ``seq``, ``msg``, payload length (uint16
  big-endian).
* CRC: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final
  XOR; check value 0x29B1 over ``b"123456789"``) of header and payload,
  big-endian.

This module is pure (no I/O): :func:`encode_frame`, :class:`FrameDecoder`,
:func:`fragment` and :class:`Reassembler`. The serial adapter
(:mod:`baccarat_conformance.adapters.serial`) runs the link protocol on top.
The device simulator (``reference_game/device.py``) has its own, independent
implementation of the same framing (``reference_game/frames.py``); the tests check
each against the other and against the test vectors of docs/serial-framing.md.
"""

from __future__ import annotations

import binascii
import enum
import json
import zlib
from dataclasses import dataclass, field
from typing import Iterator, Optional, Union

from cobs import cobs

from . import wire_json

FRAMING_VERSION = 1
MAX_PAYLOAD = 1024
"""Largest payload of one frame, in bytes (before COBS)."""
HEADER_SIZE = 6
CRC_SIZE = 2
MAX_BODY = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE
MAX_ENCODED = MAX_BODY + MAX_BODY // 254 + 1
"""Most bytes of one frame between its delimiters (the body and its COBS overhead)."""
MAX_MESSAGE = 64 * 1024 * 1024
"""Largest reassembled message (after inflating) a receiver accepts."""
DELIMITER = b"\x00"
IDLE_GAP = 0.1
"""Seconds of silence (at least; 30 character times on slow lines) after which an
unterminated block is discarded as a truncated frame."""
COMPRESS_THRESHOLD = 256
"""Messages shorter than this are never deflated (it would not pay)."""


class FrameType(enum.IntEnum):
    DATA = 1
    ACK = 2
    NAK = 3
    BUSY = 4
    RESET = 5


class Flag(enum.IntFlag):
    NONE = 0
    FIRST = 0x01
    """First fragment of a message."""
    LAST = 0x02
    """Last fragment of a message (a one-frame message has FIRST and LAST)."""
    DEFLATE = 0x04
    """The message (all its fragments together) is a zlib stream (RFC 1950)."""
    ACCEPTS_DEFLATE = 0x08
    """The sender of this frame can inflate: its peer may send it DEFLATE messages."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (``binascii.crc_hqx`` with init 0xFFFF)."""
    return binascii.crc_hqx(data, 0xFFFF)


@dataclass(frozen=True)
class Frame:
    """One decoded frame. ``seq`` and ``msg`` are 0..255."""

    type: FrameType
    seq: int = 0
    msg: int = 0
    flags: Flag = Flag.NONE
    payload: bytes = b""
    raw: bytes = field(default=b"", compare=False, repr=False)
    """As received: the COBS block between the delimiters (empty for frames built here)."""

    def describe(self) -> str:
        flags = "|".join(f.name for f in Flag if f and f in self.flags and f.name) or "-"
        return f"{self.type.name} seq={self.seq} msg={self.msg} flags={flags} len={len(self.payload)}"


class FrameError(ValueError):
    """Bytes between two delimiters that are not a valid frame.

    :param reason: one sentence (``"bad CRC: computed 0x1234, frame says 0x5678"``).
    :param raw: the bytes as received (still COBS-encoded, without delimiters).
    """

    def __init__(self, reason: str, raw: bytes):
        super().__init__(reason)
        self.reason = reason
        self.raw = raw

    def __reduce__(self) -> tuple:  # picklable: pickle would call FrameError(reason) alone
        return (type(self), (self.reason, self.raw))


def frame_body(frame: Frame) -> bytes:
    """Header, payload and CRC of ``frame``, before COBS.

    :raises ValueError: when the payload exceeds :data:`MAX_PAYLOAD` or a field is out of range.
    """
    if len(frame.payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(frame.payload)} bytes exceeds the maximum of {MAX_PAYLOAD}")
    if not (0 <= frame.seq <= 255 and 0 <= frame.msg <= 255):
        raise ValueError(f"seq={frame.seq} msg={frame.msg}: both must be 0..255")
    head = bytes([(FRAMING_VERSION << 4) | int(frame.type), int(frame.flags), frame.seq, frame.msg])
    head += len(frame.payload).to_bytes(2, "big")
    data = head + frame.payload
    return data + crc16(data).to_bytes(2, "big")


def encode_frame(frame: Frame) -> bytes:
    """The bytes of ``frame`` on the line: ``00 COBS(body) 00``."""
    return DELIMITER + cobs.encode(frame_body(frame)) + DELIMITER


def decode_frame(encoded: bytes) -> Frame:
    """Decode the bytes between two delimiters.

    :raises FrameError: naming what is wrong (COBS, length, CRC, version, type).
    """
    try:
        body = cobs.decode(encoded)
    except cobs.DecodeError as e:
        raise FrameError(f"damaged or truncated frame: not a valid COBS block ({e})", encoded) from None
    if len(body) < HEADER_SIZE + CRC_SIZE:
        raise FrameError(f"truncated frame: {len(body)} bytes, a frame has at least {HEADER_SIZE + CRC_SIZE}",
                         encoded)
    length = int.from_bytes(body[4:6], "big")
    if len(body) != HEADER_SIZE + length + CRC_SIZE:
        what = "truncated frame" if len(body) < HEADER_SIZE + length + CRC_SIZE else "overlong frame"
        raise FrameError(f"{what}: header says {length} payload bytes, {len(body) - HEADER_SIZE - CRC_SIZE} "
                         f"arrived", encoded)
    computed, stated = crc16(body[:-CRC_SIZE]), int.from_bytes(body[-CRC_SIZE:], "big")
    if computed != stated:
        raise FrameError(f"bad CRC: computed 0x{computed:04X}, frame says 0x{stated:04X}", encoded)
    version, kind = body[0] >> 4, body[0] & 0x0F
    if version != FRAMING_VERSION:
        raise FrameError(f"framing version {version}, this host speaks version {FRAMING_VERSION}", encoded)
    if length > MAX_PAYLOAD:
        raise FrameError(f"payload of {length} bytes exceeds the maximum of {MAX_PAYLOAD}", encoded)
    try:
        ftype = FrameType(kind)
    except ValueError:
        raise FrameError(f"unknown frame type {kind}", encoded) from None
    return Frame(ftype, seq=body[2], msg=body[3], flags=Flag(body[1] & 0x0F), payload=bytes(body[6:-CRC_SIZE]),
                 raw=encoded)


class FrameDecoder:
    """Splits a byte stream at delimiters into frames and :class:`FrameError` s.

    Bytes before the first delimiter ever seen are treated like any other block (a
    frame whose leading ``00`` was lost still decodes). Empty blocks (two delimiters
    in a row) are skipped. A block longer than :data:`MAX_ENCODED` without a
    delimiter is reported as line noise and dropped.
    """

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[Union[Frame, FrameError]]:
        out: list[Union[Frame, FrameError]] = []
        self._buf += data
        while True:
            i = self._buf.find(0)
            if i < 0:
                if len(self._buf) > MAX_ENCODED:
                    out.append(FrameError(f"line noise: {len(self._buf)} bytes without a delimiter",
                                          bytes(self._buf)))
                    self._buf.clear()
                return out
            block = bytes(self._buf[:i])
            del self._buf[:i + 1]
            if block:
                try:
                    out.append(decode_frame(block))
                except FrameError as e:
                    out.append(e)

    def expire(self) -> Optional[FrameError]:
        """Give up on an unterminated block (the line went idle mid-frame: the rest of
        the frame, closing delimiter included, was lost). None when nothing is pending."""
        if not self._buf:
            return None
        error = FrameError(f"truncated frame: the line went idle after {len(self._buf)} bytes without a "
                           f"delimiter", bytes(self._buf))
        self._buf.clear()
        return error

    @property
    def pending(self) -> bytes:
        """Bytes received since the last delimiter."""
        return bytes(self._buf)


# ---------------------------------------------------------------- messages
def encode_message(obj: dict, *, deflate: bool) -> tuple[bytes, bool]:
    """The bytes of JSON object ``obj`` (compact UTF-8), deflated when ``deflate``
    and it pays; returns ``(data, deflated)``."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if deflate and len(text) >= COMPRESS_THRESHOLD:
        packed = zlib.compress(text, 6)
        if len(packed) < len(text):
            return packed, True
    return text, False


class MessageTooLarge(ValueError):
    """A message over the size limit (:data:`MAX_MESSAGE`, or the caller's)."""


def decode_message(data: bytes, deflated: bool, limit: int = MAX_MESSAGE) -> object:
    """Inverse of :func:`encode_message`; a deflated message inflates to at most ``limit`` bytes.

    :raises MessageTooLarge: when it would inflate to more.
    :raises ValueError: on a bad zlib stream, bad UTF-8 or bad JSON (message says which).
    """
    if deflated:
        d = zlib.decompressobj()
        try:
            data = d.decompress(data, limit)
        except zlib.error as e:
            raise ValueError(f"bad zlib stream: {e}") from None
        if d.unconsumed_tail:
            raise MessageTooLarge(f"message inflates to more than {limit} bytes")
        if not d.eof:
            raise ValueError("zlib stream is incomplete")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"message is not UTF-8: {e}") from None
    try:  # strictly: a key given twice, NaN or Infinity is no JSON (adapters/wire_json.py)
        return wire_json.loads(text)
    except ValueError as e:
        raise ValueError(f"message is not JSON: {e}") from None


def fragment(data: bytes, max_payload: int = MAX_PAYLOAD) -> Iterator[tuple[Flag, bytes]]:
    """Split message bytes into ``(FIRST/LAST flags, payload)`` fragments of at most
    ``max_payload`` bytes. An empty message is one empty FIRST|LAST fragment."""
    n = max(1, -(-len(data) // max_payload))
    for i in range(n):
        flags = (Flag.FIRST if i == 0 else Flag.NONE) | (Flag.LAST if i == n - 1 else Flag.NONE)
        yield flags, data[i * max_payload:(i + 1) * max_payload]


@dataclass
class Reassembler:
    """Collects the payloads of DATA frames (already deduplicated by sequence
    number) into messages. A FIRST fragment discards any unfinished message."""

    msg: Optional[int] = None
    deflated: bool = False
    parts: list[bytes] = field(default_factory=list)
    size: int = 0

    def add(self, frame: Frame) -> Optional[tuple[int, bytes, bool]]:
        """Add one DATA frame; returns ``(msg, data, deflated)`` when a message is complete.

        :raises ValueError: for a middle fragment with no message started, or a message
            over :data:`MAX_MESSAGE`.
        """
        if Flag.FIRST in frame.flags:
            self.msg, self.deflated, self.parts, self.size = frame.msg, Flag.DEFLATE in frame.flags, [], 0
        elif self.msg is None or frame.msg != self.msg:
            self.msg = None
            raise ValueError(f"fragment of message {frame.msg} without its FIRST fragment")
        self.parts.append(frame.payload)
        self.size += len(frame.payload)
        if self.size > MAX_MESSAGE:
            self.msg = None
            raise MessageTooLarge(f"message exceeds {MAX_MESSAGE} bytes")
        if Flag.LAST in frame.flags:
            done = (self.msg, b"".join(self.parts), self.deflated)
            self.msg, self.parts, self.size = None, [], 0
            return done  # type: ignore[return-value]
        return None


def hexdump(data: bytes, limit: int = 96) -> str:
    """``data`` as space-separated hex, cut after ``limit`` bytes with a count of the rest."""
    text = data[:limit].hex(" ")
    if len(data) > limit:
        text += f" ... (+{len(data) - limit} bytes)"
    return text
