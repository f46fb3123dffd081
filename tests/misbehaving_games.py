"""Library games that misbehave at the protocol level rather than breaking a rule:
each must fail its scenarios in the right category while the run goes on."""

from __future__ import annotations

import os

from baccarat_conformance.reference_game import ReferenceGame


class Crashes(ReferenceGame):
    """Raises from deal_round on every third round."""

    calls = 0

    def op_deal_round(self, *a, **kw):
        type(self).calls += 1
        if self.calls % 3 == 0:
            raise RuntimeError("simulated crash in the game")
        return super().op_deal_round(*a, **kw)


class FloatMoney(ReferenceGame):
    """Answers money as JSON numbers (the protocol wants decimal strings)."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        for w in record["wagers"]:
            w["paid"] = float(w["paid"])
        return record


class MissingField(ReferenceGame):
    """Leaves out the hands of the round record."""

    def op_deal_round(self, *a, **kw):
        record = super().op_deal_round(*a, **kw)
        record.pop("cards")
        return record


class NotJson(ReferenceGame):
    """Answers with an object that is not JSON at all."""

    def op_deal_round(self, *a, **kw):
        return {"round": object()}


class DiesMidRun(ReferenceGame):
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


class LateMalformed(ReferenceGame):
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


class IgnoresHandsOnly(ReferenceGame):
    """Declares ``batch_hands`` but always answers whole records (protocol 1.2 allows it)."""

    def op_run_rounds(self, rules, rounds, hands_only=False):
        return super().op_run_rounds(rules, rounds)
