"""The pytest plugin of the conformance suite (entry point ``pytest11``): the hooks and
fixtures, each handing its job to the module that does it.

=====================================  =============================================
job                                    module
=====================================  =============================================
the options (``pytest --help``,        :mod:`baccarat_conformance.inputs.options` (one table,
group "baccarat-conformance")          shared with the CLI); an adapter's own options
                                       from the adapter (``add_options``)
which clauses a scenario carries;      :mod:`baccarat_conformance.run.clauses`
``-m 631a.11`` selects § 631a.11
skipping as expired, not yet           :mod:`baccarat_conformance.run.gating`
effective, not offered or not verified
which clause a failing check names     :mod:`baccarat_conformance.judging.attribution` (the
(the ``clause`` fixture)               roles: :mod:`baccarat_conformance.corpus.roles`)
what a scenario judged; a scenario     :mod:`baccarat_conformance.judging.judgements`
that judged nothing never passes
the category of a failure or skip      :mod:`baccarat_conformance.judging.classify`
the results log (``--results-log``)    :mod:`baccarat_conformance.run.results_log`
the inputs validated before the run,   :mod:`baccarat_conformance.run.session`
``session.json``, the Allure
``environment.properties``, the
JUnit ``<properties>``, the matrix
at the end (``--matrix-dir``)
the clause matrix and exit status      :mod:`baccarat_conformance.verdict`; its
                                       writers :mod:`baccarat_conformance.reports.matrix_writers`
filing scenarios in Allure             :mod:`baccarat_conformance.reports.allure_labels`;
                                       the results of scenarios skipped at
                                       setup: :mod:`~baccarat_conformance.reports.allure_unstarted`
=====================================  =============================================

Options (see :data:`baccarat_conformance.inputs.options.OPTIONS`): ``--adapter NAME``,
``--profile PATH|NAME``, ``--depth smoke|standard|exhaustive``, ``--as-of YYYY-MM-DD``,
``--include-expired``, ``--results-log PATH``, ``--matrix-dir DIR``, ``--attestations
FILE``, ``--waivers FILE``, ``--allow-pending``, ``--allure-report URL``.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
from typing import Any, Iterator, Optional

import pytest

from baccarat_conformance import compat
from baccarat_conformance.run import clauses
from baccarat_conformance.run import gating
from baccarat_conformance.run import heartbeat
from baccarat_conformance.run import hypothesis_home
from baccarat_conformance.judging import judgements
from baccarat_conformance.inputs import options
from baccarat_conformance.run import replay_record
from baccarat_conformance.adapters import available_adapters, load_adapter_class
from baccarat_conformance.judging.attribution import ScenarioClause
from baccarat_conformance.judging.classify import failed_clause, failure_category, failure_line
from baccarat_conformance.corpus.roles import clause_roles
from baccarat_conformance.judging.errors import CapabilityMissing, ConfigurationError
from baccarat_conformance.inputs.profile import RulesSubmission, load_profile
from baccarat_conformance.reports import allure_labels, allure_unstarted
from baccarat_conformance.run.results_log import ResultsLog
from baccarat_conformance.run.session import VerdictInputs, record_description
from baccarat_conformance.steps import STEP_MODULES

pytest_plugins = STEP_MODULES


# ------------------------------------------------------------------ options and markers
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("baccarat-conformance", "Baccarat conformance suite")
    options.add_pytest_options(group)
    for name, ep in sorted(available_adapters().items()):
        try:
            cls = ep.load()  # type: ignore[attr-defined]
            cls.add_options(group)
        except Exception:  # reported when the adapter is selected
            continue


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "property: a hypothesis property-based or stateful scenario (its feature is "
                                       "tagged @property): -m property runs only these, -m 'not property' the rest")
    config.addinivalue_line("markers", "statistics: a statistical verification of the game's own shuffle and payouts "
                                       "(lab practice; rounds by --depth): -m 'not statistics' leaves them out")
    config.addinivalue_line("markers", "game_math: the game's declared par sheet against the exact one (lab "
                                       "practice; features *_par_sheet.feature): -m 'not game_math' leaves them out")
    clauses.register_markers(config)
    gating.register_markers(config)
    hypothesis_home.place_hypothesis_storage(config)  # not .hypothesis/ in the working directory
    _collect_garbage_less_often(config)
    if hypothesis_home.runs_only_the_suite(config):
        compat.install_shared_parse()  # pytest-bdd's parse of a feature file is the matrix's too (harness/compat.py)
    compat.install_step_lookup()  # pytest-bdd's step lookup, once per step and module (harness/compat.py)
    results = ResultsLog(config)
    config.pluginmanager.register(results, "baccarat-results-log")
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(VerdictInputs.from_config(config, results), "baccarat-verdict")


def pytest_unconfigure(config: pytest.Config) -> None:
    hypothesis_home.release_hypothesis_storage(config)
    previous = config.stash.get(_GC_BEFORE, None)
    if previous is not None:
        gc.set_threshold(*previous)


#: Python's cyclic garbage collector's thresholds in a run of the conformance suite:
#: a collection of the youngest generation every 20,000 net allocations, not 700. A run
#: allocates millions of short-lived objects (hypothesis' choices, pydantic's records,
#: Fractions) beside a large long-lived heap (the collected items, the corpus, the par
#: sheets); at 700 the collector walked that heap so often that a smoke run of
#: ``full_table`` spent about a tenth of its CPU in it (9.1 s of CPU -> 8.2 s).
GC_THRESHOLDS = (20_000, 20, 20)
_GC_BEFORE = pytest.StashKey[tuple]()


def _collect_garbage_less_often(config: pytest.Config) -> None:
    """Raise the collector's thresholds (:data:`GC_THRESHOLDS`) for a session that runs
    only the conformance suite, restored at its end; any other session (a project's own
    tests in the same environment) keeps its own."""
    if not hypothesis_home.runs_only_the_suite(config):
        return
    before = gc.get_threshold()
    config.stash[_GC_BEFORE] = before
    gc.set_threshold(*(max(a, b) for a, b in zip(GC_THRESHOLDS, before)))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Record each scenario's clause ids and add its ancestors' markers, so that
    ``-m 631a.11`` selects every scenario of § 631a.11."""
    clauses.tag_items(items)


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
    """``smoke``, ``standard``, ``exhaustive`` or ``lab`` (option ``--depth``)."""
    return pytestconfig.getoption("--depth")


@pytest.fixture(scope="session")
def as_of(pytestconfig: pytest.Config) -> dt.date:
    """The date the regulations are evaluated on (option ``--as-of``, default today)."""
    try:
        return options.as_of_date(pytestconfig.getoption("--as-of"))
    except ValueError as e:
        raise pytest.UsageError(f"--as-of: {e}") from None


@pytest.fixture(scope="session")
def game_adapter(pytestconfig: pytest.Config) -> Iterator[Any]:
    """The adapter to the game under test, one per worker process (session scope)."""
    name = pytestconfig.getoption("--adapter")
    try:
        adapter = load_adapter_class(name).from_config(pytestconfig)
    except ConfigurationError as e:
        # Once for the run, not once per scenario: a bad --url or --game is a usage error.
        pytest.exit(f"baccarat-conformance: {e}", returncode=pytest.ExitCode.USAGE_ERROR)
    except (Exception, SystemExit) as e:  # a game module with a syntax error, a factory calling sys.exit
        spec = pytestconfig.getoption("--game", None) if name == "library" else None
        where = f"--game {spec!r}" if spec else f"--adapter {name}"
        pytest.exit(f"baccarat-conformance: {where}: the game could not be set up: {type(e).__name__}: {e}",
                    returncode=pytest.ExitCode.USAGE_ERROR)
    yield adapter
    record_description(pytestconfig, adapter)  # describe.json beside session.json, for the sealed package
    adapter.close()


@pytest.fixture
def game(request: pytest.FixtureRequest, game_adapter: Any) -> Iterator[Any]:
    """The adapter, with a fresh transcript for this scenario; the transcript is
    attached to the scenario's Allure result as evidence, and the shoes it sent are
    kept for the replay record of a scenario that does not pass."""
    from baccarat_conformance.adapters import Transcript
    from baccarat_conformance.reports import evidence

    game_adapter.transcript = Transcript()
    yield game_adapter
    replay_record.keep_shoes(request.node, game_adapter.transcript)
    if game_adapter.transcript.exchanges:
        evidence.attach_text(f"exchange transcript ({game_adapter.name})", game_adapter.transcript.as_json)


@pytest.fixture
def clause(request: pytest.FixtureRequest) -> ScenarioClause:
    """The clause a check of the running scenario names: its principal clause (the
    first clause tag as written), which also knows every clause tag and its roles, so a
    check of one kind of rule names the tag of that role
    (:mod:`baccarat_conformance.judging.attribution`)."""
    own = clauses.clause_tags(request.node)
    return ScenarioClause(own, {cid: clause_roles(cid) for cid in own})


@pytest.fixture
def scenario_clauses(request: pytest.FixtureRequest) -> tuple[str, ...]:
    """Every clause id the running scenario is tagged with (not the added ancestors)."""
    return tuple(clauses.clause_tags(request.node))


@pytest.fixture(autouse=True)
def _gate_scenario(request: pytest.FixtureRequest) -> None:
    """Skip a scenario as "expired", "not yet effective", "not offered" or "not verified"
    before any step runs."""
    gating.gate(request)


# ------------------------------------------------------------------ Allure and results
@pytest.hookimpl(trylast=True)
def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """File the scenario under epic = chapter, feature = section, story = clause, link
    the section's official text, and put the quoted clause in the description; start
    its judgement ledger."""
    judgements.begin()
    allure_labels.label_scenario(request.node, clauses.clause_tags(request.node), scenario)


def pytest_bdd_before_step(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                           step_func: Any) -> None:
    ledger = judgements.current()
    if ledger is not None:
        ledger.step_started()


def pytest_bdd_after_step(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, step_func: Any,
                          step_func_args: dict) -> None:
    """Count a Then step that counted nothing itself as one judgement
    (:mod:`baccarat_conformance.judging.judgements`)."""
    ledger = judgements.current()
    if ledger is not None:
        ledger.step_passed(step.type, step_func)


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """A scenario whose steps all passed but judged nothing is "not offered" (the Rules
    Submission offers none of the wagers it is about) or a harness error, never a pass."""
    ledger = judgements.current()
    judgements.end()
    if ledger is None:
        return
    request.node.user_properties.append(("judged", ledger.summary()))
    if ledger.steps_done < len(scenario.steps):  # a step failed or skipped: that is the outcome
        return
    profile: RulesSubmission = request.getfixturevalue("rules_submission")
    reason = judgements.verdict_of(ledger, profile.offers_option)
    if reason:
        pytest.skip(reason)


@pytest.hookimpl(trylast=True)
def pytest_bdd_before_step_call(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                step_func: Any, step_func_args: dict) -> None:
    """Keep only the step's own arguments (parsed from its text) as Allure step parameters."""
    allure_labels.keep_step_arguments(request.config, step, step_func_args)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Optional[pytest.Item]) -> Iterator[None]:
    """Name the scenario this process runs, under ``run`` (:func:`heartbeat.running`): if
    the process dies in it (a game calling ``os._exit``), ``run`` says which it was."""
    heartbeat.running(item.nodeid)
    yield
    heartbeat.running(None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: Optional[pytest.Item]) -> Iterator[None]:
    """After a scenario's teardown, let go of the values its steps handed on as
    ``target_fixture`` (:func:`baccarat_conformance.compat.release_injected_fixtures`): a run's
    memory stays that of one scenario, not of all it has played."""
    yield
    compat.release_injected_fixtures(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """Classify each failure of a scenario with a clause: a rule nonconformance, or a
    protocol, adapter or harness error (the user property ``category``), with its
    one-line ``message`` and the clause it names (``failed_clause``, a nonconformance's). A
    :class:`CapabilityMissing` is a skip whose reason reads as the gate's skips do
    ("not verified: the game lacks capability X ...")."""
    outcome = yield
    report = outcome.get_result()
    replay_record.note_report(item, report)  # the shoes of a scenario that did not pass, for its replay record
    if call.excinfo is not None and call.excinfo.errisinstance(CapabilityMissing) and report.skipped \
            and isinstance(report.longrepr, tuple):
        report.longrepr = (report.longrepr[0], report.longrepr[1], f"Skipped: {call.excinfo.value}")
    props: list = []
    if call.excinfo is not None and clauses.clause_tags(item):
        category = failure_category(call.excinfo, report.when)
        props = [("category", category)]
        if not call.excinfo.errisinstance(pytest.skip.Exception):
            props.append(("message", failure_line(call.excinfo.value)))
            named = failed_clause(call.excinfo.value)
            if named and category == "nonconformance":
                props.append(("failed_clause", named))
                allure_labels.refile_failure(item.config, named, clauses.clause_tags(item))
        report.user_properties = list(report.user_properties) + props
    if report.when == "call" and call.excinfo is not None and clauses.clause_tags(item) \
            and (report.failed or dict(props).get("category") == "blocked"):
        _attach_rerun_commands(item)
    if report.when == "setup" and not report.passed:  # allure-pytest-bdd never opened its result: write it
        allure_unstarted.report_unstarted(item, report, clauses.clause_tags(item))


_REPLAY_CONTEXT = pytest.StashKey[replay_record.ReplayContext]()


def _attach_rerun_commands(item: pytest.Item) -> None:
    """Attach to the failed or blocked scenario's Allure result the commands that replay
    it (:mod:`baccarat_conformance.verdict.rerun`), as its console block and its matrix row show them."""
    from baccarat_conformance.verdict import rerun
    from baccarat_conformance.reports import evidence

    config = item.config
    if _REPLAY_CONTEXT not in config.stash:
        config.stash[_REPLAY_CONTEXT] = replay_record.ReplayContext(config)
    record = config.stash[_REPLAY_CONTEXT].record(item.nodeid, dict(item.user_properties))
    folder = config.getoption("--matrix-dir") or (os.path.dirname(config.getoption("--results-log") or "") or None)
    lines = [f"{name}: {cmd}" for name, cmd in rerun.commands({"replay": record, "nodeid": item.nodeid},
                                                              folder).items()]
    if lines:
        evidence.attach_text("replay", "\n".join(lines) + "\n")
