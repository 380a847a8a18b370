"""Responses-API thread hygiene on movie turns: an unknown tool call is answered on the next turn, a refused or expired thread restarts."""

import pytest
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.services import api_token_create
from tests.fakes.openai_server import error, text, tool_call
from tests.support.ws import communicator, frames_until, wait_turns_idle


@pytest.mark.django_db(transaction=True)
def test_it_keeps_an_unknown_tool_call_open_so_the_thread_stays_valid(alice, openai_on):
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    openai_on.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r1"),
        tool_call("web_search", {"q": "x"}, response_id="r2", call_id="call_unknown"),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r3"),
        text("Hello.", response_id="r4"),
    )
    api.post(f"/api/chats/{chat_id}/messages", {"text": "hi"}, content_type="application/json")
    assert Chat.objects.get(pk=chat_id).pending_call_ids == ["call_unknown"]
    api.post(f"/api/chats/{chat_id}/messages", {"text": "hi again"}, content_type="application/json")
    opening = openai_on.bodies("/responses")[2]["input"][0]
    assert opening == {"type": "function_call_output", "call_id": "call_unknown", "output": opening["output"]}


@pytest.mark.django_db(transaction=True)
def test_it_restarts_a_thread_the_api_refuses(alice, openai_on):
    chat = Chat.objects.create(owner=alice, last_response_id="resp_broken", pending_call_ids=[])
    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    openai_on.enqueue(
        error(
            400,
            {
                "message": "No tool output found for function call call_x.",
                "type": "invalid_request_error",
                "code": None,
            },
        ),
        tool_call("decide_mode", {"mode": "A", "reason": "chat"}, response_id="r1"),
        text("Back on track.", response_id="r2"),
    )
    body = api.post(f"/api/chats/{chat.pk}/messages", {"text": "hi"}, content_type="application/json").json()
    assert body["assistant_message"]["content"] == "Back on track."
    assert openai_on.bodies("/responses")[1].get("previous_response_id") is None


@pytest.mark.django_db(transaction=True)
async def test_it_replays_history_when_a_greeting_meets_an_expired_thread(alice, openai_on, settings):
    settings.AUTOSTART_RECOMMENDATIONS = True
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    plan = {"intro": "Hello! Three:", "picks": [{"title": "Fargo", "year": 1996, "reason": "r"}]}
    openai_on.enqueue(tool_call("plan_picks", plan, response_id="g1", call_id="call_g1"))
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await frames_until(comm, "msg assistant status-complete")
    await wait_turns_idle()
    await database_sync_to_async(Chat.objects.filter(pk=chat.pk).update)(last_response_id="gone")
    openai_on.enqueue(
        error(
            404,
            {
                "message": "Previous response not found.",
                "type": "invalid_request_error",
                "code": "previous_response_not_found",
            },
        ),
        tool_call("plan_picks", {**plan, "picks": [{"title": "Se7en", "year": 1995, "reason": "r"}]}, response_id="g2"),
    )
    await comm.send_json_to({"action": "regenerate"})
    await frames_until(comm, "msg assistant status-complete")
    await comm.disconnect()
    greeting = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert greeting.status == "complete" and [p["title"] for p in greeting.payload["picks"]] == ["Se7en"]
