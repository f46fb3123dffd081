"""The pytest plugin of the conformance suite (entry point ``pytest11``).

It adds the command-line options, builds the game adapter, gates scenarios on the
Rules Submission and the game's capabilities ("not offered") and on the
regulations' dates ("expired"), files every scenario in Allure under its chapter,
section and clause, and logs one result line per scenario for the clause matrix.

Options (``pytest --help``, group "baccarat-conformance"):

``--adapter NAME`` (default ``library``)
    the adapter plugin (entry-point group ``baccarat_conformance.adapters``).
``--profile PATH|NAME`` (default the bundled ``baccarat`` profile)
    the Rules Submission profile.
``--depth smoke|standard|exhaustive`` (default ``standard``)
    how many rounds generated and exhaustive scenarios play.
``--as-of YYYY-MM-DD`` (default today) and ``--include-expired``
    the date the regulations are evaluated on, and whether to test clauses of
    temporary regulations that have expired by then.
``--results-log PATH``
    where to append one JSON line per scenario (the clause matrix's input).
``--matrix-dir DIR``
    write the clause matrix (``matrix.html``, ``matrix.csv``, ``matrix.json``) and
    ``session.json`` (collected count, exit status) into DIR at the end of the session
    (on the controller only under xdist), from the results of this session.
``--attestations FILE`` / ``--waivers FILE``
    the lab's manual attestations and accepted deviations (TOML), validated before the
    run starts (baccarat_conformance.attestations); a bad file stops the run with an
    error naming file, line and field.
``--allow-pending``
    manual clauses pending attestation and clauses without a disposition do not make
    the matrix verdict "incomplete" (they stay in the matrix).
``--allure-report URL``
    where the matrix links the Allure report (default ``allure-report/index.html``,
    relative to the matrix folder).

With ``--alluredir``, the controller also writes ``environment.properties`` into the
Allure results: the regulation editions used and their status on the ``--as-of`` date,
the profile and the adapter.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

from baccarat_conformance.adapters import available_adapters, load_adapter_class
from baccarat_conformance.errors import AdapterError, ConfigurationError, Nonconformance
from baccarat_conformance.profile import RulesSubmission, load_profile
from baccarat_conformance.steps import STEP_MODULES

pytest_plugins = STEP_MODULES

CLAUSES_KEY = pytest.StashKey[list]()
OFFERED_PREFIX = "option."
CAPABILITY_PREFIX = "capability."
#: Variants that are Baccarat as described in Chapter 631a (not Midibaccarat or Minibaccarat).
BACCARAT_VARIANTS = ("baccarat", "ez_baccarat", "commission_free")
CHAPTER_TITLES = {
    "631a": "58 Pa. Code Ch. 631a Baccarat",
    "631c": "58 Pa. Code Ch. 631c Baccarat Side Wagers and Variations",
    "629b": "58 Pa. Code Ch. 629b Midibaccarat Side Wagers",
    "627b": "58 Pa. Code Ch. 627b Minibaccarat Side Wagers",
}


def _corpus():
    from baccarat_conformance.corpus import load_corpus

    return load_corpus()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("baccarat-conformance", "Baccarat conformance suite")
    group.addoption("--adapter", default="library", help="adapter plugin to reach the game (default: library)")
    group.addoption("--profile", default=None, help="Rules Submission profile: a TOML path or a bundled name")
    group.addoption("--depth", default="standard", choices=["smoke", "standard", "exhaustive"],
                    help="rounds played by generated and exhaustive scenarios (default: standard)")
    group.addoption("--as-of", default=None, metavar="YYYY-MM-DD",
                    help="evaluate the regulations as of this date (default: today)")
    group.addoption("--include-expired", action="store_true",
                    help="test clauses of temporary regulations even after they expired")
    group.addoption("--results-log", default=None, metavar="PATH",
                    help="append one JSON line per scenario to PATH (input of the clause matrix)")
    group.addoption("--matrix-dir", default=None, metavar="DIR",
                    help="write the clause matrix (HTML, CSV, JSON) into DIR at the end of the session")
    group.addoption("--attestations", default=None, metavar="FILE",
                    help="manual inspection attestations (TOML), validated before the run")
    group.addoption("--waivers", default=None, metavar="FILE",
                    help="waivers of accepted deviations (TOML), validated before the run")
    group.addoption("--allow-pending", action="store_true",
                    help="in the matrix verdict, manual clauses pending attestation and clauses without a "
                         "disposition do not make the run incomplete (exit status 4)")
    group.addoption("--allure-report", default="allure-report/index.html", metavar="URL",
                    help="link from the matrix to the Allure report (default: allure-report/index.html, "
                         "relative to the matrix folder)")
    for name, ep in sorted(available_adapters().items()):
        try:
            cls = ep.load()  # type: ignore[attr-defined]
            cls.add_options(group)
        except Exception:  # reported when the adapter is selected
            continue


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "option: scenario needs an optional wager or option of the Rules Submission")
    config.addinivalue_line("markers", "property: a hypothesis property-based or stateful scenario (its feature is "
                                       "tagged @property): -m property runs only these, -m 'not property' the rest")
    try:
        corpus = _corpus()
    except Exception:  # the corpus is checked by its own tests; without it tags stay unregistered
        corpus = None
    if corpus is not None:
        for clause in corpus.clauses:
            config.addinivalue_line("markers", f"{clause.tag}: 58 Pa. Code § {clause.id}")
    from baccarat_conformance.protocol.vocabulary import CAPABILITIES, OPTIONS

    for option in OPTIONS:
        config.addinivalue_line("markers", f"{OFFERED_PREFIX}{option}: needs Rules Submission option {option}")
    for cap in CAPABILITIES:
        config.addinivalue_line("markers", f"{CAPABILITY_PREFIX}{cap}: needs game capability {cap}")
    config._baccarat_results = ResultsLog(config)  # type: ignore[attr-defined]
    config.pluginmanager.register(config._baccarat_results, "baccarat-results-log")  # type: ignore[attr-defined]
    if not hasattr(config, "workerinput"):
        config._baccarat_verdict = VerdictInputs.from_config(config)  # type: ignore[attr-defined]
        config.pluginmanager.register(config._baccarat_verdict, "baccarat-verdict")  # type: ignore[attr-defined]


def clause_tags(item: pytest.Item) -> list[str]:
    """Clause ids the scenario itself is tagged with (not the added ancestors)."""
    return item.stash.get(CLAUSES_KEY, [])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Record each scenario's clause ids and add its ancestors' markers, so that
    ``-m 631a.11`` selects every scenario of § 631a.11."""
    try:
        corpus = _corpus()
    except Exception:
        return
    from baccarat_conformance.corpus import clause_id_for_tag

    for item in items:
        own = []
        for mark in item.iter_markers():
            try:
                cid = clause_id_for_tag(mark.name)
            except ValueError:
                continue
            if cid in corpus.by_id and cid not in own:
                own.append(cid)
        item.stash[CLAUSES_KEY] = own
        if not own:
            continue
        item.user_properties.append(("clauses", own))
        for cid in own:
            for ancestor in corpus.ancestors(cid):
                tag = ancestor.tag
                if not item.get_closest_marker(tag):
                    item.add_marker(tag)


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="session")
def rules_submission(pytestconfig: pytest.Config) -> RulesSubmission:
    """The Rules Submission profile of this run (session scope)."""
    try:
        return load_profile(pytestconfig.getoption("--profile"))
    except ConfigurationError as e:
        raise pytest.UsageError(str(e)) from None


@pytest.fixture(scope="session")
def depth(pytestconfig: pytest.Config) -> str:
    """``smoke``, ``standard`` or ``exhaustive`` (option ``--depth``)."""
    return pytestconfig.getoption("--depth")


def parse_as_of(value: Optional[str]) -> dt.date:
    """The ``--as-of`` date (today when empty). Raises ``pytest.UsageError`` naming the value."""
    if not value:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise pytest.UsageError(f"--as-of {value!r}: expected a date YYYY-MM-DD") from None


@pytest.fixture(scope="session")
def as_of(pytestconfig: pytest.Config) -> dt.date:
    """The date the regulations are evaluated on (option ``--as-of``, default today)."""
    return parse_as_of(pytestconfig.getoption("--as-of"))


@pytest.fixture(scope="session")
def game_adapter(pytestconfig: pytest.Config) -> Iterator[Any]:
    """The adapter to the game under test, one per worker process (session scope)."""
    name = pytestconfig.getoption("--adapter")
    try:
        adapter = load_adapter_class(name).from_config(pytestconfig)
    except ConfigurationError as e:
        # Once for the run, not once per scenario: a bad --url or --game is a usage error.
        pytest.exit(f"baccarat-conformance: {e}", returncode=pytest.ExitCode.USAGE_ERROR)
    yield adapter
    adapter.close()


@pytest.fixture
def game(game_adapter: Any) -> Iterator[Any]:
    """The adapter, with a fresh transcript for this scenario; the transcript is
    attached to the scenario's Allure result as evidence."""
    from baccarat_conformance.adapters import Transcript
    from baccarat_conformance.reports import evidence

    game_adapter.transcript = Transcript()
    yield game_adapter
    if game_adapter.transcript.exchanges:
        evidence.attach_text(f"exchange transcript ({game_adapter.name})", game_adapter.transcript.as_json())


@pytest.fixture
def clause(request: pytest.FixtureRequest) -> str:
    """The clause id the running scenario is tagged with (its first, if several)."""
    own = clause_tags(request.node)
    return own[0] if own else "unknown clause"


@pytest.fixture(autouse=True)
def _gate_scenario(request: pytest.FixtureRequest) -> None:
    """Skip a scenario as "not offered" or "expired" before any step runs."""
    item = request.node
    if not clause_tags(item) and not any(m.name.startswith(OFFERED_PREFIX) for m in item.iter_markers()):
        return
    # an expired clause is reported as expired whatever the Rules Submission offers
    if clause_tags(item):
        corpus = _corpus()
        from baccarat_conformance.corpus import status_on

        day = request.getfixturevalue("as_of")
        include = request.config.getoption("--include-expired")
        for cid in clause_tags(item):
            c = corpus.by_id[cid]
            if status_on(c, day) == "expired" and not include:
                pytest.skip(f"expired on {c.expires}: 58 Pa. Code § {cid} is a temporary regulation "
                            f"(run with --include-expired or --as-of before {c.expires} to test it)")
            if status_on(c, day) == "not_yet_effective":
                pytest.skip(f"not yet effective on {day}: 58 Pa. Code § {cid} takes effect on {c.effective}")
    profile: RulesSubmission = request.getfixturevalue("rules_submission")
    for mark in item.iter_markers():
        if mark.name.startswith(OFFERED_PREFIX):
            option = mark.name[len(OFFERED_PREFIX):]
            if not offers(profile, option):
                pytest.skip(f"not offered: the Rules Submission does not offer {option}")
    caps = [m.name[len(CAPABILITY_PREFIX):] for m in item.iter_markers() if m.name.startswith(CAPABILITY_PREFIX)]
    if caps:
        have = set(request.getfixturevalue("game_adapter").describe().capabilities)
        missing = [c for c in caps if c not in have]
        if missing:
            pytest.skip(f"not offered: the game does not declare capability {', '.join(missing)}")


def offers(profile: RulesSubmission, option: str) -> bool:
    """Whether ``profile`` offers ``option`` (a wager name, a variant ``variant.X``,
    ``game.baccarat`` for any variant of Chapter 631a Baccarat, or a boolean profile
    field such as ``fully_automated_table``)."""
    if option.startswith("variant."):
        return profile.variant == option.split(".", 1)[1]
    if option == "game.baccarat":  # "Baccarat as described in Chapter 631a" (Ch. 631c side wagers)
        return profile.variant in BACCARAT_VARIANTS
    if option.startswith("reveal."):
        return profile.card_reveal == "631a.9(" + option.split(".", 1)[1] + ")"
    if option.startswith("vigorish."):
        return profile.vigorish_collection == option.split(".", 1)[1]
    if option.startswith("commission."):
        return profile.commission == option.split(".", 1)[1]
    if option.startswith("irregularity."):
        return profile.irregularity_procedure.endswith("(" + option.split(".", 1)[1] + ")")
    if hasattr(profile, option) and isinstance(getattr(profile, option), bool):
        return bool(getattr(profile, option))
    return profile.offers(option)


# ------------------------------------------------------------------ Allure
@pytest.hookimpl(trylast=True)
def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """File the scenario under epic = chapter, feature = section, story = clause, link
    the section's official text, and put the quoted clause in the description."""
    import allure

    # The clause matrix links each result to the Allure report through this label
    # (reports/matrix.py: allure_ids).
    allure.dynamic.label("nodeid", request.node.nodeid)
    own = clause_tags(request.node)
    if not own:
        return
    try:
        corpus = _corpus()
    except Exception:
        return
    first = corpus.by_id[own[0]]
    allure.dynamic.epic(CHAPTER_TITLES.get(first.chapter, f"58 Pa. Code Ch. {first.chapter}"))
    section = corpus.by_id.get(first.section)
    allure.dynamic.feature(f"§ {first.section} {section.section_heading if section else ''}".strip())
    for cid in own:
        allure.dynamic.story(cid)
        allure.dynamic.label("clause", cid)
    if first.url:
        allure.dynamic.link(first.url, name=f"58 Pa. Code § {first.section} (official text)")
    lines = [line.strip() for line in (scenario.description or "").splitlines() if line.strip()]
    interpretations = sorted({name for cid in own for name in corpus.by_id[cid].interpretations})
    body = "\n\n".join(lines)
    if interpretations:
        by_name = {i.name: i for i in corpus.interpretations}
        notes = [f"**Interpretation {n}**: {by_name[n].reading}" for n in interpretations if n in by_name]
        body += "\n\n" + "\n\n".join(notes)
    allure.dynamic.description(body)


@pytest.hookimpl(trylast=True)
def pytest_bdd_before_step_call(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                step_func: Any, step_func_args: dict) -> None:
    """Keep only the step's own arguments (parsed from its text) as Allure step
    parameters. allure-pytest-bdd records every argument, fixtures included, by repr:
    the adapter, the profile, and for the exhaustive sweep 10^5 round records (hundreds
    of megabytes). Evidence is attached on purpose by the steps instead."""
    lifecycle = _allure_lifecycle(request.config)
    if lifecycle is None:
        return
    from allure_pytest_bdd.steps import get_step_uuid

    parsed = {k for k, v in step_func_args.items() if isinstance(v, (str, int, float)) and len(repr(v)) < 500}
    with lifecycle.update_step(uuid=get_step_uuid(step)) as step_result:
        if step_result is not None:
            step_result.parameters = [p for p in step_result.parameters if p.name in parsed]


def _allure_lifecycle(config: pytest.Config) -> Any:
    try:
        from allure_pytest_bdd.pytest_bdd_listener import PytestBDDListener
    except ImportError:  # pragma: no cover
        return None
    for plugin in config.pluginmanager.get_plugins():
        if isinstance(plugin, PytestBDDListener):
            return plugin.lifecycle
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """Classify each failure: a rule nonconformance, or a protocol/adapter error."""
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is None or not clause_tags(item):
        return
    exc = call.excinfo.value
    if isinstance(exc, Nonconformance) or (isinstance(exc, AssertionError) and report.when == "call"):
        category = "nonconformance"
    elif isinstance(exc, AdapterError):
        category = "protocol error" if exc.category == "protocol error" else "adapter error"
    elif call.excinfo.errisinstance(pytest.skip.Exception):
        category = skip_category(str(exc))
    else:
        category = "harness error"
    report.user_properties = list(report.user_properties) + [("category", category)]


def skip_category(message: str) -> str:
    """The category of a skipped scenario from its skip message: "expired", "not yet
    effective" or "not offered"."""
    if message.startswith("expired"):
        return "expired"
    if message.startswith("not yet effective"):
        return "not yet effective"
    return "not offered"


class ResultsLog:
    """Appends one JSON line per finished scenario to ``--results-log`` (on the
    controller only under xdist), flushing each, so results already written stay
    even if the run dies. With ``--matrix-dir`` it also keeps this session's entries
    in memory (``entries``) for the clause matrix."""

    def __init__(self, config: pytest.Config):
        self.path: Optional[Path] = None
        self.keep = False
        self.entries: list[dict] = []
        if hasattr(config, "workerinput"):
            return
        value = config.getoption("--results-log")
        if value:
            self.path = Path(value)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.keep = bool(config.getoption("--matrix-dir"))
        self.partial: dict[str, dict] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.path is None and not self.keep:
            return
        props = dict(report.user_properties)
        if "clauses" not in props:
            return
        entry = self.partial.setdefault(report.nodeid, {
            "nodeid": report.nodeid, "clauses": props["clauses"], "outcome": "passed", "category": None,
            "message": None, "duration": 0.0})
        entry["duration"] += report.duration
        if report.outcome != "passed" and entry["outcome"] == "passed":
            entry["outcome"] = report.outcome
            entry["phase"] = report.when
            entry["category"] = props.get("category")
            if report.skipped and isinstance(report.longrepr, tuple):
                entry["message"] = report.longrepr[2].removeprefix("Skipped: ")
                entry["category"] = entry["category"] or skip_category(entry["message"])
            else:
                entry["message"] = str(report.longrepr)[-4000:] if report.longrepr else None
                entry["category"] = entry["category"] or "harness error"
        if report.when == "teardown":
            done = self.partial.pop(report.nodeid)
            done["duration"] = round(done["duration"], 4)
            if self.keep:
                self.entries.append(done)
            if self.path is not None:
                with open(self.path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(done) + "\n")
                    fh.flush()
                    os.fsync(fh.fileno())


def _harness_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"baccarat-conformance {version('baccarat-conformance')}"
    except PackageNotFoundError:  # pragma: no cover
        return "baccarat-conformance (not installed)"


def _properties_escape(text: str, key: bool = False) -> str:
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


class VerdictInputs:
    """The controller's part of the clause matrix.

    Before the run: validates ``--as-of``, the profile, ``--attestations`` and
    ``--waivers`` (a bad file is a ``pytest.UsageError`` naming file, line and field).
    During it: counts collected scenarios and collection errors, and writes
    ``environment.properties`` into the Allure results. With ``--matrix-dir``: writes
    ``session.json`` (collected count as soon as known, then how the session ended)
    and, at the end, the matrix built from this session's results.
    """

    def __init__(self, config: pytest.Config):
        self.config = config
        self.as_of = parse_as_of(config.getoption("--as-of"))
        self.matrix_dir = Path(config.getoption("--matrix-dir")) if config.getoption("--matrix-dir") else None
        self.attestations: list = []
        self.waivers: list = []
        self.profile = None
        self.collected: Optional[int] = None
        self.collection_errors = 0
        self.started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        self.matrix = None
        self.matrix_paths: dict = {}
        self.matrix_error: Optional[str] = None

    @classmethod
    def from_config(cls, config: pytest.Config) -> "VerdictInputs":
        self = cls(config)
        try:
            self.profile = load_profile(config.getoption("--profile"))
        except ConfigurationError as e:
            raise pytest.UsageError(str(e)) from None
        att, wv = config.getoption("--attestations"), config.getoption("--waivers")
        if att or wv:
            from baccarat_conformance.attestations import installed_coverage, load_attestations, load_waivers

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
        cfg = self.config
        facts = {"started": self.started, "collected": self.collected, "collection_errors": self.collection_errors,
                 "as_of": self.as_of.isoformat(), "include_expired": bool(cfg.getoption("--include-expired")),
                 "profile": cfg.getoption("--profile") or "baccarat",
                 "certificate_holder": getattr(self.profile, "certificate_holder", None),
                 "variant": getattr(self.profile, "variant", None),
                 "adapter": cfg.getoption("--adapter"), "game": _option(cfg, "--game"),
                 "depth": cfg.getoption("--depth"), "results_log": cfg.getoption("--results-log"),
                 "attestations": cfg.getoption("--attestations"), "waivers": cfg.getoption("--waivers"),
                 "offered": self.offered(), "harness_version": _harness_version()}
        facts.update(extra)
        return facts

    def offered(self) -> Optional[dict[str, bool]]:
        if self.profile is None:
            return None
        from baccarat_conformance.protocol.vocabulary import OPTIONS

        return {opt: offers(self.profile, opt) for opt in OPTIONS}

    def _write_session(self, **extra: Any) -> None:
        if self.matrix_dir is None:
            return
        self.matrix_dir.mkdir(parents=True, exist_ok=True)
        path = self.matrix_dir / "session.json"
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.session_facts(**extra), indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)

    # ---------------------------------------------------------------- hooks
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self._write_session()
        alluredir = getattr(self.config.option, "allure_report_dir", None)
        if alluredir:
            self.write_environment(Path(alluredir))
        self.add_junit_properties()

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.collection_errors += 1

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = len(session.items)
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
        self._write_session(finished=finished, exitstatus=status, interrupted=interrupted)
        try:
            self.matrix, self.matrix_paths = self.write_matrix(status, interrupted, finished)
        except Exception as e:  # the run's results stay in the results log; report, do not crash pytest
            self.matrix_error = f"{type(e).__name__}: {e}"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.matrix_error:
            terminalreporter.write_line(f"clause matrix NOT written: {self.matrix_error}", red=True)
        elif self.matrix is not None:
            terminalreporter.write_sep("-", "clause matrix")
            for ch in self.matrix.totals:
                terminalreporter.write_line(self.matrix.totals_sentence(ch))
            terminalreporter.write_line(f"verdict: {self.matrix.exit_code} ({', '.join(self.matrix.reasons) or 'conformant'})")
            terminalreporter.write_line(f"matrix: {self.matrix_paths.get('html')}")

    # ---------------------------------------------------------------- outputs
    def write_matrix(self, exitstatus: int, interrupted: bool, finished: str) -> tuple[Any, dict]:
        from baccarat_conformance.corpus.lint import make_context
        from baccarat_conformance.reports.matrix import RunInfo, allure_ids, build_matrix, write_matrix

        cfg = self.config
        ctx = make_context()
        facts = self.session_facts()
        run = RunInfo(as_of=self.as_of, include_expired=facts["include_expired"], offered=facts["offered"],
                      collected=self.collected, pytest_exit_status=exitstatus,
                      collection_errors=self.collection_errors, interrupted=interrupted,
                      profile=facts["profile"], certificate_holder=facts["certificate_holder"],
                      adapter=facts["adapter"], game=facts["game"], depth=facts["depth"], started=self.started,
                      finished=finished, results_log=facts["results_log"], attestations=facts["attestations"],
                      waivers=facts["waivers"], allure_report=cfg.getoption("--allure-report"),
                      harness_version=facts["harness_version"])
        results = cfg._baccarat_results.entries  # type: ignore[attr-defined]
        alluredir = getattr(cfg.option, "allure_report_dir", None)
        m = build_matrix(ctx.corpus, ctx.coverage, results, run, attestations=self.attestations,
                         waivers=self.waivers, allure=allure_ids(alluredir),
                         allow_pending=bool(cfg.getoption("--allow-pending")))
        assert self.matrix_dir is not None
        return m, write_matrix(m, self.matrix_dir)

    def report_properties(self) -> list[tuple[str, str]]:
        """What every report states about the run: the regulation editions used and their
        status on the as-of date, the profile, the adapter, the harness version."""
        from baccarat_conformance.corpus.editions import edition_statuses

        facts = self.session_facts()
        props = [("harness", facts["harness_version"]),
                 ("regulations.as_of", facts["as_of"] + (" (expired clauses tested)" if facts["include_expired"] else "")),
                 ("rules_submission", f"{facts['profile']} ({facts['certificate_holder']}, variant {facts['variant']})"),
                 ("adapter", f"{facts['adapter']} {facts['game'] or ''}".strip()), ("depth", str(facts["depth"]))]
        for e in edition_statuses(_corpus(), self.as_of):
            key = f"regulation.{e['chapter']}" + ("" if e["edition"] == "pa-code" else f".{e['edition']}")
            props.append((key, f"{e['description']} [{e['file']}; {' | '.join(e['citations'])}]: {e['summary']}"))
        return props

    def write_environment(self, alluredir: Path) -> None:
        """``environment.properties`` for the Allure report (:meth:`report_properties`)."""
        alluredir.mkdir(parents=True, exist_ok=True)
        text = "".join(f"{_properties_escape(k, key=True)}={_properties_escape(v)}\n" for k, v in self.report_properties())
        (alluredir / "environment.properties").write_text(text, encoding="ascii")

    def add_junit_properties(self) -> None:
        """The same facts as ``<properties>`` of the JUnit XML test suite (``--junitxml``)."""
        try:
            from _pytest.junitxml import xml_key
        except ImportError:  # pragma: no cover - pytest internals moved
            return
        xml = self.config.stash.get(xml_key, None)
        if xml is not None and hasattr(xml, "add_global_property"):
            for k, v in self.report_properties():
                xml.add_global_property(k, v)


def _option(config: pytest.Config, name: str) -> Any:
    try:
        return config.getoption(name)
    except ValueError:
        return None
