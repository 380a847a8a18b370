"""The lists as CSV (recs/lists_csv.py, /lists/<name>.csv): Letterboxd's columns, only the owner's rows, re-importable."""

import csv
import io

import pytest

from chatapp.models import Chat, Message
from recs.models import Recommendation, SeenItem, WatchlistItem
from recs.services.imports import letterboxd_import

pytestmark = pytest.mark.django_db


def film(model, user, movie_id, title, year, **extra):
    return model.objects.create(user=user, source="catalogue", movie_id=movie_id, title=title, year=year, **extra)


def rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.fixture
def lists(alice, bob):
    film(SeenItem, alice, "fargo-1996", "Fargo", 1996, rating=4, genres=["Crime", "Drama"], director="Joel Coen")
    film(SeenItem, alice, "alien-1979", "Alien", 1979)
    film(WatchlistItem, alice, "the-matrix-1999", "The Matrix", 1999)
    film(WatchlistItem, bob, "heat-1995", "Heat", 1995)


def test_it_downloads_each_list_as_a_csv_attachment(alice, client, lists):
    client.force_login(alice)
    seen = client.get("/lists/seen.csv")
    assert seen["Content-Type"] == "text/csv; charset=utf-8"
    assert seen["Content-Disposition"] == 'attachment; filename="marquee-seen.csv"'
    assert [(r["Name"], r["Year"], r["Rating"]) for r in rows(seen)] == [("Alien", "1979", ""), ("Fargo", "1996", "4")]
    assert rows(seen)[1]["Genres"] == "Crime, Drama" and rows(seen)[1]["Director"] == "Joel Coen"
    assert [r["Name"] for r in rows(client.get("/lists/ratings.csv"))] == ["Fargo"]
    assert [r["Name"] for r in rows(client.get("/lists/watchlist.csv"))] == ["The Matrix"]  # never bob's Heat


def test_it_lists_the_films_recommended_in_chats(alice, client):
    chat = Chat.objects.create(owner=alice, title="Friday")
    message = Message.objects.create(chat=chat, role="assistant", turn_key="t")
    Recommendation.objects.create(
        chat=chat, message=message, source="catalogue", movie_id="heat-1995", title="Heat", year=1995
    )
    client.force_login(alice)
    assert [(r["Name"], r["Chat"]) for r in rows(client.get("/lists/recommended.csv"))] == [("Heat", "Friday")]


def test_it_keeps_a_spreadsheet_from_running_a_title_and_reads_it_back(alice, client):
    film(WatchlistItem, alice, "x-2001", "=HYPERLINK(1)", 2001)
    client.force_login(alice)
    [row] = rows(client.get("/lists/watchlist.csv"))
    assert row["Name"] == "'=HYPERLINK(1)"
    from recs.letterboxd import read_files

    [entry] = read_files(
        [("marquee-watchlist.csv", client.get("/lists/watchlist.csv").content)], max_bytes=10**6, max_rows=9
    )
    assert entry.name == "=HYPERLINK(1)"


@pytest.mark.parametrize("title", ["\t=HYPERLINK(1)", "\r=HYPERLINK(1)"])
def test_it_keeps_a_spreadsheet_from_running_a_title_that_starts_with_a_tab_or_a_carriage_return(alice, client, title):
    # OWASP's list: =, +, -, @ and also tab and carriage return (spreadsheets skip them, then read a formula).
    # A source's title is untrusted: TMDB's can start with either.
    film(WatchlistItem, alice, "x-2001", title, 2001)
    client.force_login(alice)
    [row] = rows(client.get("/lists/watchlist.csv"))
    assert row["Name"] == "'" + title


def test_it_imports_its_own_csv_back_as_already_there(alice, client, lists):
    client.force_login(alice)
    files = [(f"marquee-{n}.csv", client.get(f"/lists/{n}.csv").content) for n in ("seen", "watchlist")]
    proposal = letterboxd_import(user=alice, files=files).payload["proposal"]
    assert [r["status"] for r in proposal["rows"]] == ["already"] * 3


def test_it_refuses_an_unknown_list_and_a_visitor(alice, client):
    assert client.get("/lists/seen.csv").status_code == 302  # to the log-in page
    client.force_login(alice)
    response = client.get("/lists/blocked.csv")
    assert response.status_code == 400 and response.content.decode() == "Unknown list 'blocked'."
