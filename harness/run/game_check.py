"""``python -m baccarat_conformance.run.game_check MODULE:FACTORY``: the check of a library
game that ``baccarat-conformance run --game`` makes before anything is deleted or
started (:func:`baccarat_conformance.cli.check_game` runs it in a child process, since a
game may have side effects or end its process).

It imports the module, calls the factory once and checks the game has
``handle(op, params)``. The game's own output goes to stderr; the last line of stdout
is :data:`MARK` followed by ``ok``, or by one sentence naming ``--game`` and what went
wrong (with the file and line of a syntax error, or of the line that raised). Exit
status 0 when the game can be built, 3 when it cannot.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from typing import NoReturn, Optional, Sequence

MARK = "baccarat-conformance game check: "


def _where(e: BaseException) -> str:
    frames = traceback.extract_tb(e.__traceback__)
    return f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""


def _syntax(spec: str, e: SyntaxError) -> str:
    return f"--game {spec!r}: cannot import it: {e.filename}:{e.lineno}: {e.msg}"


def problem(spec: str) -> Optional[str]:
    """What is wrong with the library game ``spec``, or None."""
    from baccarat_conformance.adapters.library import load_factory
    from baccarat_conformance.judging.errors import ConfigurationError

    try:
        factory = load_factory(spec)
    except ConfigurationError as e:
        return _syntax(spec, e.__cause__) if isinstance(e.__cause__, SyntaxError) else str(e)
    except SyntaxError as e:
        return _syntax(spec, e)
    except SystemExit as e:
        return f"--game {spec!r}: importing it called sys.exit({e.code!r}){_where(e)}"
    except BaseException as e:  # noqa: BLE001 - any failure of the game's import is the game's
        return f"--game {spec!r}: cannot import it: {type(e).__name__}: {e}{_where(e)}"
    if not callable(factory):
        return f"--game {spec!r}: not a factory (not callable): {factory!r}"
    try:
        game = factory()
    except SystemExit as e:
        return f"--game {spec!r}: the factory called sys.exit({e.code!r}){_where(e)}"
    except BaseException as e:  # noqa: BLE001
        return f"--game {spec!r}: the factory failed: {type(e).__name__}: {e}{_where(e)}"
    if not callable(getattr(game, "handle", None)):
        return f"--game {spec!r}: the factory returned a {type(game).__name__}, which has no handle(op, params) method"
    return None


def main(argv: Optional[Sequence[str]] = None) -> NoReturn:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m baccarat_conformance.run.game_check MODULE:FACTORY", file=sys.stderr)
        sys.exit(3)
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        found = problem(args[0])
    out.write(f"\n{MARK}{found or 'ok'}\n")
    out.flush()
    sys.exit(3 if found else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
