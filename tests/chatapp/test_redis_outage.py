"""Redis briefly unavailable in the middle of a turn: the turn is not lost (the database is the record), the
user's message is stored, and a socket opened once Redis is back resyncs what it missed and runs the next turn.

A Redis server of the test's own (a free port, nothing saved) is stopped while the turn runs and started again.
"""

import asyncio
import json

import pytest

from chatapp.db import database_sync_to_async
from chatapp.env import redis_layer
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from tests.support.faults import own_redis, redis_available, until
from tests.support.ws import communicator, gated_mode_a, wait_turns_idle

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not redis_available(), reason="no redis-server"),
]


@pytest.fixture(params=["pubsub", "list"])
def redis(settings, request):
    """A Redis of this test's own as the channel layer (REDIS_URL's), each REDIS_LAYER in turn; stopped at the end."""
    with own_redis() as server:
        settings.REDIS_URL = server.url
        settings.REDIS_LAYER = request.param
        settings.CHANNEL_LAYERS = {"default": redis_layer(server.url, request.param)}
        yield server


def _listened(redis, settings, group: str) -> bool:
    """Whether some process listens to the channel layer group (a sorted set of the list layer, a pub/sub channel)."""
    if settings.REDIS_LAYER == "list":
        return redis.exists(f"asgi:group:{group}")
    return redis.subscribers(f"asgi__group__{group}") > 0


async def _json_socket(user, chat_id: int, query: str = ""):
    comm = await communicator(user, f"/ws/api/chats/{chat_id}/{query}")
    connected, _ = await comm.connect()
    assert connected
    sync = await comm.receive_json_from(timeout=10)
    assert sync["type"] == "sync"
    return comm, sync


async def _reconnect(user, chat_id: int, query: str, attempts: int = 5):
    """What the page does: connect again until the server takes it (the layer's pooled connections to the
    stopped Redis fail once each before they are replaced)."""
    for attempt in range(attempts):
        try:
            return await _json_socket(user, chat_id, query)
        except Exception:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.5)


async def test_it_finishes_a_turn_through_a_redis_outage_and_a_new_socket_resyncs_it(alice, scripted, redis):
    gate = gated_mode_a(scripted)  # the turn is held running while Redis goes away
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm, sync = await _json_socket(alice, chat.pk)  # an empty chat: no mark yet
    await comm.send_json_to({"action": "send", "text": "hello there"})
    assert (await comm.receive_json_from())["type"] == "message.accepted"
    assert (await comm.receive_json_from())["type"] == "turn.started"

    redis.stop()  # mid-turn: every event the turn publishes now fails to reach Redis
    gate.set()
    await wait_turns_idle(timeout=30)
    answer = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    # main ended it "failed" ("Something went wrong…"): a failed publish crashed the turn
    assert (answer.status, answer.content) == ("complete", "Hello!")
    assert await database_sync_to_async(Message.objects.filter(chat=chat, role="user", content="hello there").exists)()
    with pytest.raises(Exception):  # noqa: B017 - the old socket is gone with its Redis connection (the page reconnects)
        while True:
            await comm.receive_json_from(timeout=5)

    redis.start()  # back on the same port, empty
    comm2, resync = await _reconnect(alice, chat.pk, f"?since={sync['since']}" if sync.get("since") else "")
    # what it missed (the turn's end was never published), nothing lost
    assert (resync["assistant_message"]["status"], resync["assistant_message"]["content"]) == ("complete", "Hello!")
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Again!"), purpose="movies.answer")
    await comm2.send_json_to({"action": "send", "text": "and again"})
    types = []
    while not types or types[-1]["type"] != "turn.ended":
        types.append(await comm2.receive_json_from(timeout=15))
    assert types[-1]["assistant_message"]["status"] == "complete"
    assert "text.delta" in {t["type"] for t in types}  # events flow again
    await comm2.disconnect()
    assert json.dumps(types).count("turn.ended") == 1


async def test_it_takes_a_stop_from_another_process_again_once_redis_is_back(alice, scripted, redis, settings):
    from chatapp import turns
    from chatapp.running import stop_group

    gated_mode_a(scripted)  # never opened: the turn runs until it is stopped
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    turn, _task = await turns.begin(user=alice, chat_id=chat.pk, text="hi")
    group = stop_group(chat.pk)
    await until(lambda: _listened(redis, settings, group))  # the turn listens for a Stop sent from any process
    redis.stop()
    await asyncio.sleep(1)  # its listener loses Redis (main: the listener died here, for good)
    redis.start()  # empty: the turn must listen again
    await until(lambda: _listened(redis, settings, group))
    # What a web process that does not run the turn does: ask over the channel layer, wait for the answer.
    assert await turns.stop_elsewhere(chat=chat)
    await wait_turns_idle()
    assert (await database_sync_to_async(Message.objects.get)(pk=turn.message_id)).status == "stopped"


async def test_it_sends_on_a_fresh_connection_once_redis_has_restarted(redis):
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    await layer.group_send("marquee-restart", {"type": "ping"})  # a pooled connection, which the restart closes
    redis.stop()
    redis.start()
    # The pool hands out the closed connection first: the send retries on a new one instead of failing.
    for _ in range(3):
        await layer.group_send("marquee-restart", {"type": "ping"})
    await layer.flush()
