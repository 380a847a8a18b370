"""A story's topic that names a genre the catalogue records: "true story about war", "a film about music",
"something about love", "nothing about war". The catalogue records no topics, but these are its genres (a war
film is about war); any other topic is still said to be unrecorded.
"""

from __future__ import annotations

from recs.rules.constraints import Constraints

# topic word -> the genre tag that is that topic
_TOPICS: dict[str, str] = {
    **dict.fromkeys(["war", "wars", "wartime", "soldiers", "ww2", "wwii"], "War"),
    **dict.fromkeys(["love", "romance", "falling"], "Romance"),  # "about falling in love"
    **dict.fromkeys(["music", "musicians", "bands", "band", "rock", "jazz"], "Music"),
    **dict.fromkeys(["cowboys", "outlaws", "gunslingers"], "Western"),
    **dict.fromkeys(["superheroes", "superhero"], "Super Hero"),
}


def topic_genre(said: str, out: Constraints, negated: bool = False) -> bool:
    """Read an "about X" topic as its genre (ruled out when negated: "nothing about war"); True when it did.
    A documentary's topic is not read ("a documentary about music" is a documentary first)."""
    words = said.split()
    tag = _TOPICS.get(words[-1]) if words and words[0] == "about" else None
    if not tag or tag in out.exclude_genres or "Documentary" in out.genres:
        return False
    if negated:
        out.exclude_genres.append(tag)
    elif tag not in out.genres:
        out.genres.append(tag)
        out.mood_notes.append((said, tag))
    return True
