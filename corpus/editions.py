"""Which regulation editions a run used, and their status on the run's date.

Every report states the source texts it was evaluated against (file, publisher,
citation) and, for the ``--as-of`` date, whether each is in force, expired (a temporary
regulation) or not yet effective. Sections of one source may differ (§ 629b.3 was
amended and expires later than §§ 629b.1-629b.2; §§ 629b.5-629b.7 were added later):
:func:`edition_statuses` groups the sections of each source by citation and dates.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from . import Corpus, status_on

__all__ = ["edition_statuses", "status_phrase"]


def status_phrase(status: str, effective: dt.date, expires: dt.date | None) -> str:
    """``"in force"``, ``"in force until 2026-08-04"``, ``"expired on 2024-09-04"`` or
    ``"not yet effective (effective 2024-05-25)"``."""
    if status == "expired":
        return f"expired on {expires.isoformat()}" if expires else "expired"
    if status == "not_yet_effective":
        return f"not yet effective (effective {effective.isoformat()})"
    return f"in force until {expires.isoformat()}" if expires else "in force"


def _span(sections: list[str]) -> str:
    if len(sections) == 1:
        return f"§ {sections[0]}"
    return "§§ " + ", ".join(sections)


def edition_statuses(corpus: Corpus, as_of: dt.date) -> list[dict[str, Any]]:
    """One record per source text: ``file``, ``edition``, ``chapter``, ``publisher``,
    ``description``, ``citation`` (of the chapter), ``citations`` (of its sections), ``governing``, ``sha256``, ``groups`` (sections
    sharing citation and dates: ``sections``, ``citation``, ``effective``, ``expires``,
    ``status``, ``phrase``) and ``summary`` (one line: "in force" or the groups)."""
    out = []
    for ed in corpus.editions:
        groups: dict[tuple, list[str]] = {}
        for sid in ed.sections:
            key_id = sid if ed.edition == "pa-code" else f"{sid}@{ed.edition}"
            section = corpus.by_id.get(key_id)
            if section is None:
                continue
            key = (section.citation, section.effective, section.expires)
            groups.setdefault(key, []).append(sid)
        recs = []
        for (citation, effective, expires), sids in groups.items():
            status = status_on(corpus.by_id[sids[0] if ed.edition == "pa-code" else f"{sids[0]}@{ed.edition}"], as_of)
            recs.append({"sections": sids, "citation": citation, "effective": effective.isoformat(),
                         "expires": expires.isoformat() if expires else None, "status": status,
                         "phrase": status_phrase(status, effective, expires)})
        if len({r["phrase"] for r in recs}) == 1:
            summary = recs[0]["phrase"] if recs else ""
        else:
            summary = "; ".join(f"{_span(r['sections'])}"
                                + (f" ({r['citation']})" if r["citation"] != ed.citation else "")
                                + f": {r['phrase']}" for r in recs)
        if not ed.governing:
            summary += " (not governing: recorded for its wording differences)"
        citations = list(dict.fromkeys(r["citation"] for r in recs))
        out.append({"file": ed.file, "edition": ed.edition, "chapter": ed.chapter, "publisher": ed.publisher,
                    "description": ed.description, "citation": ed.citation, "citations": citations,
                    "governing": ed.governing,
                    "sha256": ed.sha256, "groups": recs, "summary": summary})
    return out
