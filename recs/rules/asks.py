"""Requests for films said without a verb that asks: "girls night in movie", "any recs?", "list 10 films",
"more like the second one", "seen all of those already"."""

from __future__ import annotations

import re

from recs.rules.series import series_asked
from recs.rules.shown import points_at_place
from recs.sources.catalogue import Catalogue

_FILM = r"(?:movies?|films?|flicks?)"
# A noun phrase for a film, said alone: "a 4th of july movie", "movie?", "a valentines day movie that isnt cheesy".
_FILM_PHRASE = re.compile(
    rf"^(?:(?:an?|some|any|another)\s[^?]{{0,60}}?)?\b{_FILM}\b(?:\s+(?:ideas?|recs|pls|please|tonight))?\W*$"
)
_SOME_FILM = re.compile(rf"^(?:an?|some|any|another)\s[^?]{{0,40}}?\b{_FILM}\b(?!\s+(?:is|was|where|when)\b)")
# Words that make a film noun a statement or a question, not a request ("i hate that movie", "is it a film").
_NOT_ASKING = re.compile(
    r"\b(?:i|i'm|im|we|you|he|she|it|its|it's|that|this|is|was|are|were|did|does|do|hate|love|saw|seen|watched)\b"
)
_ASKS = re.compile(
    # "any recs?", "recs pls": recommendations asked for in a word
    r"\brecs?\b(?!\s+(?:are|were|is|was|suck))"
    # "list 10 films", "name some movies", "tell me five films"
    rf"|\b(?:list|name|tell me|output|print|show)\b(?:\s+\w+){{0,3}}\s+{_FILM}\b"
    # "the top 20 movies of all time", "greatest films ever": a ranking asked for
    rf"|\b(?:top|greatest)(?:\s+(?:\d+|ten|five|three))?\s+{_FILM}\b"
    # "highest rated movies", "the best rated films ever": a ranking by rating (recs.rules.top_rated)
    rf"|^(?:the )?(?:highest|best|top)[ -]rated {_FILM}\b"
    # "something for a boys night", "girls night in": a night in with friends asks for a film
    r"|\b(?:boys|girls|lads|ladies|guys|gals|mates|friends|family|sleepover) ?(?:night|nite)\b"
    # "seen all of those already", "already seen them": the picks shown missed, so others are wanted
    r"|\b(?:seen|watched) (?:all of |all |both of )?(?:those|them|these|it|that one|all three|em)\b"
    r"|\balready (?:seen|watched)\b|\bdifferent (?:genre|kind|type|style|vibe)\b"
    # "kinda like The Office vibes", "Pixar-like but not Pixar", "like Stranger Things": likeness asked alone
    r"|\bvibes?\b|[a-z]-(?:like|esque|ish|style)\b|^(?:kinda |kind of |sorta |sort of )?like (?!i\b|you\b|it\b|that\b|this\b)\w"
    # "i loved parasite, what else", "loved it. anything else?", "what else ya got": more asked for, as a clause
    r"|(?:^|[,.;!-] ?)(?:so |ok |okay |and )?(?:what|anything|whats|what's) else"
    r"(?: (?:ya|you|u) got| is there| do (?:you|u) have| (?:would|could|can) (?:you|u) (?:suggest|recommend))?[\s?!.]*$"
)


_SOMETHING = re.compile(r"^(?:something|anything)(?:\s+[\w'-]+){1,4}[\s.!]*$")  # "something wrong?" asks no film
# "something with a strong female lead", "anything with a good soundtrack": a film described by what it has
_SOMETHING_WITH = re.compile(
    r"^(?:something|anything) (?:with|that has|featuring)(?: an?| some| the)?(?:\s+[\w'-]+){1,5}[\s.!]*$"
)


def asks_for_films(low: str, catalogue: Catalogue) -> bool:
    """Whether a lower-case message asks for films in words recs.rules.answer.RECOMMEND doesn't know."""
    if points_at_place(low) or _ASKS.search(low):  # "more like the second one"
        return True
    if series_asked(low, catalogue) and not _NOT_ASKING.search(low):  # "the star wars films"
        return True
    if _SOMETHING.search(low) or _SOMETHING_WITH.search(low):  # "something mindless", "anything but the usual…"
        return True
    if _SOME_FILM.search(low):
        return True
    return bool(_FILM_PHRASE.search(low)) and len(low.split()) <= 8 and not _NOT_ASKING.search(low)
