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
