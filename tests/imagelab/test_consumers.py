"""The image chat's websocket: ownership, and the event sequence of a rule-planned job with real images."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from imagelab import services, starting, storage
from imagelab.models import ImageJob
from tests.support.images import photo
from tests.support.ws import communicator, frames_until, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def image_chat(user) -> Chat:
    return services.image_chat_create(user=user)


async def test_it_refuses_another_users_image_chat_with_4403(alice, bob):
    chat = await image_chat(alice)
    comm = await communicator(bob, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4403}  # nothing of the chat sent


async def test_it_streams_planner_source_plans_steps_five_variations_then_the_end(alice):
    chat = await image_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from()  # sync on connect
    await starting.start_turn(
        user=alice,
        chat=chat,
        text="warmer and punchier, keep the framing",
        data=photo((480, 360)),
        filename="holiday.jpg",
        with_job=False,
    )
    frames = await frames_until(comm, 'id="send-button"', timeout=20)
    await comm.disconnect()
    await wait_turns_idle()

    def kind(frame):
        for marker, name in (
            ("Planned by the", "planner.source"),
            ('class="job-wrap" hx-swap-oob', "plans"),
            ("<figure hx-swap-oob", "step.result"),
            ('<div hx-swap-oob="outerHTML" class="final"', "variation.done"),
        ):
            if marker in frame:
                return name
        return "other"

    kinds = [kind(f) for f in frames]
    first_status = kinds.index("planner.source")
    assert "Planned by the rule-based planner" in frames[first_status]
    assert kinds.index("plans") == first_status + 1
    assert kinds.count("variation.done") == 5
    assert kinds.count("step.result") >= 10
    last_done = max(i for i, k in enumerate(kinds) if k == "variation.done")
    first_step = kinds.index("step.result")
    assert first_step > kinds.index("plans") and first_step < last_done
    assert "Done: pick one." in frames[last_done + 1]  # job.ended
    assert 'id="msg-' in frames[-1] and 'id="send-button"' in frames[-1]  # turn.ended re-renders the message

    job = await database_sync_to_async(ImageJob.objects.get)(chat=chat)
    assert job.status == "done" and job.planner_source == "rules"
    assert len(job.plans) == 5 and all(v["status"] == "done" for v in job.variations)
    for v in job.variations:
        assert storage.exists(v["final"])
        assert all(storage.exists(s["preview"]) for s in v["steps"])
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert message.status == "complete" and message.payload["job_id"] == job.pk
    assert {"t_plan", "t_first_step", "t_execute", "t_total"} <= set(message.timings)


async def test_it_announces_each_thumbnail_and_final_image_only_once_it_can_be_served(alice, monkeypatch):
    from django.test import AsyncClient

    from chatapp.turns import Turn
    from imagelab.events import StepResultEvent, VariationDone

    client = AsyncClient()
    await client.aforce_login(alice)
    served: list[tuple[str, int]] = []
    emit = Turn.emit

    async def emit_and_fetch(self, event):
        # The job's coroutine waits here, so nothing it does later can make the URL servable.
        url = getattr(event, "preview_url", None) or getattr(event, "final_url", None)
        if isinstance(event, StepResultEvent | VariationDone) and url:
            served.append((url, (await client.get(url)).status_code))
        await emit(self, event)

    monkeypatch.setattr(Turn, "emit", emit_and_fetch)
    chat = await image_chat(alice)
    await starting.start_turn(
        user=alice,
        chat=chat,
        text="warmer and punchier, keep the framing",
        data=photo((480, 360)),
        filename="holiday.jpg",
        with_job=False,
    )
    await wait_turns_idle(30)
    assert sum("/final.jpg" in url for url, _ in served) == 5 and len(served) >= 15
    assert [(url, status) for url, status in served if status != 200] == []


PHOTO_FIRST = "Add a photo first: drop one in, paste it, or pick a file."


async def test_it_asks_for_a_photo_first_on_the_json_socket_and_stores_nothing(alice):
    # As the page's composer and POST /api/imagelab/jobs: a text with no photo in the chat is refused, not a turn.
    chat = await image_chat(alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from(timeout=5))["type"] == "sync"
    await comm.send_json_to({"action": "send", "text": "make it warmer"})
    refused = await comm.receive_json_from(timeout=5)
    assert (refused["type"], refused["code"], refused["message"]) == ("turn.refused", "no_image", PHOTO_FIRST)
    assert refused["text"] == "make it warmer"  # the instruction stays, to send again with a photo
    assert not await Message.objects.filter(chat=chat).aexists()
    await starting.start_turn(user=alice, chat=chat, text="", data=photo((200, 150)), with_job=False)
    await wait_turns_idle(30)
    while (await comm.receive_json_from(timeout=5))["type"] != "turn.ended":
        pass
    await comm.send_json_to({"action": "send", "text": "make it warmer"})  # with a photo, the same send is a turn
    assert (await comm.receive_json_from(timeout=5))["type"] == "message.accepted"
    await wait_turns_idle(30)
    await comm.disconnect()
    assert await Message.objects.filter(chat=chat, content="make it warmer").acount() == 1


async def test_it_asks_for_a_photo_first_on_the_page_socket_and_stores_nothing(alice):
    chat = await image_chat(alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from(timeout=5)  # sync on connect
    await comm.send_json_to({"action": "send", "text": "make it warmer"})
    refused = await comm.receive_from(timeout=5)
    assert PHOTO_FIRST in refused and "make it warmer" in refused  # the reason, and the text kept in the box
    await comm.disconnect()
    assert not await Message.objects.filter(chat=chat).aexists()
