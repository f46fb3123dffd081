"""Acme's adapter plugin for baccarat-conformance: ``--adapter acme``.

Acme's table controller runs in its own process and speaks the protocol as one JSON
object a line over a pipe (here the controller is a child process serving the game that
``--acme-game MODULE:FACTORY`` builds, by default the harness's reference game). The
adapter declares its options, builds itself from them, and gives the statistical
verification's workers its parsed options (``worker_options``) so each worker starts its
own controller (``from_worker_options``): everything a vendor's plugin needs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, Optional

from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.adapters.base import add_bound_options, operation_timeout_option
from baccarat_conformance.judging.errors import ConfigurationError, TransportError

DEFAULT_GAME = "baccarat_conformance.reference_game:create_game"


class AcmeAdapter(GameAdapter):
    """Protocol v1 as JSON lines to an Acme controller process.

    :param game: ``MODULE:FACTORY`` of the game the controller serves.
    :param operation_timeout: kept for the record (the pipe is read without a bound here).
    :raises ConfigurationError: when the controller does not start.
    """

    name = "acme"

    def __init__(self, game: str = DEFAULT_GAME, operation_timeout: Optional[float] = None):
        super().__init__()
        self.game, self.operation_timeout = game, operation_timeout
        try:
            self.proc = subprocess.Popen([sys.executable, "-m", "acme_baccarat.controller", game],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise ConfigurationError(f"--adapter acme: the controller does not start: {e}") from None

    @classmethod
    def add_options(cls, group: Any) -> None:
        group.addoption("--acme-game", default=DEFAULT_GAME, metavar="MODULE:FACTORY",
                        help="acme adapter: the game Acme's controller serves")
        add_bound_options(group)

    @classmethod
    def from_config(cls, config: Any) -> "AcmeAdapter":
        return cls(config.getoption("--acme-game"), operation_timeout=operation_timeout_option(config))

    def worker_options(self) -> Optional[dict]:
        return {"game": self.game, "operation_timeout": self.operation_timeout}

    def send(self, op: str, params: dict) -> Any:
        try:
            self.proc.stdin.write(json.dumps({"op": op, "params": params}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (OSError, ValueError) as e:
            raise TransportError(f"{op}: the Acme controller went away: {e}", op=op) from None
        if not line:
            raise TransportError(f"{op}: the Acme controller closed the pipe (exit {self.proc.poll()})", op=op)
        return line  # the JSON text: the harness validates it

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
