"""The facts of a run the clause matrix needs besides its results (:class:`RunInfo`),
as the plugin records them in ``session.json``."""

from __future__ import annotations

import datetime as dt
from importlib.metadata import PackageNotFoundError, version
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional

from baccarat_conformance.util.dates import parse_date
from baccarat_conformance.inputs.input_bounds import game_text
from baccarat_conformance.protocol.vocabulary import OPTIONS

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from baccarat_conformance.inputs.profile import RulesSubmission

__all__ = ["RunInfo", "offered_options", "harness_version", "game_under_test", "game_phrase"]


@dataclass
class RunInfo:
    """What the matrix needs to know about the run besides its results.

    ``as_of`` the date the regulations are evaluated on; ``include_expired`` whether
    expired clauses were tested; ``offered`` option name -> offered by the Rules
    Submission (None: unknown, manual clauses are then never "not offered");
    ``collected`` the number of scenarios collected; ``pytest_exit_status``,
    ``collection_errors`` and ``interrupted`` how pytest ended; ``allure_report`` the
    link to the Allure report's ``index.html`` (relative to the matrix folder, or a URL);
    ``selected_clauses`` the clause ids of the scenarios selected to run (``-m``, ``-k``,
    node ids: a clause with scenarios, none of them selected, is "not selected", not "not
    run"; None: unknown, every clause counts as selected) and ``selection`` the selecting
    options (``{"-m": "631a.6"}``); ``stricter_readings`` the names of the stricter
    interpretations turned on (``--stricter-readings``; the matrix shows each clause's
    interpretations, a stricter one as applied or not).
    ``input_findings``: a field audit's findings in its input (a malformed line, an unknown card, a
    self-contradicting record, a repeated or out-of-order round: ``baccarat-conformance audit``).
    """

    as_of: dt.date
    include_expired: bool = False
    offered: Optional[dict[str, bool]] = None
    collected: Optional[int] = None
    pytest_exit_status: Optional[int] = None
    collection_errors: int = 0
    interrupted: bool = False
    profile: Optional[str] = None
    certificate_holder: Optional[str] = None
    adapter: Optional[str] = None
    game: Optional[str] = None
    depth: Optional[str] = None
    started: Optional[str] = None
    finished: Optional[str] = None
    results_log: Optional[str] = None
    attestations: Optional[str] = None
    waivers: Optional[str] = None
    allure_report: str = "allure-report/index.html"
    harness_version: Optional[str] = None
    selected_clauses: Optional[list[str]] = None
    selection: Optional[dict[str, str]] = None
    game_under_test: Optional[dict[str, Optional[str]]] = None
    #: the stricter interpretations the lab turned on (``--stricter-readings``): names
    stricter_readings: tuple[str, ...] = ()
    input_findings: int = 0

    @property
    def game_phrase(self) -> Optional[str]:
        """``NAME VERSION (VENDOR)`` of the game under test, as its ``describe`` named it
        (None: the run recorded no answer)."""
        return game_phrase(self.game_under_test)

    def as_dict(self) -> dict:
        d = asdict(self)
        d["as_of"] = self.as_of.isoformat()
        return d

    @classmethod
    def from_facts(cls, facts: Mapping[str, Any], *, allure_report: Optional[str] = None) -> "RunInfo":
        """The run facts as ``session.json`` holds them (written by the plugin,
        :mod:`baccarat_conformance.run.session`): ``as_of`` (``YYYY-MM-DD``, today when
        absent), ``exitstatus`` (pytest's), ``interrupted``, ``collected`` and the rest
        under the names of the fields. ``allure_report`` defaults to
        ``allure-report/index.html``.

        :raises ValueError: when ``as_of`` is not a date.
        """
        return cls(as_of=parse_date(facts["as_of"]) if facts.get("as_of") else dt.date.today(),
                   include_expired=bool(facts.get("include_expired")), offered=facts.get("offered"),
                   collected=facts.get("collected"), pytest_exit_status=facts.get("exitstatus"),
                   collection_errors=int(facts.get("collection_errors") or 0),
                   interrupted=bool(facts.get("interrupted")), profile=facts.get("profile"),
                   certificate_holder=facts.get("certificate_holder"), adapter=facts.get("adapter"),
                   game=facts.get("game"), depth=facts.get("depth"), started=facts.get("started"),
                   finished=facts.get("finished"), results_log=facts.get("results_log"),
                   attestations=facts.get("attestations"), waivers=facts.get("waivers"),
                   allure_report=allure_report or "allure-report/index.html",
                   harness_version=facts.get("harness_version"),
                   selected_clauses=facts.get("selected_clauses"), selection=facts.get("selection") or None,
                   stricter_readings=tuple(facts.get("stricter_readings") or ()),
                   # the game's own text (session.json may come from a package): escaped and bounded again
                   game_under_test=game_under_test({"game": facts.get("game_under_test") or None}),
                   input_findings=int(facts.get("input_findings") or 0))


def game_under_test(described: Any) -> Optional[dict[str, Optional[str]]]:
    """``{"name", "vendor", "version"}`` of the game from its ``describe`` answer: the
    ``describe.json`` document (``{"adapter", "describe": {...}}``) or the answer itself;
    None when there is no ``game`` object in it. Each value a string (None when absent): the
    game's own text, so escaped and bounded as every report shows it
    (:func:`~baccarat_conformance.inputs.input_bounds.game_text`: one line, no control character,
    at most 200 characters)."""
    if isinstance(described, Mapping) and isinstance(described.get("describe"), Mapping):
        described = described["describe"]
    game = described.get("game") if isinstance(described, Mapping) else None
    if not isinstance(game, Mapping):
        return None
    return {k: (game_text(game[k]) if game.get(k) is not None else None) for k in ("name", "vendor", "version")}


def game_phrase(game: Optional[Mapping[str, Any]]) -> Optional[str]:
    """``NAME VERSION (VENDOR)`` of :func:`game_under_test`'s mapping, or None."""
    if not game:
        return None
    name = " ".join(str(game[k]) for k in ("name", "version") if game.get(k))
    return f"{name} ({game['vendor']})" if game.get("vendor") else name or None


def offered_options(profile: "RulesSubmission") -> dict[str, bool]:
    """Every option of the vocabulary (``protocol.vocabulary.OPTIONS``) -> whether
    ``profile`` offers it (the ``offered`` fact of a run)."""
    return {option: profile.offers_option(option) for option in OPTIONS}


def harness_version() -> str:
    """``baccarat-conformance VERSION`` of the installed harness."""
    try:
        return f"baccarat-conformance {version('baccarat-conformance')}"
    except PackageNotFoundError:  # pragma: no cover
        return "baccarat-conformance (not installed)"
