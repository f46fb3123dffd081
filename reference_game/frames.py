"""The device simulator's own framing of protocol v1 (docs/serial-framing.md): frame
types and flags, its own COBS, its own table-driven CRC-16/CCITT-FALSE, frames built
and parsed.

Written independently of the harness's codec (``adapters/framing.py``) so that the
two implementations check each other; like the rest of the reference game it never
imports the harness (import-linter contract)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


VERSION = 1
DATA, ACK, NAK, BUSY, RESET = 1, 2, 3, 4, 5
TYPE_NAMES = {DATA: "DATA", ACK: "ACK", NAK: "NAK", BUSY: "BUSY", RESET: "RESET"}
FIRST, LAST, DEFLATE, ACCEPTS_DEFLATE = 0x01, 0x02, 0x04, 0x08
MAX_PAYLOAD = 1024
MAX_BLOCK = (6 + MAX_PAYLOAD + 2) + (6 + MAX_PAYLOAD + 2) // 254 + 1  # the longest COBS block of a frame
MAX_MESSAGE = 64 * 1024 * 1024


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


CRC_TABLE = _crc_table()


def crc16_ccitt_false(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR."""
    crc = 0xFFFF
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ CRC_TABLE[(crc >> 8) ^ b]
    return crc


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: ``data`` without any zero byte."""
    out = bytearray()
    block = bytearray()
    full = False  # the last group written was a full 254-byte run (code 0xFF, no implied zero)
    for b in data:
        if b == 0:
            out.append(len(block) + 1)
            out += block
            block, full = bytearray(), False
        else:
            block.append(b)
            if len(block) == 254:
                out.append(255)
                out += block
                block, full = bytearray(), True
    if block or not full:  # no empty final group after a full run at the very end
        out.append(len(block) + 1)
        out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Inverse of :func:`cobs_encode`; raises ValueError on a malformed block."""
    out = bytearray()
    i = 0
    while i < len(data):
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS block")
        end = i + code
        if end > len(data):
            raise ValueError("COBS block ends early")
        out += data[i + 1:end]
        i = end
        if code < 255 and i < len(data):
            out.append(0)
    return bytes(out)


def frame_body(ftype: int, seq: int, msg: int, flags: int, payload: bytes = b"") -> bytes:
    head = bytes([(VERSION << 4) | ftype, flags, seq & 0xFF, msg & 0xFF, len(payload) >> 8, len(payload) & 0xFF])
    data = head + payload
    crc = crc16_ccitt_false(data)
    return data + bytes([crc >> 8, crc & 0xFF])


def build_frame(ftype: int, seq: int, msg: int, flags: int, payload: bytes = b"") -> bytes:
    """A frame on the line: ``00 COBS(header payload crc) 00``."""
    return b"\x00" + cobs_encode(frame_body(ftype, seq, msg, flags, payload)) + b"\x00"


@dataclass
class Rx:
    """A received frame (``bad`` is None) or a bad block (``bad`` says why)."""

    ftype: int = 0
    seq: int = 0
    msg: int = 0
    flags: int = 0
    payload: bytes = b""
    bad: Optional[str] = None
    raw: bytes = b""

    def __str__(self) -> str:
        if self.bad:
            return f"bad block ({self.bad}): {self.raw[:48].hex(' ')}"
        return f"{TYPE_NAMES.get(self.ftype, self.ftype)} seq={self.seq} msg={self.msg} flags={self.flags:#x} " \
               f"len={len(self.payload)}"


def parse_block(block: bytes, corrupt_crc: bool = False) -> Rx:
    """Decode the bytes between two delimiters."""
    try:
        body = cobs_decode(block)
    except ValueError as e:
        return Rx(bad=str(e), raw=block)
    if len(body) < 8:
        return Rx(bad=f"short frame ({len(body)} bytes)", raw=block)
    length = (body[4] << 8) | body[5]
    if len(body) != 8 + length:
        return Rx(bad=f"length {length} but {len(body) - 8} payload bytes", raw=block)
    crc = crc16_ccitt_false(body[:-2]) ^ (0xFFFF if corrupt_crc else 0)
    if crc != (body[-2] << 8) | body[-1]:
        return Rx(bad="bad CRC", raw=block)
    if body[0] >> 4 != VERSION or (body[0] & 0x0F) not in TYPE_NAMES or length > MAX_PAYLOAD:
        return Rx(bad=f"unsupported header {body[:6].hex(' ')}", raw=block)
    return Rx(body[0] & 0x0F, body[2], body[3], body[1] & 0x0F, bytes(body[6:-2]), raw=block)
