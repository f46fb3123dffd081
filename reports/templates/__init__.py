"""Jinja2 templates of the clause matrix page (package data: matrix.html.j2, game_math.html.j2),
and the one environment that renders them (:func:`environment`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["environment"]


def environment() -> Any:
    """A Jinja2 environment over this folder's templates: autoescaped (no text of the
    corpus, a game or a lab's files reaches a page unescaped), undefined names an error."""
    import jinja2

    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(Path(__file__).parent)),
                              autoescape=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)
