"""Games that declare fewer capabilities than they have: each is the reference game
(which conforms), with a ``describe`` answer that leaves capabilities out. Nothing they
do is wrong, yet none may be found conformant: a clause the harness could not check for
lack of a capability is "not verified", never passed (issue 13, "capabilities cannot buy
a pass"). Usable as ``--game tests.games.capability_games:NAME``.
"""

from __future__ import annotations

from tests.games.seeded_games import SeededReferenceGame


class DeclaresNoCapabilities(SeededReferenceGame):
    """Declares no capability at all: no stacked shoe, no disclosure, no optional wager…"""

    def op_describe(self) -> dict:
        return {**super().op_describe(), "capabilities": []}


class DeclaresNoIrregularities(SeededReferenceGame):
    """Declares every capability but ``irregularities`` (§ 631a.15 cannot be staged)."""

    def op_describe(self) -> dict:
        d = super().op_describe()
        return {**d, "capabilities": [c for c in d["capabilities"] if c != "irregularities"]}


def no_capabilities() -> DeclaresNoCapabilities:
    return DeclaresNoCapabilities()


def no_irregularities() -> DeclaresNoIrregularities:
    return DeclaresNoIrregularities()


class OnlyMysteryAOne(SeededReferenceGame):
    """Implements one Must-Hit-By Mystery configuration (§ 631c.6(c)(4)), "A-$1", and
    answers ``unsupported`` to a table of any other."""

    def check_rules(self, rules):
        from baccarat_conformance.reference_game.game import GameError

        mystery = ((rules.get("wagers") or {}).get("heavenly_9") or {}).get("mystery")
        if mystery not in (None, "A-$1"):
            raise GameError("unsupported", f"mystery configuration {mystery!r} is not implemented")
        return super().check_rules(rules)


def only_mystery_a_one() -> OnlyMysteryAOne:
    return OnlyMysteryAOne()


class MinimumTenDollars(SeededReferenceGame):
    """Refuses every wager under $10.00, whatever table limits the Rules Submission files."""

    def check_limits(self, table, kind, stake, seat, hand, option):
        from decimal import Decimal

        if stake < Decimal("10.00"):
            return "below the table minimum of $10.00"
        return super().check_limits(table, kind, stake, seat, hand, option)


def minimum_ten_dollars() -> MinimumTenDollars:
    return MinimumTenDollars()


class BaseWagersOnly(SeededReferenceGame):
    """Implements the Banker, Player and Tie wagers only, as a vendor's first build may:
    declares no ``wager.<type>`` and answers ``unsupported`` to a Rules Submission that
    offers any other wager (docs/protocol.md, open_table)."""

    def op_describe(self) -> dict:
        d = super().op_describe()
        return {**d, "capabilities": [c for c in d["capabilities"] if not c.startswith("wager.")]}

    def check_rules(self, rules):
        from baccarat_conformance.reference_game.game import GameError

        extra = sorted(set(rules.get("wagers") or {}) - {"banker", "player", "tie"})
        if extra:
            raise GameError("unsupported", f"wager(s) {', '.join(extra)} not implemented")
        return super().check_rules(rules)


def base_wagers_only() -> BaseWagersOnly:
    return BaseWagersOnly()


class DeclaresNoShoeBatch(SeededReferenceGame):
    """Declares every capability but ``batch_shoes`` (protocol 1.3), and answers
    ``play_shoes`` with an error, as a game written for 1.2 would: the statistics play
    its shoes one operation at a time. ``ops`` counts the operations it was sent."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.ops: dict[str, int] = {}

    def handle(self, op, params=None):
        self.ops[op] = self.ops.get(op, 0) + 1
        return super().handle(op, params)

    def op_describe(self) -> dict:
        d = super().op_describe()
        return {**d, "protocol_version": "1.2", "capabilities": [c for c in d["capabilities"] if c != "batch_shoes"]}

    def op_play_shoes(self, **params) -> dict:
        return {"error": {"code": "invalid_request", "message": "unknown operation 'play_shoes'"}}


def no_shoe_batch() -> DeclaresNoShoeBatch:
    return DeclaresNoShoeBatch()
