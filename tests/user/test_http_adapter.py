"""The HTTP adapter against servers running on a thread of this process: the typed
operations round-trip, keep-alive, raw HTTP evidence, the translation of every
transport failure into the harness's errors, retries of idempotent calls only,
credentials and TLS."""

from __future__ import annotations

import base64
import contextlib
import shutil
import socket
import subprocess
import threading
from decimal import Decimal
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator

import pytest

from baccarat_conformance.adapters.http import HttpAdapter, parse_timeout
from baccarat_conformance.adapters.http_auth import Credentials, credentials_from_env
from baccarat_conformance.adapters.redact import Redactor
from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.judging.errors import (
    ConfigurationError,
    GameCrash,
    GameRefused,
    GameTimeout,
    ProtocolViolation,
    TransportError,
    Unsupported,
)
from baccarat_conformance.protocol import models as m
from baccarat_conformance.reference_game import create_game
from baccarat_conformance.reference_game.server import GameRequestHandler, GameServer, tls_context

from tests.games.misbehaving_servers import ECHO_HEADER, EXPECTED_AUTH_ENV, FaultyHandler, FaultyServer

RULES = {"variant": "baccarat", "decks": 8, "vigorish_collection": "at_payout", "vigorish_rounding": True}
STACK = ["9C", "2D", "KH", "3S"]  # Player's Natural 9 against 5: the Player's Hand wins


@contextlib.contextmanager
def running(server: GameServer) -> Iterator[GameServer]:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def faulty(fault: str, on: str = "open_table", after: int = 0, count: int = 0, **kw: Any) -> FaultyServer:
    return FaultyServer(("127.0.0.1", 0), create_game(seed=1), FaultyHandler, fault=fault, on=on, after=after,
                        count=count, **kw)


def adapter(url: str, **kw: Any) -> HttpAdapter:
    kw.setdefault("credentials", Credentials(None, (), "none"))
    kw.setdefault("timeout", (2.0, 2.0))
    return HttpAdapter(url, **kw)


def play_one(game: Any) -> m.RoundRecord:
    table = game.open_table(RULES)
    game.start_shoe(table, STACK)
    game.place_wager(table, 3, "player", "10.00")
    return game.deal_round(table)


# ---------------------------------------------------------------------- happy path
def test_the_same_round_over_http_as_in_process():
    with running(faulty("hang", on="never")) as server:
        http = adapter(server.url)
        over_http = play_one(http)
    assert over_http.model_dump(mode="json") == play_one(LibraryAdapter(create_game(seed=1))).model_dump(mode="json")
    assert over_http.wagers[0].paid == Decimal("20.00")


def test_one_keep_alive_connection_and_raw_http_evidence():
    with running(faulty("hang", on="never")) as server:
        http = adapter(server.url)
        # a stacked shoe needs capability stacked_shoe: the adapter reads describe once first
        # (an idempotent operation, sent through its own retrying connection pool)
        http.describe()
        server.connections.clear()
        http.transcript.exchanges.clear()
        for _ in range(5):
            play_one(http)
        assert len(server.connections) == 1, server.connections
    exchanges = http.transcript.exchanges
    assert len(exchanges) == 20
    for exchange in exchanges:
        assert exchange.raw.startswith(f"POST /v1/{exchange.op} HTTP/1.1\nHost: 127.0.0.1:")
        assert "\n\nHTTP/1.1 200 OK\n" in exchange.raw and "Content-Type: application/json" in exchange.raw


def test_a_batch_is_attached_cut_to_size():
    with running(faulty("hang", on="never")) as server:
        http = adapter(server.url)
        records = http.run_rounds(RULES, [m.BatchRound(cards=STACK)] * 200)
    assert len(records) == 200
    raw = http.transcript.exchanges[-1].raw
    assert "more bytes)" in raw and len(raw) < 6000


# ---------------------------------------------------------------------- failures
@pytest.mark.parametrize("fault, error, words", [
    ("hang", GameTimeout, "did not answer within 0.3 s"),
    ("drop", TransportError, "dropped without an answer"),
    ("500", GameCrash, "HTTP 500"),
    ("503", GameCrash, "temporarily unavailable"),
    ("invalid_json", ProtocolViolation, "not valid JSON"),
    ("not_object", ProtocolViolation, "not a JSON object"),
    ("error_200", ProtocolViolation, "error object came with HTTP status 200"),
])
def test_a_transport_failure_becomes_a_harness_error(fault, error, words):
    with running(faulty(fault)) as server:
        http = adapter(server.url, timeout=(1.0, 0.3))
        with pytest.raises(error, match=words) as info:
            http.open_table(RULES)
    assert type(info.value) is error
    assert info.value.op == "open_table"
    raw = info.value.exchange["raw"]
    assert raw.startswith("POST /v1/open_table HTTP/1.1")
    if fault == "invalid_json":
        assert raw.endswith('Content-Length: 9\n\n{"table_i')  # the offending body is in the evidence


def test_a_schema_violation_attaches_the_offending_json():
    with running(faulty("float_money", on="deal_round")) as server:
        with pytest.raises(ProtocolViolation, match="wagers.0.paid") as info:
            play_one(adapter(server.url))
    assert info.value.exchange["response"]["wagers"][0]["paid"] == 20.0
    assert '"paid":20.0' in info.value.exchange["raw"]


def test_connection_refused_says_to_check_the_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(TransportError, match="Is the game server running") as info:
        adapter(f"http://127.0.0.1:{port}").open_table(RULES)
    assert not isinstance(info.value, GameTimeout)


def test_error_objects_are_refusals():
    with running(faulty("hang", on="never")) as server:
        http = adapter(server.url)
        with pytest.raises(GameRefused, match="no table") as info:
            http.deal_round("T999")
        assert info.value.code == "invalid_request"
        with pytest.raises(Unsupported):
            http.open_table({**RULES, "decks": 9})


class PlainStatus(BaseHTTPRequestHandler):
    """Answers every POST with the status in the path and no error object, like a proxy."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status = int(self.path.strip("/").split("/")[0])
        self.send_response(status)
        self.send_header("Content-Length", "9")
        self.send_header("Location", "https://elsewhere.example/")
        self.end_headers()
        self.wfile.write(b"not here\n")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.parametrize("status, error, words", [
    (404, ProtocolViolation, "check --url"),
    (401, TransportError, "BACCARAT_GAME_TOKEN"),
    (302, ProtocolViolation, "redirects are not followed"),
    (418, ProtocolViolation, "without an error object"),
])
def test_a_status_without_an_error_object(status, error, words):
    server = GameServer(("127.0.0.1", 0), create_game(), PlainStatus)  # type: ignore[arg-type]
    with running(server):
        with pytest.raises(error, match=words):
            adapter(f"{server.url}/{status}").open_table(RULES)


def test_only_idempotent_operations_are_retried():
    with running(faulty("drop", on="*", after=0, count=1)) as server:
        http = adapter(server.url)
        assert http.describe().protocol_version == "1.3"  # dropped once, retried
        assert server.calls["describe"] == 2
    with running(faulty("drop", on="open_table", after=0, count=1)) as server:
        http = adapter(server.url)
        with pytest.raises(TransportError):
            http.open_table(RULES)  # dropped once, not retried
        assert server.calls["open_table"] == 1
        http.open_table(RULES)  # a new connection
        assert server.calls["open_table"] == 2
    with running(faulty("503", on="read_meters", after=0, count=1)) as server:
        http = adapter(server.url)
        table = http.open_table(RULES)
        assert http.read_meters(table) == []
        assert server.calls["read_meters"] == 2


# ---------------------------------------------------------------------- credentials
def test_credentials_come_from_the_environment():
    assert credentials_from_env({}).kind == "none"
    bearer = credentials_from_env({"BACCARAT_GAME_TOKEN": "tok"})
    assert bearer.kind == "bearer" and bearer.secrets == ("tok",) and "tok" not in repr(bearer.auth)
    basic = credentials_from_env({"BACCARAT_GAME_USER": "u", "BACCARAT_GAME_PASSWORD": "pw"})
    assert basic.kind == "basic" and set(basic.secrets) == {"pw", base64.b64encode(b"u:pw").decode()}
    with pytest.raises(ConfigurationError, match="not both"):
        credentials_from_env({"BACCARAT_GAME_TOKEN": "t", "BACCARAT_GAME_USER": "u"})
    with pytest.raises(ConfigurationError, match="BACCARAT_GAME_PASSWORD is not set"):
        credentials_from_env({"BACCARAT_GAME_USER": "u"})


def test_a_token_is_sent_and_redacted(monkeypatch):
    monkeypatch.setenv(EXPECTED_AUTH_ENV, "Bearer tok-123456")
    with running(faulty("echo_auth")) as server:
        good = HttpAdapter(server.url, credentials=credentials_from_env({"BACCARAT_GAME_TOKEN": "tok-123456"}))
        record = play_one(good)
        bad = HttpAdapter(server.url, credentials=credentials_from_env({"BACCARAT_GAME_TOKEN": "wrong-654321"}))
        with pytest.raises(TransportError, match="the token in BACCARAT_GAME_TOKEN was refused") as info:
            bad.open_table(RULES)
    assert record.model_extra["x_echo_authorization"] == "Bearer <redacted>"
    text = good.transcript.as_json() + bad.transcript.as_json() + str(info.value) + str(info.value.exchange)
    assert "tok-123456" not in text and "wrong-654321" not in text
    assert f"{ECHO_HEADER}: Bearer <redacted>" in text and "Authorization: <redacted>" in text


def test_basic_credentials_are_sent_and_redacted(monkeypatch):
    basic = "Basic " + base64.b64encode(b"lab:pw-987654").decode()
    monkeypatch.setenv(EXPECTED_AUTH_ENV, basic)
    env = {"BACCARAT_GAME_USER": "lab", "BACCARAT_GAME_PASSWORD": "pw-987654"}
    with running(faulty("echo_auth")) as server:
        http = HttpAdapter(server.url, credentials=credentials_from_env(env))
        record = play_one(http)
        wrong = HttpAdapter(server.url, credentials=credentials_from_env({**env, "BACCARAT_GAME_PASSWORD": "nope-0"}))
        with pytest.raises(TransportError, match="BACCARAT_GAME_USER/BACCARAT_GAME_PASSWORD was refused") as info:
            wrong.open_table(RULES)
    assert record.model_extra["x_echo_authorization"] == "Basic <redacted>"
    text = http.transcript.as_json() + wrong.transcript.as_json() + str(info.value) + str(info.value.exchange)
    assert "pw-987654" not in text and basic.split()[1] not in text and "nope-0" not in text
    assert f"{ECHO_HEADER}: Basic <redacted>" in text


def test_a_password_in_the_url_is_redacted():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    http = adapter(f"http://lab:hunter2-pw@127.0.0.1:{port}")
    with pytest.raises(TransportError) as info:
        http.open_table(RULES)
    assert "hunter2-pw" not in str(info.value) + http.transcript.as_json()


def test_redactor():
    r = Redactor(["abc123", ""])
    assert r.text("x abc123 y abc123") == "x <redacted> y <redacted>"
    assert r.header("Authorization", "Basic zzz") == "<redacted>"
    assert r.header("X-Other", "token abc123") == "token <redacted>"


# ---------------------------------------------------------------------- options
def config(**options: Any) -> Any:
    values = {"--url": None, "--http-timeout": "5,60", "--ca-bundle": None, "--client-cert": None,
              "--client-key": None, "--insecure": False, **options}
    return SimpleNamespace(getoption=lambda name: values[name])


def test_options(monkeypatch, tmp_path):
    monkeypatch.delenv("BACCARAT_GAME_URL", raising=False)
    for var in ("BACCARAT_GAME_TOKEN", "BACCARAT_GAME_USER", "BACCARAT_GAME_PASSWORD"):
        monkeypatch.delenv(var, raising=False)
    assert parse_timeout("5,60") == (5.0, 60.0) and parse_timeout("2.5") == (2.5, 2.5)
    for bad in ("", "a,b", "1,2,3", "0,5", "-1"):
        with pytest.raises(ConfigurationError, match="--http-timeout"):
            parse_timeout(bad)
    with pytest.raises(ConfigurationError, match="needs --url"):
        HttpAdapter.from_config(config())
    with pytest.raises(ConfigurationError, match="base URL"):
        HttpAdapter.from_config(config(**{"--url": "127.0.0.1:8765"}))
    with pytest.raises(ConfigurationError, match="no such file"):
        HttpAdapter.from_config(config(**{"--url": "https://x.example", "--ca-bundle": str(tmp_path / "none.pem")}))
    (tmp_path / "ca.pem").write_text("")
    with pytest.raises(ConfigurationError, match="contradict"):
        HttpAdapter.from_config(config(**{"--url": "https://x.example", "--ca-bundle": str(tmp_path / "ca.pem"),
                                          "--insecure": True}))
    http = HttpAdapter.from_config(config(**{"--url": "https://x.example/game/", "--http-timeout": "1,2"}))
    assert http.url == "https://x.example/game" and http.timeout == (1.0, 2.0) and http.session.verify is True
    assert http.endpoints["deal_round"] == "https://x.example/game/v1/deal_round"
    monkeypatch.setenv("BACCARAT_GAME_URL", "http://127.0.0.1:1")
    assert HttpAdapter.from_config(config()).url == "http://127.0.0.1:1"


# ---------------------------------------------------------------------- TLS
@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A self-signed server certificate for 127.0.0.1 and a self-signed client certificate."""
    if not shutil.which("openssl"):
        pytest.skip("needs the openssl command to make test certificates")
    d = tmp_path_factory.mktemp("tls")
    for name, subject, extra in (("server", "/CN=127.0.0.1", ["-addext", "subjectAltName=IP:127.0.0.1"]),
                                 ("client", "/CN=lab-client", [])):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject,
                        "-keyout", str(d / f"{name}.key"), "-out", str(d / f"{name}.pem"), *extra],
                       check=True, capture_output=True)
    return d


def test_tls_is_verified_by_default(certificates):
    context = tls_context(str(certificates / "server.pem"), str(certificates / "server.key"), None)
    with running(GameServer(("127.0.0.1", 0), create_game(), ssl_context=context)) as server:
        assert server.url.startswith("https://")
        with pytest.raises(TransportError, match="--ca-bundle"):
            adapter(server.url).open_table(RULES)
        assert adapter(server.url, verify=str(certificates / "server.pem")).open_table(RULES)
        with pytest.warns(Warning, match="Unverified HTTPS"):
            assert adapter(server.url, verify=False).open_table(RULES)


def test_a_statistics_worker_reconnects_with_the_runs_tls_options(certificates):
    # the statistical verification's workers rebuild the adapter from worker_options() (in
    # another process: pickled): --ca-bundle and the client certificate go with it, so a
    # mutual-TLS game is reached by every worker, not only by the run's own connection
    import pickle

    from baccarat_conformance.gamestats.simulate import GameSettings

    context = tls_context(str(certificates / "server.pem"), str(certificates / "server.key"),
                          str(certificates / "client.pem"))
    ca, cert = str(certificates / "server.pem"), (str(certificates / "client.pem"), str(certificates / "client.key"))
    with running(GameServer(("127.0.0.1", 0), create_game(), ssl_context=context)) as server:
        run_adapter = HttpAdapter(server.url, timeout=(3.0, 7.0), verify=ca, cert=cert, operation_timeout=11.0,
                                  max_answer_bytes=123_456)
        options = pickle.loads(pickle.dumps(run_adapter.worker_options()))
        worker = GameSettings("http", options=options).connect()
        try:
            assert (worker.timeout, worker.operation_timeout, worker.max_answer_bytes) == ((3.0, 7.0), 11.0, 123_456)
            assert worker.open_table(RULES)
        finally:
            worker.close()
            run_adapter.close()
        without_cert = HttpAdapter.from_worker_options({**options, "cert": None})
        with pytest.raises(TransportError):
            without_cert.open_table(RULES)
        without_cert.close()


def test_client_certificates(certificates):
    context = tls_context(str(certificates / "server.pem"), str(certificates / "server.key"),
                          str(certificates / "client.pem"))
    ca = str(certificates / "server.pem")
    with running(GameServer(("127.0.0.1", 0), create_game(), ssl_context=context)) as server:
        with pytest.raises(TransportError):
            adapter(server.url, verify=ca).open_table(RULES)
        cert = (str(certificates / "client.pem"), str(certificates / "client.key"))
        assert adapter(server.url, verify=ca, cert=cert).open_table(RULES)
