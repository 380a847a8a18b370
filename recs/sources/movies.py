"""Movie records shared by every movie source (catalogue, TMDB) and the flows."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

SourceName = Literal["catalogue", "tmdb"]


# Cached: the offline planner folds the same 3,200 catalogue titles on every plan (allowed, cast, franchise).
@lru_cache(maxsize=65536)
def normalize_title(title: str) -> str:
    """Fold accents, case and punctuation: "Amélie!" and "amelie" compare equal."""
    text = unicodedata.normalize("NFKD", title or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ")
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return " ".join(text.split())


class Movie(BaseModel):
    """A resolved film, as shown on a pick card."""

    model_config = ConfigDict(frozen=True)

    source: SourceName
    id: str
    media_type: Literal["movie", "tv"] = "movie"
    title: str
    year: int | None = None
    genres: list[str] = Field(default_factory=list)
    runtime: int | None = None
    overview: str = ""
    poster_url: str | None = None
    director: str | None = None
    rating: float | None = None  # 0-10 (IMDB rating in the catalogue, vote average on TMDB)
    votes: int | None = None
    mpaa: str | None = None
    creative_type: str | None = None
    popularity: float | None = None

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
