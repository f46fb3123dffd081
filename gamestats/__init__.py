"""Statistical verification of a game's own randomness and payouts (issue 15, items 3 to 6).

Lab practice beyond the regulation's text (named interpretation
``631a.5-a-statistical-verification``): the harness plays many shoes of the game's own
shuffle through the adapter, counts what it saw in independent seed-addressed chunks
whose integer counts merge exactly (:mod:`.simulate`), possibly spread over local
processes or a Dask cluster (:mod:`.chunks`), and judges the counts with scipy.stats
(:mod:`.judge`) under a Holm correction at 1% family-wise; :mod:`.plots` draws the
pictures. The steps are in ``steps/statistics.py``, the scenarios in
``features/631a_baccarat/statistics.feature``; see docs/statistics.md.

(Named ``gamestats``, not ``statistics``, so that nothing here shadows the standard
library's :mod:`statistics`.)
"""

from __future__ import annotations

import importlib
from types import ModuleType

_LAZY = ("judge", "plots")

OUTCOMES_PNG = "statistics-outcomes.png"
"""File name of :func:`.plots.outcome_plot` in the run's output folder."""
HEATMAP_PNG = "statistics-rank-heatmap.png"
"""File name of :func:`.plots.rank_heatmap` in the run's output folder."""


def __getattr__(name: str) -> ModuleType:
    """:mod:`.judge` (scipy) and :mod:`.plots` (matplotlib), about 1 s of imports, load at
    their first use (``gamestats.judge.holm(...)``), not in every run that only collects
    the statistics steps (PEP 562)."""
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
