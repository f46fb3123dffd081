"""A stricter reading than the text's is a lab's choice for a run (issue 34, item 11):
§ 631c.6(c)(3) asks for "a random dollar value preselected by an electronic random number
generator, between a set minimum and maximum dollar value", judged by default as random
(interpretation mystery-hit-value-random); the uniform Kolmogorov-Smirnov test of
interpretation mystery-hit-value-uniform applies only with ``--stricter-readings``, and the
matrix shows the clause's readings, applied or not, either way."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.steps.progressives import randomness_problem

from tests.proofs.suite_runner import REPO

SKEWED = "tests.games.conforming_variants:mystery_hit_value_larger_of_two"
LOW, HIGH = Decimal("100.00"), Decimal("500.00")


@pytest.fixture(autouse=True)
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # so that --game tests.games.conforming_variants:... imports
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _run(out: Path, *extra: str) -> tuple[int, dict]:
    code = cli.main(["run", "--game", SKEWED, "--profile", "heavenly_9", "-m", "631c.6.c.3", "--depth", "smoke",
                     "--no-html", "--progress", "off", "--out", str(out), *extra])
    matrix = json.loads((out / "matrix.json").read_text(encoding="utf-8"))
    return code, next(r for r in matrix["rows"] if r["id"] == "631c.6(c)(3)")


def test_a_skewed_random_hit_value_keeps_the_clause_unless_the_lab_reads_it_uniform(tmp_path: Path) -> None:
    code, row = _run(tmp_path / "default")
    assert code == 0 and row["result"] == "pass", row["result_detail"]
    readings = {i["name"]: (i["stricter"], i["applied"]) for i in row["interpretations"]}
    assert readings["mystery-hit-value-random"] == (False, True)
    assert readings["mystery-hit-value-uniform"] == (True, False)  # shown, not applied
    code, row = _run(tmp_path / "uniform", "--stricter-readings", "mystery-hit-value-uniform")
    assert code == 1 and row["result"] == "fail"
    assert "Kolmogorov-Smirnov" in row["result_detail"] and "stricter reading" in row["result_detail"]
    assert {i["name"]: i["applied"] for i in row["interpretations"]}["mystery-hit-value-uniform"] is True


def test_an_unknown_stricter_reading_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["run", "--out", str(tmp_path / "x"), "--stricter-readings", "mystery-bonus-hit", "--no-html"])
    assert e.value.code in (2, 3)
    assert "expected stricter readings among mystery-hit-value-uniform" in capsys.readouterr().err


def _cents(values) -> list[Decimal]:
    return [Decimal(v).quantize(Decimal("0.01")) for v in values]


@pytest.mark.parametrize("values, fails", [
    (_cents([LOW] * 300), "not one value drawn every time"),
    (_cents([HIGH] * 300), "not one value drawn every time"),
    (_cents([LOW + (HIGH - LOW) * Decimal(i) / 300 for i in range(300)]), "not predictable"),  # counts up
    (_cents([LOW, HIGH] * 150), "not predictable"),  # alternates
    (_cents([HIGH - (HIGH - LOW) * Decimal(i % 37) / 200 for i in range(0, 300 * 7, 7)]), "lowest quarter"),
    (_cents([LOW - 1] + [LOW] * 299), "lies between"),
])
def test_what_is_not_random(values, fails) -> None:
    problem = randomness_problem(values, LOW, HIGH, 0.001)
    assert problem is not None and fails in problem[0] + problem[1], problem


def test_random_draws_of_several_shapes_are_random() -> None:
    import random

    rng = random.Random(631)
    shapes = {"uniform": lambda: rng.random(), "larger of two": lambda: max(rng.random(), rng.random()),
              "square": lambda: rng.random() ** 2, "triangular": lambda: rng.triangular(0, 1, 0.5)}
    for name, draw in shapes.items():
        values = _cents([LOW + (HIGH - LOW) * Decimal(str(draw())) for _ in range(300)])
        assert randomness_problem(values, LOW, HIGH, 0.001) is None, name
