"""The Redis pub/sub channel layer (REDIS_LAYER=pubsub, the default with REDIS_URL): what was published while a
process's subscription was down is gone, so every channel of the process that may have missed it is told
(`layer.gap`) and its socket closes with 1012 to resync; a channel subscribed after the loss is not told.

A Redis server of the test's own (a free port, nothing saved) is stopped and started again.
"""

import asyncio

import pytest
from django.utils.module_loading import import_string

from chatapp.env import redis_layer
from chatapp.layers import LAYER_GAP
from tests.support.faults import own_redis, redis_available, until

pytestmark = pytest.mark.skipif(not redis_available(), reason="no redis-server")


@pytest.fixture
def redis():
    with own_redis() as server:
        yield server


def _layer(url: str):
    entry = redis_layer(url, "pubsub")
    return import_string(entry["BACKEND"])(**entry["CONFIG"])


async def test_it_tells_each_channel_once_that_it_may_have_missed_events_and_delivers_again_after(redis):
    layer = _layer(redis.url)
    before = await layer.new_channel()
    await layer.group_add("chat_1", before)
    await layer.group_send("chat_1", {"type": "chat.event", "n": 1})
    assert (await asyncio.wait_for(layer.receive(before), 10))["n"] == 1

    redis.stop()
    assert (await asyncio.wait_for(layer.receive(before), 20))["type"] == LAYER_GAP
    redis.start()  # empty: the layer subscribes again
    await until(lambda: redis.subscribers("asgi__group__chat_1") > 0)
    after = await layer.new_channel()  # subscribed once Redis is back: nothing missed, not told
    await layer.group_add("chat_1", after)
    await layer.group_send("chat_1", {"type": "chat.event", "n": 2})
    assert (await asyncio.wait_for(layer.receive(after), 10))["n"] == 2
    assert (await asyncio.wait_for(layer.receive(before), 10))["n"] == 2  # told once, then events flow again
    await layer.flush()


async def test_it_tells_a_channel_when_the_subscription_came_back_before_anyone_noticed(redis):
    layer = _layer(redis.url)
    channel = await layer.new_channel()
    await layer.group_add("chat_1", channel)
    redis.stop()
    redis.start()  # back at once: redis-py may reconnect inside its retries, raising nothing
    await layer.group_send("chat_1", {"type": "chat.event", "n": 1})
    first = await asyncio.wait_for(layer.receive(channel), 20)
    assert first["type"] == LAYER_GAP  # what was published in between is gone: resync
    await layer.flush()


@pytest.mark.django_db(transaction=True)
async def test_it_closes_a_socket_told_of_a_gap_with_1012_so_the_page_reconnects_and_resyncs(alice):
    from channels.layers import get_channel_layer

    from chatapp.db import database_sync_to_async
    from chatapp.events import group_name
    from chatapp.models import Chat
    from tests.support.ws import communicator

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "sync"
    await get_channel_layer().group_send(group_name(chat.pk), {"type": LAYER_GAP})
    closed = await comm.receive_output(timeout=5)
    assert (closed["type"], closed.get("code")) == ("websocket.close", 1012)  # htmx's ws extension retries 1012


async def test_it_keeps_two_redis_databases_apart_though_pub_sub_spans_the_server(redis):
    # Two deployments (or two xdist workers) on one Redis with their own database numbers, each with a chat 1.
    one, two = _layer(f"{redis.url.rstrip('/0')}/1"), _layer(f"{redis.url.rstrip('/0')}/2")
    mine, theirs = await one.new_channel(), await two.new_channel()
    await one.group_add("chat_1", mine)
    await two.group_add("chat_1", theirs)
    await two.group_send("chat_1", {"type": "chat.event", "n": "theirs"})
    await one.group_send("chat_1", {"type": "chat.event", "n": "mine"})
    assert (await asyncio.wait_for(one.receive(mine), 10))["n"] == "mine"  # never the other database's event first
    assert (await asyncio.wait_for(two.receive(theirs), 10))["n"] == "theirs"
    await one.flush()
    await two.flush()
