"""TMDB's wire format, parsed at the edge: nothing past the client sees raw JSON."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class TmdbError(Exception):
    """TMDB could not answer; the message is plain and never contains the key."""

    def __init__(self, message: str, *, status: int | None = None):
        super().__init__(message)
        self.status = status


# --- wire models ---------------------------------------------------------------


class _TmdbModel(BaseModel):
    model_config = ConfigDict(extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _drop_nulls(cls, data: Any) -> Any:
        # TMDB sends null for unknown values; dropping them lets the field defaults apply.
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if v is not None}
        return data


# A film's id as TMDB numbers them, and as our columns hold it (movie_id: at most 64 characters): a bigint.
TmdbId = Annotated[int, Field(ge=1, le=2**63 - 1)]


class _Dated(_TmdbModel):
    release_date: str = ""  # "YYYY-MM-DD", or "" when TMDB has no date

    @property
    def year(self) -> int | None:
        """Release year, or None when TMDB has no date."""
        head = self.release_date[:4]
        # ASCII digits only: "²" passes str.isdigit() but not int() (TMDB's data is as untrusted as any input).
        return int(head) if head.isascii() and head.isdigit() else None


class TmdbSearchResult(_Dated):
    """One row of GET /3/search/movie."""

    id: TmdbId
    title: str = ""
    original_title: str = ""
    popularity: float = 0.0
    vote_average: float | None = None
    vote_count: int | None = None
    poster_path: str | None = None
    overview: str = ""
    genre_ids: list[int] = Field(default_factory=list)


class TmdbSearchPage(_TmdbModel):
    """GET /3/search/movie."""

    results: list[TmdbSearchResult] = Field(default_factory=list)
    page: int = 1
    total_results: int = 0


class TmdbGenre(_TmdbModel):
    id: int
    name: str = ""


class TmdbMovieDetails(_Dated):
    """GET /3/movie/{id}."""

    id: TmdbId
    title: str = ""
    original_title: str = ""
    runtime: int | None = None
    genres: list[TmdbGenre] = Field(default_factory=list)
    overview: str = ""
    tagline: str = ""
    poster_path: str | None = None
    vote_average: float | None = None
    vote_count: int | None = None
    popularity: float = 0.0
    imdb_id: str | None = None
    original_language: str = ""
    status: str = ""
