"""The v1 flow (CHAT_API_VERSION=v1): regenerate blocks the replaced picks, and a new chat is greeted with picks."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.ws import communicator, frames_until, greeting


@pytest.mark.django_db(transaction=True)
async def test_it_blocks_the_replaced_picks_when_regenerating_a_v1_turn(alice, settings):
    settings.CHAT_API_VERSION = "v1"
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a tense 90s thriller"})
    await frames_until(comm, 'id="send-button"')
    before = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    await comm.send_json_to({"action": "regenerate"})
    await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    after = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    old = {p["id"] for p in before.payload["picks"]}
    new = {p["id"] for p in after.payload["picks"]}
    assert old and new and not (old & new)


@pytest.mark.django_db(transaction=True)
async def test_it_greets_with_picks_on_v1_too(alice, settings):
    settings.CHAT_API_VERSION = "v1"
    settings.AUTOSTART_RECOMMENDATIONS = True
    message = await greeting(alice)
    assert message.status == "complete" and len(message.payload["picks"]) == 3
