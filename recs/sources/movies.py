"""Movie records shared by every movie source (catalogue, TMDB) and the flows."""

from __future__ import annotations

import contextlib
import re
import time
import unicodedata
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from typing import Annotated, Literal, Protocol

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from chatapp.planner.deadline import Deadline
from chatapp.planner.untrusted import storable

SourceName = Literal["catalogue", "tmdb"]

# The deadline of the lookups running in this context (a turn's LOOKUP_BUDGET): a source that
# waits on the network bounds each request and retry by it. Tasks inherit it when created inside.
_LOOKUP_DEADLINE: ContextVar[Deadline | None] = ContextVar("lookup_deadline", default=None)


@contextlib.contextmanager
def lookup_deadline(deadline: Deadline) -> Iterator[Deadline]:
    """Lookups started (and tasks created) inside this block end by `deadline`."""
    token = _LOOKUP_DEADLINE.set(deadline)
    try:
        yield deadline
    finally:
        _LOOKUP_DEADLINE.reset(token)


def current_lookup_deadline() -> Deadline | None:
    """The deadline of the lookups running in this context, if any."""
    return _LOOKUP_DEADLINE.get()


# How urgent the lookups in this context are: (rank, since). A turn's first pick is rank 0, its
# second rank 1...: under load a source serves everyone's first card before anyone's third.
_LOOKUP_RANK: ContextVar[tuple[int, float] | None] = ContextVar("lookup_rank", default=None)


@contextlib.contextmanager
def lookup_rank(rank: int) -> Iterator[tuple[int, float]]:
    """Lookups started inside this block (a pick's) have this rank, and queue from now on."""
    token = _LOOKUP_RANK.set(priority := (rank, time.monotonic()))
    try:
        yield priority
    finally:
        _LOOKUP_RANK.reset(token)


def current_lookup_rank() -> tuple[int, float]:
    """The (rank, since) of the lookups in this context; rank 0 from now outside any pick."""
    return _LOOKUP_RANK.get() or (0, time.monotonic())


# Cached: the offline planner folds the same 3,200 catalogue titles on every plan (allowed, cast, franchise).
@lru_cache(maxsize=65536)
def normalize_title(title: str) -> str:
    """Fold accents, case and punctuation: "Amélie!" and "amelie" compare equal."""
    text = unicodedata.normalize("NFKD", title or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ")
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return " ".join(text.split())


# A source's data is untrusted (TMDB's as much as any input): a title or a director is kept to what the columns
# that store it hold (recs.models: `title` 300, `director` 200), never refused by the database mid-turn.
TITLE_MAX_CHARS = 300
DIRECTOR_MAX_CHARS = 200


def _cut(limit: int):
    return AfterValidator(lambda value: value[:limit] if isinstance(value, str) else value)


def _storable(value: object) -> object:
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, list):
        return [storable(v) if isinstance(v, str) else v for v in value]
    return value


class Movie(BaseModel):
    """A resolved film, as shown on a pick card."""

    model_config = ConfigDict(frozen=True)

    source: SourceName
    id: str
    media_type: Literal["movie", "tv"] = "movie"
    title: Annotated[str, _cut(TITLE_MAX_CHARS)]
    year: int | None = None
    genres: list[str] = Field(default_factory=list)
    runtime: int | None = None
    overview: str = ""
    poster_url: str | None = None
    director: Annotated[str | None, _cut(DIRECTOR_MAX_CHARS)] = None
    rating: float | None = None  # 0-10 (IMDB rating in the catalogue, vote average on TMDB)
    votes: int | None = None
    mpaa: str | None = None
    creative_type: str | None = None
    popularity: float | None = None

    @model_validator(mode="before")
    @classmethod
    def _storable_strings(cls, data: object) -> object:
        # A source's JSON may spell a NUL or a lone surrogate in any string; PostgreSQL stores neither.
        if isinstance(data, dict):
            return {k: _storable(v) for k, v in data.items()}
        return data

    @property
    def key(self) -> tuple[str, str]:
        """The identity used for de-duplication."""
        return (self.source, self.id)

    @property
    def title_key(self) -> tuple[str, int | None]:
        """Backup identity: normalized title + year."""
        return (normalize_title(self.title), self.year)


class BlockedItem(BaseModel):
    """A film the planner must not recommend (watchlist, seen, already recommended)."""

    source: SourceName = "catalogue"
    id: str
    media_type: Literal["movie", "tv"] = "movie"
    title: str
    year: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.source, self.id)

    @property
    def title_key(self) -> tuple[str, int | None]:
        return (normalize_title(self.title), self.year)


class MovieSource(Protocol):
    """Where picks are resolved: the embedded catalogue or TMDB."""

    name: SourceName

    async def lookup(self, *, title: str, year: int | None) -> Movie | None:
        """Best match for a planned pick, or None when nothing fits."""
        ...

    async def search(self, *, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """Films matching a free-text title query, best first."""
        ...


# Spellings by ear that no edit distance forgives ("Incepshun" is three edits from "Inception").
_SOUNDS = ((r"(?:ti|si|ssi|sh|ch)(?:o|u|a|e)n\b", "shn"), (r"ph", "f"), (r"ck|q", "k"), (r"(\w)\1+", r"\1"))


def sound_key(core: str) -> str:
    """A normalized title folded the way it sounds: "incepshun" and "inception" share "incepshn"."""
    for pattern, replacement in _SOUNDS:
        core = re.sub(pattern, replacement, core)
    return core
