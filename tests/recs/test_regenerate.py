"""Regenerate re-runs the last turn in place with new picks; Edit replaces the question first."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from recs.models import Recommendation
from tests.support.ws import communicator, frames_until

pytestmark = pytest.mark.django_db(transaction=True)


async def _run(comm, payload) -> list[str]:
    await comm.send_json_to(payload)
    return await frames_until(comm, 'id="send-button"')


async def test_it_regenerates_in_place_with_different_picks(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await _run(comm, {"action": "send", "text": "a tense 90s thriller"})
    before = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    old_ids = {p["id"] for p in before.payload["picks"]}
    frames = await _run(comm, {"action": "regenerate"})
    await comm.disconnect()
    # The same message is swapped in place, not appended.
    assert not any('id="messages" hx-swap-oob="beforeend"' in f for f in frames)
    assert any('<article hx-swap-oob="outerHTML" class="msg assistant' in f for f in frames)
    after = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert after.pk == before.pk and after.turn_key == before.turn_key and after.status == "complete"
    new_ids = {p["id"] for p in after.payload["picks"]}
    assert len(new_ids) == 3 and not (new_ids & old_ids)
    recommended = await database_sync_to_async(
        lambda: set(Recommendation.objects.filter(chat=chat).values_list("movie_id", flat=True))
    )()
    assert recommended == new_ids  # the earlier picks left the recommended set
    assert await database_sync_to_async(Message.objects.filter(chat=chat).count)() == 2


async def test_it_edits_the_last_question_and_regenerates(alice, scripted):
    for _ in range(2):
        scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "q"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("First answer."), ScriptedBackend.text("Second answer."), purpose="movies.answer")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await _run(comm, {"action": "send", "text": "who directed fargo?"})
    await _run(comm, {"action": "edit", "text": "who directed se7en?"})
    await comm.disconnect()
    user_msg = await database_sync_to_async(Message.objects.get)(chat=chat, role="user")
    answer = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert user_msg.content == "who directed se7en?" and answer.content == "Second answer."
    assert scripted.requests[-1].context.text == "who directed se7en?"


async def test_it_refuses_to_regenerate_an_empty_chat_or_with_an_empty_edit(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "regenerate"})
    assert "no answer to regenerate yet" in await comm.receive_from()
    await comm.send_json_to({"action": "edit", "text": "  "})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert "composer-error" in frame


async def test_it_forgets_the_replaced_picks_from_recently_shown(alice):
    from recs.services.memory import memory_get, taste_profile_summary

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await _run(comm, {"action": "send", "text": "a tense 90s thriller"})
    before = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    await _run(comm, {"action": "regenerate"})
    await comm.disconnect()
    after = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    shown = (await database_sync_to_async(memory_get)(user=alice)).last_results
    assert shown == [f"{p['title']} ({p['year']})" for p in after.payload["picks"]]
    profile = await database_sync_to_async(taste_profile_summary)(user=alice)
    assert not any(p["title"] in profile for p in before.payload["picks"])


async def test_it_never_brings_back_an_earlier_answers_films_when_regenerating_twice(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    answers = []
    for payload in (
        {"action": "send", "text": "a tense 90s thriller"},
        {"action": "regenerate"},
        {"action": "regenerate"},
    ):
        await _run(comm, payload)
        message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
        answers.append({p["id"] for p in message.payload["picks"]})
    await comm.disconnect()
    first, second, third = answers
    assert len(first) == len(second) == len(third) == 3
    assert not (third & (first | second)) and not (second & first)
    replaced = {p["id"] for p in message.payload["replaced_picks"]}
    assert replaced == first | second  # both replaced answers stay blocked for this turn
