"""The rows of the par sheet before they are computed: a :class:`WagerModel` per wager,
hand, paytable and option, what one round pays it (:class:`Settled`), and the plain
Rules Submission read as the oracle's settlers read one (:class:`RulesView`).

Shared by :mod:`.par_wagers` (the Chapter 631a, 631c, 629b and 627b wagers) and
:mod:`.par_progressives` (the progressive wagers of § 631c.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional, Union

from .ch631a import Coup
from .odds import Odds

STAKE = Decimal("100.00")
"""The stake every settlement is asked for: whole dollars, so 5% vigorish is exact."""

Engine = Union[str, tuple[int, Callable[[str], str]], None]


@dataclass(frozen=True)
class Settled:
    """What one round pays a wager: ``outcome`` (paytable row, ``"win"``, ``"push"``
    or ``"lose"``), ``result``, ``pays`` (odds of a win, else None) and ``net`` units
    won per unit wagered."""

    outcome: str
    result: str
    pays: Optional[Odds]
    net: Fraction


@dataclass(frozen=True)
class WagerModel:
    """One row of the par sheet before it is computed (see :class:`.par_sheet.WagerPar`)."""

    wager: str
    hand: Optional[str]
    paytable: Optional[str]
    option: Optional[str]
    engine: Engine
    settle: Callable[[Coup], Settled]
    note: Optional[str] = None


class RulesView:
    """The plain Rules Submission, read as the oracle's settlers read a
    ``RulesSubmission``: ``variant``, ``tie_odds``, ``vigorish_rounding``,
    ``wagers[name].paytable`` and ``offers(name)``."""

    def __init__(self, table: Mapping[str, Any]):
        self.table = table
        self.variant = str(table.get("variant", "baccarat"))
        self.tie_odds = str(table.get("tie_odds", "8 to 1"))
        self.vigorish_rounding = bool(table.get("vigorish_rounding", True))
        self.options: dict[str, dict[str, Any]] = {k: dict(v or {}) for k, v in (table.get("wagers") or {}).items()}
        if self.variant == "ez_baccarat":
            for name in ("dragon_7", "panda_8"):  # § 631a.8(a)(5), (6): permissible on an EZ table
                self.options.setdefault(name, {})
        self.wagers = {k: _Options(v) for k, v in self.options.items()}

    def offers(self, name: str) -> bool:
        return name in self.options

    def paytable(self, name: str, default: Optional[str] = "A") -> Optional[str]:
        value = self.options.get(name, {}).get("paytable")
        return str(value) if value is not None else default


class _Options:
    def __init__(self, options: Mapping[str, Any]):
        self.paytable = options.get("paytable")
