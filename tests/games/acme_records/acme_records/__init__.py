"""Acme's table-management export: one ``<round>`` XML element a line::

    <round table="T1" shoe="S1" time="2026-01-05T18:00:00Z" id="R1" status="completed" winner="banker">
      <hand name="player" count="5" natural="false">4H AH 10C</hand>
      <hand name="banker" count="6" natural="false">6H 7H 3C</hand>
      <wager id="W1" seat="1" type="banker" amount="100.00" result="win" paid="200.00" vigorish="5.00"/>
    </round>

(on one line). A reader plugin of baccarat-conformance's ``audit``: it yields the round
records (``baccarat_conformance.audit.readers.Raw``) and never raises for bad content.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterator

from baccarat_conformance.audit.readers import Raw, bounded_lines


class AcmeXmlReader:
    name = "acme"
    suffixes = (".acme.xml",)

    def read(self, path: Path, max_line_bytes: int) -> Iterator[Raw]:
        with open(path, "rb") as fh:
            for n, data, problem in bounded_lines(fh, max_line_bytes):
                if problem is not None:
                    yield Raw(n, problem=problem)
                    continue
                if not data.strip():
                    continue
                try:
                    el = ET.fromstring(data)
                except ET.ParseError as e:
                    yield Raw(n, problem=f"malformed line: not XML ({e})")
                    continue
                rec = {"table_id": el.get("table"), "shoe_id": el.get("shoe"), "timestamp": el.get("time"),
                       "round_id": el.get("id", ""), "status": el.get("status", "completed"), "cards": []}
                if el.get("winner"):
                    rec["winner"] = el.get("winner")
                if el.get("state"):  # in_play, last_hand (the cover card came out), ended
                    rec["shoe"] = el.get("state")
                for h in el.findall("hand"):
                    rec[h.get("name")] = {"cards": (h.text or "").split(), "point_count": int(h.get("count", "-1")),
                                          "natural": h.get("natural") == "true"}
                rec["wagers"] = [{k: (int(v) if k == "seat" else v) for k, v in
                                  (("wager_id", w.get("id")), ("seat", w.get("seat")), ("wager_type", w.get("type")),
                                   ("amount", w.get("amount")), ("result", w.get("result")), ("paid", w.get("paid")),
                                   ("vigorish", w.get("vigorish", "0.00")), ("hand", w.get("hand"))) if v is not None}
                                 for w in el.findall("wager")]
                yield Raw(n, data=rec)
