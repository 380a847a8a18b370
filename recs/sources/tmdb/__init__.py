"""TMDB integration: the client, its wire models and its cache (no Django imports)."""

from recs.sources.tmdb.cache import TmdbCache, TtlLruCache
from recs.sources.tmdb.client import MOVIE_GENRES, TmdbClient
from recs.sources.tmdb.models import (
    TmdbError,
    TmdbGenre,
    TmdbMovieDetails,
    TmdbSearchPage,
    TmdbSearchResult,
)

__all__ = [
    "MOVIE_GENRES",
    "TmdbCache",
    "TmdbClient",
    "TmdbError",
    "TmdbGenre",
    "TmdbMovieDetails",
    "TmdbSearchPage",
    "TmdbSearchResult",
    "TtlLruCache",
]
