"""The movie chat's rule handlers: v1 answers list changes and stated preferences like v2 does."""

import pytest
from django.test import Client

from chatapp.models import Chat, Message
from chatapp.services import api_token_create
from recs.models import WatchlistItem
from recs.services.memory import memory_get

pytestmark = pytest.mark.django_db(transaction=True)


def _api(user) -> Client:
    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


def _say(api, chat_id: int, words: str) -> dict:
    response = api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()["assistant_message"]


def _chat_with_picks(user) -> Chat:
    chat = Chat.objects.create(owner=user)
    Message.objects.create(chat=chat, role="user", turn_key="t0", content="thrillers")
    picks = [{"index": 0, "source": "catalogue", "id": "se7en-1995", "title": "Se7en", "year": 1995}]
    Message.objects.create(
        chat=chat, role="assistant", turn_key="t0", status="complete", content="Here:", payload={"picks": picks}
    )
    return chat


@pytest.mark.parametrize("words", ["add the first one to my watchlist", "I've seen Fargo and Ronin"])
def test_it_points_to_the_card_buttons_for_a_list_change_under_v1(alice, settings, words):
    settings.CHAT_API_VERSION = "v1"
    chat = _chat_with_picks(alice)
    answer = _say(_api(alice), chat.pk, words)
    assert answer["flow"] == "v1" and answer["status"] == "complete"
    assert "+ Watchlist" in answer["content"] and "Seen it" in answer["content"]
    assert "I don't know" not in answer["content"] and answer["picks"] == []
    assert not WatchlistItem.objects.exists()


def test_it_acknowledges_a_stated_preference_under_v1_as_v2_does(alice, settings):
    api = _api(alice)
    v2 = _say(api, api.post("/api/chats", {}, content_type="application/json").json()["id"], "I hate westerns")
    settings.CHAT_API_VERSION = "v1"
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    v1 = _say(api, chat_id, "I hate westerns")
    assert v1["flow"] == "v1" and v1["picks"] == []
    assert v1["content"] == v2["content"] and v1["content"].startswith("Noted: you don't like Western.")
    assert memory_get(user=alice).disliked_genres == ["Western"]
    asked = _say(api, chat_id, "I love thrillers, what should I watch?")  # a question still gets films
    assert len(asked["picks"]) == 3
