"""The one TMDB client: JSON is parsed into pydantic models here, callers only see `Movie`.

No Django imports: recs.sources.active wires settings and Django's cache into `TmdbClient`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import time
from email.utils import parsedate_to_datetime
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from recs.sources.movies import Movie, current_lookup_deadline, current_lookup_rank, normalize_title
from recs.sources.tmdb.cache import TmdbCache, TtlLruCache, _maybe_await
from recs.sources.tmdb.gate import RequestGate
from recs.sources.tmdb.models import (
    TmdbError,
    TmdbMovieDetails,
    TmdbSearchPage,
    TmdbSearchResult,
)

logger = logging.getLogger(__name__)

_M = TypeVar("_M", bound=BaseModel)

FIND_TTL = 24 * 3600  # TMDB metadata changes slowly
MISS_TTL = 3600  # shorter: a film may be added, or the title was a typo worth retrying later
DETAILS_TTL = 24 * 3600

# TMDB's movie genre list (GET /3/genre/movie/list); stable, so search results need no extra call.
MOVIE_GENRES: dict[int, str] = {
    28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime",
    99: "Documentary", 18: "Drama", 10751: "Family", 14: "Fantasy", 36: "History",
    27: "Horror", 10402: "Music", 9648: "Mystery", 10749: "Romance",
    878: "Science Fiction", 10770: "TV Movie", 53: "Thriller", 10752: "War", 37: "Western",
}  # fmt: skip


class _ApiKeyTransport(httpx.AsyncBaseTransport):
    """Adds the v3 `api_key` parameter below httpx's logging.

    httpx logs every request URL at INFO; adding the key to a copy of the request here
    keeps it out of those logs, of `response.request` and of our own error messages.
    """

    def __init__(self, inner: httpx.AsyncBaseTransport, api_key: str):
        self._inner = inner
        self._api_key = api_key

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        signed = httpx.Request(
            request.method,
            request.url.copy_merge_params({"api_key": self._api_key}),
            headers=request.headers,
            stream=request.stream,
            extensions=request.extensions,
        )
        return await self._inner.handle_async_request(signed)

    async def aclose(self) -> None:
        await self._inner.aclose()


class TmdbClient:
    """Async TMDB client: search, details and `find_movie`, with retries, a concurrency cap and a cache."""

    retry_after_cap = 5.0  # seconds; a chat turn should not hang on a long Retry-After
    backoff = 0.25  # first 5xx/timeout backoff, doubled per attempt

    def __init__(
        self,
        api_key: str,
        *,
        base_url: str = "https://api.themoviedb.org",
        image_base_url: str = "https://image.tmdb.org/t/p/w342",
        timeout: float = 8.0,
        concurrency: int = 20,
        rate: float = 40.0,
        max_retries: int = 3,
        cache: TmdbCache | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ):
        api_key = (api_key or "").strip()
        if not api_key:
            raise ValueError("TmdbClient needs a TMDB API key or read access token")
        self._timeout = timeout
        self._max_retries = max(0, max_retries)
        self._image_base_url = image_base_url.rstrip("/")
        self._cache: TmdbCache = cache if cache is not None else TtlLruCache()
        # TMDB allows ~40-50 requests/s per IP: requests start at most `rate` a second and `concurrency` at
        # a time, first picks first, and a 429 pauses every request of this client until its Retry-After.
        self._gate = RequestGate(rate=max(rate, 1.0), concurrency=max(1, concurrency))
        # Lookups of one film running now (many users asked for the same one): the later ones wait for it.
        self._finding: dict[str, asyncio.Future] = {}
        # Keys depend on the servers, never on the credentials.
        digest = hashlib.sha256(f"{base_url}|{self._image_base_url}".encode()).hexdigest()
        self._namespace = f"tmdb:v1:{digest[:10]}"
        headers = {"Accept": "application/json"}
        inner = transport or httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=max(1, concurrency)))
        if api_key.startswith("eyJ"):  # a v4 read access token is a JWT
            headers["Authorization"] = f"Bearer {api_key}"
        else:
            inner = _ApiKeyTransport(inner, api_key)
        self._http = httpx.AsyncClient(
            base_url=base_url, headers=headers, timeout=httpx.Timeout(timeout), transport=inner
        )

    async def __aenter__(self) -> TmdbClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close pooled connections."""
        await self._http.aclose()

    # --- public API ---

    async def find_movie(self, title: str, year: int | None) -> Movie | None:
        """The film with this title (year within ±1), fully detailed, or None when no confident match."""
        wanted = normalize_title(title)
        if not wanted:
            return None
        key = self._key("find", str(year), hashlib.sha256(wanted.encode()).hexdigest()[:24])
        cached = await self._cache_get(key)
        if isinstance(cached, dict) and "movie" in cached:
            if cached["movie"] is None:
                return None
            try:
                return Movie.model_validate(cached["movie"])
            except ValidationError:
                pass  # stale shape from an older release: refetch
        finding = self._finding.get(key)
        if finding is None:
            # Its own task: a caller that stops waiting (its turn ended) does not cancel it for the others.
            finding = self._finding[key] = asyncio.ensure_future(self._find_uncached(key, wanted, title, year))
            finding.add_done_callback(lambda done: self._found(key, done))
        movie = await asyncio.shield(finding)
        return movie.model_copy(deep=True) if movie is not None else None

    def _found(self, key: str, done: asyncio.Future) -> None:
        if self._finding.get(key) is done:
            del self._finding[key]
        if not done.cancelled():
            done.exception()  # retrieved: a failure nobody waits for any more is not logged as lost

    async def _find_uncached(self, key: str, wanted: str, title: str, year: int | None) -> Movie | None:
        best = None
        if year is not None:
            best = _best_match(wanted, year, (await self._search_page(title, year)).results)
        if best is None:
            # The planner's year can be off by one, or TMDB dates the release differently.
            best = _best_match(wanted, year, (await self._search_page(title, None)).results)
        movie = await self._detailed(best) if best is not None else None
        payload = movie.model_dump(mode="json") if movie is not None else None
        await self._cache_set(key, {"movie": payload}, FIND_TTL if movie else MISS_TTL)
        return movie

    async def search(self, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """Films matching a title query in TMDB's relevance order, without a details call."""
        if not query.strip() or limit <= 0:
            return []
        page = await self._search_page(query, year)
        return [self._movie_from_result(result) for result in page.results[:limit]]

    async def movie_details(self, tmdb_id: int) -> TmdbMovieDetails:
        """GET /3/movie/{id}, cached by id."""
        key = self._key("movie", str(int(tmdb_id)))
        cached = await self._cache_get(key)
        if cached is not None:
            try:
                return TmdbMovieDetails.model_validate(cached)
            except ValidationError:
                pass
        data = await self._get_json(f"/3/movie/{int(tmdb_id)}", {})
        details = _parse(TmdbMovieDetails, data)
        await self._cache_set(key, details.model_dump(mode="json"), DETAILS_TTL)
        return details

    # --- mapping ---

    async def _detailed(self, result: TmdbSearchResult) -> Movie:
        try:
            details = await self.movie_details(result.id)
        except TmdbError as exc:
            if exc.status != 404:
                raise
            return self._movie_from_result(result)  # search index ahead of the details endpoint
        return Movie(
            source="tmdb",
            id=str(details.id),
            title=details.title or details.original_title or result.title,
            year=details.year or result.year,
            genres=[genre.name for genre in details.genres if genre.name],
            runtime=details.runtime or None,  # TMDB uses 0 for "unknown"
            overview=details.overview,
            poster_url=self._poster_url(details.poster_path),
            rating=_rating(details.vote_average, details.vote_count),
            votes=details.vote_count,
            popularity=details.popularity,
        )

    def _movie_from_result(self, result: TmdbSearchResult) -> Movie:
        return Movie(
            source="tmdb",
            id=str(result.id),
            title=result.title or result.original_title,
            year=result.year,
            genres=[MOVIE_GENRES[g] for g in result.genre_ids if g in MOVIE_GENRES],
            overview=result.overview,
            poster_url=self._poster_url(result.poster_path),
            rating=_rating(result.vote_average, result.vote_count),
            votes=result.vote_count,
            popularity=result.popularity,
        )

    def _poster_url(self, poster_path: str | None) -> str | None:
        if not poster_path:
            return None
        return f"{self._image_base_url}/{poster_path.lstrip('/')}"

    # --- HTTP ---

    async def _search_page(self, query: str, year: int | None) -> TmdbSearchPage:
        params = {"query": query, "include_adult": "false"}
        if year is not None:
            params["primary_release_year"] = str(year)
        return _parse(TmdbSearchPage, await self._get_json("/3/search/movie", params))

    async def _get_json(self, path: str, params: dict[str, str]) -> Any:
        # A turn's lookup deadline (when one is set) bounds every request and retry: a slow title
        # fails by then instead of holding the turn for TMDB_TIMEOUT x attempts.
        deadline = current_lookup_deadline()
        attempts = self._max_retries + 1
        for attempt in range(attempts):
            timeout = self._timeout if deadline is None else deadline.cap(self._timeout)
            if timeout <= 0:
                raise TmdbError(f"no time left to look up after {attempt} attempt(s)")
            try:
                self._check_pause(deadline)
                # Only the request itself holds a slot: backoff sleeps must not block other lookups.
                async with self._gate.slot(current_lookup_rank()):
                    response = await self._http.get(path, params=params, timeout=timeout)
                    if response.status_code == 429:  # paused before the place is handed on
                        pause = self._retry_after(response, attempt)
                        self._gate.pause_until(asyncio.get_running_loop().time() + pause)
            except httpx.TimeoutException:
                error = TmdbError(f"TMDB did not answer within {timeout:g}s")
                delay = self._backoff_delay(attempt)
            except httpx.TransportError as exc:
                error = TmdbError(f"Could not reach TMDB ({type(exc).__name__})")
                delay = self._backoff_delay(attempt)
            else:
                status = response.status_code
                if status == 200:
                    try:
                        return response.json()
                    except ValueError:
                        raise TmdbError("TMDB returned a response that is not JSON") from None
                if status == 429:
                    error = TmdbError("TMDB rate limit reached (HTTP 429)", status=429)
                    delay = pause
                elif status >= 500:
                    error = TmdbError(f"TMDB is unavailable (HTTP {status})", status=status)
                    delay = self._backoff_delay(attempt)
                else:
                    raise _client_error(response)
            out_of_time = deadline is not None and delay >= deadline.remaining()
            if attempt == attempts - 1 or out_of_time:
                raise TmdbError(f"{error} after {attempt + 1} attempt(s)", status=error.status)
            logger.warning("TMDB %s: %s; retry %d/%d in %.2fs", path, error, attempt + 1, self._max_retries, delay)
            await asyncio.sleep(delay)
        raise AssertionError("unreachable")

    def _check_pause(self, deadline) -> None:
        """Fail now a request that TMDB's back-off (a 429 seen by any lookup) would hold past its deadline."""
        wait = self._gate.paused_until - asyncio.get_running_loop().time()
        if wait > 0 and deadline is not None and wait >= deadline.remaining():
            raise TmdbError("TMDB rate limit reached (HTTP 429); no time left to wait it out", status=429)

    def _backoff_delay(self, attempt: int) -> float:
        # Jitter spreads retries of concurrent lookups.
        return self.backoff * (2**attempt) * (1 + random.random() / 2)

    def _retry_after(self, response: httpx.Response, attempt: int) -> float:
        raw = response.headers.get("Retry-After", "").strip()
        if not raw:
            return self._backoff_delay(attempt)
        try:
            seconds = float(raw)
        except ValueError:
            try:
                seconds = parsedate_to_datetime(raw).timestamp() - time.time()
            except (TypeError, ValueError):
                return self._backoff_delay(attempt)
        return min(max(seconds, 0.0), self.retry_after_cap)

    # --- cache ---

    def _key(self, *parts: str) -> str:
        return ":".join((self._namespace, *parts))

    async def _cache_get(self, key: str) -> Any:
        try:
            return await _maybe_await(self._cache.get(key))
        except Exception:  # a cache outage must not break lookups
            logger.warning("TMDB cache read failed for %s", key, exc_info=True)
            return None

    async def _cache_set(self, key: str, value: Any, ttl: float) -> None:
        try:
            await _maybe_await(self._cache.set(key, value, ttl))
        except Exception:
            logger.warning("TMDB cache write failed for %s", key, exc_info=True)


# --- helpers ---------------------------------------------------------------------


def _parse(model: type[_M], data: Any) -> _M:
    try:
        return model.model_validate(data)
    except ValidationError:
        raise TmdbError(f"TMDB returned an unexpected {model.__name__} payload") from None


def _client_error(response: httpx.Response) -> TmdbError:
    status = response.status_code
    if status == 401:
        return TmdbError("TMDB rejected the API key (HTTP 401): check TMDB_API_KEY", status=401)
    if status == 404:
        return TmdbError("TMDB has no such film (HTTP 404)", status=404)
    try:
        detail = str(response.json().get("status_message", ""))[:200]
    except (ValueError, AttributeError):
        detail = ""
    return TmdbError(f"TMDB refused the request (HTTP {status}) {detail}".strip(), status=status)


def _rating(vote_average: float | None, vote_count: int | None) -> float | None:
    # TMDB reports 0.0 for films nobody rated; that is "unknown", not "terrible".
    return vote_average if vote_count else None


def _title_rank(wanted: str, result: TmdbSearchResult) -> int | None:
    """0 for an equal normalized title, 1 when one contains the other as whole words, else None."""
    ranks = []
    for candidate in {normalize_title(result.title), normalize_title(result.original_title)}:
        if not candidate:
            continue
        if candidate == wanted:
            ranks.append(0)
        elif f" {wanted} " in f" {candidate} " or f" {candidate} " in f" {wanted} ":
            ranks.append(1)
    return min(ranks) if ranks else None


def _best_match(wanted: str, year: int | None, results: list[TmdbSearchResult]) -> TmdbSearchResult | None:
    """Closest title, then closest year (±1 at most), then most popular; None when nothing is confident."""
    best_key, best = None, None
    for result in results:
        rank = _title_rank(wanted, result)
        if rank is None:
            continue
        distance = 0
        if year is not None:
            if result.year is None or abs(result.year - year) > 1:
                continue
            distance = abs(result.year - year)
        key = (rank, distance, -result.popularity)
        if best_key is None or key < best_key:
            best_key, best = key, result
    return best
