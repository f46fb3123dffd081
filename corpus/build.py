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

Modules: :mod:`.texts` (the source texts and their lines, step 1),
:mod:`.chapter_splitter` (chapters, sections and notes, step 2, and the Source notes
of step 6), :mod:`.clause_splitter` (section bodies, steps 3 and 5), :mod:`.tables`
(the table parsers, steps 4 and 5), :mod:`.interpretations` (step 6); this module
assembles the chapters and the corpus, records the differences between the two
copies of § 631c.2, checks freshness (``--check``) and is the entry point.
"""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from baccarat_conformance.util.atomic_files import write_atomic

from . import CORPUS_FILE, PYTEST_MARKER_RE, SCHEMA_VERSION, clause_id_for_tag, tag_for
from .chapter_splitter import SourceNote, check_sections, parse_source_note, split_chapter
from .clause_splitter import Entry, SectionParser
from .interpretations import apply_interpretations, check_coverage, load_interpretations
from .texts import (ALL_SOURCES, ALTERNATE_SOURCE, PRIMARY_EDITION, PRIMARY_SOURCES, BuildError, Line, SourceSpec,
                    read_lines, sha256)

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
SOURCES_COPY_DIR = PACKAGE_DIR / "sources"
DEFAULT_OUTPUT = PACKAGE_DIR / CORPUS_FILE
DEFAULT_INTERPRETATIONS = PACKAGE_DIR / "interpretations.toml"
ENV_VAR = "BACCARAT_REGULATIONS_DIR"
URL_TEMPLATE = ("https://www.pacodeandbulletin.gov/Display/pacode?file=/secure/pacode/data/058/"
                "chapter{chapter}/s{section}.html")


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
    write_atomic(output, rendered)
    print(f"wrote {output}: {len(document['clauses'])} clauses from {sources}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
