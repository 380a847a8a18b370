"""TURN_RUNNER=procrastinate: a turn is a PostgreSQL job (Procrastinate) that worker processes run."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from chatapp.db import database_sync_to_async
from chatapp.errors import TurnInProgress
from chatapp.selectors import message_is_active
from chatapp.services import message_heartbeat

Turn = Any  # chatapp.turns.Turn (the turn code imports the runner, not the other way round)
# The task chatapp.turn_jobs defines, named rather than imported for the same reason.
RUN_TURN = "marquee.run_turn"

# A web process waiting for a worker's turn (the JSON API answers with the finished turn) looks after
# WAIT_POLL_S, then less and less often up to WAIT_POLL_MAX_S: a short turn is seen ending at once, and the
# wait of a long one (an image job under load: a minute) costs its web process a few dozen DB hops, not 600.
WAIT_POLL_S = 0.1
WAIT_POLL_MAX_S = 1.0
_WAITING = ("todo", "doing")


def chat_lock(chat_id: int) -> str:
    """The Procrastinate lock of a chat's turns: one runs at a time, in every worker together."""
    return f"chat-{chat_id}"


class QueueRunner:
    """Turns as Procrastinate jobs: deferred with their messages, run by workers, stopped by abort."""

    name = "procrastinate"

    def enqueue(self, turn: Turn, *, kind: str, queue: str) -> None:
        job = app.configure_task(
            RUN_TURN,
            queue=queue,
            lock=chat_lock(turn.chat_id),
            queueing_lock=f"turn-{turn.chat_id}-{turn.turn_key}",  # the same turn is never queued twice
        )
        try:
            # Sync defer: Procrastinate's Django connector writes on Django's connection, so the job is
            # part of the transaction that stores the turn's messages (both or neither).
            job.defer(
                chat_id=turn.chat_id,
                owner_id=turn.owner_id,
                kind=kind,
                turn_key=turn.turn_key,
                message_id=turn.message_id,
                text=turn.text,
                flow=turn.flow,
                payload=turn.payload,
            )
        except AlreadyEnqueued:
            raise TurnInProgress("This answer is already waiting for a worker.") from None

    def launch(self, turn: Turn, start: Callable[[], Awaitable[None]], *, watch: bool) -> asyncio.Task | None:
        if not watch:  # a socket hears the end as an event: no polling hops for it (~7 a turn under load)
            return None
        return asyncio.get_running_loop().create_task(_until_ended(turn.message_id), name=f"wait-{turn.turn_key}")

    async def stop(self, chat_id: int) -> None:
        # A job still waiting is cancelled (nobody runs it; the caller closes its message); a running one
        # gets Procrastinate's abort: its worker cancels the task, and the turn's shielded finish stores "stopped".
        for status in _WAITING:
            for job in await app.job_manager.list_jobs_async(lock=chat_lock(chat_id), status=status):
                await app.job_manager.cancel_job_by_id_async(job.id, abort=True)

    def is_running(self, chat_id: int) -> bool:
        return any(app.job_manager.list_jobs(lock=chat_lock(chat_id), status=status) for status in _WAITING)

    async def heartbeat(self, message_id: int) -> None:
        await database_sync_to_async(message_heartbeat)(message_id=message_id)


async def _until_ended(message_id: int) -> None:
    pause = WAIT_POLL_S
    while await database_sync_to_async(message_is_active)(message_id=message_id):
        await asyncio.sleep(pause)
        pause = min(pause * 1.5, WAIT_POLL_MAX_S)
