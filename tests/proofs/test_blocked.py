"""Blocked, not failed (issue 13): a scenario whose stacked round the game deals against a
rule the scenario does not test ends *blocked*, naming that rule, and its clause is "not
verified" — never a failure of its own clause, never a harness error; the broken rule's
own scenarios carry the failure. Rules the schema once encoded (a Point Count of 0 to 9)
are judged as rules; void rounds carry the game's reason."""

from __future__ import annotations

import json

import pytest

from baccarat_conformance.corpus.lint import make_context
from baccarat_conformance.judging.errors import Blocked, Nonconformance
from baccarat_conformance.protocol import models as m
from baccarat_conformance.steps._deal_check import deviation, judge, own_failure, related, value_note

from tests.proofs.suite_runner import run_suite

B45 = "tests.games.broken_games_631a:banker_stands_on_4_and_5_when_player_stands"
SECTIONS = "631a.1 or 631a.6 or 631a.9 or 631a.10 or 631a.11 or 631a.15 or property"


def property_clauses() -> set[str]:
    """The clauses of the hypothesis property scenarios (features/*/properties_*.feature)."""
    return {cid for cid, cov in make_context().coverage.items()
            if any("properties_" in s.file for s in cov.scenarios)}


@pytest.fixture(scope="module")
def b45(tmp_path_factory):
    """The suite's § 631a.1, .6, .9, .10, .11 and .15 scenarios and the property scenarios (smoke
    depth) against a game whose only defect: the Banker's Hand stays on 4 and 5 when the
    Player's Hand stays (§ 631a.11(c)(1) says draw)."""
    where = tmp_path_factory.mktemp("b45")
    run = run_suite(where, "--matrix-dir", str(where / "matrix"), "-n", "1", game=B45, marks=SECTIONS)
    matrix = json.loads((where / "matrix" / "matrix.json").read_text(encoding="utf-8"))
    return run, {r["id"]: r for r in matrix["rows"]}, matrix


def test_only_the_broken_rule_and_the_properties_fail(b45) -> None:
    run, _, _ = b45
    assert run.results, run.output
    assert "631a.11(c)(1)" in run.failed_clauses, run.output
    assert run.failed_clauses <= {"631a.11(c)(1)"} | property_clauses(), run.output
    assert set(run.failure_categories().values()) == {"nonconformance"}, run.failure_categories()
    assert not [r for r in run.results if r["category"] == "harness error"]


def test_every_other_affected_scenario_is_blocked_naming_the_broken_rule(b45) -> None:
    run, _, _ = b45
    blocked = [r for r in run.results if r["category"] == "blocked"]
    assert {r["blocked_by"] for r in blocked} == {"631a.11(c)(1)"}
    assert all(r["outcome"] == "skipped" for r in blocked)
    assert all(r["message"].startswith("blocked: the game broke § 631a.11(c)(1): ") for r in blocked)
    # the scenarios the issue found failing under their own clause, or as a harness error, and the
    # irregularities whose rounds (or simulated rounds) the Banker's Hand of 5 stays in
    assert {"631a.9(c)", "631a.10(b)", "631a.10(d)", "631a.15(a)", "631a.15(d)"} <= {
        c for r in blocked for c in r["clauses"]}


def test_the_matrix_shows_blocked_clauses_as_not_verified(b45) -> None:
    _, rows, matrix = b45
    for cid in ("631a.9(c)", "631a.10(b)", "631a.10(d)"):
        assert rows[cid]["result"] == "not_verified", (cid, rows[cid]["result_detail"])
        assert "blocked: the game broke § 631a.11(c)(1)" in rows[cid]["result_detail"]
    assert rows["631a.1[Curator]"]["result"] == "not_verified"  # used by 631a.9(c), 631a.10(b): not a fail
    assert rows["631a.11(c)(1)"]["result"] == "fail"
    assert matrix["verdict"]["exit_code"] == 1  # the broken rule's failure wins over "not verified"


def test_a_plain_baccarat_fault_never_fails_a_definition_of_a_variant_not_offered(tmp_path) -> None:
    run = run_suite(tmp_path, "--matrix-dir", str(tmp_path / "matrix"),
                    game="tests.games.broken_games_631a:vigorish_never_rounded", marks="631a.13 and not property")
    assert run.failed_clauses == {"631a.13(c)"}, run.output
    rows = {r["id"]: r for r in json.loads((tmp_path / "matrix" / "matrix.json").read_text())["rows"]}
    assert rows["631a.13(c)"]["result"] == "fail"
    for term in ("EZ Baccarat", "Dragon 7", "Panda 8"):
        assert rows[f"631a.1[{term}]"]["result"] == "not_offered", rows[f"631a.1[{term}]"]["result_detail"]


def test_a_point_count_of_10_to_19_is_a_nonconformance_of_631a_6_b_not_a_protocol_error(tmp_path) -> None:
    run = run_suite(tmp_path, "--matrix-dir", str(tmp_path / "matrix"),
                    game="tests.games.broken_games:reports_total_not_point_count",
                    marks="(631a.6 or 631a.9 or 631a.11) and not property")
    assert run.failed_clauses == {"631a.6(b)", "631a.6(b)(2)"}, run.output
    assert set(run.categories().values()) <= {"nonconformance", "not offered"}, run.categories()
    assert "reported a Point Count of 13" in "".join(r["message"] or "" for r in run.results)
    verdict = json.loads((tmp_path / "matrix" / "matrix.json").read_text())["verdict"]
    assert verdict["exit_code"] == 1, verdict


def test_the_sweep_counts_void_rounds_apart_with_the_games_reason(tmp_path) -> None:
    run = run_suite(tmp_path, game="tests.games.broken_games_631a:voids_short_of_seven_cards",
                    marks="631a.11 and not property")
    sweep = next(r for r in run.results if r["clauses"] == ["631a.11"])
    assert sweep["category"] == "blocked" and sweep["blocked_by"] == "631a.15(e)", sweep
    assert '1000 rounds void: "fewer than 7 cards remain in the dealing shoe" (1000)' in sweep["message"]
    assert "631a.11(b)(1)" not in sweep["message"]
    assert not run.failed_clauses, run.output


# ------------------------------------------------------------------ the judging of one round
def record(status="completed", cards=(), player=None, banker=None, void_reason=None, counts=None) -> m.RoundRecord:
    from baccarat_conformance.oracle import ch631a

    def hand(cs, i):
        if cs is None:
            return None
        count = counts[i] if counts else ch631a.point_count(cs)
        return m.HandRecord(cards=list(cs), point_count=count, natural=ch631a.is_natural(cs))
    return m.RoundRecord(round_id="R1", status=status, cards=[m.DealtCard(card=c, to=t) for c, t in cards],
                         player=hand(player, 0), banker=hand(banker, 1), void_reason=void_reason)


def dealt(stack: str, order: str) -> list[tuple[str, str]]:
    return list(zip(stack.split(), ["player" if h == "P" else "banker" for h in order]))


def test_a_round_dealt_as_stacked_is_no_deviation() -> None:
    dev, used = deviation(record(cards=dealt("6C 3D KH 2S KD", "PBPBB"), player=["6C", "KH"],
                                 banker=["3D", "2S", "KD"]), "6C 3D KH 2S KD 9H".split())
    assert dev is None and used == 5


def test_a_draw_decision_names_its_deciding_clause_and_the_card_value_rule() -> None:
    stack = "6C 3D KH 2S KD".split()
    dev, used = deviation(record(cards=dealt("6C 3D KH 2S", "PBPB"), player=["6C", "KH"], banker=["3D", "2S"]),
                          stack)
    assert dev is not None and used is None
    assert dev.clause == "631a.11(c)(1)" and dev.observed == "the Banker's Hand stayed on 3D 2S"
    assert "Banker's Hand Point Count 5 (§ 631a.11(c)(1))" in dev.required
    assert "a court card (§ 631a.6(a)(2): a 10, jack, queen or king counts zero)" in dev.required
    with pytest.raises(Blocked, match=r"^blocked: the game broke § 631a.11\(c\)\(1\): the Banker's Hand is dealt"):
        judge(("631a.10(b)",), dev)
    judge(("631a.11(c)(1)",), dev)  # its own: the steps judge it
    judge(("631a.11",), dev)  # an ancestor
    judge(("631c.2(e)",), dev)  # "deal the cards in accordance with § 631a.9(b)—(f)"
    with pytest.raises(Nonconformance, match=r"§ 631a.11: .*\(§ 631a.11\(c\)\(1\)\)"):
        own_failure(("631a.11",), [dev], "no third card")
    with pytest.raises(ValueError, match="feature error: no third card"):
        own_failure(("631a.10(b)",), [], "no third card")


def test_table_1_decisions_are_the_worked_examples_too() -> None:
    stack = "3S 2H AS 3C 4D 5C".split()  # Banker's 5 against a third card 4: draw
    dev, _ = deviation(record(cards=dealt("3S 2H AS 3C 4D", "PBPBP"), player=["3S", "AS", "4D"],
                              banker=["2H", "3C"]), stack)
    assert dev.clause == "631a.11(c)(2)(iii)"
    assert related(("631a.11(g)",), dev) == "631a.11(g)" and related(("631a.11(a)",), dev) is None
    assert "an ace (§ 631a.6(a)(3): an ace counts 1)" in dev.required


def test_a_wrong_point_count_blames_631a_6_and_blocks_only_what_reads_it() -> None:
    stack = "KC 7H QD 6S 8C".split()
    ok = dealt("KC 7H QD 6S 8C", "PBPBP")
    dev, used = deviation(record(cards=ok, player=["KC", "QD", "8C"], banker=["7H", "6S"], counts=[8, 13]), stack)
    assert dev.clause == "631a.6(b)" and dev.reported and used == 5
    assert dev.observed == "reported a Point Count of 13"
    judge(("631a.11(a)",), dev)  # the cards were dealt as required: the round goes on
    assert related(("631a.6(b)(2)",), dev) and related(("631a.6(a)(1)",), dev)  # every § 631a.6 scenario counts
    wrong = m.HandRecord(cards=["AC", "2H", "4S"], point_count=6, natural=False)  # an ace counted 0
    rec = record(cards=dealt("AC JD 2H KS 4S 9C", "PBPBPB"), player=["AC", "2H", "4S"], banker=["JD", "KS", "9C"])
    dev, _ = deviation(rec.model_copy(update={"player": wrong}), "AC JD 2H KS 4S 9C".split())
    assert dev.clause == "631a.6"  # an ace, a 2 or a 4: one hand cannot tell which the game valued wrong
    assert "by § 631a.6(a)(1), § 631a.6(a)(3)" in dev.required


def test_void_rounds_quote_the_game_and_blame_the_rule_it_broke() -> None:
    # a void the stack calls for (the Banker's Hand wants a fifth card)
    short = record(status="void", cards=dealt("6C 3D KH 2S", "PBPB"), void_reason="shoe empty")
    assert deviation(short, "6C 3D KH 2S".split()) == (None, None)
    # a void of a round the stack completes: the Player's Hand drew on 6
    void = record(status="void", cards=dealt("6C JD KH QS 2C", "PBPBP"),
                  void_reason="no card for the third card of the Banker's Hand")
    dev, _ = deviation(void, "6C JD KH QS 2C".split())
    assert dev.clause == "631a.11(b)(2)"
    assert dev.observed == ('round void ("no card for the third card of the Banker\'s Hand") after dealing '
                            "6C JD KH QS 2C")
    # a void with every card still in the shoe
    dev, _ = deviation(record(status="void"), "2C JD 2H KS 4D KC".split())
    assert dev.clause == "631a.15(e)" and "round void (no reason given)" in dev.observed


@pytest.mark.parametrize("player,banker,clause", [
    (None, ["JD", "KS"], "631a.9(a)"),
    (["2C"], ["JD", "KS", "2H"], "631a.9(c)"),
    (["2C", "2H", "4D", "KC"], ["JD", "KS"], "631a.10(c)"),
    (["2H", "2C", "4D"], ["JD", "KS", "KC"], "631a.9(c)"),
])
def test_hands_the_schema_once_refused_are_judged_by_their_rule(player, banker, clause) -> None:
    dev, _ = deviation(record(player=player, banker=banker), "2C JD 2H KS 4D KC".split())
    assert dev is not None and dev.clause == clause


def test_irregular_rounds_are_judged_on_what_the_third_card_rules_decide() -> None:
    from baccarat_conformance.steps._deal_check import after_irregularity, irregular_deviation

    stack = "7C 3D KH 3S 6C 3H KD 2S QD".split()  # a card drawn in error, disclosed: 6C starts a simulated round
    staged = m.Irregularity(kind="card_drawn_in_error", disclosed=True)
    rec = record(cards=dealt("7C 3D KH 3S", "PBPB") + [("6C", "simulated"), ("3H", "simulated"), ("KD", "simulated"),
                                                        ("2S", "simulated")], player=["7C", "KH"], banker=["3D", "3S"])
    dev, following, clause = irregular_deviation(rec, stack, staged, "631a.15(c)(1)")
    assert dev.clause == "631a.11(c)(1)" and dev.observed == "simulated cards: 6C 3H KD 2S"
    ok = rec.model_copy(update={"cards": rec.cards + [m.DealtCard(card="QD", to="simulated")]})
    assert irregular_deviation(ok, stack, staged, "631a.15(c)(1)") == (None, [], "631a.15(d)")
    # the next round's first cards are the irregularity's to decide
    held = m.Irregularity(kind="card_drawn_in_error", disclosed=False)
    assert irregular_deviation(rec.model_copy(update={"cards": rec.cards[:4]}), stack, held, "631a.15(c)(1)")[1:] == (
        stack[4:], "631a.15(a)")
    dev, _ = deviation(record(cards=dealt("3H KD 2S QD", "PBPB"), player=["3H", "2S"], banker=["KD", "QD"]),
                       stack[4:])
    assert dev.clause == "631a.9(c)" and after_irregularity(dev, "631a.15(a)").clause == "631a.15(a)"


def test_value_note() -> None:
    assert value_note(["2C", "3D"]) == ""
    assert value_note(["AC", "10D"]) == ("\nnote: the cards include an ace (§ 631a.6(a)(3): an ace counts 1) and a 10 "
                                         "(§ 631a.6(a)(2): a 10, jack, queen or king counts zero)")
