"""A deleted chat closes every socket on it (chatapp.signals → 4404), however it was deleted; others stay open."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from chatapp import services
from chatapp.db import database_sync_to_async
from tests.support.api import api_for
from tests.support.ws import communicator

pytestmark = pytest.mark.django_db(transaction=True)


async def _chat(user):
    return await database_sync_to_async(services.chat_create)(user=user, kind="images")  # no greeting turn


async def _open(user, path: str):
    comm = await communicator(user, path)
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_from(timeout=10)  # the history sync
    return comm


async def _closed_with(comm) -> int | None:
    while True:
        output = await comm.receive_output(timeout=2)
        if output["type"] == "websocket.close":
            return output.get("code")


async def test_it_closes_the_sockets_of_a_chat_deleted_on_the_page_and_leaves_other_chats_open(alice):
    chat, other = await _chat(alice), await _chat(alice)
    watching, elsewhere = await _open(alice, f"/ws/chats/{chat.pk}/"), await _open(alice, f"/ws/chats/{other.pk}/")
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    deleted = await sync_to_async(browser.post)(f"/chats/{chat.pk}/delete/", headers={"HX-Request": "true"})
    assert deleted.status_code == 200
    assert await _closed_with(watching) == 4404  # not retried by the page, which says the chat was deleted
    assert await elsewhere.receive_nothing(timeout=0.3)
    await elsewhere.disconnect()


async def test_it_tells_an_api_socket_its_chat_was_deleted_through_the_api_then_closes(alice):
    chat = await _chat(alice)
    comm = await _open(alice, f"/ws/api/chats/{chat.pk}/")
    response = await sync_to_async(lambda: api_for(alice).delete(f"/api/chats/{chat.pk}"))()
    assert response.status_code == 204
    assert await comm.receive_json_from(timeout=2) == {"type": "chat.deleted", "chat_id": chat.pk}
    assert await _closed_with(comm) == 4404


async def test_it_leaves_the_socket_open_when_someone_elses_delete_is_refused(alice, bob):
    chat = await _chat(alice)
    comm = await _open(alice, f"/ws/chats/{chat.pk}/")
    refused = await sync_to_async(lambda: api_for(bob).delete(f"/api/chats/{chat.pk}"))()
    assert refused.status_code == 404
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()
