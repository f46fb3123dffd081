"""Generate ``clauses.json`` from the regulation source texts.

Usage::

    python -m baccarat_conformance.corpus.build            # (re)write clauses.json
    python -m baccarat_conformance.corpus.build --check    # exit 1 if it is stale
    python -m baccarat_conformance.corpus.build --sources DIR --output FILE

Sources: ``--sources DIR``, else ``$BACCARAT_REGULATIONS_DIR``, else
``<repo>/../shared/regulations`` when present, else the verbatim copies in
``corpus/sources/``. Exit status: 0 done / up to date, 1 stale (``--check``),
2 the texts could not be parsed (the message names file and line).

How a text becomes entries
--------------------------
1. Every line is read as is; page furniture ("631a-7", "(413841) No. 583 Jun. 23",
   "[Next page is ...]") is flagged and kept out of the corpus (recorded per source
   text in ``editions[].dropped_lines``).
2. The text is split into chapter heading, table of contents, chapter notes and
   sections; a section is its body up to the first note heading (Authority, Source,
   Cross References) and the notes after it.
3. In a body, a line starting with a label ``(a)``/``(1)``/``(i)``/``(A)`` opens a
   clause; its level follows from the label sequence, not from the indentation
   (which the extractions scramble). Unlabelled lines are, in this order: table
   lines, a section's own text, the rest of a sentence broken by a page break
   (joined, recorded in ``joins``), definitions ("Term—..."), or a table after a
   clause ending in ":". Anything else is an error.
4. Tables are parsed by text form: pipe tables, tab-separated rows (with or
   without ``<i>`` tags), the "Paytable X—$n Configuration" lists of § 631c.6 and
   the run-together rows of the second publisher's § 631c.2.
5. Lines in the notes that are not notes (the § 629b.7(j) rate fragments) are
   moved back into the section's last table (recorded in ``joins``).
6. Metadata (citation, dates, URL) come from the Source notes; interpretations
   from ``interpretations.toml`` are checked against the text and copied in.

Anything the builder had to repair (a repeated or misprinted label, a sentence cut
off, an open range, empty table cells, reassembled fragments) or a known artifact
pattern ("\\$", "Dealer's Hand", "payable", "for 1", seat directions) must be
named by an interpretation, or the build fails.
"""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from . import CORPUS_FILE, PYTEST_MARKER_RE, SCHEMA_VERSION, clause_id_for_tag, tag_for

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
SOURCES_COPY_DIR = PACKAGE_DIR / "sources"
DEFAULT_OUTPUT = PACKAGE_DIR / CORPUS_FILE
DEFAULT_INTERPRETATIONS = PACKAGE_DIR / "interpretations.toml"
ENV_VAR = "BACCARAT_REGULATIONS_DIR"
PRIMARY_EDITION = "pa-code"
URL_TEMPLATE = ("https://www.pacodeandbulletin.gov/Display/pacode?file=/secure/pacode/data/058/"
                "chapter{chapter}/s{section}.html")


class BuildError(Exception):
    """The texts could not be turned into a corpus; the message names file and line."""


# ===================================================================== sources
@dataclass(frozen=True)
class SourceSpec:
    """One source text and what it must contain."""

    file: str
    chapter: str
    sections: tuple[str, ...]
    edition: str = PRIMARY_EDITION
    publisher: str = "Pennsylvania Code (Title 58, Part VII), as published"
    description: str = ""


def _numbered(chapter: str, n: int) -> tuple[str, ...]:
    return tuple(f"{chapter}.{i}" for i in range(1, n + 1))


#: The Pennsylvania Code texts, in regulation (Code) order.
PRIMARY_SOURCES: tuple[SourceSpec, ...] = (
    SourceSpec("627b-minibaccarat-side-wagers-temporary.txt", "627b", _numbered("627b", 3),
               description="58 Pa. Code Ch. 627b, Minibaccarat side wagers (temporary regulations)"),
    SourceSpec("629b-midibaccarat-side-wagers-temporary.txt", "629b", _numbered("629b", 7),
               description="58 Pa. Code Ch. 629b, Midibaccarat side wagers and variations (temporary regulations)"),
    SourceSpec("631a-baccarat.txt", "631a", _numbered("631a", 15),
               description="58 Pa. Code Ch. 631a, Baccarat"),
    SourceSpec("631c-baccarat-side-wagers-and-variations.txt", "631c", _numbered("631c", 7),
               description="58 Pa. Code Ch. 631c, Baccarat side wagers and variations"),
)

#: The second publisher's copy of § 631c.2 (recorded for its differences; not governing).
ALTERNATE_SOURCE = SourceSpec(
    "631c.2-heavenly-9-progressive-current-through-2024-06-22.txt", "631c", ("631c.2",),
    edition="current-through-2024-06-22",
    publisher="second publisher (not named in the text): \"58 Pa. Code § 631c.2\", "
              "current through Register Vol. 54, No. 25, June 22, 2024",
    description="58 Pa. Code § 631c.2 alone, as republished current through Pa. Register "
                "Vol. 54, No. 25 (June 22, 2024)",
)

ALL_SOURCES = PRIMARY_SOURCES + (ALTERNATE_SOURCE,)


@dataclass(frozen=True)
class Line:
    """A source line as in the file (without its newline)."""

    no: int  # 1-based
    raw: str
    furniture: bool = False

    @property
    def blank(self) -> bool:
        return not self.raw.strip()


_FURNITURE_RES = (
    re.compile(r"^\s*(?:#+\s*)?\d{3}[a-z]-\d+\s*$"),               # page number: 631a-7, ### 627b-6
    re.compile(r"^\s*\(\d{6}\) No\. \d+ [A-Z][a-z]{2}\. \d{2}\s*$"),  # (413841) No. 583 Jun. 23
    re.compile(r"^\s*\[Next page is [^\]]+\]\s*$"),                  # [Next page is 631b-1.]
)


def is_furniture(raw: str) -> bool:
    return any(r.match(raw) for r in _FURNITURE_RES)


def read_lines(path: Path) -> list[Line]:
    text = path.read_text(encoding="utf-8")
    return [Line(i, raw, is_furniture(raw)) for i, raw in enumerate(text.split("\n"), 1)]


def plain(raw: str) -> str:
    """A structural line without Markdown furniture: ``#### **Authority**`` -> ``Authority``."""
    s = raw.strip()
    s = re.sub(r"^#+\s*", "", s)
    s = re.sub(r"^\*\*(.*)\*\*$", r"\1", s)
    return s.strip()


def body_text(raw: str) -> str:
    """A body line without its list bullet and indentation (the wording is untouched)."""
    return re.sub(r"^\s*(?:-\s+)?", "", raw).rstrip()


def sha256(data: str | bytes) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


# ===================================================================== entries
@dataclass
class Entry:
    """An entry under construction (becomes one element of ``clauses``)."""

    id: str
    kind: str
    label: Optional[str]
    parent: Optional[str]
    section: str
    level: int = 0  # 0 section, 1 (a), 2 (1), 3 (i), 4 (A); 5 definitions/tables
    text: str = ""
    joins: list[dict] = field(default_factory=list)
    table: Optional[dict] = None
    first_line: int = 0
    last_line: int = 0
    anomalies: list[str] = field(default_factory=list)
    struct_label: str = ""  # the label used in the id (differs from the printed one if repaired)

    @property
    def printed(self) -> str:
        return f"{self.label} {self.text}" if self.kind == "clause" else self.text


# ===================================================================== labels
_LEVEL_FIRST = {1: "a", 2: "1", 3: "i", 4: "A"}
_ROMAN = (("m", 1000), ("cm", 900), ("d", 500), ("cd", 400), ("c", 100), ("xc", 90), ("l", 50),
          ("xl", 40), ("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1))


def to_roman(n: int) -> str:
    out = ""
    for sym, val in _ROMAN:
        while n >= val:
            out, n = out + sym, n - val
    return out


def roman_value(s: str) -> int:
    """Value of a lower-case roman numeral in canonical form, else 0."""
    if not s or not re.fullmatch(r"[ivxlcdm]+", s):
        return 0
    total, i = 0, 0
    for sym, val in _ROMAN:
        while s.startswith(sym, i):
            total, i = total + val, i + len(sym)
    return total if i == len(s) and to_roman(total) == s else 0


def label_levels(label: str) -> list[int]:
    """Levels a printed label can stand at: (a) 1, (1) 2, (i) 3, (A) 4."""
    if label.isdigit():
        return [2]
    if len(label) == 1 and label.isupper():
        return [4]
    levels = []
    if len(label) == 1 and label.islower():
        levels.append(1)
    if roman_value(label):
        levels.append(3)
    return levels


def next_label(level: int, label: str) -> str:
    if level == 2:
        return str(int(label) + 1)
    if level == 3:
        return to_roman(roman_value(label) + 1)
    return chr(ord(label) + 1)


def place_label(stack: Sequence[Entry], label: str, previous_text: str, where: str) -> tuple[int, str, Optional[str]]:
    """Level and structural label of a printed label, given the open clauses.

    Returns ``(level, label, anomaly)``; ``anomaly`` says how a label that does not
    continue the sequence was read (a "(1)" where "(l)" is due; a repeated label
    read as the next one). Raises :class:`BuildError` for any other break.
    """
    by_level = {e.level: e for e in stack}
    deepest = stack[-1].level if stack else 0
    candidates = []
    for level in label_levels(label):
        current = by_level.get(level)
        if current is not None and label == next_label(level, current.struct_label):
            candidates.append(level)
        elif current is None and level == deepest + 1 and label == _LEVEL_FIRST[level]:
            candidates.append(level)
    if len(candidates) == 1:
        return candidates[0], label, None
    if candidates:  # e.g. "(i)" after "(h)(1)": a first roman child or the letter after (h)
        level = max(candidates) if previous_text.rstrip("*").endswith(":") else min(candidates)
        return level, label, None
    first = by_level.get(1)
    if label == "1" and first is not None and next_label(1, first.struct_label) == "l":
        return 1, "l", "printed label '(1)' read as '(l)', the letter due after " f"'({first.struct_label})'"
    for e in stack:
        if label in (e.struct_label, e.label.strip("()")):
            due = next_label(e.level, e.struct_label)
            return e.level, due, f"printed label '({label})' repeats '{e.label}' and stands where '({due})' is due"
    path = "".join(f"({e.struct_label})" for e in stack) or "the section heading"
    raise BuildError(f"{where}: label '({label})' does not continue the sequence after {path}")


# ===================================================================== tables
_CELL_MARKUP_RE = re.compile(r"</?i>")


def clean_cell(cell: str) -> str:
    """A table cell without its markup (``<i>``, ``*``) and outer whitespace."""
    s = _CELL_MARKUP_RE.sub("", cell).strip()
    return re.sub(r"^\*+|\*+$", "", s).strip()


@dataclass
class ParsedTable:
    first: Line
    last: Line
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    caption: Optional[str] = None
    title: Optional[str] = None
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"columns": self.columns, "rows": self.rows, "caption": self.caption,
                "title": self.title, "notes": self.notes}


def _span(lines: Sequence[Line]) -> str:
    return f"source lines {lines[0].no}–{lines[-1].no}" if len(lines) > 1 else f"source line {lines[0].no}"


def _check_width(t: ParsedTable, cells: list[str], line: Line, where: str) -> None:
    if len(cells) != len(t.columns):
        raise BuildError(f"{where}:{line.no}: table row has {len(cells)} cells, header has {len(t.columns)}")


def parse_tab_table(lines: Sequence[Line], where: str) -> list[ParsedTable]:
    """Tab-separated rows (cells may carry ``<i>`` tags). The first row is the header;
    a row equal to the header apart from its first cell is the header repeated after
    a page break (left out, noted, with the lines before it); a row with the same
    first cell but other columns starts a new table; lines without tabs before a
    header are its caption ("Table 1") or title."""
    tables: list[ParsedTable] = []
    current: Optional[ParsedTable] = None
    pending: list[Line] = []
    caption: Optional[Line] = None
    for line in lines:
        if "\t" not in line.raw:
            if current is None and caption is None and not pending and re.fullmatch(r"Table \d+", line.raw.strip()):
                caption = line
            else:
                pending.append(line)
            continue
        cells = [clean_cell(c) for c in line.raw.split("\t")]
        if current is not None and cells[1:] == current.columns[1:]:
            current.notes.append(f"header row repeated after a page break ({_span(pending + [line])}) "
                                 "left out of the rows")
        elif current is None or cells[0] == current.columns[0]:
            current = ParsedTable(first=caption or (pending[0] if pending else line), last=line, columns=cells,
                                  caption=caption.raw.strip() if caption else None,
                                  title=" ".join(clean_cell(p.raw) for p in pending) or None)
            tables.append(current)
            caption = None
        else:
            if pending:
                raise BuildError(f"{where}:{pending[0].no}: text {pending[0].raw.strip()!r} inside a table")
            _check_width(current, cells, line, where)
            current.rows.append(cells)
        pending = []
        current.last = line
    if current is None or pending or caption is not None:
        stray = pending[0] if pending else (caption or lines[0])
        raise BuildError(f"{where}:{stray.no}: table text {stray.raw.strip()!r} outside any table row")
    return tables


_PIPE_SEPARATOR_RE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")


def _pipe_cells(raw: str) -> list[str]:
    return raw.strip().strip("|").split("|")


def parse_pipe_table(lines: Sequence[Line], where: str) -> list[ParsedTable]:
    """Markdown pipe tables: the row before a ``|---|`` separator is a header. If
    the first row under it is all in ``<i>`` tags, it is the real header and the
    Markdown header is the table's title. A header equal to the current one
    (repeated after a page break) continues the table."""
    rows: list[tuple[Line, list[str], bool]] = []  # line, raw cells, is header
    for i, line in enumerate(lines):
        if _PIPE_SEPARATOR_RE.match(line.raw):
            if not rows or rows[-1][2]:
                raise BuildError(f"{where}:{line.no}: table separator without a header row")
            rows[-1] = (rows[-1][0], rows[-1][1], True)
            continue
        if not line.raw.lstrip().startswith("|"):
            raise BuildError(f"{where}:{line.no}: text {line.raw.strip()!r} inside a pipe table")
        rows.append((line, _pipe_cells(line.raw), False))
    tables: list[ParsedTable] = []
    current: Optional[ParsedTable] = None
    i = 0
    while i < len(rows):
        line, raw_cells, is_header = rows[i]
        cells = [clean_cell(c) for c in raw_cells]
        if is_header:
            title = None
            nxt = rows[i + 1] if i + 1 < len(rows) else None
            if nxt and not nxt[2] and all("<i>" in c for c in nxt[1] if c.strip()):
                title = " ".join(c for c in cells if c) or None
                i += 1
                line, cells = nxt[0], [clean_cell(c) for c in nxt[1]]
            if current is not None and cells == current.columns and title == current.title:
                current.notes.append(f"header row repeated after a page break ({_span([rows[i][0]])}) "
                                     "left out of the rows")
            else:
                current = ParsedTable(first=rows[i - 1][0] if title else line, last=line, columns=cells, title=title)
                tables.append(current)
        else:
            if current is None:
                raise BuildError(f"{where}:{line.no}: pipe table row before any header")
            _check_width(current, cells, line, where)
            current.rows.append(cells)
        current.last = line
        i += 1
    return tables


_CONFIG_HEAD_RE = re.compile(r"^\*?Paytable [A-Z]—")
_CONFIG_VALUE_RE = re.compile(r"^(?P<key>[A-Z][a-z]+(?: [a-z]+)*)(?:—| )(?P<value>\\?\$[\d,]+|\d+(?:\.\d+)?%)$")


def parse_config_list(lines: Sequence[Line], where: str) -> list[ParsedTable]:
    """The configuration lists of § 631c.6(c)(4): per configuration a heading
    ("Paytable A—\\$1 Configuration"), its name ("Configuration A", sometimes run
    into the heading as ``*X**Y*``) and "key value" lines. One row per
    configuration; the first two columns are named after the leading word of their
    cells ("Paytable", "Configuration"), the others after the keys."""
    records: list[list[str]] = []
    keys: Optional[list[str]] = None
    current_keys: list[str] = []
    first = lines[0]
    for line in lines:
        parts = [clean_cell(p) for p in re.split(r"\*\*", line.raw.strip()) if clean_cell(p)]
        for part in parts:
            if _CONFIG_HEAD_RE.match(part):
                if records and keys is None:
                    keys = current_keys
                elif records and current_keys != keys:
                    raise BuildError(f"{where}:{line.no}: configuration keys {current_keys} differ from {keys}")
                records.append([part])
                current_keys = []
            elif not records:
                raise BuildError(f"{where}:{line.no}: {part!r} before any 'Paytable X—' heading")
            elif re.fullmatch(r"Configuration [A-Z]", part) and len(records[-1]) == 1:
                records[-1].append(part)
            elif m := _CONFIG_VALUE_RE.match(part):
                current_keys.append(m["key"])
                records[-1].append(m["value"])
            else:
                raise BuildError(f"{where}:{line.no}: cannot read configuration line {part!r}")
    if keys is not None and current_keys != keys:
        raise BuildError(f"{where}:{lines[-1].no}: configuration keys {current_keys} differ from {keys}")
    keys = keys or current_keys
    table = ParsedTable(first=first, last=lines[-1], columns=["Paytable", "Configuration", *keys])
    for rec in records:
        _check_width(table, rec, lines[-1], where)
        table.rows.append(rec)
    table.notes.append("one row per configuration heading; the first two column names are the leading "
                       "word of their cells")
    return [table]


_RUN_TOGETHER_VALUE_RE = re.compile(
    r"^(?P<label>.+?) (?P<value>\d[\d,]*% progressive|\d[\d,]* (?:for|to) \d+|\\?\$[\d,]+|\d+(?:\.\d+)?%)$")


def parse_run_together(lines: Sequence[Line], where: str) -> list[ParsedTable]:
    """Rows whose cells are run together with a space (the second publisher's
    § 631c.2(i)): the value is the trailing odds/amount/percentage; the header's
    cells are run together without a space ("HandPaytable") and are split at the
    capitals."""
    header = lines[0].raw.strip()
    columns = re.findall(r"[A-Z][a-z]*", header)
    if "".join(columns) != header or len(columns) != 2:
        raise BuildError(f"{where}:{lines[0].no}: cannot split table header {header!r}")
    table = ParsedTable(first=lines[0], last=lines[-1], columns=columns,
                        notes=[f"header cells run together in the source ({header!r}); cells split at the "
                               "trailing value of each row"])
    for line in lines[1:]:
        m = _RUN_TOGETHER_VALUE_RE.match(line.raw.strip())
        if not m:
            raise BuildError(f"{where}:{line.no}: cannot split table row {line.raw.strip()!r}")
        table.rows.append([m["label"], m["value"]])
    return [table]


def parse_table_run(lines: Sequence[Line], where: str) -> list[ParsedTable]:
    """Dispatch a run of table lines (no blank lines) to the parser of its text form."""
    if any(line.raw.lstrip().startswith("|") for line in lines):
        return parse_pipe_table(lines, where)
    if any("\t" in line.raw for line in lines):
        return parse_tab_table(lines, where)
    if _CONFIG_HEAD_RE.match(lines[0].raw.strip()):
        return parse_config_list(lines, where)
    return parse_run_together(lines, where)


def starts_table(line: Line) -> bool:
    s = line.raw.strip()
    return ("\t" in line.raw or s.startswith("|") or "<i>" in s or bool(re.fullmatch(r"Table \d+", s))
            or bool(_CONFIG_HEAD_RE.match(s)))


# ===================================================================== section bodies
_LABELLED_RE = re.compile(r"^\s*(?:-\s+)?\((?P<label>[a-z]{1,5}|\d{1,2}|[A-Z])\)\s+(?P<text>\S.*?)\s*$")
_DEFINITION_RE = re.compile(r"^(?P<term>\*?[A-Z][A-Za-z0-9 ]{0,40}?\*?)—(?P<body>[A-Z].*[.])$")
_SENTENCE_END_RE = re.compile(r"[.:;!?][”\"’*]*$")


def is_continuation(previous: str, text: str) -> bool:
    """Whether ``text`` (an unlabelled line) continues a sentence a page break cut."""
    return bool(previous) and (not _SENTENCE_END_RE.search(previous) or text[:1].islower())


class SectionParser:
    """Turns the body lines of one section into entries."""

    def __init__(self, file: str, lines: Sequence[Line], section: str, heading_line: Line):
        self.file = file
        self.all_lines = lines  # the whole file, for the verbatim text between two lines
        self.section_entry = Entry(id=section, kind="section", label=f"§ {section}", parent=None,
                                   section=section, first_line=heading_line.no, last_line=heading_line.no)
        self.entries: list[Entry] = [self.section_entry]
        self.stack: list[Entry] = []

    @property
    def target(self) -> Entry:
        return self.stack[-1] if self.stack else self.section_entry

    def where(self, line: Line) -> str:
        return f"{self.file}:{line.no}"

    def between(self, after: int, before: int) -> str:
        """Verbatim source text between the end of line ``after`` and the start of line ``before``."""
        inner = self.all_lines[after:before - 1]
        return "\n" + "".join(line.raw + "\n" for line in inner)

    # -- driving
    def parse(self, body: Sequence[Line]) -> list[Entry]:
        block: list[Line] = []
        for line in body:
            m = None if line.furniture else _LABELLED_RE.match(line.raw)
            if m and label_levels(m["label"]):
                self.flush(block)
                block = []
                self.open_clause(line, m["label"], m["text"])
            elif not line.blank or block:
                block.append(line)
        self.flush(block)
        return self.entries

    def open_clause(self, line: Line, label: str, text: str) -> None:
        level, struct, anomaly = place_label(self.stack, label, self.target.text, self.where(line))
        while self.stack and self.stack[-1].level >= level:
            self.stack.pop()
        parent = self.target
        entry = Entry(id=f"{parent.id}({struct})", kind="clause", label=f"({label})", parent=parent.id,
                      section=self.section_entry.id, level=level, text=text, first_line=line.no,
                      last_line=line.no, struct_label=struct)
        if anomaly:
            entry.anomalies.append(anomaly)
        self.entries.append(entry)
        self.stack.append(entry)

    # -- unlabelled lines
    def flush(self, block: list[Line]) -> None:
        content = [line for line in block if not line.blank and not line.furniture]
        while content:
            line = content[0]
            text = body_text(line.raw)
            target = self.target
            if starts_table(line):
                self.add_tables(target, block[block.index(line):])
                return
            if target.kind == "section" and not target.text:
                target.text, target.last_line = text, line.no
            elif is_continuation(target.text, text):
                self.join(target, line, text)
            elif all(_DEFINITION_RE.match(body_text(x.raw)) for x in content):
                for x in content:
                    self.add_definition(target, x)
                return
            elif target.text.rstrip("*").endswith(":"):
                self.add_tables(target, block[block.index(line):])
                return
            else:
                raise BuildError(f"{self.where(line)}: cannot place unlabelled text {text[:60]!r} "
                                 f"(after {target.id})")
            content.pop(0)

    def join(self, target: Entry, line: Line, text: str) -> None:
        gap = self.between(target.last_line, line.no)
        furniture = any(x.furniture for x in self.all_lines[target.last_line:line.no - 1])
        if re.search(r"[A-Za-z]-$", target.text) and text[:1].islower():
            offset, removed, inserted, kind = len(target.text) - 1, "-" + gap, "", "hyphenated-page-break"
            target.text = target.text[:-1] + text
        else:
            offset, removed, inserted, kind = len(target.text), gap, " ", "page-break"
            target.text = target.text + " " + text
        if furniture and kind == "page-break":
            kind = "page-furniture"
        target.joins.append({"kind": kind, "offset": offset, "removed": removed, "inserted": inserted,
                             "line": line.no})
        target.last_line = line.no

    def add_definition(self, target: Entry, line: Line) -> None:
        text = body_text(line.raw)
        term = _DEFINITION_RE.match(text)["term"].strip("*").strip()
        self.entries.append(Entry(id=f"{target.id}[{term}]", kind="definition", label=None, parent=target.id,
                                  section=target.section, level=5, text=text, first_line=line.no,
                                  last_line=line.no))

    def add_tables(self, target: Entry, run: Sequence[Line]) -> None:
        content = [line for line in run if not line.blank and not line.furniture]
        parsed = parse_table_run(content, self.file)
        for n, table in enumerate(parsed, 1):
            name = table.caption or ("table" if len(parsed) == 1 else f"table {n}")
            entry = Entry(id=f"{target.id}[{name}]", kind="table", label=None, parent=target.id,
                          section=target.section, level=5, first_line=table.first.no, last_line=table.last.no,
                          table=table.as_dict())
            self.set_table_text(entry)
            if any(cell == "" for row in table.rows for cell in row):
                entry.anomalies.append("table row with empty cells")
            self.entries.append(entry)

    def set_table_text(self, entry: Entry) -> None:
        """A table's text: its source lines verbatim; furniture lines are left out (recorded)."""
        text = ""
        previous: Optional[Line] = None
        for line in self.all_lines[entry.first_line - 1:entry.last_line]:
            if line.furniture:
                continue
            if previous is not None:
                gap = self.between(previous.no, line.no)
                if any(x.furniture for x in self.all_lines[previous.no:line.no - 1]):
                    kept = "\n\n"
                    entry.joins.append({"kind": "page-furniture", "offset": len(text), "removed": gap,
                                        "inserted": kept, "line": line.no})
                    text += kept
                else:
                    text += gap
            text += line.raw
            previous = line
        entry.text = text

    # -- fragments found among the notes
    def attach_strays(self, runs: list[list[Line]]) -> None:
        """Move text fragments found among the section's notes back into the
        section's last table, whose last header has no rows (§ 629b.7(j))."""
        if not runs:
            return
        tables = [e for e in self.entries if e.kind == "table"]
        if not tables or tables[-1].table["rows"]:
            first = runs[0][0]
            raise BuildError(f"{self.where(first)}: text {first.raw.strip()!r} among the notes of "
                             f"§ {self.section_entry.id} and no empty table to return it to")
        entry = tables[-1]
        last = entry.last_line
        for run in runs:
            gap = self.between(last, run[0].no)
            inserted = "\n\n"
            entry.joins.append({"kind": "moved-fragment", "offset": len(entry.text), "removed": gap,
                                "inserted": inserted, "line": run[0].no})
            entry.text += inserted + "\n".join(line.raw for line in run)
            last = run[-1].no
        entry.table = reassemble_scattered_columns(entry.table, runs, f"{self.file}:{runs[0][0].no}")
        entry.anomalies.append("rows reassembled from fragments found among the notes")


def reassemble_scattered_columns(table: dict, runs: list[list[Line]], where: str) -> dict:
    """Rebuild the rows of a header-only table from fragments scattered after it.

    The fragments are row labels (text) and values (``19%``). Values are grouped
    into columns of one value per row label, in source order. The group that
    follows the row labels is the first data column (a PDF extraction emits the
    row-label column together with the first column); the other groups, in source
    order, are the remaining columns. This is the reading of interpretation
    ``629b.7-j-scattered-rate-table``.
    """
    fragments = [line.raw.strip() for run in runs for line in run if line.raw.strip()]
    labels = [f for f in fragments if not re.fullmatch(r"\d+(?:\.\d+)?%", f)]
    label_end = max(fragments.index(x) for x in labels) if labels else -1
    before = [f for f in fragments[:label_end + 1] if f not in labels]
    after = [f for f in fragments[label_end + 1:]]
    n = len(labels)
    columns = len(table["columns"]) - 1
    if n == 0 or len(before) % n or len(after) != n or (len(before) + len(after)) != n * columns:
        raise BuildError(f"{where}: cannot reassemble {len(fragments)} fragments into a table of "
                         f"{columns} columns: {fragments}")
    groups = [after] + [before[i:i + n] for i in range(0, len(before), n)]
    rows = [[label] + [g[r] for g in groups] for r, label in enumerate(labels)]
    notes = list(table["notes"]) + [
        f"rows reassembled from {len(fragments)} fragments found after the section's notes: the group printed "
        "with the row labels is the first column, the other groups follow in source order"]
    return {**table, "rows": rows, "notes": notes}


# ===================================================================== documents
NOTE_HEADINGS = ("Authority", "Source", "Cross References", "Notes of Decisions")
_NOTE_PROSE_RE = re.compile(r"^(?:The (?:temporary )?provisions of this|This (?:section|chapter) cited in)")
_SECTION_HEAD_RE = re.compile(r"^§ (?P<number>\d{3}[a-z]\.\d+)\. (?P<heading>.+?)$")
_CHAPTER_HEAD_RE = re.compile(r"^CHAPTER (?P<chapter>\d{3}[a-z])\. (?P<title>.+)$")
_TOC_RE = re.compile(r"^(?:-\s*)?(?P<number>\d{3}[a-z]\.\d+)\.\s+(?P<heading>.+?)\s*$")
_SOURCE_NOTE_RE = re.compile(
    r"(?P<action>adopted|added|amended) (?P<date>[A-Z][a-z]+ \d{1,2}, \d{4}), "
    r"effective (?P<effective>[A-Z][a-z]+ \d{1,2}, \d{4})"
    r"(?:, expire(?: on)? (?P<expires>[A-Z][a-z]+ \d{1,2}, \d{4}))?, "
    r"(?P<cites>\d+ Pa\.B\. \d+(?:, \d+ Pa\.B\. \d+)*)")


@dataclass
class Notes:
    """The notes after a chapter heading or a section body."""

    prose: dict[str, list[str]] = field(default_factory=dict)
    strays: list[list[Line]] = field(default_factory=list)


def parse_notes(lines: Sequence[Line]) -> Notes:
    notes = Notes()
    heading: Optional[str] = None
    run: Optional[list[Line]] = None
    for line in lines:
        if line.blank:
            if run is not None:
                run.append(line)
            continue
        p = plain(line.raw)
        if line.furniture or p in NOTE_HEADINGS or _NOTE_PROSE_RE.match(p):
            if run is not None:
                while run and run[-1].blank:
                    run.pop()
                notes.strays.append(run)
                run = None
            if p in NOTE_HEADINGS:
                heading = p
            elif not line.furniture:
                notes.prose.setdefault(heading or "", []).append(p)
            continue
        if run is None:
            run = []
        run.append(line)
    if run is not None:
        while run and run[-1].blank:
            run.pop()
        notes.strays.append(run)
    return notes


@dataclass(frozen=True)
class SourceNote:
    action: str
    effective: str
    expires: Optional[str]
    cites: str
    temporary: bool


def _iso(date_text: str) -> str:
    return dt.datetime.strptime(date_text, "%B %d, %Y").date().isoformat()


def parse_source_note(notes: Notes, where: str) -> Optional[SourceNote]:
    prose = notes.prose.get("Source")
    if not prose:
        return None
    m = _SOURCE_NOTE_RE.search(prose[0])
    if not m:
        raise BuildError(f"{where}: cannot read the Source note {prose[0]!r}")
    return SourceNote(action=m["action"], effective=_iso(m["effective"]),
                      expires=_iso(m["expires"]) if m["expires"] else None, cites=m["cites"],
                      temporary="temporary provisions" in prose[0])


def title_case(upper: str) -> str:
    """``MIDIBACCARAT SIDE WAGERS AND VARIATIONS—TEMPORARY REGULATIONS`` ->
    ``Midibaccarat Side Wagers and Variations—Temporary Regulations``."""
    small = {"and", "or", "of", "the", "to", "for", "in", "on", "a", "an"}
    out = []
    for i, word in enumerate(re.split(r"(\s+|—)", upper.strip())):
        lower = word.lower()
        out.append(lower if (i and lower in small) else lower[:1].upper() + lower[1:])
    return "".join(out)


@dataclass
class Section:
    number: str
    heading: str
    heading_line: Line
    body: list[Line]
    notes: Notes


@dataclass
class Chapter:
    spec: SourceSpec
    lines: list[Line]
    title: str
    toc: list[tuple[str, str]]
    notes: Notes
    sections: list[Section]


def split_chapter(spec: SourceSpec, lines: list[Line]) -> Chapter:
    """Chapter heading, table of contents, chapter notes and sections of a Code text."""
    where = spec.file
    nonblank = [line for line in lines if not line.blank and not line.furniture]
    head_at = next((i for i, line in enumerate(nonblank) if plain(line.raw).lstrip("*").startswith("CHAPTER ")), None)
    if head_at is None:
        raise BuildError(f"{where}: no 'CHAPTER' heading")
    heading_parts = []
    for line in nonblank[head_at:]:
        if re.match(r"^(?:-\s*)?Sec\.", line.raw.strip()):
            break
        heading_parts.append(line.raw.strip().strip("*").strip())
    m = _CHAPTER_HEAD_RE.match(re.sub(r"\s+", " ", " ".join(heading_parts)))
    if not m or m["chapter"] != spec.chapter:
        raise BuildError(f"{where}:{nonblank[head_at].no}: expected 'CHAPTER {spec.chapter}. ...'")
    section_at = [i for i, line in enumerate(lines) if not line.furniture and _SECTION_HEAD_RE.match(plain(line.raw))]
    if not section_at:
        raise BuildError(f"{where}: no section headings")
    front = lines[:section_at[0]]
    toc = [(t["number"], t["heading"]) for line in front if (t := _TOC_RE.match(line.raw.strip()))]
    notes_from = next((i for i, line in enumerate(front) if plain(line.raw) in NOTE_HEADINGS), len(front))
    sections = []
    for n, start in enumerate(section_at):
        end = section_at[n + 1] if n + 1 < len(section_at) else len(lines)
        head = _SECTION_HEAD_RE.match(plain(lines[start].raw))
        chunk = lines[start + 1:end]
        split = next((i for i, line in enumerate(chunk) if not line.furniture and plain(line.raw) in NOTE_HEADINGS),
                     len(chunk))
        sections.append(Section(head["number"], head["heading"].rstrip("."), lines[start], list(chunk[:split]),
                                parse_notes(chunk[split:])))
    return Chapter(spec, lines, title_case(m["title"]), toc, parse_notes(front[notes_from:]), sections)


def check_sections(chapter: Chapter) -> None:
    numbers = tuple(s.number for s in chapter.sections)
    toc = tuple(n for n, _ in chapter.toc)
    if numbers != chapter.spec.sections:
        raise BuildError(f"{chapter.spec.file}: sections {', '.join(numbers)}; expected "
                         f"{', '.join(chapter.spec.sections)}")
    if toc != numbers:
        raise BuildError(f"{chapter.spec.file}: table of contents lists {', '.join(toc)}; "
                         f"the text has {', '.join(numbers)}")


# ===================================================================== metadata
@dataclass(frozen=True)
class Dates:
    citation: str
    effective: str
    expires: Optional[str]


def section_dates(chapter_note: SourceNote, note: Optional[SourceNote]) -> Dates:
    """Citation and dates of a section: its own Source note over the chapter's."""
    if note is None:
        return Dates(chapter_note.cites, chapter_note.effective, chapter_note.expires)
    cites = f"{chapter_note.cites}; amended {note.cites}" if note.action == "amended" else note.cites
    return Dates(cites, note.effective, note.expires if note.expires else chapter_note.expires)


def finish_entry(e: Entry, *, chapter: str, chapter_title: str, heading: str, edition: Optional[str],
                 dates: Dates, file: str) -> dict:
    return {
        "id": e.id, "kind": e.kind, "label": e.label, "parent": e.parent,
        "chapter": chapter, "chapter_title": chapter_title, "section": e.section, "section_heading": heading,
        "edition": edition, "text": e.text, "joins": e.joins, "table": e.table,
        "citation": dates.citation, "effective": dates.effective, "expires": dates.expires,
        "url": URL_TEMPLATE.format(chapter=chapter, section=e.section),
        "source": f"{file}:{e.first_line}", "sha256": sha256(e.text),
        "interpretations": [], "differences": [],
        # build-time only (removed before writing):
        "_anomalies": e.anomalies, "_printed": e.printed,
    }


# ===================================================================== chapters
@dataclass
class Built:
    """The entries and the edition record of one source text."""

    entries: list[dict]
    edition: dict


def build_chapter(spec: SourceSpec, path: Path) -> Built:
    lines = read_lines(path)
    chapter = split_chapter(spec, lines)
    check_sections(chapter)
    chapter_note = parse_source_note(chapter.notes, spec.file)
    if chapter_note is None:
        raise BuildError(f"{spec.file}: the chapter has no Source note")
    if chapter.notes.strays:
        first = chapter.notes.strays[0][0]
        raise BuildError(f"{spec.file}:{first.no}: unexpected text {first.raw.strip()!r} in the chapter notes")
    entries = []
    for section in chapter.sections:
        parser = SectionParser(spec.file, lines, section.number, section.heading_line)
        parsed = parser.parse(section.body)
        parser.attach_strays(section.notes.strays)
        dates = section_dates(chapter_note, parse_source_note(section.notes, f"{spec.file} § {section.number}"))
        entries += [finish_entry(e, chapter=spec.chapter, chapter_title=chapter.title, heading=section.heading,
                                 edition=None, dates=dates, file=spec.file) for e in parsed]
    edition = edition_record(spec, path, lines, chapter.title, Dates(chapter_note.cites, chapter_note.effective,
                                                                       chapter_note.expires),
                             "temporary" if chapter_note.temporary else "permanent")
    return Built(entries, edition)


def edition_record(spec: SourceSpec, path: Path, lines: list[Line], title: str, dates: Dates, status: str) -> dict:
    return {
        "edition": spec.edition, "file": spec.file, "sha256": sha256(path.read_bytes()),
        "chapter": spec.chapter, "chapter_title": title, "sections": list(spec.sections),
        "publisher": spec.publisher, "description": spec.description,
        "citation": dates.citation, "effective": dates.effective, "expires": dates.expires,
        "status": status, "governing": spec.edition == PRIMARY_EDITION,
        "dropped_lines": [[line.no, line.raw] for line in lines if line.furniture],
    }


_ALT_CITE_RE = re.compile(r"^58 Pa\. Code § (?P<number>\d{3}[a-z]\.\d+)$")
_ALT_HEADING_RE = re.compile(r"^Section (?P<number>\d{3}[a-z]\.\d+) - (?P<heading>.+)$")
_ALT_CURRENT_RE = re.compile(r"^Current through Register Vol\. \d+, No\. \d+, [A-Z][a-z]+ \d+, \d{4}$")
_ALT_ADOPTED_RE = re.compile(r"^Adopted by Pennsylvania Bulletin, Vol (?P<vol>\d+), No\. (?P<no>\d+)\. "
                             r"(?P<date>[A-Z][a-z]+ \d+, \d{4}), effective (?P<effective>\d+/\d+/\d{4})$")


def build_alternate(spec: SourceSpec, path: Path, primary: Built) -> Built:
    """The second publisher's copy of one section: a citation line, a "current
    through" line, a "Section x - heading" line, the body, the citation line again
    and an "Adopted by ..." line."""
    lines = read_lines(path)
    where = spec.file
    content = [line for line in lines if not line.blank]
    if len(content) < 5 or not _ALT_CITE_RE.match(content[0].raw.strip()):
        raise BuildError(f"{where}:1: expected '58 Pa. Code § ...' as the first line")
    number = _ALT_CITE_RE.match(content[0].raw.strip())["number"]
    if (number,) != spec.sections:
        raise BuildError(f"{where}:{content[0].no}: § {number}; expected § {spec.sections[0]}")
    if not _ALT_CURRENT_RE.match(content[1].raw.strip()):
        raise BuildError(f"{where}:{content[1].no}: expected 'Current through Register ...'")
    head = _ALT_HEADING_RE.match(content[2].raw.strip())
    if not head or head["number"] != number:
        raise BuildError(f"{where}:{content[2].no}: expected 'Section {number} - <heading>'")
    footer = next((line for line in content[3:] if line.raw.strip() == content[0].raw.strip()), None)
    adopted = _ALT_ADOPTED_RE.match(content[-1].raw.strip())
    if footer is None or not adopted:
        raise BuildError(f"{where}: expected the closing '58 Pa. Code § {number}' and 'Adopted by ...' lines")
    effective = dt.datetime.strptime(adopted["effective"], "%m/%d/%Y").date().isoformat()
    same = next(e for e in primary.entries if e["id"] == number)
    if not same["citation"].startswith(f"{adopted['vol']} Pa.B. ") or same["effective"] != effective:
        raise BuildError(f"{where}:{content[-1].no}: adoption (Vol {adopted['vol']}, effective {effective}) does "
                         f"not match the Code's {same['citation']} effective {same['effective']}")
    # The copy gives volume and issue only; the page is the Code's Source note's (same adoption).
    dates = Dates(same["citation"], effective, None)
    parser = SectionParser(spec.file, lines, number, content[2])
    body = lines[content[2].no:footer.no - 1]
    entries = []
    for e in parser.parse(body):
        e.id = f"{e.id}@{spec.edition}"
        e.parent = None if e.parent is None else f"{e.parent}@{spec.edition}"
        entries.append(finish_entry(e, chapter=spec.chapter, chapter_title=same["chapter_title"],
                                    heading=head["heading"].rstrip("."), edition=spec.edition, dates=dates,
                                    file=spec.file))
    edition = edition_record(spec, path, lines, same["chapter_title"], dates, "permanent")
    edition["description"] += (f"; adopted Pennsylvania Bulletin Vol {adopted['vol']}, No. {adopted['no']}, "
                               f"effective {effective} (the page, {same['citation']}, is from the Code's Source note)")
    return Built(entries, edition)


# ===================================================================== differences
def _words(entry: dict) -> list[str]:
    if entry["table"] is not None:
        t = entry["table"]
        cells = [t["title"] or ""] + t["columns"] + [c for row in t["rows"] for c in row]
        return " ".join(cells).split()
    return entry["text"].split()


def record_differences(primary: list[dict], alternate: list[dict], edition: str) -> None:
    """Word-level differences between the two copies, recorded on both sides."""
    suffix = "@" + edition
    by_id = {e["id"]: e for e in primary}
    alt_ids = {e["id"][:-len(suffix)] for e in alternate}
    for alt in alternate:
        base = by_id.get(alt["id"][:-len(suffix)])
        if base is None:
            alt["differences"].append({"this": alt["text"], "other": "", "other_id": ""})
            continue
        a, b = _words(base), _words(alt)
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if op == "equal":
                continue
            if op in ("insert", "delete") and i1 > 0 and j1 > 0:  # give a bare insertion its preceding word
                i1, j1 = i1 - 1, j1 - 1
            base["differences"].append({"this": " ".join(a[i1:i2]), "other": " ".join(b[j1:j2]),
                                        "other_id": alt["id"]})
            alt["differences"].append({"this": " ".join(b[j1:j2]), "other": " ".join(a[i1:i2]),
                                       "other_id": base["id"]})
    section = alternate[0]["section"] if alternate else None
    for e in primary:
        if e["section"] == section and e["id"] not in alt_ids:
            e["differences"].append({"this": e["text"], "other": "", "other_id": ""})


# ===================================================================== interpretations
_NAME_RE = re.compile(r"^[0-9a-z]+(?:[.\-][0-9a-z]+)*$")

#: Known artifact patterns: every entry whose text matches must be named by an
#: interpretation one of whose quotes it contains.
ARTIFACT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("escaped dollar sign", re.compile(r"\\\$")),
    ("dealer's hand for banker's hand", re.compile(r"[Dd]ealer(?:'s|’s)? [Hh]and")),
    ("'payable' for 'paytable'", re.compile(r"\bpayable\b")),
    ("'for 1' odds", re.compile(r"\bfor 1\b")),
    ("seat direction", re.compile(r"clockwise|to the right of")),
    ("sentence cut off", re.compile(r"[^,] (?:to|of|and|or|the|by|with|for|in)$")),  # not "..., or" in a list
    ("open range", re.compile(r"—\s+\(relating")),
)


def load_interpretations(path: Path) -> list[dict]:
    """Read and validate ``interpretations.toml`` (names, fields; not yet the quotes)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"{path}: missing") from None
    except tomllib.TOMLDecodeError as e:
        raise BuildError(f"{path}: {e}") from None
    items = data.get("interpretation")
    if not isinstance(items, list) or not items:
        raise BuildError(f"{path}: expected [[interpretation]] tables")
    out, seen = [], set()
    for n, item in enumerate(items, 1):
        where = f"{path.name}: interpretation #{n} ({item.get('name', '?')})"
        unknown = set(item) - {"name", "clauses", "quote", "reading"}
        if unknown:
            raise BuildError(f"{where}: unknown keys {sorted(unknown)}")
        name, clauses, quote, reading = (item.get(k) for k in ("name", "clauses", "quote", "reading"))
        if not isinstance(name, str) or not _NAME_RE.match(name):
            raise BuildError(f"{where}: 'name' must be a slug like '629b.2-cut-off-h'")
        if name in seen:
            raise BuildError(f"{where}: duplicate name {name!r}")
        seen.add(name)
        if not (isinstance(clauses, list) and clauses and all(isinstance(c, str) for c in clauses)):
            raise BuildError(f"{where}: 'clauses' must be a non-empty list of clause ids")
        quotes = [quote] if isinstance(quote, str) else quote
        if not (isinstance(quotes, list) and quotes and all(isinstance(q, str) and q for q in quotes)):
            raise BuildError(f"{where}: 'quote' must be a non-empty string or list of strings")
        if not isinstance(reading, str) or not reading.strip():
            raise BuildError(f"{where}: 'reading' must be a non-empty string")
        out.append({"name": name, "clauses": clauses, "quotes": quotes, "reading": " ".join(reading.split())})
    return out


def apply_interpretations(entries: list[dict], interpretations: list[dict], path_name: str) -> None:
    """Check every quote against the clauses named and copy the names into them."""
    by_id = {e["id"]: e for e in entries}
    for item in interpretations:
        where = f"{path_name}: interpretation {item['name']}"
        for cid in item["clauses"]:
            if cid not in by_id:
                near = difflib.get_close_matches(cid, list(by_id), n=3, cutoff=0.6)
                raise BuildError(f"{where}: unknown clause {cid!r}" + (f"; nearest: {', '.join(near)}" if near else ""))
        for quote in item["quotes"]:
            if not any(quote in by_id[cid]["_printed"] for cid in item["clauses"]):
                raise BuildError(f"{where}: quote {quote!r} not found verbatim in {', '.join(item['clauses'])}")
        for cid in item["clauses"]:
            if not any(q in by_id[cid]["_printed"] for q in item["quotes"]):
                raise BuildError(f"{where}: none of the quotes occurs verbatim in {cid}")
            if item["name"] not in by_id[cid]["interpretations"]:
                by_id[cid]["interpretations"].append(item["name"])


def check_coverage(entries: list[dict], interpretations: list[dict]) -> None:
    """Every repair and every known artifact pattern must be named by an interpretation."""
    named = {}
    for item in interpretations:
        for cid in item["clauses"]:
            named.setdefault(cid, []).append(item)
    problems = []
    for e in entries:
        for anomaly in e["_anomalies"]:
            if e["id"] not in named:
                problems.append(f"{e['id']}: {anomaly}")
        for what, pattern in ARTIFACT_PATTERNS:
            hits = [m.group(0) for m in pattern.finditer(e["text"])]
            if not hits:
                continue
            covering = [i for i in named.get(e["id"], [])
                        if any(q in e["_printed"] and pattern.search(q) for q in i["quotes"])]
            if not covering:
                problems.append(f"{e['id']}: {what} ({hits[0]!r}) not named by any interpretation")
    if problems:
        raise BuildError("interpretations.toml does not cover:\n  " + "\n  ".join(problems))


# ===================================================================== the corpus
def resolve_sources(explicit: Optional[str | Path] = None) -> Path:
    """The sources directory: ``explicit``, else ``$BACCARAT_REGULATIONS_DIR``, else
    ``<repo>/../shared/regulations`` when present, else the copies in ``corpus/sources``."""
    if explicit:
        return Path(explicit)
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    shared = REPO_DIR.parent / "shared" / "regulations"
    if shared.is_dir():
        return shared
    return SOURCES_COPY_DIR


def build_corpus(sources: Path, interpretations_path: Path = DEFAULT_INTERPRETATIONS) -> dict:
    """Parse the source texts in ``sources`` and return the ``clauses.json`` document.
    Raises :class:`BuildError` (message names file and line) if they cannot be parsed."""
    missing = [s.file for s in ALL_SOURCES if not (sources / s.file).is_file()]
    if missing:
        raise BuildError(f"{sources}: missing source texts {', '.join(missing)}")
    built = [build_chapter(spec, sources / spec.file) for spec in PRIMARY_SOURCES]
    primary_631c = built[[s.chapter for s in PRIMARY_SOURCES].index(ALTERNATE_SOURCE.chapter)]
    alternate = build_alternate(ALTERNATE_SOURCE, sources / ALTERNATE_SOURCE.file, primary_631c)
    record_differences(primary_631c.entries, alternate.entries, ALTERNATE_SOURCE.edition)
    entries: list[dict] = []
    for b in built:
        for e in b.entries:
            entries.append(e)
            if b is primary_631c and e["section"] == ALTERNATE_SOURCE.sections[0] and \
                    not _next_in_section(b.entries, e, ALTERNATE_SOURCE.sections[0]):
                entries.extend(alternate.entries)
    interpretations = load_interpretations(interpretations_path)
    apply_interpretations(entries, interpretations, interpretations_path.name)
    check_coverage(entries, interpretations)
    check_ids(entries)
    for e in entries:
        del e["_anomalies"], e["_printed"]
    return {
        "schema": SCHEMA_VERSION,
        "generator": "python -m baccarat_conformance.corpus.build",
        "editions": [b.edition for b in built] + [alternate.edition],
        "interpretations": interpretations,
        "clauses": entries,
    }


def _next_in_section(entries: list[dict], entry: dict, section: str) -> bool:
    i = entries.index(entry)
    return i + 1 < len(entries) and entries[i + 1]["section"] == section


def check_ids(entries: list[dict]) -> None:
    seen: dict[str, str] = {}
    for e in entries:
        if e["id"] in seen:
            raise BuildError(f"duplicate clause id {e['id']!r} ({seen[e['id']]} and {e['source']})")
        seen[e["id"]] = e["source"]
        tag = tag_for(e["id"])
        if clause_id_for_tag(tag) != e["id"] or not PYTEST_MARKER_RE.match(tag) or ":" in tag or "(" in tag:
            raise BuildError(f"clause id {e['id']!r} has no reversible marker form ({tag!r})")
        if e["parent"] is not None and e["parent"] not in seen:
            raise BuildError(f"{e['id']}: parent {e['parent']!r} does not precede it")


def render(document: dict) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


# ===================================================================== --check
def stale_report(committed: dict, fresh: dict) -> list[str]:
    """Human-readable differences between the committed and a fresh document."""
    out = []
    old = {e["id"]: e for e in committed.get("clauses", [])}
    new = {e["id"]: e for e in fresh["clauses"]}
    for cid, e in new.items():
        if cid not in old:
            out.append(f"clause {cid}: not in the committed corpus (new in the text, {e['source']})")
        elif old[cid] != e:
            fields = [k for k in e if old[cid].get(k) != e[k]]
            detail = ""
            if "text" in fields:
                a, b = old[cid]["text"].split(), e["text"].split()
                ops = [(" ".join(a[i1:i2]), " ".join(b[j1:j2]))
                       for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes() if op != "equal"]
                detail = "; " + ", ".join(f"{x!r} -> {y!r}" for x, y in ops[:3])
            out.append(f"clause {cid}: {', '.join(fields)} differ{detail}")
    for cid in old:
        if cid not in new:
            out.append(f"clause {cid}: in the committed corpus but no longer in the text")
    if [e["id"] for e in committed.get("clauses", [])] != [e["id"] for e in fresh["clauses"]] and not out:
        out.append("clause order differs")
    for key in ("schema", "generator", "editions", "interpretations"):
        if committed.get(key) != fresh[key]:
            if key == "editions":
                names = {e["file"]: e for e in committed.get("editions", [])}
                changed = [e["file"] for e in fresh["editions"] if names.get(e["file"]) != e]
                out.append(f"editions differ: {', '.join(changed) or 'order'}")
            else:
                out.append(f"{key} differ")
    return out


def stale_copies(sources: Path) -> list[str]:
    """Source copies in corpus/sources that differ from ``sources``."""
    if sources.resolve() == SOURCES_COPY_DIR.resolve():
        return []
    out = []
    for spec in ALL_SOURCES:
        copy = SOURCES_COPY_DIR / spec.file
        if not copy.is_file():
            out.append(f"corpus/sources/{spec.file}: missing (copy it verbatim from {sources})")
        elif copy.read_bytes() != (sources / spec.file).read_bytes():
            out.append(f"corpus/sources/{spec.file}: differs from {sources / spec.file}")
    return out


# ===================================================================== CLI
def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baccarat_conformance.corpus.build",
                                     description="Generate the regulation corpus (clauses.json) from the source texts.")
    parser.add_argument("--sources", metavar="DIR",
                        help=f"directory of the source texts (default: ${ENV_VAR}, else <repo>/../shared/regulations "
                             "when present, else corpus/sources)")
    parser.add_argument("--output", metavar="FILE", default=str(DEFAULT_OUTPUT),
                        help="the corpus file to write or check (default: corpus/clauses.json)")
    parser.add_argument("--interpretations", metavar="FILE", default=str(DEFAULT_INTERPRETATIONS),
                        help="interpretations file (default: corpus/interpretations.toml)")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 naming the differing clauses if the output is stale")
    args = parser.parse_args(argv)
    sources = resolve_sources(args.sources)
    output = Path(args.output)
    try:
        document = build_corpus(sources, Path(args.interpretations))
    except BuildError as e:
        print(f"corpus build failed (sources: {sources}):\n{e}", file=sys.stderr)
        return 2
    rendered = render(document)
    if args.check:
        try:
            committed = json.loads(output.read_text(encoding="utf-8"))
        except FileNotFoundError:
            print(f"{output}: missing; generate it with python -m baccarat_conformance.corpus.build", file=sys.stderr)
            return 1
        except json.JSONDecodeError as e:
            print(f"{output}: not valid JSON ({e})", file=sys.stderr)
            return 1
        problems = stale_report(committed, document) if committed != document else []
        if not problems and output.read_text(encoding="utf-8") != rendered:
            problems = ["formatting differs (regenerate)"]
        problems += stale_copies(sources)
        if problems:
            print(f"{output} is stale against the source texts in {sources}:", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
            print("regenerate with: python -m baccarat_conformance.corpus.build", file=sys.stderr)
            return 1
        print(f"{output}: up to date ({len(document['clauses'])} clauses from {sources})")
        return 0
    output.write_text(rendered, encoding="utf-8")
    print(f"wrote {output}: {len(document['clauses'])} clauses from {sources}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
