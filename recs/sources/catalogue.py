"""The embedded film catalogue (vega-datasets movies.json), cleaned and indexed.

Data decisions (upstream data is dirty):
- Numeric titles (1776, 300, 21, 9) are kept as strings; null/blank titles are skipped.
- Titles stored as "Barbarians, The" are turned back into "The Barbarians"; a trailing
  "(1933)" year is dropped from the title (it is the release year, not part of the name).
- Non-ASCII titles were mis-decoded upstream (cp1252 bytes read as Mac Roman: "AmÈlie");
  they are repaired when the round trip is lossless.
- Every release date is "Mon DD YYYY", but upstream parsed two-digit years with a 1969
  pivot, so 1916-1946 releases read 2016-2046. The data ends in 2011, so a year after
  LAST_YEAR is shifted back a century. Dates without a plausible year (< 1870) are skipped.
- Remakes share titles ("Crash" 1996/2005): identity is normalized title + year.
"""

from __future__ import annotations

import difflib
import json
import re
import threading
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from recs.sources.animation import animation_tags
from recs.sources.catalogue_checks import COPIED, english_titles, suspects
from recs.sources.franchises import franchise_tags
from recs.sources.movies import Movie, normalize_title, sound_key
from recs.sources.war import war_tags

DATA_PATH = Path(__file__).parent.parent / "data" / "vega-movies.json"
LAST_YEAR = 2012  # newest plausible release year in this dataset (it stops in 2011)
FIRST_YEAR = 1870
ARTICLES = ("the", "a", "an")
# Filler words never make two titles "partially" match on their own.
STOPWORDS = frozenset({"the", "a", "an", "of", "and", "in", "on", "to", "for", "with", "at"})

# Genre families: a "Black Comedy" must also match a request for comedy, etc.
GENRE_FAMILY: dict[str, tuple[str, ...]] = {
    "Black Comedy": ("Comedy",),
    "Romantic Comedy": ("Comedy", "Romance"),
    "Concert/Performance": ("Music",),
    "Musical": ("Music",),
}
# Creative types that users ask for as if they were genres.
CREATIVE_TAGS: dict[str, str] = {
    "Science Fiction": "Science Fiction",
    "Fantasy": "Fantasy",
    "Super Hero": "Super Hero",
    "Kids Fiction": "Family",
    "Historical Fiction": "Historical",
    "Dramatization": "True Story",
}


def core_title(norm: str) -> str:
    """Drop a leading article so "Matrix" and "The Matrix" compare equal."""
    head, _, rest = norm.partition(" ")
    return rest if head in ARTICLES and rest else norm


def slugify(norm: str) -> str:
    """URL-safe slug of an already-normalized title."""
    return norm.replace(" ", "-") or "untitled"


def _fix_mojibake(text: str) -> str:
    if text.isascii():
        return text
    try:
        return text.encode("mac_roman").decode("cp1252")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text  # genuine non-ASCII ("Alien³") or not this kind of damage


def clean_title(raw: object) -> str | None:
    """A display title from a raw JSON value, or None when there is none."""
    if raw is None or isinstance(raw, bool):
        return None
    text = _fix_mojibake(str(raw)).strip()
    if not text:
        return None
    match = re.fullmatch(r"(.+), (The|A|An)", text)
    if match:
        text = f"{match.group(2)} {match.group(1)}"
    text = re.sub(r"\s*\((?:19|20)\d\d\)$", "", text)
    return text


def parse_year(raw: object) -> int | None:
    """Release year from "Jun 12 1998", "Jun 12 98", "1998-06-12" or a bare year."""
    if isinstance(raw, int):
        year = raw
    else:
        text = str(raw or "").strip()
        match = re.search(r"\b(\d{4})\b", text) or re.search(r"\b(\d{2})$", text)
        if not match:
            return None
        year = int(match.group(1))
        if len(match.group(1)) == 2:
            year += 2000 if year <= LAST_YEAR % 100 else 1900
    if year > LAST_YEAR:
        year -= 100  # two-digit-year pivot error upstream
    return year if FIRST_YEAR <= year <= LAST_YEAR else None


def _number(raw: object) -> float | None:
    return float(raw) if isinstance(raw, int | float) and not isinstance(raw, bool) else None


def build_overview(*, genres: list[str], creative: str | None, mpaa: str | None, rt: int | None) -> str:
    """Only the facts a pick card's meta line lacks (it shows year, genres, runtime, IMDB rating and
    director): creative type, MPAA rating, Rotten Tomatoes; empty when there are none. No invented plot."""
    parts = []
    if creative and creative not in genres and creative not in ("Contemporary Fiction", "Multiple Creative Types"):
        parts.append(creative)
    if mpaa and mpaa not in ("Not Rated", "Open"):
        parts.append(f"Rated {mpaa}")
    if rt is not None:
        parts.append(f"Rotten Tomatoes {rt}%")
    return " · ".join(parts) + "." if parts else ""


@dataclass(eq=False)  # identity semantics: hashable, usable as a cache key
class Catalogue:
    """All films, with indexes for O(1) id/title lookups and fast search."""

    movies: list[Movie]
    rotten: dict[str, int | None] = field(default_factory=dict)
    story_source: dict[str, str] = field(default_factory=dict)  # id -> "Based on Book/Short Story", …
    original_title: dict[str, str] = field(default_factory=dict)  # id -> title before the English alias
    suspect: dict[str, str] = field(default_factory=dict)  # id -> why its rating or date isn't trusted
    stats: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._by_id = {m.id: m for m in self.movies}
        self._by_core: dict[str, list[Movie]] = defaultdict(list)
        self._by_token: dict[str, set[str]] = defaultdict(set)
        self._tags: dict[str, frozenset[str]] = {}
        for movie in self.movies:
            for title in {movie.title, self.original_title.get(movie.id, movie.title)}:
                core = core_title(normalize_title(title))
                self._by_core[core].append(movie)
                for token in core.split():
                    self._by_token[token].add(movie.id)
            true_story = {"True Story"} if self.story_source.get(movie.id) == "Based on Real Life Events" else set()
            hand_tagged = war_tags(movie.id) | franchise_tags(movie.id) | animation_tags(movie.id)
            self._tags[movie.id] = _tags_for(movie) | true_story | hand_tagged
        # Indexed once per process, so a turn filters 3,200 films by set lookups instead of re-deriving
        # every title's normal form, tags and franchise on each request (bench/concurrency.py).
        self.norm_title: dict[str, str] = {m.id: normalize_title(m.title) for m in self.movies}
        self.franchise: dict[str, str] = {
            m.id: " ".join(core_title(self.norm_title[m.id]).split()[:2]) for m in self.movies
        }
        self.dated: list[Movie] = [m for m in self.movies if m.year is not None]
        by_tag: dict[str, set[str]] = defaultdict(set)
        for movie_id, tags in self._tags.items():
            for tag in tags:
                by_tag[tag].add(movie_id)
        self._ids_by_tag = {tag: frozenset(ids) for tag, ids in by_tag.items()}
        self._cores = sorted(self._by_core)
        self._by_sound: dict[str, list[str]] = defaultdict(list)
        for core in self._cores:
            self._by_sound[sound_key(core)].append(core)
        self.directors = sorted({m.director for m in self.movies if m.director})

    def get(self, movie_id: str) -> Movie | None:
        """The film with this id, or None."""
        return self._by_id.get(movie_id)

    def tags(self, movie: Movie) -> frozenset[str]:
        """Genre names a request can match: own genres, their families, creative tags."""
        return self._tags.get(movie.id) or _tags_for(movie)

    def ids_with_any_tag(self, tags: Iterable[str]) -> frozenset[str]:
        """Ids of the films carrying at least one of these tags."""
        found: frozenset[str] = frozenset()
        for tag in tags:
            found |= self._ids_by_tag.get(tag, frozenset())
        return found

    def ids_with_all_tags(self, tags: Iterable[str]) -> frozenset[str]:
        """Ids of the films carrying every one of these tags."""
        sets = [self._ids_by_tag.get(tag, frozenset()) for tag in tags]
        return frozenset.intersection(*sets) if sets else frozenset(self._by_id)

    def by_title(self, title: str) -> list[Movie]:
        """Every film whose normalized title (article-insensitive) equals this one."""
        return list(self._by_core.get(core_title(normalize_title(title)), []))

    def search(self, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """Films matching a title query: exact > prefix > all tokens > partial/fuzzy."""
        core = core_title(normalize_title(query))
        if not core:
            return []
        tiers: dict[str, int] = {}
        for movie in self._by_core.get(core, []):
            tiers[movie.id] = 4
        tokens = [t for t in core.split() if t not in STOPWORDS] or core.split()
        candidate_ids: set[str] = set()
        for token in tokens:
            candidate_ids |= self._by_token.get(token, set())
        for movie_id in candidate_ids:
            if movie_id in tiers:
                continue
            own = core_title(normalize_title(self._by_id[movie_id].title))
            own_tokens = set(own.split())
            if own.startswith(core + " "):
                tiers[movie_id] = 3
            elif all(t in own_tokens for t in tokens):
                tiers[movie_id] = 2
            elif len(tokens) == 1 or sum(t in own_tokens for t in tokens) * 2 >= len(tokens):
                tiers[movie_id] = 1
        if len(tiers) < limit:  # typos: fall back to close spellings
            for near in difflib.get_close_matches(core, self._cores, n=limit, cutoff=0.75):
                for movie in self._by_core[near]:
                    tiers.setdefault(movie.id, 1)

        def rank(movie_id: str) -> tuple:
            movie = self._by_id[movie_id]
            return (-tiers[movie_id], -_year_tier(movie.year, year), -(movie.votes or 0), movie.id)

        return [self._by_id[i] for i in sorted(tiers, key=rank)[:limit]]

    def lookup(self, title: str, year: int | None = None) -> Movie | None:
        """Best confident match for a planned pick (title + year ±1), else None."""
        core = core_title(normalize_title(title))
        if not core:
            return None
        exact = self._pick(self._by_core.get(core, []), year)
        if exact or self._by_core.get(core):
            return exact  # the title exists but in another year: a different film
        # Confident fuzzy: near-identical spelling only, never "some film with a shared word".
        digits = re.findall(r"\d+", core)
        for near in difflib.get_close_matches(core, self._cores, n=3, cutoff=0.88):
            if re.findall(r"\d+", near) != digits:
                continue  # "Inception 2" is not a typo of "Inception": numbers must agree
            found = self._pick(self._by_core[near], year)
            if found:
                return found
        heard = self._by_sound.get(sound_key(core), []) if len(core) >= 6 else []
        if len(heard) == 1:  # spelt by ear ("Incepshun"): only a single title that sounds the same
            return self._pick(self._by_core[heard[0]], year)
        return None

    @staticmethod
    def _pick(movies: list[Movie], year: int | None) -> Movie | None:
        if year is not None:
            movies = [m for m in movies if m.year is not None and abs(m.year - year) <= 1]
        if not movies:
            return None
        return max(movies, key=lambda m: (_year_tier(m.year, year), m.votes or 0, m.id))


def _year_tier(have: int | None, want: int | None) -> int:
    if want is None or have is None:
        return 0
    return 2 if have == want else 1 if abs(have - want) <= 1 else 0


def _tags_for(movie: Movie) -> frozenset[str]:
    tags = set(movie.genres)
    for genre in movie.genres:
        tags.update(GENRE_FAMILY.get(genre, ()))
    if movie.creative_type in CREATIVE_TAGS:
        tags.add(CREATIVE_TAGS[movie.creative_type])
    return frozenset(tags)


def _row_to_movie(row: dict, skipped: Counter) -> tuple[Movie, int | None, str | None] | None:
    title = clean_title(row.get("Title"))
    if title is None:
        skipped["missing_title"] += 1
        return None
    year = parse_year(row.get("Release Date"))
    if year is None:
        skipped["bad_release_date"] += 1
        return None
    genre = row.get("Major Genre")
    genres = [genre] if isinstance(genre, str) and genre.strip() else []
    director = row.get("Director")
    director = _fix_mojibake(director).strip() or None if isinstance(director, str) else None
    mpaa = row.get("MPAA Rating") if isinstance(row.get("MPAA Rating"), str) else None
    runtime = _number(row.get("Running Time min"))
    rating = _number(row.get("IMDB Rating"))
    votes = _number(row.get("IMDB Votes"))
    rt = _number(row.get("Rotten Tomatoes Rating"))
    creative = row.get("Creative Type") if isinstance(row.get("Creative Type"), str) else None
    runtime_i = int(runtime) if runtime and runtime > 0 else None
    rt_i = int(rt) if rt is not None else None
    movie = Movie(
        source="catalogue",
        id=f"{slugify(normalize_title(title))}-{year}",
        title=title,
        year=year,
        genres=genres,
        runtime=runtime_i,
        overview=build_overview(genres=genres, creative=creative, mpaa=mpaa, rt=rt_i),
        director=director,
        rating=rating if rating is not None and 0 < rating <= 10 else None,
        votes=int(votes) if votes is not None and votes >= 0 else None,
        mpaa=mpaa,
        creative_type=creative,
    )
    source = row.get("Source") if isinstance(row.get("Source"), str) else None
    return movie, rt_i, source


def build_catalogue(rows: list[dict]) -> Catalogue:
    """Normalize raw rows into a Catalogue (exact duplicates merged, ids made unique)."""
    skipped: Counter = Counter()
    seen: set[str] = set()
    used_ids: Counter = Counter()
    movies: list[Movie] = []
    rotten: dict[str, int | None] = {}
    story_source: dict[str, str] = {}
    merged = collisions = 0
    for row in rows:
        converted = _row_to_movie(row, skipped) if isinstance(row, dict) else None
        if converted is None:
            if not isinstance(row, dict):
                skipped["not_an_object"] += 1
            continue
        movie, rt, source = converted
        fingerprint = movie.model_dump_json(exclude={"id"})
        if fingerprint in seen:
            merged += 1
            continue
        seen.add(fingerprint)
        used_ids[movie.id] += 1
        if used_ids[movie.id] > 1:  # same title+year, different film data: suffix in file order
            collisions += 1
            movie = movie.model_copy(update={"id": f"{movie.id}-{used_ids[movie.id]}"})
        movies.append(movie)
        rotten[movie.id] = rt
        if source:
            story_source[movie.id] = source
    stats = {
        "rows_read": len(rows),
        "films_kept": len(movies),
        "skipped": dict(skipped),
        "duplicates_merged": merged,
        "id_collisions_suffixed": collisions,
    }
    movies, originals = english_titles(movies)
    suspect = suspects(movies)
    # A copied rating is not shown as the film's own (card, answers): the film keeps no rating or votes.
    movies = [
        m.model_copy(update={"rating": None, "votes": None}) if COPIED in suspect.get(m.id, "") else m for m in movies
    ]
    return Catalogue(
        movies=movies,
        rotten=rotten,
        story_source=story_source,
        original_title=originals,
        suspect=suspect,
        stats=stats,
    )


@lru_cache(maxsize=4)
def _load_cached(path: Path) -> Catalogue:
    with path.open(encoding="utf-8") as handle:
        return build_catalogue(json.load(handle))


_LOAD_LOCK = threading.Lock()


def load_catalogue(path: Path | None = None) -> Catalogue:
    """The catalogue from path (default: the bundled vega movies), cached per process."""
    # Rule handlers run in worker threads: two cold turns at once would each build it otherwise.
    with _LOAD_LOCK:
        return _load_cached(Path(path) if path else DATA_PATH)


class CatalogueSource:
    """MovieSource over the embedded catalogue."""

    name = "catalogue"

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue or load_catalogue()

    async def lookup(self, *, title: str, year: int | None) -> Movie | None:
        """Best confident catalogue match for a planned pick."""
        return self.catalogue.lookup(title, year)

    async def search(self, *, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """Catalogue films matching a title query, best first."""
        return self.catalogue.search(query, year=year, limit=limit)
