"""The library adapter: a game that is a Python object in this process.

The game object is built by a factory named ``package.module:callable`` (option
``--game``; default the bundled reference game). It must have one method::

    handle(op: str, params: dict) -> dict

taking and returning JSON-compatible values exactly as on the wire
(docs/protocol.md). The answer is handed to the protocol models as the game's own
dicts, with no JSON text in between, and validated in strict mode: money must be a
decimal string, so a game that returns floats or Decimal objects for money fails here
as it would over HTTP, and any other value that is not JSON (a tuple, a set, an
object) is refused where it stands. The params are a copy made by a JSON round trip:
a game that changes the dict it was given (reverses the stacked shoe, say) changes
its own copy, never the transcript of what the harness sent.

Every call runs on one dedicated thread of the adapter, and the harness waits at
most ``--operation-timeout`` seconds (default 120) for it. A call that overruns
fails as a :class:`~baccarat_conformance.judging.errors.GameTimeout` with the game's stack
at that moment as evidence; a Python thread cannot be stopped, so the call goes
on in the background and every later call fails at once until it returns (then
the adapter is usable again). Anything the game raises — ``KeyboardInterrupt`` and
``SystemExit`` included — is a :class:`~baccarat_conformance.judging.errors.GameCrash` of
that scenario, never the end of the run. ``--operation-timeout 0`` calls the game
on the calling thread with no bound (for a debugger, or a game that needs the
main thread).
"""

from __future__ import annotations

import contextvars
import pkgutil
import sys
import threading
import time
import traceback
from typing import Any, Callable, Optional

import pydantic_core

from baccarat_conformance.judging.errors import ConfigurationError, GameCrash, GameTimeout, ProtocolViolation

from .wire_json import check_value
from .base import DEFAULT_OPERATION_TIMEOUT, GameAdapter, add_bound_options, operation_timeout_option

DEFAULT_GAME = "baccarat_conformance.reference_game:create_game"


def load_factory(spec: str) -> Any:
    """Resolve ``package.module:callable``.

    :raises ConfigurationError: naming the part of ``spec`` that does not resolve.
    """
    module_name, _, attr = spec.partition(":")
    if not all(part.isidentifier() for part in f"{module_name}.{attr}".split(".")):
        raise ConfigurationError(f"--game {spec!r}: expected 'package.module:factory'")
    try:
        obj = pkgutil.resolve_name(spec)
    except ImportError as e:
        raise ConfigurationError(f"--game {spec!r}: cannot import {module_name!r}: {e}") from e
    except AttributeError:
        raise ConfigurationError(f"--game {spec!r}: {module_name!r} has no attribute {attr!r}") from None
    return obj


class _Call:
    """One call of the game, handed to the game's thread."""

    __slots__ = ("op", "fn", "args", "finished", "result", "error", "started")

    def __init__(self, op: str, fn: Callable[..., Any], args: tuple):
        self.op, self.fn, self.args = op, fn, args
        self.finished = False
        self.result: Any = None
        self.error: Optional[BaseException] = None
        self.started = time.monotonic()


class GameThread:
    """Runs the game's calls, one at a time, on a dedicated daemon thread and waits
    at most a deadline for each. The thread starts with a copy of the context
    (``contextvars``, hence the ``decimal`` context) of the thread that first calls.

    Two locks hand a call over and back (cheaper than a queue and an event per call):
    the caller releases ``_go`` and waits on ``_done`` with a timeout."""

    def __init__(self, name: str = "baccarat-game"):
        self.name = name
        self._go = threading.Lock()
        self._done = threading.Lock()
        self._go.acquire()
        self._done.acquire()
        self._pending: Optional[_Call] = None
        self._thread: Optional[threading.Thread] = None
        self.overdue: Optional[_Call] = None  # a call that overran its deadline and has not returned yet

    def run(self, op: str, fn: Callable[..., Any], args: tuple, timeout: float) -> _Call:
        """Call ``fn(*args)`` on the game's thread; returns the call, ``finished`` with
        its ``result`` or ``error``, or unfinished after ``timeout`` seconds (it is then
        :attr:`overdue`). Call only when :meth:`busy` is None."""
        if self._thread is None:
            context = contextvars.copy_context()
            self._thread = threading.Thread(target=context.run, args=(self._serve,), name=self.name, daemon=True)
            self._thread.start()
        call = self._pending = _Call(op, fn, args)
        self._go.release()
        try:
            if not self._done.acquire(timeout=timeout):
                self.overdue = call
        except BaseException:  # Ctrl-C while waiting: the call is still on the game's thread
            self.overdue = call
            raise
        return call

    def busy(self) -> Optional[_Call]:
        """The overdue call still running, if any (forgotten once it has returned)."""
        if self.overdue is not None and self.overdue.finished:
            self._done.acquire()  # its hand-back, released right after it finished
            self.overdue = None
        return self.overdue

    def stack(self) -> str:
        """Where the game's thread is now (the evidence of a call that overran)."""
        frame = sys._current_frames().get(self._thread.ident) if self._thread else None  # noqa: SLF001
        return "".join(traceback.format_stack(frame)) if frame is not None else "(the game's thread has ended)"

    def close(self) -> None:
        if self._thread is not None and self.busy() is None:
            self._pending = None
            self._go.release()

    def _serve(self) -> None:
        while True:
            self._go.acquire()
            call = self._pending
            if call is None:
                return
            try:
                call.result = call.fn(*call.args)
            except BaseException as e:  # noqa: B036 - everything the game raises is the game's failure
                call.error = e
            finally:
                call.finished = True
                self._done.release()


class LibraryAdapter(GameAdapter):
    """Calls ``game.handle(op, params)`` in-process.

    :param game: the game object.
    :param operation_timeout: seconds one call may take (None: no bound, the game is
        called on the calling thread).
    """

    name = "library"

    def __init__(self, game: Any, operation_timeout: Optional[float] = DEFAULT_OPERATION_TIMEOUT):
        super().__init__()
        if not callable(getattr(game, "handle", None)):
            raise ConfigurationError(f"the game object {game!r} has no handle(op, params) method")
        self.game = game
        self.operation_timeout = operation_timeout
        self.game_thread = GameThread() if operation_timeout else None

    @classmethod
    def add_options(cls, group: Any) -> None:
        group.addoption("--game", default=None, metavar="MODULE:FACTORY",
                        help=f"library adapter: factory of the game object (default {DEFAULT_GAME})")
        add_bound_options(group, size=False)

    @classmethod
    def from_config(cls, config: Any) -> "LibraryAdapter":
        spec = config.getoption("--game") or DEFAULT_GAME
        timeout = operation_timeout_option(config)
        factory = load_factory(spec)
        try:
            game = factory()
        except Exception as e:
            raise ConfigurationError(f"--game {spec!r}: the factory failed: {type(e).__name__}: {e}") from e
        return cls(game, operation_timeout=timeout)

    @classmethod
    def for_game(cls, game: Any, operation_timeout: Optional[float] = DEFAULT_OPERATION_TIMEOUT) -> "LibraryAdapter":
        return cls(game, operation_timeout=operation_timeout)

    def close(self) -> None:
        if self.game_thread is not None:
            self.game_thread.close()

    def send(self, op: str, params: dict) -> Any:
        """Call the game with a copy of ``params``; return its answer as the game gave it
        (validated strictly by :meth:`GameAdapter.call`, which refuses what is not JSON).

        :raises GameCrash: the game raised (any ``BaseException``).
        :raises GameTimeout: the call overran ``--operation-timeout``, or an earlier one
            that did is still running.
        """
        # the game's own copy, as it would come off the wire (pydantic-core's JSON both ways:
        # params are the harness's own JSON values, model_dump(mode="json"))
        sent = pydantic_core.from_json(pydantic_core.to_json(params))
        if self.game_thread is None:
            try:
                answer = self.game.handle(op, sent)
            except BaseException as e:  # noqa: B036 - KeyboardInterrupt from the game is the game's failure
                raise self._crash(op, params, e) from e
        else:
            answer = self._threaded(op, params, sent)
        try:  # what the wire could not carry is a protocol error, as over HTTP (NaN, 100,001 digits, 100,000 deep)
            check_value(answer)
        except ValueError as e:
            raise ProtocolViolation(f"{op}: the answer is not JSON: {e}", op=op,
                                    exchange={"op": op, "params": params}) from None
        return answer

    def _threaded(self, op: str, params: dict, sent: dict) -> Any:
        assert self.game_thread is not None and self.operation_timeout is not None
        stuck = self.game_thread.busy()
        if stuck is not None:
            raise GameTimeout(
                f"{op}: not sent: the game is still inside {stuck.op}, which overran the operation deadline of "
                f"{self.operation_timeout:g} s (--operation-timeout) and has now run "
                f"{time.monotonic() - stuck.started:.1f} s; a Python thread cannot be stopped, so every call fails "
                f"until it returns", exchange={"op": op, "params": params, "game_stack": self.game_thread.stack()})
        call = self.game_thread.run(op, self.game.handle, (op, sent), self.operation_timeout)
        if not call.finished:
            raise GameTimeout(
                f"{op}: the game did not return within the operation deadline of {self.operation_timeout:g} s "
                f"(--operation-timeout); the call goes on in the background (a Python thread cannot be stopped) "
                f"and every later call fails at once until it returns",
                exchange={"op": op, "params": params, "elapsed_s": round(time.monotonic() - call.started, 3),
                          "game_stack": self.game_thread.stack()})
        if call.error is not None:
            error, call.error = call.error, None
            raise self._crash(op, params, error) from error
        return call.result

    @staticmethod
    def _crash(op: str, params: dict, error: BaseException) -> GameCrash:
        kind = type(error).__name__
        note = "" if isinstance(error, Exception) else \
            f" (a {kind} from the game is its failure, not the end of the run)"
        trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        return GameCrash(f"{op}: the game raised {kind}: {error}{note}",
                         exchange={"op": op, "params": params, "traceback": trace})
