"""Whether a film is in colour or black and white: asked about a named film, which the catalogue can't tell."""

from __future__ import annotations

import re

from recs.rules.titles import resolve
from recs.sources.catalogue import Catalogue

# "is schindlers list in black and white", "was casablanca filmed in color", "is psycho a b&w movie"
_COLOUR = r"(?:black (?:and|&|n) white|b ?(?:&|and|/)? ?w|colou?r|technicolou?r|monochrome)"
_ASKED = re.compile(
    r"^(?:is|was|are|were)\s+(?P<t>.+?)\s+(?:(?:filmed|shot|made|released|done)\s+)?"
    rf"(?:in\s+{_COLOUR}|(?:a\s+)?{_COLOUR}(?:\s+(?:film|movie|one))?)$"
)


def colour_answer(low: str, catalogue: Catalogue) -> str | None:
    """The reply to "is <film> in black and white": the film found, and that colour is not recorded; else None."""
    found = _ASKED.match(low.rstrip("?!. "))
    films = resolve(found.group("t"), catalogue)[1] if found else []
    if not films:
        return None
    film = films[0]
    return (
        f"I don't know: my catalogue records **{film.title}** ({film.year}) with its director, year, genre, "
        "ratings and runtime, but not whether it was shot in colour or black and white, so I won't guess."
    )
