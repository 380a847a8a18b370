"""Regenerate is refused, in words, on a chat whose kind keeps no versions (the image lab has them since issue 13)."""

from dataclasses import replace

import pytest

from chatapp import kinds
from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.ws import communicator


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_to_regenerate_in_a_kind_without_versions(alice, monkeypatch):
    monkeypatch.setitem(kinds._registry, "images", replace(kinds.get("images"), has_versions=False))
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice, kind="images")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="user", turn_key="k", content="warmer")
    await database_sync_to_async(Message.objects.create)(chat=chat, role="assistant", turn_key="k", status="complete")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "regenerate"})
    frame = await comm.receive_from()
    await comm.disconnect()
    assert (
        "This chat&#x27;s answers cannot be regenerated" in frame
        or "This chat's answers cannot be regenerated" in frame
    )
