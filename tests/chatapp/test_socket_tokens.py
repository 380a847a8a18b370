"""API clients on the JSON socket with a bearer token (chatapp.socket_tokens): no session, no Origin."""

import json

import pytest
from channels.testing import WebsocketCommunicator

from chatapp import services
from chatapp.asgi import application
from chatapp.db import database_sync_to_async

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def _token(user) -> tuple[int, str]:
    token, key = await db(services.api_token_create)(user=user)
    return token.pk, key


def _socket(path: str, key: str | None) -> WebsocketCommunicator:
    """A client with no cookie and no Origin, as a script or a server opens it."""
    headers = [(b"host", b"testserver")] + ([(b"authorization", f"Bearer {key}".encode())] if key else [])
    return WebsocketCommunicator(application, path, headers=headers)


async def _closed_with(comm: WebsocketCommunicator) -> int | None:
    while True:
        output = await comm.receive_output(timeout=2)
        if output["type"] == "websocket.close":
            return output.get("code")


async def test_it_opens_the_json_socket_for_a_token_and_syncs_the_chat(alice):
    chat = await db(services.chat_create)(user=alice)
    _, key = await _token(alice)
    comm = _socket(f"/ws/api/chats/{chat.pk}/", key)
    connected, _ = await comm.connect()
    assert connected
    first = json.loads(await comm.receive_from())
    assert first["type"] == "sync"
    await comm.disconnect()


async def test_it_refuses_bob_s_token_on_alice_s_chat_and_a_bad_token(alice, bob):
    chat = await db(services.chat_create)(user=alice)
    _, bobs = await _token(bob)
    for key, code in ((bobs, 4403), ("mq_not-a-token", 4401), ("", 4401)):
        comm = _socket(f"/ws/api/chats/{chat.pk}/", key or None)
        if key == "":  # no header at all: the browser's way, where a socket without an Origin is refused
            connected, _ = await comm.connect()
            assert not connected
            continue
        await comm.connect()
        assert await _closed_with(comm) == code


async def test_it_closes_a_token_s_socket_when_the_token_is_revoked(alice):
    chat = await db(services.chat_create)(user=alice)
    token_id, key = await _token(alice)
    comm = _socket(f"/ws/api/chats/{chat.pk}/", key)
    await comm.connect()
    await comm.receive_from()
    await db(services.api_token_revoke)(user=alice, token_id=token_id)
    assert await _closed_with(comm) == 4401
    again = _socket(f"/ws/api/chats/{chat.pk}/", key)
    await again.connect()
    assert await _closed_with(again) == 4401  # a revoked token opens nothing


async def test_it_keeps_the_page_socket_to_sessions_and_origins(alice):
    chat = await db(services.chat_create)(user=alice)
    _, key = await _token(alice)
    comm = _socket(f"/ws/chats/{chat.pk}/", key)  # the HTML socket: a token alone, no Origin
    connected, _ = await comm.connect()
    assert not connected
