"""The game math of a run: the exact par sheet of its Rules Submission
(:mod:`baccarat_conformance.oracle.par_sheet`), from the harness's side.

The oracle takes plain data (the Rules Submission as sent in ``open_table``) and never
imports the harness; this module maps a :class:`~baccarat_conformance.profile.RulesSubmission`
onto it.
"""

from __future__ import annotations

from typing import Optional

from baccarat_conformance.oracle.par_sheet import ParSheet, par_sheet

from .profile import RulesSubmission


def par_sheet_for(rules_submission: RulesSubmission, decks: Optional[int] = None, profile: str = "") -> ParSheet:
    """The exact par sheet of ``rules_submission`` for ``decks`` decks (default: the
    submission's own ``decks``), named ``profile``.

    :raises ValueError: for a number of decks § 631a.3(a) does not allow (naming it).
    """
    return par_sheet(rules_submission.as_rules(), decks if decks is not None else rules_submission.decks,
                     profile=profile)
