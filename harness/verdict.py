"""The verdict of a run, in one place: the exit-status contract, the facts of the run
the clause matrix needs besides its results, and the matrix built from a results log.

The pytest plugin (at the end of a session with ``--matrix-dir``) and the CLI (``matrix``,
and ``run`` when pytest died before writing the matrix) both build the matrix with
:func:`matrix_of_run`. The rules that give a matrix its exit status are
:func:`baccarat_conformance.reports.matrix.exit_code`; when several apply, the first in
:data:`PRECEDENCE` wins.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

from baccarat_conformance.corpus.dates import parse_date

if TYPE_CHECKING:  # pragma: no cover
    from baccarat_conformance.profile import RulesSubmission
    from baccarat_conformance.reports.matrix import Matrix

__all__ = ["EXIT_STATUSES", "EXIT_STATUS_HELP", "exit_status_markdown", "EXIT_CODES", "PRECEDENCE", "combine", "RunInfo", "offered_options",
           "matrix_of_run"]

#: The exit statuses of the CI contract, each with its meaning in one sentence: the one
#: source of :data:`EXIT_STATUS_HELP` (``--help``) and of the README's table
#: (:func:`exit_status_markdown`; ``tests/test_docs_commands.py`` checks the README holds it).
EXIT_STATUSES: tuple[tuple[int, str, str], ...] = (
    (0, "conformant",
     "every clause in force passed, was waived, was attested pass, is not offered or not applicable, and the run "
     "completed (a clause the game could not be tested on for lack of a capability is never conformant; with a "
     "selection, -m or -k, the clauses outside it are not selected and not counted)"),
    (1, "nonconformance found",
     "a clause failed (a scenario found a rule nonconformance, or a manual inspection was attested fail) and no "
     "valid waiver accepts it"),
    (2, "harness or adapter error",
     "a scenario ended in a protocol, adapter or harness error; pytest reported an internal or collection error; "
     "or the Allure report could not be generated"),
    (3, "invalid input",
     "the corpus, dispositions, feature anchors, profile, attestation or waiver file, or a command-line option is "
     "invalid (the run does not start); or a waiver matched no failure (found after the run)"),
    (4, "incomplete run",
     "interrupted, nothing collected, a selected scenario did not run, clauses not verified (the game lacks a "
     "capability a scenario of a clause in force and offered needs, or a scenario was blocked: the game broke a "
     "rule it relies on, or it stopped at a failure of another clause before judging this one), or clauses "
     "pending (manual clause without attestation, clause with no scenario and no disposition; --allow-pending "
     "ignores these two, never \"not verified\")"),
)
#: When several exit statuses apply, the first of these wins.
PRECEDENCE = (3, 2, 1, 4, 0)


def _help_text() -> str:
    import textwrap

    lines = ["exit status (CI contract; when several apply, the first of 3, 2, 1, 4 wins):"]
    for code, title, text in EXIT_STATUSES:
        lines += textwrap.wrap(f"{title}: {text}", width=78, initial_indent=f"  {code}  ",
                               subsequent_indent="     ")
    return "\n".join(lines) + "\n"


EXIT_STATUS_HELP = _help_text()
"""The exit-status contract as ``--help`` prints it (from :data:`EXIT_STATUSES`)."""


def exit_status_markdown() -> str:
    """The exit-status contract as the README's Markdown table (from :data:`EXIT_STATUSES`)."""
    rows = ["| status | meaning |", "|---|---|"]
    rows += [f"| {code} | **{title}**: {text.replace('|', '&#124;')} |" for code, title, text in EXIT_STATUSES]
    first = ", ".join(str(c) for c in PRECEDENCE[:-1])
    return f"When several apply, the first of {first} wins.\n\n" + "\n".join(rows) + "\n"


EXIT_CODES: dict[int, str] = {
    0: "conformant",
    1: "nonconformance found",
    2: "harness or adapter error",
    3: "invalid corpus, profile, attestation or waiver file",
    4: "incomplete run (interrupted, clauses not verified, or clauses pending)",
}
def combine(*codes: Optional[int]) -> int:
    """The exit status of several findings: the first of 3, 2, 1, 4, 0 present (None
    is no finding; 0 when there is none)."""
    present = {c for c in codes if c is not None}
    return next((c for c in PRECEDENCE if c in present), 0)


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
    options (``{"-m": "631a.6"}``).
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

    def as_dict(self) -> dict:
        d = asdict(self)
        d["as_of"] = self.as_of.isoformat()
        return d

    @classmethod
    def from_facts(cls, facts: Mapping[str, Any], *, allure_report: Optional[str] = None) -> "RunInfo":
        """The run facts as ``session.json`` holds them (written by the plugin,
        :mod:`baccarat_conformance.session`): ``as_of`` (``YYYY-MM-DD``, today when
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
                   selected_clauses=facts.get("selected_clauses"), selection=facts.get("selection") or None)


def offered_options(profile: "RulesSubmission") -> dict[str, bool]:
    """Every option of the vocabulary (``protocol.vocabulary.OPTIONS``) -> whether
    ``profile`` offers it (the ``offered`` fact of a run)."""
    from baccarat_conformance.protocol.vocabulary import OPTIONS

    return {option: profile.offers_option(option) for option in OPTIONS}


def matrix_of_run(entries: Sequence[Mapping[str, Any]], facts: Mapping[str, Any], out_dir: Union[str, Path], *,
                  ctx: Any = None, attestations: Sequence[Any] = (), waivers: Sequence[Any] = (),
                  allure_results: Union[str, Path, None] = None, allure_report: Optional[str] = None,
                  allow_pending: bool = False) -> tuple["Matrix", dict[str, Path]]:
    """Build the clause matrix of a run and write ``matrix.{json,csv,html}`` into ``out_dir``.

    ``entries``: the results log's entries; ``facts``: the run facts
    (:meth:`RunInfo.from_facts`); ``ctx``: the lint context of the suite
    (``corpus.lint.make_context()`` when None); ``attestations`` and ``waivers``: the
    validated records (:mod:`baccarat_conformance.attestations`); ``allure_results``:
    the ``allure-results`` folder whose results the matrix links to (none when None);
    ``allure_report``: the link to the Allure report; ``allow_pending``: as the option.

    A par sheet in ``out_dir`` (``par_sheet.json`` and its PNG plots, written by a
    game-math job) becomes the HTML's "Game math" section.

    Returns the :class:`~baccarat_conformance.reports.matrix.Matrix` and the paths written,
    by format.

    :raises MatrixError: on a cycle of definitional/subclauses references.
    :raises CorpusError, FeatureSyntaxError: when ``ctx`` is None and the suite cannot be read.
    """
    from baccarat_conformance.corpus.lint import make_context
    from baccarat_conformance.reports.matrix import allure_ids, build_matrix, write_matrix

    ctx = ctx or make_context()
    m = build_matrix(ctx.corpus, ctx.coverage, entries, RunInfo.from_facts(facts, allure_report=allure_report),
                     attestations=attestations, waivers=waivers, allure=allure_ids(allure_results),
                     allow_pending=allow_pending)
    from baccarat_conformance.reports.matrix_html import load_game_math

    return m, write_matrix(m, out_dir, game_math=load_game_math(Path(out_dir)))
