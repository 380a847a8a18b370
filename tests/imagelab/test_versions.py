"""Image chats keep versions too: re-running an instruction plans a new five (a job per version) on the same image."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Message
from imagelab import services
from imagelab.models import ImageJob
from tests.support.images import photo, run_turn
from tests.support.ws import communicator, frames_until, wait_turns_idle

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_it_reruns_an_instruction_as_a_new_version_with_its_own_job(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer and punchier", photo((320, 240)), with_job=True)
    await run_turn(alice, chat, "now black and white")  # a later turn, on the chosen (current) image
    first = await db(ImageJob.objects.get)(message_id=turn.message_id)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "regenerate", "message": str(turn.message_id)})
    frames = await frames_until(comm, 'id="send-button"', timeout=30)
    await wait_turns_idle(30)
    jobs = await db(lambda: list(ImageJob.objects.filter(message_id=turn.message_id).order_by("version")))()
    assert [j.version for j in jobs] == [0, 1] and jobs[0].pk == first.pk
    # The new five start from the image the first version edited, with the same instruction.
    assert jobs[1].source_id == first.source_id and jobs[1].instruction == "warmer and punchier"
    assert jobs[1].status == "done" and len(jobs[1].variations) == 5
    answer = await db(Message.objects.get)(pk=turn.message_id)
    assert answer.version == 1 and len(answer.versions) == 2
    assert f'data-job="{jobs[1].pk}"' in "".join(frames) and 'aria-label="Version 2 of 2"' in "".join(frames)

    await comm.send_json_to({"action": "version", "message": turn.message_id, "index": 1})
    frame = (await frames_until(comm, f'id="msg-{turn.turn_key}-assistant"'))[-1]
    await comm.disconnect()
    assert f'data-job="{first.pk}"' in frame and 'aria-label="Version 1 of 2"' in frame


async def test_it_edits_an_older_instruction_and_hides_the_later_turn(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((320, 240)), with_job=True)
    later = await run_turn(alice, chat, "now black and white")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "edit", "message": str(turn.message_id), "text": "cooler"})
    await frames_until(comm, 'id="send-button"', timeout=30)
    await wait_turns_idle(30)
    await comm.disconnect()
    job = await db(ImageJob.objects.get)(message_id=turn.message_id, version=1)
    assert job.instruction == "cooler" and job.status == "done"
    hidden = await db(Message.objects.get)(pk=later.message_id)
    assert hidden.branch == f"{turn.turn_key}:0"
