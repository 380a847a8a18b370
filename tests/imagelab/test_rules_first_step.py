"""The rule planner plans in ~1 ms, so an upload's first turn must not decode the stored file again."""

import pytest
from PIL import Image

from chatapp.db import database_sync_to_async
from imagelab import services, starting, storage, working
from tests.support.images import job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


@pytest.fixture
def reads(monkeypatch):
    """Paths read from image storage during the test."""
    seen = []
    real = storage.read

    def read(rel):
        seen.append(rel)
        return real(rel)

    monkeypatch.setattr(working.storage, "read", read)
    return seen


async def test_it_takes_the_first_working_image_from_the_uploads_pixels(alice, reads):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "done" and (job.working_width, job.working_height) == (400, 300)
    assert job.source.path not in reads  # no second decode of the stored JPEG
    assert working.PREDECODED == {}


async def test_it_decodes_the_stored_file_when_the_early_working_image_failed(alice, reads, monkeypatch):
    real = working.decode_pixels

    def decode(source, **kw):
        if isinstance(source, Image.Image):
            raise MemoryError("no room")
        return real(source, **kw)

    monkeypatch.setattr(working, "decode_pixels", decode)
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "done" and job.source.path in reads


async def test_it_drops_the_early_working_image_of_a_refused_turn(alice, monkeypatch):
    async def refuse(**kw):
        raise RuntimeError("refused")

    monkeypatch.setattr(starting.turns, "begin", refuse)
    chat = await db(services.image_chat_create)(user=alice)
    with pytest.raises(RuntimeError):
        await starting.start_turn(
            user=alice, chat=chat, text="warmer", data=photo((400, 300)), filename="photo.jpg", with_job=False
        )
    assert working.PREDECODED == {}


async def test_it_keeps_the_uploads_working_image_for_the_edit_after_a_chat_answer(alice, reads):
    from imagelab import selectors

    chat = await db(services.image_chat_create)(user=alice)
    answer = await run_turn(alice, chat, "thanks", photo((400, 300)))
    assert await db(job_of)(answer) is None  # a chat answer: no job
    source = await db(selectors.chat_current)(chat=chat)
    assert list(working.PREDECODED) == [source.path]  # kept, not dropped with the answer

    job = await db(job_of)(await run_turn(alice, chat, "warmer"))
    assert job.status == "done" and job.source_id == source.pk
    assert source.path not in reads  # the edit took the upload's own working image
    assert working.PREDECODED == {}  # and the job took it out


async def test_it_decodes_an_image_once_for_a_chat_answer_and_the_edit_after_it(alice, reads):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert first.status == "done" and working.PREDECODED == {} and reads == []
    await run_turn(alice, chat, "thanks")  # decodes the stored file while the planner thinks, and keeps it
    second = await db(job_of)(await run_turn(alice, chat, "cooler"))
    assert second.status == "done" and second.source_id == first.source_id
    assert reads.count(first.source.path) == 1


async def test_it_makes_the_early_working_image_only_where_the_turn_runs(settings):
    pixels = Image.new("RGB", (400, 300), (90, 120, 150))
    settings.TURN_RUNNER = "procrastinate"  # a worker runs the turn and decodes its own
    assert working.from_pixels(pixels, 256) is None
    settings.TURN_RUNNER = "inprocess"
    image, size = await working.from_pixels(pixels, 256)
    assert (image.shape, size) == ((192, 256, 3), (400, 300))  # an array: what the executor works on
