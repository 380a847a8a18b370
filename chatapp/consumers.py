"""Thin websocket consumers: parse → call → render/send. ORM only in small helpers."""

from __future__ import annotations

import json
import logging

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from chatapp import render, turns
from chatapp.errors import MarqueeError
from chatapp.events import (
    TurnRefused,
    from_group_message,
    group_name,
)
from chatapp.models import Chat, Message

log = logging.getLogger("marquee.ws")

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403


@database_sync_to_async
def _owned_chat(user, chat_id: int) -> Chat | None:
    return Chat.objects.filter(pk=chat_id, owner=user).first()


@database_sync_to_async
def _message(message_id: int) -> Message | None:
    return Message.objects.select_related("chat").filter(pk=message_id).first()


@database_sync_to_async
def _pick_actions_html(user, message: Message) -> str:
    from recs.render import pick_actions_oob_html

    return pick_actions_oob_html(user=user, message=message)


@database_sync_to_async
def _message_by_turn(chat_id: int, turn_key: str, role: str) -> Message | None:
    return Message.objects.filter(chat_id=chat_id, turn_key=turn_key, role=role).first()


@database_sync_to_async
def _latest_assistant(chat_id: int) -> Message | None:
    return (
        Message.objects.select_related("chat").filter(chat_id=chat_id, role=Message.Role.ASSISTANT)
        .order_by("-created_at", "-id").first()
    )


def _sync_html(chat_id: int) -> str:
    messages = list(Message.objects.filter(chat_id=chat_id).select_related("chat").order_by("created_at", "id"))
    return render.sync_html(messages)


class ChatConsumer(AsyncJsonWebsocketConsumer):
    """One chat's socket: the owner sends messages and Stop, and sees every event as HTML."""

    chat_id: int

    async def connect(self):
        user = self.scope.get("user")
        # Accept, then close with our code: a close before accepting reaches the browser as 1006,
        # which the htmx ws extension would retry forever as if the network had dropped.
        if user is None or not user.is_authenticated:
            await self.accept()
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        chat = await _owned_chat(user, self.scope["url_route"]["kwargs"]["chat_id"])
        if chat is None:  # another user's chat, or none at all: refuse the same way, sending nothing
            await self.accept()
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.chat_id = chat.pk
        await self.channel_layer.group_add(group_name(self.chat_id), self.channel_name)
        await self.accept()
        await self.send_sync()
        # A new movie chat greets the user with picks; the first socket to connect starts it.
        await turns.begin_autostart(user=user, chat_id=self.chat_id)

    async def disconnect(self, code):
        # The running turn is not tied to the socket: it finishes and persists on its own.
        if getattr(self, "chat_id", None):
            await self.channel_layer.group_discard(group_name(self.chat_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            content = json.loads(text_data or "")
        except (TypeError, ValueError):
            content = None
        if not isinstance(content, dict):
            await self.refuse("bad_frame", "That message could not be read. Please try again.")
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        action = content.get("action", "send")
        if action == "stop":
            await self.stop_turn()
        elif action == "send":
            await self.send_message(content.get("text"))
        elif action in ("regenerate", "edit"):
            await self.regenerate(content.get("text") if action == "edit" else None)
        else:
            await self.refuse("unknown_action", f"Unknown action {str(action)[:40]!r}.")

    async def send_message(self, text) -> None:
        """Start a turn, or say plainly why not (the typed text stays in the box)."""
        try:
            await turns.begin(user=self.scope["user"], chat_id=self.chat_id, text=text)
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message, text=text if isinstance(text, str) else "")
            return
        await self.send_accepted()

    async def regenerate(self, new_text) -> None:
        """Re-run the last turn in place, optionally with an edited question."""
        if new_text is not None and not isinstance(new_text, str):
            new_text = ""
        try:
            await turns.regenerate(user=self.scope["user"], chat_id=self.chat_id, new_text=new_text)
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send_regenerating()

    async def stop_turn(self) -> None:
        """Cancel the running turn on the server (or close one that no process is running any more)."""
        if turns.stop(self.chat_id):
            return
        if not await turns.close_orphaned(user=self.scope["user"], chat_id=self.chat_id):
            await self.refuse("no_turn", "There is no answer in progress to stop.")

    # --- rendering (the JSON consumer overrides these) ---------------------
    async def send_event(self, event) -> None:
        renderer = render.RENDERERS.get(event.type)
        if renderer is not None:
            await self.send(text_data=renderer(event))

    async def send_accepted(self) -> None:
        await self.send(text_data=render.composer_reset_html(max_chars=settings.MESSAGE_MAX_CHARS))

    async def send_regenerating(self) -> None:
        # An earlier refusal no longer applies; a draft in the composer stays where it is.
        await self.send(text_data=render.clear_error_html())

    async def send_sync(self) -> None:
        # Rendering may read the DB (image chats render their jobs), so it runs off the event loop.
        await self.send(text_data=await database_sync_to_async(_sync_html)(self.chat_id))

    async def refuse(self, code: str, message: str, text: str = "") -> None:
        event = TurnRefused(chat_id=getattr(self, "chat_id", 0), turn_key="", code=code, message=message, text=text)
        await self.send_event(event)

    async def send_turn_started(self, event) -> None:
        user_message = await _message(event.user_message_id) if event.user_message_id else None
        assistant = await _message(event.assistant_message_id)
        if assistant is not None:
            html = await database_sync_to_async(render.turn_started_html)(user_message, assistant, replace=event.replace)
            await self.send(text_data=html)

    async def send_turn_ended(self, event) -> None:
        message = await _message(event.assistant_message_id)
        if message is not None:
            await self.send(text_data=await database_sync_to_async(render.turn_ended_html)(message))

    # --- group events: dotted names map to handlers -------------------------
    async def turn_started(self, message):
        await self.send_turn_started(from_group_message(message))

    async def turn_ended(self, message):
        await self.send_turn_ended(from_group_message(message))

    async def mode_decided(self, message):
        await self.send_event(from_group_message(message))

    async def text_delta(self, message):
        await self.send_event(from_group_message(message))

    async def intro_shown(self, message):
        await self.send_event(from_group_message(message))

    async def pick_resolved(self, message):
        await self.send_event(from_group_message(message))

    async def pick_dropped(self, message):
        await self.send_event(from_group_message(message))

    async def proposal_shown(self, message):
        await self.send_proposal(from_group_message(message), fresh=True)

    async def proposal_updated(self, message):
        await self.send_proposal(from_group_message(message), fresh=False)

    async def send_proposal(self, event, *, fresh: bool) -> None:
        found = await _message(event.assistant_message_id)
        if found is None:
            return
        if fresh:
            await self.send(text_data=render.proposal_shown_html(found))
        else:  # every tab's pick cards show what the diff changed, not only the approving tab's
            await self.send(text_data=render.proposal_html(found) + await _pick_actions_html(self.scope["user"], found))

    # --- image lab events (registered in chatapp.render by imagelab) --------
    async def planner_source(self, message):
        await self.send_event(render.parse_extra(message))

    async def plans(self, message):
        await self.send_event(render.parse_extra(message))

    async def step_result(self, message):
        await self.send_event(render.parse_extra(message))

    async def variation_done(self, message):
        await self.send_event(render.parse_extra(message))

    async def job_ended(self, message):
        await self.send_event(render.parse_extra(message))


class ChatJsonConsumer(ChatConsumer):
    """The same stream as JSON events, for API clients (who also approve or discard diff cards here)."""

    async def receive_json(self, content, **kwargs):
        action = content.get("action")
        if action in ("approve", "discard"):
            await self.decide_proposal(content, decision="apply" if action == "approve" else "discard")
        else:
            await super().receive_json(content, **kwargs)

    async def decide_proposal(self, content: dict, *, decision: str) -> None:
        """Apply the chosen rows of a diff card (or discard it); every open tab gets proposal.updated."""
        from recs.services.proposals import proposal_announce, proposal_decide_message

        try:
            message = await database_sync_to_async(proposal_decide_message)(
                user=self.scope["user"], chat_id=self.chat_id, message_id=content.get("message"),
                decision=decision, selected=content.get("rows", []),
            )
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)
            return
        # The same event the HTTP approval sends: this socket gets it too, as its reply.
        await sync_to_async(proposal_announce)(message=message)

    async def send_event(self, event) -> None:
        await self.send_json(event.model_dump(mode="json"))

    async def send_accepted(self) -> None:
        await self.send_json({"type": "message.accepted"})

    async def send_regenerating(self) -> None:
        pass  # API clients follow the turn's own events

    async def send_sync(self) -> None:
        message = await _latest_assistant(self.chat_id)
        await self.send_json({"type": "sync", "assistant_message": _message_json(message) if message else None})

    async def send_turn_started(self, event) -> None:
        await self.send_event(event)

    async def send_turn_ended(self, event) -> None:
        message = await _message(event.assistant_message_id)
        await self.send_json({**event.model_dump(mode="json"), "assistant_message": _message_json(message)})

    async def send_proposal(self, event, *, fresh: bool) -> None:
        found = await _message(event.assistant_message_id)
        proposal = (found.payload or {}).get("proposal") if found else None
        await self.send_json({**event.model_dump(mode="json"), "proposal": proposal})


def _message_json(message: Message | None) -> dict | None:
    from chatapp.schemas import assistant_message_out

    return assistant_message_out(message) if message else None
