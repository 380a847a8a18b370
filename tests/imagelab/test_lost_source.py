"""A chat's current image whose stored file is gone: the next edit fails in plain words, not as a crash."""

import logging

import pytest

from chatapp.db import database_sync_to_async
from imagelab import selectors, services, storage, working
from imagelab.models import ImageJob
from tests.support.images import assistant_of, job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def _chat_with_lost_photo(alice, *, lose: str = "path"):
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", photo((200, 150)))
    current = await db(selectors.chat_current)(chat=chat)
    storage.delete(getattr(current, lose))
    working.PREDECODED.clear()  # another process (or a restart) has no working image of it in memory
    return chat


@pytest.mark.parametrize("lose", ["path", "preview_path"])
async def test_it_fails_an_edit_of_a_lost_photo_in_plain_words_and_logs_no_crash(alice, caplog, lose):
    chat = await _chat_with_lost_photo(alice, lose=lose)
    caplog.set_level(logging.WARNING)
    turn = await run_turn(alice, chat, "now make it black and white")
    answer = await db(assistant_of)(turn)
    assert answer.status == "failed"
    assert answer.payload["error_code"] == "source_missing"
    assert "no longer available" in answer.error and "upload it again" in answer.error.lower()
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
    job = await db(job_of)(turn)
    assert job is None or job.status == ImageJob.Status.FAILED


async def test_it_fails_an_api_job_of_a_lost_photo_kept_in_memory_with_the_same_words(alice, caplog):
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", photo((200, 150)))
    current = await db(selectors.chat_current)(chat=chat)
    storage.delete(current.path)  # its working image is still in this process's memory: the file is gone all the same
    caplog.set_level(logging.WARNING)
    turn = await run_turn(alice, chat, "now make it black and white", with_job=True)
    answer = await db(assistant_of)(turn)
    job = await db(job_of)(turn)
    assert (answer.status, answer.payload["error_code"]) == ("failed", "source_missing")
    assert job.status == ImageJob.Status.FAILED and "no longer available" in job.error
    assert not [r for r in caplog.records if r.exc_info]
