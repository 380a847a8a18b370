"""Every image job ends: stored as stopped or failed when Stop lands or publishing breaks, and a finished job is never rewritten."""

import asyncio

import pytest

from chatapp import turns
from chatapp.db import database_sync_to_async
from chatapp.turns import Turn
from imagelab import flows, services, starting
from imagelab.jobflow import JobFailed
from imagelab.models import ImageJob
from tests.support.images import job_of, photo, run_turn
from tests.support.ws import wait_turns_idle

db = database_sync_to_async


def _on_plans(monkeypatch, action):
    """Run `action()` (async) when a turn publishes its plans event, before publishing it."""
    original = Turn.emit

    async def emit(self, event):
        if getattr(event, "type", "") == "plans":
            await action()
        return await original(self, event)

    monkeypatch.setattr(Turn, "emit", emit)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("with_job", [False, True])
async def test_it_stores_a_job_as_stopped_when_stop_lands_between_planning_and_execution(alice, monkeypatch, with_job):
    reached = asyncio.Event()

    async def slow():
        reached.set()
        await asyncio.sleep(5)  # the Stop lands while the plans event is being published

    _on_plans(monkeypatch, slow)
    chat = await db(services.image_chat_create)(user=alice)
    turn, _ = await starting.start_turn(
        user=alice, chat=chat, text="warmer", data=photo((400, 300)), filename="p.jpg", with_job=with_job
    )
    await asyncio.wait_for(reached.wait(), 10)
    assert turns.stop(chat.pk)
    await wait_turns_idle(30)
    job = await db(ImageJob.objects.get)(message_id=turn.message_id)
    assert job.status == "stopped" and not job.is_active


@pytest.mark.django_db(transaction=True)
async def test_it_stores_a_job_as_failed_when_publishing_its_plans_breaks(alice, monkeypatch):
    async def broken():
        raise RuntimeError("channel layer down")

    _on_plans(monkeypatch, broken)
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "failed" and not job.is_active


@pytest.mark.django_db(transaction=True)
async def test_it_never_rewrites_a_finished_job_when_its_message_runs_again(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((400, 300)))
    await db(services.job_choose_result)(user=alice, job_id=(await db(job_of)(turn)).pk, variation=0)
    before = await db(job_of)(turn)
    assert before.status == "done"

    turn.text = "black and white"  # the same assistant message run a second time
    with pytest.raises(JobFailed):
        await flows.run_image_turn(turn)
    after = await db(job_of)(turn)
    assert after.pk == before.pk and after.status == "done" and after.instruction == before.instruction
    assert (after.plans, after.variations, after.result_variation) == (before.plans, before.variations, 0)
