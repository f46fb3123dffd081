"""The Rules Submission profile: the options a certificate holder filed under
58 Pa. Code § 601a.2, which decide what the harness expects of the game.

A profile is a TOML file::

    [rules_submission]
    certificate_holder = "Example Casino"
    variant = "baccarat"             # baccarat | ez_baccarat | commission_free | midibaccarat | minibaccarat | rising_phoenix
    commission_free = false          # § 629b.2 / § 627b.2: commission-free Midibaccarat / Minibaccarat
    decks = 8                        # § 631a.3(a): six to eight
    tie_odds = "8 to 1"              # § 631a.13(b): at least 8 to 1
    vigorish_collection = "at_payout"  # § 631a.13(d)(1) "at_payout" or (d)(2) "tracked"
    vigorish_rounding = true         # § 631a.13(c): round up to a multiple of 25¢
    card_reveal = "631a.9(c)"        # or "631a.9(d)"
    irregularity_procedure = "631a.15(c)(1)"   # or "631a.15(c)(2)"
    commission = "standard"          # § 629b.5(b), Rising Phoenix only: or "commission_free"
    alternative_card_reveal = false  # § 629b.4(a), Midibaccarat games only

    [wagers.dragon_bonus]            # one table per optional wager offered
    paytable = "A"

Errors name the file, the field and its line: ``profiles/x.toml:7: decks: must be 6,
7 or 8 (58 Pa. Code § 631a.3(a)), got 9``.
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from .errors import ConfigurationError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

Variant = Literal["baccarat", "ez_baccarat", "commission_free", "midibaccarat", "minibaccarat", "rising_phoenix"]
_ODDS = re.compile(r"^\d+(\.\d+)? (to|for) \d+(\.\d+)?$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WagerOptions(_Strict):
    """Options of one optional wager. ``paytable`` where the chapter offers a choice;
    other keys are wager-specific and documented in docs/profiles.md."""

    model_config = ConfigDict(extra="allow", frozen=True)
    paytable: Optional[str] = None


class Limits(_Strict):
    min: Optional[str] = None
    max: Optional[str] = None


class RulesSubmission(_Strict):
    """The options the regulations leave to the certificate holder.

    Every field cites the clause that leaves the choice open.
    """

    certificate_holder: str = "Example Casino"
    variant: Variant = "baccarat"
    commission_free: bool = Field(False, description="§ 629b.2 / § 627b.2: a commission-free Midibaccarat or "
                                  "Minibaccarat table (Baccarat uses variant = \"commission_free\", § 631c.5)")
    decks: int = Field(8, description="§ 631a.3(a): six to eight decks")
    tie_odds: str = Field("8 to 1", description="§ 631a.13(b): at least 8 to 1")
    vigorish_collection: Literal["at_payout", "tracked"] = Field(
        "at_payout", description="§ 631a.13(d)(1) at payout, or (d)(2) later and tracked")
    vigorish_rounding: bool = Field(True, description="§ 631a.13(c): round up to a multiple of 25 cents")
    card_reveal: Literal["631a.9(c)", "631a.9(d)"] = "631a.9(c)"
    irregularity_procedure: Literal["631a.15(c)(1)", "631a.15(c)(2)"] = "631a.15(c)(1)"
    table_positions: int = Field(14, description="§ 631a.2(a): numbered positions for 10 to 14 seated players")
    fully_automated_table: bool = Field(False, description="§ 631c.4: Lucky Nines needs a fully automated table")
    commission: Literal["standard", "commission_free"] = Field(
        "standard", description="§ 629b.5(b): Rising Phoenix Baccarat as a standard commission or a commission-free offering")
    alternative_card_reveal: bool = Field(
        False, description="§ 629b.4(a): Midibaccarat offers the alternative card reveal procedure of § 629b.4(b)")
    wagers: dict[str, WagerOptions] = Field(default_factory=dict)
    limits: dict[str, Limits] = Field(default_factory=dict)

    @field_validator("decks")
    @classmethod
    def _decks(cls, v: int) -> int:
        if v not in (6, 7, 8):
            raise ValueError(f"must be 6, 7 or 8 (58 Pa. Code § 631a.3(a)), got {v}")
        return v

    @field_validator("decks")
    @classmethod
    def _rising_phoenix_decks(cls, v: int, info: ValidationInfo) -> int:
        if info.data.get("variant") == "rising_phoenix" and v not in (6, 8):
            raise ValueError(f"must be 6 or 8 for Rising Phoenix Baccarat (58 Pa. Code § 629b.5(f)), got {v}")
        return v

    @field_validator("commission")
    @classmethod
    def _commission(cls, v: str, info: ValidationInfo) -> str:
        if v != "standard" and info.data.get("variant") != "rising_phoenix":
            raise ValueError("applies to Rising Phoenix Baccarat only (58 Pa. Code § 629b.5(b)); a commission-free "
                             "game of another variant is variant = \"commission_free\"")
        return v

    @field_validator("alternative_card_reveal")
    @classmethod
    def _alternative_card_reveal(cls, v: bool, info: ValidationInfo) -> bool:
        if v and info.data.get("variant") not in ("midibaccarat", "rising_phoenix", "commission_free"):
            raise ValueError("the alternative card reveal procedure is offered in Midibaccarat only (58 Pa. Code "
                             f"§ 629b.4(a)), not with variant {info.data.get('variant')!r}")
        return v

    @field_validator("table_positions")
    @classmethod
    def _positions(cls, v: int) -> int:
        if not 10 <= v <= 14:
            raise ValueError(f"must be 10 to 14 (58 Pa. Code § 631a.2(a)), got {v}")
        return v

    @field_validator("tie_odds")
    @classmethod
    def _tie_odds(cls, v: str) -> str:
        if not _ODDS.match(v) or " to " not in v:
            raise ValueError(f"must be odds such as '8 to 1', got {v!r}")
        a, _, b = v.split()
        from fractions import Fraction

        if Fraction(a) / Fraction(b) < 8:
            raise ValueError(f"must be at least 8 to 1 (58 Pa. Code § 631a.13(b)), got {v!r}")
        return v

    @field_validator("commission_free")
    @classmethod
    def _commission_free(cls, v: bool, info: ValidationInfo) -> bool:
        variant = info.data.get("variant")
        if v and variant not in ("midibaccarat", "minibaccarat"):
            raise ValueError("commission_free = true is for Midibaccarat or Minibaccarat (58 Pa. Code § 629b.2, "
                             f"§ 627b.2); for Baccarat set variant = \"commission_free\" (§ 631c.5), got variant "
                             f"{variant!r}")
        return v

    @field_validator("tie_odds")
    @classmethod
    def _commission_free_tie_odds(cls, v: str, info: ValidationInfo) -> str:
        data = info.data
        if (data.get("variant") == "commission_free" or data.get("commission_free")) and v != "8 to 1":
            raise ValueError("a commission-free table pays a winning Tie wager at odds of 8 to 1 (58 Pa. Code "
                             f"§ 631c.5(j), § 629b.2(j), § 627b.2(j)), got {v!r}")
        return v

    @field_validator("wagers")
    @classmethod
    def _wagers(cls, v: dict[str, WagerOptions], info: ValidationInfo) -> dict[str, WagerOptions]:
        from baccarat_conformance.protocol.vocabulary import WAGER_TYPES

        from .wager_options import CHECKS, MODELS

        for name, options in v.items():
            if name not in WAGER_TYPES:
                raise ValueError(f"unknown wager {name!r}; known: {', '.join(WAGER_TYPES)}")
            model = MODELS.get(name)
            if model is not None:
                try:
                    model.model_validate(options.model_dump(exclude_none=True))
                except ValidationError as e:
                    problems = "; ".join(f"{'.'.join(str(x) for x in err['loc']) or name}: {err['msg']}"
                                         for err in e.errors())
                    raise ValueError(f"[wagers.{name}] {problems}") from None
        problems = [p for check in CHECKS for p in check(info.data, v)]
        if problems:
            raise ValueError("; ".join(problems))
        return v

    @field_validator("wagers")
    @classmethod
    def _rising_phoenix_wagers(cls, v: dict[str, WagerOptions], info: ValidationInfo) -> dict[str, WagerOptions]:
        if "rising_phoenix_bonus" in v and info.data.get("variant") != "rising_phoenix":
            raise ValueError("[wagers.rising_phoenix_bonus] is offered in Rising Phoenix Baccarat only "
                             "(58 Pa. Code § 629b.5(g)(4)); set variant = \"rising_phoenix\"")
        return v

    def offers(self, wager: str) -> bool:
        """Whether the Rules Submission offers the optional wager ``wager``."""
        return wager in self.wagers

    def as_rules(self) -> dict[str, Any]:
        """The JSON object sent to the game in ``open_table``."""
        return self.model_dump(mode="json", exclude_none=True)


def _line_of(text: str, loc: tuple) -> Optional[int]:
    """Best-effort line number of the TOML key at ``loc``."""
    key = str(loc[-1]) if loc else ""
    for i, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if re.match(rf"^{re.escape(key)}\s*=", stripped) or stripped.strip("[]").endswith(key):
            return i
    return None


def parse_profile(text: str, source: str = "<profile>") -> RulesSubmission:
    """Parse and validate a profile's TOML text.

    :raises ConfigurationError: with one line per bad field, each naming
        ``source:line: field: problem``.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigurationError(f"{source}: not valid TOML: {e}") from None
    unknown = set(doc) - {"rules_submission", "wagers", "limits"}
    if unknown:
        raise ConfigurationError(f"{source}: unknown table(s) {sorted(unknown)}; expected [rules_submission], "
                                 "[wagers.NAME] and [limits.NAME]")
    data = dict(doc.get("rules_submission", {}))
    if "wagers" in doc:
        data["wagers"] = doc["wagers"]
    if "limits" in doc:
        data["limits"] = doc["limits"]
    try:
        return RulesSubmission.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            loc = tuple(err["loc"])
            line = _line_of(text, loc)
            where = f"{source}:{line}" if line else source
            field = ".".join(str(x) for x in loc)
            msg = err["msg"].removeprefix("Value error, ")
            problems.append(f"{where}: {field}: {msg}")
        raise ConfigurationError("invalid Rules Submission profile:\n" + "\n".join(problems)) from None


def load_profile(path: Optional[str]) -> RulesSubmission:
    """Load a profile from ``path``, or the bundled ``baccarat`` profile when None.

    A bare name (``ez_baccarat``) selects a bundled example profile.

    :raises ConfigurationError: when the file is missing or invalid.
    """
    if path is None:
        path = "baccarat"
    p = Path(path)
    if p.suffix != ".toml" and not p.exists():
        bundled = resources.files("baccarat_conformance.profiles") / f"{path}.toml"
        if not bundled.is_file():
            names = sorted(x.name[:-5] for x in resources.files("baccarat_conformance.profiles").iterdir()
                           if x.name.endswith(".toml"))
            raise ConfigurationError(f"--profile {path}: no such file or bundled profile (bundled: {', '.join(names)})")
        return parse_profile(bundled.read_text(encoding="utf-8"), f"profiles/{path}.toml")
    if not p.is_file():
        raise ConfigurationError(f"--profile {path}: no such file")
    return parse_profile(p.read_text(encoding="utf-8"), str(p))
