"""The chapter splitter of the corpus build (step 2 of :mod:`.build`): a Code text
split into chapter heading, table of contents, chapter notes and sections (a body up
to the first note heading, and the notes after it); the notes' Source note read for
the dates."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .texts import BuildError, Line, SourceSpec, plain


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
