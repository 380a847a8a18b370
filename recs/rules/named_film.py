"""One film named by its title with its year and/or director to tell it apart ("fargo 1996 joel coen",
"Fargo (1996)", "Alien, Ridley Scott", "the shining kubrick"): the request is for films like it, and the
director's name is part of naming the film, not a "films by" filter. A title is read only when a year (±1 of
the film's) or the film's own director follows it, so everyday words are never taken for titles. A message that
is only a title and its year ("heat 1995 michael mann", "Heat (1995)") names a film the catalogue may lack: that
is said first ("I don't know Heat (1995): it isn't in my catalogue.")."""

from __future__ import annotations

import re
from collections.abc import Callable

from rapidfuzz import fuzz

from recs.rules.constraints import Constraints
from recs.rules.like import EVERYDAY, as_typed, unknown_title
from recs.rules.people import PeopleIndex
from recs.rules.scan import Scanner
from recs.sources.catalogue import Catalogue
from recs.sources.movies import Movie, normalize_title

_MAX_TITLE_WORDS = 8
_YEAR = re.compile(r"(?:19|20)\d\d")
_NAME_WORDS = 3  # the most words a director's name takes ("guillermo del toro")
# Words a request is made of ("recommend something", "i loved", "top picks"): an unknown title has none of them,
# but for the small words titles keep.
_REQUEST_WORDS = (
    EVERYDAY
    | set(
        """i im me we you my our recommend recommendation recommendations suggest suggestion please pick picks
top watch watching want wanted need loved love liked like enjoyed saw seen show give find film films movie
movies any some""".split()
    )
) - {"the", "a", "an", "of", "to", "for", "in", "on", "and"}


def find_named_film(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Read "<title> <year> <director>" (any of year and director, in either order) as the film named."""
    tokens = _tokens(scan)
    for i in range(len(tokens)):
        hit = _film_at(tokens, i, catalogue)
        if hit and scan._free(tokens[i][1], tokens[hit[1] - 1][2]):
            movie, end = hit
            scan.claimed.append((tokens[i][1], tokens[end - 1][2]))
            if scan.negated(tokens[i][1]):  # "not alien 1979": that film ruled out
                out.exclude_ids.append(movie.id)
                out.exclude_titles.append(movie.title)
            else:
                out.like_ids.append(movie.id)


def _tokens(scan: Scanner) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in re.finditer(r"[a-z0-9.]+|,", scan.text)]


def _film_at(tokens: list[tuple[str, int, int]], i: int, catalogue: Catalogue) -> tuple[Movie, int] | None:
    """(film, index after its year/director) for the longest title starting at token i that a year or the
    film's director follows."""
    for j in range(min(len(tokens), i + _MAX_TITLE_WORDS), i, -1):
        words = [t[0] for t in tokens[i:j]]
        if "," in words or _YEAR.fullmatch(words[-1] or ""):
            continue
        for movie in sorted(catalogue.by_title(" ".join(words)), key=lambda m: (-(m.votes or 0), m.id)):
            end = _anchors(tokens, j, movie)
            if end > j:
                return movie, end
    return None


def _anchors(tokens: list[tuple[str, int, int]], at: int, movie: Movie) -> int:
    """Where the film's year and/or director, said right after its title, end (at when neither is)."""
    end, seen_year, seen_name = at, False, False
    k = at
    while k < len(tokens):
        if tokens[k][0] == ",":
            k += 1
            continue
        word = tokens[k][0]
        if not seen_year and _YEAR.fullmatch(word) and movie.year and abs(movie.year - int(word)) <= 1:
            seen_year, k = True, k + 1
            end = k
            continue
        size = 0 if seen_name else _director_words(tokens, k, movie)
        if not size:
            break
        seen_name, k = True, k + size
        end = k
    return end


def _director_words(tokens: list[tuple[str, int, int]], k: int, movie: Movie) -> int:
    """How many words from k name the film's director: in full, by surname, or nearly ("kubrik")."""
    if not movie.director:
        return 0
    full = normalize_title(movie.director)
    surname = full.split()[-1]
    for size in range(_NAME_WORDS, 0, -1):
        words = [t[0] for t in tokens[k : k + size]]
        if len(words) < size or "," in words:
            continue
        said = " ".join(words)
        if said in (full, surname) or (size > 1 and fuzz.ratio(said, full) >= 90):
            return size
        if size == 1 and len(said) >= 5 and fuzz.ratio(said, surname) >= 85:
            return size
    return 0


def find_unknown_film(
    scan: Scanner,
    catalogue: Catalogue,
    out: Constraints,
    raw: str,
    people: PeopleIndex,
    parse: Callable[[str, Catalogue], Constraints],
) -> None:
    """A message that is only "<title> <year>", maybe with a name after it, whose title isn't a catalogue film
    of that year: an unknown film, said first. Run after the people and era rules: a name after it stays theirs,
    and a year they took ("from 1994", "released in 1994") is no film's."""
    words = [t for t in _tokens(scan) if t[0] != ","]
    at = next((n for n, t in enumerate(words) if _YEAR.fullmatch(t[0])), None)
    if not at or at > 6 or len(words) - at - 1 > _NAME_WORDS:
        return
    span, rest = [t[0] for t in words[:at]], " ".join(t[0] for t in words[at + 1 :])
    year = int(words[at][0])
    if any(m.year and abs(m.year - year) <= 1 for m in catalogue.by_title(" ".join(span))):
        return
    if set(span) & _REQUEST_WORDS or not unknown_title(span, catalogue, parse):
        return
    if rest and rest not in people.full and not parse(rest, catalogue).is_empty():
        return  # "heat 1995 thrillers": a request, not a film's name
    if not scan._free(words[0][1], words[at][2]):
        return
    scan.claimed.append((words[0][1], words[at][2]))
    out.unknown_films.append(f"{as_typed(span, raw)} ({year})")
