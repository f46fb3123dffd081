"""Where hypothesis keeps its files during a run of the conformance suite.

hypothesis writes its caches (``.hypothesis/``) into the working directory by default.
In a session that runs the conformance suite alone, :func:`place_hypothesis_storage`
moves them to ``--matrix-dir``'s folder (``baccarat-conformance run``: ``OUT/.hypothesis``),
else ``--results-log``'s folder, else a temporary folder that
:func:`release_hypothesis_storage` removes at the end. ``HYPOTHESIS_STORAGE_DIRECTORY``
wins, and a session that also runs other tests is left alone. The property runner's
lab database defaults into the same folder (:func:`placed_home`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

__all__ = ["place_hypothesis_storage", "release_hypothesis_storage", "placed_home", "runs_only_the_suite"]


_STORAGE_KEY: Any = None  # pytest.StashKey[tuple[Path, bool]], made on first use (pytest imported lazily)


def _storage_key() -> Any:
    global _STORAGE_KEY
    if _STORAGE_KEY is None:
        import pytest

        _STORAGE_KEY = pytest.StashKey[tuple]()
    return _STORAGE_KEY


def runs_only_the_suite(config: Any) -> bool:
    """Whether the session's arguments name only the conformance suite (its package,
    ``--pyargs baccarat_conformance.features...``, or paths inside its folder)."""
    import baccarat_conformance.features as features

    base = Path(features.__file__).resolve().parent
    args = list(getattr(config, "args", None) or [])
    if not args:
        return False
    for arg in args:
        head = str(arg).split("::")[0]
        if head == "baccarat_conformance.features" or head.startswith("baccarat_conformance.features."):
            continue
        path = Path(head)
        if not path.is_absolute():
            path = Path(config.invocation_params.dir) / path
        path = path.resolve()
        if path != base and base not in path.parents:
            return False
    return True


def place_hypothesis_storage(config: Any) -> Optional[Path]:
    """Keep hypothesis' files out of the working directory in a run of the conformance
    suite (see the module docstring); returns the folder chosen, or None when hypothesis
    is left alone. Called at ``pytest_configure``; :func:`release_hypothesis_storage`
    removes a temporary folder at the end."""
    import os
    import tempfile

    from hypothesis.configuration import set_hypothesis_home_dir

    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY") or not runs_only_the_suite(config):
        return None
    matrix_dir = config.getoption("--matrix-dir", None)
    results_log = config.getoption("--results-log", None)
    if matrix_dir:
        home, temporary = Path(matrix_dir) / ".hypothesis", False
    elif results_log:
        home, temporary = Path(results_log).parent / ".hypothesis", False
    else:
        home, temporary = Path(tempfile.mkdtemp(prefix="baccarat-hypothesis-")), True
    home = home.absolute()
    set_hypothesis_home_dir(home)
    config.stash[_storage_key()] = (home, temporary)
    return home


def release_hypothesis_storage(config: Any) -> None:
    """Remove the temporary folder :func:`place_hypothesis_storage` made, if any."""
    import shutil

    placed = config.stash.get(_storage_key(), None)
    if placed and placed[1]:
        shutil.rmtree(placed[0], ignore_errors=True)


def placed_home(config: Any) -> Optional[tuple[Path, bool]]:
    """``(folder, temporary)`` chosen by :func:`place_hypothesis_storage` for this
    session, or None when hypothesis was left alone."""
    stash = getattr(config, "stash", None)
    return stash.get(_storage_key(), None) if stash is not None else None
