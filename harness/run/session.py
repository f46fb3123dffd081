"""What the controller records about a session: its inputs, validated before the run,
and its facts, written for the verdict and stated in every report.

:class:`VerdictInputs` is a pytest plugin object (registered by the plugin on the
controller only, under pytest-xdist). Before the run it validates ``--as-of``, the
profile, ``--attestations`` and ``--waivers``; it writes ``environment.properties`` into
the Allure results (``--alluredir``) and the same facts as JUnit ``<properties>``
(``--junitxml``); with ``--matrix-dir`` it writes ``session.json`` (the collected count as
soon as it is known, then how the session ended) and at the end the clause matrix
(:func:`baccarat_conformance.verdict.rebuild.matrix_of_run`).

``session.json`` holds: ``started``, ``collected``, ``collection_errors``, ``as_of``,
``include_expired``, ``profile``, ``certificate_holder``, ``variant``, ``adapter``,
``game``, ``target`` (the adapter's ``--url`` or ``--port``: :func:`adapter_target`),
``depth``, ``results_log``, ``attestations``, ``waivers``, ``allow_pending``,
``offered`` (option -> bool), ``harness_version``, ``command_line`` (the command that
started the run: ``baccarat-conformance run ...`` when the CLI started pytest, else
pytest's own) and ``pytest_command_line`` (pytest's), each a list of arguments with
secrets redacted (:func:`redacted_command_line`), ``selection`` (the selecting options
given: ``{"-m": "631a.6", "-k": "..."}``) and, once collection is done, ``selected_clauses``
(the clause ids of the scenarios selected to run: the matrix reports a clause none of whose
scenarios was selected as "not selected"); at the end also ``finished``, ``exitstatus``
(pytest's; after a usage error under ``run``, which writes no report, the harness's 3, with
pytest's 4 as ``pytest_exitstatus`` and its refusal as ``usage_error``), ``interrupted`` and ``game_under_test`` (``{"name", "vendor", "version"}`` from
the game's ``describe`` answer, None when no scenario asked it). ``started`` and ``finished`` are UTC times (ISO 8601,
seconds).

Beside it, ``describe.json`` holds the game's ``describe`` answer (:func:`record_description`,
written by the worker or process that asked the game), and ``par_sheet.json``, written at
the start of the session, the exact par sheet of the run's profile
(:mod:`baccarat_conformance.run.game_math`).
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any, ContextManager, Mapping, Optional, Sequence

import pytest

from baccarat_conformance.util.environ import variable_set
from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.run.clauses import clause_tags
from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.options import as_of_date, stricter_readings
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.run.results_log import ResultsLog
from baccarat_conformance.reports.matrix_writers import write_run_matrix
from baccarat_conformance.verdict.rebuild import matrix_of_run
from baccarat_conformance.verdict.run_info import game_under_test, harness_version, offered_options

__all__ = ["COMMAND_LINE_ENV", "DESCRIBE_FILE", "VerdictInputs", "properties_escape",
           "command_line_env", "record_description", "redacted_command_line"]

COMMAND_LINE_ENV = "BACCARAT_CONFORMANCE_COMMAND_LINE"
"""Environment variable in which ``baccarat-conformance run`` hands its own command line
(a JSON list, redacted) to the pytest it starts, for ``session.json``."""
DESCRIBE_FILE = "describe.json"
"""The file beside ``session.json`` holding the game's ``describe`` answer."""


def redacted_command_line(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> list[str]:
    """``argv`` with secrets redacted (:mod:`baccarat_conformance.adapters.redact`): the
    password of every ``scheme://user:password@host`` and, in any encoding, the
    credentials the HTTP adapter reads from the environment (``BACCARAT_GAME_TOKEN``,
    ``BACCARAT_GAME_PASSWORD``)."""
    from baccarat_conformance.adapters.http_auth import PASSWORD_ENV, TOKEN_ENV
    from baccarat_conformance.adapters.redact import Redactor, without_url_passwords

    redactor = Redactor(environ.get(name, "") for name in (TOKEN_ENV, PASSWORD_ENV))
    return [redactor.text(without_url_passwords(str(a))) for a in argv]


def command_line_env(argv: Sequence[str]) -> ContextManager[None]:
    """Within the block, :data:`COMMAND_LINE_ENV` holds ``argv`` redacted (for the pytest
    the CLI starts); the variable's previous state is restored after."""
    return variable_set(COMMAND_LINE_ENV, json.dumps(redacted_command_line(argv)))


def _command_lines(config: pytest.Config) -> dict:
    """``command_line`` and ``pytest_command_line`` of ``session.json``."""
    pytest_line = redacted_command_line(["pytest", *config.invocation_params.args])
    cli_line = None
    try:
        cli_line = json.loads(os.environ.get(COMMAND_LINE_ENV) or "null")
    except ValueError:
        pass
    if not (isinstance(cli_line, list) and all(isinstance(a, str) for a in cli_line)):
        cli_line = None
    return {"command_line": redacted_command_line(cli_line) if cli_line else pytest_line,
            "pytest_command_line": pytest_line}


def record_description(config: pytest.Config, adapter: Any) -> Optional[Path]:
    """Write the game's ``describe`` answer, if ``adapter`` asked for it, to
    :data:`DESCRIBE_FILE` in ``--matrix-dir`` (atomically: every pytest-xdist worker
    writes the same answer): ``{"adapter": NAME, "describe": {...}}``. Returns the path,
    or None when there is no ``--matrix-dir`` or no answer. Never raises for a write
    that fails (the sealed package then lists the answer as missing)."""
    folder = _option(config, "--matrix-dir")
    described = getattr(adapter, "description", None)
    if not folder or described is None:
        return None
    path = Path(folder) / DESCRIBE_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        doc = {"adapter": getattr(adapter, "name", None), "describe": described.model_dump(mode="json")}
        write_atomic(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    except (OSError, TypeError, ValueError):
        return None
    return path


def properties_escape(text: str, key: bool = False) -> str:
    """``text`` escaped for a Java ``.properties`` file (ASCII; a ``key`` also escapes blanks)."""
    out = []
    for ch in str(text):
        if ch in "\\=:#!" or (key and ch == " "):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) > 126 or ord(ch) < 32:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _option(config: pytest.Config, name: str) -> Any:
    """An option that may not exist (``--game`` is the library adapter's)."""
    try:
        return config.getoption(name)
    except ValueError:
        return None


def adapter_target(config: pytest.Config) -> Optional[str]:
    """Where the adapter reaches the game, as part of the game's identity (``diff`` compares
    it): the HTTP adapter's ``--url`` (or ``$BACCARAT_GAME_URL``; its password redacted), the
    serial adapter's ``--port``; None for the library adapter, whose ``--game`` factory is
    recorded as ``game``."""
    from baccarat_conformance.adapters.redact import without_url_passwords

    adapter = config.getoption("--adapter")
    if adapter == "http":
        url = _option(config, "--url") or os.environ.get("BACCARAT_GAME_URL")
        return without_url_passwords(str(url)) if url else None
    if adapter == "serial":
        port = _option(config, "--port")
        return without_url_passwords(str(port)) if port else None
    return None


class VerdictInputs:
    """The controller's part of the clause matrix (see the module docstring).

    ``results`` is the session's :class:`ResultsLog` (its ``entries`` are the matrix's input).
    """

    def __init__(self, config: pytest.Config, results: ResultsLog):
        self.config = config
        self.results = results
        try:
            self.as_of = as_of_date(config.getoption("--as-of"))
        except ValueError as e:
            raise pytest.UsageError(f"--as-of: {e}") from None
        self.matrix_dir = Path(config.getoption("--matrix-dir")) if config.getoption("--matrix-dir") else None
        self.attestations: list = []
        self.waivers: list = []
        self.profile = None
        self.collected: Optional[int] = None
        self.selected_clauses: Optional[list[str]] = None
        self.collection_errors = 0
        self.started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        self.matrix = None
        self.matrix_paths: dict = {}
        self.matrix_error: Optional[str] = None
        self.par_sheet_error: Optional[str] = None
        self.command_lines = _command_lines(config)
        self.game_under_test: Optional[dict] = None

    @classmethod
    def from_config(cls, config: pytest.Config, results: ResultsLog) -> "VerdictInputs":
        """Validate the inputs of the run.

        :raises pytest.UsageError: naming file, line and field of a bad profile,
            attestation or waiver file.
        """
        self = cls(config, results)
        try:
            self.profile = load_profile(config.getoption("--profile"))
        except ConfigurationError as e:
            raise pytest.UsageError(str(e)) from None
        att, wv = config.getoption("--attestations"), config.getoption("--waivers")
        if att or wv:
            from baccarat_conformance.inputs.attestations import installed_coverage, load_attestations, load_waivers

            coverage = installed_coverage()
            try:
                if att:
                    self.attestations = load_attestations(att, coverage=coverage)
                if wv:
                    self.waivers = load_waivers(wv, coverage=coverage)
            except ConfigurationError as e:
                raise pytest.UsageError(str(e)) from None
        return self

    # ---------------------------------------------------------------- session facts
    def session_facts(self, **extra: Any) -> dict:
        """The facts of ``session.json`` (see the module docstring), updated with ``extra``."""
        cfg = self.config
        facts = {"started": self.started, "collected": self.collected, "collection_errors": self.collection_errors,
                 "as_of": self.as_of.isoformat(), "include_expired": bool(cfg.getoption("--include-expired")),
                 "profile": cfg.getoption("--profile") or "baccarat",
                 "certificate_holder": getattr(self.profile, "certificate_holder", None),
                 "variant": getattr(self.profile, "variant", None),
                 "adapter": cfg.getoption("--adapter"), "game": _option(cfg, "--game"),
                 "target": adapter_target(cfg),
                 "depth": cfg.getoption("--depth"), "results_log": cfg.getoption("--results-log"),
                 "attestations": cfg.getoption("--attestations"), "waivers": cfg.getoption("--waivers"),
                 "allow_pending": bool(cfg.getoption("--allow-pending")),
                 "offered": offered_options(self.profile) if self.profile is not None else None,
                 "harness_version": harness_version(), **self.command_lines, "selection": self.selection(),
                 "selected_clauses": self.selected_clauses, "game_under_test": self.game_under_test,
                 "stricter_readings": sorted(stricter_readings(cfg.getoption("--stricter-readings")))}
        facts.update(extra)
        return facts

    def selection(self) -> dict[str, str]:
        """The selecting options given: ``-m`` and ``-k`` expressions, and the test
        paths or node ids named (``args``) when they are not the whole suite."""
        opt = self.config.option
        out = {flag: value for flag, value in (("-m", getattr(opt, "markexpr", "")),
                                              ("-k", getattr(opt, "keyword", ""))) if value}
        named = [a for a in self.config.args if "::" in a]
        if named:
            out["node ids"] = " ".join(named)
        return out

    def _selected_from_workers(self) -> None:
        """Under pytest-xdist: the selected clauses from the workers' clause map (every
        worker collects and selects the same items)."""
        path = getattr(self.results, "clause_map", None)
        if path is None:
            return
        try:
            mapping = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        self.selected_clauses = sorted({c for cs in mapping.values() for c in (cs or ())})

    def _write_session(self, **extra: Any) -> None:
        if self.matrix_dir is None:
            return
        self.matrix_dir.mkdir(parents=True, exist_ok=True)
        path = self.matrix_dir / "session.json"
        write_atomic(path, json.dumps(self.session_facts(**extra), indent=1) + "\n")

    def _read_game_under_test(self) -> None:
        """The game's name, vendor and version from ``describe.json`` (written by the
        process that asked the game, at the end of its session), for every report."""
        if self.matrix_dir is None:
            return
        try:
            described = json.loads((self.matrix_dir / DESCRIBE_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        self.game_under_test = game_under_test(described)

    def _write_par_sheet(self) -> None:
        """``par_sheet.json`` beside session.json: the exact par sheet of the run's profile
        (:mod:`baccarat_conformance.run.game_math`); a failure is reported, never fatal."""
        if self.matrix_dir is None or self.profile is None:
            return
        from baccarat_conformance.run.game_math import write_par_sheet

        try:
            write_par_sheet(self.matrix_dir, self.profile, self.config.getoption("--profile") or "baccarat")
        except Exception as e:  # the run's verdict does not depend on it
            self.par_sheet_error = f"{type(e).__name__}: {e}"

    # ---------------------------------------------------------------- hooks
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self._write_session()
        self._write_par_sheet()
        alluredir = getattr(self.config.option, "allure_report_dir", None)
        if alluredir:
            self.write_environment(Path(alluredir))
        self.add_junit_properties()

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.collection_errors += 1

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = len(session.items)
        self.selected_clauses = sorted({c for item in session.items for c in clause_tags(item)})
        self._write_session()

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list) -> None:
        if self.collected is None:
            self.collected = len(ids)
            self._write_session()

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.matrix_dir is None:
            return
        finished = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        status = int(exitstatus)
        interrupted = status == int(pytest.ExitCode.INTERRUPTED) and not self.collection_errors
        self._selected_from_workers()
        self._read_game_under_test()
        self._write_session(finished=finished, exitstatus=status, interrupted=interrupted)
        alluredir = getattr(self.config.option, "allure_report_dir", None)
        if alluredir and self.game_under_test:  # the environment again, naming the game now that it answered
            self.write_environment(Path(alluredir))
        if status == int(pytest.ExitCode.USAGE_ERROR):  # options refused (-m unknown): nothing ran, no matrix
            return
        try:
            self.matrix = matrix_of_run(
                self.results.entries, self.session_facts(finished=finished, exitstatus=status, interrupted=interrupted),
                attestations=self.attestations, waivers=self.waivers,
                allure_results=getattr(self.config.option, "allure_report_dir", None),
                allure_report=self.config.getoption("--allure-report"),
                allow_pending=bool(self.config.getoption("--allow-pending")))
            self.matrix_paths = write_run_matrix(self.matrix, self.matrix_dir)
        except Exception as e:  # the run's results stay in the results log; report, do not crash pytest
            self.matrix_error = f"{type(e).__name__}: {e}"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.par_sheet_error:
            terminalreporter.write_line(f"par sheet NOT written: {self.par_sheet_error}", red=True)
        if self.matrix_error:
            terminalreporter.write_line(f"clause matrix NOT written: {self.matrix_error}", red=True)
        elif self.matrix is not None and not os.environ.get(COMMAND_LINE_ENV):
            # pytest alone; under `baccarat-conformance run` the CLI states the totals (once, off a terminal too)
            terminalreporter.write_sep("-", "clause matrix")
            for ch in self.matrix.totals:
                terminalreporter.write_line(self.matrix.totals_sentence(ch))
            terminalreporter.write_line(f"verdict: {self.matrix.exit_code} ({', '.join(self.matrix.reasons) or 'conformant'})")
            terminalreporter.write_line(f"matrix: {self.matrix_paths.get('html')}")

    # ---------------------------------------------------------------- reports
    def report_properties(self) -> list[tuple[str, str]]:
        """What every report states about the run: the regulation editions used and their
        status on the as-of date, the profile, the adapter, the harness version."""
        from baccarat_conformance.corpus import load_corpus
        from baccarat_conformance.corpus.editions import edition_statuses

        facts = self.session_facts()
        props = [("harness", facts["harness_version"]),
                 ("regulations.as_of", facts["as_of"] + (" (expired clauses tested)" if facts["include_expired"] else "")),
                 ("rules_submission", f"{facts['profile']} ({facts['certificate_holder']}, variant {facts['variant']})"),
                 ("adapter", f"{facts['adapter']} {facts['game'] or ''}".strip()), ("depth", str(facts["depth"]))]
        game = facts.get("game_under_test") or {}
        props = [(f"game.{k}", game[k]) for k in ("name", "vendor", "version") if game.get(k)] + props
        for e in edition_statuses(load_corpus(), self.as_of):
            key = f"regulation.{e['chapter']}" + ("" if e["edition"] == "pa-code" else f".{e['edition']}")
            props.append((key, f"{e['description']} [{e['file']}; {' | '.join(e['citations'])}]: {e['summary']}"))
        return props

    def write_environment(self, alluredir: Path) -> None:
        """``environment.properties`` for the Allure report (:meth:`report_properties`)."""
        alluredir.mkdir(parents=True, exist_ok=True)
        text = "".join(f"{properties_escape(k, key=True)}={properties_escape(v)}\n" for k, v in self.report_properties())
        write_atomic(alluredir / "environment.properties", text.encode("ascii"))

    def add_junit_properties(self) -> None:
        """The same facts as ``<properties>`` of the JUnit XML test suite (``--junitxml``).

        pytest's public route, the ``record_testsuite_property`` fixture, cannot serve
        here: it is only reachable from a test, and under pytest-xdist it records on the
        workers, whose properties never reach the controller's XML (pytest issue #7767).
        So this reads the controller's ``LogXML`` from the config stash under pytest's
        private ``xml_key`` (the fixture's own route), and does nothing if that moves.
        """
        from baccarat_conformance.compat import junit_xml

        xml = junit_xml(self.config)
        if xml is not None and hasattr(xml, "add_global_property"):
            for k, v in self.report_properties():
                xml.add_global_property(k, v)
