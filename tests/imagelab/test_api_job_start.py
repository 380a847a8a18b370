"""The image-job API leaves nothing behind when a job cannot start (the chat it made is deleted)."""

import pytest
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from tests.support.images import photo

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_it_deletes_the_chat_it_made_when_the_api_job_cannot_start(alice, monkeypatch):
    monkeypatch.setattr("chatapp.ratelimit.turn_rate_check", lambda **kw: False)
    client = AsyncClient()
    await client.aforce_login(alice)
    response = await client.post("/api/imagelab/jobs", {"instruction": "warmer", "image": _upload()})
    assert response.status_code == 429
    assert not await db(Chat.objects.filter(owner=alice).exists)()
    assert not await db(Message.objects.exists)()


def _upload():
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")
