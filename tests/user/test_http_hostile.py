"""The HTTP adapter against hostile servers (tests/games/hostile_servers.py), each a real
process on 127.0.0.1:

* a server that sends the credential back in its reason phrase, a redirect's
  ``Location``, JSON-escaped in a refusal and in ``x_`` fields, URL- and
  base64-encoded: the real CLI run leaves no form of it in any file under ``--out``
  nor on the console, and the redirect is not followed to the other origin;
* servers that answer without bounds (a gzip bomb, a 400 MiB body, a body or headers
  dripped a byte at a time): each ends as an adapter error within the bound, and the
  run goes on.
"""

from __future__ import annotations

import base64
import gzip
import os
import subprocess
import sys
import time
import urllib.parse
import zlib
from pathlib import Path

import pytest

from baccarat_conformance.adapters.base import parse_size
from baccarat_conformance.adapters.http import HttpAdapter
from baccarat_conformance.adapters.http_auth import Credentials, credentials_from_env
from baccarat_conformance.adapters.http_bounds import BoundedInflater
from baccarat_conformance.judging.errors import AnswerTooLarge, ConfigurationError, GameTimeout, ProtocolViolation

from tests.games.misbehaving_servers import serve
from tests.user.secret_scan import count, leaks, leaks_in_files
from tests.proofs.suite_runner import FEATURES, REPO, SuiteRun

HOSTILE = "tests.games.hostile_servers"
SUBSET = "(631a.11.a or 631a.13.a) and not game_math"  # ten scenarios that each deal one round
NOT_SWEEP = "not every_class_of_cards"  # the settlement sweep of § 631a.13(a) deals hundreds
RULES = {"variant": "baccarat", "decks": 8, "vigorish_collection": "at_payout", "vigorish_rounding": True}
STACK = ["9C", "2D", "KH", "3S"]
TOKEN = "tok-S3cr3t/Zz+9_~x7Qv"
USER, PASSWORD = "lab", "pa ss:wörd/+9-Kq2z"
CREDENTIAL_ENV = ("BACCARAT_GAME_TOKEN", "BACCARAT_GAME_USER", "BACCARAT_GAME_PASSWORD")


def _cli() -> list[str]:
    script = Path(sys.executable).parent / "baccarat-conformance"
    return [str(script)] if script.exists() else [sys.executable, "-m", "baccarat_conformance"]


def _env(kind: str) -> tuple[dict, list[str]]:
    """The environment of a run with credentials of ``kind``, and the secrets to look for."""
    env = {k: v for k, v in os.environ.items() if k not in CREDENTIAL_ENV}
    if kind == "bearer":
        env["BACCARAT_GAME_TOKEN"] = TOKEN
        return env, [TOKEN]
    env.update(BACCARAT_GAME_USER=USER, BACCARAT_GAME_PASSWORD=PASSWORD)
    return env, [PASSWORD, base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()]


# ---------------------------------------------------------------------- credentials
@pytest.mark.parametrize("kind", ["bearer", "basic"])
def test_a_server_echoing_the_credential_leaves_no_trace_of_it(tmp_path, kind):
    env, secrets = _env(kind)
    out, collected = tmp_path / "out", tmp_path / "other-origin.log"
    with serve("--mode", "collect", "--log", str(collected), module=HOSTILE) as other:
        with serve("--mode", "leak", "--redirect-to", other, module=HOSTILE) as url:
            proc = subprocess.run([*_cli(), "run", "--adapter", "http", "--out", str(out), "--no-html",
                                   "--progress", "off", "--depth", "smoke", "--",
                                   "--url", url, "-m", SUBSET, "-k", NOT_SWEEP, "--http-timeout", "2,5", "--showlocals"],
                                  cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    console = proc.stdout + proc.stderr  # the failures' tracebacks, with every frame's local variables
    assert proc.returncode == 2, console  # adapter and protocol errors, the run completed
    # no form of any secret anywhere the run wrote, nor on the console
    assert leaks_in_files(out, secrets) == {}
    assert leaks(console, secrets) == []
    # the server did send it back, in each way: the evidence shows where, redacted
    scheme = "Bearer" if kind == "bearer" else "Basic"
    assert count(rf"Bad auth {scheme} <redacted>", out) > 0  # the reason phrase
    assert count(r"\?auth=" + scheme + r"\+<redacted>&secret=<redacted>", out) > 0  # the Location
    assert count(rf"token {scheme} <redacted> \(<redacted>\) is not allowed", out) > 0  # a 409 refusal
    assert count(r'"x_auth": "' + scheme + r' <redacted>"', out) > 0  # x_ fields of the records
    assert count(r'"x_secret_(url|b64)": "<redacted>"', out) > 0
    assert count(r"X-Echo-Authorization: " + scheme + r" <redacted>", out) > 0
    # the redirect was not followed: the other origin never saw a request
    assert not collected.exists() or collected.read_text() == ""
    results = [line for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(results) == 10 and sum('"outcome": "passed"' in r for r in results) >= 2
    assert {c for c in ("adapter error", "protocol error") if any(f'"category": "{c}"' in r for r in results)} \
        == {"adapter error", "protocol error"}


def test_a_redirect_is_not_followed_to_another_origin(tmp_path):
    collected = tmp_path / "other-origin.log"
    creds = credentials_from_env({"BACCARAT_GAME_TOKEN": TOKEN})
    with serve("--mode", "collect", "--log", str(collected), module=HOSTILE) as other:
        with serve("--mode", "leak", "--redirect-to", other, module=HOSTILE) as url:
            http = HttpAdapter(url, credentials=creds, timeout=(2, 5))
            errors = []
            for _ in range(4):  # the leak server redirects one deal_round in four
                table = http.open_table(RULES)
                http.start_shoe(table, STACK)
                try:
                    http.deal_round(table)
                except Exception as e:  # noqa: BLE001 - each kind of leak fails differently
                    errors.append(e)
    redirect = next(e for e in errors if "307" in str(e))
    assert isinstance(redirect, ProtocolViolation) and "redirects are not followed" in str(redirect)
    assert f"{other}/v1/deal_round?auth=Bearer+<redacted>&secret=<redacted>" in str(redirect)
    assert not collected.exists() or collected.read_text() == ""
    text = http.transcript.as_json() + "".join(str(e) + str(e.exchange) for e in errors)
    assert leaks(text, [TOKEN]) == [] and "Location: " in text


def test_credentials_in_the_url_are_sent_but_never_shown(tmp_path):
    with serve("--mode", "leak", module=HOSTILE) as url:
        http = HttpAdapter(url.replace("http://", f"http://{USER}:{urllib.parse.quote(PASSWORD, safe='')}@"),
                           credentials=Credentials(None, (), "none"), timeout=(2, 5))
        table = http.open_table(RULES)
        shoe = http.start_shoe(table, STACK)
    assert http.url == url and http.credentials.kind == "url"
    assert shoe.model_extra["x_secret"] == "<redacted>"  # the server decoded the Basic token it got
    assert leaks(http.transcript.as_json() + repr(http.credentials), [PASSWORD]) == []


# ---------------------------------------------------------------------- bounds, one adapter
def _adapter(url: str, **kw) -> HttpAdapter:
    kw.setdefault("credentials", Credentials(None, (), "none"))
    return HttpAdapter(url, timeout=(2, 1.5), **kw)


def _deal_twice(http: HttpAdapter) -> tuple[Exception, float, object]:
    """The first deal_round misbehaves (server --after 0 --count 1), the second is answered."""
    table = http.open_table(RULES)
    http.start_shoe(table, STACK)
    start = time.monotonic()
    with pytest.raises(Exception) as info:
        http.deal_round(table)
    spent = time.monotonic() - start
    table = http.open_table(RULES)
    http.start_shoe(table, STACK)
    return info.value, spent, http.deal_round(table)


def test_a_gzip_bomb_stops_at_the_cap():
    with serve("--mode", "gzip_bomb", "--after", "0", "--bomb-mib", "1024", module=HOSTILE) as url:
        http = _adapter(url, max_answer_bytes=1 << 20)
        error, spent, record = _deal_twice(http)
    assert isinstance(error, AnswerTooLarge), error
    assert "exceeds the cap of 1048576 bytes (--max-answer-bytes) once decompressed (gzip)" in str(error)
    assert "the body begins '{\"round_id\": \"bomb\"" in str(error)
    assert spent < 5 and record.round_id  # and the next round is dealt
    raw = next(e.raw for e in http.transcript.exchanges if e.error) or ""  # the failed deal_round's HTTP text
    assert "Content-Encoding: gzip" in raw and len(raw) < 30_000


@pytest.mark.parametrize("mode", ["oversized", "oversized_stream"])
def test_an_oversized_body_stops_at_the_cap(mode):
    with serve("--mode", mode, "--after", "0", "--oversized-mib", "400", module=HOSTILE) as url:
        http = _adapter(url, max_answer_bytes=1 << 20)
        error, spent, record = _deal_twice(http)
    assert isinstance(error, AnswerTooLarge), error
    expected = "declares Content-Length 419430400" if mode == "oversized" else "reading stopped after"
    assert expected in str(error) and "--max-answer-bytes" in str(error)
    assert spent < 5 and record.round_id


@pytest.mark.parametrize("mode", ["drip", "drip_head"])
def test_a_dripping_server_is_cut_off_at_the_deadline(mode):
    with serve("--mode", mode, "--after", "0", "--drip-interval", "0.2", module=HOSTILE) as url:
        http = _adapter(url, operation_timeout=2.0)
        error, spent, record = _deal_twice(http)
    assert isinstance(error, GameTimeout), error
    assert "took longer than its deadline of 2 s (--operation-timeout)" in str(error)
    assert 1.9 < spent < 4.5, spent  # the read timeout (1.5 s) never fired: a byte came every 0.2 s
    if mode == "drip":
        assert "bytes of the answer had come" in str(error)
    assert record.round_id


def test_an_encoding_not_asked_for_is_a_protocol_error():
    with serve("--mode", "brotli", "--after", "0", module=HOSTILE) as url:
        http = _adapter(url)
        error, _, record = _deal_twice(http)
    assert isinstance(error, ProtocolViolation), error
    assert "has Content-Encoding 'br'; the harness asks for gzip, deflate only" in str(error) and record.round_id


@pytest.mark.parametrize("encoding,compress", [
    ("gzip", lambda d: gzip.compress(d[:5000]) + gzip.compress(d[5000:])),  # two gzip members
    ("deflate", zlib.compress),  # zlib-wrapped, as RFC 9110 says
    ("deflate", lambda d: zlib.compress(d)[2:-4]),  # raw deflate, as some servers send
])
def test_the_inflater_decodes_and_never_exceeds_its_budget(encoding, compress):
    data = b'{"x_pad": "' + b"ab" * 20_000 + b'"}'
    wire = compress(data)
    inflater = BoundedInflater(encoding)
    out = b"".join(piece for i in range(0, len(wire), 100) for piece in inflater.feed(wire[i:i + 100], 1 << 30))
    assert out == data and inflater.done
    bomb = gzip.compress(b" " * (8 << 20))
    pieces = BoundedInflater("gzip").feed(bomb, 3_000_001)
    assert sum(map(len, pieces)) == 3_000_001 and max(map(len, pieces)) <= 1 << 20


def test_bound_options():
    assert parse_size("1048576") == 1 << 20 and parse_size("32MiB") == 32 << 20 and parse_size("2 kB") == 2000
    for bad in ("", "0", "-1", "12 parsecs", "1.5MiB"):
        with pytest.raises(ConfigurationError, match="--max-answer-bytes"):
            parse_size(bad)
    values = {"--url": "http://127.0.0.1:1", "--http-timeout": "5,60", "--ca-bundle": None, "--client-cert": None,
              "--client-key": None, "--insecure": False, "--operation-timeout": "7.5", "--max-answer-bytes": "2MiB"}
    config = type("Config", (), {"getoption": staticmethod(lambda name: values[name])})
    http = HttpAdapter.from_config(config)
    assert http.operation_timeout == 7.5 and http.max_answer_bytes == 2 << 20
    values["--operation-timeout"] = "0"
    assert HttpAdapter.from_config(config).operation_timeout is None
    values["--operation-timeout"] = "soon"
    with pytest.raises(ConfigurationError, match="--operation-timeout 'soon'"):
        HttpAdapter.from_config(config)


# ---------------------------------------------------------------------- bounds, a suite run
def run_measured(tmp_path: Path, url: str, *args: str) -> tuple[SuiteRun, int]:
    """The suite subset over HTTP in a fresh process; its results and its peak RSS (KiB),
    the child's own (``os.wait4``: the resources of that one process and the children it waited for)."""
    log = tmp_path / "results.jsonl"
    cmd = [sys.executable, "-m", "pytest", str(FEATURES), "-q", "-p", "no:cacheprovider", "--depth", "smoke",
           "--results-log", str(log), "-o", "addopts=--strict-markers", "--import-mode=importlib",
           "--adapter", "http", "--url", url, "--http-timeout", "2,1.5", "-m", SUBSET, "-k", NOT_SWEEP, *args]
    output = tmp_path / "output.txt"
    with output.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 300
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            os.wait4(proc.pid, 0)
            raise AssertionError(f"the run took over 300 s: {output.read_text(errors='replace')[-3000:]}")
        time.sleep(0.05)
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
    results = [__import__("json").loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return SuiteRun(proc.returncode, results, output.read_text(encoding="utf-8", errors="replace")[-25000:]), \
        usage.ru_maxrss


CASES = {  # server mode and arguments, harness bound, words of the failure, its longest duration (s)
    "gzip_bomb": (["--bomb-mib", "1024"], ["--max-answer-bytes", "1MiB"], "once decompressed (gzip)", 5),
    "oversized_stream": (["--oversized-mib", "400"], ["--max-answer-bytes", "1MiB"], "reading stopped after", 5),
    "drip": (["--drip-interval", "0.2"], ["--operation-timeout", "2"], "(--operation-timeout)", 5),
}


@pytest.mark.parametrize("mode", sorted(CASES))
def test_an_unbounded_answer_fails_one_scenario_and_the_run_goes_on(tmp_path, mode, record_property):
    server_args, bound, words, longest = CASES[mode]
    with serve("--mode", mode, "--after", "2", "--count", "1", *server_args, module=HOSTILE) as url:
        run, peak = run_measured(tmp_path, url, *bound)
    failed = [r for r in run.results if r["outcome"] != "passed"]
    assert len(failed) == 1 and failed[0]["category"] == "adapter error", run.output
    assert words in failed[0]["message"] and failed[0]["duration"] < longest, failed[0]
    assert len(run.results) == 10 and run.results.index(failed[0]) == 2, run.output  # the next ones ran
    record_property("peak_rss_kib", peak)
    if mode == "gzip_bomb":  # a 1 GiB bomb costs no more memory than a clean run (plus a margin)
        (tmp_path / "clean").mkdir()
        with serve("--fault", "hang", "--on", "never", module="tests.games.misbehaving_servers") as clean_url:
            clean, clean_peak = run_measured(tmp_path / "clean", clean_url)
        assert clean.results and all(r["outcome"] == "passed" for r in clean.results), clean.output
        print(f"peak RSS: gzip bomb run {peak} KiB, clean run {clean_peak} KiB")
        assert peak < clean_peak + 48 * 1024, (peak, clean_peak)
