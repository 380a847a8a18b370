"""With REDIS_URL set, a JSON socket idle longer than channels_redis' 5 s blocking pop still gets every event."""

import asyncio
import json
import socket

import pytest

from chatapp.db import database_sync_to_async
from chatapp.env import redis_layer_config
from chatapp.models import Chat
from chatapp.planner.testing import ScriptedBackend
from tests.support.ws import communicator

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_URL = f"redis://{REDIS_HOST}:{REDIS_PORT}/8"  # db 8: apart from a developer's own data
IDLE_S = 30

PLAN = {
    "intro": "Three tense thrillers:",
    "picks": [
        {"title": "Se7en", "year": 1995, "reason": "Grim and relentless."},
        {"title": "Fargo", "year": 1996, "reason": "Snowbound tension."},
        {"title": "The Silence of the Lambs", "year": 1991, "reason": "A classic cat and mouse."},
    ],
}


def _redis_reachable() -> bool:
    try:
        with socket.create_connection((REDIS_HOST, REDIS_PORT), timeout=0.5):
            return True
    except OSError:
        return False


pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_HOST}:{REDIS_PORT}"),
]


@pytest.fixture
def redis_layer(settings):
    """The channel layer REDIS_URL configures (chatapp/settings.py), on db 8."""
    settings.REDIS_URL = REDIS_URL
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": redis_layer_config(REDIS_URL)}
    }
    yield
    # the next test's layer is built from its own settings (Channels resets its layers when the setting changes)


async def test_it_keeps_an_idle_socket_open_and_delivers_every_event_of_a_later_turn(alice, scripted, redis_layer):
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", PLAN), purpose="plan_picks")
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from())["type"] == "sync"
    await asyncio.sleep(IDLE_S)  # main closed the socket here after 5 s (1011, "Timeout reading from …")
    assert await comm.receive_nothing(timeout=0.1)
    await comm.send_json_to({"action": "send", "text": "thrillers"})
    types = []
    while True:
        frame = await comm.receive_output(timeout=15)
        assert frame["type"] == "websocket.send", f"socket closed after idling: {frame}"
        event = json.loads(frame["text"])
        types.append(event["type"])
        if event["type"] == "turn.ended":
            break
    assert types[:2] == ["message.accepted", "turn.started"]
    assert "mode.decided" in types and "intro.shown" in types
    assert types.count("pick.resolved") == 3
    assert event["assistant_message"]["status"] == "complete"
    await comm.disconnect()
