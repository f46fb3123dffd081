"""Library games that misbehave at the protocol level rather than breaking a rule:
each must fail its scenarios in the right category while the run goes on."""

from __future__ import annotations

import copy
import os

from tests.games.seeded_games import SeededReferenceGame


class Crashes(SeededReferenceGame):
    """Raises from deal_round on every third round."""

    calls = 0

    def op_deal_round(self, *a, **kw):
        type(self).calls += 1
        if self.calls % 3 == 0:
            raise RuntimeError("simulated crash in the game")
        return super().op_deal_round(*a, **kw)


class FloatMoney(SeededReferenceGame):
    """Answers money as JSON numbers (the protocol wants decimal strings)."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        for w in record["wagers"]:
            w["paid"] = float(w["paid"])
        return record


class MissingField(SeededReferenceGame):
    """Leaves out the hands of the round record."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        record.pop("cards")
        return record


class NotJson(SeededReferenceGame):
    """Answers with an object that is not JSON at all."""

    def op_deal_round(self, *a, **kw):
        return {"round": object()}


class DiesMidRun(SeededReferenceGame):
    """Kills its whole process in the middle of the run."""

    calls = 0

    def op_deal_round(self, *a, **kw):
        type(self).calls += 1
        if self.calls == 10:
            os._exit(70)
        return super().op_deal_round(*a, **kw)


def crashes():
    return Crashes()


def float_money():
    return FloatMoney()


def missing_field():
    return MissingField()


def not_json():
    return NotJson()


def dies_mid_run():
    return DiesMidRun()


class DeclaresProtocol2(SeededReferenceGame):
    """Declares protocol version 2.0, which this harness does not speak."""

    def op_describe(self):
        return {**super().op_describe(), "protocol_version": "2.0"}


class SpeaksProtocol11(SeededReferenceGame):
    """A game written for protocol 1.1 (declares it): a 1.2 harness accepts it."""

    def op_describe(self):
        return {**super().op_describe(), "protocol_version": "1.1"}


def declares_protocol_2():
    return DeclaresProtocol2()


def speaks_protocol_1_1():
    return SpeaksProtocol11()


# ---------------------------------------------------------------------- answers check-protocol must name
class PerMeterCapability(SeededReferenceGame):
    """Declares ``progressive.heavenly_9``, a capability name that does not exist."""

    def op_describe(self):
        d = super().op_describe()
        return {**d, "capabilities": d["capabilities"] + ["progressive.heavenly_9"]}


class OwnEventType(SeededReferenceGame):
    """Reports its payments as ``payout`` events (neither a protocol event nor ``x_``)."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        record["events"] = [{**e, "type": "payout"} if e["type"] == "pay" else e for e in record["events"]]
        return record


class ForgetsAWager(SeededReferenceGame):
    """Leaves the last wager out of the round record's settlements."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        record["wagers"] = record["wagers"][:-1]
        return record


class AcceptsZeroWagers(SeededReferenceGame):
    """Accepts a wager of $0.00 (protocol.md: invalid_request)."""

    def op_place_wager(self, table_id, seat, wager_type, amount, hand=None, option=None):
        if amount == "0.00":
            return {"accepted": True, "wager_id": "W0", "reason": None}
        return super().op_place_wager(table_id, seat, wager_type, amount, hand, option)


class LateWagers(SeededReferenceGame):
    """Keeps betting open after "no more bets" (§ 631a.8(c))."""

    def op_place_wager(self, table_id, *a, **kw):
        self._table(table_id).betting_open = True
        return super().op_place_wager(table_id, *a, **kw)


class ShortBatch(SeededReferenceGame):
    """Answers run_rounds with one record fewer than the rounds asked."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        return {"records": super().op_run_rounds(rules, rounds, hands_only)["records"][:-1]}


def per_meter_capability():
    return PerMeterCapability()


def own_event_type():
    return OwnEventType()


def forgets_a_wager():
    return ForgetsAWager()


def accepts_zero_wagers():
    return AcceptsZeroWagers()


def late_wagers():
    return LateWagers()


def short_batch():
    return ShortBatch()
class LateMalformed(SeededReferenceGame):
    """Plays correctly for ``after`` rounds of ``run_rounds``, then passes every
    ``every``-th record (whole or hands-only) to ``spoil``, which changes it in place: a
    fault a sweep meets only in its later batches (adapters/batch.py)."""

    def __init__(self, spoil, after: int = 0, every: int = 1):
        super().__init__()
        self.spoil, self.after, self.every = spoil, after, every
        self.dealt = 0

    def op_run_rounds(self, rules, rounds, hands_only=False):
        answer = super().op_run_rounds(rules, rounds, hands_only)
        for record in answer["records"]:
            self.dealt += 1
            if self.dealt > self.after and (self.dealt - self.after - 1) % self.every == 0:
                self.spoil(record)
        return answer


class IgnoresHandsOnly(SeededReferenceGame):
    """Declares ``batch_hands`` but always answers whole records (protocol 1.2 allows it)."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        return super().op_run_rounds(rules, rounds)


class DropsBankersThirdCardHandsOnly(SeededReferenceGame):
    """Deals every round right, but its hands-only ``run_rounds`` records (protocol 1.2)
    leave out the Banker's third card: the batch answer contradicts the round the game
    deals (its whole records show the card)."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        answer = super().op_run_rounds(rules, rounds, hands_only)
        if hands_only:
            for record in answer["records"]:
                if record.get("banker") and len(record["banker"]["cards"]) == 3:
                    record["banker"]["cards"] = record["banker"]["cards"][:2]
        return answer


def drops_bankers_third_card_hands_only():
    return DropsBankersThirdCardHandsOnly()


class DropsField(SeededReferenceGame):
    """Answers operation ``op`` without the field at ``path`` (its names, outer first; a list
    on the way is entered element by element), as a game that forgot it would: every other
    answer as the reference game gives it. Named ``drops__OP__NAME__NAME...`` as a factory of
    this module (``--game tests.games.misbehaving_games:drops__deal_round__player__point_count``)."""

    def __init__(self, op: str, path: tuple[str, ...]):
        super().__init__()
        self.dropped_op, self.dropped_path = op, path

    def handle(self, op, params=None):
        answer = super().handle(op, params)
        if op == self.dropped_op and isinstance(answer, dict) and "error" not in answer:
            answer = copy.deepcopy(answer)
            _drop(answer, self.dropped_path)
        return answer


def _drop(node, path: tuple[str, ...]) -> None:
    if isinstance(node, list):
        for item in node:
            _drop(item, path)
    elif isinstance(node, dict):
        if len(path) == 1:
            node.pop(path[0], None)
        elif path[0] in node:
            _drop(node[path[0]], path[1:])


def drops_name(op: str, path: tuple[str, ...]) -> str:
    """The factory name of :class:`DropsField` for ``op`` and ``path``."""
    return "__".join(("drops", op, *path))


class DropsMeter(SeededReferenceGame):
    """Answers ``read_meters`` without the meter ``meter`` (every meter: ``"all"``), a meter
    the Rules Submission offers; the round records report every meter. Named
    ``drops_meter__NAME`` as a factory of this module."""

    def __init__(self, meter: str):
        super().__init__()
        self.dropped_meter = meter

    def op_read_meters(self, table_id):
        answer = super().op_read_meters(table_id)
        answer["meters"] = [x for x in answer["meters"] if self.dropped_meter not in ("all", x["name"])]
        return answer


def __getattr__(name: str):
    """The factories ``drops__OP__PATH`` (:class:`DropsField`) and ``drops_meter__NAME``
    (:class:`DropsMeter`)."""
    if name.startswith("drops_meter__"):
        meter = name.removeprefix("drops_meter__")

        def meter_factory():
            return DropsMeter(meter)
        meter_factory.__name__ = name
        return meter_factory
    if name.startswith("drops__"):
        _, op, *path = name.split("__")
        if op and path:
            def factory():
                return DropsField(op, tuple(path))
            factory.__name__ = name
            return factory
    raise AttributeError(name)
