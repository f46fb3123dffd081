"""Where each table and key of a TOML file is: the one line locator of the project.

``tomllib`` gives values without positions; the profile, the corpus's own files
(``dispositions.toml``) and the lab's attestation and waiver files must report errors
as ``FILE:LINE: field: problem``. :func:`key_lines` scans the text for table headers
(``[name]``, ``[[name]]``) and ``key =`` lines and maps each path of keys to its line;
:func:`line_of` finds the line of a path, or of its nearest located parent;
:func:`read_entries` parses with ``tomllib`` (so the syntax is exactly TOML's) and
locates each ``[[array]]`` entry and each of its keys; :func:`read_text` reads a file as
TOML requires (UTF-8), naming the line where it is not.

The scan understands the usual layout of such files (one table header or one
``key = value`` per line, dotted and quoted keys, multi-line strings and arrays). A
value written another way (an inline table) still loads; its keys are then reported at
the line of the key that holds it, or at the entry's header line, or at line 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional, Union

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from baccarat_conformance.util.dates import parse_date

__all__ = ["Entry", "KeyPath", "TomlFileError", "key_lines", "line_of", "read_entries", "read_text", "decode_text", "as_date",
           "loads"]

KeyPath = tuple[Union[str, int], ...]
"""The keys leading to a value; an entry of an array of tables is numbered from 0:
``("wagers", "dragon_bonus", "paytable")``, ``("attestation", 1, "date")``."""


class TomlFileError(ValueError):
    """The text is not valid TOML; ``line`` is the 1-based line of the error (or None)."""

    def __init__(self, message: str, line: Optional[int]):
        super().__init__(message)
        self.line = line

    def __reduce__(self) -> tuple:  # picklable: pickle would call TomlFileError(message) alone
        return (type(self), (self.args[0], self.line))


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


_KEY_PART = r"""(?:[A-Za-z0-9_\-]+|"(?:[^"\\]|\\.)*"|'[^']*')"""
_DOTTED = rf"{_KEY_PART}(?:\s*\.\s*{_KEY_PART})*"
_ARRAY_HEADER = re.compile(rf"^\s*\[\[\s*({_DOTTED})\s*\]\]\s*(#.*)?$")
_TABLE_HEADER = re.compile(rf"^\s*\[\s*({_DOTTED})\s*\]\s*(#.*)?$")
_KEY = re.compile(rf"^\s*({_DOTTED})\s*=")
_TOML_LINE = re.compile(r"line (\d+)")


def _parts(dotted: str) -> tuple[str, ...]:
    """The keys of a dotted key (``a."b.c"`` -> ``("a", "b.c")``)."""
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in re.findall(_KEY_PART, dotted))


def _bare(fragment: str) -> str:
    """``fragment`` without its string literals and comment (to count brackets)."""
    return re.sub(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'", "", fragment).split("#", 1)[0]


def key_lines(text: str) -> dict[KeyPath, int]:
    """Line (1-based) of every table header and key of the TOML ``text``, by
    :data:`KeyPath`, in file order. Every parent of a located path is located too, at
    its first line (``[wagers.dragon_bonus]`` also locates ``("wagers",)``, and
    ``[[attestation]]`` locates ``("attestation",)`` at its first entry).

    Never raises: the text need not be valid TOML (the lines are only looked up after
    ``tomllib`` accepted it).
    """
    lines: dict[KeyPath, int] = {}
    counts: dict[KeyPath, int] = {}  # entries seen of each array of tables

    def resolve(parts: tuple[str, ...]) -> KeyPath:
        """``parts`` with the current entry's index after each array of tables."""
        path: KeyPath = ()
        for n, part in enumerate(parts, 1):
            path += (part,)
            if n < len(parts) and path in counts:
                path += (counts[path] - 1,)
        return path

    def add(path: KeyPath, no: int) -> None:
        for n in range(1, len(path) + 1):
            lines.setdefault(path[:n], no)

    table: KeyPath = ()
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
        m = _ARRAY_HEADER.match(raw)
        if m:
            array = resolve(_parts(m.group(1)))
            counts[array] = counts.get(array, 0) + 1
            table = array + (counts[array] - 1,)
            add(table, no)
            continue
        m = _TABLE_HEADER.match(raw)
        if m:
            table = resolve(_parts(m.group(1)))
            add(table, no)
            continue
        m = _KEY.match(raw)
        if m:
            add(table + _parts(m.group(1)), no)
            rest = raw[m.end():]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    open_string = quote
                    break
            else:
                bare = _bare(rest)
                depth = max(0, bare.count("[") - bare.count("]"))
    return lines


def line_of(lines: Mapping[KeyPath, int], path: KeyPath, default: Optional[int] = None) -> Optional[int]:
    """Line of ``path`` in ``lines`` (from :func:`key_lines`), else of its longest
    located parent (a missing key is reported at its table), else ``default``."""
    for n in range(len(path), 0, -1):
        if path[:n] in lines:
            return lines[path[:n]]
    return default


def read_text(path: Union[str, Path]) -> str:
    """The text of the file at ``path``, decoded as UTF-8 (as TOML requires) with
    universal newlines, like ``Path.read_text(encoding="utf-8")``.

    :raises OSError: when the file cannot be read.
    :raises TomlFileError: when it is not UTF-8, naming the line and the first bad byte
        (``not UTF-8 text (line 3, byte 41: b'\\xe9')``).
    """
    return decode_text(Path(path).read_bytes())


def decode_text(data: bytes) -> str:
    """``data`` decoded as :func:`read_text` decodes a file.

    :raises TomlFileError: when it is not UTF-8, naming the line and the first bad byte.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise TomlFileError(f"not UTF-8 text (line {line}, byte {e.start}: {data[e.start:e.start + 1]!r})",
                            line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, with nesting too deep for Python's stack (arrays 100,000
    deep) a :class:`tomllib.TOMLDecodeError` like any other invalid TOML, not a
    ``RecursionError``."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError("arrays or inline tables nested too deep to read") from None


def read_entries(text: str) -> tuple[dict[str, Any], list[Entry], dict[str, int]]:
    """Parse ``text``; return (document, entries of every top-level array of tables in
    file order, line of each top-level key or table).

    :raises TomlFileError: when ``text`` is not valid TOML (the message is tomllib's,
        ``line`` the line it names).
    """
    try:
        doc = loads(text)
    except tomllib.TOMLDecodeError as e:
        m = _TOML_LINE.search(str(e))
        line = getattr(e, "lineno", None) or (int(m.group(1)) if m else None)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise TomlFileError(message, line) from None
    lines = key_lines(text)
    keys: dict[KeyPath, dict[str, int]] = {}
    for path, no in lines.items():
        if len(path) == 3 and isinstance(path[1], int):
            keys.setdefault(path[:2], {})[str(path[2])] = no
    entries: list[Entry] = []
    for name, value in doc.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, values in enumerate(value):
                entries.append(Entry(name, i, values, line_of(lines, (name, i), 1) or 1, keys.get((name, i), {})))
    entries.sort(key=lambda e: (e.line, e.array, e.index))
    top_keys = {str(path[0]): no for path, no in lines.items() if len(path) == 1}
    return doc, entries, top_keys


as_date = parse_date
"""A TOML date (``2025-06-30``) or a string ``"2025-06-30"`` as a ``datetime.date``:
:func:`baccarat_conformance.util.dates.parse_date`."""
