"""The field audit (``baccarat-conformance audit``, baccarat_conformance.audit): rounds
recorded from the reference game audit to no nonconformance; rounds recorded from broken
games of the registry audit to the clauses those games break, and no other; the audit
folder is a run folder for ``seal``, ``verify`` and ``diff``; the partitions give the same
figures on one process, a local pool and a Dask cluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_conformance.audit.engine import Task, entries_of, run_partitions
from baccarat_conformance.audit.recorder import record_rounds
from baccarat_conformance.corpus import load_corpus
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.verdict.rebuild import load_context, matrix_of_run
from baccarat_conformance.verdict.run_info import offered_options

from tests.proofs.registry import proofs

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "baccarat_conformance"]
AS_OF = "2026-01-10"  # the recordings' dates (January 2026): Ch. 631c, 629b and 627b in force


@pytest.fixture(scope="module")
def ctx():
    return load_context()


@pytest.fixture(scope="module")
def reference_rounds(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("recorded") / "reference.jsonl.gz"
    assert record_rounds(out, profile="full_table", shoes=2, seed=3) > 100
    return out


def audit(path: Path, profile: str, ctx, **kw):
    """(tally, entries, matrix) of an audit of ``path`` under ``profile``."""
    rs = load_profile(profile)
    tally = run_partitions([Task(str(path), profile, as_of=AS_OF, include_expired=True)], **kw)
    entries = entries_of(tally, rs, ctx)
    facts = {"as_of": AS_OF, "include_expired": True, "offered": offered_options(rs), "collected": len(entries),
             "input_findings": tally.bad_total}
    return tally, entries, matrix_of_run(entries, facts, ctx=ctx)


def named_failures(entries) -> set[str]:
    return {e["failed_clause"] for e in entries if e.get("category") == "nonconformance"}


def test_rounds_recorded_from_the_reference_game_audit_to_no_nonconformance(reference_rounds, ctx):
    tally, entries, matrix = audit(reference_rounds, "full_table", ctx)
    assert tally.rounds > 100 and tally.bad_total == 0
    assert not [r["id"] for r in matrix.rows if r["result"] == "fail"]
    rows = {r["id"]: r["result"] for r in matrix.rows}
    for cid in ("631a.6(a)(1)", "631a.11(b)(1)", "631a.11(c)(2)(iii)", "631a.13(b)", "631a.13(c)", "631a.12(b)",
                "631a.8(a)(1)(i)", "631a.13(e)", "631c.1(c)(1)", "631a.5(f)", "631a.10(d)", "631a.12(a)"):
        assert rows[cid] == "pass", (cid, rows[cid])
    # what no record can show is never a pass
    assert rows["631a.5(c)"] == "not_judgeable" and rows["631a.2(a)"] != "pass"
    assert "not_judgeable" in {r["result"] for r in matrix.rows}
    assert tally.unjudged_wagers.get("heavenly_9", 0) > 0  # a progressive's pay rests on its meters: not judged


#: Broken games of the registry whose breaks a round record shows, with the profile they
#: are proved under (the registry gives the clauses).
BROKEN = [
    ("tests.games.broken_games:banker_draws_on_6_against_5", "baccarat"),
    ("tests.games.broken_games:player_stands_on_5", "baccarat"),
    ("tests.games.broken_games:draws_after_natural_8_against_7", "baccarat"),
    ("tests.games.broken_games:banker_stays_on_2", "baccarat"),
    ("tests.games.broken_games:player_draws_on_6", "baccarat"),
    ("tests.games.broken_games:banker_draws_on_6_when_player_stays", "baccarat"),
    ("tests.games.broken_games:banker_draws_on_7", "baccarat"),
    ("tests.games.broken_games:ten_counts_one", "baccarat"),
    ("tests.games.broken_games:ace_counts_zero", "baccarat"),
    ("tests.games.broken_games:reports_total_not_point_count", "baccarat"),
    ("tests.games.broken_games_631a:tie_pays_9_to_1", "baccarat"),
    ("tests.games.broken_games_631a:vigorish_never_rounded", "baccarat"),
    ("tests.games.broken_games_631a:pays_from_lowest_seat", "baccarat"),
    ("tests.games.broken_games_631a:ez_banker_wins_on_dragon_7", "ez_baccarat"),
    ("tests.games.broken_games_631a:dragon_bonus_wins_by_three", "baccarat"),
    # judged across the rounds of one dealing shoe (audit/shoes.py) and the dealer's calls
    ("tests.games.broken_games_631a:burns_baccarat_value", "baccarat"),
    ("tests.games.broken_games_631a:two_hands_after_last_hand", "baccarat"),
    ("tests.games.broken_games_631a:calls_tie_without_hand", "baccarat"),
    ("tests.games.broken_games_631a:no_final_counts_for_two_card_hands", "baccarat"),
    # the progressive meters between consecutive rounds of a table
    ("tests.games.broken_games_progressives:heavenly_9_increments_1_percent", "heavenly_9"),
    ("tests.games.broken_games_progressives:mystery_rate_doubled", "heavenly_9"),
    ("tests.games.broken_games_progressives:mystery_never_pays", "heavenly_9"),
    ("tests.games.broken_games_progressives:mystery_not_reset", "heavenly_9"),
    ("tests.games.broken_games_progressives:mystery_pays_ninety_percent", "heavenly_9"),
]
#: (shoes, seed) of the recording of a game whose break needs a rarer round (a Banker's 6 against a
#: Player's third card 5: about one round in 250); others: 2 shoes of seed 5.
RECORDING = {"tests.games.broken_games:banker_draws_on_6_against_5": (4, 1),
             # the Must-Hit-By meter passes its $500 maximum (§ 631c.6(c), Paytable B—$5) in the fifth shoe
             "tests.games.broken_games_progressives:mystery_never_pays": (6, 5)}
#: Games the registry proves under one profile, recorded under another that offers the
#: wager their break is in (the proof's own scenarios open such tables themselves).
RECORDED_UNDER = {"tests.games.broken_games_631a:dragon_bonus_wins_by_three": "full_table"}


def _declared(game: str, profile: str) -> frozenset[str]:
    found = [p for p in proofs() if p.game.lower() == game.lower() and p.profile == profile]
    assert found, f"no proof of {game} under {profile}"
    return found[0].clauses


@pytest.mark.parametrize("game,profile", BROKEN, ids=[g.rpartition(":")[2] for g, _ in BROKEN])
def test_rounds_recorded_from_a_broken_game_audit_to_the_clauses_it_breaks_and_no_other(game, profile, tmp_path,
                                                                                          ctx):
    declared = _declared(game, profile)
    recorded = RECORDED_UNDER.get(game, profile)
    path = tmp_path / "rounds.jsonl"
    shoes, seed = RECORDING.get(game, (2, 5))
    record_rounds(path, game=game, profile=recorded, shoes=shoes, seed=seed)
    _, entries, _ = audit(path, recorded, ctx)
    corpus = load_corpus()
    enclosing = declared | {a.id for c in declared for a in corpus.ancestors(c)}
    failed = named_failures(entries)
    assert failed & declared, f"{game}: the audit found none of {sorted(declared)} (it found {sorted(failed)})"
    assert failed <= enclosing, f"{game}: the audit fails {sorted(failed - enclosing)}, not declared"


def test_an_audit_folder_seals_verifies_and_diffs_like_a_run_folder(reference_rounds, tmp_path):
    broken = tmp_path / "tie.jsonl"
    record_rounds(broken, game="tests.games.broken_games_631a:tie_pays_9_to_1", profile="baccarat", shoes=1, seed=5)
    env = {**__import__("os").environ, "PYTHONPATH": str(ROOT)}
    base = ["audit", "--as-of", AS_OF, "--include-expired", "--allow-pending"]
    good = subprocess.run([*CLI, *base, str(reference_rounds), "--profile", "full_table", "--out", str(tmp_path / "a")],
                          capture_output=True, text=True, env=env, timeout=600)
    assert good.returncode in (0, 4), good.stdout + good.stderr
    picture = tmp_path / "a" / "audit-returns.png"
    assert picture.read_bytes().startswith(b"\x89PNG") and "<img src='audit-returns.png'" in \
        (tmp_path / "a" / "matrix.html").read_text()
    # run's --no-html is accepted (an audit makes no Allure report), and matrix.html is still written
    bad = subprocess.run([*CLI, *base, str(broken), "--profile", "baccarat", "--no-html", "--out", str(tmp_path / "b")],
                         capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "631a.13(b)" in bad.stdout and (tmp_path / "b" / "matrix.html").is_file()
    results = [json.loads(x) for x in (tmp_path / "b" / "results.jsonl").read_text().splitlines()]
    tie = next(e for e in results if e.get("failed_clause") == "631a.13(b)")
    quote = tie["findings"][0]
    assert quote["file"] == str(broken) and quote["line"] >= 1 and quote["table_id"] == "T1"
    assert quote["shoe_id"] and quote["round_id"] and quote["timestamp"].startswith("2026-01-05")
    for d in ("a", "b"):
        sealed = subprocess.run([*CLI, "seal", str(tmp_path / d)], capture_output=True, text=True, env=env, timeout=300)
        assert sealed.returncode == 0, sealed.stdout + sealed.stderr
        checked = subprocess.run([*CLI, "verify", str(tmp_path / f"{d}.evidence.tar.gz")], capture_output=True,
                                 text=True, env=env, timeout=300)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    diff = subprocess.run([*CLI, "diff", str(tmp_path / "a.evidence.tar.gz"), str(tmp_path / "b.evidence.tar.gz")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert diff.returncode == 1 and "631a.13(b)" in diff.stdout, diff.stdout + diff.stderr


def _split(src: Path, parts: int, dest: Path) -> list[Path]:
    import gzip

    lines = gzip.open(src, "rt").read().splitlines(keepends=True) if src.suffix == ".gz" else \
        src.read_text().splitlines(keepends=True)
    dest.mkdir()
    out = []
    for i in range(parts):
        p = dest / f"part{i}.jsonl"
        p.write_text("".join(lines[i::parts]))
        out.append(p)
    return out


def test_one_process_a_local_pool_and_a_dask_cluster_give_identical_figures(reference_rounds, tmp_path, ctx):
    files = _split(reference_rounds, 3, tmp_path / "parts")
    tasks = [Task(str(p), "full_table", as_of=AS_OF, include_expired=True) for p in files]
    told = {"one": [], "pool": [], "dask": []}  # the progress line's (records, stored bytes) on each route
    one = run_partitions(tasks, progress=lambda *a: told["one"].append(a)).figures()
    pool = run_partitions(tasks, workers=2, progress=lambda *a: told["pool"].append(a)).figures()
    assert one == pool and one["rounds"] > 100
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        dask = run_partitions(tasks, cluster=cluster.scheduler_address,
                              progress=lambda *a: told["dask"].append(a)).figures()
    assert dask == one
    stored = sum(p.stat().st_size for p in files)
    for route, calls in told.items():  # every record and every byte of the input told once: the ETA reaches 0
        assert (sum(r for r, _ in calls), sum(b for _, b in calls)) == (one["records"], stored), (route, calls)
    whole = run_partitions([Task(str(reference_rounds), "full_table", as_of=AS_OF, include_expired=True)]).figures()
    assert whole["failed"] == one["failed"]
    # a shoe split across files judges what each part shows: the cover card's one more hand lies in
    # another part, so § 631a.10(d) is judged on fewer shoes and the rest are counted as not judged
    # (and the meters between consecutive rounds of a table: a part holds every third round, none consecutive)
    from baccarat_conformance.audit.shoes import SHOE_CLAUSES, meter_clauses

    across = set(SHOE_CLAUSES) | set(meter_clauses(load_profile("full_table").as_rules()))
    assert {c: n for c, n in whole["judged"].items() if c not in across} == \
        {c: n for c, n in one["judged"].items() if c not in across}
    assert all(one["judged"].get(c, 0) <= whole["judged"].get(c, 0) for c in across)
    assert whole["judged"]["631c.6(c)(4)"] > 100 and "631c.6(c)(4)" not in one["judged"]
    assert not whole["shoes_unjudged"] and any(k.startswith("('631a.10(d)'") for k in one["shoes_unjudged"])
    assert any("progressive meters" in k and "previous round is not recorded" in k for k in one["shoes_unjudged"])


def test_statistics_over_recorded_rounds_name_a_table_whose_banker_wins_too_often(tmp_path):
    from baccarat_conformance.audit.statistics import statistics_tests
    from baccarat_conformance.audit.tally import ROUND_EVENTS, Tally

    from collections import Counter
    rs = load_profile("baccarat")
    t = Tally()
    from baccarat_conformance.oracle.par_sheet import round_outcome_probabilities

    p = round_outcome_probabilities(rs.decks)
    fair = {k: round(float(p[k]) * 10_000) for k in ROUND_EVENTS}  # as the par sheet expects
    t.rounds_by_table.update({"T1": 10_000, "T2": 10_000})
    t.events["T1"] = Counter(fair)
    t.events["T2"] = Counter({**fair, "banker_win": fair["banker_win"] + 400, "player_win": fair["player_win"] - 400})
    tests = statistics_tests(t, rs)
    rejected = {x["table"] for x in tests if x["reject"]}
    assert "T2" in rejected and "T1" not in rejected
    assert all("power" in x and x["n"] for x in tests)


def test_the_observed_returns_picture_renders_each_table_and_wager_against_the_par_sheet(reference_rounds, tmp_path):
    import io

    import matplotlib.image

    from baccarat_conformance.audit.plots import returns_plot
    from baccarat_conformance.audit.statistics import return_points

    rs = load_profile("full_table")
    tally = run_partitions([Task(str(reference_rounds), "full_table", as_of=AS_OF, include_expired=True)])
    points = return_points(tally, rs)
    assert {p["table"] for p in points} == {"T1"} and {"player", "tie", "lucky_nines"} <= {p["wager"] for p in points}
    assert all(p["low"] < p["observed"] < p["high"] and -1 <= p["par"] < 0 for p in points)
    image = matplotlib.image.imread(io.BytesIO(returns_plot(points, "T1")), format="png")
    assert image.shape[0] > 200 and image.shape[1] > 400
    # an untrusted table id with matplotlib's math-mode marks is drawn as text
    image = matplotlib.image.imread(io.BytesIO(returns_plot([dict(points[0], table="$\\frac{")], "odd")), format="png")
    assert image.shape[0] > 100
    with pytest.raises(ValueError):
        returns_plot([], "none")


def test_the_progress_line_shows_the_rate_the_share_of_the_input_read_and_the_eta(capsys):
    from baccarat_conformance.audit.commands import _eta, _progress_printer

    tell, state = _progress_printer("on", 4_000)
    tell(10_000, 0)  # nothing of the input's stored bytes read yet (a reader that tells no offset)
    assert capsys.readouterr().err.startswith("audit: 10,000 records, ")
    state["last"] = -1e9
    tell(10_000, 1_000)
    line = capsys.readouterr().err
    assert "20,000 records" in line and "rounds/s, 25% of the input, ETA " in line, line
    silent, _ = _progress_printer("off", 4_000)
    silent(10_000, 4_000)
    assert capsys.readouterr().err == ""
    assert (_eta(59.6), _eta(61), _eta(3 * 3600 + 62)) == ("1:00", "1:01", "3:01:02")

