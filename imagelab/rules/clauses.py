"""A term's neighbourhood in an instruction: the clause before it, read within a window of characters.

Each tone term is read from its own neighbourhood, so a long message costs in proportion to its length, not its
square ("make it " + "warmer " * 570 read every occurrence against the whole text before it). Pure: no Django.
"""

import re

CLAUSE_END = r"[,.;:!?]|\b(?:and|but|then|also|plus)\b"
WINDOW = 240  # characters read around a term: a clause longer than this is read from its last words
_FILLER = r"(?:the|its|it|it's|a|an|some|bit|little|lot|of|way|much|overall|image's|photo's|picture's)"


def prefix(text: str, start: int) -> str:
    """The text before `start`, at most WINDOW characters of it, cut at a word's start: each term is read from
    its own neighbourhood, so a long message costs in proportion to its length, not its square."""
    if start <= WINDOW:
        return text[:start]
    cut = text.find(" ", start - WINDOW, start)
    return text[cut + 1 if cut >= 0 else start - WINDOW : start]


def clause(text: str, start: int, ends: str = CLAUSE_END) -> str:
    """The clause before `start`, as written (read within WINDOW characters)."""
    return re.split(ends, prefix(text, start))[-1]


def before(text: str, start: int) -> str:
    """The clause text right before `start`, with trailing filler words dropped."""
    head = clause(text, start)
    head = head.rstrip()
    while (m := re.search(rf"\s*\b{_FILLER}$", head)) and m.start() < len(head):
        head = head[: m.start()].rstrip()
    return head
