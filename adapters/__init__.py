"""Adapters: the one vendor-neutral protocol to a game under test, over a library
call, HTTP or a serial line.

Adapters are plugins found through the entry-point group
:data:`ENTRY_POINT_GROUP`; the bundled ones register themselves there exactly as
a vendor's would::

    [project.entry-points."baccarat_conformance.adapters"]
    mytable = "mytable_conformance:MyTableAdapter"

and are then selected with ``--adapter mytable``.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from baccarat_conformance.judging.errors import ConfigurationError

from .base import Exchange, GameAdapter, Transcript  # noqa: F401

ENTRY_POINT_GROUP = "baccarat_conformance.adapters"


def available_adapters() -> dict[str, object]:
    """Entry points of every installed adapter plugin, by name."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def load_adapter_class(name: str) -> type[GameAdapter]:
    """Load the adapter plugin called ``name``.

    :raises ConfigurationError: naming the installed adapters when ``name`` is unknown,
        or the plugin when it fails to load or is not a :class:`GameAdapter`.
    """
    found = available_adapters()
    if name not in found:
        raise ConfigurationError(
            f"--adapter {name}: no such adapter plugin; installed: {', '.join(sorted(found)) or 'none'} "
            f"(entry-point group {ENTRY_POINT_GROUP!r})")
    try:
        cls = found[name].load()  # type: ignore[attr-defined]
    except Exception as e:  # a vendor plugin may fail in any way
        raise ConfigurationError(f"--adapter {name}: the plugin failed to load: {type(e).__name__}: {e}") from e
    if not (isinstance(cls, type) and issubclass(cls, GameAdapter)):
        raise ConfigurationError(f"--adapter {name}: {cls!r} is not a GameAdapter subclass")
    return cls
