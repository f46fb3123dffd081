"""Proof that the side-wager checks of Chapters 631c, 629b and 627b can fail, and
that the reference game passes them under every paytable.

* Each broken game in ``tests/games/broken_games_sidewagers.py`` fails exactly the clauses
  it declares with ``@breaks`` under the profile that offers its wager
  (tests/proofs/test_proofs.py).
* The reference game passes every side-wager scenario, each paytable cell checked
  by a run under a profile filing that paytable.
* Chapter 629b and 627b scenarios are reported "expired" on a run dated today, and
  pass with ``--include-expired`` or an ``--as-of`` date before 2024-09-04.
* Lucky Nines scenarios are "not offered" under a profile that does not offer them.
"""

from __future__ import annotations

import pytest

from tests.proofs.reference_runs import FIVE
from tests.proofs.suite_runner import FEATURES, run_suite

EXPIRED = ("--include-expired",)
ED = "@current-through-2024-06-22"  # the second publisher's copy of § 631c.2
SECTIONS = ("631c.1", "631c.3", "631c.4", "631c.5", "631c.7", "629b.1", "629b.2", "627b.1", "627b.2")


def _mine(result: dict) -> bool:
    return any(c.split("(")[0].split("[")[0] in SECTIONS for c in result["clauses"])


# (chapter, bundled profile, paytables, extra args): together they file every paytable; each
# runs the feature module of its chapter (tests/proofs/reference_runs.py, batch "sidewagers").
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
def test_reference_game_passes_every_paytable_cell(must_pass, chapter):
    passed: set[str] = set()
    seen: set[str] = set()
    for i, (ch, bundled, paytables, extra) in enumerate(REFERENCE_RUNS):
        if ch != chapter:
            continue
        run = must_pass(f"sidewagers@{i}")
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


def test_lucky_nines_not_offered_without_it(must_pass):
    # the whole suite under baccarat (tests/proofs/test_broken_631a.py's run): the Lucky Nines
    # scenarios are those of features/test_631c.py with a § 631c.4 clause
    run = must_pass("631a@baccarat")
    lucky = [r for r in run.results
             if "test_631c.py" in r["nodeid"] and any(c.startswith("631c.4") for c in r["clauses"])]
    assert lucky and {r["category"] for r in lucky} == {"not offered"}, run.output
