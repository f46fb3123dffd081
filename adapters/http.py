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
    seconds to wait for a connection, and for each answer.
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
error message and attachment.

Transport details stay here, like the transports behind requests' ``BaseAdapter``:

* one :class:`requests.Session` per adapter, i.e. per pytest(-xdist) worker, with
  keep-alive connections;
* only the idempotent operations (:data:`~baccarat_conformance.protocol.models.IDEMPOTENT`)
  are retried (urllib3 ``Retry``: dropped connections, read timeouts and 502/503/504),
  routed by ``Session.mount`` on their URL; every other call is sent once;
* requests' exceptions become the harness's own at this boundary:
  :class:`~baccarat_conformance.errors.GameTimeout` (connect or read timeout),
  :class:`~baccarat_conformance.errors.TransportError` (refused, dropped, TLS,
  credentials refused), :class:`~baccarat_conformance.errors.ProtocolViolation`
  (not JSON, not an object, a result without status 200, an unexpected status),
  :class:`~baccarat_conformance.errors.GameCrash` (any 5xx);
* every request and response is kept as HTTP text (redacted) in the exchange
  transcript, which the ``game`` fixture attaches to the scenario's Allure result.
"""

from __future__ import annotations

import base64
import importlib.metadata
import json
import os
import re
import warnings
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional
from urllib.parse import urlsplit, urlunsplit

import requests
import urllib3
from requests.adapters import HTTPAdapter
from requests.auth import AuthBase, HTTPBasicAuth
from urllib3.exceptions import InsecureRequestWarning, ReadTimeoutError
from urllib3.util.retry import Retry

from baccarat_conformance.errors import (
    AdapterError,
    ConfigurationError,
    GameCrash,
    GameTimeout,
    ProtocolViolation,
    TransportError,
)
from baccarat_conformance.protocol.models import IDEMPOTENT, OPERATIONS

from .base import BULKY_OPS, GameAdapter

API_PREFIX = "/v1/"
TOKEN_ENV = "BACCARAT_GAME_TOKEN"
USER_ENV = "BACCARAT_GAME_USER"
PASSWORD_ENV = "BACCARAT_GAME_PASSWORD"
URL_ENV = "BACCARAT_GAME_URL"
DEFAULT_TIMEOUT = (5.0, 60.0)
REDACTED = "<redacted>"
SECRET_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"})
RAW_BODY_LIMIT = 20_000
RAW_BULKY_BODY_LIMIT = 2_000
JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}
ERROR_OBJECT_START = re.compile(rb'\s*\{\s*"error"\s*:')


def _user_agent() -> str:
    try:
        harness = importlib.metadata.version("baccarat-conformance")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover (running from a source tree)
        harness = "0"
    return f"baccarat-conformance/{harness} python-requests/{requests.__version__}"


USER_AGENT = _user_agent()


# ---------------------------------------------------------------------- credentials
class BearerAuth(AuthBase):
    """``Authorization: Bearer <token>`` on every request."""

    def __init__(self, token: str):
        self.token = token

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        request.headers["Authorization"] = f"Bearer {self.token}"
        return request

    def __repr__(self) -> str:  # never show the token
        return f"BearerAuth({REDACTED})"


@dataclass(frozen=True)
class Credentials:
    """The auth to send and every string that must never appear in evidence."""

    auth: Optional[AuthBase]
    secrets: tuple[str, ...]
    kind: str  # "none", "bearer" or "basic"


def credentials_from_env(environ: Mapping[str, str] = os.environ) -> Credentials:
    """Read ``BACCARAT_GAME_TOKEN``, or ``BACCARAT_GAME_USER`` and ``BACCARAT_GAME_PASSWORD``.

    :raises ConfigurationError: when both kinds are set, or a user has no password.
    """
    token = environ.get(TOKEN_ENV) or None
    user = environ.get(USER_ENV) or None
    password = environ.get(PASSWORD_ENV) or None
    if token and (user or password):
        raise ConfigurationError(f"set either {TOKEN_ENV} (bearer token) or {USER_ENV}/{PASSWORD_ENV} "
                                 "(HTTP Basic), not both")
    if token:
        return Credentials(BearerAuth(token), (token,), "bearer")
    if user or password:
        if not (user and password):
            missing = PASSWORD_ENV if user else USER_ENV
            raise ConfigurationError(f"HTTP Basic auth needs both {USER_ENV} and {PASSWORD_ENV}; {missing} is not set")
        basic = base64.b64encode(f"{user}:{password}".encode()).decode()
        return Credentials(HTTPBasicAuth(user, password), (password, basic), "basic")
    return Credentials(None, (), "none")


class Redactor:
    """Removes secrets from text: the values of credential headers, and every
    occurrence of a secret string (a server may echo a token back)."""

    def __init__(self, secrets: Iterable[str] = ()):
        self.secrets = tuple(sorted({s for s in secrets if s}, key=len, reverse=True))

    def text(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def header(self, name: str, value: str) -> str:
        return REDACTED if name.lower() in SECRET_HEADERS else self.text(value)


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


def _existing(path: Optional[str], option: str) -> Optional[str]:
    if path is not None and not os.path.exists(path):
        raise ConfigurationError(f"{option} {path!r}: no such file")
    return path


# ---------------------------------------------------------------------- the adapter
class HttpAdapter(GameAdapter):
    """Talks to a game server over ``POST <url>/v1/<operation>``.

    :param url: the server's base URL (``http://127.0.0.1:8765``).
    :param timeout: ``(connect, read)`` seconds.
    :param verify: ``True`` (requests' certifi bundle), a CA bundle path, or ``False`` (no verification).
    :param cert: a client certificate path, or ``(cert, key)`` paths.
    :param credentials: auth and secrets (default: from the environment).
    :param retries: attempts after the first for idempotent operations.
    """

    name = "http"

    def __init__(self, url: str, timeout: tuple[float, float] = DEFAULT_TIMEOUT, verify: Any = True,
                 cert: Any = None, credentials: Optional[Credentials] = None, retries: int = 2):
        super().__init__()
        self.url = check_url(url)
        self.timeout = timeout
        self.credentials = credentials if credentials is not None else credentials_from_env()
        url_password = urlsplit(self.url).password
        self.redactor = Redactor(self.credentials.secrets + ((url_password,) if url_password else ()))
        self.endpoints = {op: f"{self.url}{API_PREFIX}{op}" for op in OPERATIONS}
        self.session = self._session(verify, cert, retries)

    def _session(self, verify: Any, cert: Any, retries: int) -> requests.Session:
        session = requests.Session()
        session.verify = verify
        session.cert = cert
        session.auth = self.credentials.auth
        session.trust_env = False  # no .netrc or proxy variables: the harness talks to exactly --url
        session.headers.update({"User-Agent": USER_AGENT})
        once = Retry(total=0, connect=0, read=False, redirect=0, status=0, raise_on_status=False)
        session.mount(self.url + "/", HTTPAdapter(pool_connections=1, pool_maxsize=4, max_retries=once))
        retry = Retry(total=retries, connect=retries, read=retries, redirect=0, status=retries,
                      status_forcelist=(502, 503, 504), allowed_methods=frozenset({"POST"}),
                      backoff_factor=0.2, raise_on_status=False, respect_retry_after_header=True)
        retrying = HTTPAdapter(pool_connections=1, pool_maxsize=4, max_retries=retry)
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

    @classmethod
    def from_config(cls, config: Any) -> "HttpAdapter":
        url = config.getoption("--url") or os.environ.get(URL_ENV)
        if not url:
            raise ConfigurationError(f"--adapter http needs --url (or ${URL_ENV}), e.g. --url http://127.0.0.1:8765")
        timeout = parse_timeout(config.getoption("--http-timeout"))
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
        adapter = cls(url, timeout=timeout, verify=verify, cert=cert)
        host = urlsplit(adapter.url).hostname or ""
        if (adapter.credentials.kind != "none" and adapter.url.startswith("http:")
                and host not in ("127.0.0.1", "localhost", "::1")):
            warnings.warn(f"{adapter.url}: credentials sent over plain HTTP; use https://", stacklevel=2)
        return adapter

    def close(self) -> None:
        self.session.close()

    # ---------------------------------------------------------------- transport
    def send(self, op: str, params: dict) -> dict | bytes:
        """``POST /v1/<op>``; returns the result's JSON text, or the decoded error object.

        :raises GameTimeout: no connection or no answer within ``--http-timeout``.
        :raises TransportError: connection refused or dropped, TLS failure, credentials refused.
        :raises ProtocolViolation: the answer is not a JSON object, or its status does not fit it.
        :raises GameCrash: HTTP status 5xx.
        """
        url = self.endpoints.get(op) or f"{self.url}{API_PREFIX}{op}"
        body = json.dumps(params, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        try:
            response = self.session.post(url, data=body, headers=JSON_HEADERS, timeout=self.timeout,
                                         allow_redirects=False)
        except requests.RequestException as e:
            request = e.request if isinstance(e.request, requests.PreparedRequest) else None
            error = self._translate(op, url, e)
            self.note_raw(self._raw(op, request, None, f"(no response: {error})"))
            raise error from None
        self.note_raw(self._raw(op, response.request, response))
        return self._decode(op, url, response)

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

    def _decode(self, op: str, url: str, response: requests.Response) -> dict | bytes:
        """Check the status against the body: return a result's JSON text (200; the base
        class validates it) or an error object (4xx)."""
        status = response.status_code
        content = response.content
        if any(secret.encode() in content for secret in self.redactor.secrets):  # a server echoing credentials
            content = self.redactor.text(content.decode("utf-8", "replace")).encode("utf-8")
        if status == 200 and not ERROR_OBJECT_START.match(content[:200]):
            return content  # the fast path: GameAdapter.call validates the JSON text directly
        try:
            answer: Any = json.loads(content)
            not_json = None
        except ValueError as e:
            answer, not_json = None, e
        is_error = isinstance(answer, dict) and set(answer) == {"error"}
        begins = f"the body begins {self.redactor.text(content[:300].decode('utf-8', 'replace'))!r}"
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
            raise GameCrash(f"{op}: the game failed: HTTP {status} {response.reason}: {detail}", op=op)
        if 400 <= status < 500:
            if is_error:
                return answer  # GameAdapter.call validates it and raises GameRefused / Unsupported / GameCrash
            if status in (401, 403, 407):
                raise self._refused_credentials(op, url, response)
            if status == 404:
                raise ProtocolViolation(f"{op}: {url} answered 404 without an error object: check --url (the "
                                        f"server's base URL; endpoints are URL/v1/<operation>)", op=op)
            raise ProtocolViolation(f"{op}: HTTP {status} {response.reason} without an error object "
                                    f"{{\"error\": {{\"code\", \"message\"}}}}; {begins}", op=op)
        where = f" to {response.headers.get('Location')}" if 300 <= status < 400 else ""
        raise ProtocolViolation(f"{op}: unexpected HTTP status {status} {response.reason}{where}; results come "
                                f"with 200, errors with 4xx/5xx (redirects are not followed: give the final URL "
                                f"with --url)", op=op)

    def _refused_credentials(self, op: str, url: str, response: requests.Response) -> TransportError:
        have = {"none": "no credentials were sent", "bearer": f"the token in {TOKEN_ENV} was refused",
                "basic": f"the user in {USER_ENV}/{PASSWORD_ENV} was refused"}[self.credentials.kind]
        return TransportError(f"{op}: {url} answered HTTP {response.status_code} {response.reason}: {have}; "
                              f"set {TOKEN_ENV} (bearer) or {USER_ENV} and {PASSWORD_ENV} (Basic)", op=op)

    # ---------------------------------------------------------------- evidence
    def _raw(self, op: str, request: Optional[requests.PreparedRequest], response: Optional[requests.Response],
             note: str = "") -> str:
        """The request and response as HTTP/1.1 text, credentials redacted, bodies cut at a limit."""
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
            lines += ["", f"{version} {response.status_code} {response.reason}"]
            lines += [f"{k}: {self.redactor.header(k, v)}" for k, v in response.headers.items()]
            lines += ["", _body_text(response.content, limit)]
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
