"""Reading stated preferences out of what a user writes ("I hate horror", "more Korean films").

Pure functions (no Django): the services store what these return in TasteMemory.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from recs.rules.parse import parse_constraints

_LIKE = (
    r"(?:i|we)\s+(?:really\s+|do\s+|also\s+)?(?:love|like|enjoy|adore|prefer|dig)"
    r"|i\s*'?\s*m\s+(?:a\s+)?(?:big\s+|huge\s+)?(?:fan\s+of|into)"
    r"|(?:give\s+me\s+|i\s+want\s+)?more"
)
_DISLIKE = (
    r"(?:i|we)\s+(?:really\s+|just\s+)?(?:hate|dislike|loathe|can\s*'?\s*t\s+stand|don\s*'?\s*t\s+(?:like|enjoy|want))"
    r"|i\s*'?\s*m\s+not\s+(?:a\s+fan\s+of|into)|no\s+more|less|(?:please\s+)?stop\s+(?:suggesting|recommending)"
)
_CLAUSE = re.compile(rf"(?:^|\b)(?P<verb>{_DISLIKE}|{_LIKE})\s+(?P<what>[^.,;!?]+)", re.IGNORECASE)
_STOP = re.compile(r"\s+(?:but|and\s+(?:i|we)|though|because|so)\b.*$", re.IGNORECASE)
_FILLER = re.compile(
    r"^(?:of\s+)?(?:(?:the|any(?:thing)?|all|watching|to\s+watch)\s+|an?\s+(?:(?:good|great)\s+)?)?",
    re.IGNORECASE,
)
# "I like it", "I love this app", "I like the first one", "more like that": not a lasting taste.
_NOT_A_TASTE = re.compile(
    r"^(?:like\s+)?(?:it|that|this|these|those|them|you|him|her|one|ones)\b"
    r"|^(?:movies?|films?|please|options?|suggestions?|picks?|ideas?|same)$"
    r"|\b(?:first|second|third|last)\b|\bones?$",
    re.IGNORECASE,
)
_POLITE = re.compile(r"\s+(?:please|thanks|thank you)\s*$", re.IGNORECASE)


class PreferenceDelta(BaseModel):
    """What one message said about the user's taste."""

    liked_genres: list[str] = Field(default_factory=list)
    disliked_genres: list[str] = Field(default_factory=list)
    liked_people: list[str] = Field(default_factory=list)
    disliked_people: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)

    def is_empty(self) -> bool:
        """True when the message stated no preference."""
        return not any(self.model_dump().values())

    def describe(self) -> str:
        """A short human sentence of what was learned."""
        parts = []
        if self.liked_genres or self.liked_people:
            parts.append("you like " + ", ".join(self.liked_genres + self.liked_people))
        if self.disliked_genres or self.disliked_people:
            parts.append("you don't like " + ", ".join(self.disliked_genres + self.disliked_people))
        parts += self.constraints
        return "; ".join(parts)


def extract_preferences(text: str, catalogue) -> PreferenceDelta:
    """Find stated likes and dislikes in a message; words it cannot map are kept as free text."""
    delta = PreferenceDelta()
    for match in _CLAUSE.finditer(text or ""):
        verb = match.group("verb").lower()
        what = _POLITE.sub("", _FILLER.sub("", _STOP.sub("", match.group("what")).strip())).strip()
        if not what or len(what) > 60:
            continue
        negative = bool(re.match(_DISLIKE, verb, re.IGNORECASE))
        found = parse_constraints(what, catalogue)
        genres = found.genres + found.exclude_genres
        people = found.directors + found.people + found.exclude_directors + found.exclude_people
        if genres or people:
            _extend(delta.disliked_genres if negative else delta.liked_genres, genres)
            _extend(delta.disliked_people if negative else delta.liked_people, people)
        elif found.min_runtime or found.max_runtime:
            _extend(delta.constraints, [_runtime_wish(found, negative=negative)])
        elif not _NOT_A_TASTE.search(what):
            # Nothing the catalogue can filter on ("Korean films"): keep the words for the profile.
            # "I love Fargo" (a capitalised film title) → "more like Fargo"; "a good heist" stays words.
            like = "like " if what[:1].isupper() and catalogue.by_title(what) else ""
            _extend(delta.constraints, [f"{'less' if negative else 'more'} {like}{what}"])
    return delta


def _runtime_wish(found, *, negative: bool) -> str:
    """A runtime limit as a standing request: "I don't want anything over two hours" → "at most 2 hours"."""
    if not negative:
        return found.runtime_label
    if found.min_runtime:
        return f"at most {_duration(found.min_runtime)}"
    return f"at least {_duration(found.max_runtime)}"


def _duration(minutes: int) -> str:
    """120 → "2 hours", 90 → "90 minutes" (the wording the rule parser reads back)."""
    if minutes % 60 == 0:
        return f"{minutes // 60} hour{'s' if minutes > 60 else ''}"
    return f"{minutes} minutes"


def merge(current: list[str], add: list[str], remove: list[str] = (), limit: int = 12) -> list[str]:
    """Add new items (most recent first), drop contradicted ones, keep at most `limit`."""
    removed = {r.lower() for r in remove}
    out = [a for a in add if a.lower() not in removed]
    out += [c for c in current if c.lower() not in removed and c.lower() not in {a.lower() for a in add}]
    return out[:limit]


def _extend(target: list[str], items: list[str]) -> None:
    for item in items:
        if item not in target:
            target.append(item)
