"""Reading recorded rounds: the files of an audit, and the readers that turn each file
into raw round records (docs/protocol.md, "Recorded rounds").

A *reader* is a class registered under the entry-point group
``baccarat_conformance.record_readers`` (the two shipped here: ``jsonl`` and ``csv``;
a vendor's export plugs in the same way). It has

* ``name`` (its entry-point name) and ``suffixes``: the file name endings it reads
  (``(".jsonl", ".jsonl.gz")``), which choose it for a file unless ``--reader`` names one;
* ``read(path, max_line_bytes) -> Iterator[Raw]``: every record of the file in order,
  each a :class:`Raw` with its line number and either ``data`` (a JSON object: a round
  record with its optional envelope) or ``problem`` (why that line cannot be read).
  A reader never raises for bad content: a malformed line, an oversized line, a
  truncated gzip stream is a :class:`Raw` with a ``problem``, and reading goes on
  where it can.

Input is untrusted: a line longer than ``max_line_bytes`` is never held whole (it is
skipped in bounded chunks), and a problem's text is bounded and escaped by the caller.
"""

from __future__ import annotations

import contextlib
import csv
import glob
import gzip
import json
import os
import zlib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from baccarat_conformance.judging.errors import ConfigurationError

__all__ = ["Raw", "JsonLinesReader", "CsvReader", "READER_GROUP", "MAX_LINE_BYTES", "load_readers", "reader_for",
           "expand_inputs"]

READER_GROUP = "baccarat_conformance.record_readers"
MAX_LINE_BYTES = 1024 * 1024
"""The longest line (one recorded round) read by default, in bytes (``--max-line-bytes``):
a whole round record with events and 15 seats of side wagers is under 20 kB."""


@dataclass(frozen=True)
class Raw:
    """One record as a reader found it: ``line`` (1-based line, or row, of its file), and
    ``data`` (a JSON object), ``json`` (the bytes of a JSON object, validated by the audit
    as they are: faster than a parse and a validation) or ``problem`` (one sentence: why
    it cannot be read)."""

    line: int
    data: Optional[dict] = None
    problem: Optional[str] = None
    json: Optional[bytes] = None
    #: bytes of the file as stored (compressed, for gzip) read when this record was found,
    #: for the progress line's ETA; a reader may leave it out (no ETA inside its files)
    offset: Optional[int] = None


class _CountingFile:
    """A binary file that counts the bytes read from it: a reader's position in the file as
    stored (a gzip stream reads its compressed bytes through it)."""

    def __init__(self, fh: Any) -> None:
        self.fh, self.count = fh, 0
        self.mode, self.name = "rb", getattr(fh, "name", "")

    def read(self, size: int = -1) -> bytes:
        block = self.fh.read(size)
        self.count += len(block)
        return block

    def close(self) -> None:
        self.fh.close()


def _open_binary(path: Path) -> tuple[Any, _CountingFile]:
    """(the file's bytes, decompressed when it is gzip by its magic number, not its name;
    the counter of the bytes read from the file as stored)."""
    fh = open(path, "rb")
    head = fh.peek(2)[:2] if hasattr(fh, "peek") else b""
    counted = _CountingFile(fh)
    if head == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=counted, mode="rb"), counted
    return counted, counted


def bounded_lines(stream: Any, max_line_bytes: int, chunk: int = 1 << 16) -> Iterator[tuple[int, Optional[bytes], Optional[str]]]:
    """(line number, bytes of the line without its newline, problem) for each line of the
    binary ``stream``. A line longer than ``max_line_bytes`` is read past in chunks and
    given as (n, None, "oversized ..."); a truncated or corrupt gzip stream ends with
    (n, None, "truncated ...") after the last whole line."""
    n = 0
    buf = b""
    skipping = False
    while True:
        try:
            block = stream.read(chunk)
        except (EOFError, gzip.BadGzipFile, zlib.error, OSError) as e:
            if buf and not skipping:
                n += 1
                yield n, None, f"truncated line: the compressed stream ends inside it ({type(e).__name__}: {e})"
            yield n + 1, None, f"the file ends early: the gzip stream is truncated or corrupt ({type(e).__name__}: {e})"
            return
        if not block:
            if buf and not skipping:
                n += 1
                yield n, buf.rstrip(b"\r"), None
            elif skipping:
                n += 1
                yield n, None, f"oversized line: more than {max_line_bytes} bytes"
            return
        start = 0
        while True:
            nl = block.find(b"\n", start)
            if nl < 0:
                rest = block[start:]
                if not skipping:
                    buf += rest
                    if len(buf) > max_line_bytes:
                        buf, skipping = b"", True
                break
            piece = block[start:nl]
            n += 1
            if skipping or len(buf) + len(piece) > max_line_bytes:
                yield n, None, f"oversized line: more than {max_line_bytes} bytes"
            else:
                yield n, (buf + piece).rstrip(b"\r"), None
            buf, skipping = b"", False
            start = nl + 1


class JsonLinesReader:
    """JSON Lines of round records (docs/protocol.md "Recorded rounds"), plain or gzip:
    one JSON object a line (given as its bytes: the audit parses and validates it in one
    step, and a line that is not a JSON object is a malformed line); blank lines are skipped."""

    name = "jsonl"
    suffixes = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz", ".json.gz", ".jsonl.gzip")

    def read(self, path: Path, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[Raw]:
        stream, counted = _open_binary(Path(path))
        try:
            for n, data, problem in bounded_lines(stream, max_line_bytes):
                if problem is not None:
                    yield Raw(n, problem=problem, offset=counted.count)
                    continue
                assert data is not None
                if not data.strip():
                    continue
                yield Raw(n, json=data, offset=counted.count)
        finally:
            stream.close()
            counted.close()


class CsvReader:
    """A flat CSV export, one row per round (a header row first). Columns:

    ``table_id``, ``shoe_id``, ``timestamp`` (the envelope), ``burned`` (optional: on the
    shoe's first round, the burn's cards separated by spaces, ``-`` for none; an empty cell:
    not recorded), ``shoe`` (optional: ``in_play``, ``last_hand`` in the round in which the
    cover card came out, ``ended``; the record's ``shoe``), ``round_id``, ``status``
    (default ``completed``), ``player_cards`` and ``banker_cards`` (cards in the order
    dealt, separated by spaces: ``"9H 10C"``), ``player_point_count``,
    ``banker_point_count``, ``player_natural``, ``banker_natural`` (``true``/``false``),
    ``winner``, and for each wager N = 1, 2, ...: ``wagerN_seat``, ``wagerN_type``,
    ``wagerN_hand``, ``wagerN_amount``, ``wagerN_result``, ``wagerN_paid``,
    ``wagerN_vigorish`` (a wager whose ``type`` cell is empty is absent). Money is a
    decimal string of dollars, as on the wire. The CSV holds no event order: § 631a.12(b)
    is not judgeable from it.
    """

    name = "csv"
    suffixes = (".csv", ".csv.gz")

    def read(self, path: Path, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[Raw]:
        stream, counted = _open_binary(Path(path))
        with contextlib.closing(counted), contextlib.closing(stream):
            lines = bounded_lines(stream, max_line_bytes)
            header: Optional[list[str]] = None
            for n, data, problem in lines:
                if problem is not None:
                    yield Raw(n, problem=problem)
                    continue
                try:
                    text = data.decode("utf-8")  # type: ignore[union-attr]
                except UnicodeDecodeError:
                    yield Raw(n, problem="malformed row: not UTF-8")
                    continue
                if not text.strip():
                    continue
                try:
                    cells = next(csv.reader([text]))
                except csv.Error as e:
                    yield Raw(n, problem=f"malformed row: {e}")
                    continue
                if header is None:
                    header = [c.strip() for c in cells]
                    continue
                if len(cells) != len(header):
                    yield Raw(n, problem=f"malformed row: {len(cells)} cells, the header has {len(header)}")
                    continue
                try:
                    yield Raw(n, data=self.record(dict(zip(header, cells))), offset=counted.count)
                except ValueError as e:
                    yield Raw(n, problem=f"malformed row: {e}")

    @staticmethod
    def record(row: dict[str, str]) -> dict:
        """The round record (JSON object, with its envelope) of one CSV row.

        :raises ValueError: for a cell that is not what its column holds."""
        def flag(v: str, col: str) -> bool:
            if v.strip().lower() in ("true", "1", "yes"):
                return True
            if v.strip().lower() in ("false", "0", "no"):
                return False
            raise ValueError(f"column {col}: {v!r} is not true or false")

        def count(v: str, col: str) -> int:
            try:
                return int(v)
            except ValueError:
                raise ValueError(f"column {col}: {v!r} is not a whole number") from None

        rec: dict[str, Any] = {}
        for k in ("table_id", "shoe_id", "timestamp"):
            if row.get(k):
                rec[k] = row[k]
        burned = (row.get("burned") or "").strip()
        if burned:  # the shoe's first round: its burn; "-" for none burned
            rec["burned"] = [] if burned == "-" else burned.split()
        rec["round_id"] = row.get("round_id", "")
        rec["status"] = row.get("status") or "completed"
        if (row.get("shoe") or "").strip():
            rec["shoe"] = row["shoe"].strip()
        cards: list[dict] = []
        for hand in ("player", "banker"):
            hand_cards = (row.get(f"{hand}_cards") or "").split()
            if hand_cards:
                rec[hand] = {"cards": hand_cards,
                             "point_count": count(row.get(f"{hand}_point_count", ""), f"{hand}_point_count"),
                             "natural": flag(row.get(f"{hand}_natural", ""), f"{hand}_natural")}
        rec["cards"] = cards
        if row.get("winner"):
            rec["winner"] = row["winner"]
        wagers = []
        n = 1
        while f"wager{n}_type" in row:
            p = f"wager{n}_"
            if row[p + "type"].strip():
                w: dict[str, Any] = {"wager_id": row.get(p + "id") or f"{rec['round_id']}-{n}",
                                     "seat": count(row.get(p + "seat", ""), p + "seat"),
                                     "wager_type": row[p + "type"].strip(), "amount": row.get(p + "amount", ""),
                                     "result": row.get(p + "result", ""), "paid": row.get(p + "paid", "")}
                if row.get(p + "vigorish"):
                    w["vigorish"] = row[p + "vigorish"]
                if row.get(p + "hand"):
                    w["hand"] = row[p + "hand"]
                wagers.append(w)
            n += 1
        rec["wagers"] = wagers
        return rec


def load_readers() -> dict[str, Any]:
    """Every installed reader, by entry-point name (instances).

    :raises ConfigurationError: when a reader cannot be loaded."""
    out: dict[str, Any] = {}
    for ep in metadata.entry_points(group=READER_GROUP):
        try:
            out[ep.name] = ep.load()()
        except Exception as e:  # noqa: BLE001 - a broken plugin is a configuration error, named
            raise ConfigurationError(f"record reader {ep.name!r} ({ep.value}) cannot be loaded: {e}") from None
    if not out:  # running from a source tree without its distribution metadata
        out = {"jsonl": JsonLinesReader(), "csv": CsvReader()}
    return out


def reader_for(path: Path, readers: dict[str, Any], name: Optional[str] = None) -> Any:
    """The reader of ``path``: the one named ``name`` (``--reader``), else the one whose
    suffix is the longest match of the file's name (the JSONL reader when none matches).

    :raises ConfigurationError: for an unknown reader name."""
    if name:
        if name not in readers:
            raise ConfigurationError(f"--reader {name!r}: no such record reader (installed: {', '.join(sorted(readers))})")
        return readers[name]
    low = Path(path).name.lower()
    best, best_len = readers.get("jsonl") or JsonLinesReader(), 0
    for r in readers.values():
        for s in getattr(r, "suffixes", ()):
            if low.endswith(s) and len(s) > best_len:
                best, best_len = r, len(s)
    return best


def expand_inputs(specs: Iterable[str], readers: dict[str, Any]) -> list[Path]:
    """The files an audit reads, in order: each spec a file, a folder (its files whose name
    a reader's suffix matches, recursively, sorted) or a glob (sorted); each file once.

    :raises ConfigurationError: naming a spec that matches no file."""
    suffixes = tuple(s for r in readers.values() for s in getattr(r, "suffixes", ()))
    out: list[Path] = []
    seen: set[str] = set()
    for spec in specs:
        p = Path(spec)
        if p.is_dir():
            found = sorted(q for q in p.rglob("*") if q.is_file() and q.name.lower().endswith(suffixes))
        elif p.is_file():
            found = [p]
        elif glob.has_magic(spec):
            found = sorted(Path(q) for q in glob.glob(spec, recursive=True) if os.path.isfile(q))
        else:
            found = []
        if not found:
            raise ConfigurationError(f"{spec}: no recorded rounds there (no such file, or a folder or glob "
                                     f"matching no {', '.join(sorted(set(suffixes)))} file)")
        for q in found:
            key = str(q.resolve())
            if key not in seen:
                seen.add(key)
                out.append(q)
    return out
