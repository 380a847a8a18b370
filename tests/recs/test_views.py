"""Movie-chat pages: the lists page, its memory panel, and the diff card's Apply/Discard."""

import pytest
from django.test import Client

from recs.movies import Movie
from recs.services import list_add

pytestmark = pytest.mark.django_db


def _film(slug: str, title: str, year: int | None, genres=()) -> Movie:
    return Movie(source="catalogue", id=slug, title=title, year=year, genres=list(genres))


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _order(page: str, *titles: str) -> list[str]:
    return sorted(titles, key=page.index)


def test_it_sorts_unrated_and_undated_films_last_on_the_lists_page(alice):
    list_add(user=alice, list_name="seen", movie=_film("u", "Unratedfilm", 1990))
    list_add(user=alice, list_name="seen", movie=_film("t", "Threestarfilm", 1991), rating=3)
    list_add(user=alice, list_name="seen", movie=_film("f", "Fivestarfilm", 1992), rating=5)
    list_add(user=alice, list_name="watchlist", movie=_film("n", "Undatedfilm", None))
    list_add(user=alice, list_name="watchlist", movie=_film("o", "Oldfilm", 1950))
    list_add(user=alice, list_name="watchlist", movie=_film("w", "Newfilm", 2005))
    client = _client(alice)
    by_rating = client.get("/lists/?sort=rating").content.decode()
    assert _order(by_rating, "Unratedfilm", "Threestarfilm", "Fivestarfilm") == [
        "Fivestarfilm", "Threestarfilm", "Unratedfilm"]
    by_year = client.get("/lists/?sort=year").content.decode()
    assert _order(by_year, "Undatedfilm", "Oldfilm", "Newfilm") == ["Newfilm", "Oldfilm", "Undatedfilm"]
