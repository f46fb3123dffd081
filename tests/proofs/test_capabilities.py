"""Capabilities cannot buy a pass (issue 13): a scenario that needs a capability the game
does not declare does not run, and its clause is "not verified (the game lacks capability
X)" — never passed, never "not offered" — and the run cannot exit 0.

* The adapter refuses to use an undeclared capability before sending anything
  (``CapabilityMissing``), whatever the tags say.
* Every scenario declares what it needs: the suite runs against the reference game with,
  for each scenario, only the capabilities that scenario declares
  (``tests/proofs/capability_recorder.py``), under profiles that between them run every scenario.
* A game that declares no capability, and one without ``irregularities`` under a profile
  that names its irregularity procedure, never exit 0, and the matrix names the clauses
  left unverified and why.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.adapters.base import capabilities_needed
from baccarat_conformance.adapters.library import LibraryAdapter
from baccarat_conformance.judging.errors import AdapterError, CapabilityMissing, Nonconformance
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.protocol import models as m
from baccarat_conformance.protocol.vocabulary import CAPABILITIES

from tests.games.capability_games import no_capabilities
from tests.proofs.reference_runs import capability_log
from tests.proofs.suite_runner import REPO

AS_OF = "2024-06-01"  # every chapter in force

# ------------------------------------------------------------------ the adapter's safety net
NEEDED = [
    ("start_shoe", {"table_id": "T1", "cards": ["9S"]}, ["stacked_shoe"]),
    ("start_shoe", {"table_id": "T1", "seed": 7}, ["seeded_shuffle"]),
    ("start_shoe", {"table_id": "T1", "burn": True}, []),
    ("run_rounds", {"rules": {}, "rounds": [{"cards": ["9S"], "wagers": [{"wager_type": "banker"},
                                                                        {"wager_type": "dragon_bonus"}]}]},
     ["batch", "stacked_shoe", "wager.dragon_bonus"]),
    ("deal_round", {"table_id": "T1", "irregularity": {"kind": "card_face_up"}}, ["irregularities"]),
    ("deal_round", {"table_id": "T1"}, []),
    ("player_leaves", {"table_id": "T1", "seat": 3}, ["player_leaves"]),
    ("read_meters", {"table_id": "T1"}, ["progressive"]),
    ("place_wager", {"table_id": "T1", "seat": 3, "wager_type": "tie", "amount": "5.00"}, []),
    ("place_wager", {"table_id": "T1", "seat": 3, "wager_type": "royal_9", "amount": "5.00"}, ["wager.royal_9"]),
    ("place_wager", {"table_id": "T1", "seat": 3, "wager_type": "no_such_wager", "amount": "5.00"}, []),
    ("open_table", {"rules": {}}, []),
]


@pytest.mark.parametrize("op, params, needed", NEEDED, ids=[f"{n[0]}-{i}" for i, n in enumerate(NEEDED)])
def test_what_each_operation_needs(op: str, params: dict, needed: list[str]) -> None:
    got = [cap for cap, _ in capabilities_needed(op, params)]
    assert got == needed
    assert set(got) <= set(CAPABILITIES)


@pytest.fixture
def bare() -> LibraryAdapter:
    """The reference game behind a describe answer that declares no capability."""
    adapter = LibraryAdapter(no_capabilities())
    assert adapter.describe().capabilities == []
    return adapter


def _sent(adapter: LibraryAdapter) -> list[str]:
    return [e.op for e in adapter.transcript.exchanges]


@pytest.mark.parametrize("what, capability", [
    (lambda g, t: g.start_shoe(t, ["9S", "KD", "2C", "3H"]), "stacked_shoe"),
    (lambda g, t: g.start_shoe(t, None, seed=5), "seeded_shuffle"),
    (lambda g, t: g.deal_round(t, irregularity=m.Irregularity(kind="card_face_up", disclosed=True)), "irregularities"),
    (lambda g, t: g.player_leaves(t, 3), "player_leaves"),
    (lambda g, t: g.read_meters(t), "progressive"),
    (lambda g, t: g.place_wager(t, 3, "dragon_bonus", "10.00", hand="player"), "wager.dragon_bonus"),
    (lambda g, t: g.disclosed_cards(g.start_shoe(t)), "shoe_disclosure"),
    (lambda g, t: g.run_rounds({}, [m.BatchRound(cards=["9S", "KD", "2C", "3H"])]), "stacked_shoe"),
])
def test_the_adapter_never_asks_for_an_undeclared_capability(bare: LibraryAdapter, what, capability: str) -> None:
    table = bare.open_table(load_profile("baccarat").as_rules())
    before = _sent(bare)
    with pytest.raises(CapabilityMissing) as info:
        what(bare, table)
    assert info.value.capability == capability
    assert str(info.value).startswith(f"not verified: the game lacks capability {capability} (")
    # nothing that needs the capability went out (run_rounds without batch falls back to
    # single rounds, whose stacked shoe is refused before it is sent)
    sent = _sent(bare)[len(before):]
    assert sent in ([], ["start_shoe"], ["open_table"]), sent
    if sent == ["start_shoe"]:  # disclosed_cards: the shoe was started (own shuffle), its stack not read
        assert "cards" not in bare.transcript.exchanges[-1].params
    assert capability in bare.transcript.capabilities_used


def test_the_core_wagers_need_no_capability(bare: LibraryAdapter) -> None:
    table = bare.open_table(load_profile("baccarat").as_rules())
    bare.start_shoe(table)
    assert bare.place_wager(table, 3, "banker", "10.00").accepted
    assert bare.deal_round(table).status == "completed"
    assert bare.transcript.capabilities_used == set()


def test_capability_missing_is_a_skip_and_neither_an_adapter_error_nor_a_nonconformance() -> None:
    e = CapabilityMissing("stacked_shoe", "start_shoe with cards")
    assert isinstance(e, pytest.skip.Exception) and not isinstance(e, Exception)
    assert not isinstance(e, (AdapterError, Nonconformance))
    copy = pickle.loads(pickle.dumps(e))
    assert (copy.capability, copy.op, str(copy)) == (e.capability, e.op, str(e))


# ------------------------------------------------------------------ every scenario declares what it needs
# Runs that between them run every scenario of the suite (checked below): the whole suite
# under full_table, then under other profiles the sections whose scenarios full_table does
# not run. The property scenarios, the slowest, run under full_table, and the tracked
# vigorish one under tracked_vigorish.
COVER = [
    ("full_table", None),
    ("rising_phoenix", "(629b.4 or 629b.5 or 629b.6) and not property"),
    ("rising_phoenix_commission_free", "(629b.5 or 629b.6) and not property"),
    ("midibaccarat_progressives", "(629b.3 or 629b.7) and not property"),
    ("midibaccarat", "(629b.1 or 629b.2) and not property"),
    ("minibaccarat", "(627b.1 or 627b.2) and not property"),
    ("minibaccarat_royal_9_mystery", "627b.3 and not property"),
    ("commission_free", "631c.5 and not property"),
    ("ez_baccarat", "(631a.8 or 631a.12 or 631a.13 or 631a.15) and not property"),
    ("reveal_d", "631a.9 and not property"),
    ("tracked_vigorish", "631a.13"),
    ("baccarat_tracked_vigorish", "631a.8.a and not property"),  # the table limits: no other profile files them
    ("blazing_7s_paytable_b", "631c.3 and not property"),
]


def test_every_scenario_declares_the_capabilities_it_uses(must_pass, must_pass_root: Path) -> None:
    # the runs of COVER (with --include-expired, blazing_7s_paytable_b a copy of
    # side_wagers_631c with the 5 Treasures paytable B): tests/proofs/reference_runs.py, batch
    # "capabilities", one fork a profile, each with tests.proofs.capability_recorder's log
    seen: set[str] = set()  # scenarios (one test function each; an outline's rows share it)
    ran: set[str] = set()
    for profile, marks in COVER:
        run = must_pass(f"capabilities@{profile}")
        log = capability_log(f"capabilities@{profile}", must_pass_root)
        unverified = {r["nodeid"]: r["message"] for r in run.results if r["category"] == "not verified"}
        assert not unverified, f"{profile}: scenarios that use a capability they do not declare: {unverified}"
        assert run.returncode == 0 and run.results and not run.failed_clauses, \
            (profile, sorted(run.failed_clauses), run.failure_categories(), run.output)
        for x in (json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()):
            assert set(x["used"]) <= set(x["declared"]), (profile, x)
        seen |= {r["nodeid"].split("[")[0] for r in run.results}
        ran |= {r["nodeid"].split("[")[0] for r in run.results if r["outcome"] == "passed"}
    never = sorted(seen - ran)
    assert not never, f"scenarios that no run of COVER runs (add one that does): {never}"


# ------------------------------------------------------------------ games that declare less
@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # so that --game tests.games.capability_games:... imports
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _run(out: Path, game: str, profile: str, *pytest_args: str) -> tuple[int, dict]:
    code = cli.main(["run", "--out", str(out), "--profile", profile, "--depth", "smoke", "--as-of", AS_OF,
                     "--allow-pending", "--no-html", "--progress", "off", "--game", f"tests.games.capability_games:{game}",
                     *(["--", *pytest_args] if pytest_args else [])])
    return code, json.loads((out / "matrix.json").read_text(encoding="utf-8"))


def test_a_game_that_declares_no_capability_is_never_conformant(in_repo: None, tmp_path: Path) -> None:
    code, data = _run(tmp_path, "no_capabilities", "baccarat")
    assert code == 4
    rows = {r["id"]: r for r in data["rows"]}
    # nothing failed or erred: the 4 comes from the clauses left unverified
    assert not [r for r in data["rows"] if r["result"] in ("fail", "error", "not_run")]
    [reason] = data["verdict"]["reasons"]
    assert reason.startswith(f"{data['totals']['all']['not_verified']} clause(s) not verified: the game lacks "
                             "capabilities ") and "stacked_shoe" in reason, reason
    third_card = rows["631a.11(b)(1)"]
    assert third_card["result"] == "not_verified" and third_card["result_label"] == "not verified"
    assert third_card["missing_capabilities"] == ["stacked_shoe"]
    assert third_card["result_detail"].startswith("not verified: the game lacks capability stacked_shoe (")
    assert rows["631a.11"]["result"] == "not_verified"
    assert rows["631a.15(a)"]["missing_capabilities"] == ["irregularities", "stacked_shoe"]
    assert rows["631a.13(e)"]["result"] == "not_verified"  # Dragon Bonus: offered, wager.dragon_bonus undeclared
    assert "wager.dragon_bonus" in rows["631a.13(e)"]["missing_capabilities"]
    # no clause in force and offered was passed on a scenario that needs a capability
    results = [json.loads(x) for x in (tmp_path / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {r["category"] for r in results if r["outcome"] == "skipped"} <= {"not verified", "not offered", "expired"}
    assert all(r["message"].startswith("not verified: the game lacks capabilit")
               for r in results if r["category"] == "not verified")
    assert sum(1 for r in results if r["category"] == "not verified") > 200


def test_a_game_without_irregularities_leaves_631a_15_unverified(in_repo: None, tmp_path: Path) -> None:
    # the profile names its irregularity procedure, § 631a.15(c)(1)
    code, data = _run(tmp_path, "no_irregularities", "baccarat", "-m", "631a.15")
    assert code == 4
    assert any(reason.endswith("clause(s) not verified: the game lacks capability irregularities")
               for reason in data["verdict"]["reasons"]), data["verdict"]
    rows = {r["id"]: r for r in data["rows"]}
    for cid in ("631a.15(a)", "631a.15(b)", "631a.15(c)(1)", "631a.15(d)"):
        assert rows[cid]["result"] == "not_verified", (cid, rows[cid]["result_detail"])
        assert rows[cid]["missing_capabilities"] == ["irregularities"]
        assert rows[cid]["result_detail"].startswith("not verified: the game lacks capability irregularities (")
    assert rows["631a.15(c)(2)"]["result"] == "not_offered"  # the profile names the other procedure
    assert rows["631a.15(e)"]["result"] == "pass"  # a void round needs no staged irregularity
    assert rows["631a.15"]["result"] == "not_verified"  # the section rolls up
    assert "the game lacks capability irregularities" in rows["631a.15"]["result_detail"]


def test_a_game_of_the_base_wagers_only_gets_a_verdict_on_the_base_game(in_repo: None, tmp_path: Path) -> None:
    """Under full_table a game that implements only Banker, Player and Tie is handed tables
    without the wagers it does not declare (never a Rules Submission it must refuse): the
    base game's clauses are judged, the optional wagers' are not verified, and nothing is
    an adapter error (it was every scenario's, exit 2)."""
    code, data = _run(tmp_path, "base_wagers_only", "full_table", "-m", "631a.11 or 631a.13 or 631c.1")
    assert code == 4, data["verdict"]
    rows = {r["id"]: r for r in data["rows"]}
    assert not [r["id"] for r in data["rows"] if r["result"] in ("fail", "error", "not_run")]
    for cid in ("631a.11(b)(1)", "631a.11(c)(1)", "631a.13(a)", "631a.13(b)"):
        assert rows[cid]["result"] == "pass", (cid, rows[cid]["result_detail"])
    assert "wager.dragon_bonus" in rows["631a.13(e)"]["missing_capabilities"]
    assert "wager.perfect_pairs" in rows["631c.1(d)"]["missing_capabilities"]
    assert any("the game lacks capabilities" in r and "wager.perfect_pairs" in r for r in data["verdict"]["reasons"])


# ------------------------------------------------------------------ the gate's message, whatever the tags' order
class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name


class _Item:
    def __init__(self, markers: list[str]) -> None:
        self.markers = [_Marker(n) for n in markers]
        self.stash: dict = {}

    def iter_markers(self):
        return iter(self.markers)


class _Request:
    def __init__(self, markers: list[str], fixtures: dict) -> None:
        self.node = _Item(markers)
        self.fixtures = fixtures

    def getfixturevalue(self, name: str):
        return self.fixtures[name]


def _gate_says(markers: list[str], fixtures: dict) -> str:
    from baccarat_conformance.run.gating import gate

    with pytest.raises(pytest.skip.Exception) as e:
        gate(_Request(markers, fixtures))
    return str(e.value)


def test_option_any_needs_one_of_its_wagers_offered_and_only_their_capabilities(bare: LibraryAdapter) -> None:
    """``@option.any``: the scenario's ``@option.W`` tags of optional wagers are alternatives
    (the 5 Treasures sweep, issue 34 item 10); its other ``@option`` tags stay required."""
    from baccarat_conformance.run.gating import needed_capabilities

    tags = ["option.any", "option.variant.baccarat", "option.fortune_7", "option.golden_8",
            "capability.stacked_shoe"]
    assert _gate_says(tags, {"rules_submission": load_profile("baccarat"), "game_adapter": bare}) == \
        "not offered: the Rules Submission offers none of fortune_7, golden_8"
    full = load_profile("full_table")
    assert full.offers("fortune_7") and full.offers("golden_8")
    one = full.model_copy(update={"wagers": {k: v for k, v in full.wagers.items() if k != "golden_8"}})
    assert sorted(needed_capabilities(_Item(tags), one)) == ["stacked_shoe", "wager.fortune_7"]
    # past the option gate: the game declares none of the capabilities, and only the offered wager's is asked for
    assert _gate_says(tags, {"rules_submission": one, "game_adapter": bare}) == \
        "not verified: the game lacks capabilities stacked_shoe, wager.fortune_7"
    ez = full.model_copy(update={"variant": "ez_baccarat"})
    assert _gate_says(tags, {"rules_submission": ez, "game_adapter": bare}) == \
        "not offered: the Rules Submission does not offer variant.baccarat"


def test_the_gate_names_the_same_option_and_capabilities_in_any_order_of_the_tags(bare: LibraryAdapter) -> None:
    """pytest-bdd hands a scenario's tags over as a set, so its markers come in an order
    that changes with PYTHONHASHSEED: the "not offered" and "not verified" messages must
    not (the main job's matrix.json was compared row by row between two runs)."""
    baccarat = {"rules_submission": load_profile("baccarat"), "game_adapter": bare}
    offered = ["option.banker_pair", "option.variant.commission_free"]
    said = {_gate_says(order, baccarat) for order in (offered, offered[::-1])}
    assert said == {"not offered: the Rules Submission does not offer variant.commission_free"}, said
    needs = ["capability.stacked_shoe", "capability.shoe_disclosure"]
    said = {_gate_says(order, baccarat) for order in (needs, needs[::-1])}
    assert said == {"not verified: the game lacks capabilities shoe_disclosure, stacked_shoe"}, said
