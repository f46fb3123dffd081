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
be attested once and waived once per file. A file with no entry at all is valid but
suspicious: it gives an :class:`EmptyFileWarning`.

:class:`Attestation` and :class:`Waiver` are pydantic dataclasses: every entry of a file
is validated by the model, the rules that need the installed suite and the run date
(``coverage`` and ``today``) through the validation context, and each error is located
by the line locator of :mod:`baccarat_conformance.util.tomlfile`, as profile errors
are (:mod:`baccarat_conformance.inputs.profile`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import warnings
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, Literal, Mapping, Optional, TypeVar, Union

from pydantic import BeforeValidator, ConfigDict, TypeAdapter, ValidationError, ValidationInfo, field_validator
from pydantic.dataclasses import dataclass
from pydantic_core import PydanticCustomError

from baccarat_conformance.util.tomlfile import TomlFileError, as_date, read_entries
from baccarat_conformance.inputs.config_files import read_config_file
from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.input_bounds import capped, escape_controls, free_text

__all__ = ["Attestation", "Waiver", "load_attestations", "load_waivers", "parse_attestations", "unused_waivers",
           "parse_waivers", "installed_coverage", "WAIVABLE", "EmptyFileWarning"]

#: Dispositions whose failures a waiver may accept.
WAIVABLE = ("automated", "manual")


class EmptyFileWarning(UserWarning):
    """An attestation or waiver file with no entry: valid, but most likely not the file
    that was meant."""


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be a non-empty text, got {escape_controls(repr(value)[:80])}")
    return free_text(value.strip())


Text = Annotated[str, BeforeValidator(_text)]
"""A non-empty text, stripped, of at most
:data:`~baccarat_conformance.inputs.input_bounds.MAX_TEXT_CHARS` characters and no control
character but newline and tab."""

Date = Annotated[dt.date, BeforeValidator(as_date)]
"""A TOML date or a ``"YYYY-MM-DD"`` string."""


def _coverage(clause: str, info: ValidationInfo) -> Optional[Any]:
    """The Coverage of ``clause`` in the validation context (None without a context).

    :raises ValueError: for a clause id that the installed suite does not have."""
    if not info.context:
        return None
    cov = info.context["coverage"].get(clause)
    if cov is None:
        from baccarat_conformance.corpus import UnknownClause, load_corpus

        try:
            load_corpus().get(clause)
        except UnknownClause as e:
            raise ValueError(str(e)) from None
        raise ValueError(f"unknown clause id {clause!r}")
    return cov


def _not_in_the_file(value: Any, info: ValidationInfo) -> Any:
    """``source`` and ``line`` say where an entry is; a file cannot set them."""
    if info.context:
        raise PydanticCustomError("extra_forbidden", "Extra inputs are not permitted")
    return value


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Attestation:
    """One manual inspection: ``clause``, ``result`` ("pass"/"fail"), ``inspector``,
    ``date``, ``evidence`` (a reference to the evidence kept), optional ``note``;
    ``source`` and ``line`` locate the entry.

    Texts are stripped and must not be empty. Validated with the context ``{"coverage":
    clause id -> Coverage, "today": date}`` (as :func:`parse_attestations` does), the
    clause must be a manual clause of that coverage and ``date`` not after ``today``.

    :raises pydantic.ValidationError: for a field that breaks these rules.
    """

    clause: Text
    result: Literal["pass", "fail"]
    inspector: Text
    date: Date
    evidence: Text
    note: Optional[Text] = None
    source: str = ""
    line: int = 0

    _source_and_line = field_validator("source", "line", mode="before")(_not_in_the_file)

    @field_validator("clause")
    @classmethod
    def _manual(cls, clause: str, info: ValidationInfo) -> str:
        cov = _coverage(clause, info)
        if cov is not None and cov.disposition != "manual":
            raise ValueError(f"clause {cov.clause.id} is {cov.disposition.replace('_', ' ')}, not manual; only "
                             "clauses disposed [[manual]] in corpus/dispositions.toml are attested")
        return clause

    @field_validator("result", mode="before")
    @classmethod
    def _result(cls, value: Any) -> str:
        result = _text(value)
        if result not in ("pass", "fail"):
            raise ValueError(f'must be "pass" or "fail", got {value!r}')
        return result

    @field_validator("date")
    @classmethod
    def _not_in_the_future(cls, day: dt.date, info: ValidationInfo) -> dt.date:
        today = (info.context or {}).get("today")
        if today is not None and day > today:
            raise ValueError(f"{day.isoformat()} is in the future (today is {today.isoformat()})")
        return day

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"

    def as_dict(self) -> dict:
        return {"clause": self.clause, "result": self.result, "inspector": self.inspector,
                "date": self.date.isoformat(), "evidence": self.evidence, "note": self.note,
                "source": self.where}


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Waiver:
    """One accepted deviation: ``clause``, ``justification``, ``approver``, ``expires``
    (the first day it no longer applies), optional ``reference``; ``source``/``line``.

    Texts are stripped and must not be empty. Validated with the context ``{"coverage":
    clause id -> Coverage, "today": date}`` (as :func:`parse_waivers` does), the clause
    must be one that can fail (:data:`WAIVABLE`) and ``expires`` after ``today``.

    :raises pydantic.ValidationError: for a field that breaks these rules.
    """

    clause: Text
    justification: Text
    approver: Text
    expires: Date
    reference: Optional[Text] = None
    source: str = ""
    line: int = 0

    _source_and_line = field_validator("source", "line", mode="before")(_not_in_the_file)

    @field_validator("clause")
    @classmethod
    def _waivable(cls, clause: str, info: ValidationInfo) -> str:
        cov = _coverage(clause, info)
        if cov is not None and cov.disposition not in WAIVABLE:
            raise ValueError(f"clause {cov.clause.id} is {cov.disposition.replace('_', ' ')}; it cannot fail, so "
                             "there is nothing to waive (waive the automated or manual clause that fails)")
        return clause

    @field_validator("expires")
    @classmethod
    def _not_expired(cls, expires: dt.date, info: ValidationInfo) -> dt.date:
        today = (info.context or {}).get("today")
        if today is not None and expires <= today:
            raise ValueError(f"the waiver expired on {expires.isoformat()} (today is {today.isoformat()}); "
                             "renew it or remove it")
        return expires

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


Record = TypeVar("Record", Attestation, Waiver)


def _invalid(array: str, source: str, problems: list[tuple[int, str]]) -> ConfigurationError:
    """The error listing ``problems`` (line, "field: problem") in file order."""
    return ConfigurationError(escape_controls(
        f"invalid {array} file {source}:\n" + "\n".join(capped(f"{source}:{line}: {problem}" for line, problem
                                                               in sorted(problems, key=lambda p: p[0])))))


def _parse(model: type[Record], array: str, text: str, source: str, coverage: Optional[Mapping[str, Any]],
           today: Optional[dt.date]) -> list[Record]:
    """The entries of the ``[[array]]`` tables of ``text``, each validated by ``model``.

    :raises ConfigurationError: ``invalid ARRAY file SOURCE:`` and one line per problem,
        ``SOURCE:LINE: field: problem``, in file order.
    """
    try:
        doc, entries, top_keys = read_entries(text)
    except TomlFileError as e:
        raise _invalid(array, source, [(e.line or 1, f"not valid TOML: {e}")]) from None
    problems: list[tuple[int, str]] = []
    for name, value in doc.items():
        if name != array:
            problems.append((top_keys.get(name, 1), f"{name}: unknown table or key; "
                             f"write each entry as a [[{array}]] table"))
        elif not (isinstance(value, list) and all(isinstance(v, dict) for v in value)):
            problems.append((top_keys.get(name, 1), f"{name}: write each entry as a [[{array}]] table"))
    fields = [f for f in dataclasses.fields(model) if f.name not in ("source", "line")]
    required = ", ".join(f.name for f in fields if f.default is dataclasses.MISSING)
    optional = ", ".join(f.name for f in fields if f.default is not dataclasses.MISSING)
    messages = {"missing": f"missing; a {array} needs {required}",
                "extra_forbidden": f"unknown field; a {array} has {required} and optionally {optional}",
                "unexpected_keyword_argument": f"unknown field; a {array} has {required} and optionally {optional}"}
    adapter = TypeAdapter(model)
    context = {"coverage": coverage if coverage is not None else installed_coverage(),
               "today": today or dt.date.today()}
    out: list[Record] = []
    first: dict[str, int] = {}
    for entry in (e for e in entries if e.array == array):
        try:
            record = adapter.validate_python(dict(entry.values), context=context)
        except ValidationError as e:
            for err in e.errors():
                key = str(err["loc"][0]) if err["loc"] else None
                message = messages.get(err["type"], str(err["msg"]).removeprefix("Value error, "))
                problems.append((entry.line_of(key), f"{key + ': ' if key else ''}{message}"))
            continue
        if record.clause in first:
            problems.append((entry.line, f"clause: duplicate {array} of {record.clause} "
                             f"(first at line {first[record.clause]})"))
        else:
            first[record.clause] = entry.line
        out.append(dataclasses.replace(record, source=source, line=entry.line))
    if problems:
        raise _invalid(array, source, problems)
    if not any(e.array == array for e in entries):
        warnings.warn(f"{source}: no [[{array}]] entry in the {array} file", EmptyFileWarning, stacklevel=3)
    return out


def parse_attestations(text: str, source: str = "<attestations>", *, coverage: Optional[Mapping[str, Any]] = None,
                       today: Optional[dt.date] = None) -> list[Attestation]:
    """Parse and validate an attestation file's text.

    ``coverage`` maps clause ids to their resolved disposition (default: the installed
    suite's); ``today`` bounds the inspection dates (default: today).

    :raises ConfigurationError: naming ``source:line: field: problem`` for: invalid
        TOML; an unknown table or field; a missing or empty field; an unknown clause; a
        clause that is not manual; a result other than "pass"/"fail"; a date that is not
        YYYY-MM-DD or is after ``today``; a clause attested twice.
    :warns EmptyFileWarning: when the file has no ``[[attestation]]`` entry.
    """
    return _parse(Attestation, "attestation", text, source, coverage, today)


def parse_waivers(text: str, source: str = "<waivers>", *, coverage: Optional[Mapping[str, Any]] = None,
                  today: Optional[dt.date] = None) -> list[Waiver]:
    """Parse and validate a waiver file's text.

    :raises ConfigurationError: naming ``source:line: field: problem`` for: invalid
        TOML; an unknown table or field; a missing or empty field; an unknown clause; a
        clause whose disposition cannot fail (not applicable, definitional, subclauses,
        uncovered); an ``expires`` that is not YYYY-MM-DD; an expired waiver
        (``expires`` on or before ``today``); a clause waived twice.
    :warns EmptyFileWarning: when the file has no ``[[waiver]]`` entry.
    """
    return _parse(Waiver, "waiver", text, source, coverage, today)


def _load(path: Union[str, Path], parse: Callable, what: str, **kw: Any) -> list:
    p = Path(path)
    return parse(read_config_file(p, f"--{what}s", f"the {what} file"), str(p), **kw)


def load_attestations(path: Union[str, Path], *, coverage: Optional[Mapping[str, Any]] = None,
                      today: Optional[dt.date] = None) -> list[Attestation]:
    """:func:`parse_attestations` of the file at ``path``.

    :raises ConfigurationError: also when the file cannot be read or is not UTF-8.
    """
    return _load(path, parse_attestations, "attestation", coverage=coverage, today=today)


def load_waivers(path: Union[str, Path], *, coverage: Optional[Mapping[str, Any]] = None,
                 today: Optional[dt.date] = None) -> list[Waiver]:
    """:func:`parse_waivers` of the file at ``path``.

    :raises ConfigurationError: also when the file cannot be read or is not UTF-8.
    """
    return _load(path, parse_waivers, "waiver", coverage=coverage, today=today)


def unused_waivers(waivers: Iterable[Waiver], failed: Iterable[str]) -> list[str]:
    """Problems (``FILE:LINE: clause: ...``) for each waiver whose clause is not among
    the ``failed`` clause ids of a run."""
    failed = set(failed)
    return [f"{w.where}: clause: the waiver of {w.clause} matches no failure in this run; "
            "remove it (a waiver is never a silent pass)" for w in waivers if w.clause not in failed]
