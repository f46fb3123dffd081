"""JSON as the protocol has it (RFC 8259, docs/protocol.md "Encoding"), read strictly.

Python's :func:`json.loads` and pydantic-core both accept two things RFC 8259 does not
define: an object with a key given twice (the last one wins, so ``"paid":"999999.00",
"paid":"20.00"`` reads as 20.00 here and may read as 999999.00 to a lab's other tool),
and the literals ``NaN``, ``Infinity`` and ``-Infinity``. Every transport reads a game's
answer through :func:`loads` (HTTP and serial) or checks it with :func:`check_value` (the
library adapter, whose game answers Python objects), so each is a protocol error of that
scenario, whichever transport carried it.

:func:`loads` reads with jiter (pydantic-core's own JSON parser, in Rust), which refuses
both itself (``catch_duplicate_keys``, ``allow_inf_nan=False``) at a tenth of the cost of
:func:`json.loads` with a hook on every object; whatever jiter refuses is read again by
:func:`json.loads` with the hooks, which names the fault (or takes what jiter is stricter
about than RFC 8259: nesting past jiter's depth of about 200, a lone surrogate escape, a
UTF-16 body), so the answer and every message are those of the standard library's reader.
"""

from __future__ import annotations

import json
from typing import Any, Union

import jiter

__all__ = ["loads", "check_value"]

def _object(pairs: list[tuple[str, Any]]) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {key[:80]!r} appears twice in one object (RFC 8259: keys are unique; "
                         f"which one counts is undefined)")
    return obj


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (RFC 8259 has no NaN or Infinity; money and numbers are finite)")


def loads(text: Union[str, bytes]) -> Any:
    """The JSON value of ``text`` (UTF-8 bytes or str), read strictly.

    :raises ValueError: naming what is wrong: not JSON, a key given twice in one object,
        ``NaN``/``Infinity``, an integer of more than 4,300 digits, nesting deeper than
        Python's stack (the message says which; never a ``RecursionError``).
    """
    try:
        return jiter.from_json(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text,
                               catch_duplicate_keys=True, allow_inf_nan=False)
    except ValueError:
        pass  # read again below: the standard library's reader names the fault (or takes it)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except RecursionError:
        raise ValueError("nested too deep to read (arrays or objects within each other thousands deep)") from None


def check_value(value: Any) -> None:
    """Check that ``value`` (a Python object a library game answered) is a JSON value the
    wire could carry: no NaN or Infinity, no integer of more than 4,300 digits
    (``sys.get_int_max_str_digits``), no nesting deeper than Python's stack, no container
    that holds itself. Encoded once, in C (a 2.5 MB ``run_rounds`` answer in about 20 ms).
    An object of another type (a ``Decimal``, a set) is left to the schema, whose error
    names the field.

    :raises ValueError: naming what is wrong (never a ``RecursionError``).
    """
    try:
        json.dumps(value, allow_nan=False, check_circular=False, default=lambda _: None)  # a cycle: RecursionError
    except RecursionError:
        raise ValueError("nested too deep to encode (arrays or objects within each other thousands deep, "
                         "or a container that holds itself)") from None
    except TypeError as e:  # a key that is not a string
        raise ValueError(f"not a JSON value: {e}") from None
    except ValueError as e:  # NaN/Infinity (allow_nan=False), an integer past the digit limit, a cycle
        text = str(e)
        if "Out of range float" in text:
            text = f"{text} (RFC 8259 has no NaN or Infinity)"
        raise ValueError(text) from None
