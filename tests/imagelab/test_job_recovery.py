"""An image turn whose process died ends its job too: no page keeps loading a job nobody runs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from chatapp.db import database_sync_to_async
from chatapp.models import Message
from imagelab import services as image_services
from imagelab.models import ImageJob
from tests.support.api import api_for
from tests.support.images import photo, run_turn
from tests.support.ws import communicator, frames_until

pytestmark = pytest.mark.django_db(transaction=True)


async def test_it_ends_the_image_job_of_a_dead_turn_so_its_page_stops_loading(alice):
    chat = await database_sync_to_async(image_services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((160, 120)))
    job = await database_sync_to_async(ImageJob.objects.get)(message_id=turn.message_id)
    # As a process killed mid-job leaves it: the turn and its job still "running", nobody beating.
    await database_sync_to_async(ImageJob.objects.filter(pk=job.pk).update)(status="running")
    await database_sync_to_async(Message.objects.filter(pk=turn.message_id).update)(
        status="streaming", updated_at=timezone.now() - timedelta(seconds=31)
    )
    client = await database_sync_to_async(api_for)(alice)
    response = await database_sync_to_async(client.get)(f"/api/imagelab/jobs/{job.pk}")
    assert response.json()["status"] == "interrupted"
    assert (await database_sync_to_async(Message.objects.get)(pk=turn.message_id)).status == "interrupted"


async def test_it_stops_the_image_job_when_stop_closes_an_orphaned_turn(alice):
    chat = await database_sync_to_async(image_services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((160, 120)))
    job = await database_sync_to_async(ImageJob.objects.get)(message_id=turn.message_id)
    await database_sync_to_async(ImageJob.objects.filter(pk=job.pk).update)(status="running")
    await database_sync_to_async(Message.objects.filter(pk=turn.message_id).update)(status="streaming")
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "stop"})
    await frames_until(comm, "Stopped.")
    await comm.disconnect()
    assert (await database_sync_to_async(ImageJob.objects.get)(pk=job.pk)).status == "stopped"
