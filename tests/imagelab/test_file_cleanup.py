"""Image files leave with their rows: deleting a chat deletes its files; imagelab_gc removes orphaned ones."""

import os
import time

import pytest
from django.core.management import call_command

from chatapp import services as chat_services
from chatapp.db import database_sync_to_async
from imagelab import services, storage
from imagelab.models import ImageJob
from tests.support.api import api_for
from tests.support.images import job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def files_under(root) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()} if root.exists() else set()


async def image_chat_with_a_chosen_variation(user):
    chat = await db(services.image_chat_create)(user=user)
    job = await db(job_of)(await run_turn(user, chat, "warmer", photo((120, 90))))
    await db(services.job_choose_result)(user=user, job_id=job.pk, variation=0)
    return chat, job


async def test_it_deletes_a_chats_image_files_when_the_chat_is_deleted(alice, bob, image_root):
    bobs_chat, _ = await image_chat_with_a_chosen_variation(bob)
    bobs_files = files_under(image_root)
    chat, job = await image_chat_with_a_chosen_variation(alice)
    alices_files = files_under(image_root) - bobs_files
    assert any(f.startswith("uploads/") and f.endswith("original.bin") for f in alices_files)
    assert any(f.startswith("jobs/") for f in alices_files) and any(f.startswith("chosen/") for f in alices_files)
    response = await db(lambda: api_for(alice).delete(f"/api/chats/{chat.pk}"))()
    assert response.status_code == 204
    assert not await ImageJob.objects.filter(pk=job.pk).aexists()
    assert files_under(image_root) == bobs_files  # alice's are gone, bob's untouched
    assert await db(lambda: len(os.listdir(image_root / "jobs")))() == 1


async def test_it_deletes_the_files_a_job_writes_after_its_chat_was_deleted(alice, image_root):
    from imagelab import starting
    from tests.support.api import async_api_for
    from tests.support.ws import wait_turns_idle

    chat = await db(services.image_chat_create)(user=alice)
    api = await async_api_for(alice)
    await starting.start_turn(
        user=alice, chat=chat, text="warmer", data=photo((800, 600)), filename="p.jpg", with_job=True
    )
    # Deleted at once, before the job has saved any step: the delete cannot know the files it is about to write.
    assert (await api.delete(f"/api/chats/{chat.pk}")).status_code == 204
    await wait_turns_idle(30)
    assert files_under(image_root) == set()


async def test_it_keeps_the_files_when_the_delete_is_rolled_back(alice, image_root):
    from django.db import transaction

    chat, _ = await image_chat_with_a_chosen_variation(alice)
    before = files_under(image_root)

    def delete_then_fail():
        with pytest.raises(RuntimeError), transaction.atomic():
            chat_services.chat_delete(user=alice, chat_id=chat.pk)
            raise RuntimeError("rolled back")

    await db(delete_then_fail)()
    assert files_under(image_root) == before


async def test_it_collects_orphaned_folders_and_keeps_owned_and_recent_ones(alice, image_root, capsys):
    await image_chat_with_a_chosen_variation(alice)
    owned = files_under(image_root)
    old = time.time() - 7200
    for rel in ("uploads/deadbeef", "jobs/cafebabe"):  # a crash left these behind
        storage.save(f"{rel}/original.bin", b"x")
        os.utime(image_root / rel, (old, old))
    storage.save("uploads/fresh0001/original.bin", b"x")  # an upload whose row is not inserted yet
    for folder in {storage.folder_of(f) for f in owned}:
        os.utime(image_root / folder, (old, old))

    await db(call_command)("imagelab_gc", "--dry-run")
    assert "would remove jobs/cafebabe" in capsys.readouterr().out
    assert "jobs/cafebabe/original.bin" in files_under(image_root)

    await db(call_command)("imagelab_gc")
    out = capsys.readouterr().out
    assert "removed uploads/deadbeef" in out and "2 orphaned folder(s) removed." in out
    assert files_under(image_root) == owned | {"uploads/fresh0001/original.bin"}
