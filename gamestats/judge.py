"""The statistical tests of the merged :class:`~.simulate.Counts`, with scipy.stats.

Every test gives a :class:`Test`: its name, the clause it judges, the statistic, the
p-value, and its power stated as the smallest bias it would detect (80% of the time)
at the number of shoes or rounds played, at the level :func:`holm` applies first
(1% divided by the number of tests: the conservative end of Holm's procedure).
:func:`holm` then decides which tests reject at 1% family-wise.

Under the null hypothesis (every arrangement of the shoe equally likely; payouts as
the par sheet) the shuffle tests compare with exact expectations for a shoe of fixed
composition (sampling without replacement), and the outcome and return tests with the
par sheet's exact probabilities off the top of a full shoe. Rounds dealt deeper in a
shoe differ from off-the-top figures by the cut-card effect, far below what 10^6
rounds resolve (docs/statistics.md).
"""

from __future__ import annotations

import functools
import math
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any, Optional

import numpy as np
from scipy import optimize, stats

from .simulate import RANKS, SUITS, Counts, WagerKey

__all__ = ["ALPHA", "POWER", "BAND", "Test", "holm", "shuffle_tests", "outcome_tests", "return_tests",
           "audit_tests", "label", "summary"]

ALPHA = 0.01
"""Family-wise significance level (Holm)."""
POWER = 0.8
"""The probability of detection at which a test's smallest detectable bias is stated."""
BAND = 26
"""Cards per position band of the shoe (half a deck)."""
SHUFFLE_CLAUSE = "631a.5(a)"


@dataclass
class Test:
    """One statistical test. ``name``: e.g. ``rank frequencies, positions 1-26``;
    ``clause``: the clause a failure names; ``statistic`` and ``p_value``; ``power``:
    the smallest bias detected with probability :data:`POWER` at the level
    ``ALPHA / m``, in the words of ``power_unit``; ``n``: shoes or rounds used;
    ``detail``: what was observed; ``reject``: set by :func:`holm`."""

    name: str
    clause: str
    statistic: float
    p_value: float
    power: float
    power_unit: str
    n: int
    detail: str = ""
    reject: bool = False
    exact: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """``rank frequencies, positions 391-416 (§ 631a.5(a)): statistic 92.1, p = 3.2e-14``."""
        return (f"{self.name} (§ {self.clause}): statistic {self.statistic:.4g}, p = {self.p_value:.3g}"
                + (f"; {self.detail}" if self.detail else ""))


def holm(tests: list[Test], alpha: float = ALPHA) -> list[Test]:
    """Mark ``reject`` on the tests Holm's step-down procedure rejects at family-wise
    level ``alpha`` (sorted p-values p(1) <= ... compared with alpha / (m - i)); an
    ``exact`` test (a count that must be zero) rejects on its own. Returns ``tests``."""
    stat = sorted((t for t in tests if not t.exact), key=lambda t: t.p_value)
    m = len(stat)
    for i, t in enumerate(stat):
        if t.p_value > alpha / (m - i):
            break
        t.reject = True
    for t in tests:
        if t.exact:
            t.reject = t.statistic > 0
    return tests


def _z(m: int) -> float:
    """z of the two-sided level ALPHA / m plus the z of POWER."""
    return float(stats.norm.isf(ALPHA / max(m, 1) / 2) + stats.norm.ppf(POWER))


@functools.lru_cache(maxsize=256)
def _noncentrality(df: int, m: int) -> float:
    """The noncentrality at which a chi-square test of ``df`` degrees of freedom at level
    ALPHA / m rejects with probability POWER."""
    crit = stats.chi2.isf(ALPHA / max(m, 1), df)
    return float(optimize.brentq(lambda lam: stats.ncx2.sf(crit, df, lam) - POWER, 1e-6, 1e5))


def _chi_square(observed: np.ndarray, probabilities: np.ndarray) -> tuple[float, float]:
    n = observed.sum()
    expected = probabilities * n
    keep = expected > 0
    stat = float(((observed[keep] - expected[keep]) ** 2 / expected[keep]).sum())
    return stat, float(stats.chi2.sf(stat, int(keep.sum()) - 1))


# ------------------------------------------------------------------ the shuffle
def band_edges(size: int) -> list[tuple[int, int]]:
    """Position bands of :data:`BAND` cards, 0-based half-open, the last one taking the rest."""
    edges = list(range(0, size, BAND))
    if len(edges) > 1 and size - edges[-1] < BAND // 2:
        edges.pop()
    return [(a, b) for a, b in zip(edges, edges[1:] + [size])]


def _band_tests(counts: Counts, m: int) -> list[Test]:
    out = []
    for what, table, labels in (("rank", counts.rank_pos, RANKS), ("suit", counts.suit_pos, SUITS)):
        overall = table.sum(axis=1) / table.sum()
        for a, b in band_edges(counts.size):
            observed = table[:, a:b].sum(axis=1)
            stat, p = _chi_square(observed, overall)
            n = int(observed.sum())
            w = math.sqrt(_noncentrality(len(labels) - 1, m) / n)
            worst = int(np.argmax(np.abs(observed - overall * n) / np.sqrt(overall * n)))
            q = float(overall[worst])
            out.append(Test(f"{what} frequencies, positions {a + 1}-{b}", SHUFFLE_CLAUSE, stat, p,
                            w * math.sqrt(q * (1 - q)), f"absolute excess of one {what}'s share", n,
                            f"most off: {labels[worst]} {int(observed[worst])} seen, {q * n:.1f} expected"))
    return out


def shuffle_tests(counts: Counts, declared: bool = True) -> list[Test]:
    """The tests of the game's shuffle (§ 631a.5(a)): rank and suit frequencies at each
    position band (chi-square), correlation of successive card values (z of the exact
    null mean), runs of low (0-4) and high (5-9) values (Wald-Wolfowitz), repeated shoes
    (birthday bound), and, when the game declared its pre-shuffle order, the
    displacement of the cards from it (chi-square). Holm-corrected together.

    :raises ValueError: when ``counts`` holds no shoe.
    """
    if not counts.shoes:
        raise ValueError("no shoe was disclosed: nothing to judge")
    m = 2 * len(band_edges(counts.size)) + 3 + (1 if declared and counts.declared else 0)
    tests = _band_tests(counts, m)
    n, s = counts.size, counts.serial_n
    var_num = counts.serial_sq / s - (counts.serial_sum / s) ** 2
    z = counts.serial_sum / math.sqrt(counts.serial_sq) if counts.serial_sq else 0.0
    # pooled lag-1 correlation (null mean -1/n) and its standard error
    r = (counts.serial_sum - counts.serial_var) / (n * counts.serial_var) if counts.serial_var else 0.0
    se_r = math.sqrt(max(var_num, 0.0) * s) / (n * counts.serial_var) if counts.serial_var else float("nan")
    tests.append(Test("correlation of successive card values", SHUFFLE_CLAUSE, z, float(2 * stats.norm.sf(abs(z))),
                      _z(m) * se_r, "lag-1 correlation", s,
                      f"lag-1 correlation {r:+.5f} (null mean {-1 / n:+.5f})"))
    var = float(counts.runs_variance)
    zr = float(counts.runs - counts.runs_expected) / math.sqrt(var) if var else 0.0
    tests.append(Test("runs of low (0-4) and high (5-9) card values", SHUFFLE_CLAUSE, zr,
                      float(2 * stats.norm.sf(abs(zr))), _z(m) * math.sqrt(var) / float(counts.runs_expected),
                      "relative change of the number of runs", s,
                      f"{counts.runs} runs, {float(counts.runs_expected):.1f} expected"))
    repeats = counts.shoes - len(counts.digests)
    log_space = _log_arrangements(counts)
    log_p = math.log(max(counts.shoes * (counts.shoes - 1) / 2, 1e-300)) - log_space
    p_rep = 1.0 if not repeats else math.exp(max(log_p, -745.0))
    tests.append(Test("repeated shoes", SHUFFLE_CLAUSE, float(repeats), min(p_rep, 1.0),
                      counts.shoes ** 2 / (2 * math.log(1 / (1 - POWER))), "largest RNG state space (shoes) detected",
                      counts.shoes, f"{repeats} shoe{'s' if repeats != 1 else ''} dealt twice in {counts.shoes}"))
    if declared and counts.declared:
        probabilities = counts.offset_exp_n / counts.offset_exp_n.sum()
        stat, p = _chi_square(counts.offset_obs, probabilities)
        df = int((probabilities > 0).sum()) - 1
        w = math.sqrt(_noncentrality(df, m) / counts.offset_obs.sum())
        tests.append(Test("displacement from the declared pre-shuffle order", SHUFFLE_CLAUSE, stat, p, w,
                          "Cohen's w", counts.declared,
                          f"{int(counts.offset_obs[0])} cards at their own pre-shuffle place or a like card's, "
                          f"{float(probabilities[0] * counts.offset_obs.sum()):.1f} expected"))
    return holm(tests)


def _log_arrangements(counts: Counts) -> float:
    """log of the number of distinct arrangements of one shoe (n! over the factorials
    of the copies of each card; 8 decks: about 10^840)."""
    n = counts.size
    copies = max(1, round(n / 52))
    return math.lgamma(n + 1) - 52 * math.lgamma(copies + 1)


# ------------------------------------------------------------------ the rounds
def outcome_tests(counts: Counts, events: dict[str, Fraction], wagers: dict[WagerKey, dict[str, Fraction]],
                  clauses: dict[WagerKey, str], m_extra: int = 0) -> list[Test]:
    """Exact binomial tests of each round event (``events``: name -> probability; clause
    § 631a.8(a)) and each paying outcome of each offered wager (``wagers``: key ->
    outcome -> probability; ``clauses``: key -> its clause) against the par sheet.
    ``m_extra``: further tests of the same family (for the power figures)."""
    items: list[tuple[str, str, int, int, float]] = []
    for name, p in events.items():
        items.append((f"round event {name}", "631a.8(a)", counts.events.get(name, 0), counts.rounds, float(p)))
    for key, outcomes in wagers.items():
        seen = counts.outcomes.get(key, {})
        total = sum(seen.values())
        for outcome, p in outcomes.items():
            items.append((f"{label(key)}: outcome {outcome}", clauses.get(key, "631a.8(a)"), seen.get(outcome, 0),
                          total, float(p)))
    m = len(items) + m_extra
    tests = []
    for name, clause, k, n, p in items:
        if not n:
            continue
        result = stats.binomtest(k, n, p)
        tests.append(Test(name, clause, k / n, float(result.pvalue), _z(m) * math.sqrt(p * (1 - p) / n),
                          "absolute change of the frequency", n, f"{k} in {n}, {p * n:.1f} expected (p = {p:.6f})"))
    return tests


def observed_return(counts: Counts, key: WagerKey) -> Optional[tuple[int, float, float]]:
    """(settlements, mean net return per unit wagered, its standard error) of the wager
    ``key`` in ``counts``, or None with fewer than two settlements."""
    n = sum(counts.outcomes.get(key, {}).values())
    if n < 2:
        return None
    stake = counts.stake.get(key, 10000)  # cents staked on each of these wagers
    mean = counts.net_sum[key] / n / stake  # cents -> units of the stake
    var = (counts.net_sq[key] / n / stake ** 2 - mean ** 2) * n / (n - 1)
    return n, mean, math.sqrt(max(var, 1e-18) / n)


def return_tests(counts: Counts, edges: dict[WagerKey, Fraction], clauses: dict[WagerKey, str],
                 m_extra: int = 0) -> list[Test]:
    """The observed return of each offered wager (net result per unit wagered, from
    what the game paid) against the par sheet's ``-house_edge``: z test, with the 99%
    confidence interval in the detail."""
    m = len(edges) + m_extra
    tests = []
    for key, edge in edges.items():
        seen = observed_return(counts, key)
        if seen is None:
            continue
        n, mean, se = seen
        z = (mean + float(edge)) / se
        half = float(stats.norm.isf(ALPHA / 2)) * se
        tests.append(Test(f"{label(key)}: observed return", clauses.get(key, "631a.13"), z,
                          float(2 * stats.norm.sf(abs(z))), _z(m) * se, "return per unit wagered", n,
                          f"return {mean:+.5f} per unit, 99% CI [{mean - half:+.5f}, {mean + half:+.5f}], "
                          f"par {-float(edge):+.5f}"))
    return tests


def audit_tests(counts: Counts, clauses: dict[WagerKey, str]) -> list[Test]:
    """The settlement audit: every wager the oracle settles, paid and charged exactly as
    it requires for the cards dealt. An exact test (any mispayment rejects); its power is
    the smallest rate of mispayment seen at least once with probability POWER."""
    tests = []
    for key, n in sorted(counts.audited.items(), key=lambda kv: str(kv[0])):
        bad = counts.mispaid.get(key, 0)
        tests.append(Test(f"{label(key)}: settlement audit", clauses.get(key, "631a.13"), float(bad),
                          0.0 if bad else 1.0, 1 - (1 - POWER) ** (1 / n), "mispayment rate", n,
                          f"{bad} of {n} settlements not as the paytable requires", exact=True))
    return tests


def label(key: WagerKey) -> str:
    wager, hand, option = key
    return wager + (f" on the {hand.capitalize()}'s Hand" if hand else "") + (f" ({option})" if option else "")


def summary(tests: list[Test]) -> Optional[Test]:
    """The rejected test with the smallest p-value (exact audits first), or None."""
    rejected = [t for t in tests if t.reject]
    return min(rejected, key=lambda t: (not t.exact, t.p_value)) if rejected else None
