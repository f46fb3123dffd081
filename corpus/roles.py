"""The role of a clause: what kind of rule it states, so that a failing check names
the clause whose rule it checked (docs/clause-matrix.md, "Which clause a failure names").

A check judges one kind of rule, and a scenario tagged with several clauses names the
one among its tags whose role is the check's:

=============  ==========================================================================
role           the clause ...
=============  ==========================================================================
``outcome``    decides whether a wager wins, loses or ties, or defines a hand a wager
               wins on ("shall win if", "shall lose", "Tie and be returned", a
               definition of a winning hand); such a clause also has the role ``win``,
               ``lose`` or ``tie`` of the result it states (a check of a wager that
               should lose prefers the clause that says it loses)
``payout``     sets what a winning wager is paid: odds ("11 to 1", "299 for 1"), a
               paytable or payout table, a share of a progressive meter
``commission`` sets or forbids a commission (vigorish)
``reset``      resets a progressive meter after it is paid ("Reset the progressive meter")
``hands``      decides the cards of the hands: card values and Point Counts (§ 631a.6),
               the third-card rules (§ 631a.11), a Natural, or a side wager's "deal the
               cards in accordance with § 631a.9" clause
``procedure``  anything else (every clause has it when it has no other role)
=============  ==========================================================================

A clause can have several roles (§ 631a.13(c) sets the Banker odds and the vigorish).
The roles are derived from the clause's own text by the patterns below (a table takes
the roles of the clause that introduces it); :data:`OVERRIDES` corrects the few
clauses whose wording the patterns misread. Everything here is deterministic: the
same corpus gives the same roles, whatever the order tags arrive in.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Mapping, Optional

from . import Clause, Corpus, load_corpus

__all__ = ["ROLES", "OVERRIDES", "roles_of", "clause_roles", "pick", "edition_twins"]

ROLES = ("outcome", "payout", "commission", "reset", "hands", "procedure")
#: The results an ``outcome`` clause may state (roles too).
RESULT_ROLES = ("win", "lose", "tie")

_PAYOUT = re.compile(
    r"\b\d[\d,]*(?:\.\d+)?\s+(?:to|for)\s+[12]\b"        # "11 to 1", "1 to 2", "1,000 for 1" (not "2 to 9")
    r"|\bat (?:the )?odds\b|\bpaid (?:out )?at odds\b"
    r"|\bpay ?tables?\b|\bpayables?\b|\bpayout tables?\b"
    r"|\b100% of\b|\bshall be paid \d+%"
    r"|\bshall be paid (?:consistent|according) with\b|\bfollowing odds\b",
    re.I)
_OUTCOME = re.compile(
    r"\bshall (?:win|lose)\b|\bwins? if\b|\bloses? if\b|^win\b|^lose\b|\btie and be returned\b"
    r"|\bshall be (?:a )?(?:winning|losing)\b|\bshall tie\b"
    r"|\bshall pay the winning\b|\bshall collect the\b[^.]*\bwager\b|\blosing\b[^.]*\bshall be collected\b"
    r"|^pay the\b",
    re.I)
_WIN = re.compile(r"\bshall win\b|\bwins? if\b|^win\b|\bshall pay the winning\b|\bwinning\b[^.]*\bshall be paid\b"
                  r"|^pay the\b",
                  re.I)
_LOSE = re.compile(r"\bshall lose\b|\bloses? if\b|^lose\b|\bshall collect the\b[^.]*\bwager\b"
                   r"|\blosing\b[^.]*\bshall be collected\b", re.I)
_TIE = re.compile(r"\btie and be returned\b|\bshall tie\b", re.I)
_RESET = re.compile(r"^reset the\b", re.I)
_COMMISSION = re.compile(r"\bcommission\b(?!-free)|\bvigorish\b", re.I)
_HANDS = re.compile(
    r"\bdeal (?:the cards )?in accordance with §\s*6\d\da\.(?:8|9)\b"   # § 627a.8, § 629a.8, § 631a.9
    r"|\bplayed in accordance with §\s*631a\.11|\bdealt in accordance with §\s*6\d\da\.\d+"
    r"|\bdealt and played in accordance with §§|\bplayed consistent with Chapter 6\d\da\b"
    r"|\bcontinue as set forth in §\s*6\d\da\.8\b",
    re.I)
#: Sections whose every clause decides the cards of the hands.
HANDS_SECTIONS = frozenset({"631a.6", "631a.11"})

#: Roles written by hand where the text misleads the patterns (clause id -> roles).
OVERRIDES: Mapping[str, frozenset[str]] = {
    # "Contain a nine, the winning Lucky Nines wagers shall be paid in accordance with
    # subsection (e)": decides that the wager wins; the odds are (e)'s
    "631c.4(d)(2)": frozenset({"outcome", "win"}),
    # the second copy's lead-in of the winning outcomes ("shall win, and be paid out in
    # accordance with the paytable in subsection (i)"): the odds are (i)'s
    "631c.2(g)@current-through-2024-06-22": frozenset({"outcome", "win"}),
    # an item of the Golden Talons "shall win if:" list; "under the approved paytable" names
    # the outcomes of the paytable, not its odds (those are (f)'s)
    "629b.6(e)(3)": frozenset({"outcome", "win"}),
    # the rates of progression of the Harmony meters and the Must-Hit-By Mystery
    # configurations: "paytable" names the configuration, no payout is set
    "629b.7(j)": frozenset({"procedure"}),
    "629b.7(j)[table 1]": frozenset({"procedure"}),
    "629b.7(j)[table 2]": frozenset({"procedure"}),
    "629b.7(j)[table 3]": frozenset({"procedure"}),
    "631c.6(c)(4)[table]": frozenset({"procedure"}),
    # Definitions of a Natural: which hands are Naturals, the third-card rules' premise
    "631a.1[Natural]": frozenset({"hands", "outcome"}),
}


_HEADING_REFERENCE = re.compile(r"\(relating to [^)]*\)")


def _text_roles(clause: Clause) -> set[str]:
    # a cross-reference's heading ("(relating to payout odds; vigorish)") states no rule
    text = _HEADING_REFERENCE.sub("", " ".join(clause.text.split()))
    roles: set[str] = set()
    if _PAYOUT.search(text):
        roles.add("payout")
    if _OUTCOME.search(text):
        roles.add("outcome")
        roles |= {r for r, pattern in (("win", _WIN), ("lose", _LOSE), ("tie", _TIE)) if pattern.search(text)}
    if _COMMISSION.search(text):
        roles.add("commission")
    if _RESET.search(text):
        roles.add("reset")
    if _HANDS.search(text) or clause.section in HANDS_SECTIONS:
        roles.add("hands")
    return roles


def roles_of(clause: Clause, corpus: Optional[Corpus] = None) -> frozenset[str]:
    """The roles of ``clause`` (never empty: ``{"procedure"}`` when no other applies).

    A table takes the roles of the clause that introduces it (its parent) plus its own;
    a definition of a kind of hand or pair a wager wins on (a definition whose parent
    or own text names a wager that wins on it) is an ``outcome`` clause.
    """
    if clause.id in OVERRIDES:
        return OVERRIDES[clause.id]
    roles = _text_roles(clause)
    corpus = corpus or load_corpus()
    parent = corpus.by_id.get(clause.parent) if clause.parent else None
    if clause.kind == "table" and parent is not None:
        roles |= _text_roles(parent)
        roles.discard("outcome")  # a paytable sets the payout; the outcomes are its clauses'
        if "payout" not in roles and _PAYOUT.search(" ".join(clause.text.split())):
            roles.add("payout")
    if clause.kind == "definition" or _is_hand_definition(clause):
        roles |= {"outcome", "win"}  # the hands a wager wins on
    if not roles and parent is not None and parent.text.rstrip().endswith(":") \
            and "outcome" in _text_roles(parent):
        roles |= {"outcome"} | (_text_roles(parent) & set(RESULT_ROLES))  # an item of a "shall win if:" list
    return frozenset(roles or {"procedure"})


_DEFINED_TERM = re.compile(r"^\*?[A-Z][\w' -]{1,60}\*?\s*—")


def _is_hand_definition(clause: Clause) -> bool:
    """A clause written as a definition ("*Any Royal 9*—Either the player hand ..."):
    the winning hands of the progressive and bonus wagers."""
    return clause.kind == "clause" and bool(_DEFINED_TERM.match(clause.text.strip()))


@functools.lru_cache(maxsize=1)
def _all_roles() -> Mapping[str, frozenset[str]]:
    corpus = load_corpus()
    return {c.id: roles_of(c, corpus) for c in corpus.clauses}


def clause_roles(clause_id: str) -> frozenset[str]:
    """The roles of the corpus clause ``clause_id`` (``{"procedure"}`` for an id the
    corpus does not know)."""
    return _all_roles().get(clause_id, frozenset({"procedure"}))


def _depth(clause_id: str) -> int:
    return clause_id.count("(") + clause_id.count("[")


def pick(tags: Iterable[str], role: str, roles: Optional[Mapping[str, Iterable[str]]] = None,
         prefer: Optional[str] = None) -> Optional[str]:
    """The clause among ``tags`` whose roles include ``role`` (and ``prefer``, when one of
    them has that role too: the ``lose`` clause for a wager that should have lost): the
    most specific one (the deepest id: a table over the clause introducing it, (g)(2)
    over (g)), then the first in ``tags``' order (the order they are written in); None
    when no tag has the role. ``roles``: clause id -> roles (default: the corpus's)."""
    def has(t: str, r: str) -> bool:
        return r in (roles[t] if roles is not None and t in roles else clause_roles(t))

    found = [t for t in tags if has(t, role)]
    if prefer and any(has(t, prefer) for t in found):
        found = [t for t in found if has(t, prefer)]
    if not found:
        return None
    deepest = max(_depth(t) for t in found)
    return next(t for t in found if _depth(t) == deepest)


def edition_twins(clause_id: str, tags: Iterable[str]) -> list[str]:
    """The copies of ``clause_id`` in another edition among ``tags``: the same id in the
    other edition (``631c.2(f)`` and ``631c.2(f)@current-through-2024-06-22`` are one
    rule printed twice), or the other edition's clause that holds it undivided
    (``631c.2(g)@current-through-2024-06-22`` holds the outcomes (g)(1) to (g)(5))."""
    base, _, edition = clause_id.partition("@")
    out = []
    for t in tags:
        t_base, _, t_edition = t.partition("@")
        if t == clause_id or t_edition == edition:
            continue
        if t_base == base or (t_edition and base.startswith(t_base) and base[len(t_base):][:1] in "(["):
            out.append(t)
    return out
