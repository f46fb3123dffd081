"""Steps of the game-math scenarios: the game's own par sheet (``describe.par_sheet``,
protocol 1.2) against the harness's exact one (:mod:`baccarat_conformance.oracle.par_sheet`).

Every scenario attaches the exact par sheet of the run's Rules Submission to its Allure
result. The par sheet is optional in the protocol and the regulation sets odds, not house
edges: a game that declares none has these scenarios *not offered* (never passed; the
clause's odds are judged by its payout scenarios, so its verdict does not rest on a
document the regulation does not ask for). A game that declares a par sheet but leaves
out a wager offered has that scenario *not verified*: the declaration is incomplete.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, then

from baccarat_conformance.judging.errors import Nonconformance
from baccarat_conformance.run.game_math import TOLERANCE, declared_edge, parse_edge, sheet_dict
from baccarat_conformance.judging.judgements import about, judged
from baccarat_conformance.reports import evidence
from baccarat_conformance.inputs.profile import RulesSubmission

from ._types import phrase


@given("the exact par sheet of the Rules Submission", target_fixture="exact_par_sheet")
def exact_par_sheet(rules_submission: RulesSubmission, pytestconfig: pytest.Config) -> dict:
    """The harness's par sheet of the run's profile, attached to the scenario as evidence."""
    sheet = sheet_dict(rules_submission, profile=pytestconfig.getoption("--profile") or "baccarat")
    evidence.attach_json(f"par sheet ({sheet['profile']}, {sheet['decks']} decks, exact)", sheet)
    return sheet


@given("the house edges the game declares in describe", target_fixture="declared_par_sheet")
def declared_par_sheet(game: Any) -> list:
    """``describe.par_sheet``; a game that declares none has the scenario *not offered*
    (the declaration is optional, protocol 1.2), never passed."""
    declared = getattr(game.describe(), "par_sheet", None)
    if not declared:
        pytest.skip("not offered: the game declares no par sheet (describe.par_sheet is optional, protocol 1.2); "
                    "the odds of the clause are judged by its payout scenarios")
    return list(declared)


@then(phrase("the declared house edge of every {wagers} wager is the exact one, to 1e-6"))
def declared_edges_match(exact_par_sheet: dict, declared_par_sheet: list, rules_submission: RulesSubmission, clause: str,
                         wagers: str) -> None:
    """Each offered row of the named wager types (comma-separated protocol wager types):
    the game's declared house edge within 1e-6 of the exact one, else a nonconformance of
    the scenario's paytable clause. A row the game declares nothing for leaves the clause
    not verified."""
    names = [w.strip() for w in wagers.split(",")]
    _compare(exact_par_sheet, declared_par_sheet, rules_submission, dict.fromkeys(names, str(clause)))


@then(phrase("the declared house edges of the {first} and {second} wagers are the exact ones, to 1e-6, "
             "under § {first_clause} and § {second_clause}"))
def declared_edges_match_each(exact_par_sheet: dict, declared_par_sheet: list, rules_submission: RulesSubmission, first: str,
                              second: str, first_clause: str, second_clause: str) -> None:
    """As the step above, for two wagers each under its own odds clause (a scenario of the
    section that sets both, e.g. § 631c.5 for the commission-free Player (h) and Tie (j) wagers)."""
    _compare(exact_par_sheet, declared_par_sheet, rules_submission, {first: first_clause, second: second_clause})


def _compare(exact_par_sheet: dict, declared_par_sheet: list, rules_submission: RulesSubmission, clauses: dict[str, str]) -> None:
    """Compare every offered row of the wagers of ``clauses`` (wager type -> the clause a
    wrong figure fails)."""
    names = list(clauses)
    about(*names)
    rows = [w for w in exact_par_sheet["wagers"] if w["wager"] in names and w["house_edge"] is not None]
    missing = []
    for row in rows:
        entry = declared_edge(row, declared_par_sheet, rules_submission, exact_par_sheet["decks"])
        label = _label(row)
        if entry is None:
            missing.append(label)
            continue
        exact = Fraction(row["house_edge"])
        clause = clauses[row["wager"]]
        try:
            got = parse_edge(entry["house_edge"])
        except ValueError as e:
            raise Nonconformance(clause, f"the house edge of {label} as a number", str(e)) from None
        judged(1, "house edges compared")
        if abs(got - exact) > TOLERANCE:
            raise Nonconformance(
                clause, f"the house edge of {label} is {float(exact) * 100:.4f}% ({row['house_edge']}, exact, "
                        f"{exact_par_sheet['decks']} decks, the paytable of § {clause})",
                f"declares {entry['house_edge']} ({float(got) * 100:.4f}%), off by {float(abs(got - exact)):.2e}")
    if missing:
        pytest.skip(f"not verified: the game's par sheet declares no house edge for {', '.join(missing)}")


def _label(row: dict) -> str:
    out = f"the {row['wager'].replace('_', ' ')} wager"
    if row["hand"]:
        out += f" on the {row['hand'].capitalize()}'s Hand"
    if row["paytable"]:
        out += f", paytable {row['paytable']}"
    if row["option"]:
        out += f", option {row['option']}"
    return out
