"""Movie source selection and TmdbSource, against the local fake TMDB."""

import asyncio
import threading

import pytest
from django.core.exceptions import ImproperlyConfigured

from recs.sources.active import (
    DjangoTmdbCache,
    LookupFailed,
    TmdbSource,
    get_movie_source,
    reset_movie_source,
)
from recs.sources.tmdb import TmdbClient
from tests.fakes import tmdb_server

fake_tmdb = tmdb_server.fake_tmdb  # re-export the fixture (a plain import trips ruff F401/F811)


@pytest.fixture(autouse=True)
def fresh_source():
    reset_movie_source()
    yield
    reset_movie_source()


@pytest.fixture
def tmdb_settings(settings, fake_tmdb):
    settings.MOVIE_SOURCE = "auto"
    settings.TMDB_API_KEY = fake_tmdb.api_key
    settings.TMDB_BASE_URL = fake_tmdb.base_url
    settings.TMDB_IMAGE_BASE_URL = "https://img.test/w342"
    settings.TMDB_TIMEOUT = 2.0
    settings.TMDB_CONCURRENCY = 2
    return settings


def test_it_chooses_the_catalogue_without_a_key(settings):
    from recs.sources.catalogue import CatalogueSource

    settings.MOVIE_SOURCE = "auto"
    settings.TMDB_API_KEY = ""

    source = get_movie_source()

    assert isinstance(source, CatalogueSource)
    assert source.name == "catalogue"


def test_it_chooses_tmdb_with_a_key(tmdb_settings):
    source = get_movie_source()

    assert isinstance(source, TmdbSource)
    assert source.name == "tmdb"


def test_it_honours_an_explicit_catalogue_choice(settings):
    settings.MOVIE_SOURCE = "catalogue"
    settings.TMDB_API_KEY = "some-key"

    assert get_movie_source().name == "catalogue"


def test_it_refuses_tmdb_without_a_key(settings):
    settings.MOVIE_SOURCE = "tmdb"
    settings.TMDB_API_KEY = ""

    with pytest.raises(ImproperlyConfigured, match="TMDB_API_KEY"):
        get_movie_source()


def test_it_caches_the_source_per_process(settings):
    settings.MOVIE_SOURCE = "catalogue"

    assert get_movie_source() is get_movie_source()
    first = get_movie_source()
    reset_movie_source()
    assert get_movie_source() is not first


def test_it_rebuilds_the_source_when_settings_change(settings, fake_tmdb):
    settings.MOVIE_SOURCE = "auto"
    settings.TMDB_API_KEY = ""
    assert get_movie_source().name == "catalogue"

    settings.TMDB_API_KEY = fake_tmdb.api_key

    assert get_movie_source().name == "tmdb"


async def test_it_looks_up_through_settings_and_the_django_cache(tmdb_settings, fake_tmdb):
    source = get_movie_source()
    try:
        movie = await source.lookup(title="Alien", year=1979)
        again = await source.lookup(title="Alien", year=1979)
    finally:
        await source.aclose()

    assert movie is not None and (movie.source, movie.id, movie.year) == ("tmdb", "348", 1979)
    assert movie.poster_url == "https://img.test/w342/alien.jpg"
    assert again == movie
    assert fake_tmdb.paths == ["/3/search/movie", "/3/movie/348"]  # the repeat came from the cache


async def test_it_returns_none_when_tmdb_has_no_match(fake_tmdb):
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url) as client:
        assert await TmdbSource(client).lookup(title="Zzyzx Road", year=2006) is None


async def test_it_raises_lookup_failed_when_tmdb_fails(fake_tmdb, caplog):
    fake_tmdb.fail_next(503, times=10)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, max_retries=1) as client:
        client.backoff = 0.01
        source = TmdbSource(client)
        with pytest.raises(LookupFailed) as caught:
            await source.lookup(title="Heat", year=1995)
        with pytest.raises(LookupFailed):
            await source.search(query="Heat")

    assert str(caught.value).startswith("TMDB unavailable")
    assert "503" in caught.value.reason
    assert "TMDB lookup failed" in caplog.text
    assert fake_tmdb.api_key not in caplog.text


async def test_it_reports_a_wrong_key_as_lookup_failed(fake_tmdb):
    async with TmdbClient("wrong-key", base_url=fake_tmdb.base_url) as client:
        with pytest.raises(LookupFailed, match="rejected the API key"):
            await TmdbSource(client).lookup(title="Heat", year=1995)


async def test_it_searches_through_the_source(fake_tmdb):
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url) as client:
        movies = await TmdbSource(client).search(query="the thing", year=1982, limit=3)

    assert [(m.id, m.year) for m in movies] == [("1091", 1982)]


def test_it_works_from_several_event_loops(tmdb_settings, fake_tmdb):
    source = get_movie_source()
    results, clients = [], []

    async def lookup(title, year):
        clients.append(await source.client())
        results.append(await source.lookup(title=title, year=year))

    # Each asyncio.run is a new loop, as with async_to_sync; a second thread runs yet another.
    asyncio.run(lookup("Heat", 1995))
    thread = threading.Thread(target=asyncio.run, args=(lookup("The Matrix", 1999),))
    thread.start()
    thread.join()
    asyncio.run(lookup("Se7en", 1995))

    assert [m.id for m in results] == ["949", "603", "807"]
    assert len({id(c) for c in clients}) == 3  # one client per loop...
    assert all(c._http.is_closed for c in clients)  # ...closed when its loop shut down
    assert source._clients == {}


async def test_it_adapts_the_django_cache():
    cache = DjangoTmdbCache()

    await cache.set("tmdb:test:key", {"movie": None}, 30)

    assert await cache.get("tmdb:test:key") == {"movie": None}
    assert await cache.get("tmdb:test:missing") is None
