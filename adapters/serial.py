"""The serial adapter: protocol v1 over RS-232 (or any pyserial URL), framed as
docs/serial-framing.md specifies.

Selected with ``--adapter serial --port /dev/ttyUSB0 --baud 115200``. Options
(group "baccarat-conformance"; docs/serial.md gives recommended settings):

``--port PATH|URL`` (required)
    a device path (``/dev/ttyUSB0``, ``/dev/pts/3``, ``COM3``) or a pyserial URL
    (``socket://host:port``, ``rfc2217://host:port``, ``loop://``), opened with
    ``serial.serial_for_url``.
``--baud N`` (default 115200), ``--parity N|E|O|M|S`` (default N), ``--stopbits 1|1.5|2`` (default 1)
    line settings; data bits are always 8.
``--serial-timeout SECONDS`` (default 1.0)
    how long to wait for the ACK of a frame, counted from when the frame has left
    the UART at ``--baud``.
``--answer-timeout SECONDS`` (default 5.0)
    the longest silence (no valid frame, not even BUSY) from the device while an
    answer is due.
``--retries N`` (default 5)
    retransmissions of one frame before the exchange fails.
``--serial-no-deflate``
    never deflate requests, and tell the device not to deflate answers.
``--operation-timeout SECONDS`` (default 120; 0: none)
    the longest one operation may take, plus twice the line time of the request and
    answer data it carries (so a long batch at a low baud rate is not cut, but a
    device that sends BUSY for ever, or trickles its answer, is): the silence timeout
    above restarts at every frame and bounds nothing on its own.
``--max-answer-bytes BYTES`` (default 32 MiB, at most the framing's 64 MiB)
    the largest answer, reassembled and inflated.

Line faults are handled here: a frame with a bad CRC, a truncated frame, a frame
merged with noise are NAKed and retransmitted; duplicates are recognised by
sequence number; the stream resynchronises at the next ``00`` delimiter. What
cannot be recovered within the retries fails the exchange with
:class:`~baccarat_conformance.judging.errors.GameTimeout`,
:class:`~baccarat_conformance.judging.errors.TransportError` or
:class:`~baccarat_conformance.judging.errors.ProtocolViolation`, with the frame transcript
(hex) attached via :meth:`GameAdapter.note_raw`; the link is reset before the next
request, so the run goes on.
"""

from __future__ import annotations

import collections
import math
import select
import time
from typing import Any, Optional, Union

import serial

from baccarat_conformance.judging.errors import (AdapterError, AnswerTooLarge, ConfigurationError, GameTimeout,
                                         ProtocolViolation, TransportError)

from . import framing as fr
from .base import (DEFAULT_MAX_ANSWER_BYTES, DEFAULT_OPERATION_TIMEOUT, GameAdapter, add_bound_options,
                   max_answer_bytes_option, operation_timeout_option)
from .framing import Flag, Frame, FrameError, FrameType

PARITIES = {"N": serial.PARITY_NONE, "E": serial.PARITY_EVEN, "O": serial.PARITY_ODD, "M": serial.PARITY_MARK,
            "S": serial.PARITY_SPACE}
STOPBITS = {"1": serial.STOPBITS_ONE, "1.5": serial.STOPBITS_ONE_POINT_FIVE, "2": serial.STOPBITS_TWO}
READ_SLICE = 0.02  # seconds one blocking read may wait; deadlines are kept by the adapter
QUIET = 0.01  # seconds of silence after a NAK or a bad block before a retransmission (doubled at each)


def bits_per_byte(parity: str = "N", stopbits: float = 1) -> float:
    """Bits one byte takes on the line: start bit, 8 data bits, parity bit, stop bits."""
    return 1 + 8 + (0 if parity == "N" else 1) + float(stopbits)


class FrameLog:
    """The frame transcript of one exchange, as lines of text.

    Bounded: past ``head + tail`` lines, the middle is elided except anomalies
    (bad frames, NAKs, retransmissions, timeouts), of which at most ``max_anomalies`` are kept.
    """

    def __init__(self, head: int = 40, tail: int = 40, max_anomalies: int = 120):
        self.start = time.perf_counter()
        self.head, self.tail, self.max_anomalies = head, tail, max_anomalies
        self.lines: list[str] = []
        self.middle_anomalies: list[str] = []
        self.recent: collections.deque[tuple[bool, str]] = collections.deque(maxlen=tail)
        self.elided = 0

    def add(self, text: str, anomaly: bool = False) -> None:
        line = f"{(time.perf_counter() - self.start) * 1000:9.1f}ms {text}"
        if len(self.lines) < self.head:
            self.lines.append(line)
            return
        if len(self.recent) == self.recent.maxlen:
            was_anomaly, old = self.recent[0]
            if was_anomaly and len(self.middle_anomalies) < self.max_anomalies:
                self.middle_anomalies.append(old)
            else:
                self.elided += 1
        self.recent.append((anomaly, line))

    def render(self) -> str:
        out = list(self.lines)
        if self.middle_anomalies or self.elided:
            out += self.middle_anomalies
            if self.elided:
                out.append(f"... {self.elided} lines elided (frames without incident) ...")
        out += [line for _, line in self.recent]
        return "\n".join(out)

    def last(self, n: int) -> str:
        every = self.lines + self.middle_anomalies + [line for _, line in self.recent]
        return "\n".join(every[-n:])


class SerialAdapter(GameAdapter):
    """Protocol v1 over a serial line (docs/serial-framing.md).

    :param port: a device path or pyserial URL, or an already open pyserial port
        object (tests, benchmarks).
    :param timeout: ACK timeout in seconds (``--serial-timeout``).
    :param answer_timeout: longest silence while an answer is due, in seconds.
    :param retries: retransmissions of a frame before giving up.
    :param deflate: whether to deflate requests and accept deflated answers.
    :param operation_timeout: seconds one operation may take beyond twice the line time of
        its data (None: no bound).
    :param max_answer_bytes: the largest answer, reassembled and inflated.
    :raises ConfigurationError: when the port cannot be opened (names the port and how to fix it).
    """

    name = "serial"
    many_connections = False  # a serial device talks to one host: the statistics play over this adapter

    def __init__(self, port: Union[str, Any], baud: int = 115200, parity: str = "N", stopbits: str = "1",
                 timeout: float = 1.0, answer_timeout: float = 5.0, retries: int = 5, deflate: bool = True,
                 operation_timeout: Optional[float] = DEFAULT_OPERATION_TIMEOUT,
                 max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES):
        super().__init__()
        if parity not in PARITIES:
            raise ConfigurationError(f"--parity {parity!r}: expected one of {', '.join(PARITIES)}")
        if str(stopbits) not in STOPBITS:
            raise ConfigurationError(f"--stopbits {stopbits!r}: expected one of {', '.join(STOPBITS)}")
        if baud <= 0 or timeout <= 0 or answer_timeout <= 0 or retries < 0:
            raise ConfigurationError(f"serial settings out of range: baud={baud} serial-timeout={timeout} "
                                     f"answer-timeout={answer_timeout} retries={retries}")
        self.baud, self.parity, self.stopbits = baud, parity, str(stopbits)
        self.timeout, self.answer_timeout, self.retries, self.deflate = timeout, answer_timeout, retries, deflate
        self.byte_time = bits_per_byte(parity, float(stopbits)) / baud
        self.operation_timeout = operation_timeout
        self.max_answer_bytes = min(max_answer_bytes, fr.MAX_MESSAGE)
        self._op = ""
        self._op_deadline = math.inf
        self._op_started = 0.0
        self._credited = 0  # bytes of data whose line time has extended the deadline
        self.idle_gap = max(fr.IDLE_GAP, 30 * self.byte_time)
        #: the quiet a burst of noise must end with before a retransmission or a NAK (:meth:`_settle`)
        self.quiet = max(QUIET, 20 * self.byte_time)
        self._last_byte_at = 0.0
        if isinstance(port, str):
            self.port_name = port
            try:
                self.ser = serial.serial_for_url(port, baudrate=baud, bytesize=serial.EIGHTBITS,
                                                 parity=PARITIES[parity], stopbits=STOPBITS[str(stopbits)],
                                                 timeout=READ_SLICE, write_timeout=None)
            except (serial.SerialException, ValueError, OSError) as e:
                raise ConfigurationError(
                    f"--port {port}: cannot open the serial port: {e}. Check the device path (ls /dev/tty*), "
                    f"that no other program holds it, and that this user may open it (group dialout)") from None
        else:
            self.ser = port
            self.port_name = getattr(port, "port", None) or repr(port)
        try:
            self._fd: Optional[int] = self.ser.fileno()
            self.ser.timeout = 0  # reads after select() return what has arrived, at once
        except (OSError, AttributeError, ValueError):  # io.UnsupportedOperation is an OSError
            self._fd = None
        self.decoder = fr.FrameDecoder()
        self._events: collections.deque[Union[Frame, FrameError]] = collections.deque()
        self.tx_seq = 0
        self.last_rx_seq: Optional[int] = None
        self.msg_id = 0
        self.peer_deflate = False
        self.need_reset = True
        self.device_silent = False
        self.log = FrameLog()
        self.stats = collections.Counter()

    def __repr__(self) -> str:
        return f"<SerialAdapter {self.port_name} {self.baud} 8{self.parity}{self.stopbits}>"

    # ---------------------------------------------------------------- plugin surface
    @classmethod
    def add_options(cls, group: Any) -> None:
        group.addoption("--port", default=None, metavar="PATH|URL",
                        help="serial adapter: device path (/dev/ttyUSB0) or pyserial URL (socket://host:port)")
        group.addoption("--baud", type=int, default=115200, help="serial adapter: baud rate (default 115200)")
        group.addoption("--parity", default="N", choices=sorted(PARITIES),
                        help="serial adapter: parity N, E, O, M or S (default N)")
        group.addoption("--stopbits", default="1", choices=sorted(STOPBITS),
                        help="serial adapter: stop bits 1, 1.5 or 2 (default 1)")
        group.addoption("--serial-timeout", type=float, default=1.0, metavar="SECONDS",
                        help="serial adapter: ACK timeout after a frame has been sent (default 1.0)")
        group.addoption("--answer-timeout", type=float, default=5.0, metavar="SECONDS",
                        help="serial adapter: longest silence from the device while an answer is due (default 5.0)")
        group.addoption("--retries", type=int, default=5,
                        help="serial adapter: retransmissions of one frame before the exchange fails (default 5)")
        group.addoption("--serial-no-deflate", action="store_true",
                        help="serial adapter: never compress messages (docs/serial-framing.md)")
        add_bound_options(group)

    @classmethod
    def check_workers(cls, workers: int) -> None:
        if workers > 1:
            raise ConfigurationError(f"--adapter serial: a serial device talks to one host, and -n asks for {workers} "
                                     f"pytest-xdist workers; run without -n (or -n 0)")

    @classmethod
    def from_config(cls, config: Any) -> "SerialAdapter":
        port = config.getoption("--port")
        cls.check_workers(getattr(config, "workerinput", {}).get("workercount", 1))
        if not port:
            raise ConfigurationError("--adapter serial needs --port: a device path such as /dev/ttyUSB0 or a "
                                     "pyserial URL such as socket://192.0.2.7:4001 (docs/serial.md)")
        return cls(port, baud=config.getoption("--baud"), parity=config.getoption("--parity"),
                   stopbits=config.getoption("--stopbits"), timeout=config.getoption("--serial-timeout"),
                   answer_timeout=config.getoption("--answer-timeout"), retries=config.getoption("--retries"),
                   deflate=not config.getoption("--serial-no-deflate"),
                   operation_timeout=operation_timeout_option(config),
                   max_answer_bytes=max_answer_bytes_option(config))

    def close(self) -> None:
        try:
            self.ser.close()
        except Exception:  # closing a port that already went away
            pass

    # ---------------------------------------------------------------- one exchange
    def send(self, op: str, params: dict) -> dict:
        """Send one request and return the device's answer (a JSON object).

        :raises GameTimeout: when the device stops answering (no ACK after the retries,
            or silence longer than the answer timeout).
        :raises TransportError: when the line is too noisy for a frame to get through.
        :raises ProtocolViolation: when the device's answer is not a valid message.
        """
        self.log = FrameLog()
        self.stats["exchanges"] += 1
        self._op, self._op_started, self._credited = op, time.perf_counter(), 0
        self._op_deadline = self._op_started + self.operation_timeout if self.operation_timeout else math.inf
        try:
            if self.need_reset:
                self._reset_link()
            self.msg_id = (self.msg_id + 1) % 256
            data, deflated = fr.encode_message({"op": op, "params": params},
                                               deflate=self.deflate and self.peer_deflate)
            self.log.add(f"request {op}: {len(data)} bytes{' deflated' if deflated else ''} as message "
                         f"{self.msg_id}")
            for flags, payload in fr.fragment(data):
                if deflated:
                    flags |= Flag.DEFLATE
                self._send_reliably(Frame(FrameType.DATA, self._next_seq(), self.msg_id, flags | self._own_flags,
                                          payload), what=f"request {op}")
            answer = self._receive_answer(self.msg_id, op)
        except AdapterError as e:
            self.need_reset = True
            self.stats["failed_exchanges"] += 1
            self.log.add(f"FAILED: {e}", anomaly=True)
            transcript = self.log.render()
            self.note_raw(transcript)
            e.args = (f"{e.args[0] if e.args else ''}\n  port {self.port_name} at {self.baud} baud; last frames "
                      f"(hex, H>D host to device, D>H device to host):\n"
                      + _indent(self.log.last(12)),)
            e.transcript = transcript  # type: ignore[attr-defined]
            raise
        self.note_raw(self.log.render())
        return answer

    # ---------------------------------------------------------------- link protocol
    @property
    def _own_flags(self) -> Flag:
        return Flag.ACCEPTS_DEFLATE if self.deflate else Flag.NONE

    def _next_seq(self) -> int:
        seq = self.tx_seq
        self.tx_seq = (self.tx_seq + 1) % 256
        return seq

    def _reset_link(self) -> None:
        """RESET handshake: clears both sides' duplicate detection and any unfinished
        message; the device's ACK tells whether it accepts deflated messages."""
        try:
            self.ser.reset_input_buffer()
        except (serial.SerialException, OSError):
            pass
        self.decoder = fr.FrameDecoder()
        self._events.clear()
        self.last_rx_seq = None
        self.stats["resets"] += 1
        retries = 0 if self.device_silent else self.retries
        ack = self._send_reliably(Frame(FrameType.RESET, self._next_seq(), 0, self._own_flags), what="link reset",
                                  retries=retries)
        self.peer_deflate = Flag.ACCEPTS_DEFLATE in ack.flags
        self.need_reset = False
        self.device_silent = False

    def _write(self, frame: Frame) -> float:
        """Write ``frame``; returns when it will have left the UART (perf_counter time)."""
        data = fr.encode_frame(frame)
        self.log.add(f"H>D {frame.describe()}: {fr.hexdump(data, 48)}")
        try:
            self.ser.write(data)
            self.ser.flush()
        except (serial.SerialException, OSError) as e:
            raise TransportError(f"writing to {self.port_name} failed: {e}") from None
        self.stats["tx_bytes"] += len(data)
        self.stats["tx_frames"] += 1
        if frame.type == FrameType.DATA:
            self._credit(len(data))
        return time.perf_counter() + len(data) * self.byte_time

    def _credit(self, nbytes: int) -> None:
        """Extend the operation's deadline by twice the line time of ``nbytes`` of data
        (at most the answer cap's worth per operation: the bound stays finite)."""
        n = max(0, min(nbytes, self.max_answer_bytes - self._credited))
        self._credited += n
        self._op_deadline += 2 * n * self.byte_time

    def _check_deadline(self, now: float) -> None:
        if now >= self._op_deadline:
            credit = 2 * self._credited * self.byte_time
            raise GameTimeout(f"{self._op}: the operation took longer than its deadline of "
                              f"{self.operation_timeout:g} s (--operation-timeout) plus {credit:.2f} s for "
                              f"its {self._credited} bytes of data on the line: cut off after "
                              f"{now - self._op_started:.1f} s")

    def _ack(self, seq: int) -> None:
        self._write(Frame(FrameType.ACK, seq, 0, self._own_flags))

    def _nak(self) -> None:
        self.stats["naks_sent"] += 1
        self._write(Frame(FrameType.NAK, self.last_rx_seq or 0, 0, self._own_flags))

    def _next_event(self, deadline: float) -> Optional[Union[Frame, FrameError]]:
        """The next frame or bad block from the device, or None at ``deadline``."""
        while not self._events:
            now = time.perf_counter()
            self._check_deadline(now)
            if now - self._last_byte_at > self.idle_gap and self.decoder.pending:
                self._events.append(self.decoder.expire())  # type: ignore[arg-type]
                break
            if now >= deadline:
                return None
            try:
                if self._fd is None:  # loop://, rfc2217://: reads wait up to READ_SLICE
                    data = self.ser.read(self.ser.in_waiting or 1)
                else:  # a real fd: wait in select, then take everything that has arrived
                    wait = min(deadline, self._op_deadline) - now
                    if self.decoder.pending:
                        wait = min(wait, self.idle_gap / 2)
                    ready, _, _ = select.select([self._fd], [], [], max(0.0, wait))
                    data = self.ser.read(65536) if ready else b""
            except (serial.SerialException, OSError, ValueError) as e:
                raise TransportError(f"reading from {self.port_name} failed: {e}") from None
            if data:
                self._last_byte_at = time.perf_counter()
                self.stats["rx_bytes"] += len(data)
                self._events.extend(self.decoder.feed(data))
        event = self._events.popleft()
        if isinstance(event, FrameError):
            self.stats["bad_frames"] += 1
            self.log.add(f"D>H bad frame ({event.reason}): {_wire(event.raw, 96)}", anomaly=True)
        else:
            self.stats["rx_frames"] += 1
            if event.type != FrameType.DATA:
                self.log.add(f"D>H {event.describe()}: {_wire(event.raw)}")
        return event

    def _on_data(self, frame: Frame) -> bool:
        """Acknowledge a DATA frame; False when it is a duplicate (already delivered)."""
        if frame.seq == self.last_rx_seq:
            self.stats["duplicates"] += 1
            self.log.add(f"D>H {frame.describe()} (duplicate, acknowledged again): {_wire(frame.raw)}", anomaly=True)
            self._ack(frame.seq)
            return False
        self.log.add(f"D>H {frame.describe()}: {_wire(frame.raw)}")
        self.last_rx_seq = frame.seq
        self._ack(frame.seq)
        return True

    def _settle(self, attempt: int) -> float:
        """Seconds the line must stay quiet after a NAK or a bad block before the frame is
        sent again (or a NAK is sent): long enough for a burst of noise to end, doubled at
        each retransmission of the same frame (backoff), never above the ACK timeout."""
        return min(self.timeout, self.quiet * 2 ** attempt)

    def _send_reliably(self, frame: Frame, what: str, retries: Optional[int] = None) -> Frame:
        """Send ``frame`` until its ACK arrives; returns the ACK.

        A NAK or a bad block (most likely the ACK, damaged) does not retransmit at once:
        the frame is sent again when the line has been quiet for :meth:`_settle` (what a
        burst of noise sent is drained first, and the ACK may still be in it), or at the
        ACK timeout. So one burst costs one retransmission, not all of them.

        :raises GameTimeout: no ACK and nothing at all heard from the device.
        :raises TransportError: no ACK, but NAKs or bad frames arrived (line too noisy).
        """
        retries = self.retries if retries is None else retries
        naks = heard = 0
        for attempt in range(retries + 1):
            if attempt:
                self.stats["retransmits"] += 1
                self.log.add(f"retransmit seq={frame.seq} (attempt {attempt + 1} of {retries + 1})", anomaly=True)
            deadline = self._write(frame) + self.timeout
            trouble: Optional[float] = None  # when the first NAK or bad block of this attempt arrived
            while True:
                until = deadline if trouble is None else \
                    min(deadline, max(self._last_byte_at, trouble) + self._settle(attempt))
                event = self._next_event(until)
                if event is None:
                    if trouble is not None and time.perf_counter() < deadline:
                        self.log.add(f"line quiet after a NAK or bad block: seq={frame.seq} sent again",
                                     anomaly=True)
                    else:
                        self.log.add(f"no ACK for seq={frame.seq} within {self.timeout} s", anomaly=True)
                    break
                heard += 1
                if isinstance(event, FrameError):  # most likely our ACK, damaged, or noise: drain, then resend
                    trouble = trouble or time.perf_counter()
                    continue
                if event.type == FrameType.ACK and event.seq == frame.seq:
                    if Flag.ACCEPTS_DEFLATE in event.flags:
                        self.peer_deflate = True
                    return event
                if event.type == FrameType.NAK:
                    naks += 1
                    self.stats["naks_received"] += 1
                    trouble = trouble or time.perf_counter()
                    continue
                if event.type == FrameType.RESET:  # a device never sends RESET: our own frame, echoed
                    self.stats["echoes"] += 1
                    continue
                if event.type == FrameType.DATA:
                    if (event.seq != self.last_rx_seq and Flag.LAST in frame.flags and frame.type == FrameType.DATA
                            and event.msg == frame.msg):
                        # the answer has begun, so the device has the whole request: its ACK was lost
                        self.log.add(f"D>H answer began: implicit ACK of seq={frame.seq}", anomaly=True)
                        self._events.appendleft(event)
                        return event
                    self._on_data(event)  # a late duplicate, or a fragment of an abandoned answer
        if self.stats["echoes"]:
            raise TransportError(f"{what}: the line echoes the host's own frames back and no device answers "
                                 f"(a loop:// port, a loopback plug, or an RS-485 adapter with echo on)")
        if not heard:
            self.device_silent = frame.type == FrameType.RESET
            raise GameTimeout(f"{what}: the device does not answer: frame seq={frame.seq} sent "
                              f"{_times(retries + 1)}, no ACK within {self.timeout} s each "
                              f"(--serial-timeout, --retries)")
        raise TransportError(f"{what}: frame seq={frame.seq} not acknowledged after {retries + 1} attempts "
                             f"({naks} NAKs, {self.stats['bad_frames']} bad frames so far): the line is too "
                             f"noisy or the settings differ from the device's (--baud, --parity, --stopbits)")

    def _receive_answer(self, msg: int, op: str) -> dict:
        reassembler = fr.Reassembler()
        deadline = time.perf_counter() + self.answer_timeout
        fragments = 0
        nak_due: Optional[float] = None  # a bad block arrived: NAK once the line is quiet (one NAK per burst)
        while True:
            event = self._next_event(deadline if nak_due is None else
                                     min(deadline, max(self._last_byte_at, nak_due) + self._settle(0)))
            if event is None:
                if nak_due is not None and time.perf_counter() < deadline:
                    self._nak()
                    nak_due = None
                    continue
                state = f"after {fragments} fragments of it" if fragments else "before any of it"
                raise GameTimeout(f"{op}: the device stopped answering {state}: silent for "
                                  f"{self.answer_timeout} s (--answer-timeout)")
            if isinstance(event, FrameError):
                nak_due = nak_due or time.perf_counter()
                continue
            if event.type == FrameType.BUSY:
                deadline = time.perf_counter() + self.answer_timeout
                continue
            if event.type != FrameType.DATA:
                continue  # late ACK or NAK of an earlier frame
            nak_due = None  # a good DATA frame: the device is sending, whatever the bad block was
            if not self._on_data(event):
                continue
            deadline = time.perf_counter() + self.answer_timeout
            if event.msg != msg:
                self.log.add(f"ignored: fragment of message {event.msg}, expected {msg}", anomaly=True)
                continue
            fragments += 1
            self._credit(len(event.raw) + 2)
            try:
                done = reassembler.add(event)
            except ValueError as e:
                self.log.add(f"ignored: {e}", anomaly=True)
                continue
            if reassembler.size > self.max_answer_bytes:
                raise AnswerTooLarge(f"{op}: the answer exceeds the cap of {self.max_answer_bytes} bytes "
                                     f"(--max-answer-bytes) after {fragments} fragments")
            if done is None:
                continue
            _, data, deflated = done
            self.stats["answer_bytes"] += len(data)
            if len(data) > self.max_answer_bytes:
                raise AnswerTooLarge(f"{op}: the answer of {len(data)} bytes exceeds the cap of "
                                     f"{self.max_answer_bytes} bytes (--max-answer-bytes)")
            try:
                answer = fr.decode_message(data, deflated, limit=self.max_answer_bytes)
            except fr.MessageTooLarge as e:
                raise AnswerTooLarge(f"{op}: the answer exceeds the cap of {self.max_answer_bytes} bytes "
                                     f"(--max-answer-bytes): {e}") from None
            except ValueError as e:
                raise ProtocolViolation(f"{op}: the answer is not a valid message: {e}; first bytes: "
                                        f"{fr.hexdump(data, 64)}") from None
            self.log.add(f"answer {op}: {len(data)} bytes{' deflated' if deflated else ''} in {fragments} "
                         f"fragments")
            return answer  # type: ignore[return-value]


def _wire(block: bytes, limit: int = 48) -> str:
    """A received block as it was on the line, delimiters included."""
    return fr.hexdump(b"\x00" + block + b"\x00", limit) if len(block) + 2 <= limit else \
        fr.hexdump(b"\x00" + block, limit)


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
