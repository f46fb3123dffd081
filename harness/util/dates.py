"""The one parser of calendar dates (``YYYY-MM-DD``) of the harness.

Used for the corpus's effective and expiry dates, the ``date`` and ``expires`` fields
of attestation and waiver files, and the ``--as-of`` option of pytest and of the CLI.
It lives in the corpus package, the lowest layer that reads dates, so that every other
part can import it without a cycle.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

__all__ = ["parse_date"]

_YYYY_MM_DD = re.compile(r"\s*\d{4}-\d{2}-\d{2}\s*")


def parse_date(value: Any) -> _dt.date:
    """``value`` as a ``datetime.date``: a date (a TOML date such as ``2025-06-30``) as
    it is, or a string ``"2025-06-30"`` (surrounding blanks ignored).

    Only the form ``YYYY-MM-DD`` is accepted, on every Python version (3.11's
    ``date.fromisoformat`` also takes ``20250630`` and ``2025-W27-1``).

    :raises ValueError: ``expected a date YYYY-MM-DD, got ...`` naming the value, for
        anything else: a date-time, another string, an impossible date such as
        ``2025-02-30``, a number, None.
    """
    if isinstance(value, _dt.datetime):
        raise ValueError(f"expected a date YYYY-MM-DD, got the date-time {value.isoformat()}")
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str) and _YYYY_MM_DD.fullmatch(value):
        try:
            return _dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValueError(f"expected a date YYYY-MM-DD, got {value!r}")
