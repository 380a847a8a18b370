"""Lists and the turns that honour them, end to end: removals of films not listed, the watchlist
blocking the next turn, and ratings outside 1–5 from the lists page."""

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import api_token_create
from recs.models import SeenItem, WatchlistItem
from recs.services.lists import list_add
from recs.sources.movies import Movie
from tests.support.api import chat_asker
from tests.support.ws import say as _say

ALIEN = Movie(source="catalogue", id="alien-1979", title="Alien", year=1979, genres=["Horror"])
HEAT = Movie(source="catalogue", id="heat-1995", title="Heat", year=1995, genres=["Action"])


def _session(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_it_shows_dropping_a_film_not_on_the_watchlist_as_unresolved_and_never_applies_it(alice):
    list_add(user=alice, list_name="watchlist", movie=HEAT)
    list_add(user=alice, list_name="seen", movie=ALIEN)  # on a list, but not the watchlist
    chat = Chat.objects.create(owner=alice)
    frames = async_to_sync(_say)(alice, chat, "drop Alien from my watchlist")
    assert "not on your watchlist" in "\n".join(frames)
    message = Message.objects.get(chat=chat, role="assistant")
    [row] = message.payload["proposal"]["rows"]
    assert (row["action"], row["title"], row["status"], row["note"], row["movie"]) == (
        "remove_watchlist",
        "Alien",
        "unresolved",
        "not on your watchlist",
        None,
    )

    response = _session(alice).post(
        f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/", {"decision": "apply", "rows": ["0"]}
    )
    assert response.status_code == 400 and "Nothing selected" in response.content.decode()
    assert Message.objects.get(pk=message.pk).payload["proposal"]["state"] == "pending"
    assert list(WatchlistItem.objects.filter(user=alice).values_list("movie_id", flat=True)) == ["heat-1995"]
    assert list(SeenItem.objects.filter(user=alice).values_list("movie_id", flat=True)) == ["alien-1979"]


@pytest.mark.django_db(transaction=True)  # the API runs the turn on its own event loop and threads
def test_it_blocks_a_film_added_to_the_watchlist_from_the_next_turn(alice):
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})

    def turn(words: str) -> dict:
        chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
        response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
        assert response.status_code == 200, response.content
        return {"chat_id": chat_id, **response.json()["assistant_message"]}

    first = turn("a tense 90s thriller")
    assert first["planner_source"] == "rules" and len(first["picks"]) == 3
    film = first["picks"][0]
    # The "Add to watchlist" button on that pick card.
    added = _session(alice).post(
        f"/chats/{first['chat_id']}/turns/{first['turn_key']}/picks/0/watchlist/", headers={"HX-Request": "true"}
    )
    assert added.status_code == 200
    assert WatchlistItem.objects.filter(user=alice, movie_id=film["id"]).exists()

    # A new chat (its recommended set is empty), the same request: the film is blocked by the watchlist.
    second = turn("a tense 90s thriller")
    assert len(second["picks"]) == 3
    assert film["id"] not in {p["id"] for p in second["picks"]}
    assert film["title"] not in {d["title"] for d in second["dropped"]}  # never planned, not just dropped
    step_log = Message.objects.get(chat_id=second["chat_id"], role="assistant").step_log
    [read_blocked] = [s for s in step_log if s["name"] == "read_blocked"]
    assert read_blocked["result"] == "1"  # the planner read a blocked list holding the watchlisted film


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("bad", ["9", "0"])
def test_it_refuses_a_rating_outside_one_to_five_from_the_lists_page(alice, bad, htmx):
    seen, _ = list_add(user=alice, list_name="seen", movie=ALIEN, rating=3)
    headers = {"HX-Request": "true"} if htmx else {}
    response = _session(alice).post(f"/lists/seen/{seen.pk}/rate/", {"rating": bad, "sort": "title"}, headers=headers)
    assert response.status_code == 400
    # htmx gets {code, message} for the page's alert line; a plain form post the words as text.
    words = response.json()["message"] if htmx else response.content.decode()
    assert words == "A rating must be from 1 to 5 stars."
    assert SeenItem.objects.get(pk=seen.pk).rating == 3  # nothing changed


@pytest.mark.django_db(transaction=True)
def test_it_answers_what_is_on_my_watchlist_from_the_list(alice, bob):
    list_add(user=alice, list_name="watchlist", movie=HEAT)
    list_add(user=alice, list_name="seen", movie=ALIEN, rating=4)
    list_add(user=bob, list_name="watchlist", movie=ALIEN)  # bob's list is not alice's
    ask = chat_asker(alice)

    listed = ask("what's on my watchlist?")
    assert listed["mode"] == "A" and listed["picks"] == []
    assert (
        listed["content"].startswith("Your watchlist has 1 film, newest first")
        and "**Heat** (1995)" in listed["content"]
    )
    assert "Alien" not in listed["content"]
    assert ask("have I seen Alien?")["content"] == "Yes: **Alien** (1979) is on your seen list, rated ★★★★."
