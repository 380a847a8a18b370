"""Stop: it closes an answer no process is running, and is stored when it lands before the first step."""

import pytest
from channels.db import database_sync_to_async

from chatapp.models import Chat, Message
from tests.support.ws import communicator, wait_turns_idle


@pytest.mark.django_db(transaction=True)
async def test_it_lets_stop_close_an_answer_no_process_is_running(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    await database_sync_to_async(Message.objects.create)(chat=chat, role="user", turn_key="k", content="hi")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="assistant", turn_key="k", status="streaming")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    assert 'id="stop-button"' in await comm.receive_from()
    await comm.send_json_to({"action": "stop"})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert "Stopped." in frame and 'id="send-button"' in frame
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert message.status == "stopped"


@pytest.mark.django_db(transaction=True)
async def test_it_stores_stopped_when_stop_lands_before_the_first_step(alice, scripted):
    from chatapp import turns

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    _turn, task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    assert turns.stop(chat.pk)
    await wait_turns_idle()
    import asyncio

    for _ in range(50):  # the done-callback stores the result on the next loop turns
        message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
        if message.status == "stopped":
            break
        await asyncio.sleep(0.02)
    assert message.status == "stopped"
