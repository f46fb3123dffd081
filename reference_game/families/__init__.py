"""Wager families of the reference game beyond the base game (side wagers,
variations, progressives). Every module here registers its wager kinds in
:data:`baccarat_conformance.reference_game.wagers.WAGER_KINDS` on import; all are
imported by the package (``reference_game/__init__.py``, before any of its modules is
used), so a new family is a new file and nothing else."""

import importlib
import pkgutil

for _m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _m.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_m.name}")
