"""Credentials of the HTTP adapter (used by :mod:`.http`): a bearer token from
``BACCARAT_GAME_TOKEN``, or HTTP Basic from ``BACCARAT_GAME_USER`` and
``BACCARAT_GAME_PASSWORD``, and every string that must never appear in evidence
(see :mod:`.redact` and docs/security.md)."""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass, field
from typing import Mapping, Optional

import requests
from requests.auth import AuthBase, HTTPBasicAuth

from baccarat_conformance.judging.errors import ConfigurationError

from .redact import REDACTED

__all__ = ["BearerAuth", "Credentials", "credentials_from_env", "TOKEN_ENV", "USER_ENV", "PASSWORD_ENV"]

TOKEN_ENV = "BACCARAT_GAME_TOKEN"
USER_ENV = "BACCARAT_GAME_USER"
PASSWORD_ENV = "BACCARAT_GAME_PASSWORD"


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
    secrets: tuple[str, ...] = field(repr=False)
    kind: str = "none"  # "none", "bearer", "basic", or "url" (user and password inside --url)


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
        # UTF-8 (RFC 7617), as bytes: requests would encode a str as Latin-1, and the
        # token it sent would then not be the one redacted
        basic = base64.b64encode(f"{user}:{password}".encode("utf-8")).decode("ascii")
        auth = HTTPBasicAuth(user.encode("utf-8"), password.encode("utf-8"))
        return Credentials(auth, (password, basic), "basic")
    return Credentials(None, (), "none")
