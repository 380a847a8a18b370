"""A session write without the CSRF header is a 403 `csrf_failed`, on async routes too (never a 500)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from imagelab.models import ImageAsset
from tests.support.images import photo

pytestmark = pytest.mark.django_db(transaction=True)


async def session_client(user) -> AsyncClient:
    client = AsyncClient(enforce_csrf_checks=True)
    await client.aforce_login(user)
    return client


async def test_it_answers_403_csrf_failed_to_a_session_message_without_the_header(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    client = await session_client(alice)
    refused = await client.post(f"/api/chats/{chat.pk}/messages", {"text": "hi"}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert "CSRF" in refused.json()["message"]
    assert not await Message.objects.filter(chat=chat).aexists()


async def test_it_answers_403_csrf_failed_to_a_session_upload_without_the_header(alice):
    client = await session_client(alice)
    upload = SimpleUploadedFile("p.jpg", photo((64, 48)), content_type="image/jpeg")
    refused = await client.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert not await ImageAsset.objects.aexists()


async def test_it_still_answers_401_to_an_async_write_without_any_credentials(alice):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    refused = await AsyncClient(enforce_csrf_checks=True).post(
        f"/api/chats/{chat.pk}/messages", {"text": "hi"}, content_type="application/json"
    )
    assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
