"""Modification submissions (issue 28): ``baccarat-conformance diff OLD NEW`` compares two
sealed evidence packages clause by clause.

Two real small runs (§ 631a.11(b) and § 631a.12(b): the clauses the tests read) are
sealed: the reference game's and a broken game's (the Player's Hand stands on 5,
§ 631a.11(b)(1)); they are diffed both ways, against themselves, and with a tampered
package. The comparison's rules (which change is a regression, which a verification
lost, schemas, Rules Submission and identity fields) are shown on the matrices of those
runs, edited.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.reports import seal as S
from baccarat_conformance.reports.evidence_diff import printable, read_run
from baccarat_conformance.reports.package_check import read_members
from baccarat_conformance.verdict.diff import RunRecord, SchemaMismatch, compare

from tests.proofs.suite_runner import REPO

MARKS = "631a.11.b or 631a.12.b"  # 11 scenarios (all of § 631a.11 and § 631a.12: 83)


def main(*argv: str) -> int:
    return cli.main(list(argv))


def _sealed_run(root: Path, name: str, *game: str) -> Path:
    out = root / name
    old = Path.cwd()
    os.chdir(REPO)
    try:
        code = main("run", "--out", str(out), "--depth", "smoke", "--progress", "off", "--no-html",
                    "--allow-pending", *game, "--", "-m", MARKS)
    finally:
        os.chdir(old)
    assert code in (0, 1), code
    assert main("seal", str(out)) == 0
    return root / f"{name}.evidence.tar.gz"


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("diff")
    return {"reference": _sealed_run(root, "reference"),
            "broken": _sealed_run(root, "broken", "--game", "tests.games.broken_games:player_stands_on_5"),
            "root": root}


def test_a_regression_names_its_clause_and_exits_1(packages, capsys, tmp_path):
    code = main("diff", str(packages["reference"]), str(packages["broken"]), "--out", str(tmp_path))
    text = capsys.readouterr().out
    assert code == 1, text
    assert "REGRESSION: § 631a.11(b)(1): pass -> fail" in text
    assert "(1 regression, 0 verification lost" in text  # the parents roll up the leaf: counted once
    assert "REGRESSION: § 631a.11(b): pass -> fail (rolls up § 631a.11(b)(1))" in text
    data = json.loads((tmp_path / "diff.json").read_text())
    assert data["exit_code"] == 1 and data["counts"]["regression"] == 1
    leaf = next(c for c in data["clauses"] if c["clause"] == "631a.11(b)(1)")
    assert leaf["effect"] == "regression" and leaf["old"]["result"] == "pass" and leaf["new"]["result"] == "fail"
    assert any(s["result"] == "fail" and s["failed_clause"] == "631a.11(b)(1)" for s in leaf["new"]["scenarios"])
    html = (tmp_path / "diff.html").read_text()
    assert "§ 631a.11(b)(1)" in html and "diff exit status 1" in html


def test_the_other_way_round_nothing_got_worse(packages, capsys):
    code = main("diff", str(packages["broken"]), str(packages["reference"]))
    text = capsys.readouterr().out
    assert code == 0, text
    assert "changed: § 631a.11(b)(1): fail -> pass" in text
    assert "diff exit status 0: no clause got worse" in text


def test_a_run_against_itself_has_no_differences(packages, capsys):
    code = main("diff", str(packages["reference"]), str(packages["reference"]))
    text = capsys.readouterr().out
    assert code == 0 and "no differences" in text, text


def test_a_tampered_package_is_refused_before_any_diff_is_printed(packages, capsys, tmp_path):
    members = read_members(packages["broken"])
    matrix = json.loads(members["run/matrix.json"])
    matrix["verdict"]["exit_code"] = 0
    members["run/matrix.json"] = json.dumps(matrix).encode()
    forged = tmp_path / "forged.evidence.tar.gz"
    forged.write_bytes(S._tar(members))
    code = main("diff", str(packages["reference"]), str(forged), "--out", str(tmp_path / "out"))
    captured = capsys.readouterr()
    assert code == 3
    assert captured.out == "" and not (tmp_path / "out").exists()
    assert "NEW" in captured.err and "does not verify" in captured.err and "run/matrix.json" in captured.err


def _record(package: Path) -> RunRecord:
    return read_run(package)


def _with(record: RunRecord, **changes) -> RunRecord:
    fields = {"name": record.name, "manifest": record.manifest, "matrix": copy.deepcopy(record.matrix),
              "describe": copy.deepcopy(record.describe), "profile": copy.deepcopy(record.profile),
              "inputs": dict(record.inputs)}
    fields.update(changes)
    return RunRecord(**fields)


def _set_result(record: RunRecord, clause: str, result: str) -> RunRecord:
    new = _with(record)
    row = next(r for r in new.matrix["rows"] if r["id"] == clause)
    row["result"] = result
    row["result_label"] = result
    return new


def test_a_clause_gone_unverified_exits_4_and_a_failure_wins(packages):
    ref = _record(packages["reference"])
    unverified = _set_result(ref, "631a.12(b)", "not_verified")
    diff = compare(ref, unverified)
    assert [c.clause for c in diff.by_effect("verification_lost")] == ["631a.12(b)"] and diff.exit_code == 4
    for result in ("not_selected", "not_run", "manual_pending", "error"):
        assert compare(ref, _set_result(ref, "631a.12(b)", result)).exit_code == 4, result
    both = _set_result(unverified, "631a.11(b)(1)", "fail")
    assert compare(ref, both).exit_code == 1
    # an unverified clause that fails now is a regression; a failing one that is unverified now is not worse
    assert compare(unverified, _set_result(ref, "631a.12(b)", "fail")).exit_code == 1
    assert compare(_set_result(ref, "631a.12(b)", "fail"), unverified).exit_code == 0
    # pass -> not offered (the Rules Submission no longer offers it) is a change, not a loss
    assert compare(ref, _set_result(ref, "631a.12(b)", "not_offered")).exit_code == 0


def test_the_rules_submission_identity_and_harness_are_compared_field_by_field(packages):
    ref = _record(packages["reference"])
    profile = copy.deepcopy(ref.profile)
    profile["rules_submission"]["tie_odds"] = "9 to 1"
    describe = copy.deepcopy(ref.describe)
    describe["game"]["version"] = "0.3.0"
    describe["capabilities"] = [c for c in describe["capabilities"] if c != "stacked_shoe"]
    manifest = dict(ref.manifest, harness_version="baccarat-conformance 9.9.9")
    diff = compare(ref, _with(ref, profile=profile, describe=describe, manifest=manifest))
    assert [(c.path, c.old, c.new) for c in diff.rules_submission] == [("rules_submission.tie_odds", "8 to 1", "9 to 1")]
    assert ("game.version", "0.2.0", "0.3.0") in [(c.path, c.old, c.new) for c in diff.identity]
    assert ("capabilities[stacked_shoe]", "declared", None) in [(c.path, c.old, c.new) for c in diff.identity]
    assert [c.new for c in diff.harness] == ["baccarat-conformance 9.9.9"]
    assert not diff.clauses and diff.exit_code == 0 and not diff.empty


def test_matrices_of_different_schemas_are_not_compared(packages):
    ref = _record(packages["reference"])
    other = _with(ref)
    other.matrix["schema"] = 2
    with pytest.raises(SchemaMismatch, match="different schemas"):
        compare(ref, other)


def test_text_from_a_package_is_escaped_on_the_console():
    assert printable("\x1b[2J\x1b[Hverify: OK\u202e") == "\\x1b[2J\\x1b[Hverify: OK\\u202e"
    assert printable("x" * 500, limit=10) == "x" * 9 + "…"


def test_diff_out_replaces_a_planted_link_and_never_writes_through_it(packages, capsys, tmp_path):
    """Issue 36, item 1: DIR/diff.json a link to another file; that file is left as it was."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "diff.json").symlink_to(victim)
    (out / "diff.html").symlink_to(victim)
    code = main("diff", str(packages["reference"]), str(packages["broken"]), "--out", str(out))
    capsys.readouterr()
    assert code == 1
    assert victim.read_text() == "precious\n"
    assert not (out / "diff.json").is_symlink() and json.loads((out / "diff.json").read_text())["exit_code"] == 1
    assert not (out / "diff.html").is_symlink() and "diff exit status 1" in (out / "diff.html").read_text()


@pytest.fixture(scope="module")
def signed(packages: dict[str, Path]) -> dict[str, Path]:
    """The broken run sealed again, signed by a fresh key (the lab's, or anyone's)."""
    root = packages["root"]
    key = root / "lab.key"
    assert main("keygen", str(key)) == 0
    package = root / "broken-signed.evidence.tar.gz"
    assert main("seal", str(root / "broken"), "--key", str(key), "-o", str(package)) == 0
    return {"package": package, "pubkey": root / "lab.key.pub"}


def test_diff_says_each_sides_signature_before_the_comparison_and_in_its_files(packages, signed, capsys, tmp_path):
    """Issue 36, item 2: unsigned, signed by a key not checked, signed by the trusted key."""
    code = main("diff", str(packages["reference"]), str(signed["package"]), "--out", str(tmp_path))
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert lines[1] == "old signature: unsigned", lines
    assert lines[3].startswith("new signature: signed by key with fingerprint ")
    assert lines[3].endswith(", not checked against a trusted key (give --pubkey)")
    assert lines[-1] == ("diff exit status 1: regression: a clause went to fail; no trusted key: the packages' "
                         "signers were not checked against one, so anyone could have sealed them (give --pubkey)")
    data = json.loads((tmp_path / "diff.json").read_text())
    assert data["signatures"]["old"] == "unsigned" and data["signatures"]["trusted"] is False
    assert data["signatures"]["new"] == lines[3].removeprefix("new signature: ")
    html = (tmp_path / "diff.html").read_text()
    assert "Old signature: <span class=\"signature\">unsigned</span>" in html and "no trusted key" in html

    code = main("diff", str(signed["package"]), str(signed["package"]), "--pubkey", str(signed["pubkey"]),
                "--out", str(tmp_path))
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    for line in lines[1], lines[3]:
        assert line.startswith("signed by the trusted key ", len("old signature: ")) and line.endswith(": valid")
    assert lines[-1] == "diff exit status 0: no clause got worse"
    data = json.loads((tmp_path / "diff.json").read_text())
    assert data["signatures"]["trusted"] is True and "no trusted key" not in (tmp_path / "diff.html").read_text()


def test_the_game_factory_belongs_to_the_identity_compared(packages, capsys, tmp_path):
    """Issue 36, item 6: the same describe answer from two --game factories is two games."""
    code = main("diff", str(packages["reference"]), str(packages["broken"]), "--out", str(tmp_path))
    text = capsys.readouterr().out
    assert code == 1
    assert "game identity (describe): 1 difference(s)" in text, text
    assert "  run.game: null -> tests.games.broken_games:player_stands_on_5" in text
    identity = json.loads((tmp_path / "diff.json").read_text())["identity"]
    assert identity == [{"path": "run.game", "old": None, "new": "tests.games.broken_games:player_stands_on_5"}]
    html = (tmp_path / "diff.html").read_text()
    section = html.split("<h2>Game identity (describe)</h2>", 1)[1].split("<h2>", 1)[0]
    assert "No difference" not in section and "tests.games.broken_games:player_stands_on_5" in section


def test_the_adapters_target_belongs_to_the_identity_compared(packages):
    ref = _record(packages["reference"])
    one = dict(ref.manifest, run=dict(ref.manifest["run"], adapter="http", game=None, target="http://127.0.0.1:8765"))
    two = dict(one, run=dict(one["run"], target="http://127.0.0.1:8766"))
    diff = compare(_with(ref, manifest=one), _with(ref, manifest=two))
    assert [(c.path, c.old, c.new) for c in diff.identity] == [
        ("run.target", "http://127.0.0.1:8765", "http://127.0.0.1:8766")]
    assert compare(_with(ref, manifest=one), _with(ref, manifest=one)).empty
