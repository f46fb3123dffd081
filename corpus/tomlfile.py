"""Read a TOML file of ``[[array]]`` entries and keep the line of every entry and key.

``tomllib`` gives values without positions; the corpus's own files
(``dispositions.toml``) and the lab's attestation and waiver files must report errors
as ``FILE:LINE: field: problem``. :func:`read_entries` parses with ``tomllib`` (so the
syntax is exactly TOML's) and then scans the text for the ``[[name]]`` headers and
``key =`` lines to locate each entry and each of its keys.

The scan understands the usual layout of such files (one ``[[name]]`` header per entry,
one ``key = value`` per line, multi-line strings and arrays). An entry written another
way (an inline table, a dotted key) still loads; its keys are then reported at the
entry's header line, or at line 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from .dates import parse_date

__all__ = ["Entry", "TomlFileError", "read_entries", "as_date"]


class TomlFileError(ValueError):
    """The text is not valid TOML; ``line`` is the 1-based line of the error (or None)."""

    def __init__(self, message: str, line: Optional[int]):
        super().__init__(message)
        self.line = line


@dataclass
class Entry:
    """One ``[[name]]`` table: its values, the line of its header and of each key."""

    array: str
    index: int
    values: Mapping[str, Any]
    line: int
    key_lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, key: Optional[str]) -> int:
        """Line of ``key`` in this entry, else the entry's header line."""
        return self.key_lines.get(key, self.line) if key else self.line


_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_\-]+)\s*\]\]\s*(#.*)?$")
_TABLE = re.compile(r"^\s*\[\s*[^\[\]]+\s*\]\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')\s*=")
_TOML_LINE = re.compile(r"line (\d+)")


def _bare(fragment: str) -> str:
    """``fragment`` without its string literals and comment (to count brackets)."""
    return re.sub(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'", "", fragment).split("#", 1)[0]


def _locate(text: str) -> tuple[dict[tuple[str, int], int], dict[tuple[str, int], dict[str, int]], dict[str, int]]:
    headers: dict[tuple[str, int], int] = {}
    keys: dict[tuple[str, int], dict[str, int]] = {}
    top_keys: dict[str, int] = {}
    counts: dict[str, int] = {}
    current: Optional[tuple[str, int]] = None
    in_table = False
    open_string: Optional[str] = None
    depth = 0
    for no, raw in enumerate(text.splitlines(), 1):
        if open_string:
            if raw.count(open_string) % 2 == 1:
                open_string = None
            continue
        if depth > 0:
            bare = _bare(raw)
            depth = max(0, depth + bare.count("[") - bare.count("]"))
            continue
        m = _HEADER.match(raw)
        if m:
            name = m.group(1)
            index = counts.get(name, 0)
            counts[name] = index + 1
            current = (name, index)
            in_table = False
            headers[current] = no
            keys[current] = {}
            continue
        if _TABLE.match(raw):
            current, in_table = None, True
            continue
        m = _KEY.match(raw)
        if m:
            key = m.group(1).strip("\"'")
            if current is not None:
                keys[current].setdefault(key, no)
            elif not in_table:
                top_keys.setdefault(key, no)
            rest = raw[m.end():]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    open_string = quote
                    break
            else:
                bare = _bare(rest)
                depth = max(0, bare.count("[") - bare.count("]"))
    return headers, keys, top_keys


def read_entries(text: str) -> tuple[dict[str, Any], list[Entry], dict[str, int]]:
    """Parse ``text``; return (document, entries of every top-level array of tables in
    file order, line of each other top-level key).

    :raises TomlFileError: when ``text`` is not valid TOML (the message is tomllib's,
        ``line`` the line it names).
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = _TOML_LINE.search(str(e))
        line = getattr(e, "lineno", None) or (int(m.group(1)) if m else None)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise TomlFileError(message, line) from None
    headers, keys, top_keys = _locate(text)
    entries: list[Entry] = []
    for name, value in doc.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, values in enumerate(value):
                entries.append(Entry(name, i, values, headers.get((name, i), top_keys.get(name, 1)),
                                     dict(keys.get((name, i), {}))))
    entries.sort(key=lambda e: (e.line, e.array, e.index))
    return doc, entries, top_keys


as_date = parse_date
"""A TOML date (``2025-06-30``) or a string ``"2025-06-30"`` as a ``datetime.date``:
:func:`baccarat_conformance.corpus.dates.parse_date`."""
