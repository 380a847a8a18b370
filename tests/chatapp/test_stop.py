"""Stop: it closes an answer no process is running, and is stored when it lands before the first step."""

import asyncio

import pytest

from chatapp.db import database_sync_to_async
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


@pytest.mark.django_db(transaction=True)
async def test_it_stops_a_turn_running_in_another_process_through_the_channel_layer(alice, scripted):
    from chatapp import turns
    from tests.support.ws import gated_mode_a

    gated_mode_a(scripted)  # held in decide_mode until stopped
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    turn, task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    await asyncio.sleep(0.1)  # the turn is listening for a Stop
    # What a web process that does not run the turn does: ask over the channel layer, wait for the answer.
    assert await turns.stop_elsewhere(chat=chat)
    await wait_turns_idle()
    assert task.cancelled() or task.done()
    message = await database_sync_to_async(Message.objects.get)(pk=turn.message_id)
    assert message.status == "stopped"


@pytest.mark.django_db
def test_it_never_revives_a_stopped_answer_with_a_late_save(alice):
    from chatapp.services import message_save_progress

    chat = Chat.objects.create(owner=alice)
    Message.objects.create(chat=chat, role="user", turn_key="k", content="hi")
    stopped = Message.objects.create(chat=chat, role="assistant", turn_key="k", status="stopped", content="so far")
    message_save_progress(message_id=stopped.pk, status="complete", content="the whole answer")
    stopped.refresh_from_db()
    assert (stopped.status, stopped.content) == ("stopped", "so far")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("how", ["api", "page"])
async def test_it_stops_the_running_turn_of_a_chat_that_is_deleted(alice, scripted, how):
    from django.test import AsyncClient

    from chatapp import running, turns
    from tests.support.api import async_api_for
    from tests.support.ws import gated_mode_a

    gated_mode_a(scripted)  # held at its first planner call until the gate opens: it never does
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    await turns.begin(user=alice, chat_id=chat.pk, text="hello", watch=False)
    if how == "api":
        deleted = await (await async_api_for(alice)).delete(f"/api/chats/{chat.pk}")
    else:
        client = AsyncClient()  # as daphne serves the page
        await client.aforce_login(alice)
        deleted = await client.post(f"/chats/{chat.pk}/delete/")
    assert deleted.status_code in (204, 302)
    # Nobody can see its answer any more: it stops (no further paid call) instead of running on.
    await wait_turns_idle(5)
    assert not running.is_running(chat.pk)
    assert [r.purpose for r in scripted.requests if r.purpose == "movies.answer"] == []
