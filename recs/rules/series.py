"""Film series named without a part: "the lord of the rings", "harry potter", "star wars" name no single film
in the catalogue, whose titles are "<series>: <part>", "<series> and the <part>", "<series> Ep. IV: <part>".

The series are read from the catalogue's own titles (two parts or more sharing a head of two words or more),
never from a list: a series said bare stands for its first part (the earliest released), as does "the first
harry potter"; a film ruled out by its series name ("not the pirates of the caribbean ones") rules out every part.
A series whose name only its sequels carry ("Raiders of the Lost Ark" before "Indiana Jones and the Temple of
Doom") opens with the one film released shortly before its first named part by the same director, with the
same genres and creative type; never when two films fit, or when a film carries the series' name alone.
Asked about as a whole ("what year did the indiana jones movies come out"), a series is every part.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from recs.flows.tools import PlannedPick, PlanPicksArgs
from recs.sources.catalogue import STOPWORDS, Catalogue, core_title
from recs.sources.movies import Movie, normalize_title

# Where a part's own name starts after the series' name.
_PART_BREAK = re.compile(
    r"\s*(?::|\s-\s)|\s+(?i:and the|ep\.?|episode|part|vol\.?|volume|chapter)\s|\s+(?:\d+|[IVX]+)(?=:|$)"
)
# "the first harry potter", "the original star wars", "the first one of the lord of the rings", "harry potter 1"
_FIRST = re.compile(
    r"^(?:the )?(?:first|original|1st|very first)(?: one| film| movie| part)?(?: of| in)?(?: the)? (.+)$"
)
_FIRST_AFTER = re.compile(r"^(.+?) (?:1|one|part one|part 1|the first(?: one| film| movie| part)?)$")
_OPENER_YEARS = 6  # how long before its first named part an unnamed opener may come out
_NOT_NAMES = frozenset({"one", "ones", "film", "films", "movie", "movies", "part", "time", "it", "that", "this"})


@lru_cache(maxsize=4)
def _series(catalogue: Catalogue) -> dict[str, tuple[Movie, ...]]:
    """Series head (core normalized title) -> its parts, earliest first; only heads with two parts or more."""
    heads: dict[str, list[Movie]] = defaultdict(list)
    for movie in catalogue.movies:
        found = _PART_BREAK.search(movie.title)
        if not found or found.start() == 0:
            continue
        head = core_title(normalize_title(movie.title[: found.start()]))
        if len(set(head.split()) - STOPWORDS) >= 2:  # "Rocky II", "Saw III": one word names too much
            heads[head].append(movie)
    series = {}
    for head, parts in heads.items():
        own = [m for m in catalogue.by_title(head) if m not in parts]  # "Toy Story" opens "Toy Story 2"
        parts += own or _unnamed_opener(parts, catalogue)
        if len(parts) >= 2:
            series[head] = tuple(sorted(parts, key=_released))
    return series


def _released(movie: Movie) -> tuple:
    return (movie.year or 9999, -(movie.votes or 0), movie.id)


def _unnamed_opener(parts: list[Movie], catalogue: Catalogue) -> list[Movie]:
    """The film that opened a series before its name was in the titles (one or none): released shortly before
    the first named part, by its director, with the same genres and creative type."""
    first = min(parts, key=_released)
    if not (first.year and first.director):
        return []
    named = {part.id for part in parts}  # by id: pydantic's field-by-field == made this cost ~0.1 s a request
    fits = [
        movie
        for movie in catalogue.movies
        if movie.id not in named
        and movie.year
        and first.year - _OPENER_YEARS <= movie.year < first.year
        and movie.director == first.director
        and movie.creative_type == first.creative_type
        and catalogue.tags(movie) == catalogue.tags(first)
    ]
    return fits if len(fits) == 1 else []


def series_parts(span: str, catalogue: Catalogue) -> tuple[Movie, ...]:
    """Every part of the series the words name exactly ("harry potter"), earliest first; () when none."""
    return _series(catalogue).get(core_title(normalize_title(span)), ())


def opener_of(movie: Movie, catalogue: Catalogue) -> Movie | None:
    """The film a sequel continues from the start ("The Godfather" for "The Godfather: Part II"); None for an opener."""
    found = _PART_BREAK.search(movie.title)
    own = catalogue.by_title(movie.title[: found.start()]) if found and found.start() else []
    earlier = [m for m in own if (m.year or 9999) < (movie.year or 0)]
    if earlier:
        return min(earlier, key=_released)
    parts = next((parts for parts in _series(catalogue).values() if movie in parts), ())
    return parts[0] if parts and parts[0].id != movie.id else None


def series_first(span: str, catalogue: Catalogue) -> Movie | None:
    """The first part of the series the words name, said bare or as "the first …"; None when they name none."""
    said = normalize_title(span)
    for form in (_FIRST, _FIRST_AFTER):
        ordinal = form.match(said)
        if ordinal:
            said = ordinal.group(1)
            if said in _NOT_NAMES:  # "the first one you showed me" names no film
                return None
            own = catalogue.by_title(said)
            if own:  # "the first toy story" is Toy Story itself
                return min(own, key=lambda m: (m.year or 9999, -(m.votes or 0), m.id))
            break
    parts = series_parts(said, catalogue)
    return parts[0] if parts else None


# A whole series asked about: "the indiana jones movies", "all the harry potter films", "the star wars saga",
# "each of the toy story ones", "the movies in the lord of the rings series".
_WHOLE = (
    re.compile(
        r"^(?:(?:all|each|every|both)(?: one)?(?: of)? )?(?:the )?(.+?) "
        r"(?:movies|films|flicks|pictures|ones|parts|sequels|series|franchise|saga|trilogy|quadrilogy)$"
    ),
    re.compile(
        r"^(?:all |each of |every one of )?(?:the )?(?:movies|films|ones|parts) (?:of|in) (?:the )?(.+?)"
        r"(?: series| franchise| saga| trilogy)?$"
    ),
)


def series_whole(span: str, catalogue: Catalogue) -> tuple[Movie, ...]:
    """Every part, earliest first, when the words ask about a whole series ("the indiana jones movies"); else ()."""
    said = normalize_title(span)
    for form in _WHOLE:
        named = form.match(said)
        if named and (parts := series_parts(named.group(1), catalogue)):
            return parts
    return ()


def series_name(parts: tuple[Movie, ...]) -> str:
    """How the catalogue's titles name a series: "Star Wars", "The Lord of the Rings", "Toy Story"."""
    titles = [
        part.title[: found.start()] if (found := _PART_BREAK.search(part.title)) else part.title for part in parts
    ]
    return min(titles, key=len)


def series_films(parts: tuple[Movie, ...]) -> str:
    """The series' films said in a sentence: "the Star Wars films", "The Lord of the Rings films" (one "the")."""
    name = series_name(parts)
    return f"{name} films" if name.lower().startswith("the ") else f"the {name} films"


# "show me the lord of the rings movies", "recommend all the harry potter films": the series itself asked for
# A series' name is a few words (80 characters at most): unbounded, the lazy span was tried from every word of a
# long message to its end (~0.15 s of CPU for 2,000 words)
_ASKED_WHOLE = re.compile(
    r"\b(?:all |each of |every one of )?(?:the )?(?P<s>[a-z0-9' ]{1,80}?) (?:movies|films|flicks|series|franchise|"
    r"saga|trilogy)\b"
)


def series_asked(text: str, catalogue: Catalogue) -> tuple[Movie, ...]:
    """Every part of a series a request asks for whole ("the lord of the rings movies"), earliest first; else ()."""
    for match in _ASKED_WHOLE.finditer(normalize_title(text)):
        words = match.group("s").split()
        for start in range(len(words)):  # "show me the lord of the rings": the longest tail that is a series
            parts = series_parts(" ".join(words[start:]), catalogue)
            if parts:
                return parts
    return ()


def series_plan(parts: tuple[Movie, ...], allowed: set[str]) -> PlanPicksArgs | None:
    """The parts of a series asked for whole, in release order (at most three, none blocked); None if all are."""
    left = [m for m in parts if m.id in allowed]
    if not left:
        return None
    films = series_films(parts)
    more = f" (the first {min(3, len(left))} of {len(left)})" if len(left) > 3 else ""
    return PlanPicksArgs(
        intro=f"{films[0].upper()}{films[1:]} in my catalogue, in the order they came out{more}:",
        picks=[
            PlannedPick(title=m.title, year=m.year, reason=f"Part {parts.index(m) + 1} of {films}, from {m.year}.")
            for m in left[:3]
        ],
    )
