"""Proof that every check can fail: each broken game of the registry (tests/proofs/registry.py,
declared with ``@breaks`` where the game is defined, in tests/games/broken_games*.py) fails
exactly the clauses it declares under its profile, every failure a nonconformance.

The proofs are played in batches of :data:`BATCH` (in id order): one pytest process
collects the suite once and plays each game of its batch in a fork of its own
(tests/proofs/proof_runner.py), about a second of start-up saved a game. A failing batch
names each proof that does not hold (where it is declared, and why). To play some
proofs only: ``BACCARAT_PROOFS=player_stands_on_5,631c.2 pytest tests/proofs/test_proofs.py``
(each a substring of a proof's id or of a clause it declares).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.proofs.registry import Proof, proofs
from tests.proofs.suite_runner import run_suites

PROOFS = proofs()
#: Proofs a batch (one pytest process): about 30 s of scenarios on an idle core.
BATCH = 24
BATCHES = [PROOFS[i:i + BATCH] for i in range(0, len(PROOFS), BATCH)]


def _chosen(batch: list[Proof]) -> list[Proof]:
    wanted = [w for w in os.environ.get("BACCARAT_PROOFS", "").split(",") if w]
    return [p for p in batch if not wanted or any(w in p.id or any(w in c for c in p.clauses) for w in wanted)]


def play(tmp_path: Path, batch: list[Proof]) -> dict[Proof, list[str]]:
    """Each proof of ``batch`` -> what is wrong with its run (empty: it holds)."""
    runs = run_suites(tmp_path, (), [p.selection() for p in batch])
    return {p: p.problems(run) for p, run in zip(batch, runs)}


@pytest.mark.parametrize("batch", BATCHES, ids=lambda b: f"{b[0].id}..{b[-1].id}")
def test_broken_games_fail_exactly_their_clauses(tmp_path: Path, batch: list[Proof]) -> None:
    chosen = _chosen(batch)
    if not chosen:
        pytest.skip("BACCARAT_PROOFS selects no proof of this batch")
    problems = {p: pr for p, pr in play(tmp_path, chosen).items() if pr}
    assert not problems, "\n".join(f"{p.where}: {p.id}: {'; '.join(pr)}\n  replay: " + "\n  or: ".join(p.replay_commands())
                                   for p, pr in problems.items())


def test_the_registry_holds_every_broken_game_once() -> None:
    assert len(PROOFS) > 130 and len({p.id for p in PROOFS}) == len(PROOFS)
    assert all(p.where.startswith("tests/games/broken_games") for p in PROOFS)


def test_a_failing_proof_names_the_commands_that_replay_it() -> None:
    proof = next(p for p in PROOFS if p.name == "player_stands_on_5")
    alone, as_a_user = proof.replay_commands()
    assert alone == f"BACCARAT_PROOFS={proof.id} python -m pytest tests/proofs/test_proofs.py -n 0"
    assert as_a_user.startswith("baccarat-conformance run --game tests.games.broken_games:player_stands_on_5 "
                                "--profile baccarat --depth smoke") and " -m '" in as_a_user
