"""List changes the assistant proposes ("I've seen Fargo and Ronin"): tool, arguments, offline parser.

Nothing here changes data: a proposal becomes a diff card that the user approves row by row
(recs.proposal_services applies it).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chatapp.planner.tools import Tool

Action = Literal["add_watchlist", "remove_watchlist", "mark_seen", "unmark_seen"]
ACTION_LABELS = {
    "add_watchlist": "Add to watchlist",
    "remove_watchlist": "Remove from watchlist",
    "mark_seen": "Mark as seen",
    "unmark_seen": "Unmark seen",
}


class ListChange(BaseModel):
    """One proposed change to the user's lists."""

    model_config = ConfigDict(extra="forbid")

    action: Action
    title: str = Field(min_length=1, max_length=200, description="The film's title.")
    year: int | None = Field(default=None, ge=1870, le=2100, description="Release year, if known.")
    rating: int | None = Field(default=None, ge=1, le=5, description="1-5 stars, only for mark_seen.")


class ProposeListChangesArgs(BaseModel):
    """propose_list_changes: changes the user asked for, shown to them for approval."""

    model_config = ConfigDict(extra="forbid")

    changes: list[ListChange] = Field(min_length=1, max_length=10)


PROPOSE_LIST_CHANGES_TOOL = Tool(
    name="propose_list_changes",
    description=(
        "Propose changes to the user's watchlist or seen list when they ask for them in words "
        "(\"add the first two to my watchlist\", \"I've seen Fargo and Ronin\"). Nothing changes until "
        "the user approves."
    ),
    args_model=ProposeListChangesArgs,
)

# --- offline parser ------------------------------------------------------------------

_ORDINALS = {"first": 0, "second": 1, "third": 2, "1st": 0, "2nd": 1, "3rd": 2, "last": -1}
_COUNTS = {"one": 1, "two": 2, "three": 3, "both": 2, "all": 3, "all three": 3}
_PATTERNS: list[tuple[Action, re.Pattern]] = [
    ("remove_watchlist", re.compile(r"(?:drop|remove|delete|take)\s+(?P<what>.+?)\s+(?:from|off)\s+(?:my\s+)?watch\s?list", re.I)),
    ("add_watchlist", re.compile(r"(?:add|put|save)\s+(?P<what>.+?)\s+(?:to|on|in)(?:to)?\s+(?:my\s+)?watch\s?list", re.I)),
    ("unmark_seen", re.compile(r"(?:^|[.;!]\s*)(?:i\s+)?(?:have\s*n.?t|haven't|did\s*n.?t|never)\s+(?:actually\s+)?(?:seen|watched|see|watch)\s+(?P<what>.+)", re.I)),
    ("unmark_seen", re.compile(r"(?:unmark|remove|drop)\s+(?P<what>.+?)\s+(?:as\s+seen|from\s+(?:my\s+)?seen(?:\s+list)?)", re.I)),
    ("mark_seen", re.compile(r"(?:mark)\s+(?P<what>.+?)\s+as\s+(?:seen|watched)", re.I)),
    ("mark_seen", re.compile(r"(?:^|[.;!]\s*)(?:i\s*'?\s*ve|i\s+have|i)\s+(?:already\s+|just\s+)?(?:seen|watched|saw)\s+(?P<what>.+)", re.I)),
]
_RATING = re.compile(r"\b([1-5])\s*(?:/\s*5|stars?|★)", re.I)


# "I watched Alien, recommend something like it" asks for films; it is not a list change.
_ASKS_FOR_FILMS = re.compile(
    r"\?|\brecommend|\bsuggest|\bsomething like\b|\bwhat (?:else|should)\b|\bmore like\b|\bany ideas\b", re.I
)


def parse_list_changes(text: str, *, last_picks: list[dict]) -> list[ListChange]:
    """Read list changes from words; ordinals ("the first two") refer to the last picks shown."""
    if _ASKS_FOR_FILMS.search(text or ""):
        return []
    for action, pattern in _PATTERNS:
        match = pattern.search(text or "")
        if not match:
            continue
        what = match.group("what").strip(" .!?")
        rating = None
        if action == "mark_seen":
            found = _RATING.search(what)
            if found:
                rating = int(found.group(1))
                what = _RATING.sub("", what)
        changes = []
        for title, year in _refs(what, last_picks)[:10]:
            try:
                changes.append(ListChange(action=action, title=title, year=year, rating=rating))
            except ValidationError:  # an impossible year or an overlong "title": not a film to change
                continue
        return changes
    return []


def _refs(what: str, last_picks: list[dict]) -> list[tuple[str, int | None]]:
    cleaned = re.sub(r"\b(?:and\s+)?(?:rated|it was|they were|both|too|please|already)\b.*$", "", what, flags=re.I)
    cleaned = re.sub(r"^(?:the\s+)?(?:movies?|films?)\s+", "", cleaned.strip(), flags=re.I)
    ordinal = _ordinal_refs(cleaned, last_picks)
    if ordinal is not None:
        return ordinal
    parts = [p.strip(" .,'\"") for p in re.split(r",|\s+and\s+|\s*&\s*", cleaned) if p.strip(" .,'\"")]
    out = []
    for part in parts:
        year_match = re.search(r"\(?\b(1[89]\d\d|20\d\d)\)?$", part)
        year = int(year_match.group(1)) if year_match else None
        title = part[: year_match.start()].strip(" (") if year_match else part
        if title:
            out.append((title, year))
    return out


def _ordinal_refs(text: str, last_picks: list[dict]) -> list[tuple[str, int | None]] | None:
    t = text.lower().strip()
    picks = [(p["title"], p.get("year")) for p in last_picks]
    if not picks:
        return None
    m = re.fullmatch(r"(?:the\s+)?(first|last)\s+(one|two|three|\d)(?:\s+(?:ones|of them|picks|films|movies))?", t)
    if m:
        n = _COUNTS.get(m.group(2)) or int(m.group(2))
        return picks[:n] if m.group(1) == "first" else picks[-n:]
    if re.fullmatch(r"(?:all\s+(?:three|of them)|both|them all|all)(?:\s+(?:of them|picks|films))?", t):
        return picks
    words = re.findall(r"first|second|third|1st|2nd|3rd|last", t)
    if words and re.fullmatch(r"(?:the\s+|one|ones|and|,|\s|first|second|third|1st|2nd|3rd|last|pick|film|movie)+", t):
        chosen = []
        for w in words:
            i = _ORDINALS[w]
            if -len(picks) <= i < len(picks) and picks[i] not in chosen:
                chosen.append(picks[i])
        return chosen
    if t in ("it", "that one", "this one", "that", "that film", "that movie") and len(picks) == 1:
        return picks
    return None
