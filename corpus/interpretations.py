"""Interpretations of the corpus build (step 6 of :mod:`.build`): ``interpretations.toml``
read and checked against the text, and every repair and known artifact pattern
required to be named by one."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from .texts import BuildError


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
        unknown = set(item) - {"name", "clauses", "quote", "reading", "stricter"}
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
        stricter = item.get("stricter", False)
        if not isinstance(stricter, bool):
            raise BuildError(f"{where}: 'stricter' must be true or false")
        out.append({"name": name, "clauses": clauses, "quotes": quotes, "reading": " ".join(reading.split()),
                    **({"stricter": True} if stricter else {})})
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
