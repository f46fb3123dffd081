"""How each clause is accounted for: the dispositions of ``dispositions.toml``.

Every clause of the corpus is exactly one of:

``automated``
    at least one scenario is tagged with the clause id. Derived from the feature files
    (:mod:`baccarat_conformance.corpus.coverage`), never written in the file.
``manual``
    checked by an inspector at the table; ``inspection`` is the inspection step written
    out, ``options`` the Rules Submission options without which it is "not offered".
    Its result comes from an attestation file.
``not_applicable``
    nothing a conformance test can check; ``reason`` says why.
``definitional``
    a definition, table or explanation applied by the clauses in ``used_by``; its result
    is the aggregate of theirs. ``options``: the Rules Submission options without which
    it is "not offered" (the definition of a variant or wager the run does not offer
    never takes the results of the clauses that also apply it to the base game).
``subclauses``
    covered by its subclauses: it has children in the corpus and its own text only
    introduces them (a lead-in ending in ":", a heading, the opening of a list of
    definitions). Its result is the aggregate of its children's results. A clause whose
    own text is empty and which has children (a section with no text of its own) is
    covered by its subclauses implicitly (``Disposition.implicit``), unless a scenario
    is tagged with it.

The aggregate of several results is the worst of them in the order of
:data:`AGGREGATE_ORDER` (see ``verdict/results.py``).

``load_dispositions()`` reads and validates the packaged file; every error names the
file, the line and the field (``dispositions.toml:41: used_by: unknown clause id
'631a.99'``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Literal, Mapping, Optional, Union

from . import Clause, Corpus, CorpusError, load_corpus
from baccarat_conformance.util.tomlfile import Entry, TomlFileError, read_entries

__all__ = [
    "DISPOSITION_KINDS",
    "Disposition",
    "DispositionError",
    "Dispositions",
    "load_dispositions",
    "parse_dispositions",
    "defined_term",
]

DISPOSITIONS_FILE = "dispositions.toml"

Kind = Literal["manual", "not_applicable", "definitional", "subclauses"]
#: The dispositions written in the file (``automated`` is derived from the feature files).
DISPOSITION_KINDS: tuple[str, ...] = ("manual", "not_applicable", "definitional", "subclauses")

_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields besides clause/clauses, optional fields)
    "manual": ({"inspection"}, {"option"}),
    "not_applicable": ({"reason"}, set()),
    "definitional": ({"used_by"}, {"note", "option"}),
    "subclauses": (set(), {"note"}),
}


class DispositionError(CorpusError):
    """``dispositions.toml`` is invalid. ``problems`` are its lines, each
    ``FILE:LINE: field: problem``."""

    def __init__(self, source: str, problems: Iterable[str]):
        self.source = source
        self.problems = tuple(problems)
        super().__init__(f"{source}: invalid dispositions:\n" + "\n".join(self.problems))

    def __reduce__(self) -> tuple:  # picklable: pickle would call DispositionError(message) alone
        return (type(self), (self.source, self.problems))


@dataclass(frozen=True)
class Disposition:
    """The disposition of one clause.

    ``kind`` is one of :data:`DISPOSITION_KINDS`; ``line`` the line of its entry in the
    file (0 for an implicit one). ``inspection`` (manual), ``reason`` (not_applicable),
    ``used_by`` (definitional) and ``note`` hold the entry's fields; ``options`` the
    Rules Submission options a manual or definitional clause depends on (all of them).
    """

    clause: str
    kind: Kind
    line: int = 0
    inspection: Optional[str] = None
    reason: Optional[str] = None
    used_by: tuple[str, ...] = ()
    note: Optional[str] = None
    options: tuple[str, ...] = ()
    implicit: bool = False

    @property
    def detail(self) -> str:
        """One line saying what the disposition rests on (for listings and the matrix)."""
        if self.kind == "manual":
            return _one_line(self.inspection or "")
        if self.kind == "not_applicable":
            return _one_line(self.reason or "")
        if self.kind == "definitional":
            return "used by " + ", ".join(self.used_by)
        if self.implicit:
            return "no text of its own; covered by its subclauses"
        return _one_line(self.note or "covered by its subclauses")


class Dispositions:
    """The dispositions of the corpus, by clause id (explicit and implicit).

    ``entries`` are the explicit ones in file order; ``by_clause`` adds the implicit
    ``subclauses`` of clauses with no text of their own; ``source`` names the file.
    """

    def __init__(self, entries: Iterable[Disposition], implicit: Iterable[Disposition], source: str):
        self.entries: tuple[Disposition, ...] = tuple(entries)
        self.source = source
        by_clause = {d.clause: d for d in implicit}
        by_clause.update({d.clause: d for d in self.entries})
        self.by_clause: Mapping[str, Disposition] = MappingProxyType(by_clause)

    def get(self, clause_id: str) -> Optional[Disposition]:
        """The disposition written (or implied) for ``clause_id``, or None."""
        return self.by_clause.get(clause_id)

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self.by_clause

    def __len__(self) -> int:
        return len(self.by_clause)

    def __repr__(self) -> str:
        return f"<Dispositions {len(self.entries)} entries from {self.source}>"


def _one_line(text: str) -> str:
    return " ".join(text.split())


_TERM_SPLIT = re.compile(r"—")


def defined_term(clause: Clause) -> Optional[str]:
    """The term a definition defines: the ``[term]`` of a definition entry, or the
    text before the em dash of a definition written as a clause
    (``*Colored Pair*—The initial two cards...`` -> ``Colored Pair``); None otherwise."""
    if clause.kind == "definition":
        return clause.id.rsplit("[", 1)[1].split("]", 1)[0]
    parts = _TERM_SPLIT.split(clause.text, 1)
    if len(parts) == 2 and 0 < len(parts[0]) <= 60 and "." not in parts[0]:
        return parts[0].strip().strip("*").strip()
    return None


def _string_list(value: Any) -> Optional[list[str]]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def parse_dispositions(text: str, corpus: Corpus, source: str = DISPOSITIONS_FILE) -> Dispositions:
    """Parse and validate the text of a dispositions file against ``corpus``.

    :raises DispositionError: listing every problem as ``SOURCE:LINE: field: problem``:
        not TOML; an unknown array or field; a missing or empty field; an unknown clause
        id (with the nearest ids); a clause disposed twice; ``subclauses`` for a clause
        without children; a ``used_by`` clause that is unknown, is the clause itself, or
        (for a definition) does not use the defined term; a table whose ``used_by`` omits
        the clause that introduces it; an unknown Rules Submission option.
    """
    from baccarat_conformance.protocol.vocabulary import OPTIONS

    try:
        doc, entries, top_keys = read_entries(text)
    except TomlFileError as e:
        raise DispositionError(source, [f"{source}:{e.line or 1}: not valid TOML: {e}"]) from None
    problems: list[str] = []

    def bad(entry: Optional[Entry], key: Optional[str], message: str, line: Optional[int] = None) -> None:
        where = line if line is not None else (entry.line_of(key) if entry else 1)
        problems.append(f"{source}:{where}: {key + ': ' if key else ''}{message}")

    for name, value in doc.items():
        line = top_keys.get(name) or next((e.line for e in entries if e.array == name), 1)
        if name not in _FIELDS:
            bad(None, None, f"unknown table [[{name}]]; expected one of "
                + ", ".join(f"[[{k}]]" for k in DISPOSITION_KINDS), line=line)
        elif not (isinstance(value, list) and all(isinstance(v, dict) for v in value)):
            bad(None, None, f"{name} must be written as [[{name}]] tables", line=line)

    out: list[Disposition] = []
    seen: dict[str, int] = {}
    for entry in entries:
        kind = entry.array
        if kind not in _FIELDS:
            continue
        required, optional = _FIELDS[kind]
        values = entry.values
        before = len(problems)
        unknown = set(values) - required - optional - {"clause", "clauses"}
        for key in sorted(unknown):
            bad(entry, key, f"unknown field for [[{kind}]]; expected "
                + ", ".join(sorted(required | optional | {"clause"})))
        if ("clause" in values) == ("clauses" in values):
            bad(entry, None, f"[[{kind}]] needs exactly one of clause = \"ID\" or clauses = [\"ID\", ...]")
            continue
        key = "clause" if "clause" in values else "clauses"
        ids = _string_list(values[key])
        if not ids or (key == "clause" and not isinstance(values[key], str)):
            bad(entry, key, "must be a clause id string" if key == "clause" else "must be a list of clause ids")
            continue
        fields: dict[str, Any] = {}
        for name in sorted(required):
            v = values.get(name)
            if name == "used_by":
                lst = _string_list(v)
                if not lst:
                    bad(entry, name if name in values else None,
                        f"[[{kind}]] needs used_by = [\"ID\", ...] naming the clauses that cite it")
                    continue
                fields[name] = tuple(lst)
            elif not isinstance(v, str) or not v.strip():
                bad(entry, name if name in values else None, f"[[{kind}]] needs {name} = \"...\" (a non-empty text)")
            else:
                fields[name] = v.strip()
        if "note" in values:
            if not isinstance(values["note"], str):
                bad(entry, "note", "must be a text")
            else:
                fields["note"] = values["note"].strip()
        if "option" in values:
            opts = _string_list(values["option"])
            if not opts:
                bad(entry, "option", "must be an option name or a list of option names")
            else:
                for opt in opts:
                    if opt not in OPTIONS:
                        bad(entry, "option", f"unknown Rules Submission option {opt!r} "
                            "(see baccarat_conformance.protocol.vocabulary.OPTIONS)")
                fields["options"] = tuple(opts)
        if len(problems) > before:
            continue
        for cid in ids:
            if cid not in corpus.by_id:
                try:
                    corpus.get(cid)
                except KeyError as e:
                    bad(entry, key, str(e))
                continue
            if cid in seen:
                bad(entry, key, f"clause {cid} is disposed twice (first at line {seen[cid]}); "
                    "a clause has exactly one disposition")
                continue
            seen[cid] = entry.line_of(key)
            clause = corpus.by_id[cid]
            if kind == "subclauses" and not corpus.children(cid):
                bad(entry, key, f"clause {cid} has no subclauses in the corpus, so it cannot be covered by them")
                continue
            if kind == "definitional":
                ok = True
                term = defined_term(clause)
                for user in fields["used_by"]:
                    if user not in corpus.by_id:
                        try:
                            corpus.get(user)
                        except KeyError as e:
                            bad(entry, "used_by", str(e))
                        ok = False
                    elif user == cid:
                        bad(entry, "used_by", f"clause {cid} cannot be used by itself")
                        ok = False
                    elif term and clause.kind in ("definition", "clause") and \
                            term.lower() not in corpus.by_id[user].text.lower():
                        bad(entry, "used_by", f"clause {user} does not use the term {term!r} that {cid} defines")
                        ok = False
                if clause.kind == "table" and clause.parent not in fields["used_by"]:
                    bad(entry, "used_by", f"table {cid} is introduced by {clause.parent}, which used_by must name")
                    ok = False
                if not ok:
                    continue
            out.append(Disposition(clause=cid, kind=kind, line=entry.line_of(key), **fields))  # type: ignore[arg-type]
    if problems:
        raise DispositionError(source, problems)
    implicit = [Disposition(clause=c.id, kind="subclauses", implicit=True) for c in corpus.clauses
                if not c.text.strip() and corpus.children(c.id) and c.id not in seen]
    return Dispositions(out, implicit, source)


@functools.lru_cache(maxsize=None)
def _packaged() -> Dispositions:
    text = resources.files(__package__).joinpath(DISPOSITIONS_FILE).read_text(encoding="utf-8")
    return parse_dispositions(text, load_corpus(), DISPOSITIONS_FILE)


def load_dispositions(path: Union[str, Path, None] = None, corpus: Optional[Corpus] = None) -> Dispositions:
    """The dispositions of the corpus: the packaged ``dispositions.toml`` (read once and
    cached), or the file at ``path`` checked against ``corpus`` (default the packaged one).

    :raises DispositionError: naming file, line and field of every problem.
    """
    if path is None and corpus is None:
        return _packaged()
    if path is None:
        text = resources.files(__package__).joinpath(DISPOSITIONS_FILE).read_text(encoding="utf-8")
        return parse_dispositions(text, corpus, DISPOSITIONS_FILE)  # type: ignore[arg-type]
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise DispositionError(str(p), [f"{p}: cannot read: {e.strerror}"]) from None
    return parse_dispositions(text, corpus or load_corpus(), str(p))
