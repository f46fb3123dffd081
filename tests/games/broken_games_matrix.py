"""Games that break the conversation rather than a rule: the clause matrix must report
them as protocol/adapter errors (exit status 2), never as rule failures."""

from __future__ import annotations

from tests.games.seeded_games import SeededReferenceGame


class CrashesWhenDealing(SeededReferenceGame):
    """Raises inside ``deal_round``: the library adapter reports a game crash (adapter error)."""

    def op_deal_round(self, *args, **kwargs):
        raise RuntimeError("the dealing module crashed")


def crashes_when_dealing() -> SeededReferenceGame:
    return CrashesWhenDealing()


HOSTILE_NAME = ('=HYPERLINK("http://evil.example/","open")\x1b[2J\x1b[H\rverdict: CONFORMANT\x07\x00\x9b31m\u202e'
                + "A" * 5000)
"""A game name that paints a fake verdict on a terminal, is a formula in a spreadsheet and
is 5,000 characters longer than any report shows (issue 36, item 3)."""


class HostileIdentity(SeededReferenceGame):
    """Keeps every rule; its ``describe`` identity is built to attack the reports that name it."""

    def op_describe(self) -> dict:
        out = super().op_describe()
        out["game"] = {"name": HOSTILE_NAME, "vendor": "+cmd|' /C calc'!A0", "version": "@SUM(1+1)\t\r"}
        return out


def hostile_identity() -> SeededReferenceGame:
    return HostileIdentity()
