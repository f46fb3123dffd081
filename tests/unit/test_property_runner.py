"""The property runner: settings profiles, the example database, failure reports and
exact replay (``--replay-example``), independent of any game."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import hypothesis
import pytest
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.steps._property_runner import LAB_FACTOR, PropertyFalsified, PropertyRun


class Config:
    def __init__(self, **options):
        self.options = options
        self.invocation_params = SimpleNamespace(dir=Path.cwd())

    def getoption(self, name, default=None):
        return self.options.get(name, default)


def run_for(key: str = "test_scenario", **options) -> PropertyRun:
    item = SimpleNamespace(originalname=key, name=key, path=Path(__file__), user_properties=[])
    return PropertyRun(SimpleNamespace(config=Config(**options), node=item), "631a.11", adapter="fake")


def failing_body(rec, shoe):
    rec.shoe(shoe)
    if len(shoe) >= 3 and shoe[2] == "KS":
        raise Nonconformance("631a.11(b)(1)", "no king of spades third", f"found {shoe[2]}", shoe)


SHOES = {"shoe": st.lists(st.sampled_from(["AC", "2D", "KS"]), min_size=1, max_size=8)}


def test_ci_is_derandomized_bounded_and_without_database():
    s = run_for().settings(37, steps=12)
    assert s.derandomize and s.database is None and s.max_examples == 37 and s.stateful_step_count == 12
    assert s.deadline is None and s.print_blob


def test_lab_runs_longer_with_a_directory_database(tmp_path):
    s = run_for(**{"--hypothesis-profile": "lab", "--property-database": str(tmp_path)}).settings(10)
    assert not s.derandomize and s.max_examples == 10 * LAB_FACTOR
    assert isinstance(s.database, DirectoryBasedExampleDatabase) and Path(s.database.path) == tmp_path
    assert hypothesis.settings.get_profile("lab").deadline is None  # registered for --hypothesis-profile lab


def test_scenarios_have_their_own_database_keys():
    assert run_for("test_a")._digest() != run_for("test_b")._digest()


def test_a_passing_property_reports_statistics():
    run = run_for()
    stats = run.check(SHOES, lambda rec, shoe: rec.note("played"), examples=20)
    assert stats.examples >= 20 and stats.coverage["played"] == stats.examples
    assert run.item.user_properties[0][0] == "property_statistics"


def test_a_failure_is_shrunk_reported_and_replayed_exactly():
    run = run_for()
    with pytest.raises(PropertyFalsified) as e:
        run.check(SHOES, failing_body, examples=200)
    err = e.value
    assert err.clause == "631a.11(b)(1)" and err.shoe == ["AC", "AC", "KS"]
    assert "--replay-example=test_scenario=" in err.replay and err.replay.startswith("cd ")
    token = err.replay.split("--replay-example=")[1].split()[0].strip("'")

    again = run_for(**{"--replay-example": [token]})
    with pytest.raises(PropertyFalsified) as e2:
        again.check(SHOES, failing_body, examples=200)
    assert again.recorder.examples == 1 and e2.value.shoe == err.shoe


def test_a_replay_token_for_another_scenario_is_ignored():
    run = run_for(**{"--replay-example": ["test_other=6.0.0:AAAA"]})
    assert run.check(SHOES, lambda rec, shoe: None, examples=5).examples >= 5


def test_a_malformed_replay_token_is_refused():
    with pytest.raises(ValueError, match="KEY=VERSION:BLOB"):
        run_for(**{"--replay-example": ["test_scenario=nonsense"]}).check(SHOES, lambda rec, shoe: None, examples=5)


def test_hypothesis_seed_overrides_derandomization():
    seen = []
    run = run_for(**{"--hypothesis-seed": "12345"})
    run.check(SHOES, lambda rec, shoe: seen.append(tuple(shoe)), examples=15)
    other = []
    run_for().check(SHOES, lambda rec, shoe: other.append(tuple(shoe)), examples=15)
    assert seen != other
