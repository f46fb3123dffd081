"""The clause matrix on a small synthetic corpus and results log: every result, the
aggregation rules, the totals, the three formats, the Allure links and the exit status."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import json
import textwrap
from pathlib import Path

import pytest

from baccarat_conformance.inputs.attestations import Attestation, Waiver
from baccarat_conformance.corpus import Corpus, load_corpus
from baccarat_conformance.corpus.coverage import resolve_coverage
from baccarat_conformance.corpus.dispositions import parse_dispositions
from baccarat_conformance.corpus.features import ScenarioInfo
from baccarat_conformance.reports.matrix_writers import write_matrix
from baccarat_conformance.verdict.contract import exit_code
from baccarat_conformance.verdict.matrix import Matrix, MatrixError, _entry_result, build_matrix, table_cells
from baccarat_conformance.verdict.rebuild import allure_ids, read_results_log
from baccarat_conformance.verdict.results import AGGREGATE_ORDER
from baccarat_conformance.verdict.run_info import RunInfo

KEEP_631A_1 = {"631a.1", "631a.1[Natural]"}
SECTIONS = {"631a.4", "631a.11", "629b.4"}

DISPOSITIONS = '''
[[subclauses]]
clause = "631a.1"

[[definitional]]
clause = "631a.1[Natural]"
used_by = ["631a.11(a)"]

[[manual]]
clause = "631a.4(a)"
inspection = "Observe the inspection of the decks."

[[manual]]
clause = "631a.4(b)"
option = "dragon_bonus"
inspection = "Observe the spread of the cards."

[[manual]]
clause = "631a.4(c)"
inspection = "Observe the washing of the cards."

[[not_applicable]]
clause = "631a.4(d)"
reason = "An exemption."

[[subclauses]]
clauses = ["631a.11(b)", "631a.11(c)", "631a.11(c)(2)"]

[[definitional]]
clauses = ["631a.11(c)(2)(iii)[Table 1]", "631a.11(d)", "631a.11(e)", "631a.11(f)"]
used_by = ["631a.11(c)(2)(iii)"]

[[manual]]
clause = "629b.4(a)"
inspection = "Observe the alternative reveal."
'''
TAGGED = ["631a.11", "631a.11(a)", "631a.11(b)(1)", "631a.11(b)(2)", "631a.11(c)(1)", "631a.11(c)(2)(i)",
          "631a.11(c)(2)(ii)", "631a.11(c)(2)(iii)", "631a.11(g)", "629b.4(b)"]


@pytest.fixture(scope="module")
def mini() -> tuple[Corpus, dict]:
    full = load_corpus()
    corpus = Corpus([c for c in full.clauses if c.id in KEEP_631A_1 or (c.section in SECTIONS and not c.edition)],
                    full.interpretations, full.editions)
    dispositions = parse_dispositions(DISPOSITIONS, corpus, "mini.toml")
    scenarios = [ScenarioInfo(file="x.feature", line=i + 1, name=f"checks {cid}", keyword="Scenario",
                              tags=((corpus.get(cid).tag, i + 1),), clauses=(cid,)) for i, cid in enumerate(TAGGED)]
    return corpus, resolve_coverage(corpus, dispositions, scenarios)


def entry(cid: str, outcome: str = "passed", category: str | None = None, n: int = 0, message: str | None = None):
    return {"nodeid": f"features/test_x.py::test_{cid}[{n}]", "clauses": [cid], "outcome": outcome,
            "category": category, "message": message, "duration": 0.01}


RESULTS = [
    entry("631a.11(a)"), entry("631a.11(a)", n=1),
    entry("631a.11(b)(1)"), entry("631a.11(b)(1)", "failed", "nonconformance", 1,
                                  "58 Pa. Code § 631a.11(b)(1): Player's Hand must draw\n  cards: 5C 7D KH QS"),
    entry("631a.11(b)(2)", "failed", "protocol error", message="[protocol error] deal_round: bad JSON"),
    entry("631a.11(c)(1)", "skipped", "not offered", message="not offered: the Rules Submission does not offer x"),
    entry("631a.11(c)(2)(i)"),
    entry("631a.11(c)(2)(ii)"), entry("631a.11(c)(2)(ii)", "skipped", "not offered", 1),
    entry("631a.11(c)(2)(iii)", "failed", "nonconformance", message="58 Pa. Code § 631a.11(c)(2)(iii): stay"),
    entry("631a.11"),
    entry("629b.4(b)", "skipped", "expired", message="expired on 2024-09-04: ..."),
]
ATTESTATIONS = [Attestation("631a.4(a)", "pass", "J. Doe", dt.date(2025, 1, 1), "IMG_1", source="a.toml", line=1),
                Attestation("631a.4(c)", "fail", "J. Doe", dt.date(2025, 1, 1), "IMG_2", source="a.toml", line=8)]
WAIVERS = [Waiver("631a.11(b)(1)", "variance 12", "A. Smith", dt.date(2026, 1, 1), source="w.toml", line=1)]
AS_OF = dt.date(2025, 1, 1)


def build(mini, results=RESULTS, *, attestations=ATTESTATIONS, waivers=WAIVERS, offered=None, **run) -> Matrix:
    corpus, coverage = mini
    info = RunInfo(as_of=run.pop("as_of", AS_OF), offered=offered if offered is not None else {"dragon_bonus": False},
                     collected=run.pop("collected", len(results)), pytest_exit_status=run.pop("pytest_exit_status", 1),
                     **run)
    return build_matrix(corpus, coverage, results, info, attestations=attestations, waivers=waivers)


def results_by_id(m: Matrix) -> dict[str, str]:
    return {r["id"]: r["result"] for r in m.rows}


# ------------------------------------------------------------------ results
def test_every_result(mini) -> None:
    got = results_by_id(build(mini))
    assert got == {
        "631a.1": "pass", "631a.1[Natural]": "pass",                     # definitional via 631a.11(a)
        "631a.4": "manual_fail", "631a.4(a)": "manual_pass", "631a.4(b)": "not_offered",
        "631a.4(c)": "manual_fail", "631a.4(d)": "not_applicable",
        "631a.11": "pass", "631a.11(a)": "pass",
        "631a.11(b)": "error", "631a.11(b)(1)": "waived", "631a.11(b)(2)": "error",
        "631a.11(c)": "fail", "631a.11(c)(1)": "not_offered", "631a.11(c)(2)": "fail",
        "631a.11(c)(2)(i)": "pass", "631a.11(c)(2)(ii)": "pass", "631a.11(c)(2)(iii)": "fail",
        "631a.11(c)(2)(iii)[Table 1]": "fail", "631a.11(d)": "fail", "631a.11(e)": "fail", "631a.11(f)": "fail",
        "631a.11(g)": "not_run",
        "629b.4": "expired", "629b.4(a)": "expired", "629b.4(b)": "expired", "629b.4(c)": "expired",
    }


def test_totals(mini) -> None:
    m = build(mini)
    assert m.totals["631a"] == {"pass": 6, "fail": 7, "manual_fail": 2, "manual_pass": 1, "not_offered": 2,
                                "not_applicable": 1, "waived": 1, "error": 2, "not_run": 1}
    assert m.totals["629b"] == {"expired": 4}
    assert sum(m.totals["all"].values()) == len(m.rows) == 27
    assert m.totals_sentence("631a") == (
        "631a: 23 clauses — 6 pass, 1 fail, 2 not offered, 0 manual pending, 1 n/a, 2 manual attested fail, "
        "2 protocol/adapter error, 1 not run, 1 waived, 1 manual attested pass, 6 failing as aggregates")
    # "fail" counts the clauses the verdict names (issue 37 item 2: "631a: 2 fail" beside "1 clause fails")
    from baccarat_conformance.verdict.contract import failing_leaves, failing_sentence

    assert failing_sentence(failing_leaves(m.rows)).startswith("2 clauses fail (1 by manual inspection)")
    assert m.totals_sentence("629b") == ("629b: 4 clauses — 0 pass, 0 fail, 0 not offered, 0 manual pending, 0 n/a, "
                                         "4 expired")


def test_rows_follow_the_closed_clause_list(mini) -> None:
    corpus, _ = mini
    m = build(mini, results=[])
    assert [r["id"] for r in m.rows] == [c.id for c in corpus.clauses]
    row = next(r for r in m.rows if r["id"] == "631a.11(a)")
    assert row["result"] == "not_run" and row["scenarios"] == [{"name": "checks 631a.11(a)", "file": "x.feature",
                                                               "line": 2}]


def test_details(mini) -> None:
    rows = {r["id"]: r for r in build(mini).rows}
    assert rows["631a.11(b)(1)"]["result_detail"].startswith(
        "fail, waived by A. Smith until 2026-01-01: variance 12")
    assert rows["631a.11(b)(2)"]["result_label"] == "protocol error"
    assert rows["631a.11(b)(2)"]["result_detail"].startswith("protocol error: 1 protocol/adapter error — [protocol error]")
    assert rows["631a.11(c)(2)(iii)"]["result_detail"] == ("1 fail — 58 Pa. Code § 631a.11(c)(2)(iii): stay")
    assert rows["631a.4(a)"]["result_detail"] == "attested pass by J. Doe on 2025-01-01 (evidence: IMG_1)"
    assert rows["631a.4(b)"]["result_detail"] == "the Rules Submission does not offer dragon_bonus"
    assert rows["631a.11(d)"]["result_detail"] == "used by 631a.11(c)(2)(iii): 1 fail"
    assert rows["631a.11(c)"]["result_detail"] == "aggregate of 2 subclauses: 1 fail, 1 not offered"
    assert rows["629b.4(b)"]["result_label"] == "expired on 2024-09-04"
    assert rows["631a.4(d)"]["disposition_detail"] == "An exemption."


def test_as_of_and_include_expired(mini) -> None:
    early = results_by_id(build(mini, as_of=dt.date(2024, 1, 1)))
    assert early["629b.4(a)"] == "manual_pending" and early["629b.4(b)"] == "expired"  # its scenario was skipped
    assert early["629b.4(c)"] == "uncovered"
    before = results_by_id(build(mini, as_of=dt.date(2021, 1, 1)))
    assert before["629b.4(a)"] == "not_yet_effective"
    late = build(mini, results=RESULTS[:-1] + [entry("629b.4(b)")], include_expired=True)
    row = next(r for r in late.rows if r["id"] == "629b.4(b)")
    assert row["result"] == "pass" and "expired on 2024-09-04; tested with --include-expired" in row["result_detail"]


def test_manual_clause_without_known_profile_is_pending(mini) -> None:
    corpus, coverage = mini
    m = build_matrix(corpus, coverage, RESULTS, RunInfo(as_of=AS_OF), attestations=[], waivers=[])
    assert results_by_id(m)["631a.4(b)"] == "manual_pending"


def test_waiver_matching_no_failure_is_a_problem(mini) -> None:
    w = Waiver("631a.11(a)", "x", "A", dt.date(2026, 1, 1), source="w.toml", line=3)
    m = build(mini, waivers=[w])
    assert m.problems == ["w.toml:3: clause: the waiver of 631a.11(a) matches no failure in this run (its result is "
                          "pass); a waiver is never a silent pass"]
    assert m.exit_code == 3


def test_cycle_is_reported(mini) -> None:
    import dataclasses

    corpus, coverage = mini
    cov = dict(coverage)
    natural = cov["631a.1[Natural]"]
    cov["631a.1[Natural]"] = dataclasses.replace(natural, entry=dataclasses.replace(natural.entry, used_by=("631a.1",)))
    with pytest.raises(MatrixError, match="cycle .*631a.1 -> 631a.1\\[Natural\\] -> 631a.1"):
        build_matrix(corpus, cov, [], RunInfo(as_of=AS_OF))


# ------------------------------------------------------------------ exit status
PASSING = [entry(c) for c in TAGGED if c != "629b.4(b)"]
DONE = dict(attestations=[Attestation("631a.4(a)", "pass", "J", AS_OF, "e"), Attestation("631a.4(c)", "pass", "J", AS_OF, "e")],
            waivers=[], pytest_exit_status=0)


def code(mini, results, allow_pending: bool = False, **kw) -> int:
    m = build(mini, results, **{**DONE, **kw})
    return exit_code(m, allow_pending=allow_pending)[0]


def test_exit_0_conformant(mini) -> None:
    # 629b.4(c) is expired, 631a.4(b) not offered: nothing pending
    assert code(mini, PASSING) == 0


def test_exit_1_nonconformance(mini) -> None:
    assert code(mini, PASSING + [entry("631a.11(a)", "failed", "nonconformance", 9)], pytest_exit_status=1) == 1
    bad = [Attestation("631a.4(a)", "fail", "J", AS_OF, "e"), Attestation("631a.4(c)", "pass", "J", AS_OF, "e")]
    assert code(mini, PASSING, attestations=bad) == 1


def test_exit_2_harness_or_adapter_error(mini) -> None:
    for cat in ("protocol error", "adapter error", "harness error", None):
        assert code(mini, PASSING + [entry("631a.11(a)", "failed", cat, 9)], pytest_exit_status=1) == 2
    # an error outranks a nonconformance
    assert code(mini, PASSING + [entry("631a.11(a)", "failed", "adapter error", 9),
                                 entry("631a.11(g)", "failed", "nonconformance", 9)], pytest_exit_status=1) == 2
    assert code(mini, PASSING, pytest_exit_status=3) == 2
    assert code(mini, PASSING, pytest_exit_status=2, collection_errors=1) == 2
    assert code(mini, PASSING, pytest_exit_status=1) == 2  # a failure outside the matrix


def test_exit_3_invalid_input(mini) -> None:
    w = [Waiver("631a.11(a)", "x", "A", dt.date(2026, 1, 1), source="w.toml", line=3)]
    assert code(mini, PASSING + [entry("631a.11(g)", "failed", "adapter error", 9)], waivers=w) == 3
    assert code(mini, PASSING, pytest_exit_status=4) == 3


def test_exit_4_incomplete(mini) -> None:
    assert code(mini, PASSING, interrupted=True) == 4
    assert code(mini, PASSING, pytest_exit_status=2) == 4
    assert code(mini, [], pytest_exit_status=5, collected=0) == 4
    assert code(mini, [e for e in PASSING if "631a.11(g)" not in e["clauses"]]) == 4  # not run
    assert code(mini, PASSING, attestations=[]) == 4  # manual pending
    assert code(mini, PASSING, attestations=[], allow_pending=True) == 0
    assert code(mini, [e for e in PASSING if "631a.11(g)" not in e["clauses"]], allow_pending=True) == 4
    early = dict(as_of=dt.date(2024, 1, 1))  # 629b.4(c) in force and uncovered
    assert code(mini, PASSING + [entry("629b.4(b)")], attestations=DONE["attestations"]
                + [Attestation("629b.4(a)", "pass", "J", AS_OF, "e")], **early) == 4
    assert code(mini, PASSING + [entry("629b.4(b)")], allow_pending=True, **early) == 0
    # nonconformance outranks incompleteness
    assert code(mini, PASSING + [entry("631a.11(a)", "failed", "nonconformance", 9)], attestations=[]) == 1


LACKS = "not verified: the game lacks capability stacked_shoe (start_shoe with cards)"


def test_not_verified_is_never_a_pass_and_allow_pending_does_not_cover_it(mini) -> None:
    # every scenario passed but one, which needed a capability the game does not declare
    results = PASSING + [entry("631a.11(a)", "skipped", "not verified", 9, LACKS)]
    m = build(mini, results, **{**DONE, "attestations": []})
    assert exit_code(m, allow_pending=True) == (4, ["3 clause(s) not verified: the game lacks capability "
                                                      "stacked_shoe"])
    rows = {r["id"]: r for r in m.rows}
    assert (rows["631a.11(a)"]["result"], rows["631a.11(a)"]["result_label"]) == ("not_verified", "not verified")
    assert rows["631a.11(a)"]["result_detail"] == ("not verified: the game lacks capability stacked_shoe "
                                                  "(1 scenario); 1 not verified, 1 pass")
    assert rows["631a.11(a)"]["missing_capabilities"] == ["stacked_shoe"]
    # it rolls up through definitional and subclauses rows: worse than pass and not offered
    assert rows["631a.1[Natural]"]["result"] == rows["631a.1"]["result"] == "not_verified"
    assert rows["631a.1[Natural]"]["result_detail"] == ("used by 631a.11(a): 1 not verified (the game lacks "
                                                       "capability stacked_shoe)")
    assert rows["631a.1"]["missing_capabilities"] == ["stacked_shoe"]
    assert AGGREGATE_ORDER.index("not_verified") < AGGREGATE_ORDER.index("pass")
    assert "3 not verified" in m.totals_sentence("631a")
    # a nonconformance or an error still outranks it
    assert code(mini, results + [entry("631a.11(g)", "failed", "nonconformance", 9)], pytest_exit_status=1) == 1
    # at whichever phase it was found, a "not verified" scenario is not a failure
    assert _entry_result(entry("631a.11(a)", "failed", "not verified", message=LACKS)) == "not_verified"


def test_a_reason_other_than_a_capability_is_named_never_taken_for_a_capability(mini) -> None:
    """A scenario not verified for another reason (a declared par sheet that leaves a wager
    out) is named by its own words in the row and the verdict, not as "the game lacks
    capability an undeclared capability"."""
    why = "not verified: the game's par sheet declares no house edge for the tie wager"
    m = build(mini, PASSING + [entry("631a.11(a)", "skipped", "not verified", 9, why)],
              **{**DONE, "attestations": []})
    row = {r["id"]: r for r in m.rows}["631a.11(a)"]
    assert row["result"] == "not_verified" and row["missing_capabilities"] == []
    assert row["not_verified_reasons"] == ["the game's par sheet declares no house edge for the tie wager"]
    assert row["result_detail"].startswith("not verified: the game's par sheet declares no house edge")
    code_, why_ = exit_code(m, allow_pending=True)
    assert code_ == 4 and "lacks" not in why_[0], why_
    assert why_[0].endswith("(the game's par sheet declares no house edge for the tie wager)"), why_


# ------------------------------------------------------------------ formats and links
def test_writes_three_formats(mini, tmp_path: Path) -> None:
    corpus, _ = mini
    m = build(mini)
    paths = write_matrix(m, tmp_path)
    assert sorted(paths) == ["csv", "html", "json"] and all(p.exists() for p in paths.values())
    data = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert [r["id"] for r in data["rows"]] == [c.id for c in corpus.clauses]
    assert data["totals"]["631a"]["fail"] == 7 and data["verdict"]["exit_code"] == m.exit_code == 2
    assert data["totals_sentences"]["all"].startswith("all chapters: 27 clauses — ")
    assert data["run"]["as_of"] == "2025-01-01"
    assert {e["file"] for e in data["editions"]} >= {"631a-baccarat.txt", "629b-midibaccarat-side-wagers-temporary.txt"}
    rows = list(csv.DictReader(paths["csv"].read_text(encoding="utf-8").splitlines()))
    assert [r["id"] for r in rows[:27]] == [c.id for c in corpus.clauses]
    assert [r["id"] for r in rows[27:]] == ["total 629b", "total 631a", "total all", "game under test"]
    assert rows[28]["excerpt"] == m.totals_sentence("631a")
    html = paths["html"].read_text(encoding="utf-8")
    for c in corpus.clauses:
        assert f"id='{c.tag}'" in html
    assert "Verdict: harness or adapter error" in html and m.totals_sentence("629b") in html
    assert "expired on 2024-09-04" in html and "Regulation editions" in html


def test_allure_links(mini, tmp_path: Path) -> None:
    results = tmp_path / "allure-results"
    results.mkdir()
    nodeid = RESULTS[0]["nodeid"]
    (results / "u1-result.json").write_text(json.dumps(
        {"uuid": "u1", "stop": 5, "labels": [{"name": "nodeid", "value": nodeid}]}), encoding="utf-8")
    (results / "u0-result.json").write_text(json.dumps(
        {"uuid": "u0", "stop": 1, "labels": [{"name": "nodeid", "value": nodeid}]}), encoding="utf-8")
    (results / "x-result.json").write_text("{not json", encoding="utf-8")
    ids = allure_ids(results)
    assert ids == {nodeid: hashlib.md5(b"u1").hexdigest()}  # the latest result of a retried test
    corpus, coverage = mini
    m = build_matrix(corpus, coverage, RESULTS, RunInfo(as_of=AS_OF, allure_report="../allure-report/index.html"),
                       allure=ids)
    row = next(r for r in m.rows if r["id"] == "631a.11(a)")
    assert row["results"][0]["allure"] == f"../allure-report/index.html#{ids[nodeid]}"
    assert row["results"][1]["allure"] is None
    assert row["allure_filter"] == "../allure-report/index.html?tags=631a.11.a"
    assert next(r for r in m.rows if r["id"] == "631a.11(g)")["allure_filter"] is None
    assert allure_ids(tmp_path / "missing") == {}


def test_read_results_log(tmp_path: Path) -> None:
    log = tmp_path / "results.jsonl"
    log.write_text(json.dumps(RESULTS[0]) + "\n\n" + json.dumps(RESULTS[1]) + "\n{\"nodeid\": \"torn", encoding="utf-8")
    assert [e["nodeid"] for e in read_results_log(log)] == [RESULTS[0]["nodeid"], RESULTS[1]["nodeid"]]
    log.write_text("{bad\n" + json.dumps(RESULTS[0]) + "\n", encoding="utf-8")
    with pytest.raises(MatrixError, match="results.jsonl:1: not a JSON line"):
        read_results_log(log)
    with pytest.raises(MatrixError, match="cannot read the results log"):
        read_results_log(tmp_path / "none.jsonl")


# ------------------------------------------------------------------ blocked scenarios, definitions not offered
BLOCKED = entry("631a.11(a)", "skipped", "blocked", 7,
                "blocked: the game broke § 631a.11(c)(1): the Banker's Hand is dealt a third card\n  cards: 6C 3D KH 2S KD")


def test_a_blocked_scenario_leaves_its_clause_not_verified(mini) -> None:
    rows = {r["id"]: r for r in build(mini, PASSING + [BLOCKED], **DONE).rows}
    assert rows["631a.11(a)"]["result"] == "not_verified"
    assert rows["631a.11(a)"]["result_label"] == "not verified"
    assert rows["631a.11(a)"]["result_detail"] == ("not verified: blocked: the game broke § 631a.11(c)(1) "
                                                   "(1 scenario); 1 not verified, 1 pass")
    assert rows["631a.1[Natural]"]["result"] == "not_verified"  # a definition used by it: never a pass
    assert rows["631a.11"]["result"] == "pass"  # its own scenario passed


def test_exit_4_for_a_blocked_clause_whatever_allow_pending(mini) -> None:
    assert code(mini, PASSING + [BLOCKED]) == 4
    assert code(mini, PASSING + [BLOCKED], allow_pending=True) == 4
    # the broken rule's own failure wins
    assert code(mini, PASSING + [BLOCKED, entry("631a.11(c)(1)", "failed", "nonconformance", 9)]) == 1
    m = build(mini, PASSING + [BLOCKED], **DONE)
    # 631a.11(a), the definition it uses and the section of definitions
    assert m.reasons == ["3 clause(s) not verified (blocked: the game broke § 631a.11(c)(1))"]


def test_a_definition_of_an_option_not_offered_never_fails(mini) -> None:
    corpus, _ = mini
    text = DISPOSITIONS.replace('clause = "631a.1[Natural]"\nused_by', 'clause = "631a.1[Natural]"\n'
                                'option = "variant.ez_baccarat"\nused_by')
    scenarios = [ScenarioInfo(file="x.feature", line=i + 1, name=f"checks {cid}", keyword="Scenario",
                              tags=((corpus.get(cid).tag, i + 1),), clauses=(cid,)) for i, cid in enumerate(TAGGED)]
    coverage = resolve_coverage(corpus, parse_dispositions(text, corpus, "mini.toml"), scenarios)
    failing = PASSING + [entry("631a.11(a)", "failed", "nonconformance", 9, "58 Pa. Code § 631a.11(a): stop")]
    for offered, want in (({"variant.ez_baccarat": False}, "not_offered"), ({"variant.ez_baccarat": True}, "fail"),
                          (None, "fail")):
        m = build_matrix(corpus, coverage, failing, RunInfo(as_of=AS_OF, offered=offered))
        row = next(r for r in m.rows if r["id"] == "631a.1[Natural]")
        assert row["result"] == want, offered
        if want == "not_offered":
            assert row["result_detail"] == "the Rules Submission does not offer variant.ez_baccarat"


# ------------------------------------------------------------------ a selection (-m, -k)
def test_a_selection_judges_only_the_selected_clauses(mini) -> None:
    selected = ["631a.11(a)", "631a.11(b)(1)"]
    ran = [entry(c) for c in selected]
    m = build(mini, ran, **{**DONE, "selected_clauses": selected, "selection": {"-m": "631a.11.a or 631a.11.b.1"}})
    got = results_by_id(m)
    assert got["631a.11(a)"] == got["631a.11(b)(1)"] == "pass"
    assert got["631a.11(g)"] == got["631a.11(c)(2)(i)"] == "not_selected"
    row = next(r for r in m.rows if r["id"] == "631a.11(g)")
    assert row["result_label"] == "not selected" and "-m 631a.11.a or 631a.11.b.1" in row["result_detail"]
    assert exit_code(m, allow_pending=True)[0] == 0
    assert any("not selected" in why for why in exit_code(m, allow_pending=True)[1])
    assert m.as_dict()["selection"] == {"options": {"-m": "631a.11.a or 631a.11.b.1"}, "selected": 2,
                                        "not_selected": m.totals["all"]["not_selected"], "whole_suite": False}


def test_manual_clauses_outside_a_selection_are_not_selected(mini) -> None:
    """Issue 34, item 8: a manual clause has no scenario to select, so a selection leaves it
    *not selected*; the whole suite (no -m, -k or node ids) still counts it pending."""
    selected = [c for c in TAGGED if c.startswith("631a.11")]
    ran = [entry(c) for c in selected]
    m = build(mini, ran, attestations=[], waivers=[], pytest_exit_status=0, selected_clauses=selected,
              selection={"-m": "631a.11"})
    got = results_by_id(m)
    assert got["631a.4(a)"] == got["631a.4(c)"] == "not_selected" and got["631a.4(b)"] == "not_offered"
    row = next(r for r in m.rows if r["id"] == "631a.4(a)")
    assert "manual inspection, outside the selection (-m 631a.11)" in row["result_detail"]
    assert exit_code(m)[0] == 0, m.reasons
    whole = build(mini, ran, attestations=[], waivers=[], pytest_exit_status=0, selected_clauses=selected)
    assert results_by_id(whole)["631a.4(a)"] == "manual_pending" and exit_code(whole)[0] == 4
    # an attestation still stands in a selection
    att = build(mini, ran, attestations=[Attestation("631a.4(c)", "fail", "J", AS_OF, "e")], waivers=[],
                pytest_exit_status=0, selected_clauses=selected, selection={"-m": "631a.11"})
    assert results_by_id(att)["631a.4(c)"] == "manual_fail" and exit_code(att)[0] == 1


def test_a_selection_of_expired_scenarios_judged_nothing(mini) -> None:
    """Issue 34, item 8: every selected scenario expired (``-m 629b`` after 2026-08-04): exit 4,
    and the verdict's last line says nothing was judged, never a pass."""
    dated = [entry("629b.4(b)", "skipped", "expired", message="expired on 2024-09-04: ...")]
    m = build(mini, dated, attestations=[], waivers=[], pytest_exit_status=0, selected_clauses=["629b.4(b)"],
              selection={"-m": "629b"})
    code, reasons = exit_code(m, allow_pending=True)
    assert code == 4
    assert reasons == ["nothing judged: every scenario selected is expired on 2025-01-01 (1 scenario(s), "
                       "-m 629b; --include-expired tests the expired ones)"]
    tested = build(mini, [entry("629b.4(b)")], attestations=[], waivers=[], pytest_exit_status=0,
                   selected_clauses=["629b.4(b)"], selection={"-m": "629b"}, include_expired=True)
    assert exit_code(tested)[0] == 0, tested.reasons
    mixed = build(mini, dated + [entry("631a.11(a)")], attestations=[], waivers=[], pytest_exit_status=0,
                  selected_clauses=["629b.4(b)", "631a.11(a)"], selection={"-m": "629b or 631a.11.a"})
    assert exit_code(mixed)[0] == 0, mixed.reasons


def test_a_selected_clause_that_did_not_run_is_still_not_run(mini) -> None:
    selected = ["631a.11(a)", "631a.11(g)"]
    m = build(mini, [entry("631a.11(a)")], **{**DONE, "selected_clauses": selected, "interrupted": True})
    assert results_by_id(m)["631a.11(g)"] == "not_run"
    assert exit_code(m, allow_pending=True)[0] == 4
    m = build(mini, [entry("631a.11(a)")], **{**DONE, "selected_clauses": selected})
    assert results_by_id(m)["631a.11(g)"] == "not_run" and exit_code(m, allow_pending=True)[0] == 4


def test_without_a_recorded_selection_every_clause_counts(mini) -> None:
    m = build(mini, [entry("631a.11(a)")], **DONE)  # an older session.json: no selected_clauses
    assert "not_selected" not in results_by_id(m).values()
    assert exit_code(m, allow_pending=True)[0] == 4


# ------------------------------------------------------------------ the HTML and the totals CSV
def test_the_html_reads_top_down_in_force_chapters_first(mini, tmp_path: Path) -> None:
    paths = write_matrix(build(mini), tmp_path)
    html = paths["html"].read_text(encoding="utf-8")
    assert html.index("Verdict:") < html.index("<h2>Totals</h2>") < html.index("id='chapter-631a'") \
        < html.index("id='chapter-629b'")  # 629b expired on the as-of date: after the chapter in force
    assert "<details class='chapter' id='chapter-631a' open>" in html
    assert "<details class='chapter' id='chapter-629b'>" in html  # folded


def test_the_totals_csv_is_numeric(mini, tmp_path: Path) -> None:
    m = build(mini)
    write_matrix(m, tmp_path)
    rows = list(csv.DictReader((tmp_path / "matrix-totals.csv").read_text(encoding="utf-8").splitlines()))
    assert [r["chapter"] for r in rows] == ["631a", "629b", "all"]
    for r in rows:
        assert int(r["clauses"]) == sum(m.totals[r["chapter"]].values())
        assert all(int(r[k]) == m.totals[r["chapter"]].get(k, 0) for k in AGGREGATE_ORDER)


def test_a_table_in_a_clause_renders_as_a_table_and_interpretations_stand_beside_their_clause(tmp_path) -> None:
    from baccarat_conformance.reports.matrix_html import quoted_table

    corpus = load_corpus()
    text = corpus.by_id["631c.7(d)[table]"].text
    cells = table_cells(text)
    assert cells and cells[1] == ["Outcome", "Payback"] and not any("<" in c or "|" in c for r in cells for c in r)
    lines = quoted_table(cells)
    assert lines[0]["title"] and lines[0]["span"] == 2 and lines[1]["head"] and not lines[2]["head"]
    named = next(i for i in corpus.interpretations)
    sections = {"631c.7"} | {corpus.by_id[c].section for c in named.clauses}
    small = Corpus([c for c in corpus.clauses if c.section in sections], corpus.interpretations, corpus.editions)
    coverage = resolve_coverage(small, parse_dispositions("", small, "none.toml"), [])
    m = build_matrix(small, coverage, [], RunInfo(as_of=AS_OF))
    html = write_matrix(m, tmp_path)["html"].read_text(encoding="utf-8")
    assert "<th>Outcome</th><th>Payback</th>" in html and "<td>25 to 1</td>" in html
    assert "| <i>" not in html and "&lt;i&gt;" not in html
    row = next(r for r in m.rows if r["id"] == named.clauses[0])
    assert row["interpretations"][0]["name"] == named.name
    assert f"<b>Interpretation {named.name}</b>" in html


def test_the_html_escapes_what_it_shows(mini, tmp_path: Path) -> None:
    evil = [entry("631a.11(a)", "failed", "protocol error", message="[protocol error] <script>alert(1)</script>")]
    html = write_matrix(build(mini, evil), tmp_path)["html"].read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_game_math_section_is_shown_when_its_data_is_given(mini, tmp_path: Path) -> None:
    m = build(mini)
    html = write_matrix(m, tmp_path)["html"].read_text(encoding="utf-8")
    assert "Game math" not in html
    html = write_matrix(m, tmp_path, game_math={"par_sheet": {"banker": {"house_edge": "0.0106"}},
                                                  "images": ["banker.png"]})["html"].read_text(encoding="utf-8")
    assert "<h2 id='game-math'>Game math</h2>" in html and "banker.house_edge" in html and "src='banker.png'" in html


# ------------------------------------------------- the game's identity and CSV cells (issue 36, item 3)
def test_the_games_identity_reaches_the_reports_escaped_bounded_and_never_a_formula(tmp_path: Path) -> None:
    """A real run of a game whose ``describe`` identity carries ESC, BEL, CR, NUL, a C1 CSI,
    a bidirectional override and a spreadsheet formula, 5,000 characters long."""
    import os

    from baccarat_conformance import cli

    from tests.proofs.suite_runner import REPO

    out = tmp_path / "run"
    old = Path.cwd()
    os.chdir(REPO)
    try:
        code = cli.main(["run", "--out", str(out), "--depth", "smoke", "--progress", "off", "--no-html",
                         "--allow-pending", "--game", "tests.games.broken_games_matrix:hostile_identity", "--",
                         "-m", "631a.6"])
    finally:
        os.chdir(old)
    assert code in (0, 4), code
    raw_csv = (out / "matrix.csv").read_text(encoding="utf-8")
    html = (out / "matrix.html").read_text(encoding="utf-8")
    for text in (raw_csv, html, (out / "session.json").read_text(encoding="utf-8")):
        for bad in "\x1b\x07\x00\x9b\u202e\r":
            assert bad not in text, repr(bad)
    row = next(r for r in csv.DictReader(raw_csv.splitlines()) if r["id"] == "game under test")
    assert row["excerpt"].startswith("'=HYPERLINK(")  # text, not a formula
    assert "\\x1b[2J\\x1b[H\\x0dverdict: CONFORMANT\\x07\\x00\\x9b31m\\u202e" in row["excerpt"]
    assert len(row["excerpt"]) < 700 and "A" * 100 in row["excerpt"] and "A" * 300 not in row["excerpt"]
    assert "\\x1b[2J" in html and "A" * 300 not in html


def test_every_csv_cell_that_a_spreadsheet_would_run_is_neutralised(mini, tmp_path: Path) -> None:
    """OWASP's CSV-injection rule, in every cell of matrix.csv and matrix-totals.csv: a cell
    beginning with =, +, -, @, tab or CR gets a leading quote; a plain number stays a number."""
    from baccarat_conformance.inputs.input_bounds import csv_cell

    for attack in ("=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "-cmd|' /C calc'!A0", "=HYPERLINK(\"x\")"):
        assert csv_cell(attack) == "'" + attack
    for kept in ("-0.0124", "-1/100", "-3e-05", "12", "pass", "", "a=b", 7, None):
        assert csv_cell(kept) == kept
    m = build(mini, results=[entry("631a.11(a)", "failed", "nonconformance", message="=HYPERLINK(\"evil\")"),
                             *RESULTS[1:]],
              game_under_test={"name": "@evil", "vendor": "-x", "version": "+1"})
    m.rows[0]["excerpt"] = "=cmd|' /C calc'!A0"
    m.rows[1]["result_detail"] = "\t=1+1"
    paths = write_matrix(m, tmp_path)
    for path in (paths["csv"], tmp_path / "matrix-totals.csv"):
        for row in csv.reader(path.read_text(encoding="utf-8").splitlines()):
            for cell in row:
                assert not cell or cell[0] not in "=+-@\t\r", (path.name, cell)
    rows = list(csv.DictReader(paths["csv"].read_text(encoding="utf-8").splitlines()))
    assert rows[0]["excerpt"] == "'=cmd|' /C calc'!A0" and rows[1]["result_detail"] == "'\t=1+1"
    assert rows[-1]["excerpt"] == "'@evil +1 (-x)"


def test_no_csv_is_written_but_through_the_one_helper() -> None:
    """Every CSV writer of the harness is ``input_bounds.csv_writer`` (matrix.csv,
    matrix-totals.csv, the par sheet's CSV, ``clauses --format csv``)."""
    from tests.unit.test_atomic_files import _package_files

    found = [f"{p.name}:{n}" for p in _package_files() if p.name != "input_bounds.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if "csv.writer(" in line or "csv.DictWriter(" in line]
    assert not found, found
