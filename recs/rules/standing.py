"""Where a film stands in the catalogue, said in a reason: "the highest-rated 90s thriller in my catalogue".

True by construction: films are ranked by IMDB rating within each (genre, decade), among films with enough
votes for the rating to mean something and whose rating the loader trusts (copied ratings are left out).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from recs.rules.vocab import GENRE_NOUNS
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie

MIN_VOTES = 5000  # below this an IMDB rating is a handful of fans
TOP = 10  # only a place in the top ten is worth saying
_ORDINALS = {1: "", 2: "2nd ", 3: "3rd "}


def decade_label(year: int) -> str:
    """ "90s", "2000s", "1940s": how a decade reads before a genre noun."""
    decade = year - year % 10
    return f"{decade % 100:02d}s" if 1950 <= decade < 2000 else f"{decade}s"


@lru_cache(maxsize=4)
def _places(catalogue: Catalogue) -> dict[str, list[tuple[int, str, int]]]:
    """Film id -> its (place, genre tag, decade) in each of its genres where it makes the top ten, best first."""
    groups: dict[tuple[str, int], list[Movie]] = defaultdict(list)
    for movie in catalogue.movies:
        if movie.year and movie.rating is not None and (movie.votes or 0) >= MIN_VOTES:
            if movie.id not in catalogue.suspect:
                for tag in catalogue.tags(movie) & GENRE_NOUNS.keys():
                    groups[(tag, movie.year - movie.year % 10)].append(movie)
    places: dict[str, list[tuple[int, str, int]]] = defaultdict(list)
    for (tag, decade), films in groups.items():
        films.sort(key=lambda m: (-(m.rating or 0), -(m.votes or 0), m.id))
        for place, movie in enumerate(films[:TOP], start=1):
            places[movie.id].append((place, tag, decade))
    return {movie_id: sorted(found) for movie_id, found in places.items()}


def standing(movie: Movie, catalogue: Catalogue, prefer: list[str] = ()) -> str | None:
    """ "the highest-rated 90s thriller in my catalogue", "the 4th highest-rated 2000s comedy …", else None.

    A genre the request asked for (prefer) is said before a better place in another genre."""
    found = _places(catalogue).get(movie.id)
    if not found:
        return None
    place, tag, decade = min(found, key=lambda p: (p[1] not in prefer, p))
    return f"the {_ORDINALS.get(place, f'{place}th ')}highest-rated {decade_label(decade)} {GENRE_NOUNS[tag][0]} in my catalogue"
