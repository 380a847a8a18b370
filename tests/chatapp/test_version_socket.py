"""Versions over the chat's sockets: regenerate an older answer, edit an older question, switch ‹ n/m ›."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.ws import communicator, frames_until

pytestmark = pytest.mark.django_db(transaction=True)


async def _connected(user, chat, path="/ws/chats/{}/"):
    comm = await communicator(user, path.format(chat.pk))
    await comm.connect()
    await comm.receive_from()
    return comm


async def _run(comm, payload) -> list[str]:
    await comm.send_json_to(payload)
    return await frames_until(comm, 'id="send-button"')


async def _two_turns(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await _connected(alice, chat)
    await _run(comm, {"action": "send", "text": "a tense 90s thriller"})
    await _run(comm, {"action": "send", "text": "something funny from the 80s"})
    rows = await database_sync_to_async(lambda: list(Message.objects.filter(chat=chat).order_by("created_at", "id")))()
    return chat, comm, rows


async def test_it_regenerates_an_older_answer_and_switches_back_and_forth(alice):
    chat, comm, (q1, a1, q2, a2) = await _two_turns(alice)
    # As the page's form sends it: ids as text.
    frames = await _run(comm, {"action": "regenerate", "message": str(a1.pk)})
    joined = "".join(frames)
    assert f'id="msg-{a1.turn_key}-assistant"' in joined and 'aria-label="Version 2 of 2"' in joined
    first = await database_sync_to_async(Message.objects.get)(pk=a1.pk)
    assert first.content and first.payload["picks"] and len(first.versions) == 2
    assert await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").count)() == 2
    old_titles = {p["title"] for p in first.versions[0]["payload"]["picks"]}
    new_titles = {p["title"] for p in first.payload["picks"]}
    assert old_titles and new_titles and not old_titles & new_titles

    await comm.send_json_to({"action": "version", "message": str(a1.pk), "index": "1"})
    frame = await frames_until(comm, f'id="msg-{a1.turn_key}-assistant"')
    assert 'aria-label="Version 1 of 2"' in frame[-1] and all(t in frame[-1] for t in old_titles)
    await comm.send_json_to({"action": "version", "message": a1.pk, "index": 2})
    frame = await frames_until(comm, f'id="msg-{a1.turn_key}-assistant"')
    await comm.disconnect()
    assert all(t in frame[-1] for t in new_titles)
    later = await database_sync_to_async(Message.objects.get)(pk=a2.pk)
    assert later.branch == "" and later.content == a2.content  # regenerating never touches later turns


async def test_it_edits_an_older_question_and_reaches_the_previous_branch(alice):
    chat, comm, (q1, a1, q2, a2) = await _two_turns(alice)
    frames = await _run(comm, {"action": "edit", "message": str(q1.pk), "text": "a gentle 50s comedy"})
    joined = "".join(frames)
    # The whole history is sent again, without the second turn (it belongs to the first question's version).
    assert 'id="messages" class="messages" aria-live="polite" hx-swap-oob="innerHTML"' in joined
    assert f'id="msg-{q2.turn_key}-user"' not in frames[-1] and "a gentle 50s comedy" in joined
    await comm.send_json_to({"action": "version", "message": str(q1.pk), "index": "1"})
    frame = (await frames_until(comm, 'hx-swap-oob="innerHTML"'))[-1]
    await comm.disconnect()
    assert "a tense 90s thriller" in frame and "something funny from the 80s" in frame
    assert 'aria-label="Version 1 of 2"' in frame


async def test_it_refuses_a_switch_in_words(alice):
    chat, comm, (q1, a1, q2, a2) = await _two_turns(alice)
    await comm.send_json_to({"action": "version", "message": str(a1.pk), "index": "5"})
    refused = await comm.receive_from()
    await comm.send_json_to({"action": "version", "message": "nope", "index": "1"})
    missing = await comm.receive_from()
    await comm.disconnect()
    assert "That version does not exist" in refused and "That message does not exist" in missing


async def test_it_switches_versions_on_the_json_socket(alice):
    chat, comm, (q1, a1, q2, a2) = await _two_turns(alice)
    await _run(comm, {"action": "regenerate", "message": a1.pk})
    await comm.disconnect()
    api = await _connected(alice, chat, "/ws/api/chats/{}/")
    await api.send_json_to({"action": "version", "message": a1.pk, "index": 1})
    event = await api.receive_json_from()
    while event["type"] != "version.selected":
        event = await api.receive_json_from()
    await api.send_json_to({"action": "version", "message": a1.pk, "index": 3})
    refused = await api.receive_json_from()
    await api.disconnect()
    assert event["message_id"] == a1.pk and event["index"] == 1 and event["count"] == 2 and event["role"] == "assistant"
    assert refused["type"] == "turn.refused" and refused["code"] == "invalid_version"


async def test_it_refuses_bob_a_version_of_alices_message(alice, bob):
    chat, comm, (q1, a1, q2, a2) = await _two_turns(alice)
    await comm.disconnect()
    bobs = await database_sync_to_async(Chat.objects.create)(owner=bob)
    theirs = await _connected(bob, bobs)
    await theirs.send_json_to({"action": "regenerate", "message": a1.pk})
    refused = await theirs.receive_from()
    await theirs.disconnect()
    assert "That message does not exist" in refused
    assert len((await database_sync_to_async(Message.objects.get)(pk=a1.pk)).versions) == 0
