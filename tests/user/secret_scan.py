"""Look for a secret, in any of its forms, in everything a run wrote: the check of the
redaction tests. Independent of adapters/redact.py: the forms are spelled out here."""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
import urllib.parse
from pathlib import Path
from typing import Iterable, Iterator


def forms(secret: str) -> dict[str, str]:
    """Each form a secret may take in a file, by name."""
    units = secret.encode("utf-16-be")
    escaped = [int.from_bytes(units[i:i + 2], "big") for i in range(0, len(units), 2)]
    b64 = base64.b64encode(secret.encode()).decode()
    return {
        "raw": secret,
        "json-escaped": "".join(f"\\u{u:04x}" for u in escaped),
        "json-escaped (upper)": "".join(f"\\u{u:04X}" for u in escaped),
        "url-encoded (quote)": urllib.parse.quote(secret, safe=""),
        "url-encoded (quote_plus)": urllib.parse.quote_plus(secret),
        "url-encoded every byte": "".join(f"%{b:02X}" for b in secret.encode()),
        "url-encoded every byte (lower)": "".join(f"%{b:02x}" for b in secret.encode()),
        "base64": b64.rstrip("="),
        "base64 url-safe": base64.urlsafe_b64encode(secret.encode()).decode().rstrip("="),
        "html decimal references": "".join(f"&#{ord(c)};" for c in secret),
        "hex": secret.encode().hex(),
    }


def _views(text: str) -> Iterator[str]:
    """The text, and what it says once JSON or XML escaping is undone (a report
    escapes what it quotes: a JSON-escaped secret in a message is ``\\\\u0073`` in
    results.jsonl)."""
    yield text
    collapsed = text
    for _ in range(3):
        collapsed = collapsed.replace("\\\\", "\\")
        yield collapsed
    yield html.unescape(text)
    for run in re.findall(r"H4sI[A-Za-z0-9+/]+={0,2}", text):  # base64 of gzip: what it inflates to
        try:
            yield gzip.decompress(base64.b64decode(run + "=" * (-len(run) % 4)))[:1 << 20].decode("utf-8", "replace")
        except (OSError, ValueError, EOFError):
            continue
    for line in text.splitlines() or [text]:
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        yield from _strings(doc)
    try:
        yield from _strings(json.loads(text))
    except ValueError:
        pass


def _strings(node: object) -> Iterator[str]:
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, str):
            yield n
        elif isinstance(n, dict):
            stack += list(n.keys()) + list(n.values())
        elif isinstance(n, list):
            stack += n


def leaks(text: str, secrets: Iterable[str]) -> list[str]:
    """``"<form> of <secret>"`` for every form of every secret found in ``text``."""
    found = []
    views = list(_views(text))
    for secret in secrets:
        for name, form in forms(secret).items():
            if any(form in v for v in views):
                found.append(f"{name} of {secret!r}")
    return found


def leaks_in_files(root: Path, secrets: Iterable[str]) -> dict[str, list[str]]:
    """Every file under ``root`` with a secret in it -> which forms."""
    secrets = list(secrets)
    out = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        found = leaks(path.read_bytes().decode("utf-8", "replace"), secrets)
        if found:
            out[str(path.relative_to(root))] = found
    return out


def count(pattern: str, root: Path) -> int:
    """How many times ``pattern`` (a regular expression) occurs in the files under ``root``."""
    rx = re.compile(pattern)
    return sum(len(rx.findall(p.read_bytes().decode("utf-8", "replace"))) for p in root.rglob("*") if p.is_file())
