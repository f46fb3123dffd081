"""Proof that the side-wager checks of Chapters 631c, 629b and 627b can fail, and
that the reference game passes them under every paytable.

* Each broken game in ``tests/broken_games_sidewagers.py`` runs the whole suite
  under the profile that offers its wager and fails exactly the clauses it breaks.
* The reference game passes every side-wager scenario, each paytable cell checked
  by a run under a profile filing that paytable.
* Chapter 629b and 627b scenarios are reported "expired" on a run dated today, and
  pass with ``--include-expired`` or an ``--as-of`` date before 2024-09-04.
* Lucky Nines scenarios are "not offered" under a profile that does not offer them.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from .suite_runner import FEATURES, proof_marks, run_suite

EXPIRED = ("--include-expired",)
ED = "@current-through-2024-06-22"  # the second publisher's copy of § 631c.2
# broken game -> (profile arguments, the clauses the matrix fails, and no others): the clauses the
# failing checks name (a wrong result names the clause that decides it, a winning wager paid
# wrong the paytable's), with the tags enclosing them. A section id (e.g. "631c.1") is the tag
# of that section's settlement sweep.
BROKEN = {
    "colored_pair_paid_as_mixed": (("--profile", "side_wagers_631c"),
                                   {"631c.1", "631c.1(d)"}),
    "perfect_pairs_settled_after_third_card": (("--profile", "midibaccarat", *EXPIRED), {"629b.1(d)"}),
    "pairs_by_value": (("--profile", "minibaccarat", *EXPIRED), {"627b.1", "627b.1(c)", "627b.1(d)(2)"}),
    # the Blazing 7s that should lose names § 631c.3(g) ("shall lose")
    "mixed_blazing_7s_win": (("--profile", "side_wagers_631c"), {"631c.3", "631c.3(g)"}),
    "five_treasures_after_no_more_bets": (("--profile", "side_wagers_631c"), {"631c.3(c)"}),
    # the refused Cover All names each scenario's principal (first written) clause
    "cover_all_needs_another": (("--profile", "side_wagers_631c"), {"631c.3(f)(5)", "631c.3(h)"}),
    # a third-card nine counted pays the one-nine win at the two-nines odds: the payout clause (e)
    "lucky_nines_counts_third_cards": (("--profile", "side_wagers_631c"),
                                       {"631c.4", "631c.4(d)", "631c.4(d)(1)", "631c.4(e)", "631c.4(f)"}),
    "banker_six_paid_even": (("--profile", "commission_free"), {"631c.5", "631c.5(i)"}),
    "lucky_six_three_cards_pays_12": (("--profile", "commission_free"), {"631c.5", "631c.5(k)(2)"}),
    "commission_free_commission_on_banker": (("--profile", "commission_free"),
                                             {"631c.5", "631c.5(a)", "631a.12(b)"}),
    "midibaccarat_commission_on_banker": (("--profile", "midibaccarat", *EXPIRED),
                                          {"629b.2", "629b.2(a)", "631a.12(b)"}),
    "commission_free_pairs_settled_after_third_card": (("--profile", "commission_free"), {"631c.5(d)"}),
    "midibaccarat_pairs_settled_after_third_card": (("--profile", "midibaccarat", *EXPIRED), {"629b.2(d)"}),
    "minibaccarat_pairs_settled_after_third_card": (("--profile", "minibaccarat", *EXPIRED), {"627b.2(d)"}),
    "pays_from_lowest_seat": (("--profile", "midibaccarat", *EXPIRED), {"629b.2(f)"}),
    "minibaccarat_pays_from_lowest_seat": (("--profile", "minibaccarat", *EXPIRED), {"627b.2(f)"}),
    "commission_free_pays_from_lowest_seat": (("--profile", "commission_free"), {"631c.5(f)"}),
    "no_lucky_six_call": (("--profile", "midibaccarat", *EXPIRED), {"629b.2(e)"}),
    "minibaccarat_no_lucky_six_call": (("--profile", "minibaccarat", *EXPIRED), {"627b.2(e)"}),
    "baccarat_perfect_pairs_settled_after_third_card": (("--profile", "side_wagers_631c"), {"631c.1(c)"}),
    "commission_free_no_lucky_six_call": (("--profile", "commission_free"), {"631c.5(e)"}),
    "majestic_match_settled_after_third_card": (("--profile", "side_wagers_631c"), {"631c.7(c)"}),
    # settled on the four initial cards, a 3-card 9 is never seen: every outcome scenario fails too
    # (its outcome clause; the meter scenario, the suited tie's jackpot not paid: § 631c.2(g)(1))
    "heavenly_9_settled_before_third_card": (("--profile", "heavenly_9"), {
        "631c.2(f)", f"631c.2(f){ED}", "631c.2(g)(1)", "631c.2(g)(2)", "631c.2(g)(3)", "631c.2(g)(4)",
        "631c.2(g)(5)", f"631c.2(g){ED}"}),
    "five_treasures_settled_before_third_card": (("--profile", "side_wagers_631c"), {
        "631c.3", "631c.3(e)", "631c.3(f)(1)", "631c.3(f)(2)", "631c.3(f)(3)", "631c.3(f)(4)", "631c.3(f)(5)"}),
    "minibaccarat_perfect_pairs_settled_after_third_card": (("--profile", "minibaccarat", *EXPIRED), {"627b.1(d)"}),
    # 631a.12(b): the Chapter 631a settlement-order scenario also sees the commission taken
    "commission_on_banker": (("--profile", "minibaccarat", *EXPIRED),
                             {"627b.2", "627b.2(a)", "631a.12(b)"}),
    "suited_match_pays_2_to_1": (("--profile", "side_wagers_631c"),
                                 {"631c.7", "631c.7(d)"}),
}
SECTIONS = ("631c.1", "631c.3", "631c.4", "631c.5", "631c.7", "629b.1", "629b.2", "627b.1", "627b.2")


def _mine(result: dict) -> bool:
    return any(c.split("(")[0].split("[")[0] in SECTIONS for c in result["clauses"])


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_broken_game_fails_exactly_its_clauses(tmp_path, broken):
    args, expected = BROKEN[broken]
    run = run_suite(tmp_path, *args, game=f"tests.broken_games_sidewagers:{broken}", marks=proof_marks(expected))
    assert run.results, run.output
    assert run.failed_clauses == expected, run.output
    assert {r["category"] for r in run.results if r["outcome"] == "failed"} == {"nonconformance"}


def profile_with(tmp_path: Path, bundled: str, paytables: dict[str, str], name: str) -> str:
    """A copy of the bundled profile ``bundled`` with the ``paytable`` of each
    ``[wagers.NAME]`` in ``paytables`` replaced; returns its path."""
    text = (resources.files("baccarat_conformance.profiles") / f"{bundled}.toml").read_text(encoding="utf-8")
    out, table = [], None
    for line in text.splitlines():
        header = re.match(r"^\[wagers\.(\w+)\]", line)
        if header:
            table = header.group(1)
        elif line.startswith("["):
            table = None
        if table in paytables and re.match(r"^paytable\s*=", line):
            line = f'paytable = "{paytables[table]}"'
        out.append(line)
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


FIVE = ("fortune_7", "golden_8", "heavenly_9_bonus", "blazing_7s", "cover_all")
# (chapter, bundled profile, paytables, extra args): together they file every paytable.
REFERENCE_RUNS = [
    ("631c", "side_wagers_631c", {}, ()),
    ("631c", "side_wagers_631c", {"perfect_pairs": "B", "lucky_nines": "B", **dict.fromkeys(FIVE, "B")}, ()),
    ("631c", "side_wagers_631c", {"perfect_pairs": "C", "lucky_nines": "C", **dict.fromkeys(FIVE, "B")}, ()),
    ("631c", "side_wagers_631c", {"lucky_nines": "D"}, ()),
    ("631c", "commission_free", {}, ()),
    *[("629b", "midibaccarat", {"perfect_pairs": x}, EXPIRED) for x in "ABC"],
    *[("627b", "minibaccarat", {"perfect_pairs": x}, EXPIRED) for x in "ABC"],
]


@pytest.mark.parametrize("chapter", ["631c", "629b", "627b"])
def test_reference_game_passes_every_paytable_cell(tmp_path, chapter):
    passed: set[str] = set()
    seen: set[str] = set()
    for i, (ch, bundled, paytables, extra) in enumerate(REFERENCE_RUNS):
        if ch != chapter:
            continue
        profile = profile_with(tmp_path, bundled, paytables, f"run{i}")
        run = run_suite(tmp_path / f"run{i}", "--profile", profile, *extra,
                        features=FEATURES / f"test_{chapter}.py")
        mine = [r for r in run.results if _mine(r)]
        assert mine, run.output
        failed = [r["nodeid"] for r in mine if r["outcome"] == "failed"]
        assert not failed, f"{bundled} {paytables}: {failed}\n{run.output}"
        seen |= {r["nodeid"] for r in mine}
        passed |= {r["nodeid"] for r in mine if r["outcome"] == "passed"}
    never = sorted(seen - passed)
    assert not never, f"scenarios no reference run passed: {never}"


def test_temporary_chapters_expire(tmp_path):
    """A run dated today reports the 629b/627b scenarios "expired"; --as-of 2023-01-01 tests them."""
    for chapter, profile in (("629b", "midibaccarat"), ("627b", "minibaccarat")):
        run = run_suite(tmp_path / chapter, "--profile", profile, features=FEATURES / f"test_{chapter}.py")
        mine = [r for r in run.results if _mine(r)]
        assert mine and {r["category"] for r in mine} == {"expired"}, run.output
        run = run_suite(tmp_path / f"{chapter}-2023", "--profile", profile, "--as-of", "2023-01-01",
                        features=FEATURES / f"test_{chapter}.py")
        mine = [r for r in run.results if _mine(r)]
        assert mine and not [r for r in mine if r["outcome"] == "failed"], run.output
        assert any(r["outcome"] == "passed" for r in mine)


def test_lucky_nines_not_offered_without_it(tmp_path):
    run = run_suite(tmp_path, "--profile", "baccarat", features=FEATURES / "test_631c.py")
    lucky = [r for r in run.results if any(c.startswith("631c.4") for c in r["clauses"])]
    assert lucky and {r["category"] for r in lucky} == {"not offered"}, run.output
