"""People a request can name: directors (from the catalogue) and actors (from the curated cast table)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from recs.sources.catalogue import Catalogue, core_title
from recs.sources.movies import Movie, normalize_title

CAST_PATH = Path(__file__).parent.parent / "data" / "cast.json"


@lru_cache(maxsize=2)
def load_cast(path: Path = CAST_PATH) -> dict[str, list[tuple[str, int]]]:
    """Actor -> [(title, year)] from the curated cast table."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: [(f["title"], int(f["year"])) for f in films] for name, films in data["actors"].items()}


_PARTICLES = frozenset({"de", "del", "van", "von", "da", "di", "le", "la"})
# Surnames that are everyday words: only the full name counts ("a story film" is no Tim Story).
_COMMON_SURNAMES = frozenset(
    {
        "story",
        "rock",
        "green",
        "grey",
        "white",
        "west",
        "wise",
        "lord",
        "hood",
        "grant",
        "judge",
        "fell",
        "lean",
        "duke",
        "guest",
        "glen",
        "brown",
        "wolf",
        "hall",
        "bill",
        "bird",
        "wedge",
        "dey",
        "ivory",
        "reed",
        "stone",
        "young",
        "king",
        "wood",
        "park",
        "lee",
        "hill",
        "field",
        "ford",
        "jones",
        "davis",
        "kelly",
        "burns",
        "owens",
        "ellis",
        "adams",
        "hogan",
        "payne",
        "miner",
        "gallo",
        "lin",
        "roth",
        "smith",
        "black",
        "long",
        "short",
        "little",
        "best",
        "good",
        "rich",
        "sharp",
        "hunter",
        "marshall",
        "fox",
        "gray",
        "price",
        "page",
        "frank",
        "bell",
        "zombie",
    }
)


# First names that are everyday words: "films with will power" is no Will Smith.
_EVERYDAY_FIRST = frozenset({"will", "robin", "gene", "mark", "jack", "bill", "grace", "hope", "faith"})


class PeopleIndex:
    """Directors (from the catalogue) and actors (from cast.json) by full name and surname."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.cast = load_cast()
        self.cast_keys: dict[str, set[tuple[str, int | None]]] = {
            name: {(core_title(normalize_title(t)), y) for t, y in films} for name, films in self.cast.items()
        }
        self.full: dict[str, tuple[str, set[str]]] = {}  # norm name -> (display, roles)
        surnames: dict[str, set[str]] = {}
        for name, role in [(d, "director") for d in catalogue.directors] + [(a, "actor") for a in self.cast]:
            norm = normalize_title(name)
            display, roles = self.full.setdefault(norm, (name, set()))
            roles.add(role)
            words = norm.split()
            if len(words) > 1:
                cut = -2 if len(words) > 2 and words[-2] in _PARTICLES else -1
                surnames.setdefault(" ".join(words[cut:]), set()).add(norm)
        self.surname = {
            s: next(iter(n)) for s, n in surnames.items() if len(n) == 1 and len(s) >= 3 and s not in _COMMON_SURNAMES
        }
        names = sorted(self.full, key=len, reverse=True)
        self.full_re = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")
        self._catalogue = catalogue
        # Each catalogue film's cast key, once (a turn asks it of thousands of films).
        self._keys = {m.id: (core_title(catalogue.norm_title[m.id]), m.year) for m in catalogue.movies}
        self._ids_by_key: dict[tuple[str, int | None], list[str]] = {}
        for movie_id, key in self._keys.items():
            self._ids_by_key.setdefault(key, []).append(movie_id)
        self._by_last: dict[str, list[str]] = {}
        for norm in self.full:
            self._by_last.setdefault(norm.split()[-1], []).append(norm)
        self.surnames = sorted(self.surname)  # for near spellings ("scorcese"), matched once per request word
        self.first_name = _unique_first_names(self.full, self.cast)
        self._actors_by_key: dict[tuple[str, int | None], list[str]] = {}
        for name, keys in self.cast_keys.items():
            for key in keys:
                self._actors_by_key.setdefault(key, []).append(name)

    def starring(self, movie: Movie) -> list[str]:
        """The well-known actors (by cast.json) in a catalogue film."""
        return self._actors_by_key.get(self._keys.get(movie.id, ("", None)), [])

    def nickname(self, first: str, surname: str) -> str | None:
        """The person a shortened first name and a surname stand for ("leo dicaprio", "sam jackson"), else None."""
        if len(first) < 3:
            return None
        # Shared surnames are fine here: the first name tells Samuel L. Jackson from Peter Jackson.
        found = [n for n in self._by_last.get(surname, ()) if n.split()[0] != first and n.split()[0].startswith(first)]
        return found[0] if len(found) == 1 else None

    def ids_acting(self, names: Iterable[str]) -> set[str]:
        """Catalogue ids of the films any of `names` acts in (by cast.json)."""
        return {i for name in names for key in self.cast_keys.get(name, ()) for i in self._ids_by_key.get(key, ())}

    def acting(self, movie: Movie, names: Iterable[str]) -> list[str]:
        """Those of `names` who act in the film (by cast.json), in the order given."""
        if not names:
            return []
        if self._catalogue.get(movie.id) is movie:
            key = self._keys[movie.id]
        else:  # a film from another source (TMDB)
            key = (core_title(normalize_title(movie.title)), movie.year)
        return [name for name in names if key in self.cast_keys.get(name, ())]


def _unique_first_names(full: dict[str, tuple[str, set[str]]], cast: dict) -> dict[str, str]:
    """Actor first names no other known person shares ("keanu"): people say "films with Keanu"."""
    counts: dict[str, int] = {}
    for norm in full:
        counts[norm.split()[0]] = counts.get(norm.split()[0], 0) + 1
    actors = [normalize_title(name) for name in cast]
    return {
        n.split()[0]: n
        for n in actors
        if counts[n.split()[0]] == 1 and len(n.split()[0]) >= 4 and n.split()[0] not in _EVERYDAY_FIRST
    }


@lru_cache(maxsize=4)
def people_index(catalogue: Catalogue) -> PeopleIndex:
    """The (cached) people index of this catalogue."""
    return PeopleIndex(catalogue)
