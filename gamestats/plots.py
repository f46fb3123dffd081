"""The statistics' pictures, PNG bytes drawn with matplotlib's Agg backend (no display).

:func:`outcome_plot`: observed against expected frequency of every round event and
paying outcome, with 99% confidence bars. :func:`rank_heatmap`: each rank's share at
each position band of the shoe, relative to its share of the whole shoe.
"""

from __future__ import annotations

import io
import math

import matplotlib

matplotlib.use("Agg")  # before pyplot: draw into files, never a window

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from scipy import stats  # noqa: E402

from . import HEATMAP_PNG, OUTCOMES_PNG  # noqa: E402 - the file names, known without matplotlib
from .judge import ALPHA, band_edges  # noqa: E402
from .simulate import RANKS  # noqa: E402

__all__ = ["OUTCOMES_PNG", "HEATMAP_PNG", "outcome_plot", "rank_heatmap"]



def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def outcome_plot(rows: list[tuple[str, int, int, float]], title: str) -> bytes:
    """``rows``: (label, observed count, trials, expected probability). Each row is a
    point at observed frequency / expected frequency, with the 99% confidence bar of
    that ratio (Wilson interval of the observed count); a fair game's bars cross 1."""
    rows = [r for r in rows if r[2] and r[3] > 0]
    height = max(3.0, 0.28 * len(rows) + 1.2)
    fig, ax = plt.subplots(figsize=(8, height))
    z = float(stats.norm.isf(ALPHA / 2))
    for i, (label, k, n, p) in enumerate(rows):
        f = k / n
        centre = (f + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(f * (1 - f) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        ratio, lo, hi = f / p, (centre - half) / p, (centre + half) / p
        colour = "tab:red" if lo > 1 or hi < 1 else "tab:blue"
        # the Wilson interval is not centred on the observed ratio (none seen: it may start at it)
        ax.errorbar(ratio, i, xerr=[[max(0.0, ratio - lo)], [max(0.0, hi - ratio)]], fmt="o", color=colour,
                    capsize=3, markersize=4)
    ax.axvline(1.0, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("observed / expected frequency (99% confidence bars; red: the bar misses 1)")
    ax.set_title(title, fontsize=9)
    return _png(fig)


def rank_heatmap(rank_pos: np.ndarray, title: str) -> bytes:
    """``rank_pos``: 13 x positions counts. Colour: each rank's share at each position
    band divided by its share of the whole shoe (1 everywhere for a fair shuffle)."""
    size = rank_pos.shape[1]
    bands = band_edges(size)
    overall = rank_pos.sum(axis=1) / max(rank_pos.sum(), 1)
    grid = np.array([[rank_pos[r, a:b].sum() / max(rank_pos[:, a:b].sum(), 1) / overall[r] if overall[r] else 1.0
                      for a, b in bands] for r in range(13)])
    spread = max(0.05, float(np.nanmax(np.abs(grid - 1))))
    fig, ax = plt.subplots(figsize=(9, 4))
    image = ax.imshow(grid, aspect="auto", cmap="coolwarm", vmin=1 - spread, vmax=1 + spread)
    ax.set_yticks(range(13), RANKS)
    ax.set_xticks(range(len(bands)), [f"{a + 1}-{b}" for a, b in bands], rotation=60, fontsize=7)
    ax.set_xlabel("position in the shuffled stack (cards)")
    ax.set_ylabel("rank")
    fig.colorbar(image, ax=ax, label="share at the position / share in the shoe")
    ax.set_title(title, fontsize=9)
    return _png(fig)
