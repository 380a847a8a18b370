"""Where turns run: one small interface (enqueue, launch, stop, is_running, heartbeat), two implementations.

`inprocess` runs a turn as an asyncio task of the web process that accepted it (the embedded default);
`procrastinate` stores it as a PostgreSQL job, in the transaction that stores the message, and worker
processes (`manage.py procrastinate worker`) run it with the same turn code. TURN_RUNNER chooses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from django.conf import settings

from chatapp import running
from chatapp.db import database_sync_to_async
from chatapp.services import message_heartbeat

# chatapp.turns.Turn (not imported: the turn code imports this module).
Turn = Any


class Runner(Protocol):
    """What the turn code asks of whatever runs turns."""

    def enqueue(self, turn: Turn, *, kind: str, queue: str) -> None:
        """Called inside the transaction that stores the turn's messages (a job queue stores the job there)."""

    def launch(self, turn: Turn, start: Callable[[], Awaitable[None]], *, watch: bool) -> asyncio.Task | None:
        """A task that ends when the turn has ended (and, in process, runs it); None if unwatched and elsewhere."""

    async def stop(self, chat_id: int) -> None:
        """Ask whichever process runs the chat's turn to cancel it (its finish stores "stopped")."""

    def is_running(self, chat_id: int) -> bool:
        """Whether a turn of the chat runs (or waits to run) under this runner."""

    async def heartbeat(self, message_id: int) -> None:
        """Show the turn writing this message is alive."""


class InProcessRunner:
    """Turns as asyncio tasks of this process; Stop from another process arrives over the channel layer."""

    name = "inprocess"

    def enqueue(self, turn: Turn, *, kind: str, queue: str) -> None:
        pass  # nothing to store: launch() starts the task once the messages are committed

    def launch(self, turn: Turn, start: Callable[[], Awaitable[None]], *, watch: bool) -> asyncio.Task | None:
        task = asyncio.get_running_loop().create_task(start(), name=f"turn-{turn.turn_key}")
        running.track(turn.chat_id, task, stoppable=lambda: not turn.ending)
        return task

    async def stop(self, chat_id: int) -> None:
        await running.request_stop(chat_id)

    def is_running(self, chat_id: int) -> bool:
        return running.is_running(chat_id)

    async def heartbeat(self, message_id: int) -> None:
        await database_sync_to_async(message_heartbeat)(message_id=message_id)


def current() -> Runner:
    """The runner TURN_RUNNER names (the procrastinate one is imported only when chosen)."""
    if settings.TURN_RUNNER == "procrastinate":
        from chatapp.runner_queue import QueueRunner

        return QueueRunner()
    return InProcessRunner()
