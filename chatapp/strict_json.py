"""JSON as RFC 8259 has it, for what clients send (API bodies, socket frames), each refusal in words.

Python's json reads more than JSON: `NaN` and `Infinity`, and an object naming a property twice (it keeps the
last, so what a proxy or a log read first is not what the server uses). Past its limits (4,300 digits in an
integer, nesting past the recursion limit) it fails with words about Python. `loads` refuses each plainly.
"""

from __future__ import annotations

import json


class JsonRefused(ValueError):
    """JSON this server does not read, with the words to say why."""


def loads(data: str | bytes, *, what: str):
    """`data` parsed; JsonRefused naming `what` ("The request body", "That message") when it is not plain JSON."""

    def no_constant(name: str):
        raise JsonRefused(f"{what} is not valid JSON: {name} is not a JSON number.")

    def unique_names(pairs: list[tuple[str, object]]) -> dict:
        found: dict = {}
        for name, value in pairs:
            if name in found:
                raise JsonRefused(f"{what} names {json.dumps(name[:40])} more than once in one object; send each once.")
            found[name] = value
        return found

    try:
        return json.loads(data, parse_constant=no_constant, object_pairs_hook=unique_names)
    except RecursionError:
        raise JsonRefused(f"{what} is nested too deeply to read.") from None
    except JsonRefused:
        raise
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python reads at most 4,300 digits of an integer
            raise JsonRefused(f"{what} has a number too long to read (over 4,300 digits).") from None
        raise
