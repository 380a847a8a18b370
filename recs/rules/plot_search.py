"""A film asked for by what happens in it ("what's that film where the guy can't make new memories"): the
catalogue records no plots, so the answer says plainly it can't tell which film is meant, and never guesses."""

from __future__ import annotations

import re

# "whats that film where…", "what was the movie about a…", "which is the one with the shark": by its story.
WHICH_FILM = re.compile(
    r"^(?:(?:hey|hi|ok|so|um+|hmm+|help)\W+)*(?:what|which)(?:'s| is|s| was| were)? (?:that|the|this|a) "
    r"(?:[a-z-]+ )?(?:film|movie|flick|one)(?: (?:called|again|from))?(?: (?:where|with|about|in which|when|that|set))\b",
    re.I,
)
WHICH_FILM_ANSWER = (
    "I don't know which film that is: my catalogue records titles, years, genres, directors, some cast and "
    "ratings, not what happens in a film, so I can't find one by its story and won't guess. If you remember "
    "the title, an actor or the director, I can look it up. "
)


def asks_which_film(text: str) -> bool:
    """True when a message asks which film has some story, scene or character."""
    return bool(WHICH_FILM.search(" ".join((text or "").replace("’", "'").split())))
