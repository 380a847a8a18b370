"""The history strip's and "Use this" buttons' refusals are said in words: {code, message} for htmx."""

import pytest
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from imagelab import services
from imagelab.models import ImageJob
from tests.support.images import job_of, photo, run_turn

db = database_sync_to_async
HTMX = {"HX-Request": "true"}

pytestmark = pytest.mark.django_db(transaction=True)


async def _browser(user) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(user)
    return client


async def test_it_says_in_words_that_an_image_to_choose_does_not_exist(alice, bob):
    # Both were Django's 404 page: the page's alert line could only say "That was refused (404)".
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((160, 120))))
    mine = await _browser(alice)
    for asset in ["", "abc", "999999"]:
        answered = await mine.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": asset}, headers=HTMX)
        assert (answered.status_code, answered.json()) == (
            404,
            {"code": "not_found", "message": "That image does not exist."},
        )
    bobs = await _browser(bob)
    answered = await bobs.post(f"/imagelab/jobs/{job.pk}/result/", {"variation": "1"}, headers=HTMX)
    assert answered.status_code == 404
    assert answered.json()["code"] == "not_found" and answered.json()["message"]
    plain = await bobs.post(f"/imagelab/jobs/{job.pk}/result/", {"variation": "1"})
    assert (plain.status_code, plain["Content-Type"]) == (404, "text/plain; charset=utf-8")
    assert (await db(ImageJob.objects.get)(pk=job.pk)).result_variation is None


async def test_it_says_under_the_composer_that_the_chat_does_not_exist(alice, bob):
    # The composer got Django's 404 page: htmx swapped nothing, and the message seemed to vanish.
    chat = await db(services.image_chat_create)(user=alice)
    bobs = await _browser(bob)
    answered = await bobs.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "mine"}, headers=HTMX)
    assert answered.status_code == 404 and answered["X-Error-Code"] == "chat_not_found"
    assert 'id="composer-error"' in answered.content.decode()
    assert "That image chat does not exist." in answered.content.decode()
