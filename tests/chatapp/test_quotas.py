"""Daily quotas: past USER_DAILY_TOKEN_QUOTA (or USER_DAILY_COST_QUOTA) a new turn is refused with 429
quota_exceeded, on the page's socket, the JSON socket, the image composer and the API; nothing is stored."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import AsyncClient
from django.utils import timezone

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message, PlannerCall
from imagelab.models import ImageAsset
from tests.support.api import api_for
from tests.support.images import photo
from tests.support.ws import communicator, frames_until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def spent(user, *, tokens=0, cost="0", days_ago=0) -> PlannerCall:
    """A planner call the user made (today, or `days_ago`)."""
    call = PlannerCall.objects.create(
        user=user,
        request_id="r",
        backend="openai",
        model="gpt-5",
        metered=True,
        input_tokens=tokens,
        output_tokens=0,
        cost=Decimal(cost),
    )
    if days_ago:
        PlannerCall.objects.filter(pk=call.pk).update(created_at=timezone.now() - timedelta(days=days_ago))
    return call


def send(api, chat_id, words):
    return api.post(f"/api/chats/{chat_id}/messages", {"text": words}, content_type="application/json")


def test_the_api_refuses_a_turn_past_the_daily_token_quota_and_stores_nothing(alice, settings):
    settings.USER_DAILY_TOKEN_QUOTA = 1000
    spent(alice, tokens=1000)
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    refused = send(api, chat_id, "a thriller please")
    assert (refused.status_code, refused.json()["code"]) == (429, "quota_exceeded")
    message = refused.json()["message"]
    assert "today's allowance of 1,000 tokens" in message and "1,000 used" in message and "midnight UTC" in message
    wait = int(refused["Retry-After"])
    midnight = (timezone.now() + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    assert abs(wait - (midnight - timezone.now()).total_seconds()) <= 5
    assert not Message.objects.filter(chat_id=chat_id).exists()
    assert PlannerCall.objects.count() == 1  # no planner call was made


def test_the_api_refuses_past_the_cost_quota_too(alice, settings):
    settings.USER_DAILY_COST_QUOTA = 0.05
    spent(alice, tokens=10, cost="0.0500")
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    refused = send(api, chat_id, "hi")
    assert (refused.status_code, refused.json()["code"]) == (429, "quota_exceeded")
    assert "today's allowance of $0.05" in refused.json()["message"]


def test_yesterdays_usage_and_other_peoples_do_not_count(alice, bob, settings):
    settings.USER_DAILY_TOKEN_QUOTA = 1000
    spent(alice, tokens=5000, days_ago=1)
    spent(bob, tokens=5000)
    spent(alice, tokens=999)
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    assert send(api, chat_id, "who directed Fargo?").status_code == 200
    assert send(api_for(bob), bob.chats.create().pk, "hi").status_code == 429


async def test_the_page_socket_refuses_with_the_reason_and_gives_the_text_back(alice, settings):
    settings.USER_DAILY_TOKEN_QUOTA = 100
    await db(spent)(alice, tokens=150)
    chat = await db(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "a western please"})
    [refused] = await frames_until(comm, "allowance")
    assert 'id="composer-error"' in refused and "today&#x27;s allowance of 100 tokens" in refused
    assert "a western please</textarea>" in refused  # the typed text is not lost
    await comm.disconnect()
    assert not await db(Message.objects.filter(chat=chat).exists)()


async def test_the_json_socket_refuses_with_quota_exceeded(alice, settings):
    settings.USER_DAILY_TOKEN_QUOTA = 100
    await db(spent)(alice, tokens=150)
    chat = await db(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_json_from()  # sync
    await comm.send_json_to({"action": "send", "text": "hi"})
    refused = await comm.receive_json_from()
    assert (refused["type"], refused["code"]) == ("turn.refused", "quota_exceeded")
    await comm.disconnect()
    assert not await db(Message.objects.filter(chat=chat).exists)()


async def test_the_image_composer_refuses_with_429_and_keeps_no_photo(alice, settings, tmp_path):
    from imagelab import services as image_services

    settings.IMAGE_ROOT = tmp_path / "imagelab"
    settings.USER_DAILY_TOKEN_QUOTA = 100
    await db(spent)(alice, tokens=150)
    chat = await db(image_services.image_chat_create)(user=alice)
    client = AsyncClient()
    await client.aforce_login(alice)
    upload = SimpleUploadedFile("beach.jpg", photo((320, 240)), content_type="image/jpeg")
    response = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "warmer", "image": upload})
    assert (response.status_code, response["X-Error-Code"]) == (429, "quota_exceeded")
    assert "allowance" in response.content.decode()
    assert not await db(Message.objects.filter(chat=chat).exists)()
    assert not await db(ImageAsset.objects.filter(chat=chat).exists)()
    assert not [p for p in (tmp_path / "imagelab").rglob("*") if p.is_file()]  # the photo was discarded


async def test_no_greeting_starts_past_the_quota(alice, settings):
    settings.AUTOSTART_RECOMMENDATIONS = True
    settings.USER_DAILY_TOKEN_QUOTA = 100
    await db(spent)(alice, tokens=150)
    chat = await db(Chat.objects.create)(owner=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.disconnect()
    assert not await db(Message.objects.filter(chat=chat).exists)()


def test_offline_turns_never_use_up_a_token_quota(alice, settings):
    settings.USER_DAILY_TOKEN_QUOTA = 1
    api = api_for(alice)
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    for words in ("who directed Fargo?", "a thriller please", "something funny"):
        assert send(api, chat_id, words).status_code == 200  # the rule planner counts no tokens
