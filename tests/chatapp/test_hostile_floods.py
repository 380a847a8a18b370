"""Floods and edge-case text on both sockets and the API: every frame answered, one turn at a time, nothing
half stored (each question with its answer), and odd but valid Unicode kept exactly and shown escaped."""

import asyncio

import pytest
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.api import api_for
from tests.support.ws import communicator, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


def _pairs_complete(chat_id: int) -> bool:
    """Every stored question has exactly one answer (nothing half stored)."""
    roles = list(Message.objects.filter(chat_id=chat_id).values_list("turn_key", "role"))
    keys = {k for k, _ in roles}
    return all(sorted(r for k2, r in roles if k2 == k) == ["assistant", "user"] for k in keys)


async def _frames_until_unknown_action(comm) -> None:
    while True:
        frame = await comm.receive_from(timeout=10)
        if "unknown_action" in frame or "Unknown action" in frame:
            return


@pytest.mark.parametrize("path", ["/ws/api/chats/{id}/", "/ws/chats/{id}/"])
async def test_it_answers_a_flood_of_sends_with_one_turn_at_a_time_and_stores_whole_turns(alice, path):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, path.format(id=chat.pk))
    assert (await comm.connect())[0]
    await comm.receive_from(timeout=10)
    for n in range(40):
        await comm.send_json_to({"action": "send", "text": f"a thriller from the 90s, take {n}"})
    await comm.send_json_to({"action": "nope"})  # answered once every send before it has been
    await _frames_until_unknown_action(comm)
    await wait_turns_idle(30)
    await comm.disconnect()
    count = await Message.objects.filter(chat=chat, role="user").acount()
    assert 1 <= count <= 40
    assert await database_sync_to_async(_pairs_complete)(chat.pk)
    assert not await Message.objects.filter(chat=chat, status__in=["pending", "streaming"]).aexists()


async def test_it_answers_a_flood_of_stops_and_edits_without_closing(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_json_from(timeout=10)
    frames = [{"action": "stop"}, {"action": "retry"}, {"action": "regenerate"}, {"action": "edit", "text": "x"}]
    for n in range(100):
        await comm.send_json_to(frames[n % 4])
    answers = [await comm.receive_json_from(timeout=5) for _ in range(100)]
    assert {a["type"] for a in answers} == {"turn.refused"}
    assert "server_error" not in {a["code"] for a in answers}
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from(timeout=5))["code"] == "unknown_action"
    await comm.disconnect()
    await asyncio.sleep(0)
    assert not await Message.objects.filter(chat=chat).aexists()


ODD_BUT_VALID = [
    "\u05e9\u05dc\u05d5\u05dd \u202eevil\u202c ok",  # Hebrew with an RTL override inside visible text
    "e\u0301" + "\u0301" * 300,  # a base letter under 300 combining accents
    "\U0001f469\U0001f3fd\u200d\U0001f680 " * 50,  # ZWJ emoji sequences
    "\ufdfd \U00010348 \U0001d54f",  # wide, Gothic and mathematical letters (astral planes)
    "line\r\nbreaks\rand tabs\t",
]


@pytest.mark.parametrize("text", ODD_BUT_VALID)
def test_it_keeps_odd_but_valid_text_and_shows_it_escaped(alice, scripted, text):
    from chatapp.planner.testing import ScriptedBackend

    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("<b>ok</b>"), purpose="movies.answer")
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    sent = api.post(f"/api/chats/{chat_id}/messages", {"text": text + "<i>"}, content_type="application/json")
    assert sent.status_code == 200, sent.content
    stored = Message.objects.get(chat_id=chat_id, role="user").content
    assert stored == (text + "<i>").replace("\r\n", "\n").replace("\r", "\n")
    client = Client()
    client.force_login(alice)
    page = client.get(f"/chats/{chat_id}/").content.decode()
    assert "<i>" not in page.split("<main", 1)[-1] and "&lt;i&gt;" in page
