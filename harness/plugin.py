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
    for name, ep in sorted(available_adapters().items()):
        try:
            cls = ep.load()  # type: ignore[attr-defined]
            cls.add_options(group)
        except Exception:  # reported when the adapter is selected
            continue


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "option: scenario needs an optional wager or option of the Rules Submission")
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


@pytest.fixture(scope="session")
def as_of(pytestconfig: pytest.Config) -> dt.date:
    value = pytestconfig.getoption("--as-of")
    if not value:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise pytest.UsageError(f"--as-of {value!r}: expected a date YYYY-MM-DD") from None


@pytest.fixture(scope="session")
def game_adapter(pytestconfig: pytest.Config) -> Iterator[Any]:
    """The adapter to the game under test, one per worker process (session scope)."""
    name = pytestconfig.getoption("--adapter")
    try:
        adapter = load_adapter_class(name).from_config(pytestconfig)
    except ConfigurationError as e:
        raise pytest.UsageError(str(e)) from None
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
    or a boolean profile field such as ``fully_automated_table``)."""
    if option.startswith("variant."):
        return profile.variant == option.split(".", 1)[1]
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
        category = "expired" if str(exc).startswith("expired") else "not offered"
    else:
        category = "harness error"
    report.user_properties = list(report.user_properties) + [("category", category)]


class ResultsLog:
    """Appends one JSON line per finished scenario to ``--results-log`` (on the
    controller only under xdist), flushing each, so results already written stay
    even if the run dies."""

    def __init__(self, config: pytest.Config):
        self.path: Optional[Path] = None
        value = config.getoption("--results-log")
        if value and not hasattr(config, "workerinput"):
            self.path = Path(value)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.partial: dict[str, dict] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.path is None:
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
                entry["category"] = entry["category"] or (
                    "expired" if entry["message"].startswith("expired") else "not offered")
            else:
                entry["message"] = str(report.longrepr)[-4000:] if report.longrepr else None
                entry["category"] = entry["category"] or "harness error"
        if report.when == "teardown":
            done = self.partial.pop(report.nodeid)
            done["duration"] = round(done["duration"], 4)
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(done) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
