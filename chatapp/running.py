"""The turns this process is running, by chat; Stop reaches a turn in any process through the channel layer."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from channels.layers import get_channel_layer

log = logging.getLogger("marquee.turns")

# chat id → the task running its current turn in this process.
_tasks: dict[int, asyncio.Task] = {}
# chat id → whether its turn still takes a Stop (False once its end is being stored).
_stoppable: dict[int, Callable[[], bool]] = {}
# A Stop listener whose channel layer failed (Redis restarting) listens again after this.
RELISTEN_S = 0.5
# The control message that asks the process running a chat's turn to cancel it (not an event of the page).
STOP_MESSAGE = "turn.stop"


def stop_group(chat_id: int) -> str:
    """The group a running turn listens on for a Stop sent from any process."""
    return f"turn_stop_{chat_id}"


def track(chat_id: int, task: asyncio.Task, stoppable: Callable[[], bool] = lambda: True) -> None:
    """Remember the task running the chat's turn, listen for a Stop from any process, forget both at the end."""
    _tasks[chat_id] = task
    _stoppable[chat_id] = stoppable
    listener = asyncio.get_running_loop().create_task(_listen_for_stop(chat_id), name=f"stop-{chat_id}")

    def done(t: asyncio.Task) -> None:
        listener.cancel()
        if _tasks.get(chat_id) is t:
            _tasks.pop(chat_id, None)
            _stoppable.pop(chat_id, None)

    task.add_done_callback(done)


async def _listen_for_stop(chat_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    while True:
        try:
            await _receive_stop(layer, chat_id)
        except Exception as exc:  # the layer is unreachable (Redis restarting): listen again once it is back
            log.warning("stop listener of chat %s: %s", chat_id, exc)
            await asyncio.sleep(RELISTEN_S)
            continue
        stop(chat_id)
        return


async def _receive_stop(layer, chat_id: int) -> None:
    channel = await layer.new_channel()
    await layer.group_add(stop_group(chat_id), channel)
    try:
        while (await layer.receive(channel)).get("type") != STOP_MESSAGE:
            pass
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
    """Cancel the chat's running turn in this process; True if there was one still taking a Stop."""
    task = _tasks.get(chat_id)
    if task is None or task.done() or not _stoppable.get(chat_id, lambda: True)():
        return False  # none, or its end is being stored: it ends as it is, the Stop is refused
    task.cancel()
    return True


def raise_if_stopped(*, ending: bool = False) -> None:
    """Go on with a Stop that an await swallowed: the current task was cancelled, yet nothing raised.

    redis-py writes every command through Python 3.11's asyncio.wait_for, which returns the result instead of
    raising when the cancel lands as the write completes: a turn then ran on into its next planner call with
    the Stop lost (one Stop in two in CI's Redis leg). Turns check at every event and save (not once `ending`).
    """
    task = asyncio.current_task()
    if task is not None and task.cancelling() and not ending:
        raise asyncio.CancelledError


def tasks() -> list[asyncio.Task]:
    """Every turn task this process still holds (tests and benchmarks wait for them)."""
    return list(_tasks.values())
