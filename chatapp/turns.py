"""Runs a turn as a task that outlives the socket, publishes its events, and lets Stop cancel it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, transaction

from chatapp import kinds, ratelimit, runner, running
from chatapp.db import database_sync_to_async
from chatapp.errors import InvalidInput
from chatapp.events import TextDelta, TurnEnded, TurnStarted, VersionSelected, group_name, to_group_message
from chatapp.models import Message
from chatapp.narration import FLUSH_EVERY_S, Narration
from chatapp.planner.backends.base import PlannerError
from chatapp.planner.metering import Meter, metering, usage_summary
from chatapp.planner.steplog import StepLog
from chatapp.selectors import chat_get, message_get, message_latest_assistant, turn_messages, version_info
from chatapp.services import (
    AUTOSTART_TURN,
    INTERRUPTED,
    message_heartbeat,
    message_save_progress,
    planner_calls_store,
    turn_start,
    turn_start_autostart,
)
from chatapp.stopping import close_orphaned, close_stale, stop, stop_any, stop_elsewhere  # noqa: F401 - turns.stop…
from chatapp.versions import message_version_select, turn_rerun

log = logging.getLogger("marquee.turns")


@dataclass
class Turn(Narration):
    """The live state of one assistant message while its turn runs (Narration: its steps and reasoning)."""

    chat_id: int
    owner_id: int
    turn_key: str
    message_id: int
    text: str
    flow: str
    steplog: StepLog
    content: str = ""
    payload: dict[str, Any] = field(default_factory=dict)
    planner_source: str = ""
    # The turn's planner calls (usage, cost), counted by the metered backend while the flow runs.
    meter: Meter = field(default_factory=Meter)
    status: str = Message.Status.PENDING
    started: bool = False
    # Set (without an await in between) once the flow has ended: from then on a Stop is refused, so a turn
    # whose end is being stored never ends "complete" after a Stop was accepted.
    ending: bool = False
    _last_flush: float = 0.0
    _thinking_gap: str = ""  # Narration's: a gap between reasoning parts, held back until more text follows

    async def emit(self, event) -> None:
        """Publish an event to everyone watching this chat; a channel layer outage never ends the turn."""
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            await layer.group_send(group_name(self.chat_id), to_group_message(event))
        except Exception as exc:  # e.g. Redis restarting: the database is the record, pages resync on reconnect
            log.warning("turn %s: event %s not published (%s)", self.turn_key, event.type, exc)
        running.raise_if_stopped(ending=self.ending)

    async def stream_text(self, delta: str) -> None:
        """Append streamed text, publish it, and persist it now and then."""
        if not delta:
            return
        self.content += delta
        await self.emit(TextDelta(chat_id=self.chat_id, turn_key=self.turn_key, delta=delta))
        if time.monotonic() - self._last_flush >= FLUSH_EVERY_S:
            await self.save(status=Message.Status.STREAMING)

    async def save(self, **extra) -> bool:
        """Persist content, payload and status so a reloading page shows the state so far (False: it was stopped)."""
        if "status" in extra:
            self.status = extra["status"]
        stored = await database_sync_to_async(message_save_progress)(**self.stored_fields(**extra))
        running.raise_if_stopped(ending=self.ending)
        return stored

    def stored_fields(self, **extra) -> dict[str, Any]:
        """What save() stores, for a flow that stores it in one hop with its own writes (then it counts as a save)."""
        self._last_flush = time.monotonic()
        fields = {
            "message_id": self.message_id,
            "content": self.content,
            "payload": self.payload,
            "status": self.status,
            "planner_source": self.planner_source,
        }
        return fields | extra


FlowFn = Callable[[Turn], Awaitable[None]]


def launch(turn: Turn, flow_fn: FlowFn, *, watch: bool = True) -> asyncio.Task | None:
    """Start the turn (here or wherever the runner runs it): a task ending with it (None: unwatched, run elsewhere)."""
    loop = asyncio.get_running_loop()
    task = runner.current().launch(turn, lambda: run(turn, flow_fn), watch=watch)
    if task is None:  # a socket hears the end as an event: nothing here looks for it
        return None

    def done(t: asyncio.Task) -> None:
        if t.cancelled() and not turn.started and settings.TURN_RUNNER == "inprocess":
            # Stopped before its first step ran: run() never got to store "stopped", so do it here.
            loop.create_task(_finish(turn, Message.Status.STOPPED, ""))

    task.add_done_callback(done)
    return task


async def retry(*, user, chat_id: int, watch: bool = True) -> tuple[Turn, asyncio.Task | None]:
    """Run an interrupted (or failed) last answer again: as a new version where the kind has them, else resent."""
    chat = await database_sync_to_async(chat_get)(user=user, chat_id=chat_id)
    last = await database_sync_to_async(message_latest_assistant)(chat=chat)
    if last is None or last.status not in (Message.Status.INTERRUPTED, Message.Status.FAILED):
        raise InvalidInput("Only an interrupted or failed answer can be tried again.", code="nothing_to_retry")
    kind = kinds.get(chat.kind)
    if kind.has_versions or kind.can_regenerate:  # answered again in place: the interrupted one stays a version
        return await regenerate(user=user, chat_id=chat_id, message_id=last.pk, watch=watch)
    user_message, _ = await database_sync_to_async(turn_messages)(chat=chat, turn_key=last.turn_key)
    if user_message is None:
        raise InvalidInput("This answer has no question to send again.", code="nothing_to_retry")
    return await begin(user=user, chat_id=chat_id, text=user_message.content, watch=watch)


async def run(turn: Turn, flow_fn: FlowFn, *, shutting_down: Callable[[], bool] = lambda: False) -> None:
    """Run the turn's flow to its end; a cancel stores "stopped" (or "interrupted" when its worker shuts down)."""
    error = ""
    turn.started = True
    heartbeat = asyncio.get_running_loop().create_task(_heartbeat(turn.message_id))
    try:
        await turn.save(status=Message.Status.STREAMING)
        with metering(turn.meter):
            await flow_fn(turn)
        final = Message.Status.COMPLETE
    except asyncio.CancelledError:
        final, error = _cancelled(turn, shutting_down)
    except (OperationalError, InterfaceError) as exc:  # the database went away (a restart): the user may try again
        final, error = Message.Status.INTERRUPTED, INTERRUPTED
        turn.payload["error_code"] = "interrupted"
        log.warning("turn %s interrupted: database unavailable (%s)", turn.turn_key, exc)
    except Exception as exc:  # a turn never crashes the server; the user sees a plain message
        final = Message.Status.FAILED
        if isinstance(exc, PlannerError):
            error = exc.user_message
            turn.payload["error_code"] = exc.code
            log.warning("turn %s failed: %s", turn.turn_key, exc)
        else:
            error = "Something went wrong on our side while answering. Please try again."
            turn.payload["error_code"] = "internal_error"
            log.exception("turn %s crashed", turn.turn_key)
        turn.steplog.record("turn.failed", status="error", error=str(exc)[:500])
    finally:
        turn.ending = True  # no await since the flow ended: a Stop from now on is refused, not half-applied
        heartbeat.cancel()
    if final == Message.Status.COMPLETE and asyncio.current_task().cancelling():
        # A Stop was accepted (the task cancelled) but an await inside the flow lost the CancelledError — e.g.
        # Python 3.11's wait_for when its inner call finishes in the same loop step: it still ends "stopped".
        final, error = _cancelled(turn, shutting_down)
    # Shielded: a Stop must still leave the message stored as "stopped" with what was streamed.
    await asyncio.shield(_finish(turn, final, error))


def _cancelled(turn: Turn, shutting_down: Callable[[], bool]) -> tuple[str, str]:
    if shutting_down():  # a worker that ran out of grace time: the user may try again
        turn.payload["error_code"] = "interrupted"
        return Message.Status.INTERRUPTED, INTERRUPTED
    return Message.Status.STOPPED, ""


async def _heartbeat(message_id: int) -> None:
    """Touch the message while the turn runs, so a turn whose process died is told from a slow one."""
    while True:
        await asyncio.sleep(settings.TURN_HEARTBEAT_S)
        try:
            await database_sync_to_async(message_heartbeat)(message_id=message_id)
        except DatabaseError as exc:  # a database restart: beat again next time rather than fall silent for good
            log.warning("turn heartbeat of message %s failed: %s", message_id, exc)


async def _finish(turn: Turn, status: str, error: str) -> None:
    turn.steplog.finish()
    await _store_usage(turn)
    log_fields = {"step_log": turn.steplog.to_list(), "timings": turn.steplog.timings()}
    stored = await _save_final(turn, status=status, error=error, **log_fields)
    if not stored:  # stopped meanwhile by a Stop that found no process (it announced "stopped" itself)
        return
    await turn.emit(
        TurnEnded(
            chat_id=turn.chat_id,
            turn_key=turn.turn_key,
            assistant_message_id=turn.message_id,
            status=status,
            error=error,
        )
    )


async def _save_final(turn: Turn, **fields) -> bool:
    """Store the turn's end, again while the database is briefly unavailable (a restart), for up to
    TURN_STALE_AFTER_S; after that the sweep of dead turns closes it as interrupted."""
    loop = asyncio.get_running_loop()
    deadline, pause = loop.time() + settings.TURN_STALE_AFTER_S, 0.1
    while True:
        try:
            return await turn.save(**fields)
        except (OperationalError, InterfaceError) as exc:
            if loop.time() + pause > deadline:
                log.error("turn %s: its end (%s) was not stored: %s", turn.turn_key, turn.status, exc)
                return False
            log.warning(
                "turn %s: database unavailable, storing its end again in %.1f s (%s)", turn.turn_key, pause, exc
            )
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)


async def _store_usage(turn: Turn) -> None:
    """Store the turn's planner calls, and their sums with the answer (shown on hover, in the API)."""
    records = list(turn.meter.records)
    turn.payload["usage"] = usage_summary(records)
    if not records:
        return
    try:
        await database_sync_to_async(planner_calls_store)(
            user_id=turn.owner_id,
            chat_id=turn.chat_id,
            message_id=turn.message_id,
            turn_key=turn.turn_key,
            records=records,
        )
    except Exception:  # the answer is still stored and shown; only its accounting is lost (and logged)
        log.exception("turn %s: planner calls not stored", turn.turn_key)


def flow_for(*, kind: str, flow: str) -> FlowFn:
    """The function that runs a turn of this chat kind and flow version (its ChatKind says which)."""
    return kinds.get(kind).flow(flow)


async def begin(
    *, user, chat_id: int, text: str, prepare: Callable[[Message, Message], Any] | None = None, watch: bool = True
) -> tuple[Turn, asyncio.Task | None]:
    """Store the user's message, announce the turn, and start it in the background.

    `prepare(user_message, assistant)` runs in the same transaction as the insert (the
    image lab stores the attachment and the job there); if it raises, nothing is kept.
    """
    chat = await database_sync_to_async(chat_get)(user=user, chat_id=chat_id)
    # Read per turn, so flipping CHAT_API_VERSION (or the chat's admin override) needs no code deploy.
    flow = chat.flow_override or settings.CHAT_API_VERSION
    flow_for(kind=chat.kind, flow=flow)  # fail before storing anything if no flow serves this chat
    prepare = prepare or kinds.get(chat.kind).send_prepare(user=user, chat=chat)  # a plain send: the kind's check

    def store():
        user_message, assistant = turn_start(user=user, chat_id=chat_id, text=text, flow=flow, prepare=prepare)
        return user_message, assistant, {}

    async with ratelimit.turn_counted(user):
        return await _start(chat=chat, user=user, flow=flow, store=store, watch=watch)


async def begin_autostart(*, user, chat_id: int, watch: bool = True) -> tuple[Turn, asyncio.Task | None] | None:
    """Greet a new chat with a turn of its own (the movie chat's picks from the user's taste); None when not wanted."""
    chat = await database_sync_to_async(chat_get)(user=user, chat_id=chat_id)
    kind = kinds.get(chat.kind)
    if kind.autostart is None or not await database_sync_to_async(kind.load(kind.autostart))(user=user):
        return None
    if ratelimit.daily_quotas_on() and await database_sync_to_async(ratelimit.daily_quota_refusal)(user_id=user.pk):
        return None  # over the daily quota: no greeting (a typed message is refused with the reason)
    flow = chat.flow_override or settings.CHAT_API_VERSION

    def store():
        # Counts against the turn rate limit only when a greeting really starts (not on every connect).
        assistant = turn_start_autostart(user=user, chat_id=chat_id, flow=flow)
        # None: the chat has messages, another tab already started it, or over the limit
        return None if assistant is None else (None, assistant, {"autostart": True})

    return await _start(chat=chat, user=user, flow=flow, store=store, watch=watch)


async def regenerate(
    *, user, chat_id: int, new_text: str | None = None, message_id: int | None = None, watch: bool = True
) -> tuple[Turn, asyncio.Task | None]:
    """Answer a turn again as a new version (any turn; None: the last), optionally with an edited question.

    Every pick an earlier version of the answer showed is blocked; editing a question hides the turns
    after it (the previous version's branch, shown again by switching back).
    """
    chat = await database_sync_to_async(chat_get)(user=user, chat_id=chat_id)
    flow = chat.flow_override or settings.CHAT_API_VERSION
    kind = kinds.get(chat.kind)
    branched = False

    def store():
        nonlocal branched
        user_message, assistant, old_picks, branched = turn_rerun(
            user=user, chat_id=chat_id, flow=flow, message_id=message_id, new_text=new_text
        )
        if kind.on_regenerate:  # e.g. the replaced picks are no longer "recently shown" (the movie taste profile)
            kind.load(kind.on_regenerate)(user_id=user.pk, picks=old_picks)
        payload = {"regenerated": True, "replaced_picks": old_picks}
        if assistant.turn_key == AUTOSTART_TURN:
            payload["autostart"] = True
        return user_message, assistant, payload

    async with ratelimit.turn_counted(user):
        return await _start(
            chat=chat, user=user, flow=flow, store=store, replace=True, branched=lambda: branched, watch=watch
        )


async def select_version(*, user, chat_id: int, message_id: object, index: object) -> VersionSelected:
    """Show another version of a message, stored as the selected one, and tell every open page."""
    chat = await database_sync_to_async(chat_get)(user=user, chat_id=chat_id)
    branched = await database_sync_to_async(message_version_select)(
        user=user, chat_id=chat_id, message_id=message_id, index=index
    )
    message = await database_sync_to_async(message_get)(chat=chat, message_id=message_id)
    event = VersionSelected(
        chat_id=chat.pk,
        turn_key=message.turn_key,
        message_id=message.pk,
        role=message.role,
        branched=branched,
        **version_info(message),
    )
    await get_channel_layer().group_send(group_name(chat.pk), to_group_message(event))
    return event


async def _start(*, chat, user, flow: str, store, replace: bool = False, branched=lambda: False, watch: bool = True):
    """Store the turn's messages and hand the turn to the runner in one transaction, announce it, launch it."""
    kind = kinds.get(chat.kind)

    def stored_and_queued():
        with transaction.atomic():  # a job queue stores the turn's job with its messages, or neither
            stored = store()
            if stored is None:
                return None
            user_message, assistant, payload = stored
            turn = new_turn(
                chat_id=chat.pk,
                owner_id=user.pk,
                turn_key=assistant.turn_key,
                message_id=assistant.pk,
                text=user_message.content if user_message else "",
                flow=flow,
                payload=payload,
            )
            runner.current().enqueue(turn, kind=kind.name, queue=kind.queue)
        return user_message, assistant, turn

    started = await database_sync_to_async(stored_and_queued)()
    if started is None:
        return None
    user_message, assistant, turn = started
    await turn.emit(
        TurnStarted(
            chat_id=chat.pk,
            turn_key=turn.turn_key,
            user_message_id=user_message.pk if user_message else None,
            assistant_message_id=assistant.pk,
            replace=replace,
            branched=branched(),
        )
    )
    return turn, launch(turn, flow_for(kind=chat.kind, flow=flow), watch=watch)


def new_turn(*, chat_id: int, owner_id: int, turn_key: str, message_id: int, text: str, flow: str, payload) -> Turn:
    """The live state of a turn about to run (here, or in a worker from its job's arguments)."""
    ids = {"chat_id": chat_id, "turn_key": turn_key}
    return Turn(
        chat_id=chat_id,
        owner_id=owner_id,
        turn_key=turn_key,
        message_id=message_id,
        text=text,
        flow=flow,
        steplog=StepLog(flow=flow, ids=ids),
        meter=Meter(ids={**ids, "user_id": owner_id}),
        payload=dict(payload),
    )
