"""A turn whose process died (no heartbeat) ends as interrupted; the chat takes a new message at once."""

import asyncio
from datetime import timedelta

import pytest
from django.utils import timezone

from chatapp import services
from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.api import api_for
from tests.support.ws import communicator, frames_until, gated_mode_a, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


def _dead_turn(user, *, kind="movies", silent_for=31) -> Message:
    """A turn left streaming by a process that died `silent_for` seconds ago."""
    chat = Chat.objects.create(owner=user, kind=kind)
    _, assistant = services.turn_start(user=user, chat_id=chat.pk, text="a heist film", flow="v2")
    Message.objects.filter(pk=assistant.pk).update(
        status="streaming", updated_at=timezone.now() - timedelta(seconds=silent_for)
    )
    return assistant


async def test_it_closes_a_dead_turn_as_interrupted_when_a_page_connects_and_takes_a_new_message(alice):
    dead = await database_sync_to_async(_dead_turn)(alice)
    comm = await communicator(alice, f"/ws/chats/{dead.chat_id}/")
    await comm.connect()
    frames = await frames_until(comm, "Interrupted")
    assert any('id="send-button"' in f for f in frames)  # no Stop button: nothing is running
    await comm.send_json_to({"action": "send", "text": "a heist film"})
    await frames_until(comm, "msg assistant status-complete", timeout=20)
    await comm.disconnect()
    await wait_turns_idle()
    dead = await database_sync_to_async(Message.objects.get)(pk=dead.pk)
    assert dead.status == "interrupted" and dead.payload["error_code"] == "interrupted"


async def test_it_leaves_a_recently_silent_turn_running(alice):
    alive = await database_sync_to_async(_dead_turn)(alice, silent_for=5)
    assert await database_sync_to_async(services.turn_close_stale)(chat=alive.chat) is None
    assert (await database_sync_to_async(Message.objects.get)(pk=alive.pk)).status == "streaming"


def test_it_reads_a_dead_turn_as_interrupted_over_the_api_and_accepts_the_next(alice):
    dead = _dead_turn(alice)
    api = api_for(alice)
    body = api.get(f"/api/chats/{dead.chat_id}").json()
    assistant = [m for m in body["messages"] if m["role"] == "assistant"][0]
    assert assistant["status"] == "interrupted"
    sent = api.post(f"/api/chats/{dead.chat_id}/messages", {"text": "a heist film"}, content_type="application/json")
    assert sent.status_code == 200, sent.content


async def test_it_beats_while_a_turn_runs_so_a_slow_turn_is_never_taken_for_dead(alice, scripted, settings):
    settings.TURN_HEARTBEAT_S = 0.05
    from chatapp import turns

    gate = gated_mode_a(scripted)
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    turn, _task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    stamp = timezone.now()
    await asyncio.sleep(0.3)  # held in decide_mode: only the heartbeat writes the message
    beat = (await database_sync_to_async(Message.objects.get)(pk=turn.message_id)).updated_at
    gate.set()
    await wait_turns_idle()
    assert beat > stamp


async def test_it_offers_a_one_click_retry_that_answers_the_interrupted_turn_again_in_place(alice):
    dead = await database_sync_to_async(_dead_turn)(alice)
    comm = await communicator(alice, f"/ws/chats/{dead.chat_id}/")
    await comm.connect()
    frames = await frames_until(comm, "Interrupted")
    assert any('value="retry"' in f and "Try again" in f for f in frames)
    await comm.send_json_to({"action": "retry"})
    await frames_until(comm, "msg assistant status-complete", timeout=20)
    await comm.disconnect()
    await wait_turns_idle()
    again = await database_sync_to_async(Message.objects.get)(pk=dead.pk)  # the same row, answered this time
    assert again.status == "complete"
    count = await database_sync_to_async(Message.objects.filter(chat_id=dead.chat_id).count)()
    assert count == 2


async def test_it_refuses_a_retry_when_the_last_answer_is_not_interrupted(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "retry"})
    frames = await frames_until(comm, "Only an interrupted or failed answer can be tried again.")
    assert frames
    await comm.disconnect()


async def test_it_retries_an_interrupted_image_turn_as_a_new_version_of_its_answer(alice):
    from imagelab import services as image_services
    from tests.support.images import photo, run_turn

    chat = await database_sync_to_async(image_services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((160, 120)))
    await database_sync_to_async(Message.objects.filter(pk=turn.message_id).update)(
        status="streaming", updated_at=timezone.now() - timedelta(seconds=31)
    )
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await frames_until(comm, "Interrupted")
    await comm.send_json_to({"action": "retry"})
    await frames_until(comm, "msg assistant status-complete", timeout=30)
    await comm.disconnect()
    await wait_turns_idle()
    users = await database_sync_to_async(list)(
        Message.objects.filter(chat_id=chat.pk, role="user").values_list("content", flat=True)
    )
    assert users == ["warmer"]  # one turn, answered again
    answer = await database_sync_to_async(Message.objects.get)(pk=turn.message_id)
    assert answer.status == "complete" and len(answer.versions) == 2
