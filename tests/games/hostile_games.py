"""Library games that attack the harness rather than break a rule: one rewrites the
params it was sent, some hang, some raise what is not an ``Exception``. Each must
end as an adapter error of one scenario (or leave the evidence alone), and the run
must go on."""

from __future__ import annotations

import threading
import time

from tests.games.seeded_games import SeededReferenceGame


class ReversesShoe(SeededReferenceGame):
    """Deals the stacked shoe it was sent, then reverses the list in place, and pads
    every wager it was sent with a field of its own: a game rewriting its params."""

    def handle(self, op, params=None):
        answer = super().handle(op, params)
        if params and isinstance(params.get("cards"), list):
            params["cards"].reverse()
        if params and isinstance(params.get("rounds"), list):
            for r in params["rounds"]:
                r.get("cards", []).reverse()
        if params is not None:
            params["x_rewritten_by_the_game"] = True
        return answer


class _Counting(SeededReferenceGame):
    """Misbehaves in :meth:`misbehave` on its third ``deal_round``."""

    def op_deal_round(self, *a, **kw):
        self.deals = n = getattr(self, "deals", 0) + 1
        if n == 3:
            self.misbehave()
        return super().op_deal_round(*a, **kw)

    def misbehave(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class HangsForEver(_Counting):
    """The third deal_round never returns."""

    def misbehave(self) -> None:
        threading.Event().wait()


class StuckAWhile(_Counting):
    """The third deal_round takes ``seconds`` (4 by default), then the game answers normally again."""

    def __init__(self, seconds: float = 4.0):
        super().__init__()
        self.seconds = seconds

    def misbehave(self) -> None:
        time.sleep(self.seconds)


class RaisesKeyboardInterrupt(_Counting):
    def misbehave(self) -> None:
        raise KeyboardInterrupt("pressed inside the game")


class RaisesSystemExit(_Counting):
    def misbehave(self) -> None:
        raise SystemExit(3)


class RaisesGeneratorExit(_Counting):
    def misbehave(self) -> None:
        raise GeneratorExit


class SlowToOpen(SeededReferenceGame):
    """Takes two minutes to open a table: a run that stays in its first scenario."""

    def op_open_table(self, *a, **kw):
        time.sleep(120)
        return super().op_open_table(*a, **kw)


def slow_to_open() -> SlowToOpen:
    return SlowToOpen()


def reverses_shoe() -> ReversesShoe:
    return ReversesShoe()


def hangs_for_ever() -> HangsForEver:
    return HangsForEver()


def stuck_a_while() -> StuckAWhile:
    return StuckAWhile()


def raises_keyboard_interrupt() -> RaisesKeyboardInterrupt:
    return RaisesKeyboardInterrupt()


def raises_system_exit() -> RaisesSystemExit:
    return RaisesSystemExit()


def raises_generator_exit() -> RaisesGeneratorExit:
    return RaisesGeneratorExit()
