""" "Use this": two simultaneous requests share one asset, and a pick from the history strip is marked in use."""

import pytest
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from imagelab import services
from imagelab.models import ImageAsset, ImageJob
from tests.support.images import job_of, photo, run_turn

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_it_gives_two_simultaneous_use_this_the_same_asset(alice, monkeypatch, image_root):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    real = services.preview

    def racing_preview(image):  # the other request inserts the asset while this one encodes
        monkeypatch.setattr(services, "preview", real)
        services.job_choose_result(user=alice, job_id=job.pk, variation=1)
        return real(image)

    monkeypatch.setattr(services, "preview", racing_preview)
    asset = await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=1)
    assets = await db(lambda: list(ImageAsset.objects.filter(job=job, variation=1)))()
    assert [a.pk for a in assets] == [asset.pk]
    assert len(list((image_root / "chosen").glob("*/preview.jpg"))) == 1  # the loser's preview is gone


@pytest.mark.django_db(transaction=True)
async def test_it_marks_the_variation_picked_from_the_history_strip_as_in_use(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    first = await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=0)
    await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=2)
    client = AsyncClient()
    await client.aforce_login(alice)
    response = await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": first.pk})
    assert response.status_code == 200
    assert (await db(ImageJob.objects.get)(pk=job.pk)).result_variation == 0
    assert "variation 1 in use" in response.content.decode()  # its message is re-rendered with it
