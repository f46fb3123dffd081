"""The HTTP adapter: a game that is a server, driven over the protocol's HTTP/JSON API.

Every operation is ``POST <url>/v1/<operation>`` with the params object as the
JSON body (``protocol/openapi.json`` is the contract; docs/http.md explains it).
Status 200 carries the result; 4xx/5xx carry an error object
``{"error": {"code", "message"}}``.

Select it with ``--adapter http --url https://game.example:8443``. Options
(pytest group "baccarat-conformance"):

``--url URL`` (default ``$BACCARAT_GAME_URL``)
    base URL of the game server; endpoints are ``URL/v1/<operation>``.
``--http-timeout CONNECT,READ`` (default ``5,60``; one number sets both)
    seconds to wait for a connection, and for each read of the answer.
``--operation-timeout SECONDS`` (default 120; 0: none)
    the longest a whole operation may take: connection, request, the status line,
    headers and every byte of the body (a server dripping its answer a byte at a
    time is stopped here; the read timeout alone would not).
``--max-answer-bytes BYTES`` (default 32 MiB)
    the largest answer body read, counted after decompression (a gzip bomb is
    stopped at the cap, not inflated whole).
``--ca-bundle PEM`` / ``--insecure``
    TLS verification is on by default against requests' CA bundle (certifi); ``--ca-bundle``
    names the CA (file or directory) that signed the server's certificate,
    ``--insecure`` turns verification off (testing only).
``--client-cert PEM`` and ``--client-key PEM``
    a client certificate for mutual TLS.

Credentials come only from the environment, never from the command line (which
would put them in shell history and CI logs): ``BACCARAT_GAME_TOKEN`` (sent as
``Authorization: Bearer ...``) or ``BACCARAT_GAME_USER`` with
``BACCARAT_GAME_PASSWORD`` (HTTP Basic). They are redacted from every transcript,
error message and attachment, in every encoding (adapters/redact.py, docs/security.md).

Transport details stay here, like the transports behind requests' ``BaseAdapter``:

* one :class:`requests.Session` per adapter, i.e. per pytest(-xdist) worker, with
  keep-alive connections, and a second one for ``run_rounds`` batches (:meth:`HttpAdapter.dispatch`);
* only the idempotent operations (:data:`~baccarat_conformance.protocol.models.IDEMPOTENT`)
  are retried (urllib3 ``Retry``: dropped connections, read timeouts and 502/503/504),
  routed by ``Session.mount`` on their URL; every other call is sent once;
* requests' exceptions become the harness's own at this boundary:
  :class:`~baccarat_conformance.judging.errors.GameTimeout` (connect or read timeout),
  :class:`~baccarat_conformance.judging.errors.TransportError` (refused, dropped, TLS,
  credentials refused), :class:`~baccarat_conformance.judging.errors.ProtocolViolation`
  (not JSON, not an object, a result without status 200, an unexpected status),
  :class:`~baccarat_conformance.judging.errors.GameCrash` (any 5xx);
* every request and response is kept as HTTP text (redacted) in the exchange
  transcript, which the ``game`` fixture attaches to the scenario's Allure result;
* everything the server sends (status line, headers, body, the decoded JSON) passes
  through the :class:`~baccarat_conformance.adapters.redact.Redactor` before any
  error, transcript entry or record is built from it;
* redirects are never followed (the ``Authorization`` header never goes to another
  origin); a redirect is a protocol error, its ``Location`` redacted;
* the body is read in chunks and decompressed here, under the size cap and the
  operation deadline: past the deadline, the connection is shut down, which ends a
  read blocked on it.
"""

from __future__ import annotations

import base64
import copy
import importlib.metadata
import json
import os
import re
import socket
import time
import warnings
import zlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional
from urllib.parse import unquote, urlsplit, urlunsplit

import requests
import urllib3
from requests.auth import HTTPBasicAuth
from urllib3.exceptions import InsecureRequestWarning, ReadTimeoutError
from urllib3.util.retry import Retry

from baccarat_conformance.adapters.http_bounds import (BoundedInflater, ClockedHTTPAdapter, NoRedirectSession,
                                                      OperationClock, Received)
from baccarat_conformance.judging.errors import (
    AdapterError,
    AnswerTooLarge,
    ConfigurationError,
    GameCrash,
    GameTimeout,
    ProtocolViolation,
    TransportError,
)
from baccarat_conformance.protocol.models import IDEMPOTENT, OPERATIONS

from .base import (
    BULKY_OPS,
    DEFAULT_MAX_ANSWER_BYTES,
    DEFAULT_OPERATION_TIMEOUT,
    GameAdapter,
    Transcript,
    add_bound_options,
    max_answer_bytes_option,
    operation_timeout_option,
)
from .http_auth import PASSWORD_ENV, TOKEN_ENV, USER_ENV, Credentials, credentials_from_env
from .redact import Redactor
from . import wire_json

API_PREFIX = "/v1/"
URL_ENV = "BACCARAT_GAME_URL"
DEFAULT_TIMEOUT = (5.0, 60.0)
RAW_BODY_LIMIT = 20_000
RAW_BULKY_BODY_LIMIT = 2_000
HEAD_LIMIT = 300  # bytes of a body quoted in an error message
READ_CHUNK = 64 * 1024
JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}
#: the only content codings the harness asks for, and decodes itself under the size cap
ACCEPT_ENCODING = "gzip, deflate"
ERROR_OBJECT_START = re.compile(rb'\s*\{\s*"error"\s*:')


def _user_agent() -> str:
    try:
        harness = importlib.metadata.version("baccarat-conformance")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover (running from a source tree)
        harness = "0"
    return f"baccarat-conformance/{harness} python-requests/{requests.__version__}"


USER_AGENT = _user_agent()


# ---------------------------------------------------------------------- options
def parse_timeout(text: str) -> tuple[float, float]:
    """``"5,60"`` -> ``(5.0, 60.0)``; ``"10"`` -> ``(10.0, 10.0)``.

    :raises ConfigurationError: naming the value when it is not one or two positive numbers.
    """
    parts = [p.strip() for p in str(text).split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) == 1:
        values *= 2
    if len(values) != 2 or not all(v > 0 for v in values):
        raise ConfigurationError(f"--http-timeout {text!r}: expected CONNECT,READ in seconds, e.g. 5,60")
    return values[0], values[1]


def check_url(url: str) -> str:
    """Return the base URL without a trailing slash.

    :raises ConfigurationError: when it is not an http(s) URL with a host.
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(f"--url {url!r}: expected the game server's base URL, e.g. https://game.example:8443")
    if parts.query or parts.fragment:
        raise ConfigurationError(f"--url {url!r}: a base URL has no query or fragment")
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _url_secrets(url: str) -> tuple[str, ...]:
    """What a password inside the URL gives away: the password as written and decoded,
    and the Basic token requests builds from the URL's user and password."""
    parts = urlsplit(url)
    if not parts.password:
        return ()
    user, password = unquote(parts.username or ""), unquote(parts.password)
    basic = base64.b64encode(f"{user}:{password}".encode("utf-8")).decode("ascii")
    return parts.password, password, basic


def _existing(path: Optional[str], option: str) -> Optional[str]:
    if path is not None and not os.path.exists(path):
        raise ConfigurationError(f"{option} {path!r}: no such file")
    return path


class HttpAdapter(GameAdapter):
    """Talks to a game server over ``POST <url>/v1/<operation>``.

    :param url: the server's base URL (``http://127.0.0.1:8765``).
    :param timeout: ``(connect, read)`` seconds.
    :param verify: ``True`` (requests' certifi bundle), a CA bundle path, or ``False`` (no verification).
    :param cert: a client certificate path, or ``(cert, key)`` paths.
    :param credentials: auth and secrets (default: from the environment).
    :param retries: attempts after the first for idempotent operations.
    :param operation_timeout: seconds one whole operation may take (None: no bound).
    :param max_answer_bytes: the largest answer body read, after decompression.
    """

    name = "http"

    def __init__(self, url: str, timeout: tuple[float, float] = DEFAULT_TIMEOUT, verify: Any = True,
                 cert: Any = None, credentials: Optional[Credentials] = None, retries: int = 2,
                 operation_timeout: Optional[float] = DEFAULT_OPERATION_TIMEOUT,
                 max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES):
        super().__init__()
        self._given_url = url  # as given (with any credentials in it): what a statistics worker reconnects to
        self.url = check_url(url)
        self.timeout = timeout
        self.operation_timeout = operation_timeout
        self.max_answer_bytes = max_answer_bytes
        credentials = credentials if credentials is not None else credentials_from_env()
        parts = urlsplit(self.url)
        url_secrets = _url_secrets(self.url)
        if parts.username is not None or parts.password is not None:
            # Credentials in --url: sent as HTTP Basic (unless the environment has some), and the
            # URL kept without them, so no message, transcript or traceback argument shows them.
            self.url = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
            if credentials.kind == "none":
                auth = HTTPBasicAuth(unquote(parts.username or "").encode("utf-8"),
                                     unquote(parts.password or "").encode("utf-8"))
                credentials = Credentials(auth, url_secrets, "url")
        self.credentials = credentials
        self.redactor = Redactor(self.credentials.secrets + url_secrets)
        self.endpoints = {op: f"{self.url}{API_PREFIX}{op}" for op in OPERATIONS}
        self.clock = OperationClock()
        self._connection = (verify, cert, retries)
        self.session = self._session(verify, cert, retries)
        self._ahead: Optional[tuple["HttpAdapter", ThreadPoolExecutor]] = None

    def _session(self, verify: Any, cert: Any, retries: int) -> requests.Session:
        session = NoRedirectSession()
        session.verify = verify
        session.cert = cert
        session.auth = self.credentials.auth
        session.trust_env = False  # no .netrc or proxy variables: the harness talks to exactly --url
        session.headers.update({"User-Agent": USER_AGENT, "Accept-Encoding": ACCEPT_ENCODING})
        once = Retry(total=0, connect=0, read=False, redirect=0, status=0, raise_on_status=False)
        session.mount(self.url + "/", ClockedHTTPAdapter(self.clock, pool_connections=1, pool_maxsize=4,
                                                         max_retries=once))
        retry = Retry(total=retries, connect=retries, read=retries, redirect=0, status=retries,
                      status_forcelist=(502, 503, 504), allowed_methods=frozenset({"POST"}),
                      backoff_factor=0.2, raise_on_status=False, respect_retry_after_header=True)
        retrying = ClockedHTTPAdapter(self.clock, pool_connections=1, pool_maxsize=4, max_retries=retry)
        for op in sorted(IDEMPOTENT):  # Session.mount routes by the longest matching prefix
            session.mount(self.endpoints[op], retrying)
        return session

    # ---------------------------------------------------------------- plugin surface
    @classmethod
    def add_options(cls, group: Any) -> None:
        group.addoption("--url", default=None, metavar="URL",
                        help=f"http adapter: base URL of the game server, endpoints URL/v1/<operation> "
                             f"(default ${URL_ENV})")
        group.addoption("--http-timeout", default="5,60", metavar="CONNECT,READ",
                        help="http adapter: connect and read timeouts in seconds (default 5,60)")
        group.addoption("--ca-bundle", default=None, metavar="PEM",
                        help="http adapter: CA certificate(s) that signed the server's certificate")
        group.addoption("--client-cert", default=None, metavar="PEM",
                        help="http adapter: client certificate for mutual TLS")
        group.addoption("--client-key", default=None, metavar="PEM",
                        help="http adapter: private key of --client-cert (if not in the same file)")
        group.addoption("--insecure", action="store_true", default=False,
                        help="http adapter: do not verify the server's TLS certificate (testing only)")
        add_bound_options(group)

    @classmethod
    def from_config(cls, config: Any) -> "HttpAdapter":
        url = config.getoption("--url") or os.environ.get(URL_ENV)
        if not url:
            raise ConfigurationError(f"--adapter http needs --url (or ${URL_ENV}), e.g. --url http://127.0.0.1:8765")
        timeout = parse_timeout(config.getoption("--http-timeout"))
        operation_timeout = operation_timeout_option(config)
        max_answer_bytes = max_answer_bytes_option(config)
        ca_bundle = _existing(config.getoption("--ca-bundle"), "--ca-bundle")
        client_cert = _existing(config.getoption("--client-cert"), "--client-cert")
        client_key = _existing(config.getoption("--client-key"), "--client-key")
        insecure = config.getoption("--insecure")
        if insecure and ca_bundle:
            raise ConfigurationError("--insecure and --ca-bundle contradict each other: choose one")
        if client_key and not client_cert:
            raise ConfigurationError("--client-key needs --client-cert")
        if insecure:
            urllib3.disable_warnings(InsecureRequestWarning)
            warnings.warn("--insecure: the game server's TLS certificate is not verified", stacklevel=2)
        verify: Any = False if insecure else (ca_bundle or True)
        cert = (client_cert, client_key) if client_key else client_cert
        adapter = cls(url, timeout=timeout, verify=verify, cert=cert, operation_timeout=operation_timeout,
                      max_answer_bytes=max_answer_bytes)
        host = urlsplit(adapter.url).hostname or ""
        if (adapter.credentials.kind != "none" and adapter.url.startswith("http:")
                and host not in ("127.0.0.1", "localhost", "::1")):
            warnings.warn(f"{adapter.url}: credentials sent over plain HTTP; use https://", stacklevel=2)
        return adapter

    def worker_options(self) -> dict:
        """What a worker process of the statistical verification rebuilds this adapter from
        (:meth:`from_worker_options`): ``url`` (as given, credentials in it included),
        ``timeout`` ([connect, read] seconds), ``verify`` (True, a CA bundle path or False:
        ``--ca-bundle`` / ``--insecure``), ``cert`` (a client certificate path, or [cert,
        key] paths: ``--client-cert`` / ``--client-key``), ``retries``, ``operation_timeout``
        and ``max_answer_bytes``. Credentials from the environment are read again in the
        worker (``BACCARAT_HTTP_*``), never carried here."""
        verify, cert, retries = self._connection
        return {"url": self._given_url, "timeout": list(self.timeout), "verify": verify,
                "cert": list(cert) if isinstance(cert, tuple) else cert, "retries": retries,
                "operation_timeout": self.operation_timeout, "max_answer_bytes": self.max_answer_bytes}

    @classmethod
    def from_worker_options(cls, options: dict) -> "HttpAdapter":
        """The adapter :meth:`worker_options` describes, in a worker process.

        :raises ConfigurationError: a bad URL."""
        o = dict(options)
        o["timeout"] = tuple(o.get("timeout", DEFAULT_TIMEOUT))
        if isinstance(o.get("cert"), list):
            o["cert"] = tuple(o["cert"])
        return cls(**o)

    def close(self) -> None:
        if self._ahead is not None:
            twin, worker = self._ahead
            worker.shutdown(wait=False, cancel_futures=True)
            twin.clock.close()
            twin.session.close()
        self.clock.close()
        self.session.close()

    def dispatch(self, op: str, payload: dict, exchange: Any) -> Callable[[], Any]:
        """A batch (``run_rounds``) is sent at once from a worker thread, on a second
        pooled connection (its own session and operation clock), so the next chunk of a
        sweep is in flight while the harness validates the current one
        (:func:`~baccarat_conformance.adapters.batch.run_batches`). The worker sends one
        operation at a time, in order; its transcript is the exchange's own. Every other
        operation is sent when its answer is awaited, on the adapter's thread."""
        if op not in BULKY_OPS:
            return super().dispatch(op, payload, exchange)
        if self._ahead is None:
            twin = copy.copy(self)
            twin.clock = OperationClock()
            twin.session = twin._session(*self._connection)
            twin._ahead = None
            self._ahead = (twin, ThreadPoolExecutor(1, thread_name_prefix="http-batch"))
        twin, worker = self._ahead

        def send() -> Any:
            twin.transcript = Transcript()
            twin.transcript.add(exchange)  # note_raw writes the HTTP transcript into the exchange itself
            return twin.send(op, payload)

        return worker.submit(send).result

    @property
    def read_timeout(self) -> float:
        """Seconds the adapter waits for each read of an answer (``--http-timeout``'s READ):
        the statistics size a ``play_shoes`` request so that its answer is expected well
        inside it (:func:`baccarat_conformance.gamestats.simulate.answer_seconds`)."""
        return float(self.timeout[1])

    # ---------------------------------------------------------------- transport
    def send(self, op: str, params: dict) -> dict | bytes:
        """``POST /v1/<op>``; returns the result's JSON text, or the decoded error object.

        Everything the server sent is redacted before it is returned, quoted or kept.

        :raises GameTimeout: no connection or no answer within ``--http-timeout``, or the
            whole operation took longer than ``--operation-timeout``.
        :raises AnswerTooLarge: the body, decompressed, exceeds ``--max-answer-bytes``.
        :raises TransportError: connection refused or dropped, TLS failure, credentials refused.
        :raises ProtocolViolation: the answer is not a JSON object, or its status does not fit it.
        :raises GameCrash: HTTP status 5xx.
        """
        url = self.endpoints.get(op) or f"{self.url}{API_PREFIX}{op}"
        body = json.dumps(params, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        started = time.monotonic()
        self.clock.start(self.operation_timeout)
        try:
            try:
                response = self.session.post(url, data=body, headers=JSON_HEADERS, timeout=self.timeout,
                                             allow_redirects=False, stream=True)
            except requests.RequestException as e:
                failure: Optional[AdapterError] = self._failed_request(op, url, started, e)
            else:
                failure = None
                content = self._clean(self._read(op, url, response, started))  # never bound unredacted to a name
        finally:
            self.clock.stop()
        if failure is not None:  # raised here, where the requests exception (its text not redacted) is gone
            raise failure from None
        self.note_raw(self._raw(op, response.request, response, content))
        try:
            return self._decode(op, url, response, content)
        except AdapterError as e:
            raise self.redactor.error(e) from None

    def _failed_request(self, op: str, url: str, started: float, e: requests.RequestException) -> AdapterError:
        """The harness's error for a request that got no response (redacted), its
        transcript noted."""
        request = e.request if isinstance(e.request, requests.PreparedRequest) else None
        error = self._overran(op, url, started, None) if self.clock.expired else self._translate(op, url, e)
        self.note_raw(self._raw(op, request, None, None, f"(no response: {error})"))
        return self.redactor.error(error)

    def _read(self, op: str, url: str, response: requests.Response, started: float) -> bytes:
        """The body, decompressed, within the size cap and the operation deadline.

        :raises AnswerTooLarge: past ``--max-answer-bytes``.
        :raises GameTimeout: past ``--operation-timeout``, or a read past the read timeout.
        :raises TransportError: the body was cut off or does not decompress.
        :raises ProtocolViolation: a ``Content-Encoding`` the harness did not ask for.
        """
        cap = self.max_answer_bytes
        encoding = response.headers.get("Content-Encoding", "").strip().lower()
        received = Received()

        def fail(error: AdapterError) -> AdapterError:
            response.close()  # the connection is not reused: the rest of the body is unread
            self.note_raw(self._raw(op, response.request, response,
                                    self.redactor.partial(received.head(RAW_BODY_LIMIT)),
                                    f"({self.redactor.text(str(error))})"))
            return self.redactor.error(error)

        if encoding in ("", "identity"):
            inflater = None
        elif encoding in ("gzip", "x-gzip", "deflate"):
            inflater = BoundedInflater(encoding)
        else:
            raise fail(ProtocolViolation(f"{op}: the answer from {url} has Content-Encoding {encoding!r}; the "
                                         f"harness asks for {ACCEPT_ENCODING} only (Accept-Encoding)", op=op))
        declared = response.headers.get("Content-Length", "").strip()
        if inflater is None and declared.isdigit() and int(declared) > cap:
            raise fail(AnswerTooLarge(
                f"{op}: the answer from {url} declares Content-Length {declared}, over the cap of {cap} bytes "
                f"(--max-answer-bytes); not read. HTTP {response.status_code} {response.reason or ''}", op=op))
        self._receive(response, inflater, cap, received)
        if received.too_large:
            raise fail(AnswerTooLarge(
                f"{op}: the answer from {url} exceeds the cap of {cap} bytes (--max-answer-bytes)"
                f"{' once decompressed (' + encoding + ')' if inflater else ''}: reading stopped after "
                f"{received.wire} bytes received{f', {cap}+ decompressed' if inflater else ''} in "
                f"{time.monotonic() - started:.1f} s; {self._begins(received)}", op=op))
        if self.clock.expired:  # however the reading ended, the clock had cut the connection
            raise fail(self._overran(op, url, started, received))
        if isinstance(received.error, (ReadTimeoutError, socket.timeout)):
            raise fail(GameTimeout(f"{op}: the game server stopped sending its answer for {self.timeout[1]:g} s "
                                   f"after {received.wire} bytes ({url}); raise the read timeout with "
                                   f"--http-timeout CONNECT,READ", op=op))
        if isinstance(received.error, zlib.error):
            raise fail(TransportError(f"{op}: the answer from {url} does not decompress as {encoding}: "
                                      f"{received.error}", op=op))
        if received.error is not None:
            raise fail(TransportError(f"{op}: the answer from {url} was cut off after {received.wire} bytes: "
                                      f"{type(received.error).__name__}: {received.error}", op=op))
        if inflater is not None and not inflater.done:
            raise fail(TransportError(f"{op}: the answer from {url} was cut off: the {encoding} stream ends early "
                                      f"after {received.wire} bytes", op=op))
        return received.data()

    @staticmethod
    def _receive(response: requests.Response, inflater: Optional[BoundedInflater], cap: int,
                 received: "Received") -> None:
        """Read the body into ``received`` until its end, the cap, or an error (kept in
        ``received.error``; never raised, so no traceback shows the unredacted bytes)."""
        try:
            while True:
                chunk = response.raw.read(READ_CHUNK, decode_content=False)
                if not chunk:
                    return
                received.wire += len(chunk)
                pieces = inflater.feed(chunk, cap - received.size + 1) if inflater is not None else [chunk]
                for piece in pieces:
                    received.parts.append(piece)
                    received.size += len(piece)
                if received.size > cap:
                    last = received.parts[-1]
                    received.parts[-1] = last[:len(last) - (received.size - cap)]
                    received.too_large = True
                    return
        except Exception as e:  # what urllib3, http.client, ssl, socket or zlib raise while reading a body
            received.error = e

    def _overran(self, op: str, url: str, started: float, received: Optional["Received"]) -> GameTimeout:
        """The error of an operation that took longer than ``--operation-timeout``."""
        spent = time.monotonic() - started
        if received is None:
            what = "no answer (status line and headers) had come"
        else:
            what = (f"{received.wire} bytes of the answer had come ({received.size} decompressed); "
                    f"{self._begins(received)}")
        return GameTimeout(f"{op}: the operation took longer than its deadline of {self.operation_timeout:g} s "
                           f"(--operation-timeout) and was cut off after {spent:.1f} s: {what} ({url})", op=op)

    def _begins(self, received: "Received") -> str:
        head = self.redactor.partial(received.head(HEAD_LIMIT * 4))[:HEAD_LIMIT]
        return f"the body begins {head.decode('utf-8', 'replace')!r}"

    def _clean(self, content: bytes) -> bytes:
        """The body with every secret redacted. A JSON body is decoded, redacted string
        by string (keys too) and encoded again, so it stays valid JSON whatever form
        the secret had in it."""
        if not self.redactor or not self.redactor.found_in(content.decode("utf-8", "surrogateescape")):
            return content
        try:
            document = json.loads(content)
        except (ValueError, RecursionError):
            return self.redactor.data(content)
        return json.dumps(self.redactor.obj(document), ensure_ascii=False).encode("utf-8")

    def _translate(self, op: str, url: str, e: requests.RequestException) -> AdapterError:
        """One requests exception -> the harness's error, with a message that says what to do."""
        connect, read = self.timeout
        cause = _root_cause(e)
        if isinstance(e, requests.ConnectTimeout):
            message = (f"{op}: no connection to {url} within {connect:g} s: is the game server up and "
                       f"reachable? (raise the connect timeout with --http-timeout CONNECT,READ)")
            return GameTimeout(self.redactor.text(message), op=op)
        if isinstance(e, requests.ReadTimeout) or isinstance(cause, ReadTimeoutError):
            message = (f"{op}: the game server did not answer within {read:g} s ({url}); if the game is slow, "
                       f"raise the read timeout with --http-timeout CONNECT,READ")
            return GameTimeout(self.redactor.text(message), op=op)
        if isinstance(e, requests.exceptions.SSLError):
            message = (f"{op}: TLS with {url} failed: {cause}. Pass the CA that signed the server's certificate "
                       f"with --ca-bundle (or --client-cert/--client-key if the server wants a client "
                       f"certificate); --insecure skips verification, for testing only")
            return TransportError(self.redactor.text(message), op=op)
        if isinstance(e, (requests.exceptions.ChunkedEncodingError, requests.exceptions.ContentDecodingError)):
            message = f"{op}: the answer from {url} was cut off or undecodable: {cause}"
            return TransportError(self.redactor.text(message), op=op)
        if isinstance(e, requests.ConnectionError):
            text = str(cause)
            if "refused" in text.lower() or "NewConnectionError" in type(cause).__name__:
                message = f"{op}: cannot connect to {url}: {text}. Is the game server running at --url?"
            else:
                message = f"{op}: the connection to {url} was dropped without an answer: {text}"
            return TransportError(self.redactor.text(message), op=op)
        return TransportError(self.redactor.text(f"{op}: the request to {url} failed: {type(e).__name__}: {e}"), op=op)

    def _decode(self, op: str, url: str, response: requests.Response, content: bytes) -> dict | bytes:
        """Check the status against the (redacted) body: return a result's JSON text (200;
        the base class validates it) or an error object (4xx)."""
        status = response.status_code
        reason = self.redactor.text(response.reason or "")
        if status == 200 and not ERROR_OBJECT_START.match(content[:200]):
            return content  # the fast path: GameAdapter.call validates the JSON text directly
        try:
            answer: Any = wire_json.loads(content)
            not_json = None
        except ValueError as e:
            answer, not_json = None, e
        is_error = isinstance(answer, dict) and set(answer) == {"error"}
        begins = f"the body begins {self.redactor.text(content[:HEAD_LIMIT].decode('utf-8', 'replace'))!r}"
        if status == 200:
            if not_json is not None:
                raise ProtocolViolation(f"{op}: the answer (HTTP 200) is not JSON: {not_json}; {begins}", op=op)
            if not isinstance(answer, dict):
                raise ProtocolViolation(f"{op}: the answer is not a JSON object but {type(answer).__name__}; "
                                        f"{begins}", op=op)
            if is_error:
                raise ProtocolViolation(f"{op}: an error object came with HTTP status 200; the protocol answers "
                                        f"errors with 4xx (refused) or 5xx (failed): {answer['error']!r}", op=op)
            return answer
        if status >= 500:
            detail = f"{answer['error'].get('message')!r}" if is_error and isinstance(answer["error"], dict) else begins
            raise GameCrash(f"{op}: the game failed: HTTP {status} {reason}: {detail}", op=op)
        if 400 <= status < 500:
            if is_error:
                return answer  # GameAdapter.call validates it and raises GameRefused / Unsupported / GameCrash
            if status in (401, 403, 407):
                raise self._refused_credentials(op, url, response)
            if status == 404:
                raise ProtocolViolation(f"{op}: {url} answered 404 without an error object: check --url (the "
                                        f"server's base URL; endpoints are URL/v1/<operation>)", op=op)
            raise ProtocolViolation(f"{op}: HTTP {status} {reason} without an error object "
                                    f"{{\"error\": {{\"code\", \"message\"}}}}; {begins}", op=op)
        location = self.redactor.text(response.headers.get("Location", ""))
        where = f" to {location}" if 300 <= status < 400 else ""
        raise ProtocolViolation(f"{op}: unexpected HTTP status {status} {reason}{where}; results come "
                                f"with 200, errors with 4xx/5xx (redirects are not followed: give the final URL "
                                f"with --url)", op=op)

    def _refused_credentials(self, op: str, url: str, response: requests.Response) -> TransportError:
        have = {"none": "no credentials were sent", "bearer": f"the token in {TOKEN_ENV} was refused",
                "basic": f"the user in {USER_ENV}/{PASSWORD_ENV} was refused",
                "url": "the user and password in --url were refused"}[self.credentials.kind]
        reason = self.redactor.text(response.reason or "")
        return TransportError(f"{op}: {url} answered HTTP {response.status_code} {reason}: {have}; "
                              f"set {TOKEN_ENV} (bearer) or {USER_ENV} and {PASSWORD_ENV} (Basic)", op=op)

    # ---------------------------------------------------------------- evidence
    def _raw(self, op: str, request: Optional[requests.PreparedRequest], response: Optional[requests.Response],
             body: Optional[bytes], note: str = "") -> str:
        """The request and response as HTTP/1.1 text, credentials redacted, bodies cut at
        a limit. ``body`` is the response body, already redacted (cutting a body could
        otherwise leave part of a secret at the cut)."""
        limit = RAW_BULKY_BODY_LIMIT if op in BULKY_OPS else RAW_BODY_LIMIT
        lines = []
        if request is not None:
            target = urlsplit(request.url or "")
            path = target.path + (f"?{target.query}" if target.query else "")
            lines.append(f"{request.method} {path} HTTP/1.1")
            lines.append(f"Host: {target.netloc.rpartition('@')[2]}")
            lines += [f"{k}: {self.redactor.header(k, v)}" for k, v in request.headers.items()]
            lines += ["", _body_text(request.body, limit)]
        if response is not None:
            version = {10: "HTTP/1.0", 11: "HTTP/1.1"}.get(getattr(response.raw, "version", 11), "HTTP/1.1")
            lines += ["", f"{version} {response.status_code} {self.redactor.text(response.reason or '')}"]
            lines += [f"{k}: {self.redactor.header(k, v)}" for k, v in response.headers.items()]
            lines += ["", _body_text(body, limit)]
        if note:
            lines += ["", note]
        return self.redactor.text("\n".join(lines))


def _body_text(body: Any, limit: int) -> str:
    if body is None:
        return ""
    data = body if isinstance(body, bytes) else str(body).encode("utf-8", "replace")
    text = data[:limit].decode("utf-8", "replace")
    if len(data) > limit:
        text += f"\n... ({len(data) - limit} more bytes)"
    return text


def _root_cause(e: BaseException) -> BaseException:
    """The urllib3 error inside a requests exception (through ``MaxRetryError.reason``)."""
    cause = e
    for _ in range(5):
        if isinstance(cause, urllib3.exceptions.MaxRetryError) and cause.reason is not None:
            inner: Any = cause.reason
        else:
            inner = cause.args[0] if cause.args and isinstance(cause.args[0], BaseException) else None
        if inner is None or inner is cause:
            break
        cause = inner
    return cause
