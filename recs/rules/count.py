"""How many picks a request asks for, when fewer than three: "just one movie", "two sci-fi films from the 70s"."""

from __future__ import annotations

import re

_FEWER = {"one": 1, "1": 1, "a single": 1, "two": 2, "2": 2, "a couple": 2, "a couple of": 2}
_HOW_MANY = r"(?P<n>one|1|a single|two|2|a couple(?: of)?)"
# "just one", "only want two", "i just need one movie": a number said as a limit
_LIMIT = re.compile(rf"\b(?:just|only)\s+(?:want\s+|need\s+)?{_HOW_MANY}\b(?!\s*more\b)", re.I)
# "two sci-fi films", "give me one good horror movie": a number opening the ask, before the word for films
# ("the one film I love", "one more film" and "my top two films" count nothing)
_ASKED = re.compile(
    rf"(?:^|\b(?:give me|i want|i need|recommend|suggest|pick|find me|show me|want|need)\s+){_HOW_MANY}\s+"
    r"(?!more\b)(?:[\w-]+\s+){0,2}?(?:films?|movies?|flicks?)\b",
    re.I,
)


def picks_wanted(text: str) -> int:
    """The number of picks asked for: 1 or 2 when the request says so, else 3."""
    low = " ".join((text or "").lower().split())
    match = _LIMIT.search(low) or _ASKED.search(low)
    return _FEWER[match["n"]] if match else 3
