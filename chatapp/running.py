"""The turns this process is running, by chat (services ask it; turns fill it; Stop cancels through it)."""

from __future__ import annotations

import asyncio

# chat id → the task running its current turn in this process.
_tasks: dict[int, asyncio.Task] = {}


def track(chat_id: int, task: asyncio.Task) -> None:
    """Remember the task running the chat's turn, and forget it when it ends."""
    _tasks[chat_id] = task

    def done(t: asyncio.Task) -> None:
        if _tasks.get(chat_id) is t:
            _tasks.pop(chat_id, None)

    task.add_done_callback(done)


def is_running(chat_id: int) -> bool:
    """Whether this process is running a turn for the chat."""
    task = _tasks.get(chat_id)
    return task is not None and not task.done()


def stop(chat_id: int) -> bool:
    """Cancel the chat's running turn in this process; True if there was one."""
    task = _tasks.get(chat_id)
    if task is None or task.done():
        return False
    task.cancel()
    return True


def tasks() -> list[asyncio.Task]:
    """Every turn task this process still holds (tests and benchmarks wait for them)."""
    return list(_tasks.values())
