"""Stop landing while the executor runs the plans' shared prefix: the job ends as stopped, and nothing is
left for asyncio to complain about (the worker's Stopped is retrieved)."""

import asyncio
import gc
import logging

import pytest
from channels.layers import get_channel_layer

from chatapp import turns
from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from imagelab import render, services, starting
from tests.fakes import openai_server
from tests.fakes.openai_server import tool_call
from tests.support.images import assistant_of, job_of, photo
from tests.support.ws import wait_turns_idle

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

# Forty identical blur steps open every plan: a long shared prefix, each step stored as a preview.
PREFIX = [{"op": "blur", "params": {"sigma": 8}} for _ in range(40)]
PLAN = {
    "variations": [
        {
            "label": f"Look {i}",
            "strategy": "A look.",
            "operations": PREFIX + [{"op": "contrast", "params": {"value": 1 + i / 10}}],
        }
        for i in range(5)
    ],
    "diversity_axes": ["tone"],
}


async def _worker_threads_done(timeout: float = 10.0) -> None:
    """Wait until no asyncio.to_thread task of this loop is pending (the executor's thread has returned)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while any("to_thread" in repr(t.get_coro()) for t in asyncio.all_tasks()):
        assert asyncio.get_running_loop().time() < deadline, "executor thread still running"
        await asyncio.sleep(0.02)


async def test_it_stops_during_the_shared_prefix_without_an_unretrieved_exception(alice, openai_on, caplog):
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    chat = await db(services.image_chat_create)(user=alice)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    turn, _ = await starting.start_turn(
        user=alice, chat=chat, text="soften it", data=photo((1280, 960)), filename="photo.jpg", with_job=False
    )
    while True:  # Stop as soon as the first (shared) step result is announced
        message = await asyncio.wait_for(layer.receive(channel), 10)
        if message["event"]["type"] == "step.result":
            assert message["event"]["step"] < len(PREFIX) - 1
            assert turns.stop(chat.pk)
            break
    await wait_turns_idle(20)
    await _worker_threads_done()
    gc.collect()  # an unretrieved task exception is reported when the task is collected
    await asyncio.sleep(0.05)

    job = await db(job_of)(turn)
    assert job.status == "stopped" and (await db(assistant_of)(turn)).status == "stopped"
    assert all(v["final"] is None for v in job.variations)  # stopped inside the prefix: nothing finished
    shown = await db(render.message_html)(await db(assistant_of)(turn))  # the stopped turn, as re-rendered
    assert "shimmer" not in shown and shown.count("Stopped before it finished.") == 5
    noise = [r for r in caplog.records if "never retrieved" in r.getMessage() or r.name == "asyncio"]
    assert noise == [], [r.getMessage() for r in noise]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
