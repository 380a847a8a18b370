"""Websocket helpers against the real ASGI application (auth, origin check and all), and turn waits."""

import asyncio

from channels.testing import WebsocketCommunicator
from django.test import Client

from chatapp.asgi import application
from chatapp.db import database_sync_to_async


def _session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def communicator(user, path: str) -> WebsocketCommunicator:
    """A communicator carrying the user's real session cookie and an allowed Origin."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        cookie = await database_sync_to_async(_session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def frames_until(comm: WebsocketCommunicator, marker: str, timeout: float = 10.0) -> list[str]:
    """Collect text frames until one contains `marker`."""
    frames: list[str] = []
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError(f"no frame containing {marker!r}; got {frames!r}")
        frame = await comm.receive_from(timeout=remaining)
        frames.append(frame)
        if marker in frame:
            return frames


async def say(user, chat, words: str) -> list[str]:
    """Send one message on the chat's HTML socket and collect frames until the turn ends."""
    comm = await communicator(user, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    # The sync frame, cold on a process's first socket (templates, catalogue): Channels' 1 s default timed out
    # on PostgreSQL and under 2 xdist workers (tests/recs/test_proposals.py).
    await comm.receive_from(timeout=10)
    await comm.send_json_to({"action": "send", "text": words})
    frames = await frames_until(comm, 'id="send-button"')
    await comm.disconnect()
    return frames


async def greeting(user):
    """Open a new movie chat of the user's, wait for its autostart greeting to end, and return that message."""
    from chatapp.models import Chat, Message

    chat = await database_sync_to_async(Chat.objects.create)(owner=user)
    comm = await communicator(user, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await frames_until(comm, "msg assistant status-complete")
    await comm.disconnect()
    return await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")


def gated_mode_a(scripted) -> asyncio.Event:
    """Script a mode-A turn whose decide_mode waits for the returned gate: a turn held running."""
    from chatapp.planner.testing import ScriptedBackend

    gate = asyncio.Event()

    async def slow_decide(request):
        await gate.wait()
        return ScriptedBackend.tool("decide_mode", {"mode": "A", "reason": "chat"})

    scripted.add(slow_decide, purpose="decide_mode")
    scripted.add(ScriptedBackend.text("Hello!"), purpose="movies.answer")
    return gate


async def wait_turns_idle(timeout: float = 10.0) -> None:
    """Wait until no turn task is running in this process."""
    from chatapp import running

    deadline = asyncio.get_running_loop().time() + timeout
    while any(not t.done() for t in running.tasks()):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("turns still running")
        await asyncio.sleep(0.02)


async def drain_events(layer, channel: str, types) -> list[dict]:
    """Every event of these types waiting on a channel-layer channel (stops after 0.2 s of quiet)."""
    events = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), 0.2)
        except TimeoutError:
            return events
        if message["event"]["type"] in types:
            events.append(message["event"])


async def json_socket(user):
    """(a new movie chat of `user`, a JSON socket on it past its opening sync)."""
    from chatapp.db import database_sync_to_async
    from chatapp.models import Chat

    chat = await database_sync_to_async(Chat.objects.create)(owner=user)
    comm = await communicator(user, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "sync"
    return chat, comm
