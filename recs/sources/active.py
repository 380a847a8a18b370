"""Choose the movie source (embedded catalogue or TMDB) from settings."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncGenerator, Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

from recs.sources.catalogue import CatalogueSource, load_catalogue
from recs.sources.movies import Movie, MovieSource, SourceName
from recs.sources.tmdb import TmdbClient, TmdbError

logger = logging.getLogger(__name__)


class LookupFailed(Exception):
    """The movie source could not answer (upstream down, rate limited, bad key), as opposed to "not found".

    `str(exc)` / `exc.reason` is a short plain reason such as "TMDB unavailable: ...".
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class DjangoTmdbCache:
    """Django's cache behind the TMDB client's cache protocol (values are JSON-able dicts)."""

    def __init__(self, cache: Any | None = None):
        if cache is None:
            from django.core.cache import cache as default_cache

            cache = default_cache
        self._cache = cache

    async def get(self, key: str) -> Any:
        """The cached value or None."""
        return await self._cache.aget(key)

    async def set(self, key: str, value: Any, ttl: float) -> None:
        """Store for ttl seconds."""
        await self._cache.aset(key, value, timeout=max(1, int(ttl)))


class TmdbSource:
    """MovieSource over TMDB.

    `lookup` returns None when TMDB has no confident match and raises `LookupFailed` when
    TMDB itself failed (timeout, 5xx after retries, 429, wrong key), so the flow can tell
    "TMDB unavailable" from "not found". `search` raises `LookupFailed` the same way.

    An httpx.AsyncClient (its connection pool) and an asyncio.Semaphore belong to the event
    loop they were first used on; reusing them from another loop (async_to_sync in a sync
    view, a management command's asyncio.run, each pytest-asyncio test) fails. Given a
    factory, the source therefore keeps one TmdbClient per running loop, created lazily:
    daphne's single loop reuses one pooled client for the life of the process. Each client
    is closed when its loop shuts down (see `_close_with_loop`), and the cache is shared
    across them (the factory passes Django's cache), so per-loop clients cost no hit rate.
    A short-lived client per call would also be loop-safe but pays a TLS handshake on
    every lookup and could not share one concurrency cap across a turn's lookups.
    """

    name: SourceName = "tmdb"

    def __init__(self, client: TmdbClient | Callable[[], TmdbClient]):
        # A ready TmdbClient is used as-is (the caller keeps it on one loop, e.g. in tests).
        self._fixed = client if isinstance(client, TmdbClient) else None
        self._factory = None if isinstance(client, TmdbClient) else client
        self._clients: dict[asyncio.AbstractEventLoop, tuple[TmdbClient, AsyncGenerator]] = {}
        self._lock = threading.Lock()  # loops may run in several threads (async_to_sync)

    async def client(self) -> TmdbClient:
        """The TmdbClient for the running event loop."""
        if self._fixed is not None:
            return self._fixed
        loop = asyncio.get_running_loop()
        with self._lock:
            # Loops closed without shutdown_asyncgens() leave entries behind; drop them.
            for old in [old for old in self._clients if old.is_closed()]:
                del self._clients[old]
            entry = self._clients.get(loop)
            if entry is not None:
                return entry[0]
            client = self._factory()
            closer = self._close_with_loop(loop, client)
            self._clients[loop] = (client, closer)
        await closer.__anext__()  # first iteration registers it with the loop's asyncgen hooks
        return client

    async def _close_with_loop(self, loop: asyncio.AbstractEventLoop, client: TmdbClient):
        # asyncio.run() (also behind async_to_sync) and pytest-asyncio's runner call
        # loop.shutdown_asyncgens() before closing a loop, which runs this finally block on
        # the still-running loop: the only reliable hook to close a loop-bound client.
        try:
            yield
        finally:
            with self._lock:
                if self._clients.get(loop, (None,))[0] is client:
                    del self._clients[loop]
            await client.aclose()

    async def lookup(self, *, title: str, year: int | None) -> Movie | None:
        """Best TMDB match for a planned pick; None when not found, LookupFailed when TMDB failed."""
        try:
            return await (await self.client()).find_movie(title, year)
        except TmdbError as exc:
            logger.warning("TMDB lookup failed for %r (%s): %s", title, year, exc)
            raise LookupFailed(f"TMDB unavailable: {exc}") from exc

    async def search(self, *, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """TMDB films matching a title query; LookupFailed when TMDB failed."""
        try:
            return await (await self.client()).search(query, year=year, limit=limit)
        except TmdbError as exc:
            logger.warning("TMDB search failed for %r: %s", query, exc)
            raise LookupFailed(f"TMDB unavailable: {exc}") from exc

    async def aclose(self) -> None:
        """Close the running loop's client (or the fixed one)."""
        if self._fixed is not None:
            await self._fixed.aclose()
            return
        with self._lock:
            entry = self._clients.pop(asyncio.get_running_loop(), None)
        if entry is not None:
            await entry[1].aclose()  # runs the closer's finally: closes the client


def build_tmdb_source() -> TmdbSource:
    """A TmdbSource configured from the TMDB_* settings, caching in Django's cache."""
    api_key = getattr(settings, "TMDB_API_KEY", "")
    if not api_key:
        raise ImproperlyConfigured("The TMDB movie source needs TMDB_API_KEY")
    cache = DjangoTmdbCache()

    def make_client() -> TmdbClient:
        return TmdbClient(
            api_key,
            base_url=getattr(settings, "TMDB_BASE_URL", "https://api.themoviedb.org"),
            image_base_url=getattr(settings, "TMDB_IMAGE_BASE_URL", "https://image.tmdb.org/t/p/w342"),
            timeout=getattr(settings, "TMDB_TIMEOUT", 8.0),
            concurrency=getattr(settings, "TMDB_CONCURRENCY", 20),
            rate=getattr(settings, "TMDB_RATE", 40.0),
            cache=cache,
        )

    return TmdbSource(make_client)


def _build_movie_source() -> MovieSource:
    choice = getattr(settings, "MOVIE_SOURCE", "auto")
    if choice not in ("auto", "catalogue", "tmdb"):
        raise ImproperlyConfigured(f"MOVIE_SOURCE must be auto, catalogue or tmdb, got {choice!r}")
    if choice == "tmdb" or (choice == "auto" and getattr(settings, "TMDB_API_KEY", "")):
        return build_tmdb_source()
    return CatalogueSource(load_catalogue())


_source: MovieSource | None = None
_source_lock = threading.Lock()


def get_movie_source() -> MovieSource:
    """The process-wide movie source chosen by settings.MOVIE_SOURCE."""
    global _source
    with _source_lock:
        if _source is None:
            _source = _build_movie_source()
        return _source


def reset_movie_source() -> None:
    """Forget the cached source so the next call re-reads settings (tests)."""
    global _source
    with _source_lock:
        _source = None


def _on_setting_changed(*, setting: str, **kwargs: object) -> None:
    # override_settings / pytest-django's `settings` fixture would otherwise keep a stale source.
    if setting == "MOVIE_SOURCE" or setting.startswith("TMDB_"):
        reset_movie_source()


setting_changed.connect(_on_setting_changed, dispatch_uid="recs.sources.active.reset_movie_source")
