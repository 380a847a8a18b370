"""Stop a chat's answer wherever it runs (this process, another, a worker, or nowhere any more), and close
the answers of processes that died."""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from chatapp import runner, running
from chatapp.db import database_sync_to_async
from chatapp.errors import MarqueeError
from chatapp.events import TurnEnded, group_name, to_group_message
from chatapp.models import Message
from chatapp.selectors import active_turn, message_status
from chatapp.services import turn_close_orphaned, turn_close_stale

# A process running a turn stops it within this after a Stop from another process (else nobody runs it).
STOP_ACK_S = 0.5


async def close_orphaned(*, user, chat_id: int) -> bool:
    """Stop an answer that no process runs any more, and tell every open page; False if none."""
    message = await database_sync_to_async(turn_close_orphaned)(user=user, chat_id=chat_id)
    if message is not None:
        await _announce_closed(message)
    return message is not None


async def stop_elsewhere(*, chat) -> bool:
    """Ask the process running the chat's turn (any process) to stop it; True once it has, within STOP_ACK_S.

    Refused (409 no_turn) when the answer ended on its own meanwhile: a Stop racing the last event.
    """
    answer = await database_sync_to_async(active_turn)(chat=chat)
    if answer is None:
        return False
    await runner.current().stop(chat.pk)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_ACK_S
    while loop.time() < deadline:
        await asyncio.sleep(0.05)
        if await database_sync_to_async(active_turn)(chat=chat) is None:
            if await database_sync_to_async(message_status)(message_id=answer.pk) != Message.Status.STOPPED:
                raise _already_ended()
            return True
    return False  # nobody answered: no process runs it (the caller closes it as orphaned)


def _already_ended() -> MarqueeError:
    return MarqueeError("The answer had already finished; there is nothing to stop.", code="no_turn", status=409)


async def _until_ended(*, chat) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_ACK_S
    while loop.time() < deadline and await database_sync_to_async(active_turn)(chat=chat) is not None:
        await asyncio.sleep(0.02)


async def close_stale(*, chat) -> None:
    """Close the chat's answer whose process died (no heartbeat) as interrupted, and tell every open page."""
    message = await database_sync_to_async(turn_close_stale)(chat=chat)
    if message is not None:
        await _announce_closed(message)


async def _announce_closed(message: Message) -> None:
    event = TurnEnded(
        chat_id=message.chat_id,
        turn_key=message.turn_key,
        assistant_message_id=message.pk,
        status=message.status,
        error=message.error,
    )
    await get_channel_layer().group_send(group_name(message.chat_id), to_group_message(event))


def stop_deleted(chat_id: int) -> None:
    """Stop a just deleted chat's turn wherever it runs (sync views call it once the delete has committed).

    Nobody can see its answer any more: running on would only spend planner calls and AI edits, and write files.
    """
    async_to_sync(runner.current().stop)(chat_id)


def stop(chat_id: int) -> bool:
    """Cancel the chat's running turn in this process; True if there was one."""
    return running.stop(chat_id)


async def stop_any(*, user, chat, wait: bool = False) -> None:
    """Stop the chat's answer wherever it runs (this process, another, or none any more); refuse if none.

    With `wait`, return once the answer is stored as stopped (an API client reads it back at once).
    """
    if stop(chat.pk):
        if wait:
            await _until_ended(chat=chat)
        return
    if running.is_running(chat.pk):  # ours, but its end is being stored: too late to stop it
        raise _already_ended()
    if await stop_elsewhere(chat=chat):
        return
    if not await close_orphaned(user=user, chat_id=chat.pk):
        raise MarqueeError("There is no answer in progress to stop.", code="no_turn", status=409)
