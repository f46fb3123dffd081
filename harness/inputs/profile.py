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
    paytable = "A"                   # § 631a.13(e): A, B or C
    [wagers.house_money]
    portion = "all"                  # § 631a.9(e)(1)(i): "all" or e.g. "50%"

    [limits.default]                 # table limits: [limits.default], or [limits.TYPE] for
    min = "5.00"                     # banker, player, tie or a wager offered above;
    max = "2500.00"                  # dollars in whole cents, above $0, min not above max

On an EZ Baccarat table (``variant = "ez_baccarat"``) the Dragon 7 and Panda 8
Insurance Wagers are permissible (§ 631a.8(a)(5), (6)) whether or not listed; they may
not be listed for any other variant. A table that collects no vigorish (EZ Baccarat,
commission-free Baccarat, Midibaccarat or Minibaccarat, commission-free Rising Phoenix)
may not file ``vigorish_collection = "tracked"``.

Errors name the file, the line and the field, one line per bad field:
``profiles/x.toml:7: decks: must be 6, 7 or 8 (58 Pa. Code § 631a.3(a)), got 9``.
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import (BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError, ValidationInfo,
                      field_validator, model_validator)

from baccarat_conformance.util.tomlfile import KeyPath, key_lines, line_of
from baccarat_conformance.util.tomlfile import loads as toml_loads

from baccarat_conformance.inputs.config_files import read_config_file
from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.input_bounds import capped, escape_controls, free_text

if TYPE_CHECKING:  # pragma: no cover
    from importlib.resources.abc import Traversable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

Variant = Literal["baccarat", "ez_baccarat", "commission_free", "midibaccarat", "minibaccarat", "rising_phoenix"]
_ODDS = re.compile(r"[0-9]+(\.[0-9]+)? (to|for) [0-9]+(\.[0-9]+)?", re.ASCII)
EZ_ONLY_WAGERS = ("dragon_7", "panda_8")  # § 631a.8(a)(5), (6)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WagerOptions(_Strict):
    """Options of one optional wager. ``paytable`` where the chapter offers a choice;
    other keys are wager-specific and documented in docs/profiles.md."""

    model_config = ConfigDict(extra="allow", frozen=True)
    paytable: Optional[str] = None


_MONEY = re.compile(r"[0-9]+(\.[0-9]{1,2})?")  # ASCII digits only, matched whole


def money(value: Any) -> str:
    """A dollar amount of a profile: a string of whole cents such as ``"25"`` or
    ``"2500.00"``, above zero (a wager of nothing cannot be placed).

    :raises ValueError: naming the value (``-5``, ``abc``, ``1e999``, ``0``, ``2.505``,
        ``$25`` and TOML numbers are refused: money is never a float).
    """
    if not isinstance(value, str):
        raise ValueError(f'a dollar amount is a string such as "25.00", got {value!r}')
    if not _MONEY.fullmatch(value):
        raise ValueError(f'a dollar amount in whole cents such as "25.00", got {value!r}')
    if Decimal(value) <= 0:
        raise ValueError(f"a table limit is above $0, got {value!r}")
    return value


class Limits(_Strict):
    """The table limits of one wager type (``[limits.TYPE]``) or of every type
    without its own (``[limits.default]``): dollar amounts (:func:`money`), the
    minimum not above the maximum."""

    min: Optional[str] = None
    max: Optional[str] = None

    @field_validator("min", "max", mode="before")
    @classmethod
    def _money(cls, v: Any) -> Any:
        return None if v is None else money(v)

    @model_validator(mode="after")
    def _min_not_above_max(self) -> "Limits":
        if self.min is None and self.max is None:
            raise ValueError("sets neither min nor max: give at least one, or leave the table out")
        if self.min is not None and self.max is not None and Decimal(self.min) > Decimal(self.max):
            raise ValueError(f"min ${self.min} is above max ${self.max}")
        return self


#: Variants that are Baccarat as described in Chapter 631a (not Midibaccarat or Minibaccarat).
BACCARAT_VARIANTS = ("baccarat", "ez_baccarat", "commission_free")
#: The wagers of every table (§ 631a.8(a)(1) to (3)); the others are offered in ``[wagers.NAME]``.
BASE_WAGERS = ("banker", "player", "tie")
#: Rules Submission fields that only some variants have: field -> the variants that have it.
#: :meth:`RulesSubmission.as_rules` sends such a field only to a table of one of those
#: variants, so a strict game of another variant is never sent a field it does not know
#: (docs/protocol.md "Rules Submission fields").
VARIANT_FIELDS: dict[str, tuple[str, ...]] = {
    "commission": ("rising_phoenix",),  # § 629b.5(b)
    "alternative_card_reveal": ("midibaccarat", "rising_phoenix", "commission_free"),  # § 629b.4(a)
    "commission_free": ("midibaccarat", "minibaccarat"),  # § 629b.2, § 627b.2
}


class RulesSubmission(_Strict):
    """The options the regulations leave to the certificate holder.

    Every field cites the clause that leaves the choice open.
    """

    certificate_holder: str = "Example Casino"
    variant: Variant = "baccarat"
    commission_free: bool = Field(False, description="§ 629b.2 / § 627b.2: a commission-free Midibaccarat or "
                                  "Minibaccarat table (Baccarat uses variant = \"commission_free\", § 631c.5)")
    decks: StrictInt = Field(8, description="§ 631a.3(a): six to eight decks")
    tie_odds: str = Field("8 to 1", description="§ 631a.13(b): at least 8 to 1")
    vigorish_collection: Literal["at_payout", "tracked"] = Field(
        "at_payout", description="§ 631a.13(d)(1) at payout, or (d)(2) later and tracked")
    vigorish_rounding: StrictBool = Field(True, description="§ 631a.13(c): round up to a multiple of 25 cents")
    card_reveal: Literal["631a.9(c)", "631a.9(d)"] = "631a.9(c)"
    irregularity_procedure: Literal["631a.15(c)(1)", "631a.15(c)(2)"] = "631a.15(c)(1)"
    table_positions: StrictInt = Field(14, description="§ 631a.2(a): numbered positions for 10 to 14 seated players")
    fully_automated_table: StrictBool = Field(False, description="§ 631c.4: Lucky Nines needs a fully automated table")
    commission: Literal["standard", "commission_free"] = Field(
        "standard", description="§ 629b.5(b): Rising Phoenix Baccarat as a standard commission or a commission-free offering")
    alternative_card_reveal: bool = Field(
        False, description="§ 629b.4(a): Midibaccarat offers the alternative card reveal procedure of § 629b.4(b)")
    wagers: dict[str, WagerOptions] = Field(default_factory=dict)
    limits: dict[str, Limits] = Field(default_factory=dict)

    @field_validator("certificate_holder", mode="before")
    @classmethod
    def _certificate_holder(cls, v: Any) -> Any:
        return free_text(v)  # bounded, no control characters: it is printed and written into every report

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
        if v != "standard" and info.data.get("variant") not in VARIANT_FIELDS["commission"]:
            raise ValueError("applies to Rising Phoenix Baccarat only (58 Pa. Code § 629b.5(b)); a commission-free "
                             "game of another variant is variant = \"commission_free\"")
        return v

    @field_validator("alternative_card_reveal")
    @classmethod
    def _alternative_card_reveal(cls, v: bool, info: ValidationInfo) -> bool:
        if v and info.data.get("variant") not in VARIANT_FIELDS["alternative_card_reveal"]:
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
        if not _ODDS.fullmatch(v) or " to " not in v:
            raise ValueError(f"must be odds such as '8 to 1', got {v!r}")
        a, _, b = v.split()
        from fractions import Fraction

        if Fraction(b) == 0:
            raise ValueError(f"must be odds such as '8 to 1' (the second number above 0), got {v!r}")
        if Fraction(a) / Fraction(b) < 8:
            raise ValueError(f"must be at least 8 to 1 (58 Pa. Code § 631a.13(b)), got {v!r}")
        return v

    @field_validator("commission_free")
    @classmethod
    def _commission_free(cls, v: bool, info: ValidationInfo) -> bool:
        variant = info.data.get("variant")
        if v and variant not in VARIANT_FIELDS["commission_free"]:
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

    @field_validator("limits")
    @classmethod
    def _limits(cls, v: dict[str, Limits], info: ValidationInfo) -> dict[str, Limits]:
        """``[limits.NAME]``: NAME is ``default`` or a wager type the table offers."""
        from baccarat_conformance.protocol.vocabulary import WAGER_TYPES

        offered = info.data.get("wagers")
        problems = []
        for name in v:
            if name != "default" and name not in WAGER_TYPES:
                problems.append(f"[limits.{name}] unknown wager type {name!r}: a table limit is set for "
                                f"[limits.default] or a wager type ({', '.join(WAGER_TYPES)})")
            elif offered is not None and name not in ("default",) + BASE_WAGERS and name not in offered:
                problems.append(f"[limits.{name}] the {name} wager is not offered: the profile has no "
                                f"[wagers.{name}] table")
        if problems:
            raise ValueError("; ".join(problems))
        return v

    @model_validator(mode="after")
    def _vigorish_where_collected(self) -> "RulesSubmission":
        """§ 631a.13(d) vigorish procedures apply where a vigorish is collected."""
        why = self.no_vigorish_because()
        if why and self.vigorish_collection == "tracked":
            raise ValueError(f'[vigorish_collection] is "tracked", but {why}: no vigorish is tracked; set '
                             '"at_payout" or leave the field out')
        return self

    @model_validator(mode="before")
    @classmethod
    def _ez_insurance(cls, data: Any) -> Any:
        """On an EZ Baccarat table the Dragon 7 and Panda 8 Insurance Wagers are
        permissible wagers (§ 631a.8(a)(5), (6)): listed whether or not the file does."""
        if isinstance(data, dict) and data.get("variant") == "ez_baccarat":
            wagers = dict(data.get("wagers") or {})
            for name in EZ_ONLY_WAGERS:
                wagers.setdefault(name, {})
            data = {**data, "wagers": wagers}
        return data

    def no_vigorish_because(self) -> Optional[str]:
        """Why no vigorish is collected on this table (a sentence citing the clause),
        or None when a winning Banker wager pays a vigorish (§ 631a.13(c))."""
        if self.variant == "ez_baccarat":
            return "EZ Baccarat collects no vigorish (58 Pa. Code § 631a.1, § 631a.13(c))"
        if self.variant == "commission_free":
            return "commission-free Baccarat collects no vigorish (58 Pa. Code § 631c.5)"
        if self.commission_free:
            return (f"a commission-free {self.variant.capitalize()} table collects no vigorish (58 Pa. Code "
                    "§ 629b.2, § 627b.2)")
        if self.variant == "rising_phoenix" and self.commission == "commission_free":
            return "commission-free Rising Phoenix Baccarat collects no vigorish (58 Pa. Code § 629b.5(b))"
        return None

    def offers(self, wager: str) -> bool:
        """Whether the Rules Submission offers the optional wager ``wager``.

        A dotted name asks for an option of an offered wager:
        ``dragon_bonus.paytable.A`` is true when the Dragon Bonus Wager is offered
        with paytable A (§ 631a.13(e)).
        """
        name, _, rest = wager.partition(".")
        if name not in self.wagers:
            return False
        if not rest:
            return True
        key, _, value = rest.partition(".")
        options = self.wagers[name].model_dump(exclude_none=True)
        return str(options.get(key)) == value

    def offers_option(self, option: str) -> bool:
        """Whether the Rules Submission offers ``option``, a name of the option vocabulary
        (``protocol.vocabulary.OPTIONS``; a scenario tagged ``@option.X`` needs X):

        ``variant.X``       the variant is X;
        ``game.baccarat``   Baccarat as described in Chapter 631a (Ch. 631c side wagers):
                            variant ``baccarat``, ``ez_baccarat`` or ``commission_free``;
        ``reveal.X``        ``card_reveal`` is § 631a.9(X);
        ``vigorish.X``      ``vigorish_collection`` is X;
        ``commission.X``    ``commission`` is X (§ 629b.5(b));
        ``irregularity.N``  ``irregularity_procedure`` is § 631a.15(c)(N);
        a boolean field     its value (``fully_automated_table``, ``commission_free``, ...);
        ``banker``, ``player``, ``tie``  the core wagers every variant offers (§ 631a.8(a));
        anything else       :meth:`offers`: an optional wager, or ``WAGER.KEY.VALUE``.
        """
        from baccarat_conformance.protocol.vocabulary import CORE_WAGERS

        if option in CORE_WAGERS:
            return True
        kind, dotted, value = option.partition(".")
        if dotted and kind == "variant":
            return self.variant == value
        if option == "game.baccarat":
            return self.variant in BACCARAT_VARIANTS
        if dotted and kind == "reveal":
            return self.card_reveal == f"631a.9({value})"
        if dotted and kind == "vigorish":
            return self.vigorish_collection == value
        if dotted and kind == "commission":
            return self.commission == value
        if dotted and kind == "irregularity":
            return self.irregularity_procedure.endswith(f"({value})")
        if isinstance(getattr(self, option, None), bool):
            return bool(getattr(self, option))
        return self.offers(option)

    def as_rules(self) -> dict[str, Any]:
        """The JSON object sent to the game as ``open_table``'s ``rules``: every field,
        defaults included, except a field of :data:`VARIANT_FIELDS` on a table whose
        variant does not have it (``commission`` goes to Rising Phoenix only,
        ``alternative_card_reveal`` to Midibaccarat games, ``commission_free`` to
        Midibaccarat and Minibaccarat). Money stays a decimal string."""
        rules = self.model_dump(mode="json", exclude_none=True)
        for name, variants in VARIANT_FIELDS.items():
            if self.variant not in variants:
                rules.pop(name, None)
        return rules


def wager_problems(wagers: dict[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    """Problems with the options of the ``[wagers.NAME]`` tables, each with the path of
    the field: (location, message) pairs such as ``(("wagers", "dragon_bonus",
    "paytable"), "Input should be 'A', 'B' or 'C'")``. The checks across fields
    (``wager_options`` ``CHECKS``) run in the model's own validation."""
    from baccarat_conformance.protocol.vocabulary import WAGER_TYPES

    from baccarat_conformance.inputs.wager_options import MODELS

    problems: list[tuple[tuple[str, ...], str]] = []
    for name, options in wagers.items():
        loc = ("wagers", name)
        if name not in WAGER_TYPES:
            problems.append((loc, f"unknown wager {name!r}; known: {', '.join(WAGER_TYPES)}"))
            continue
        if not isinstance(options, dict):
            problems.append((loc, "must be a table of options ([wagers.NAME])"))
            continue
        model = MODELS.get(name, WagerOptions)
        try:
            model.model_validate(options)
        except ValidationError as e:
            for err in e.errors():
                problems.append((loc + tuple(str(x) for x in err["loc"]), _message(err)))
    return problems


FIELD_CLAUSES = {
    "variant": "§ 631a.1 (EZ Baccarat), Ch. 631c",
    "decks": "§ 631a.3(a)",
    "tie_odds": "§ 631a.13(b)",
    "vigorish_collection": "§ 631a.13(d)",
    "vigorish_rounding": "§ 631a.13(c)",
    "card_reveal": "§ 631a.9(c), (d)",
    "irregularity_procedure": "§ 631a.15(c)(1), (2)",
    "table_positions": "§ 631a.2(a)",
    "wagers.dragon_bonus.paytable": "§ 631a.13(e)",
    "wagers.house_money.portion": "§ 631a.9(e)(1)(i)",
}
"""The clause that leaves each option to the certificate holder, cited in errors."""


def _message(err: Any) -> str:
    msg = str(err["msg"]).removeprefix("Value error, ")
    if err.get("type") == "literal_error" or err.get("type") in ("int_type", "bool_type", "string_type", "dict_type", "model_type"):
        msg += f", got {err.get('input')!r}"
    return msg


def _cite(field: str, msg: str) -> str:
    clause = FIELD_CLAUSES.get(field)
    if clause and "Pa. Code" not in msg:
        msg += f" (58 Pa. Code {clause})"
    return msg


def _field_lines(text: str) -> dict[KeyPath, int]:
    """Line of every table header and key of a profile's TOML text, by field path
    (keys under ``[rules_submission]`` lose that prefix, as in the model)."""
    lines: dict[KeyPath, int] = {}
    for path, no in key_lines(text).items():
        lines.setdefault(path[1:] if path[:1] == ("rules_submission",) else path, no)
    return lines


def parse_profile(text: str, source: str = "<profile>") -> RulesSubmission:
    """Parse and validate a profile's TOML text.

    :raises ConfigurationError: with one line per bad field, each naming
        ``source:line: field: problem`` (the line of the key, or of its table when the
        key is missing).
    """
    try:
        doc = toml_loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigurationError(f"{source}: not valid TOML: {e}") from None
    unknown = set(doc) - {"rules_submission", "wagers", "limits"}
    if unknown:
        names = ", ".join(capped((repr(escape_controls(n)) for n in sorted(unknown)), 10))
        raise ConfigurationError(f"{source}: unknown table(s) {names}; expected [rules_submission], "
                                 "[wagers.NAME] and [limits.NAME]")
    lines = _field_lines(text)
    for table in ("rules_submission", "wagers", "limits"):
        if table in doc and not isinstance(doc[table], dict):
            line = key_lines(text).get((table,))
            raise ConfigurationError(f"invalid Rules Submission profile:\n{source}{f':{line}' if line else ''}: "
                                     f"{table}: must be a table ([{table}{'' if table == 'rules_submission' else '.NAME'}]), "
                                     f"got {doc[table]!r}")
    data = dict(doc.get("rules_submission", {}))
    if "wagers" in doc:
        data["wagers"] = doc["wagers"]
    if "limits" in doc:
        data["limits"] = doc["limits"]
    problems: list[tuple[tuple[str, ...], str]] = []
    wagers = data.get("wagers")
    if isinstance(wagers, dict):
        problems += wager_problems(wagers)
        if problems:
            data = {k: v for k, v in data.items() if k != "wagers"}
    try:
        profile = RulesSubmission.model_validate(data)
    except ValidationError as e:
        profile = None
        for err in e.errors():
            loc = tuple(str(x) for x in err["loc"])
            if loc in ((), ("wagers",), ("limits",)):  # checks across fields name their field: "[wagers.NAME] ..."
                for part in re.split(r"; (?=\[[\w.]+\] )", _message(err)):
                    named = re.match(r"\[([\w.]+)\] (.*)", part, flags=re.S)
                    problems.append((tuple(named.group(1).split(".")), named.group(2)) if named else (loc, part))
                continue
            problems.append((loc, _message(err)))
    if problems:
        def where(loc: tuple[str, ...]) -> str:
            line = line_of(lines, loc)
            return f"{source}:{line}" if line else source

        ordered = sorted(problems, key=lambda problem: line_of(lines, problem[0]) or 0)
        out = capped(escape_controls(f"{where(loc)}: {'.'.join(loc) or 'rules_submission'}: "
                                     f"{_cite('.'.join(loc), msg)}") for loc, msg in ordered)
        raise ConfigurationError("invalid Rules Submission profile:\n" + "\n".join(out))
    assert profile is not None
    return profile


def _names_bundled(path: str) -> bool:
    """Whether ``--profile path`` names a bundled profile (a bare name, no such file)."""
    return Path(path).suffix != ".toml" and not Path(path).exists()


def _bundled(name: str) -> Traversable:
    """The bundled profile ``name`` (``profiles/NAME.toml``).

    :raises ConfigurationError: when there is none, listing the bundled names.
    """
    folder = resources.files("baccarat_conformance.profiles")
    bundled = folder / f"{name}.toml"
    if not bundled.is_file():
        names = sorted(x.name[:-5] for x in folder.iterdir() if x.name.endswith(".toml"))
        raise ConfigurationError(f"--profile {name}: no such file or bundled profile (bundled: {', '.join(names)})")
    return bundled


def profile_source(path: Optional[str]) -> tuple[str, bytes]:
    """The file a profile is read from, as :func:`load_profile` finds it, and its bytes:
    ``("ez_baccarat.toml", b"...")`` for a bundled name, ``("/abs/my_rules.toml", b"...")``
    for a path (made absolute). None is the bundled ``baccarat`` profile.

    :raises ConfigurationError: when there is no such file or bundled profile, or it
        cannot be read.
    """
    path = path or "baccarat"
    p = Path(path)
    if _names_bundled(path):
        return f"{path}.toml", _bundled(path).read_bytes()
    try:
        return str(p.resolve()), p.read_bytes()
    except OSError as e:
        raise ConfigurationError(f"--profile {path}: cannot read the profile: {e.strerror or e}") from None


def load_profile(path: Optional[str]) -> RulesSubmission:
    """Load a profile from ``path``, or the bundled ``baccarat`` profile when None.

    A bare name (``ez_baccarat``) selects a bundled example profile.

    :raises ConfigurationError: when the file is missing, unreadable, not UTF-8 or invalid.
    """
    if path is None:
        path = "baccarat"
    p = Path(path)
    if _names_bundled(path):
        return parse_profile(_bundled(path).read_text(encoding="utf-8"), f"profiles/{path}.toml")
    if not p.is_file():
        raise ConfigurationError(f"--profile {path}: no such file")
    return parse_profile(read_config_file(path, "--profile", "the profile"), str(p))
