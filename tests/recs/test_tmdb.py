"""TmdbClient against a local fake TMDB (real HTTP on 127.0.0.1, httpx not mocked)."""

import asyncio
import logging
import time

import pytest

from recs.sources.active import LookupFailed, TmdbSource
from recs.sources.movies import Movie
from recs.sources.tmdb import TmdbClient, TmdbError, TtlLruCache
from tests.fakes import tmdb_server

fake_tmdb = tmdb_server.fake_tmdb  # re-export the fixture (a plain import trips ruff F401/F811)


@pytest.fixture
async def client(fake_tmdb):
    tmdb = TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, image_base_url="https://img.test/w342")
    tmdb.backoff = 0.01  # keep retry tests fast
    async with tmdb:
        yield tmdb


async def test_it_maps_search_and_details_into_a_movie(client, fake_tmdb):
    movie = await client.find_movie("Se7en", 1995)

    assert movie == Movie(
        source="tmdb",
        id="807",
        title="Se7en",
        year=1995,
        genres=["Crime", "Mystery", "Thriller"],
        runtime=127,
        overview="Overview of Se7en.",
        poster_url="https://img.test/w342/se7en.jpg",
        rating=8.4,
        votes=21000,
        popularity=55.1,
    )
    assert fake_tmdb.paths == ["/3/search/movie", "/3/movie/807"]
    search = fake_tmdb.requests[0].query
    assert search["query"] == "Se7en"
    assert search["primary_release_year"] == "1995"
    assert search["include_adult"] == "false"


async def test_it_maps_search_results_without_details(client, fake_tmdb):
    movies = await client.search("matrix", limit=1)

    assert [m.title for m in movies] == ["The Matrix"]
    assert movies[0].genres == ["Action", "Science Fiction"]  # from the static genre table
    assert movies[0].runtime is None
    assert movies[0].poster_url == "https://img.test/w342/the-matrix.jpg"
    assert fake_tmdb.paths == ["/3/search/movie"]
    assert "primary_release_year" not in fake_tmdb.requests[0].query


async def test_it_filters_search_by_year(client):
    movies = await client.search("heat", year=1986)

    assert [(m.id, m.year) for m in movies] == [("31943", 1986)]


async def test_it_tolerates_missing_dates_and_nulls(client):
    movies = await client.search("untitled project")

    assert movies[0].year is None
    assert movies[0].poster_url is None
    assert movies[0].rating is None  # 0 votes: unknown, not "0/10"


async def test_it_prefers_the_exact_title_over_a_more_popular_partial_match(client):
    movie = await client.find_movie("Heat", None)

    assert movie is not None and (movie.id, movie.year) == ("949", 1995)  # not "The Heat" (2013)


async def test_it_accepts_a_year_off_by_one(client, fake_tmdb):
    movie = await client.find_movie("Heat", 1996)

    assert movie is not None and movie.id == "949"
    # The year-filtered search found nothing, so the client searched again without the year.
    assert [r.query.get("primary_release_year") for r in fake_tmdb.requests[:2]] == ["1996", None]


async def test_it_picks_the_most_popular_when_title_and_year_tie(client):
    movie = await client.find_movie("The Thing", None)

    assert movie is not None and (movie.id, movie.year) == ("1091", 1982)


@pytest.mark.parametrize(
    ("year", "expected"),
    [(1982, "1091"), (2011, "60935"), (1951, "10785"), (1983, "1091")],
)
async def test_it_picks_the_remake_from_the_right_year(client, year, expected):
    movie = await client.find_movie("The Thing", year)

    assert movie is not None and movie.id == expected


@pytest.mark.parametrize(("title", "year"), [("Heat", 2005), ("Zzyzx Road", 2006), ("Alien", 1986), ("", 1999)])
async def test_it_returns_none_without_a_confident_match(client, title, year):
    assert await client.find_movie(title, year) is None


async def test_it_sends_a_v3_key_as_the_api_key_parameter(client, fake_tmdb):
    await client.search("alien")

    request = fake_tmdb.requests[0]
    assert request.query["api_key"] == fake_tmdb.api_key
    assert "authorization" not in request.headers


async def test_it_sends_a_v4_token_as_a_bearer_header(fake_tmdb):
    async with TmdbClient(fake_tmdb.read_token, base_url=fake_tmdb.base_url) as tmdb:
        movies = await tmdb.search("alien")

    assert movies[0].id == "348"
    request = fake_tmdb.requests[0]
    assert request.headers["authorization"] == f"Bearer {fake_tmdb.read_token}"
    assert "api_key" not in request.query


async def test_it_reports_a_wrong_key_plainly(fake_tmdb):
    async with TmdbClient("not-the-key", base_url=fake_tmdb.base_url) as tmdb:
        with pytest.raises(TmdbError) as caught:
            await tmdb.find_movie("Heat", 1995)

    assert caught.value.status == 401
    assert "rejected the API key" in str(caught.value)
    assert "not-the-key" not in str(caught.value)
    assert len(fake_tmdb.requests) == 1  # a 401 is not retried


async def test_it_waits_for_retry_after_on_429_then_succeeds(client, fake_tmdb):
    fake_tmdb.fail_next(429, headers={"Retry-After": "0.3"})
    started = time.monotonic()

    movies = await client.search("alien")

    assert time.monotonic() - started >= 0.3
    assert movies[0].id == "348"
    assert len(fake_tmdb.requests) == 2


async def test_it_caps_a_long_retry_after(client, fake_tmdb):
    client.retry_after_cap = 0.2
    fake_tmdb.fail_next(429, headers={"Retry-After": "120"})
    started = time.monotonic()

    await client.search("alien")

    assert time.monotonic() - started < 2


async def test_it_retries_server_errors(client, fake_tmdb):
    fake_tmdb.fail_next(503, times=2)

    assert (await client.search("alien"))[0].id == "348"
    assert len(fake_tmdb.requests) == 3


async def test_it_gives_up_on_server_errors_after_max_retries(client, fake_tmdb):
    fake_tmdb.fail_next(500, times=10)

    with pytest.raises(TmdbError) as caught:
        await client.search("alien")

    assert caught.value.status == 500
    assert "unavailable" in str(caught.value)
    assert len(fake_tmdb.requests) == 4  # 1 + max_retries=3


async def test_it_raises_tmdb_error_on_timeout(fake_tmdb):
    fake_tmdb.delay(1.0)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, timeout=0.2, max_retries=1) as tmdb:
        tmdb.backoff = 0.01
        with pytest.raises(TmdbError, match="did not answer within 0.2s"):
            await tmdb.find_movie("Heat", 1995)

    assert len(fake_tmdb.requests) == 2


async def test_it_caps_requests_in_flight(fake_tmdb):
    fake_tmdb.delay(0.15)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, concurrency=2) as tmdb:
        await asyncio.gather(*(tmdb.search(q) for q in ["heat", "alien", "matrix", "thing", "se7en", "aliens"]))

    assert len(fake_tmdb.requests) == 6
    assert fake_tmdb.max_in_flight == 2


async def test_it_serves_a_repeated_lookup_from_the_cache(client, fake_tmdb):
    first = await client.find_movie("The Matrix", 1999)
    count = len(fake_tmdb.requests)

    second = await client.find_movie("the matrix!", 1999)  # same normalized title

    assert second == first
    assert len(fake_tmdb.requests) == count


async def test_it_caches_a_miss_too(client, fake_tmdb):
    assert await client.find_movie("Zzyzx Road", 2006) is None
    count = len(fake_tmdb.requests)

    assert await client.find_movie("Zzyzx Road", 2006) is None
    assert len(fake_tmdb.requests) == count


async def test_it_shares_details_across_titles_of_the_same_film(client, fake_tmdb):
    await client.find_movie("The Matrix", 1999)

    await client.find_movie("Matrix", 1999)  # a different find key, same film

    assert fake_tmdb.paths.count("/3/movie/603") == 1


@pytest.mark.parametrize("credential", ["api_key", "read_token"])
async def test_it_keeps_the_key_out_of_cache_keys_and_logs(fake_tmdb, caplog, credential):
    class RecordingCache(TtlLruCache):
        def __init__(self):
            super().__init__()
            self.keys = []

        async def set(self, key, value, ttl):
            self.keys.append(key)
            await super().set(key, value, ttl)

    cache = RecordingCache()
    fake_tmdb.fail_next(500)
    caplog.set_level(logging.DEBUG)
    secret = getattr(fake_tmdb, credential)
    async with TmdbClient(secret, base_url=fake_tmdb.base_url, cache=cache) as tmdb:
        tmdb.backoff = 0.01
        assert await tmdb.find_movie("Alien", 1979) is not None

    assert cache.keys and not any(secret in key for key in cache.keys)
    assert any("HTTP Request" in r.getMessage() for r in caplog.records)  # httpx did log the URLs
    assert any("retry" in r.getMessage() for r in caplog.records)
    assert secret not in caplog.text
    assert all(secret not in r.getMessage() for r in caplog.records)


async def test_it_accepts_a_sync_cache():
    class DictCache:
        def __init__(self):
            self.data = {}

        def get(self, key):
            return self.data.get(key)

        def set(self, key, value, ttl):
            self.data[key] = value

    cache = DictCache()
    async with TmdbClient("k", base_url="http://127.0.0.1:9", cache=cache) as tmdb:
        key = tmdb._key("find", "1999", "x")
        cache.set(key, {"movie": None}, 60)
        assert await tmdb._cache_get(key) == {"movie": None}


async def test_it_reports_a_body_that_is_not_json_as_a_clear_upstream_failure(client, fake_tmdb):
    fake_tmdb.answer_not_json_next()

    with pytest.raises(TmdbError, match="not JSON"):
        await client.find_movie("Heat", 1995)
    # Nothing wrong was cached: once TMDB answers properly, the same lookup succeeds.
    assert (await client.find_movie("Heat", 1995)).id == "949"


async def test_it_reads_a_non_json_error_page_by_its_status(client, fake_tmdb):
    fake_tmdb.answer_not_json_next(status=502, times=4)
    with pytest.raises(TmdbError, match=r"unavailable \(HTTP 502\)"):
        await client.search("alien")
    assert len(fake_tmdb.requests) == 4  # retried like any 5xx
    fake_tmdb.answer_not_json_next(status=400)
    with pytest.raises(TmdbError, match=r"refused the request \(HTTP 400\)"):
        await client.search("alien")


async def test_it_turns_a_non_json_body_into_a_failed_lookup_for_the_flow(client, fake_tmdb):
    # The flow drops the pick with this reason ("lookup failed: …") instead of crashing the turn.
    source = TmdbSource(client)
    fake_tmdb.answer_not_json_next()
    with pytest.raises(LookupFailed, match="TMDB unavailable: TMDB returned a response that is not JSON"):
        await source.lookup(title="Heat", year=1995)
    fake_tmdb.answer_not_json_next()
    with pytest.raises(LookupFailed, match="not JSON"):
        await source.search(query="alien")


async def test_it_starts_at_most_rate_requests_a_second(fake_tmdb):
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, rate=5) as tmdb:
        queries = ["heat", "alien", "matrix", "thing", "se7en", "aliens", "the heat", "reloaded", "untitled", "other"]
        await asyncio.gather(*(tmdb.search(q) for q in queries))

    arrivals = sorted(r.at for r in fake_tmdb.requests)
    assert len(arrivals) == 10
    # A leaky bucket of 5 a second: 5 may start at once, the next 5 drip out over the following second.
    assert arrivals[-1] - arrivals[0] >= 0.8
    assert sum(1 for t in arrivals if t < arrivals[0] + 0.1) <= 5


async def test_it_pauses_every_lookup_when_tmdb_answers_429(fake_tmdb):
    fake_tmdb.fail_next(429, headers={"Retry-After": "0.4"})
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, concurrency=1) as tmdb:
        await asyncio.gather(tmdb.search("alien"), tmdb.search("heat"), tmdb.search("matrix"))

    refused_at = fake_tmdb.requests[0].at
    later = [r.at for r in fake_tmdb.requests[1:]]
    assert len(later) == 3  # the refused one again, and the two others
    assert min(later) - refused_at >= 0.35  # nobody knocked again before Retry-After passed


def test_it_reads_a_release_date_that_does_not_start_with_ascii_digits_as_no_year():
    # TMDB's data is untrusted too: "²" passed str.isdigit() and then failed int() inside the lookup.
    from recs.sources.tmdb.models import TmdbSearchResult

    years = [TmdbSearchResult(id=1, release_date=date).year for date in ("²²²²-01-01", "١٩٩٥-01-01", "1995-07-19", "")]
    assert years == [None, None, 1995, None]


@pytest.mark.parametrize("tmdb_id", [10**70, 0, -5])
def test_it_refuses_a_film_id_that_is_no_database_id_as_an_unexpected_payload(tmdb_id):
    # A 71-digit id became a 71-character movie id, past the 64 its columns hold (PostgreSQL refused the write of
    # the pick: a 500 mid-turn); such a payload is TMDB answering unexpectedly, and the lookup fails plainly.
    from pydantic import ValidationError

    from recs.sources.tmdb.models import TmdbMovieDetails, TmdbSearchPage

    with pytest.raises(ValidationError):
        TmdbSearchPage.model_validate({"results": [{"id": tmdb_id, "title": "Heat"}]})
    with pytest.raises(ValidationError):
        TmdbMovieDetails.model_validate({"id": tmdb_id, "title": "Heat"})
    assert TmdbSearchPage.model_validate({"results": [{"id": 2**63 - 1, "title": "Heat"}]}).results[0].id == 2**63 - 1
