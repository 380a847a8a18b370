"""The Procrastinate tasks of TURN_RUNNER=procrastinate: run a turn (queues turns/images), sweep dead workers' turns."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from procrastinate import JobContext
from procrastinate.contrib.django import app
from procrastinate.job_context import AbortReason
from procrastinate.jobs import Status

from chatapp import running, selectors, turns
from chatapp.db import database_sync_to_async
from chatapp.runner_queue import RUN_TURN

# How often some worker looks for turns whose worker died (cron, seconds as the 6th field).
SWEEP_CRON = "* * * * * */5"


@app.task(name=RUN_TURN, queue="turns", pass_context=True)
async def run_turn(
    context: JobContext,
    *,
    chat_id: int,
    owner_id: int,
    kind: str,
    turn_key: str,
    message_id: int,
    text: str,
    flow: str,
    payload: dict,
) -> None:
    """Run one turn a web process stored, with the turn code the in-process runner runs."""
    if not await database_sync_to_async(selectors.message_is_active)(message_id=message_id):
        return  # stopped or closed before a worker took it
    turn = turns.new_turn(
        chat_id=chat_id,
        owner_id=owner_id,
        turn_key=turn_key,
        message_id=message_id,
        text=text,
        flow=flow,
        payload=payload,
    )
    running.track(
        chat_id, asyncio.current_task(), stoppable=lambda: not turn.ending
    )  # the sweep in this worker leaves a live turn alone
    await turns.run(
        turn,
        turns.flow_for(kind=kind, flow=flow),
        shutting_down=lambda: context.abort_reason() == AbortReason.SHUTDOWN,
    )


@app.periodic(cron=SWEEP_CRON)
@app.task(name="marquee.sweep_stale_turns", queue="turns", queueing_lock="marquee-sweep")
async def sweep_stale_turns(timestamp: int) -> None:
    """Free the jobs of workers that died (no heartbeat) and close their turns as interrupted."""
    stale_s = settings.TURN_STALE_AFTER_S
    for job in await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=stale_s):
        await app.job_manager.finish_job_by_id_async(job.id, status=Status.FAILED, delete_job=False)
    stale_before = timezone.now() - timedelta(seconds=stale_s)
    for chat in await database_sync_to_async(selectors.chats_with_stale_turn)(stale_before=stale_before):
        await turns.close_stale(chat=chat)
