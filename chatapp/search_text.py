"""Search text handling without the database: a query's words, each engine's query string, snippets with hits.

A query is reduced to its words (letters and digits), so no operator of FTS5 or tsquery syntax ever reaches the
database from user input; every word matches as a prefix ("thrill" finds "thriller"), all words must match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chatapp.errors import InvalidInput
from chatapp.text import text_clean

QUERY_MAX_CHARS = 200
MAX_WORDS = 8
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Part:
    """A piece of a snippet; `hit` pieces are shown highlighted."""

    text: str
    hit: bool = False


def query_words(q: object) -> list[str]:
    """The words of a search query, lower-cased (none for "!!!"); refuses a blank, unstorable or over-long query."""
    if isinstance(q, str) and len(q) > QUERY_MAX_CHARS:  # counted as sent, as the API schema's maxLength
        raise InvalidInput(
            f"A search can be at most {QUERY_MAX_CHARS} characters (this one has {len(q)}).", code="query_too_long"
        )
    cleaned = text_clean(q, what="search", max_chars=QUERY_MAX_CHARS, one_line=True)
    if not cleaned:
        raise InvalidInput("Type something to search for.", code="empty_query")
    words = dict.fromkeys(w.lower() for w in _WORD.findall(cleaned))
    return list(words)[:MAX_WORDS]


def fts5_match(words: list[str]) -> str:
    """An FTS5 MATCH string: every word as a quoted prefix, all required."""
    return " ".join(f'"{w}"*' for w in words)


def tsquery_raw(words: list[str]) -> str:
    """A raw tsquery: every word as a prefix, all required (words are \\w+ only, so nothing else is syntax)."""
    return " & ".join(f"{w}:*" for w in words)


def _hit_pattern(words: list[str]) -> re.Pattern[str]:
    # A hit is a word starting with a query word (the engines match prefixes, stemmed or not).
    # Stemming engines also find "thriller" for "thrillers": highlight from the stem-ish start of the word.
    stems = [w[:-1] if len(w) > 4 and w.endswith("s") else w for w in words]
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in stems) + r")\w*", re.IGNORECASE)


def snippet_parts(text: str, words: list[str], *, width: int = 160) -> list[Part]:
    """A window of `text` around its first hit, split into plain and hit parts."""
    flat = " ".join(text.split())
    pattern = _hit_pattern(words)
    first = pattern.search(flat)
    start = max(0, (first.start() if first else 0) - width // 3)
    if start:  # begin at a word boundary
        space = flat.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
    window = flat[start : start + width]
    parts = _split(window, pattern)
    if start:
        parts.insert(0, Part("…"))
    if start + width < len(flat):
        parts.append(Part("…"))
    return parts


def marked_parts(text: str, start_sel: str, stop_sel: str) -> list[Part]:
    """Split a headline whose hits the database wrapped in sentinel characters (never HTML)."""
    parts: list[Part] = []
    for i, piece in enumerate(re.split(f"[{re.escape(start_sel)}{re.escape(stop_sel)}]", text)):
        if piece:
            parts.append(Part(piece, hit=i % 2 == 1))
    return parts


def _split(text: str, pattern: re.Pattern[str]) -> list[Part]:
    parts: list[Part] = []
    at = 0
    for match in pattern.finditer(text):
        if match.start() > at:
            parts.append(Part(text[at : match.start()]))
        parts.append(Part(match.group(), hit=True))
        at = match.end()
    if at < len(text):
        parts.append(Part(text[at:]))
    return parts
