"""The clause splitter of the corpus build (step 3 of :mod:`.build`): the body lines
of one section become entries — clauses opened by a label ``(a)``/``(1)``/``(i)``/``(A)``
whose level follows from the label sequence, and unlabelled lines placed as a
section's own text, the rest of a sentence broken by a page break, definitions or
tables."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .tables import parse_table_run, reassemble_scattered_columns, starts_table
from .texts import BuildError, Line, body_text


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
