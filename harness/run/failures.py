"""The console's account of a run's failures (issue 37 item 1): a harness failure is a
rule's finding, not a Python crash, so ``run`` shows one block per failed clause (the
clause, then for each of its failed scenarios: the scenario, what the regulation requires,
what the game did, the cards, the commands that replay it) and one per blocked scenario;
the tracebacks stay in ``OUT/pytest.log`` (``run --tb short`` shows them as well).

:func:`failure_blocks` reads the results-log entries (:mod:`baccarat_conformance.run.results_log`);
:class:`TracebackFilter` keeps pytest's ``FAILURES`` and ``ERRORS`` sections out of the
output passed through to the console.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Optional

from baccarat_conformance.inputs.input_bounds import escape_controls
from baccarat_conformance.verdict.rerun import commands

__all__ = ["failure_blocks", "finding_parts", "TracebackFilter", "SCENARIOS_SHOWN"]

#: Failed scenarios of one clause shown in full; the others are counted (all are in matrix.html).
SCENARIOS_SHOWN = 5

_FINDING = re.compile(r"^§ (?P<clause>[^:\s]+): (?:(?P<head>.*?); )?required: (?P<required>.*?); "
                      r"game did: (?P<did>.*?)(?:; cards: (?P<cards>[^;]*))?"
                      r"(?:; note: (?P<note>.*))?$")


def finding_parts(message: str) -> Optional[dict[str, str]]:
    """The parts of a nonconformance's one-line ``message``
    (:meth:`~baccarat_conformance.judging.errors.Nonconformance.one_line`: ``§ CLAUSE: required: …;
    game did: …; cards: …``): ``clause``, ``required``, ``did``, and when present ``head``,
    ``cards``, ``note``; None for a message of another shape."""
    found = _FINDING.match(message or "")
    if not found:
        return None
    return {k: v for k, v in found.groupdict().items() if v}


def _scenario_lines(entry: Mapping[str, Any], run: Optional[str]) -> list[str]:
    lines = [f"  scenario: {entry.get('nodeid')}"]
    parts = finding_parts(entry.get("message") or "") if entry.get("category") == "nonconformance" else None
    if parts:
        if parts.get("head"):
            lines.append(f"  check:    {parts['head']}")
        lines.append(f"  required: {parts['required']}")
        lines.append(f"  game did: {parts['did']}")
        if parts.get("cards"):
            lines.append(f"  cards:    {parts['cards']}")
        if parts.get("note"):
            lines.append(f"  note:     {parts['note']}")
    elif entry.get("message"):
        lines.append(f"  {entry.get('category') or 'error'}: {entry['message']}")
    for name, cmd in commands(entry, run).items():
        lines.append(f"  {name + ':':9} {cmd}")
    return lines


def failure_blocks(entries: Iterable[Mapping[str, Any]], run: Optional[str] = None,
                   shown: int = SCENARIOS_SHOWN) -> list[str]:
    """The console's blocks of the failed and blocked scenarios among the results-log
    ``entries``: one per failed clause (a nonconformance's ``failed_clause``), one per kind
    of error (protocol, adapter, harness error), one per clause that blocked a scenario;
    each line escaped (a game's text never reaches the terminal raw). ``run`` is the run
    folder the replay commands name. Returns the lines, empty when nothing failed."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for e in entries:
        if e.get("outcome") == "failed":
            if e.get("category") == "nonconformance" and e.get("failed_clause"):
                key = ("FAILS", f"§ {e['failed_clause']}")
            else:
                key = ((e.get("category") or "harness error").upper(), ", ".join(e.get("clauses") or []))
        elif e.get("category") == "blocked":
            key = ("BLOCKED", f"by § {e.get('blocked_by') or '?'}")
        else:
            continue
        groups.setdefault(key, []).append(e)
    out: list[str] = []
    for (kind, what), group in groups.items():
        n = len(group)
        if kind == "BLOCKED":
            head = f"BLOCKED {what}: {n} scenario{'s' if n != 1 else ''} reached no verdict"
        else:
            head = f"{kind} {what}: {n} scenario{'s' if n != 1 else ''}"
        out += ["", head]
        for e in group[:shown]:
            if kind == "BLOCKED":  # the scenario, why it stopped, and how to run it again
                out.append(f"  scenario: {e.get('nodeid')} (clauses {', '.join(e.get('clauses') or [])})")
                if e.get("message"):
                    out.append(f"  reason:   {e['message']}")
                out += [f"  {name + ':':9} {cmd}" for name, cmd in commands(e, run).items()]
            else:
                out += _scenario_lines(e, run)
        if n > shown:
            out.append(f"  … and {n - shown} more scenario{'s' if n - shown != 1 else ''} (matrix.html lists them)")
    return [escape_controls(line) for line in out]


class TracebackFilter:
    """Feeds pytest's output through, line by line, without its ``FAILURES`` and
    ``ERRORS`` sections (the tracebacks: they stay in pytest.log). A section runs from its
    ``=== FAILURES ===`` header to the next ``===`` header (``short test summary info``,
    ``warnings summary``, the final line)."""

    _HEADER = re.compile(rb"^=+ (.*?) =+\s*$")

    def __init__(self) -> None:
        self.hiding = False
        self.partial = b""
        self.hidden = 0

    def feed(self, chunk: bytes, final: bool = False) -> bytes:
        """The part of ``chunk`` to show (complete lines only, unless ``final``)."""
        data = self.partial + chunk
        lines = data.split(b"\n")
        self.partial = lines.pop()  # after the last newline: not a whole line yet
        if final and self.partial:
            lines.append(self.partial)
            self.partial = b""
        shown = []
        for line in lines:
            header = self._HEADER.match(line)
            if header:
                self.hiding = header.group(1).strip() in (b"FAILURES", b"ERRORS")
                if self.hiding:
                    self.hidden += 1
                    continue
            if not self.hiding:
                shown.append(line)
        return b"".join(line + b"\n" for line in shown)
