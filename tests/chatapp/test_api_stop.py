"""POST /api/chats/{id}/stop: API clients stop a running answer, wherever it runs."""

import asyncio

import pytest

from chatapp import turns
from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.api import api_for, async_api_for
from tests.support.ws import gated_mode_a, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


async def test_it_stops_a_running_answer_and_returns_it_stopped(alice, scripted):
    gated_mode_a(scripted)  # never opened: the turn stays held in decide_mode until stopped
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    turn, _task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    await asyncio.sleep(0.05)
    client = await async_api_for(alice)
    response = await client.post(f"/api/chats/{chat.pk}/stop")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["stopped"] is True and body["assistant_message"]["id"] == turn.message_id
    assert body["assistant_message"]["status"] == "stopped"  # stored before the answer came back
    await wait_turns_idle()
    assert (await database_sync_to_async(Message.objects.get)(pk=turn.message_id)).status == "stopped"


def test_it_answers_409_no_turn_when_nothing_runs(alice):
    chat = Chat.objects.create(owner=alice)
    response = api_for(alice).post(f"/api/chats/{chat.pk}/stop")
    assert response.status_code == 409
    assert response.json()["code"] == "no_turn"


def test_it_refuses_bob_on_alices_chat(alice, bob):
    chat = Chat.objects.create(owner=alice)
    response = api_for(bob).post(f"/api/chats/{chat.pk}/stop")
    assert response.status_code == 404
