"""The redactor (adapters/redact.py): a secret is found and removed in every form a
game server may send it back in — raw, JSON-escaped (fully or mixed, escaped
twice), URL-encoded (with ``+`` for a space, encoded twice), base64 (alone, inside a
longer base64 text at each alignment, the Basic ``user:password`` token), as
Latin-1 mojibake — in text, bytes, decoded JSON, headers, exceptions, and a body cut
off in the middle of a secret."""

from __future__ import annotations

import base64
import gzip
import json
import urllib.parse
import zlib

import pytest

from baccarat_conformance.adapters.redact import REDACTED, Redactor, base64_forms
from baccarat_conformance.judging.errors import GameRefused, TransportError

SECRET = "s3cr3t/Pa55+wörd 😀"
TOKEN = "tok-0123456789abcdef"


def json_escaped(text: str, upper: bool = False) -> str:
    r"""Every character as ``\uXXXX`` (a surrogate pair above U+FFFF)."""
    escaped = json.dumps(text, ensure_ascii=True)[1:-1]  # non-ASCII already escaped
    out = []
    for ch in json.loads(f'"{escaped}"'):
        for unit in (ch.encode("utf-16-be")[i:i + 2] for i in range(0, len(ch.encode("utf-16-be")), 2)):
            code = int.from_bytes(unit, "big")
            out.append(f"\\u{code:04X}" if upper else f"\\u{code:04x}")
    return "".join(out)


def mixed(text: str) -> str:
    """Every other character JSON-escaped, the others percent-encoded or raw."""
    out = []
    for i, ch in enumerate(text):
        if i % 3 == 0:
            out.append(json_escaped(ch))
        elif i % 3 == 1:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def every_percent(text: str) -> str:
    return "".join(f"%{b:02x}" for b in text.encode("utf-8"))


FORMS = {
    "raw": lambda s: s,
    "json-escaped": json_escaped,
    "json-escaped, upper-case hex": lambda s: json_escaped(s, upper=True),
    "json-escaped twice": lambda s: json.dumps(json_escaped(s))[1:-1],
    "json short escapes": lambda s: json.dumps(s, ensure_ascii=False)[1:-1].replace("/", "\\/"),
    "mixed": mixed,
    "url-encoded (quote)": lambda s: urllib.parse.quote(s, safe=""),
    "url-encoded (quote_plus)": lambda s: urllib.parse.quote_plus(s),
    "url-encoded every byte": every_percent,
    "url-encoded twice": lambda s: urllib.parse.quote(urllib.parse.quote(s, safe=""), safe=""),
    "base64": lambda s: base64.b64encode(s.encode()).decode(),
    "base64 unpadded": lambda s: base64.b64encode(s.encode()).decode().rstrip("="),
    "base64 url-safe": lambda s: base64.urlsafe_b64encode(s.encode()).decode(),
    "latin-1 mojibake": lambda s: s.encode("utf-8").decode("latin-1"),
    "base64, json-escaped slashes": lambda s: base64.b64encode(s.encode()).decode().replace("/", "\\/"),
    "base64, url-encoded": lambda s: urllib.parse.quote(base64.b64encode(s.encode()).decode(), safe=""),
    # issue 26, item 15: these reached allure-results/ and the sealed package
    "html decimal references": lambda s: "".join(f"&#{ord(c)};" for c in s),
    "html hex references, no semicolon": lambda s: "".join(f"&#X{ord(c):04x}" for c in s),
    "html references mixed with named ones": lambda s: "".join(
        {"/": "&sol;", "+": "&plus;", " ": "&#32;", "-": "&#45;"}.get(c, f"&#x{ord(c):X};" if i % 2 else c)
        for i, c in enumerate(s)),
    "html escaped twice": lambda s: "".join(f"&amp;#{ord(c)};" for c in s),
    "hex": lambda s: s.encode().hex(),
    "hex upper-case with colons": lambda s: s.encode().hex(":").upper(),
    "hex as \\x escapes": lambda s: "".join(f"\\x{b:02x}" for b in s.encode()),
    "base64 of gzip": lambda s: base64.b64encode(gzip.compress(json.dumps({"echo": s}).encode())).decode(),
    "url-safe base64 of zlib": lambda s: base64.urlsafe_b64encode(zlib.compress(f"Bearer {s}".encode())).decode(),
    "base64 of gzip of the json-escaped secret": lambda s: base64.b64encode(gzip.compress(
        json_escaped(s).encode())).decode().rstrip("="),
}


@pytest.mark.parametrize("secret", [SECRET, TOKEN])
@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_form_is_redacted(secret, form):
    encoded = FORMS[form](secret)
    r = Redactor([secret])
    text = f"before {encoded} after"
    assert r.found_in(text)
    assert r.text(text) == f"before {REDACTED} after"


@pytest.mark.parametrize("offset", [0, 1, 2, 3, 4, 5])
def test_base64_inside_a_longer_string_at_every_alignment(offset):
    wrapped = base64.b64encode(b"x" * offset + TOKEN.encode() + b"yz").decode()
    clean = Redactor([TOKEN]).text(wrapped)
    assert REDACTED in clean
    for form in base64_forms(TOKEN.encode()):
        assert form not in clean


def test_the_basic_token_and_the_password_inside_it():
    basic = base64.b64encode(b"lab:" + SECRET.encode()).decode()
    assert REDACTED in Redactor([SECRET]).text(basic)  # the password alone gives away most of the token
    assert Redactor([SECRET, basic]).text(f"Basic {basic}") == f"Basic {REDACTED}"


def test_nothing_else_is_touched():
    r = Redactor([TOKEN])
    text = 'a "normal" answer: \\u00e9 %20 + base64 dG9r 100% \\\\ &amp; &#116; 746f6b 0x74 eJxLy0kt'
    other = base64.b64encode(gzip.compress(b"an answer without the secret")).decode()
    text += f" {other} {base64.b64encode(zlib.compress(b'another')).decode()}"
    assert not r.found_in(text) and r.text(text) == text
    assert r.data(b"\xff\xfe not utf-8") == b"\xff\xfe not utf-8"
    empty = Redactor(["", ""])
    assert not empty and empty.text(TOKEN) == TOKEN and empty.obj({"a": TOKEN}) == {"a": TOKEN}


def test_decoded_json_keys_and_values_at_any_depth():
    r = Redactor([TOKEN])
    deep: object = {"leaf": f"Bearer {TOKEN}"}
    for _ in range(5000):  # deeper than Python's recursion limit: redacted iteratively
        deep = [deep]
    doc = {"x_echo": TOKEN, TOKEN: 1, "list": [TOKEN, 3, None, (TOKEN,)], "deep": deep}
    out = r.obj(doc)
    assert out["x_echo"] == REDACTED and REDACTED in out and TOKEN not in out
    assert out["list"] == [REDACTED, 3, None, (REDACTED,)]
    node = out["deep"]
    while isinstance(node, list):
        node = node[0]
    assert node == {"leaf": f"Bearer {REDACTED}"}


def test_bytes_and_headers():
    r = Redactor([SECRET])
    assert r.data(f"x {SECRET} y".encode()) == f"x {REDACTED} y".encode()
    assert r.header("Authorization", "Bearer anything") == REDACTED
    assert r.header("Location", f"https://elsewhere.example/?t={urllib.parse.quote_plus(SECRET)}") == \
        f"https://elsewhere.example/?t={REDACTED}"


def test_exceptions_are_redacted_in_place():
    r = Redactor([TOKEN])
    e = GameRefused("invalid_request", f"bad token {json_escaped(TOKEN)}", op="open_table",
                    exchange={"op": "open_table", "response": {"error": {"message": TOKEN}}})
    assert r.error(e) is e
    assert TOKEN not in str(e) and json_escaped(TOKEN) not in str(e) and REDACTED in str(e)
    assert e.exchange["response"]["error"]["message"] == REDACTED and e.game_message != TOKEN
    t = TransportError(f"dropped after {TOKEN[:4]}")  # no whole secret: untouched
    assert str(r.error(t)) == str(t)


@pytest.mark.parametrize("cut", range(1, len(TOKEN)))
@pytest.mark.parametrize("form", ["raw", "json-escaped", "url-encoded every byte"])
def test_a_body_cut_inside_a_secret_shows_no_part_of_it(cut, form):
    head = b'{"message": "Bearer '
    beginning = FORMS[form](TOKEN[:cut]).encode()
    shown = Redactor([TOKEN]).partial(head + beginning)
    assert shown == head + f"... ({len(beginning)} characters withheld: the body was cut off where they could " \
                           f"begin a secret)".encode()
    # also cut inside the escape of the next character
    if form != "raw":
        unfinished = FORMS[form](TOKEN[:cut + 1]).encode()[:len(beginning) + 2]
        assert Redactor([TOKEN]).partial(head + unfinished).startswith(head + b"... (")
    assert Redactor([TOKEN]).partial(b'{"message": "hello') == b'{"message": "hello'


def test_speed_of_a_large_answer_without_escapes():
    """A 4 MB answer without backslashes or percent signs is scanned by substring search."""
    import time

    text = json.dumps({"records": [{"round_id": f"r{i}", "cards": ["9C", "2D"], "paid": "10.00"}
                                   for i in range(60_000)]})
    r = Redactor([TOKEN, base64.b64encode(f"lab:{TOKEN}".encode()).decode()])
    start = time.perf_counter()
    assert not r.found_in(text)
    assert time.perf_counter() - start < 0.5


def test_a_password_in_a_url_is_left_out_of_a_printed_command_line():
    from baccarat_conformance.adapters.redact import REDACTED, without_url_passwords

    shown = without_url_passwords("pytest --url https://bob:s3cr%40t@game.example:8443/v --url http://127.0.0.1:1")
    assert "s3cr" not in shown
    assert f"https://bob:{REDACTED}@game.example:8443/v" in shown and "http://127.0.0.1:1" in shown
