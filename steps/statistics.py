"""Statistical verification of the game's own shuffle and payouts (``@statistics``
scenarios; lab practice beyond the text, interpretation
``631a.5-a-statistical-verification``).

The simulation (:mod:`baccarat_conformance.gamestats`) plays shoes of the game's own
shuffle through adapters its workers build from the run's options (``--adapter``
library or http, ``--game``, ``--url``), in chunks seeded from ``--stats-seed`` (with
capability ``seeded_shuffle``), on local processes or ``--cluster ADDRESS``; ``--depth``
sets the shoes (:data:`~baccarat_conformance.gamestats.chunks.DEPTHS`). The steps judge
the merged counts with scipy.stats, Holm-corrected at 1% per scenario, and report every
test (statistic, p-value, power) in the results log (``statistics``), in Allure and,
with the pictures, in ``--matrix-dir``.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import time
from pathlib import Path
from typing import Any, Callable, Optional

import pytest
from pytest_bdd import then, when

from baccarat_conformance import gamestats  # gamestats: its judge (scipy) and plots (matplotlib) load at first use
from baccarat_conformance.run import heartbeat
from baccarat_conformance.adapters import GameAdapter
from baccarat_conformance.adapters.base import max_answer_bytes_option, operation_timeout_option
from baccarat_conformance.judging.errors import AdapterError, Blocked, Nonconformance
from baccarat_conformance.run.game_math import par_sheet_for
from baccarat_conformance.gamestats.chunks import (DEPTHS, ONE_CONNECTION_SECONDS, ROUNDS_PER_CARD, Outcome,
                                                   played_shoes, shoes_for_rounds, simulate, simulate_here, top_up,
                                                   whole_chunks)
from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.gamestats.simulate import GameSettings, Plan, WagerKey, stake_for
from baccarat_conformance.judging.judgements import about, counts_judgements, judged
from baccarat_conformance.oracle import par_wagers, settlement, side_wagers
from baccarat_conformance.oracle.par_sheet import round_outcome_probabilities
from baccarat_conformance.inputs.profile import RulesSubmission
from baccarat_conformance.reports import evidence

from ._seeded import check_seeded_shuffle


ROUND_EVENTS = ("banker_win", "player_win", "tie", "natural", "player_pair", "banker_pair")
"""The round events judged against the par sheet (§ 631a.8(a) outcomes, Naturals, pairs)."""

_RUNS: dict[tuple, Outcome] = {}  # one simulation per process and plan: two scenarios share the rounds
_FAILED: dict[tuple, AdapterError] = {}
"""The simulations that failed in this process, by the key of :data:`_RUNS`: a scenario that
shares one gets its error at once, never the simulation started over (issue 36, item 5: a
lab run over HTTP spent 22 minutes failing one, then as long again in the next scenario)."""


def _failed_before(key: tuple) -> None:
    """Raise the error of the simulation ``key`` when it failed in an earlier scenario."""
    failed = _FAILED.get(key)
    if failed is None:
        return
    again = copy.copy(failed)
    again.args = (f"{failed} (in an earlier scenario sharing this simulation, which is not started over)",)
    raise again


def game_settings(config: pytest.Config, game: GameAdapter) -> Optional[GameSettings]:
    """The picklable :class:`GameSettings` from which the simulation's workers rebuild the
    run's adapter (library, http, or a plugin's
    :meth:`~baccarat_conformance.adapters.base.GameAdapter.worker_options`); None when
    ``game`` cannot be rebuilt (a serial device talks to one host; a plugin without the
    hook): the simulation then plays over ``game`` itself, in this process. Skips the
    scenario as not verified when a plugin's options do not pickle."""
    name = config.getoption("--adapter")
    timeout = operation_timeout_option(config) or 0.0
    size = max_answer_bytes_option(config)
    if name == "library":
        game_spec = config.getoption("--game", None) or GameSettings.game
        return GameSettings("library", game=game_spec, operation_timeout=timeout, max_answer_bytes=size)
    options = game.worker_options() if game.many_connections else None
    if options is None:
        return None
    try:
        pickle.dumps(options)
    except Exception as e:  # a vendor's options may hold anything
        pytest.skip(f"not verified: --adapter {name}: its worker_options() do not pickle ({type(e).__name__}: "
                    f"{e}), so the statistics' workers cannot rebuild it")
    return GameSettings(name, operation_timeout=timeout, options=options, max_answer_bytes=size)


SMOKE = DEPTHS["smoke"]
"""The least depth on which the statistics pass a game: a simulation over one connection
that the time budget cut below its shoes is not verified, never passed."""


def _run(config: pytest.Config, game: GameAdapter, rules: dict, depth: str, play: bool) -> Outcome:
    d = DEPTHS[depth]
    settings = game_settings(config, game)
    seed = int(config.getoption("--stats-seed") or 1)
    wagers: tuple[WagerKey, ...] = ()
    audited: frozenset = frozenset()
    if play:
        models = [m for m in par_wagers.models(rules) if m.engine is not None]
        wagers = tuple((m.wager, m.hand, m.option) for m in models)
        table_rules = _rules_submission(rules)
        audited = frozenset(w for w, _, _ in wagers if settlement.settler_for(w, table_rules) is not None)
    target = config.getoption("--stats-rounds", None) if play else None
    decks = int(rules.get("decks", 8))
    shoes = whole_chunks((shoes_for_rounds(int(target), decks) if target else played_shoes(d, decks)) if play
                         else d.shuffle_shoes, d.chunk_shoes)  # the shoes the whole chunks deal
    plan = Plan(rules, seed if not play else seed + 7_919, d.chunk_shoes, play=play,
                seeded=game.has_capability("seeded_shuffle"), wagers=wagers, audited=audited)
    budget = float(config.getoption("--stats-budget", None) or ONE_CONNECTION_SECONDS[depth])
    key = (settings or game.name, json.dumps(rules, sort_keys=True), plan.run_seed, depth, play,
           config.getoption("--cluster"), budget, target)
    _failed_before(key)
    if key not in _RUNS and plan.seeded and game.has_capability("shoe_disclosure"):
        _check_declared_seed(game, rules)  # the chunks are replayed from their seeds: the declaration must hold
    if key not in _RUNS:
        chunks = math.ceil(shoes / d.chunk_shoes)
        dealt = _shoes_dealt(chunks * d.chunk_shoes, d.chunk_shoes)
        try:
            if settings is None:  # one connection: over the run's own adapter, as many shoes as the budget allows
                outcome = simulate_here(game, plan, chunks, seconds=None if game.many_connections else budget,
                                        progress=dealt)
            else:
                outcome = simulate(settings, plan, chunks, cluster=config.getoption("--cluster"), progress=dealt)
                if play and not target:  # the depth's rounds, whatever a shoe of the game holds
                    outcome = top_up(settings, plan, outcome, _least(_rules_submission(rules), play=True),
                                     cluster=config.getoption("--cluster"))
        except AdapterError as e:  # never started over by another scenario of the run
            _FAILED[key] = e
            raise
        _RUNS[key] = outcome
    outcome = _RUNS[key]
    counts = outcome.counts
    evidence.attach_json("simulation", {
        "where": outcome.where, "chunks": outcome.chunks,
        "shoes": counts.played if play else counts.shoes,  # counted as dealt (or disclosed), never as planned
        "shoes_planned": outcome.shoes_planned or shoes,
        "rounds": counts.rounds, "void_rounds": counts.void,
        "wagers_settled": sum(counts.placed.values()),
        "seconds": round(outcome.seconds, 2),
        "rounds_per_second": outcome.rounds_per_second and round(outcome.rounds_per_second, 1),
        "shoes_per_second": outcome.shoes_per_second and round(outcome.shoes_per_second, 1),
        "seeded": plan.seeded, "stats_seed": seed, "depth": depth})
    return outcome


def _least(rules_submission: RulesSubmission, play: bool) -> int:
    """What the smoke depth judges at least (:data:`SMOKE`): its shuffled shoes, or the
    rounds its played shoes deal at the fewest (:data:`~baccarat_conformance.gamestats.chunks.ROUNDS_PER_CARD`);
    fewer never pass."""
    if not play:
        return SMOKE.shuffle_shoes
    decks = rules_submission.decks
    return played_shoes(SMOKE, decks) * int(decks * 52 * ROUNDS_PER_CARD)


def _enough(outcome: Outcome, tests: list[gamestats.judge.Test], least: int, depth: str, play: bool) -> None:
    """Skip as not verified when fewer than ``least`` shoes (shuffle) or rounds (the
    played shoes) were judged (the smoke depth's, :func:`_least`), on any route and for
    any reason (a time budget over one connection, ``--stats-rounds``), and no test
    rejects, stating the power they give; else, when a time budget cut the simulation
    short, say so in the evidence. Never a pass with too little power (a rejection
    stands at any number)."""
    counts = outcome.counts
    n, unit = (counts.rounds, "rounds") if play else (counts.shoes, "shoes")
    power = "".join(f"; '{t.name}' detects a bias of {t.power:.3g} ({t.power_unit}, n = {t.n})" for t in tests[:3])
    what = f"{outcome.where} judged {n} {unit}"
    if outcome.cut_short:
        dealt = outcome.shoes or 0
        rate = dealt / outcome.seconds if outcome.seconds else 0.0
        what = (f"{outcome.where} dealt {dealt} of the {outcome.shoes_planned} shoes --depth {depth} plans in "
                f"{outcome.seconds:.0f} s ({rate:.3g} shoes/s; the time budget: --stats-budget) and judged {n} {unit}")
    if n < least and gamestats.judge.summary(tests) is None:
        pytest.skip(f"not verified: {what}, fewer than the {least} {unit} of --depth smoke, the least the statistics "
                    f"pass a game on{power}"
                    + ("; raise --stats-budget or use a faster line rate" if outcome.cut_short
                       else "; raise --stats-rounds" if play else ""))
    if outcome.cut_short:
        evidence.attach_text("simulation cut short by the line rate", what + power)


def _accounted(outcome: Outcome) -> None:
    """Every shoe dealt was accounted (gamestats/shoe_account.py): its rounds dealt from
    it in order, and it ended where the regulation ends it. A shoe dealt otherwise is a
    nonconformance of the clause it broke (its rounds are not judged as if it had not
    been). A shoe that states no second cover card (``cover_card_index``), or neither its
    burn nor its stack, cannot be accounted (protocol 1.3 makes both optional): the evidence
    says so, and its rounds still count only as dealt and judged (the floor of
    :func:`_enough` is counted in rounds judged, so a game whose shoes end early is never
    passed on fewer rounds than smoke depth's).

    :raises Nonconformance: naming the first faulty shoe's clause."""
    counts = outcome.counts
    if counts.faulty:
        fault = counts.fault
        raise Nonconformance(fault.clause, fault.required,
                             f"shoe {fault.shoe_id}: {fault.observed}; {counts.faulty} of the {counts.played} shoes "
                             "dealt were not dealt as the regulation deals them")
    if counts.unaccounted:
        gap = counts.gap
        evidence.attach_text("shoes not accounted", (
            f"{counts.unaccounted} of the {counts.played} shoes dealt state neither {gap.missing}: where each "
            f"ended (§ 631a.10(d), resting on § {gap.clause}) was not checked (first: shoe {gap.shoe_id}); their "
            f"rounds count as dealt: {counts.rounds} rounds judged"))


def _check_declared_seed(game: GameAdapter, rules: dict) -> None:
    """The game's ``seeded_shuffle`` holds (:func:`check_seeded_shuffle`, on a table of its
    own), before chunks said to be reproducible from their seeds are dealt.

    :raises ProtocolViolation: naming the declaration, when it does not hold."""
    table_id = game.open_table(rules)
    try:
        check_seeded_shuffle(game, table_id, cut_offset=20)
    finally:
        game.close_table(table_id)


def _rules_submission(rules: dict) -> RulesSubmission:
    return RulesSubmission.model_validate(rules)


@when("the game shuffles many dealing shoes of its own", target_fixture="stats_run")
def shuffle_many(request: pytest.FixtureRequest, game: GameAdapter, rules_submission: RulesSubmission, depth: str) -> Outcome:
    return _run(request.config, game, rules_submission.as_rules(), depth, play=False)


@when("the game deals many rounds from shoes of its own with every offered wager placed", target_fixture="stats_run")
def play_many(request: pytest.FixtureRequest, game: GameAdapter, rules_submission: RulesSubmission, depth: str) -> Outcome:
    return _run(request.config, game, rules_submission.as_rules(), depth, play=True)


# ------------------------------------------------------------------ reporting
def _report(request: pytest.FixtureRequest, title: str, tests: list[gamestats.judge.Test]) -> None:
    rows = [t.as_dict() for t in tests]
    request.node.user_properties.append(("statistics", rows))
    evidence.attach_json(f"statistical tests: {title}", rows)
    evidence.attach_text(f"statistical tests: {title} (table)", "\n".join(
        f"{'REJECT' if t.reject else 'ok    '} {t.line()}; power: {t.power:.3g} ({t.power_unit}, n = {t.n})"
        for t in tests))


def _save_png(request: pytest.FixtureRequest, name: str, render: Callable[[], bytes]) -> None:
    """The plot ``render()`` draws, attached to the Allure result and written into
    ``--matrix-dir`` as ``name``; not drawn (matplotlib not even imported) when the run
    keeps neither."""
    out = request.config.getoption("--matrix-dir", None)
    if not (out or evidence.recording()):
        return
    import allure

    png = render()
    allure.attach(png, name=name, attachment_type=allure.attachment_type.PNG)
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        write_atomic(Path(out) / name, png)


def _fail(failed: gamestats.judge.Test, tests: list[gamestats.judge.Test], depth: str) -> None:
    others = sum(t.reject for t in tests) - 1
    more = f"; {others} more test{'s' if others != 1 else ''} rejected" if others > 0 else ""
    if failed.exact:
        required = "every settlement paid and charged as the paytable requires for the cards dealt"
    else:
        required = (f"{failed.name} consistent with a fair game at 1% family-wise (Holm, {len(tests)} tests, "
                    f"depth {depth})")
    raise Nonconformance(failed.clause, required,
                         f"test '{failed.name}' rejected: statistic {failed.statistic:.4g}, "
                         f"p-value {failed.p_value:.3g}; {failed.detail}{more}")


def _verdict(request: pytest.FixtureRequest, title: str, tests: list[gamestats.judge.Test], what: str, n: int,
             depth: str) -> None:
    _report(request, title, tests)
    judged(n, what)
    failed = gamestats.judge.summary(tests)
    if failed is not None:
        _fail(failed, tests, depth)


# ------------------------------------------------------------------ the checks
@then("the shuffle passes every statistical test at 1% family-wise")
@counts_judgements
def shuffle_passes(request: pytest.FixtureRequest, stats_run: Outcome, rules_submission: RulesSubmission, depth: str) -> None:
    counts = stats_run.counts
    if not counts.shoes:
        pytest.skip("not verified: the game disclosed no shuffled stack (start_shoe returned no cards)")
    tests = gamestats.judge.shuffle_tests(counts)
    _save_png(request, gamestats.HEATMAP_PNG, lambda: gamestats.plots.rank_heatmap(
        counts.rank_pos, f"rank share by position, {counts.shoes} shoes of the game's own shuffle"))
    _enough(stats_run, tests, _least(rules_submission, play=False), depth, play=False)
    _verdict(request, "shuffle", tests, "shoes tested", counts.shoes, depth)


def _par(rules_submission: RulesSubmission) -> Any:
    return par_sheet_for(rules_submission)  # computed in this run (the oracle keeps it for the process)


@then("the outcomes occur as often as the par sheet says, at 1% family-wise")
@counts_judgements
def outcomes_pass(request: pytest.FixtureRequest, stats_run: Outcome, rules_submission: RulesSubmission, depth: str) -> None:
    counts = stats_run.counts
    _accounted(stats_run)
    probabilities = round_outcome_probabilities(rules_submission.decks)
    events = {name: probabilities[name] for name in ROUND_EVENTS}
    sheet = _par(rules_submission)
    wagers = {(w.wager, w.hand, w.option): {o.outcome: o.probability for o in w.outcomes if o.result == "win"}
              for w in sheet.wagers if w.exact and (w.wager, w.hand, w.option) in counts.outcomes}
    if counts.refused:
        evidence.attach_json("wagers the game refused (not judged)", {gamestats.judge.label(k): n for k, n in counts.refused.items()})
    tests = gamestats.judge.holm(gamestats.judge.outcome_tests(counts, events, wagers, {}))
    for t in tests:
        t.clause = "631a.5(a)"  # the cards dealt come from the game's shuffle: its randomness is judged
    rows = [(t.name.replace("round event ", ""), int(round(t.statistic * t.n)), t.n,
             float(_expected(t, events, wagers))) for t in tests]
    _save_png(request, gamestats.OUTCOMES_PNG, lambda: gamestats.plots.outcome_plot(
        rows, f"observed / expected frequency, {counts.rounds} rounds of the game's own shoes"))
    _enough(stats_run, tests, _least(rules_submission, play=True), depth, play=True)
    _verdict(request, "outcomes", tests, "rounds tested", counts.rounds, depth)


def _expected(test: gamestats.judge.Test, events: dict, wagers: dict) -> float:
    name = test.name.replace("round event ", "")
    if name in events:
        return float(events[name])
    for key, outcomes in wagers.items():
        label = gamestats.judge.label(key)
        if test.name.startswith(label + ": outcome "):
            return float(outcomes[test.name[len(label) + len(": outcome "):]])
    return math.nan


@then("every offered wager returns what the par sheet says and is paid as its paytable requires")
@counts_judgements
def returns_pass(request: pytest.FixtureRequest, stats_run: Outcome, rules_submission: RulesSubmission, depth: str) -> None:
    counts = stats_run.counts
    # § 631a.13 pays the wagers of Baccarat and EZ Baccarat: at a commission-free, Midibaccarat,
    # Minibaccarat or Rising Phoenix table this scenario is not offered
    why = settlement.governs_settlement("631a.13", rules_submission)
    if why:
        pytest.skip(f"not offered: {why}")
    about("variant.baccarat", "variant.ez_baccarat")
    _accounted(stats_run)
    sheet = _par(rules_submission)
    clauses: dict[WagerKey, str] = {}
    edges = {}
    for w in sheet.wagers:
        key = (w.wager, w.hand, w.option)
        settler = settlement.settler_for(w.wager, rules_submission)
        if w.exact and settler is not None and counts.outcomes.get(key):
            clauses[key] = settler.odds_clause
            edges[key] = w.house_edge
    audits = gamestats.judge.audit_tests(counts, clauses)
    tests = gamestats.judge.holm(gamestats.judge.return_tests(counts, edges, clauses) + audits)
    evidence.attach_json("mispaid settlements (first 20)", counts.mispaid_examples)
    unjudged = sorted(gamestats.judge.label(k) for k in counts.outcomes if k not in clauses)
    if unjudged:
        evidence.attach_text("wagers not judged here", "no settler of the oracle names their paytable clause: "
                             + ", ".join(unjudged))
    if counts.refused:
        evidence.attach_json("wagers the game refused (not judged)",
                             {gamestats.judge.label(k): n for k, n in counts.refused.items()})
    _enough(stats_run, tests, _least(rules_submission, play=True), depth, play=True)
    if tests:
        _verdict(request, "returns", tests, "wagers settled", sum(counts.audited.values()), depth)
    if counts.refused:  # what was judged passed: the wagers the game would not take were not judged
        _refused_blocks(counts, rules_submission)


def acceptance_clause(wager_type: str) -> str:
    """The clause that lets a player place ``wager_type`` at a Baccarat or EZ Baccarat
    table (the only tables the returns scenario plays): § 631a.8(a) for the wagers of
    Ch. 631a, the side wager's own section of Ch. 631c otherwise."""
    if wager_type in ("banker", "player", "tie", "dragon_bonus", "dragon_7", "panda_8", "house_money"):
        return "631a.8(a)"
    if wager_type == "heavenly_9":
        return "631c.2"
    return next((section for section, wagers in side_wagers.SECTION_WAGERS.items()
                 if section.startswith("631c.") and any(w == wager_type for w, _ in wagers)), "631a.8(a)")


def _refused_blocks(counts: Any, rules_submission: RulesSubmission) -> None:
    """The game refused wagers the Rules Submission offers, each within its filed table
    limits (:func:`~baccarat_conformance.gamestats.simulate.stake_for`): their returns
    were not judged, so the scenario is blocked (the game broke the acceptance rule of
    § 631a.8(a) or of the side wager's section, whose own scenarios judge it), never
    passed and never a harness error."""
    key, n = max(counts.refused.items(), key=lambda kv: kv[1])
    label = gamestats.judge.label(key)
    others = len(counts.refused) - 1
    raise Blocked(acceptance_clause(key[0]), f"the game accepts the ${stake_for(rules_submission.as_rules(), key[0])} {label} wager "
                          "the Rules Submission offers, within its table limits",
                  f"refused it {n} time(s)" + (f"; and {others} other wager type(s)" if others else ""))


def _shoes_dealt(planned: int, chunk_shoes: int) -> Any:
    """The ``progress(done, chunks)`` of a simulation: a heartbeat of the shoes dealt of
    ``planned`` (``run``'s display and heartbeat lines give the rate and the time left,
    :mod:`baccarat_conformance.run.heartbeat`), one at the start and one as each chunk of
    ``chunk_shoes`` shoes finishes."""
    started = time.time()
    heartbeat.beat(0, planned, "shoes dealt", force=True, started=started)

    def progress(done: int, chunks: int) -> None:
        heartbeat.beat(min(planned, done * chunk_shoes), planned, "shoes dealt", force=done == chunks,
                       started=started)

    return progress
