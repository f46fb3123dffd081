"""The harness's own error types.

Two families, kept apart because a lab reads them differently:

* :class:`Nonconformance` — the game answered, and its answer breaks a clause.
  It is an ``AssertionError``: the scenario fails as a rule failure.
* :class:`AdapterError` and subclasses — the conversation with the game broke
  (timeout, dropped connection, garbage, a response that violates the protocol
  schema, a crash). The scenario fails in the "protocol or adapter error"
  category, with the exchange attached as evidence, and the run goes on.

And two that are neither, both pytest skips whose clause is "not verified", never passed:
:class:`CapabilityMissing` — the scenario needs a capability the game does not declare, so
the host did not ask; and :class:`Blocked` — the game broke a rule the scenario's setup
relies on (a stacked shoe dealt otherwise than §§ 631a.9 to 631a.11 require), so the
scenario cannot judge its own clause. A blocked scenario is not a failure of its clause
(the broken rule's own scenarios carry the failure) and not a harness error.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import pytest


class HarnessError(Exception):
    """Base of every error the harness raises on purpose."""


def rebuilt(cls: type, args: tuple, kwargs: dict, state: Optional[dict] = None) -> BaseException:
    """``cls(*args, **kwargs)`` with ``state`` set on it: the ``__reduce__`` of an exception
    whose constructor does not take its ``args`` (pickle calls ``cls(*self.args)`` by
    default, which fails once the constructor formats the message from other arguments).
    Every exception of the package must survive a process boundary (pytest-xdist workers,
    the statistics' process pool; tests/unit/test_exceptions_pickle.py)."""
    e = cls(*args, **kwargs)
    e.__dict__.update(state or {})
    return e


class ConfigurationError(HarnessError):
    """A bad option, profile, attestation, waiver or corpus file. The message names
    the file, the field and (where known) the line."""


class AdapterError(HarnessError):
    """The exchange with the game under test failed.

    :param op: the protocol operation being performed.
    :param exchange: the request and whatever came back, for the evidence.
    """

    category = "adapter error"

    def __init__(self, message: str, *, op: Optional[str] = None, exchange: Any = None):
        super().__init__(message)
        self.op = op
        self.exchange = exchange

    def __str__(self) -> str:
        # The category leads the message, so the Allure categories (reports/allurerc.mjs)
        # and a reader of the log tell a broken conversation from a broken rule.
        return f"[{self.category}] {super().__str__()}"


class TransportError(AdapterError):
    """The connection failed or was dropped."""


class GameTimeout(TransportError):
    """The game did not answer within the timeout, or the operation took longer than
    its deadline (``--operation-timeout``)."""


class AnswerTooLarge(AdapterError):
    """The game's answer exceeded the size cap (``--max-answer-bytes``; decoded size,
    after decompression); reading stopped at the cap."""


class ProtocolViolation(AdapterError):
    """The game answered, but not in the protocol: invalid JSON, a bad frame, or a
    response that fails the schema (the offending document is attached)."""

    category = "protocol error"


class GameCrash(AdapterError):
    """The game raised an exception or answered with an ``internal`` error."""


class GameRefused(AdapterError):
    """The game answered with a protocol ``error`` object (``code``, ``message``)."""

    def __init__(self, code: str, message: str, *, op: Optional[str] = None, exchange: Any = None):
        super().__init__(f"{op or 'request'} refused by the game ({code}): {message}", op=op, exchange=exchange)
        self.code = code
        self.game_message = message

    def __reduce__(self) -> tuple:
        return (rebuilt, (type(self), (self.code, self.game_message), {"op": self.op, "exchange": self.exchange},
                          self.__dict__))


class Unsupported(GameRefused):
    """The game does not offer an option or capability (error code ``unsupported``)."""


class CapabilityMissing(pytest.skip.Exception):  # type: ignore[name-defined,misc]
    """The scenario needs a capability (``protocol.vocabulary.CAPABILITIES``) the game
    does not declare in ``describe``: the adapter refused to perform ``op`` before
    sending anything.

    Neither an :class:`AdapterError` nor a :class:`Nonconformance`: the game was not
    asked, so nothing is known of its conformance. It is a pytest skip (a
    ``BaseException``: no ``except Exception`` in a step swallows it, and hypothesis
    re-raises it at once instead of shrinking), whose message starts with the category
    "not verified" the results log and the clause matrix file it under::

        not verified: the game lacks capability stacked_shoe (start_shoe with cards)

    :param capability: the capability, e.g. ``stacked_shoe``, ``wager.dragon_bonus``.
    :param op: what needed it, e.g. ``start_shoe with cards``.
    """

    def __init__(self, capability: str, op: str):
        self.capability = capability
        self.op = op
        super().__init__(f"not verified: the game lacks capability {capability} ({op})", pytrace=False)

    def __reduce__(self) -> tuple:  # picklable (pytest-xdist workers send reports to the controller)
        return (type(self), (self.capability, self.op))


class Nonconformance(AssertionError):
    """A game's behaviour breaks a clause.

    The message names the clause, the cards, what the regulation requires and what
    the game did, in that order, e.g.::

        58 Pa. Code § 631a.11(c)(2)(iii): Banker's Hand must stay
          cards: 5C 10D 2S 6H 5H
          required: Banker's Hand stays (Point Count 6, Player's third card 5: Table 1 "S")
          game did: dealt 9S to the Banker's Hand
    """

    def __init__(self, clause: str, required: str, observed: str, cards: Sequence[str] = (), detail: str = ""):
        self.clause = str(clause)  # a plain id (the ``clause`` fixture is a str subclass)
        self.required = required
        self.observed = observed
        self.cards = list(cards)
        self.detail = detail
        super().__init__(_finding(f"58 Pa. Code § {clause}: {split_note(detail or required)[0]}", required,
                                  observed, self.cards))

    def __reduce__(self) -> tuple:  # its args are the message; a subclass's own attributes ride in the state
        state = dict(self.__dict__, args=self.args)
        return (_nonconformance, (type(self), self.clause, self.required, self.observed, self.cards, self.detail),
                state)

    def __setstate__(self, state: dict) -> None:
        state = dict(state)
        self.args = state.pop("args", self.args)
        self.__dict__.update(state)

    def one_line(self) -> str:
        """The failure in one line, as the results log and the clause matrix carry it:
        clause, what the regulation requires, what the game did, the round's cards::

            § 631c.5(k)(2): required: the $5.00 Lucky Six wager of seat 3 wins at 20 to 1
            ($105.00 returned in all); game did: settled it as win, returned $65.00 in all;
            cards: 2H KC 3H QC 5C 6D
        """
        required, note = split_note(self.required)
        head = f"§ {self.clause}: " + (f"{_flat(split_note(self.detail)[0])}; " if self.detail else "")
        line = f"{head}required: {_flat(required)}; game did: {_flat(self.observed)}"
        if self.cards:
            line += f"; cards: {' '.join(self.cards)}"
        if note:
            line += f"; note: {_flat(note)}"
        return line


def _nonconformance(cls: type, clause: str, required: str, observed: str, cards: Sequence[str],
                    detail: str) -> Nonconformance:
    """A :class:`Nonconformance` (or subclass) as unpickled: built as a plain one, then its
    state (a :class:`PropertyFalsified`'s shoe and message) set by ``__setstate__``."""
    e = Nonconformance.__new__(cls)
    Nonconformance.__init__(e, clause, required, observed, cards, detail)
    return e


def _flat(text: str) -> str:
    """``text`` on one line (its lines joined by "; ")."""
    return "; ".join(part.strip() for part in str(text).splitlines() if part.strip())


NOTE = "\nnote: "
"""What separates a requirement from a note on it (``required + NOTE + "the cards include an
ace (§ 631a.6(a)(3): an ace counts 1)"``): a finding shows the note on a line of its own,
after what the game did, not as part of the requirement."""


def split_note(required: str) -> tuple[str, str]:
    """``required`` as (the requirement, its note or "")."""
    head, _, note = str(required).partition(NOTE)
    return head, note


def _finding(head: str, required: str, observed: str, cards: Sequence[str]) -> str:
    """The message of a finding: its headline, then the cards, what the regulation
    requires and what the game did, and a note on the requirement, one per indented line."""
    required, note = split_note(required)
    lines = [head] + ([f"  cards: {' '.join(cards)}"] if cards else [])
    return "\n".join(lines + [f"  required: {required}", f"  game did: {observed}"]
                     + ([f"  note: {note}"] if note else []))


class Blocked(pytest.skip.Exception):  # type: ignore[name-defined,misc]
    """The game broke ``clause``, a rule the running scenario relies on but does not
    test (e.g. the Banker's Hand of a stacked shoe did not draw as § 631a.11(c)(1)
    requires, in a scenario of § 631a.10(b)): the scenario cannot judge its own clause.

    Neither a :class:`Nonconformance` (the scenario's clause was not shown broken) nor an
    :class:`AdapterError`. It is a pytest skip (a ``BaseException``: no ``except
    Exception`` in a step swallows it), whose message starts with the category
    "blocked" that the results log and the clause matrix file it under ("not verified"
    in the matrix, never pass)::

        blocked: the game broke § 631a.11(c)(1): the Banker's Hand is dealt a third card
          cards: 6C 3D KH 2S KD
          required: the Banker's Hand is dealt a third card (Player's Hand stayed, ...)
          game did: the Banker's Hand stayed on 3D 2S

    :param clause: the clause the game broke, as the oracle decides.
    """

    def __init__(self, clause: str, required: str, observed: str, cards: Sequence[str] = (), detail: str = ""):
        self.clause = clause
        self.required = required
        self.observed = observed
        self.cards = list(cards)
        self.detail = detail
        super().__init__(_finding(f"blocked: the game broke § {clause}: {split_note(detail or required)[0]}",
                                  required, observed, self.cards), pytrace=False)

    def __reduce__(self) -> tuple:  # picklable (pytest-xdist workers send reports to the controller)
        return (_blocked, (self.clause, self.required, self.observed, self.cards, self.detail))


def _blocked(*args: Any) -> Blocked:
    return Blocked(*args)


# pytest's reports name a skip by its class ("Skipped: <reason>"): "Blocked: blocked: ...", not the module path
Blocked.__module__ = "builtins"
