"""The serial framing (docs/serial-framing.md): the host's codec
(``adapters/framing.py``) and the device simulator's independent one
(``reference_game/frames.py``) against the page's test vectors and against each other."""

from __future__ import annotations

import ast
import re
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_conformance.adapters import framing as host
from baccarat_conformance.adapters.framing import Flag, Frame, FrameError, FrameType
from baccarat_conformance.reference_game import frames as device_frames

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "docs" / "serial-framing.md"


def _hex(text: str) -> bytes:
    """Hex with ``(41×248)`` repetitions."""
    text = re.sub(r"\(([0-9a-f]{2})×(\d+)\)", lambda m: " ".join([m.group(1)] * int(m.group(2))), text.strip())
    return bytes.fromhex(text)


def spec_vectors() -> tuple[list[tuple[bytes, int]], list[tuple[Frame, bytes]]]:
    block = re.search(r"```vectors\n(.*?)```", SPEC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/serial-framing.md has no ```vectors block"
    crcs, frames = [], []
    lines = block.group(1).splitlines()
    for i, line in enumerate(lines):
        if line.startswith("crc "):
            data, want = line[4:].split(" = ")
            crcs.append((b"" if data == "(empty)" else _hex(data), int(want, 16)))
        elif line and not line.startswith(" "):
            m = re.fullmatch(r"(\w+) seq=(\d+) msg=(\d+) flags=([0-9a-f]{2}) payload=(.*)", line)
            assert m, line
            payload = _hex(m.group(5)) if m.group(5) else b""
            frame = Frame(FrameType[m.group(1)], int(m.group(2)), int(m.group(3)), Flag(int(m.group(4), 16)), payload)
            on_line = lines[i + 1].strip()
            assert on_line.startswith("line "), lines[i + 1]
            frames.append((frame, _hex(on_line[5:])))
    return crcs, frames


CRCS, VECTORS = spec_vectors()


def test_the_spec_has_vectors_of_every_frame_type():
    assert {f.type for f, _ in VECTORS} == set(FrameType)
    assert any(len(f.payload) > 254 for f, _ in VECTORS), "a vector exercises COBS's 254-byte runs"
    assert (b"123456789", 0x29B1) in CRCS


@pytest.mark.parametrize("data,want", CRCS)
def test_crc16_ccitt_false_vectors(data, want):
    assert host.crc16(data) == want
    assert device_frames.crc16_ccitt_false(data) == want


@pytest.mark.parametrize("frame,line", VECTORS, ids=[f"{f.type.name}-{f.seq}" for f, _ in VECTORS])
def test_both_implementations_produce_and_read_the_vector(frame, line):
    assert host.encode_frame(frame) == line
    assert device_frames.build_frame(frame.type, frame.seq, frame.msg, int(frame.flags), frame.payload) == line
    assert host.decode_frame(line[1:-1]) == frame
    rx = device_frames.parse_block(line[1:-1])
    assert (rx.bad, rx.ftype, rx.seq, rx.msg, rx.flags, rx.payload) == (
        None, frame.type, frame.seq, frame.msg, int(frame.flags), frame.payload)


frames = st.builds(Frame, st.sampled_from(FrameType), st.integers(0, 255), st.integers(0, 255),
                   st.integers(0, 15).map(Flag), st.binary(max_size=host.MAX_PAYLOAD))


@settings(max_examples=300, deadline=None)
@given(frames)
def test_each_implementation_reads_the_others_frames(frame):
    """Returns the same frame whichever side encoded it; payloads with zero bytes,
    254-byte runs and the maximum size included."""
    mine = host.encode_frame(frame)
    theirs = device_frames.build_frame(frame.type, frame.seq, frame.msg, int(frame.flags), frame.payload)
    assert mine == theirs
    assert b"\x00" not in mine[1:-1]
    decoded = host.FrameDecoder().feed(theirs)
    assert decoded == [frame]


@settings(max_examples=200, deadline=None)
@given(frames, st.data())
def test_any_damage_is_caught_by_both(frame, data):
    """One byte changed anywhere inside the frame: both sides reject the block (or it
    splits into blocks that are all rejected) — never a different valid frame."""
    line = bytearray(host.encode_frame(frame))
    i = data.draw(st.integers(1, len(line) - 2))
    line[i] = data.draw(st.integers(0, 255).filter(lambda b: b != line[i]))
    events = host.FrameDecoder().feed(bytes(line))
    assert all(isinstance(e, FrameError) for e in events), events
    for block in bytes(line).split(b"\x00"):
        if block:
            assert device_frames.parse_block(block).bad


def test_decoder_resynchronises_after_noise_truncation_and_a_lost_byte():
    a = Frame(FrameType.DATA, 1, 1, Flag.FIRST | Flag.LAST, b'{"op":"describe","params":{}}')
    b = Frame(FrameType.ACK, 9)
    c = Frame(FrameType.DATA, 2, 2, Flag.FIRST, b"x" * 600)
    noisy = b"\x13\x37\xfe" + host.encode_frame(a)                       # noise before a frame
    truncated = host.encode_frame(c)[:300]                               # cut short, closing 00 lost
    dropped = bytearray(host.encode_frame(c))
    del dropped[500]                                                     # one byte lost
    stream = noisy + truncated + host.encode_frame(b) + bytes(dropped) + host.encode_frame(a)
    dec = host.FrameDecoder()
    events = []
    for i in range(0, len(stream), 7):                                   # arriving in dribs and drabs
        events += dec.feed(stream[i:i + 7])
    good = [e for e in events if isinstance(e, Frame)]
    bad = [e for e in events if isinstance(e, FrameError)]
    assert good == [a, b, a]
    assert len(bad) == 3, [e.reason for e in bad]
    assert any("CRC" in e.reason or "truncated" in e.reason for e in bad), [e.reason for e in bad]


def test_a_truncated_frame_is_given_up_when_the_line_goes_idle():
    dec = host.FrameDecoder()
    assert dec.feed(host.encode_frame(Frame(FrameType.ACK, 3))[:6]) == []
    error = dec.expire()
    assert isinstance(error, FrameError) and "truncated" in error.reason
    assert dec.expire() is None


def test_messages_fragment_compress_and_reassemble():
    obj = {"records": [{"round_id": f"T{i}-R1", "cards": ["AC", "10D", "QS"]} for i in range(400)]}
    data, deflated = host.encode_message(obj, deflate=True)
    assert deflated and zlib.decompress(data)
    plain, _ = host.encode_message(obj, deflate=False)
    assert len(plain) > 3 * host.MAX_PAYLOAD
    for payload, flag in ((data, Flag.DEFLATE), (plain, Flag.NONE)):
        parts = list(host.fragment(payload))
        assert parts[0][0] & Flag.FIRST and parts[-1][0] & Flag.LAST
        assert all(len(p) <= host.MAX_PAYLOAD for _, p in parts)
        r = host.Reassembler()
        done = None
        for flags, p in parts:
            done = r.add(Frame(FrameType.DATA, 0, 7, flags | flag, p))
        assert done is not None and done[0] == 7
        assert host.decode_message(done[1], done[2]) == obj
    small, deflated = host.encode_message({"op": "describe", "params": {}}, deflate=True)
    assert not deflated, "short messages are sent as they are"


def test_a_stray_middle_fragment_is_refused():
    with pytest.raises(ValueError, match="without its FIRST"):
        host.Reassembler().add(Frame(FrameType.DATA, 0, 1, Flag.LAST, b"}"))


def test_device_simulator_imports_nothing_of_the_harness():
    """The independent peer: the import-linter contract covers it (reference_game), and
    this checks the modules' own imports directly."""
    for module in ("device.py", "frames.py", "link_faults.py"):
        tree = ast.parse((REPO / "reference_game" / module).read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not {m for m in imported if m.startswith("baccarat_conformance") or m in ("cobs", "serial")}, imported


@pytest.mark.parametrize("text, words", [
    ('{"paid":"999999.00","paid":"20.00"}', "appears twice"),
    ('{"x_ratio":NaN}', "NaN is not JSON"),
    ('{"x_ratio":-Infinity}', "Infinity is not JSON"),
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
])
@pytest.mark.parametrize("deflated", [False, True])
def test_a_message_is_read_strictly(text, words, deflated):
    """A key given twice, NaN or Infinity, or nesting past Python's stack is no message: a
    protocol error of the scenario, as over HTTP (issue 26, item 14)."""
    data = zlib.compress(text.encode()) if deflated else text.encode()
    with pytest.raises(ValueError, match=f"message is not JSON: .*{words}"):
        host.decode_message(data, deflated)
