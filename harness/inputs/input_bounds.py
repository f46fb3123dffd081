"""Bounds on the lab's own inputs: the profile, attestation and waiver files, their
free-text fields, and the errors that list their problems (docs/security.md, "Bounds on
the lab's own inputs").

A careless operator's file is input too: a 50 MB ``certificate_holder`` was copied into
four report files (130 s, 6.1 GB), a 44 MB profile of 1.5 million unknown tables printed a
27 MB error, and a holder or inspector holding ``ESC [2J`` cleared the screen of whoever
read the console or the matrix. So every input file has a size cap checked before it is
read, every free-text field a length cap and no control characters, and an error lists
at most :data:`MAX_PROBLEMS` problems. :func:`escape_controls` makes any text safe to
print on a terminal.

A game's own texts reach the reports too: :func:`game_text` makes one (``describe``'s
name, vendor, version) one escaped line of at most :data:`MAX_GAME_TEXT_CHARS`
characters. And a cell of a CSV file is a formula to the spreadsheet a lab opens it in
when it begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return: every CSV the
harness writes goes through :func:`csv_writer`, whose :func:`csv_cell` neutralises such a
cell as OWASP's "CSV Injection" guidance says, with a leading ``'`` (docs/security.md).
"""

from __future__ import annotations

import csv
import re
from typing import Any, Iterable, Sequence

__all__ = ["MAX_FILE_BYTES", "MAX_TEXT_CHARS", "MAX_PROBLEMS", "file_limit", "free_text", "escape_controls",
           "capped", "human_size", "MAX_GAME_TEXT_CHARS", "game_text", "CSV_FORMULA_STARTS", "csv_cell",
           "csv_writer"]

MAX_FILE_BYTES = {"--profile": 1024 * 1024, "--attestations": 4 * 1024 * 1024, "--waivers": 4 * 1024 * 1024}
"""The largest input file of each option, in bytes. The bundled profiles are under
4 KiB; an attestation entry is a few hundred bytes (the corpus has about 1,500 manual
clauses at most)."""

MAX_TEXT_CHARS = 2000
"""The longest free-text field (``certificate_holder``; an attestation's ``inspector``,
``evidence``, ``note``; a waiver's ``justification``, ``approver``, ``reference``), in
characters."""

MAX_PROBLEMS = 50
"""The most problems one error lists; the rest are counted (``... and 1499950 more``)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 but tab and newline, DEL, C1


def human_size(n: int) -> str:
    """``1048576`` -> ``"1 MiB"``."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


def file_limit(option: str) -> int:
    """The size cap of the file given as ``option`` (``"--profile"``), in bytes."""
    return MAX_FILE_BYTES.get(option, min(MAX_FILE_BYTES.values()))


def escape_controls(text: str) -> str:
    """``text`` with every control character but newline and tab written as an escape
    (``ESC`` -> ``\\x1b``, a C1 ``CSI`` -> ``\\x9b``) and the bidirectional overrides
    (U+202A-U+202E, U+2066-U+2069), the zero-width marks (U+200B-U+200F, U+FEFF) and the
    line and paragraph separators (U+2028, U+2029) as ``\\u202e``: safe to print on a terminal."""
    def esc(m: re.Match) -> str:
        c = m.group(0)
        return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"

    return re.sub(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]", esc, text)


def free_text(value: Any, limit: int = MAX_TEXT_CHARS) -> str:
    """``value`` when it is a string of at most ``limit`` characters without control
    characters (newline and tab allowed).

    :raises ValueError: naming the length or the first control character (escaped), never
        quoting the whole value.
    """
    if not isinstance(value, str):
        return value  # the field's own type check says what it expects
    if len(value) > limit:
        raise ValueError(f"at most {limit} characters, got {len(value)} (beginning {value[:40]!r}...)")
    bad = _CONTROL.search(value) or re.search(r"[\u202a-\u202e\u2066-\u2069]", value)
    if bad:
        raise ValueError(f"a control character (U+{ord(bad.group(0)):04X}) at character {bad.start() + 1}: "
                         f"{value[:80]!r}; write plain text")
    return value


def capped(lines: Iterable[str], limit: int = MAX_PROBLEMS) -> list[str]:
    """The first ``limit`` of ``lines``, and ``... and N more`` when there were more."""
    out: list[str] = []
    more = 0
    for line in lines:
        if len(out) < limit:
            out.append(line)
        else:
            more += 1
    if more:
        out.append(f"... and {more} more")
    return out


MAX_GAME_TEXT_CHARS = 200
"""The longest game text a report shows (``describe``'s name, vendor or version), in
characters; a longer one is cut, ending in ``…``."""


def game_text(value: Any, limit: int = MAX_GAME_TEXT_CHARS) -> str:
    """A text the game answered (untrusted), as a report shows it: ``str(value)`` on one line,
    every control character, bidirectional override, zero-width mark, newline and tab
    escaped (:func:`escape_controls`: ``ESC`` -> ``\\x1b``), cut to ``limit`` characters with
    ``…``."""
    text = escape_controls(str(value)).replace("\n", "\\n").replace("\t", "\\t")
    return text if len(text) <= limit else text[:limit - 1] + "…"


CSV_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a CSV cell as a formula (OWASP, "CSV
Injection")."""

_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:[./][0-9]+)?(?:[eE][-+]?[0-9]+)?")


def csv_cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs: a string beginning with one of
    :data:`CSV_FORMULA_STARTS` gets a leading ``'`` (``=HYPERLINK(...)`` -> ``'=HYPERLINK(...)``),
    but a plain number (``-0.0124``, ``-1/100``: digits, one ``.`` or ``/``, an exponent),
    which a spreadsheet reads as that number and nothing else; anything not a string is
    returned as it is."""
    if isinstance(value, str) and value[:1] in CSV_FORMULA_STARTS and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


class _SafeWriter:
    """A :func:`csv.writer` whose every cell goes through :func:`csv_cell`."""

    def __init__(self, fh: Any, **kwargs: Any) -> None:
        self._writer = csv.writer(fh, **kwargs)

    def writerow(self, row: Sequence[Any]) -> Any:
        return self._writer.writerow([csv_cell(v) for v in row])

    def writerows(self, rows: Iterable[Sequence[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(fh: Any, **kwargs: Any) -> _SafeWriter:
    """:func:`csv.writer` over ``fh`` (same keyword arguments), every cell neutralised by
    :func:`csv_cell`: the one way the harness writes CSV (``matrix.csv``,
    ``matrix-totals.csv``, the par sheet's CSV, ``clauses --format csv``)."""
    return _SafeWriter(fh, **kwargs)
