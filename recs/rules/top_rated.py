"""A request for the best by rating: "highest rated cartoon", "best rated anime", "the top rated bond films".

Said with a superlative, a request is a ranking, not a wish for well-liked films: the picks are the films that
fit it best ranked by their own IMDB rating, best first, with no spreading over directors, franchises or years
(the three best Pixar films are all Pixar's). Only ratings the catalogue trusts from enough votes rank (as in
recs.rules.catalogue_facts); the rest follow. The intro and each reason say the ranking is by IMDB rating.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from recs.rules.explain import COUNT_WORDS, UNMATCHED
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

MIN_VOTES = 1000  # as in catalogue_facts: fewer votes than this and a rating says little
RANKED = re.compile(
    r"\b(?:highest|best|top|most highly|higest|hightest)[ -]?(?:rated|reviewed|ranked|scoring|scored)\b"
    r"|\b(?:highest|best|top) (?:imdb )?(?:ratings?|scores?)\b|\bhighest on imdb\b",
    re.I,
)
RANKED_SAID = "ranked by IMDB rating, best first"
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def asks_ranked(text: str) -> bool:
    """Whether a request asks for the best by rating ("highest rated cartoon"), not merely good films."""
    return bool(RANKED.search(text or ""))


def well_rated(movie: Movie, catalogue: Catalogue) -> bool:
    """A rating worth ranking by: enough votes, and not a copied one."""
    return movie.rating is not None and (movie.votes or 0) >= MIN_VOTES and movie.id not in catalogue.suspect


def by_rating(pool: Iterable[Movie], tiers: tuple[set[str], ...], catalogue: Catalogue, count: int) -> list[Movie]:
    """The count best films by IMDB rating, those in more of the tiers (fitting, fitting everything) first."""
    return sorted(
        pool,
        key=lambda m: (
            -sum(m.id in tier for tier in tiers),
            not well_rated(m, catalogue),
            -(m.rating or 0),
            -(m.votes or 0),
            m.id,
        ),
    )[:count]


def ranked_intro(intro: str, count: int, understood: bool) -> str:
    """The intro with the ranking said: "Three animated films (ranked by IMDB rating, best first):"; with
    nothing else asked, the catalogue's best ("The three highest-rated films in my catalogue (…):")."""
    if not understood and intro.startswith(UNMATCHED):
        return f"The {COUNT_WORDS[count].lower()} highest-rated films in my catalogue ({RANKED_SAID}):"
    return f"{intro.removesuffix(':')} ({RANKED_SAID}):" if intro.endswith(":") else f"{intro} ({RANKED_SAID})"


def ranked_reason(place: int, movie: Movie, ranking: bool, reason: str) -> str:
    """ "1st by IMDB rating (8.9/10); …": the pick's place in the ranking, before its own reason."""
    if not ranking or movie.rating is None:
        return reason
    return f"{_ORDINALS.get(place, f'{place}th')} by IMDB rating ({movie.rating}/10); {reason[0].lower()}{reason[1:]}"
