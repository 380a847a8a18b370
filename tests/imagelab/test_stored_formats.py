"""Images we stored ourselves are decoded only as the format we wrote (final JPEGs, AI-result PNGs)."""

import io

import pytest
from PIL import Image, UnidentifiedImageError

from chatapp.db import database_sync_to_async
from imagelab import downloads, services, storage
from imagelab.models import ImageJob
from tests.support.images import job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def _bmp() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 200, 10)).save(buf, "BMP")
    return buf.getvalue()


async def _done_job(user) -> ImageJob:
    chat = await db(services.image_chat_create)(user=user)
    job = await db(job_of)(await run_turn(user, chat, "warmer", photo((200, 150))))
    assert job.status == "done"
    return job


async def test_it_reads_a_stored_final_only_as_jpeg(alice):
    job = await _done_job(alice)
    storage.save(job.variations[0]["final"], _bmp())  # not what we wrote there
    with pytest.raises(UnidentifiedImageError):
        await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=0)
    assert await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=1)  # our JPEG reads fine


async def test_it_reads_a_stored_ai_result_only_as_png(alice):
    job = await _done_job(alice)
    path = storage.save(f"{storage.new_folder('jobs')}/ai-v0-s0.png", _bmp())
    await db(ImageJob.objects.filter(pk=job.pk).update)(ai_images={"0:0": path})
    job = await db(ImageJob.objects.select_related("source").get)(pk=job.pk)
    with pytest.raises(UnidentifiedImageError):
        await db(downloads.render_download)(job=job, variation=0, fmt="png")
