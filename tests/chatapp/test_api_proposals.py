"""A token-only API client sees a proposed list change and applies or discards it."""

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from chatapp.events import group_name
from chatapp.models import Message
from chatapp.services import api_token_create
from recs.models import WatchlistItem
from tests.support.proposals import chat_with_proposal

pytestmark = pytest.mark.django_db(transaction=True)


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def _decide(api: Client, chat, message, body: dict):
    return api.post(f"/api/chats/{chat.pk}/messages/{message.pk}/proposal", body, content_type="application/json")


def _watchlist(user) -> list[str]:
    return sorted(WatchlistItem.objects.filter(user=user).values_list("movie_id", flat=True))


def test_it_shows_the_pending_proposal_in_the_chat(alice):
    chat, message = chat_with_proposal(alice)
    detail = bearer(alice).get(f"/api/chats/{chat.pk}").json()
    assistant = [m for m in detail["messages"] if m["role"] == "assistant"][0]
    assert assistant["proposal"]["state"] == "pending"
    assert [r["title"] for r in assistant["proposal"]["rows"]] == ["Se7en", "Fargo"]
    user_message = [m for m in detail["messages"] if m["role"] == "user"][0]
    assert user_message["proposal"] is None


def test_it_applies_a_subset_with_a_token_and_tells_open_tabs(alice):
    chat, message = chat_with_proposal(alice)
    client = bearer(alice)

    async def open_tab_and_decide():
        # One event loop for the tab's whole life: the pub/sub layer's channels live in the loop that made them.
        layer = get_channel_layer()
        tab = await layer.new_channel()
        await layer.group_add(group_name(chat.pk), tab)
        response = await sync_to_async(_decide)(client, chat, message, {"decision": "apply", "rows": [0]})
        return response, await layer.receive(tab)

    response, sent = async_to_sync(open_tab_and_decide)()
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["assistant_message_id"] == message.pk and body["turn_key"] == "t1"
    assert body["proposal"]["state"] == "applied"
    assert [r["status"] for r in body["proposal"]["rows"]] == ["applied", "skipped"]
    assert _watchlist(alice) == ["se7en-1995"]
    assert (
        sent["type"] == "chat.event"
        and sent["event"]["type"] == "proposal.updated"
        and sent["event"]["assistant_message_id"] == message.pk
    )


def test_it_refuses_bob_with_404_and_changes_nothing(alice, bob):
    chat, message = chat_with_proposal(alice)
    refused = _decide(bearer(bob), chat, message, {"decision": "apply", "rows": [0, 1]})
    assert (refused.status_code, refused.json()["code"]) == (404, "proposal_not_found")
    assert _watchlist(alice) == [] and _watchlist(bob) == []
    assert Message.objects.get(pk=message.pk).payload["proposal"]["state"] == "pending"


def test_it_says_nothing_selected_and_leaves_the_card_pending(alice):
    chat, message = chat_with_proposal(alice)
    refused = _decide(bearer(alice), chat, message, {"decision": "apply", "rows": []})
    assert (refused.status_code, refused.json()["code"]) == (400, "nothing_selected")
    assert "Nothing selected" in refused.json()["message"]
    assert Message.objects.get(pk=message.pk).payload["proposal"]["state"] == "pending"


def test_it_applies_once_when_approved_twice(alice):
    chat, message = chat_with_proposal(alice)
    api = bearer(alice)
    assert _decide(api, chat, message, {"decision": "apply", "rows": [0]}).status_code == 200
    again = _decide(api, chat, message, {"decision": "apply", "rows": [0, 1]})
    assert again.status_code == 200 and again.json()["proposal"]["state"] == "applied"
    assert _watchlist(alice) == ["se7en-1995"]
    assert WatchlistItem.objects.filter(user=alice).count() == 1


def test_it_discards_without_changing_anything(alice):
    chat, message = chat_with_proposal(alice)
    response = _decide(bearer(alice), chat, message, {"decision": "discard"})
    assert response.status_code == 200 and response.json()["proposal"]["state"] == "discarded"
    assert _watchlist(alice) == []


@pytest.mark.parametrize(
    "body",
    [
        {"decision": "maybe", "rows": [0]},
        {"decision": "apply", "rows": ["x"]},
        {"decision": "apply", "rows": [True]},
        {"rows": [0]},
    ],
)
def test_it_refuses_a_bad_decision_with_a_validation_error(alice, body):
    chat, message = chat_with_proposal(alice)
    refused = _decide(bearer(alice), chat, message, body)
    assert (refused.status_code, refused.json()["code"]) == (400, "validation_error")
    assert Message.objects.get(pk=message.pk).payload["proposal"]["state"] == "pending"


def test_it_returns_the_proposal_of_a_turn_and_applies_it_end_to_end(alice):
    api = bearer(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    turn = api.post(
        f"/api/chats/{chat_id}/messages", {"text": "add Fargo to my watchlist"}, content_type="application/json"
    )
    assert turn.status_code == 200, turn.content
    assistant = turn.json()["assistant_message"]
    assert assistant["proposal"]["state"] == "pending"
    ready = [r["i"] for r in assistant["proposal"]["rows"] if r["status"] == "ready"]
    assert ready and _watchlist(alice) == []
    applied = api.post(
        f"/api/chats/{chat_id}/messages/{assistant['id']}/proposal",
        {"decision": "apply", "rows": ready},
        content_type="application/json",
    )
    assert applied.status_code == 200 and applied.json()["proposal"]["state"] == "applied"
    assert len(_watchlist(alice)) == len(ready)
