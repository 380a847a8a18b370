"""TmdbClient under many users at once: TMDB's rate limit, first picks first, one lookup per film."""

import asyncio

import httpx
import pytest

from recs.sources.movies import lookup_rank
from recs.sources.tmdb import TmdbClient, TmdbError
from tests.fakes import tmdb_server

fake_tmdb = tmdb_server.fake_tmdb  # re-export the fixture (a plain import trips ruff F401/F811)

QUERIES = ["heat", "alien", "matrix", "thing", "se7en", "aliens", "the heat", "reloaded", "untitled", "other"]


async def _until_requests(fake, n: int) -> None:
    while len(fake.requests) < n:
        await asyncio.sleep(0.01)


async def test_it_stays_under_tmdbs_limit_in_every_second(fake_tmdb):
    # TMDB refuses what goes over its limit in any one second; a client allowed 20/s must never trip a limit of 24.
    fake_tmdb.rate_limit(24)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, rate=20, max_retries=0) as tmdb:
        found = await asyncio.gather(*(tmdb.search(q) for q in QUERIES * 4))

    assert len(found) == 40
    assert fake_tmdb.rate_limited == 0
    assert len(fake_tmdb.requests) == 40


async def test_it_starts_first_picks_before_later_ones(fake_tmdb):
    fake_tmdb.delay_title("heat", 0.3)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, concurrency=1) as tmdb:
        blocker = asyncio.ensure_future(tmdb.search("heat"))  # holds the only place in flight
        await _until_requests(fake_tmdb, 1)

        async def ranked(rank: int, query: str):
            with lookup_rank(rank):
                return await tmdb.search(query)

        # Queued third picks first, first picks last: the first picks still go first.
        await asyncio.gather(blocker, ranked(2, "matrix"), ranked(1, "thing"), ranked(0, "alien"))

    assert [r.query["query"] for r in fake_tmdb.requests] == ["heat", "alien", "thing", "matrix"]


async def test_it_finishes_an_earlier_lookup_before_starting_a_later_one_of_the_same_rank(fake_tmdb):
    fake_tmdb.delay_title("alien", 0.1)  # Se7en's search queues before Alien's details call does
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, rate=2) as tmdb:  # one start each 0.5 s

        async def first_pick(title: str, year: int):
            with lookup_rank(0):
                return await tmdb.find_movie(title, year)

        early = asyncio.ensure_future(first_pick("Alien", 1979))
        await _until_requests(fake_tmdb, 1)
        late = asyncio.ensure_future(first_pick("Se7en", 1995))
        await asyncio.gather(early, late)

    # Alien's details call goes before Se7en's search, which had queued before it.
    assert fake_tmdb.paths == ["/3/search/movie", "/3/movie/348", "/3/search/movie", "/3/movie/807"]


async def test_it_looks_a_film_up_once_for_many_users_at_once(fake_tmdb):
    fake_tmdb.delay(0.1)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url) as tmdb:
        movies = await asyncio.gather(*(tmdb.find_movie(title, 1995) for title in ["Heat", "heat", "HEAT!"] * 3))

    assert {m.id for m in movies} == {"949"}
    assert fake_tmdb.paths == ["/3/search/movie", "/3/movie/949"]
    movies[0].genres.append("Changed")
    assert "Changed" not in movies[1].genres  # each caller has its own copy


async def test_it_finishes_a_shared_lookup_for_the_others_when_one_user_stops_waiting(fake_tmdb):
    fake_tmdb.delay(0.1)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url) as tmdb:
        leaver = asyncio.ensure_future(tmdb.find_movie("Heat", 1995))
        stayer = asyncio.ensure_future(tmdb.find_movie("Heat", 1995))
        await _until_requests(fake_tmdb, 1)
        leaver.cancel()

        movie = await stayer

    assert leaver.cancelled()
    assert movie.id == "949"
    assert fake_tmdb.paths == ["/3/search/movie", "/3/movie/949"]


async def test_it_gives_every_waiter_the_error_of_a_shared_lookup(fake_tmdb):
    fake_tmdb.delay(0.1)
    fake_tmdb.fail_next(401)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url) as tmdb:
        results = await asyncio.gather(*(tmdb.find_movie("Heat", 1995) for _ in range(3)), return_exceptions=True)

        assert all(isinstance(r, TmdbError) and r.status == 401 for r in results)
        assert len(fake_tmdb.requests) == 1
        assert (await tmdb.find_movie("Heat", 1995)).id == "949"  # a failure is not remembered


async def test_it_gives_back_the_place_of_a_lookup_cancelled_while_queued(fake_tmdb):
    fake_tmdb.delay_title("heat", 0.2)
    async with TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url, concurrency=1) as tmdb:
        blocker = asyncio.ensure_future(tmdb.search("heat"))
        await _until_requests(fake_tmdb, 1)
        queued = asyncio.ensure_future(tmdb.search("alien"))
        await asyncio.sleep(0)
        queued.cancel()
        await blocker

        assert [m.id for m in await asyncio.wait_for(tmdb.search("se7en"), 5)] == ["807"]

    with pytest.raises(asyncio.CancelledError):
        await queued
    assert fake_tmdb.paths == ["/3/search/movie", "/3/search/movie"]


async def test_the_fake_refuses_what_goes_over_its_limit_in_a_second_and_serves_a_given_film_set(fake_tmdb):
    fake_tmdb.use_films([(1, "Paris, Texas", "1984-05-19", [18], 145, 9.0, 7.9, 1500, None)])
    fake_tmdb.rate_limit(3, retry_after="2")
    async with httpx.AsyncClient(base_url=fake_tmdb.base_url) as http:
        answers = [await http.get("/3/search/movie", params={"query": "paris", "api_key": fake_tmdb.api_key})
                   for _ in range(4)]  # fmt: skip

    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[0].json()["results"][0]["title"] == "Paris, Texas"
    assert answers[3].headers["Retry-After"] == "2" and answers[3].json()["status_code"] == 25
    assert fake_tmdb.rate_limited == 1
