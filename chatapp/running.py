"""The turns this process is running, by chat; Stop reaches a turn in any process through the channel layer."""

from __future__ import annotations

import asyncio
import contextlib

from channels.layers import get_channel_layer

# chat id → the task running its current turn in this process.
_tasks: dict[int, asyncio.Task] = {}
# The control message that asks the process running a chat's turn to cancel it (not an event of the page).
STOP_MESSAGE = "turn.stop"


def stop_group(chat_id: int) -> str:
    """The group a running turn listens on for a Stop sent from any process."""
    return f"turn_stop_{chat_id}"


def track(chat_id: int, task: asyncio.Task) -> None:
    """Remember the task running the chat's turn, listen for a Stop from any process, forget both at the end."""
    _tasks[chat_id] = task
    listener = asyncio.get_running_loop().create_task(_listen_for_stop(chat_id, task), name=f"stop-{chat_id}")

    def done(t: asyncio.Task) -> None:
        listener.cancel()
        if _tasks.get(chat_id) is t:
            _tasks.pop(chat_id, None)

    task.add_done_callback(done)


async def _listen_for_stop(chat_id: int, task: asyncio.Task) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    channel = await layer.new_channel()
    await layer.group_add(stop_group(chat_id), channel)
    try:
        while (await layer.receive(channel)).get("type") != STOP_MESSAGE:
            pass
        task.cancel()
    finally:
        with contextlib.suppress(Exception):  # the layer may be gone at shutdown; the group expires anyway
            await layer.group_discard(stop_group(chat_id), channel)


async def request_stop(chat_id: int) -> None:
    """Ask whichever process runs the chat's turn to cancel it."""
    await get_channel_layer().group_send(stop_group(chat_id), {"type": STOP_MESSAGE})


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
