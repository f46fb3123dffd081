"""The regulation source texts the corpus is built from (see :mod:`.build`): which
files, what each must contain, and their lines as read, page furniture flagged."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

PRIMARY_EDITION = "pa-code"


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
