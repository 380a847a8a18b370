"""Sessions end sockets: logout, a new password or a deactivated account closes open sockets (4401)."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from chatapp import services
from chatapp.asgi import application
from chatapp.db import database_sync_to_async

pytestmark = pytest.mark.django_db(transaction=True)


async def _open(client: Client, chat) -> WebsocketCommunicator:
    """A socket on the chat carrying this browser's own session cookie."""
    cookie = client.cookies["sessionid"].value
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", f"sessionid={cookie}".encode())]
    comm = WebsocketCommunicator(application, f"/ws/chats/{chat.pk}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_from()  # the history sync
    return comm


async def _browser(user) -> Client:
    client = Client()
    await sync_to_async(client.force_login)(user)
    return client


async def _closed_with(comm: WebsocketCommunicator) -> int | None:
    while True:
        output = await comm.receive_output(timeout=1)
        if output["type"] == "websocket.close":
            return output.get("code")


async def _chat(user):
    return await database_sync_to_async(services.chat_create)(user=user, kind="images")


async def test_it_closes_the_sessions_sockets_on_logout_and_leaves_other_sessions_open(alice):
    chat = await _chat(alice)
    laptop, phone = await _browser(alice), await _browser(alice)
    on_laptop, on_phone = await _open(laptop, chat), await _open(phone, chat)
    await sync_to_async(laptop.post)("/logout/")
    assert await _closed_with(on_laptop) == 4401
    assert await on_phone.receive_nothing(timeout=0.3)
    await on_phone.disconnect()


async def test_it_closes_every_socket_of_a_user_whose_password_changes(alice):
    chat = await _chat(alice)
    comm = await _open(await _browser(alice), chat)

    def change_password():
        alice.set_password("a-brand-new-secret-42")
        alice.save()

    await database_sync_to_async(change_password)()
    assert await _closed_with(comm) == 4401


async def test_it_closes_the_sockets_of_a_deactivated_account_and_not_on_other_saves(alice):
    chat = await _chat(alice)
    comm = await _open(await _browser(alice), chat)
    alice.first_name = "Alice"
    await database_sync_to_async(alice.save)()
    assert await comm.receive_nothing(timeout=0.3)
    alice.is_active = False
    await database_sync_to_async(alice.save)()
    assert await _closed_with(comm) == 4401
