"""Table parsers of the corpus build (step 4 of :mod:`.build`): a run of table
lines is parsed by its text form — pipe tables, tab-separated rows (with or without
``<i>`` tags), the "Paytable X—$n Configuration" lists of § 631c.6 and the
run-together rows of the second publisher's § 631c.2 — and a header-only table is
rebuilt from fragments found among a section's notes (§ 629b.7(j))."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .texts import BuildError, Line


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
