"""The versions API: regenerate and edit any turn, list a message's versions, switch (alice owns, bob is refused)."""

import pytest
from django.test import Client

from chatapp.models import Message
from chatapp.services import api_token_create

pytestmark = pytest.mark.django_db(transaction=True)

JSON = "application/json"


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def _chat_with_two_turns(api: Client) -> tuple[int, list[dict]]:
    chat_id = api.post("/api/chats", {}, content_type=JSON).json()["id"]
    for text in ("a tense 90s thriller", "something funny from the 80s"):
        assert api.post(f"/api/chats/{chat_id}/messages", {"text": text}, content_type=JSON).status_code == 200
    return chat_id, api.get(f"/api/chats/{chat_id}").json()["messages"]


def test_it_regenerates_an_older_answer_and_switches_its_versions(alice):
    api = bearer(alice)
    chat_id, (q1, a1, q2, a2) = _chat_with_two_turns(api)
    assert a1["version"] == {"index": 1, "count": 1} and q1["version"] == {"index": 1, "count": 1}
    response = api.post(f"/api/chats/{chat_id}/messages/{a1['id']}/regenerate", content_type=JSON)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["assistant_message"]["id"] == a1["id"] and body["assistant_message"]["version"] == {
        "index": 2,
        "count": 2,
    }
    assert body["user_message"]["id"] == q1["id"]
    versions = api.get(f"/api/chats/{chat_id}/messages/{a1['id']}/versions").json()
    assert [v["index"] for v in versions["versions"]] == [1, 2] and versions["version"] == {"index": 2, "count": 2}
    assert versions["versions"][0]["content"] == a1["content"]
    assert Message.objects.filter(chat_id=chat_id, role="assistant").count() == 2

    switched = api.post(f"/api/chats/{chat_id}/messages/{a1['id']}/version", {"index": 1}, content_type=JSON)
    assert switched.status_code == 200, switched.content
    shown = {m["id"]: m for m in switched.json()["messages"]}
    assert shown[a1["id"]]["content"] == a1["content"] and shown[a1["id"]]["version"] == {"index": 1, "count": 2}
    assert api.get(f"/api/chats/{chat_id}").json()["messages"][1]["version"]["index"] == 1  # stored


def test_it_edits_an_older_question_and_the_later_turn_waits_in_the_old_version(alice):
    api = bearer(alice)
    chat_id, (q1, a1, q2, a2) = _chat_with_two_turns(api)
    edited = api.post(f"/api/chats/{chat_id}/messages/{q1['id']}/edit", {"text": "a gentle comedy"}, content_type=JSON)
    assert edited.status_code == 200, edited.content
    assert edited.json()["user_message"] == {
        "id": q1["id"],
        "text": "a gentle comedy",
        "version": {"index": 2, "count": 2},
    }
    assert [m["id"] for m in api.get(f"/api/chats/{chat_id}").json()["messages"]] == [q1["id"], a1["id"]]
    back = api.post(f"/api/chats/{chat_id}/messages/{q1['id']}/version", {"index": 1}, content_type=JSON).json()
    assert [m["id"] for m in back["messages"]] == [q1["id"], a1["id"], q2["id"], a2["id"]]
    assert back["messages"][0]["content"] == "a tense 90s thriller" and back["messages"][1]["content"] == a1["content"]


def test_it_refuses_bad_versions_and_bob(alice, bob):
    api = bearer(alice)
    chat_id, (q1, a1, q2, a2) = _chat_with_two_turns(api)
    url = f"/api/chats/{chat_id}/messages/{a1['id']}"
    bad = api.post(f"{url}/version", {"index": 2}, content_type=JSON)
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_version"
    assert api.post(f"{url}/version", {"index": 0}, content_type=JSON).json()["code"] == "validation_error"
    assert api.post(f"{url}/edit", {"text": " "}, content_type=JSON).status_code == 400
    assert api.get(f"/api/chats/{chat_id}/messages/999999/versions").json()["code"] == "message_not_found"
    other = bearer(bob)
    for response in (
        other.post(f"{url}/regenerate", content_type=JSON),
        other.post(f"{url}/edit", {"text": "mine now"}, content_type=JSON),
        other.post(f"{url}/version", {"index": 1}, content_type=JSON),
        other.get(f"{url}/versions"),
    ):
        assert response.status_code == 404 and response.json()["code"] == "chat_not_found"
    assert Message.objects.get(pk=a1["id"]).versions == []


def test_it_lists_no_versions_for_a_message_of_a_hidden_branch_as_it_switches_none(alice):
    # Listing "the versions one can switch between" answered 200 for a turn an edit had hidden, while switching
    # (and regenerating) it answered 404: it is not shown, so it is not found until its branch is shown again.
    api = bearer(alice)
    chat_id, (q1, _a1, _q2, a2) = _chat_with_two_turns(api)
    edited = api.post(f"/api/chats/{chat_id}/messages/{q1['id']}/edit", {"text": "a 70s heist"}, content_type=JSON)
    assert edited.status_code == 200, edited.content
    listed = api.get(f"/api/chats/{chat_id}/messages/{a2['id']}/versions")
    switched = api.post(f"/api/chats/{chat_id}/messages/{a2['id']}/version", {"index": 1}, content_type=JSON)
    assert (listed.status_code, listed.json()["code"]) == (switched.status_code, switched.json()["code"])
    assert (listed.status_code, listed.json()["code"]) == (404, "message_not_found")
    back = api.post(f"/api/chats/{chat_id}/messages/{q1['id']}/version", {"index": 1}, content_type=JSON)
    assert back.status_code == 200, back.content
    assert api.get(f"/api/chats/{chat_id}/messages/{a2['id']}/versions").status_code == 200
