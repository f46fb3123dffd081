"""Replay from a sealed evidence package (issue 17 item 3).

One small real run against a broken game (the Player's Hand stays on 5:
``tests.games.broken_games:player_stands_on_5``) fails one stacked scenario and one property
scenario of § 631a.11; the run is sealed, and each failure is replayed from the package:
against the same broken game it shows the same failure (clause and message), against the
reference game it passes. A tampered package is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.commands.replay import ReplayError, exit_status, pytest_target, select
from baccarat_conformance.reports import package_check as P
from baccarat_conformance.reports import seal as S
from baccarat_conformance.run.session import redacted_command_line

from tests.proofs.suite_runner import REPO
from tests.user.test_seal import flip, relist, rewrite

AS_OF = "2025-07-01"
BROKEN = "tests.games.broken_games:player_stands_on_5"
REFERENCE = "baccarat_conformance.reference_game:create_game"
STACKED = "test_the_players_hand_draws_on_a_point_count_of_0_to_5"  # a parametrized, stacked scenario
PROPERTY = "test_every_hand_of_any_stacked_shoe_draws_or_stays"  # a hypothesis property scenario
CLAUSE = "631a.11(b)(1)"


def main(*argv: str) -> int:
    return cli.main(list(argv))


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The broken game's run of one stacked and one property scenario of § 631a.11, sealed."""
    root = tmp_path_factory.mktemp("replay")
    out = root / "reports"
    old = Path.cwd()
    os.chdir(REPO)
    try:
        code = main("run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--progress", "off", "--no-html",
                    "--allow-pending", "--game", BROKEN, "--", "-m", "631a.11", "-k", f"{STACKED} or {PROPERTY}")
    finally:
        os.chdir(old)
    assert code == 1, code
    assert main("seal", str(out)) == 0
    entries = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    failed = {next(n for n in (STACKED, PROPERTY) if n in e["nodeid"]): e for e in entries if e["outcome"] == "failed"}
    assert set(failed) == {STACKED, PROPERTY}, entries
    return {"root": root, "out": out, "package": root / "reports.evidence.tar.gz", "entries": entries,
            "failed": failed}


def replay(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main("replay", *argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ------------------------------------------------------------------ the replay record
def test_every_failed_scenario_carries_a_replay_record(run: dict) -> None:
    packaged_profile = P.read_members(run["package"])["inputs/profile.toml"]
    for entry in run["entries"]:
        assert ("replay" in entry) == (entry["outcome"] == "failed"), entry
    for name, entry in run["failed"].items():
        r = entry["replay"]
        assert r["scenario"] == entry["nodeid"]
        assert r["profile"]["given"] == "baccarat"
        assert r["profile"]["sha256"] == hashlib.sha256(packaged_profile).hexdigest()
        assert r["adapter"] == {"adapter": "library", "game": BROKEN}
        assert r["options"]["depth"] == "smoke" and r["options"]["as_of"] == AS_OF
        assert r["options"]["include_expired"] is False
        assert r["shoes_sent"] >= 1 and r["shoes"] and r["shoes_omitted"] == r["shoes_sent"] - len(r["shoes"])
    stacked = run["failed"][STACKED]["replay"]
    # the stack actually sent is the one the scenario's example names (its node id carries it)
    assert [" ".join(s["cards"]) for s in stacked["shoes"]] == ["5C 7D KH QS 2C 3D"], stacked
    assert stacked["options"]["replay_example"] is None
    prop = run["failed"][PROPERTY]["replay"]
    assert prop["options"]["replay_example"].startswith(f"{PROPERTY}") and ":" in prop["options"]["replay_example"]


def test_the_package_holds_describe_the_command_line_and_the_times(run: dict) -> None:
    members = P.read_members(run["package"])
    described = json.loads(members["run/describe.json"])
    assert described["adapter"] == "library" and "stacked_shoe" in described["describe"]["capabilities"]
    manifest = json.loads(members["manifest.json"])
    facts = manifest["run"]
    assert facts["command_line"][:2] == ["baccarat-conformance", "run"] and BROKEN in facts["command_line"]
    assert facts["pytest_command_line"][0] == "pytest" and "--results-log" in facts["pytest_command_line"]
    assert facts["started"] <= facts["finished"]
    missing = {m["what"] for m in manifest["missing"]}
    assert not missing & {"the game's describe answer", "the run's command line", "the time the run started",
                          "the time the run finished"}, missing
    assert S.verify(run["package"]).files == len(manifest["files"])  # replay records rebuild the same matrix


def test_the_command_line_is_redacted() -> None:
    env = {"BACCARAT_GAME_TOKEN": "tok-s3cret-value"}
    line = redacted_command_line(["baccarat-conformance", "run", "--adapter", "http", "--", "--url",
                                  "https://lab:hunter2@game.example:8443", "--note=tok-s3cret-value"], env)
    text = " ".join(line)
    assert "hunter2" not in text and "tok-s3cret-value" not in text
    assert "https://lab:<redacted>@game.example:8443" in line


# ------------------------------------------------------------------ replay
@pytest.mark.parametrize("name", [STACKED, PROPERTY])
def test_replay_shows_the_same_failure_against_the_broken_game(run: dict, name: str, capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    entry = run["failed"][name]
    code, out, err = replay(capsys, str(run["package"]), "--scenario", entry["nodeid"], "--game", BROKEN)
    assert code == 1, out + err
    assert f"against library {BROKEN}" in out
    assert out.startswith(f"{run['package']}: unsigned: anyone could have written this package")
    assert "the same failure as recorded" in out, out
    replayed = next(line for line in out.splitlines() if line.strip().startswith("replayed:"))
    assert replayed.strip() == f"replayed: failed (nonconformance): {entry['message']}"
    assert entry["failed_clause"] == CLAUSE and entry["message"].startswith(f"§ {CLAUSE}: ")


@pytest.mark.parametrize("name", [STACKED, PROPERTY])
def test_replay_against_the_reference_game_passes(run: dict, name: str, capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = replay(capsys, str(run["package"]), "--scenario", name, "--game", REFERENCE)
    assert code == 0, out + err
    assert "replayed: passed" in out and f"against library {REFERENCE}" in out


def test_replay_over_http_passes_the_adapter_options_on(run: dict, capsys, monkeypatch) -> None:
    """The reference game as a real HTTP server: the adapter's own options follow ``--``."""
    from tests.games.misbehaving_servers import serve

    monkeypatch.chdir(REPO)
    with serve() as url:
        code, out, err = replay(capsys, str(run["package"]), "--scenario", STACKED, "--adapter", "http", "--",
                                "--url", url)
    assert code == 0, out + err
    assert "against http;" in out and "replayed: passed" in out


def test_replay_from_the_run_folder(run: dict, capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = replay(capsys, str(run["out"]), "--scenario", STACKED, "--game", BROKEN)
    assert code == 1 and "the same failure as recorded" in out, out + err
    assert "not a sealed package: nothing was verified" in out.splitlines()[0]


def test_a_tampered_package_is_refused_naming_the_file(run: dict, capsys, tmp_path: Path) -> None:
    bad = rewrite(run["package"], tmp_path / "bad.tar.gz",
                  lambda m: m.__setitem__("run/results.jsonl", flip(m["run/results.jsonl"])))
    code, out, err = replay(capsys, str(bad), "--scenario", STACKED)
    assert code == 3 and "run/results.jsonl" in err and "FAILED verification" in err, err
    assert "replayed:" not in out


def test_a_clause_matching_several_scenarios_lists_them(run: dict, capsys) -> None:
    code, out, err = replay(capsys, str(run["package"]), "--scenario", CLAUSE)
    assert code == 3 and "matches 2 scenarios" in err, err
    assert all(e["nodeid"] in err for e in run["failed"].values())
    code, _, err = replay(capsys, str(run["package"]), "--scenario", "631a.99")
    assert code == 3 and "matches no failed or blocked scenario" in err and STACKED in err


def test_a_changed_profile_is_refused(run: dict, capsys, tmp_path: Path) -> None:
    """The packaged profile must be the one the scenario ran with (its hash is in the record)."""
    def change(members: dict) -> None:
        entries = [json.loads(line) for line in members["run/results.jsonl"].decode().splitlines()]
        for e in entries:
            if "replay" in e:
                e["replay"]["profile"]["sha256"] = "0" * 64
        members["run/results.jsonl"] = "".join(json.dumps(e) + "\n" for e in entries).encode()

    folder = tmp_path / "run"
    folder.mkdir()
    members = P.read_members(run["package"])
    change(members)
    (folder / "results.jsonl").write_bytes(members["run/results.jsonl"])
    code, _, err = replay(capsys, str(folder), "--scenario", STACKED)
    assert code == 3 and "is not the one the scenario ran with" in err, err


def with_record(run: dict, dst: Path, **changes: dict) -> Path:
    """The run's package with the STACKED scenario's replay record changed (``changes``:
    section -> {field: value}), its manifest entry updated (the package is unsigned)."""
    def change(members: dict) -> None:
        lines = []
        for line in members["run/results.jsonl"].decode().splitlines():
            entry = json.loads(line)
            if STACKED in entry["nodeid"] and "replay" in entry:
                for section, fields in changes.items():
                    entry["replay"][section].update(fields)
            lines.append(json.dumps(entry) + "\n")
        members["run/results.jsonl"] = "".join(lines).encode()
        relist(members, "run/results.jsonl")

    return rewrite(run["package"], dst, change)


def test_an_unsigned_record_never_imports_a_game_from_the_current_folder(run: dict, capsys, tmp_path: Path,
                                                                         monkeypatch) -> None:
    """Issue 26 item 18: with no --game, a recorded ``planted:create_game`` was imported
    from the current folder (running whatever a forger left there)."""
    forged = with_record(run, tmp_path / "forged.tar.gz", adapter={"game": "planted:create_game"})
    work = tmp_path / "work"
    work.mkdir()
    (work / "planted.py").write_text("import pathlib\npathlib.Path(__file__).with_name('IMPORTED').touch()\n"
                                     "from baccarat_conformance.reference_game import create_game\n")
    monkeypatch.chdir(work)
    code, out, err = replay(capsys, str(forged), "--scenario", STACKED)
    assert not (work / "IMPORTED").exists(), out + err
    assert code != 0 and out.startswith(f"{forged}: unsigned"), out + err
    assert "never from the current folder" in out


@pytest.mark.parametrize("section, field, value", [("options", "hypothesis_profile", "--help"),
                                                   ("options", "depth", "--help"),
                                                   ("options", "as_of", "--collect-only"),
                                                   ("adapter", "adapter", "-p planted"),
                                                   ("options", "include_expired", "yes")])
def test_recorded_text_never_reaches_pytest_as_an_option(run: dict, capsys, tmp_path: Path, section: str,
                                                         field: str, value: str) -> None:
    """Issue 26 item 18: a recorded hypothesis_profile of "--help" reached pytest as an option."""
    forged = with_record(run, tmp_path / "forged.tar.gz", **{section: {field: value}})
    code, out, err = replay(capsys, str(forged), "--scenario", STACKED, "--game", REFERENCE)
    assert code == 3 and f"replay.{section}.{field}" in err, out + err
    assert "replayed:" not in out and "usage:" not in out + err


# ------------------------------------------------------------------ units
def test_select_by_node_id_clause_tag_or_name() -> None:
    entries = [{"nodeid": "features/test_631a.py::test_a[1]", "failed_clause": "631a.11(b)(1)", "clauses": ["631a.11"],
                "outcome": "failed", "category": "nonconformance", "replay": {}},
               {"nodeid": "features/test_631a.py::test_b", "blocked_by": "631a.9(c)", "clauses": ["631a.10(c)"],
                "outcome": "skipped", "category": "blocked", "replay": {}}]
    assert select(entries, "features/test_631a.py::test_b")["nodeid"].endswith("test_b")
    assert select(entries, "631a.11.b.1")["nodeid"].endswith("test_a[1]")
    assert select(entries, "631a.9(c)")["nodeid"].endswith("test_b")  # the clause that blocked it
    assert select(entries, "test_a")["nodeid"].endswith("test_a[1]")
    with pytest.raises(ReplayError, match="matches 2 scenarios"):
        select(entries, "features/test_631a.py")


def test_pytest_target_and_exit_status() -> None:
    target = pytest_target("features/test_631a.py::test_x[5C 7D]")
    assert target[:2] == ["--pyargs", "baccarat_conformance.features.test_631a::test_x[5C 7D]"]
    with pytest.raises(ReplayError, match="not a scenario of the installed suite"):
        pytest_target("tests/user/test_cli.py::test_y")
    assert exit_status({"outcome": "passed"}, 0) == 0
    assert exit_status({"outcome": "failed", "category": "nonconformance"}, 1) == 1
    assert exit_status({"outcome": "failed", "category": "protocol error"}, 1) == 2
    assert exit_status({"outcome": "skipped", "category": "blocked"}, 0) == 4
    assert exit_status(None, 4) == 3 and exit_status(None, 5) == 4


def test_a_blocked_scenario_carries_a_replay_record_and_replays_blocked(tmp_path: Path, capsys, monkeypatch) -> None:
    """A scenario blocked by another rule the game broke replays blocked again (exit 4)."""
    monkeypatch.chdir(REPO)
    out = tmp_path / "reports"
    game = "tests.games.broken_games_631a:banker_stands_on_4_and_5_when_player_stands"
    code = main("run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--progress", "off", "--no-html",
                "--allow-pending", "--game", game,
                "--", "-m", "631a.9 and not property")
    assert code == 4, code
    entries = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    [blocked] = [e for e in entries if e["category"] == "blocked"]
    assert blocked["replay"]["scenario"] == blocked["nodeid"] and blocked["replay"]["shoes_sent"] == 1
    assert " ".join(blocked["replay"]["shoes"][0]["cards"]) in blocked["nodeid"]  # the stack of its example
    assert main("seal", str(out)) == 0
    code, text, err = replay(capsys, str(tmp_path / "reports.evidence.tar.gz"), "--scenario", "631a.11(c)(1)",
                               "--game", game)
    assert code == 4 and "replayed: skipped (blocked)" in text and "the same failure as recorded" in text, text + err


class _Config:
    """Stands in for a pytest config with the options of a run."""

    def __init__(self, **options: object):
        self.options = options

    def getoption(self, name: str) -> object:
        key = name.lstrip("-").replace("-", "_")
        if key not in self.options:
            raise ValueError(name)
        return self.options[key]


def test_a_crashed_scenario_has_a_record_without_shoes() -> None:
    from baccarat_conformance.run.replay_record import ReplayContext, needs_replay

    ctx = ReplayContext(_Config(profile="ez_baccarat", adapter="library", depth="smoke", as_of=None,
                                include_expired=False))
    record = ctx.record("features/test_631a.py::test_x", {})
    assert record["shoes"] is None and record["profile"]["source"] == "ez_baccarat.toml"
    assert record["profile"]["sha256"] and record["options"]["as_of"]  # the effective date: today
    assert record["adapter"] == {"adapter": "library", "game": None}
    assert needs_replay({"outcome": "failed", "category": "adapter error"})
    assert needs_replay({"outcome": "skipped", "category": "blocked"})
    assert not needs_replay({"outcome": "skipped", "category": "not offered"})
