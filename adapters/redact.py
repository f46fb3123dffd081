"""Redaction: credentials never reach a report, a log or an attachment.

A game server may send a credential back in any text it controls: the status
line's reason phrase, a header (``Location`` of a redirect), the body, a field of
a JSON answer. The HTTP adapter passes every such text through one
:class:`Redactor` before it builds an exception, a transcript entry or a record
handed to the steps, so what reaches ``results.jsonl``, ``junit.xml``, the matrix,
the pytest log and the Allure results is already clean.

A secret is matched in every form a server is likely to send it in, and in any mix
of those forms, character by character:

* raw;
* JSON-escaped: ``\\u0073`` (hex in either case; a surrogate pair above U+FFFF),
  the short escapes ``\\/``, ``\\"``, ``\\\\``, ``\\n`` ..., also escaped again
  (``\\\\u0073``, a JSON string inside a JSON string);
* URL-encoded: ``%73`` (hex in either case; the UTF-8 bytes of a non-ASCII
  character; ``%2573``, encoded twice), and ``+`` for a space;
* base64 (standard and URL-safe alphabet, with or without padding) of the whole
  secret, and the part of it fixed by the secret at each of the three alignments,
  so the secret is found base64-encoded inside a longer string too (a Basic
  ``user:password`` token holds the password's base64 at the alignment of
  ``user:``);
* as UTF-8 bytes read as Latin-1 (how ``http.client`` reads a reason phrase or a
  header with non-ASCII bytes);
* HTML character references: ``&#116;``, ``&#x74;`` (hex in either case, leading
  zeros, the ``;`` left out), named ones (``&amp;``, ``&sol;``), escaped again
  (``&amp;#116;``);
* hex of its UTF-8 bytes, in either case, bare or as ``\\x74`` / ``0x74``, with or
  without ``:``, ``-`` or space between the bytes;
* compressed: a base64 text (either alphabet) of gzip or zlib data is decoded and
  inflated (up to :data:`MAX_INFLATED` bytes) and the whole base64 text is redacted
  when what it inflates to holds the secret in any of the forms above.

Every match becomes :data:`REDACTED`. Other encodings (ROT13, hex of a compressed
secret), compressed bytes that are not base64 text, other compressions, or a server
that encrypts the secret or splits it with other text are not recognised.
"""

from __future__ import annotations

import base64
import binascii
import html.entities
import re
import zlib
from typing import Any, Iterable, Optional

REDACTED = "<redacted>"
#: headers whose whole value is always redacted, whatever it holds
SECRET_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"})
#: base64 fragments shorter than this are not searched for (too likely to occur by chance)
MIN_BASE64_CORE = 6
_URLSAFE = str.maketrans("+/", "-_")
_SHORT_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}
#: the most bytes a base64 text of gzip or zlib data is inflated to, to look for a secret
MAX_INFLATED = 1024 * 1024
#: a base64 text that may hold gzip (``H4sI``: 1f 8b 08) or zlib (``eA``, ``eF``, ``eJ``, ``eN``: 78 01/5e/9c/da) data
#: (no lookbehind for the start of the run: it would slow the scan of a large answer threefold; a
#: run found inside a longer one does not decode to gzip or zlib data)
_COMPRESSED_BASE64 = re.compile(r"(?:H4sI|e[AFJN])[A-Za-z0-9+/_-]{14,}={0,2}")
_ZLIB_MARK = re.compile("e[AFJN]")


def base64_forms(data: bytes) -> set[str]:
    """The base64 texts that give ``data`` away: its whole encoding (padded and not),
    and for each of the three byte alignments inside a longer encoded string, the
    characters that depend on ``data`` alone (when at least :data:`MIN_BASE64_CORE`
    long); each in the standard and the URL-safe alphabet."""
    forms = set()
    for k in range(3):
        encoded = base64.b64encode(b"\0" * k + data + b"\0\0").decode("ascii")
        core = encoded[-(-8 * k // 6):(8 * (k + len(data))) // 6]  # characters whose 6 bits lie inside data
        if len(core) >= MIN_BASE64_CORE:
            forms.add(core)
    whole = base64.b64encode(data).decode("ascii")
    forms |= {whole, whole.rstrip("=")}
    return forms | {f.translate(_URLSAFE) for f in forms}


def secret_forms(secret: str) -> set[str]:
    """The literal texts to look for, for one secret (each is matched with every
    JSON and URL encoding of its characters)."""
    if not secret:
        return set()
    raw = secret.encode("utf-8")
    forms = {secret, raw.decode("latin-1")} | base64_forms(raw)
    return {f for f in forms if f}


def _hex(value: int, width: int) -> str:
    """``value`` as hex digits matching either case."""
    return "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in f"{value:0{width}x}")


def _char_pattern(ch: str) -> str:
    """A regular expression for one character in any of its encodings."""
    alternatives = [re.escape(ch)]
    code = ord(ch)
    if code > 0xFFFF:  # a surrogate pair in JSON
        hi, lo = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        alternatives.append(rf"\\+u{_hex(hi, 4)}\\+u{_hex(lo, 4)}")
    else:
        alternatives.append(rf"\\+u{_hex(code, 4)}")
    if ch in _SHORT_ESCAPES:
        alternatives.append(r"\\+" + re.escape(_SHORT_ESCAPES[ch]))
    alternatives.append("".join(f"%(?:25)*{_hex(b, 2)}" for b in ch.encode("utf-8")))
    if ch == " ":
        alternatives.append(r"\+")
    # HTML character references, decimal and hex, escaped again as &amp;#...; and named ones
    alternatives.append(rf"&(?:amp;)*#0*{code}(?![0-9]);?")
    alternatives.append(rf"&(?:amp;)*#[xX]0*{_hex(code, 1)}(?![0-9a-fA-F]);?")
    if code in html.entities.codepoint2name:
        alternatives.append(rf"&(?:amp;)*{html.entities.codepoint2name[code]};")
    alternatives += [rf"&(?:amp;)*{name}" for name, text in _NAMED_REFERENCES.get(ch, ())]
    return "(?:" + "|".join(alternatives) + ")"


#: HTML5's named references of one character that are not in ``codepoint2name``
#: (``&sol;``, ``&colon;``, ``&plus;``...), by the character they stand for
_NAMED_REFERENCES: dict[str, list[tuple[str, str]]] = {}
for _name, _text in html.entities.html5.items():
    if len(_text) == 1 and _name.endswith(";") and _name[:-1] != html.entities.codepoint2name.get(ord(_text)):
        _NAMED_REFERENCES.setdefault(_text, []).append((re.escape(_name), _text))


def hex_pattern(secret: str) -> str:
    """A regular expression for the UTF-8 bytes of ``secret`` in hex, either case, bare or
    as ``\\x74`` / ``0x74``, with or without ``:``, ``-`` or a space between the bytes."""
    return r"[:\s-]?".join(rf"(?:\\+x|0[xX])?{_hex(b, 2)}" for b in secret.encode("utf-8"))


def form_pattern(form: str) -> str:
    """A regular expression matching ``form`` with each character raw, JSON-escaped or
    URL-encoded (in any mix)."""
    return "".join(_char_pattern(ch) for ch in form)


#: the end of a text cut inside an encoded character: complete escapes of a character
#: not yet finished (a surrogate pair, a multi-byte UTF-8 sequence), then an unfinished one
_UNFINISHED = (r"(?:%(?:25)*[0-9a-fA-F]{2}|\\+u[0-9a-fA-F]{4})*"
               r"(?:\\+(?:u[0-9a-fA-F]{0,3})?|%(?:25)*(?:2|[0-9a-fA-F])?)?")


def prefix_pattern(form: str) -> str:
    """A regular expression matching, at the end of a text, any proper beginning of
    ``form`` in any encoding (a text cut in the middle of a secret)."""
    nested = ""
    for ch in reversed(form[:-1]):
        nested = _char_pattern(ch) + (f"(?:{nested})?" if nested else "")
    return nested


class Redactor:
    """Removes secrets from text, headers and decoded JSON.

    :param secrets: the strings never to show (empty ones are ignored).
    """

    def __init__(self, secrets: Iterable[str] = ()):
        self.secrets = tuple(sorted({s for s in secrets if s}, key=len, reverse=True))
        forms = sorted({f for s in self.secrets for f in secret_forms(s)}, key=lambda f: (-len(f), f))
        self.forms = tuple(forms)
        alternatives = [form_pattern(f) for f in forms] + [hex_pattern(s) for s in self.secrets]
        self.pattern: Optional[re.Pattern[str]] = re.compile("|".join(alternatives)) if forms else None
        # characters that begin an encoded character; a text without any of them can
        # only hold a secret literally or in hex, which plain substring search finds much faster
        self._encoding_marks = ("\\", "%", "&", "0x", "0X") + (("+",) if any(" " in f for f in forms) else ())
        self._hex_forms = tuple({h for s in self.secrets for sep in ("", ":", " ", "-")
                                 for h in (s.encode("utf-8").hex(sep) if sep else s.encode("utf-8").hex(),)
                                 for h in (h, h.upper())})
        beginnings = "|".join(p for p in (prefix_pattern(f) for f in forms) if p)
        self._cut_secret = re.compile(f"(?:{beginnings})?{_UNFINISHED}\\Z" if beginnings else f"{_UNFINISHED}\\Z")
        self._window = 12 * max((len(f) for f in forms), default=0)

    def __bool__(self) -> bool:
        return self.pattern is not None

    def found_in(self, text: str) -> bool:
        """Whether ``text`` holds a secret in any form."""
        if self.pattern is None or not text:
            return False
        if not any(mark in text for mark in self._encoding_marks):
            if any(form in text for form in self.forms) or any(h in text for h in self._hex_forms):
                return True
        elif self.pattern.search(text) is not None:
            return True
        if "H4sI" not in text and _ZLIB_MARK.search(text) is None:  # faster than the whole regex
            return False
        return any(self._inflates_to_a_secret(m.group(0)) for m in _COMPRESSED_BASE64.finditer(text))

    def text(self, text: str) -> str:
        """``text`` with every form of every secret replaced by :data:`REDACTED`."""
        if not self.found_in(text):
            return text
        text = self.pattern.sub(REDACTED, text)  # type: ignore[union-attr]
        return _COMPRESSED_BASE64.sub(lambda m: REDACTED if self._inflates_to_a_secret(m.group(0)) else m.group(0),
                                      text)

    def _inflates_to_a_secret(self, encoded: str) -> bool:
        """Whether the base64 text ``encoded`` is gzip or zlib data that inflates (its
        first :data:`MAX_INFLATED` bytes) to a text holding a secret."""
        try:
            data = base64.b64decode(encoded.translate(str.maketrans("-_", "+/")) + "=" * (-len(encoded) % 4))
        except (binascii.Error, ValueError):
            return False
        inflater = zlib.decompressobj(wbits=47)  # 32 + 15: gzip or zlib, by its header
        try:
            inflated = inflater.decompress(data, MAX_INFLATED)
        except zlib.error:
            return False
        return bool(inflated) and self.found_in(inflated.decode("utf-8", "surrogateescape"))

    def data(self, data: bytes) -> bytes:
        """Bytes (a body) redacted as UTF-8 text; bytes that are not UTF-8 are kept."""
        if self.pattern is None or not data:
            return data
        text = data.decode("utf-8", "surrogateescape")
        clean = self.text(text)
        return data if clean == text else clean.encode("utf-8", "surrogateescape")

    def partial(self, data: bytes) -> bytes:
        """A body that was cut off (at a size cap, a deadline, a dropped connection),
        redacted, without the end that could be the beginning of a secret."""
        if self.pattern is None or not data:
            return data
        text = self.text(data.decode("utf-8", "surrogateescape"))
        cut = self._cut_secret.search(text, max(0, len(text) - self._window))
        if cut is not None and cut.start() < len(text):
            withheld = len(text) - cut.start()
            text = (text[:cut.start()] + f"... ({withheld} characters withheld: the body was cut off where they "
                                          f"could begin a secret)")
        return text.encode("utf-8", "surrogateescape")

    def header(self, name: str, value: str) -> str:
        return REDACTED if name.lower() in SECRET_HEADERS else self.text(value)

    def obj(self, node: Any) -> Any:
        """Decoded JSON (or any tree of dicts, lists and tuples) with every string,
        keys included, redacted. Lists and dicts are redacted in place (iteratively:
        a deeply nested answer cannot exhaust the stack); the node is returned."""
        if self.pattern is None:
            return node
        if isinstance(node, str):
            return self.text(node)
        if isinstance(node, tuple):
            return tuple(self.obj(v) for v in node)
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, list):
                for i, v in enumerate(current):
                    if isinstance(v, str):
                        current[i] = self.text(v)
                    elif isinstance(v, tuple):
                        current[i] = self.obj(v)
                    elif isinstance(v, (list, dict)):
                        stack.append(v)
            elif isinstance(current, dict):
                for k in list(current):
                    v = current[k]
                    if isinstance(v, str):
                        v = self.text(v)
                    elif isinstance(v, tuple):
                        v = self.obj(v)
                    elif isinstance(v, (list, dict)):
                        stack.append(v)
                    if isinstance(k, str) and self.found_in(k):
                        del current[k]
                        current[self.text(k)] = v
                    else:
                        current[k] = v
        return node

    def error(self, error: BaseException) -> BaseException:
        """Redact an exception's message, its evidence (``exchange``) and a refusal's
        ``game_message`` in place; returns it."""
        if self.pattern is None:
            return error
        error.args = tuple(self.text(a) if isinstance(a, str) else a for a in error.args)
        for attr in ("exchange", "game_message", "transcript"):
            if getattr(error, attr, None) is not None:
                setattr(error, attr, self.obj(getattr(error, attr)))
        return error


_URL_USERINFO = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?P<user>[^/@\s:]*):(?P<password>[^/@\s]*)@")


def without_url_passwords(text: str) -> str:
    """``text`` with the password of every ``scheme://user:password@host`` in it
    replaced by :data:`REDACTED` (a command line that names ``--url`` with credentials,
    before it is printed or kept)."""
    return _URL_USERINFO.sub(lambda m: f"{m['scheme']}{m['user']}:{REDACTED}@", text)
