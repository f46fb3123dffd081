"""Manual attestations and waivers: the lab's own inputs to the clause matrix.

Both are TOML files, validated before a run starts (``pytest --attestations FILE
--waivers FILE`` or ``baccarat-conformance run --attestations FILE --waivers FILE``).
Every problem is reported as ``FILE:LINE: field: problem``, all problems at once.

Attestation file: the result of a manual inspection of a clause whose disposition is
``manual`` (``corpus/dispositions.toml``)::

    [[attestation]]
    clause = "631a.2(d)"                 # a manual clause of the corpus
    result = "pass"                      # "pass" or "fail"
    inspector = "J. Doe (Lab QA-7)"
    date = 2025-06-02                    # the inspection date; not after today
    evidence = "photo set IMG_0412-0419; checklist TL-631a-2, item 4"
    note = "..."                         # optional

Waiver file: an accepted deviation, turning the failure of one clause into "waived"::

    [[waiver]]
    clause = "631a.13(c)"                # an automated or manual clause
    justification = "Vigorish is rounded to 5 cents under a written Board variance ..."
    approver = "A. Smith, Compliance Director"
    expires = 2025-12-31                 # the waiver no longer applies on this date
    reference = "variance letter 2025-117"   # optional

A waiver that has expired (``expires`` on or before the run date) is rejected before the
run; one that matches no failure after the run (its clause did not fail) is reported as
an error of the waiver file in the matrix, and the run's exit status is 3. A clause may
be attested once and waived once per file.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Literal, Mapping, Optional, Union

from baccarat_conformance.corpus.tomlfile import Entry, TomlFileError, as_date, read_entries
from baccarat_conformance.errors import ConfigurationError

__all__ = ["Attestation", "Waiver", "load_attestations", "load_waivers", "parse_attestations", "unused_waivers",
           "parse_waivers", "installed_coverage", "WAIVABLE"]

#: Dispositions whose failures a waiver may accept.
WAIVABLE = ("automated", "manual")


@dataclass(frozen=True)
class Attestation:
    """One manual inspection: ``clause``, ``result`` ("pass"/"fail"), ``inspector``,
    ``date``, ``evidence`` (a reference to the evidence kept), optional ``note``;
    ``source`` and ``line`` locate the entry."""

    clause: str
    result: Literal["pass", "fail"]
    inspector: str
    date: dt.date
    evidence: str
    note: Optional[str] = None
    source: str = ""
    line: int = 0

    def as_dict(self) -> dict:
        return {"clause": self.clause, "result": self.result, "inspector": self.inspector,
                "date": self.date.isoformat(), "evidence": self.evidence, "note": self.note,
                "source": f"{self.source}:{self.line}"}


@dataclass(frozen=True)
class Waiver:
    """One accepted deviation: ``clause``, ``justification``, ``approver``, ``expires``
    (the first day it no longer applies), optional ``reference``; ``source``/``line``."""

    clause: str
    justification: str
    approver: str
    expires: dt.date
    reference: Optional[str] = None
    source: str = ""
    line: int = 0

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"

    def as_dict(self) -> dict:
        return {"clause": self.clause, "justification": self.justification, "approver": self.approver,
                "expires": self.expires.isoformat(), "reference": self.reference, "source": self.where}


def installed_coverage() -> dict:
    """Clause id -> Coverage of the installed corpus, dispositions and feature files."""
    from baccarat_conformance.corpus.lint import make_context

    return make_context().coverage


class _Reader:
    """Shared validation of the two file kinds."""

    def __init__(self, text: str, source: str, array: str, required: tuple[str, ...], optional: tuple[str, ...]):
        self.source = source
        self.problems: list[str] = []
        self.entries: list[Entry] = []
        try:
            doc, entries, top_keys = read_entries(text)
        except TomlFileError as e:
            self.problems.append(f"{source}:{e.line or 1}: not valid TOML: {e}")
            return
        for name in doc:
            line = top_keys.get(name) or next((e.line for e in entries if e.array == name), 1)
            if name != array:
                self.problems.append(f"{source}:{line}: {name}: unknown table or key; "
                                     f"write each entry as a [[{array}]] table")
            elif not (isinstance(doc[name], list) and all(isinstance(v, dict) for v in doc[name])):
                self.problems.append(f"{source}:{line}: {name}: write each entry as a "
                                     f"[[{array}]] table")
                return
        self.entries = [e for e in entries if e.array == array]
        self.required, self.optional = required, optional

    def bad(self, entry: Entry, key: Optional[str], message: str) -> None:
        self.problems.append(f"{self.source}:{entry.line_of(key)}: {key + ': ' if key else ''}{message}")

    def fields(self, entry: Entry, kind: str) -> Optional[dict[str, Any]]:
        """The entry's values if every required field is present and no field is unknown."""
        before = len(self.problems)
        for key in sorted(set(entry.values) - set(self.required) - set(self.optional)):
            self.bad(entry, key, f"unknown field; a {kind} has " + ", ".join(self.required)
                     + (" and optionally " + ", ".join(self.optional) if self.optional else ""))
        for key in self.required:
            if key not in entry.values:
                self.bad(entry, None, f"{key}: missing; a {kind} needs " + ", ".join(self.required))
        for key in self.required + self.optional:
            if key in entry.values and key not in ("date", "expires"):
                value = entry.values[key]
                if not isinstance(value, str) or not value.strip():
                    self.bad(entry, key, f"must be a non-empty text, got {value!r}")
        return dict(entry.values) if len(self.problems) == before else None

    def date(self, entry: Entry, key: str) -> Optional[dt.date]:
        try:
            return as_date(entry.values[key])
        except ValueError as e:
            self.bad(entry, key, str(e))
            return None

    def clause(self, entry: Entry, coverage: Mapping[str, Any]) -> Optional[Any]:
        from baccarat_conformance.corpus import UnknownClause, load_corpus

        cid = entry.values["clause"].strip()
        cov = coverage.get(cid)
        if cov is None:
            try:
                load_corpus().get(cid)
                self.bad(entry, "clause", f"unknown clause id {cid!r}")
            except UnknownClause as e:
                self.bad(entry, "clause", str(e))
        return cov

    def duplicates(self, items: list, kind: str) -> None:
        first: dict[str, int] = {}
        for item in items:
            if item.clause in first:
                self.problems.append(f"{self.source}:{item.line}: clause: duplicate {kind} of {item.clause} "
                                     f"(first at line {first[item.clause]})")
            else:
                first[item.clause] = item.line

    def finish(self, what: str) -> None:
        if self.problems:
            raise ConfigurationError(f"invalid {what} file {self.source}:\n" + "\n".join(self.problems))


def parse_attestations(text: str, source: str = "<attestations>", *, coverage: Optional[Mapping[str, Any]] = None,
                       today: Optional[dt.date] = None) -> list[Attestation]:
    """Parse and validate an attestation file's text.

    ``coverage`` maps clause ids to their resolved disposition (default: the installed
    suite's); ``today`` bounds the inspection dates (default: today).

    :raises ConfigurationError: naming ``source:line: field: problem`` for: invalid
        TOML; an unknown table or field; a missing or empty field; an unknown clause; a
        clause that is not manual; a result other than "pass"/"fail"; a date that is not
        YYYY-MM-DD or is after ``today``; a clause attested twice.
    """
    coverage = coverage if coverage is not None else installed_coverage()
    today = today or dt.date.today()
    r = _Reader(text, source, "attestation", ("clause", "result", "inspector", "date", "evidence"), ("note",))
    out: list[Attestation] = []
    for entry in r.entries:
        values = r.fields(entry, "attestation")
        if values is None:
            continue
        before = len(r.problems)
        cov = r.clause(entry, coverage)
        if cov is not None and cov.disposition != "manual":
            r.bad(entry, "clause", f"clause {cov.clause.id} is {cov.disposition.replace('_', ' ')}, not manual; "
                  "only clauses disposed [[manual]] in corpus/dispositions.toml are attested")
        result = values["result"].strip()
        if result not in ("pass", "fail"):
            r.bad(entry, "result", f'must be "pass" or "fail", got {values["result"]!r}')
        day = r.date(entry, "date")
        if day is not None and day > today:
            r.bad(entry, "date", f"{day.isoformat()} is in the future (today is {today.isoformat()})")
        if len(r.problems) == before:
            out.append(Attestation(values["clause"].strip(), result, values["inspector"].strip(), day,  # type: ignore[arg-type]
                                   values["evidence"].strip(), (values.get("note") or "").strip() or None,
                                   source, entry.line))
    r.duplicates(out, "attestation")
    r.finish("attestation")
    return out


def parse_waivers(text: str, source: str = "<waivers>", *, coverage: Optional[Mapping[str, Any]] = None,
                  today: Optional[dt.date] = None) -> list[Waiver]:
    """Parse and validate a waiver file's text.

    :raises ConfigurationError: naming ``source:line: field: problem`` for: invalid
        TOML; an unknown table or field; a missing or empty field; an unknown clause; a
        clause whose disposition cannot fail (not applicable, definitional, subclauses,
        uncovered); an ``expires`` that is not YYYY-MM-DD; an expired waiver
        (``expires`` on or before ``today``); a clause waived twice.
    """
    coverage = coverage if coverage is not None else installed_coverage()
    today = today or dt.date.today()
    r = _Reader(text, source, "waiver", ("clause", "justification", "approver", "expires"), ("reference",))
    out: list[Waiver] = []
    for entry in r.entries:
        values = r.fields(entry, "waiver")
        if values is None:
            continue
        before = len(r.problems)
        cov = r.clause(entry, coverage)
        if cov is not None and cov.disposition not in WAIVABLE:
            r.bad(entry, "clause", f"clause {cov.clause.id} is {cov.disposition.replace('_', ' ')}; it cannot fail, "
                  "so there is nothing to waive (waive the automated or manual clause that fails)")
        expires = r.date(entry, "expires")
        if expires is not None and expires <= today:
            r.bad(entry, "expires", f"the waiver expired on {expires.isoformat()} (today is {today.isoformat()}); "
                  "renew it or remove it")
        if len(r.problems) == before:
            out.append(Waiver(values["clause"].strip(), values["justification"].strip(), values["approver"].strip(),
                              expires, (values.get("reference") or "").strip() or None, source, entry.line))  # type: ignore[arg-type]
    r.duplicates(out, "waiver")
    r.finish("waiver")
    return out


def _load(path: Union[str, Path], parse: Callable, what: str, **kw: Any) -> list:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigurationError(f"--{what}s {p}: cannot read the {what} file: {e.strerror}") from None
    return parse(text, str(p), **kw)


def load_attestations(path: Union[str, Path], *, coverage: Optional[Mapping[str, Any]] = None,
                      today: Optional[dt.date] = None) -> list[Attestation]:
    """:func:`parse_attestations` of the file at ``path``."""
    return _load(path, parse_attestations, "attestation", coverage=coverage, today=today)


def load_waivers(path: Union[str, Path], *, coverage: Optional[Mapping[str, Any]] = None,
                 today: Optional[dt.date] = None) -> list[Waiver]:
    """:func:`parse_waivers` of the file at ``path``."""
    return _load(path, parse_waivers, "waiver", coverage=coverage, today=today)


def unused_waivers(waivers: Iterable[Waiver], failed: Iterable[str]) -> list[str]:
    """Problems (``FILE:LINE: clause: ...``) for each waiver whose clause is not among
    the ``failed`` clause ids of a run."""
    failed = set(failed)
    return [f"{w.where}: clause: the waiver of {w.clause} matches no failure in this run; "
            "remove it (a waiver is never a silent pass)" for w in waivers if w.clause not in failed]
