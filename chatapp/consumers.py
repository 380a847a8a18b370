"""Thin websocket consumers: parse → call → render/send. Reads go through selectors."""

from __future__ import annotations

import inspect
import json
import logging
import re
from datetime import datetime

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder

from chatapp import frames, kinds, render, resync, selectors, turns
from chatapp.db import database_sync_to_async
from chatapp.errors import MarqueeError, NotFound
from chatapp.events import Event, TurnEnded, TurnRefused, TurnStarted, VersionSelected, group_name, parse_core
from chatapp.models import Chat, Message
from chatapp.schemas import assistant_message_out, message_out
from chatapp.signals import session_group, token_group, user_group
from chatapp.socket_limits import CLIENT_GONE
from chatapp.text import displayable

log = logging.getLogger("marquee.ws")

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404  # nothing here (any more): a deleted chat, or an address that is no socket's (routing.py)
CLOSE_RESYNC = 1012
_DIGITS = re.compile(r"[0-9]{1,19}")


def _sync_html(chat: Chat, since: datetime | None) -> str:
    """The first frame: the whole history, or on a reconnect with a mark only what changed since."""
    changes = resync.changes_since(chat=chat, since=since)
    if changes.full:
        return render.sync_html(list(selectors.message_list(chat=chat)))
    return render.resync_html(changes)


def _message_or_none(chat: Chat, message_id: int | None) -> Message | None:
    if message_id is None:
        return None
    try:
        return selectors.message_get(chat=chat, message_id=message_id)
    except NotFound:  # deleted meanwhile: nothing to show
        return None


def _turn_started_html(chat: Chat, event: TurnStarted) -> str:
    """The user's message and the answer's placeholder (empty when the answer is gone)."""
    # A new turn shows the chat's title (its first message names the chat): read with the messages.
    user_message, assistant = selectors.message_pair(
        chat=chat, first_id=event.user_message_id, second_id=event.assistant_message_id, title=not event.replace
    )
    if assistant is None:
        return ""
    return render.turn_started_html(user_message, assistant, replace=event.replace, title_read=True)


def _turn_ended_html(chat: Chat, event: TurnEnded) -> str:
    message = _message_or_none(chat, event.assistant_message_id)
    return render.turn_ended_html(message) if message is not None else ""


def _version_selected_html(chat: Chat, event: VersionSelected) -> str:
    message = _message_or_none(chat, event.message_id)
    return render.message_html(message, swap="outerHTML") if message is not None else ""


def _sync_json(chat: Chat, since: datetime | None) -> dict:
    """The JSON socket's first frame: the latest answer, and with a mark the messages changed since."""
    data = {"type": "sync", "assistant_message": _message_json(selectors.message_latest_assistant(chat=chat))}
    if since is None:
        return {**data, "since": resync.mark([], selectors.message_last_change(chat=chat))}
    changes = resync.changes_since(chat=chat, since=since)
    messages = list(selectors.message_list(chat=chat)) if changes.full else [*changes.changed, *changes.new]
    messages.sort(key=lambda m: (m.created_at, m.pk))
    mark = changes.mark or resync.mark(messages)
    return {**data, "since": mark, "full": changes.full, "messages": [message_out(m) for m in messages]}


class ChatConsumer(AsyncJsonWebsocketConsumer):
    """One chat's socket: the owner sends messages and Stop, and sees every event as HTML."""

    chat: Chat | None = None
    kind: kinds.ChatKind
    since: datetime | None = None  # the reconnecting client's mark, used by the first sync only

    @property
    def chat_id(self) -> int:
        return self.chat.pk if self.chat is not None else 0

    async def connect(self):
        user = self.scope.get("user")
        # Accept, then close with our code: a close before accepting reaches the browser as 1006,
        # which the htmx ws extension would retry forever as if the network had dropped.
        if user is None or not user.is_authenticated:
            await self.accept()
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        try:
            chat = await database_sync_to_async(selectors.chat_get)(
                user=user, chat_id=self.scope["url_route"]["kwargs"]["chat_id"]
            )
        except NotFound:  # another user's chat, or none at all: refuse the same way, sending nothing
            await self.accept()
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.chat, self.kind = chat, kinds.get(chat.kind)
        await self.channel_layer.group_add(group_name(self.chat_id), self.channel_name)
        for group in self._session_groups():  # logout, a new password or deactivation closes this socket
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await turns.close_stale(chat=chat)  # an answer whose process died ends as interrupted before the sync
        self.since = resync.parse_since(self.scope.get("query_string", b""))  # a reconnect says what it has
        await self.send_sync()
        # A new chat may greet the user with a turn (the movie chat's picks); the first socket to connect starts it.
        await turns.begin_autostart(user=user, chat_id=self.chat_id, watch=False)

    async def dispatch(self, message):
        # Channels' dispatch runs close_old_connections on the shared DB thread before every handler: one
        # hop per event per socket (~11 a movie turn), queued behind every turn's database work. Every DB
        # access of these consumers goes through database_sync_to_async, which closes old connections
        # around each hop itself, so the handler is called directly.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except CLIENT_GONE:  # an event sent as the client closed (channels#1820): nobody is left to tell
            log.debug("socket of chat %s closed by the client during a send", self.chat_id)
        finally:  # a handler that crashed ends the consumer without a disconnect: leave the group anyway
            await self.leave_group()

    async def disconnect(self, code):
        # The running turn is not tied to the socket: it finishes and persists on its own.
        await self.leave_group()

    async def leave_group(self) -> None:
        if self.chat is not None and not getattr(self, "_left_group", False):
            self._left_group = True
            await self.channel_layer.group_discard(group_name(self.chat_id), self.channel_name)
            for group in self._session_groups():
                await self.channel_layer.group_discard(group, self.channel_name)

    def _session_groups(self) -> list[str]:
        groups = [user_group(self.scope["user"].pk)]
        if self.scope.get("api_token"):  # an API client's socket (chatapp/socket_tokens.py): its token's revocation
            groups.append(token_group(self.scope["api_token"]))
        key = getattr(self.scope.get("session"), "session_key", None)
        return [*groups, session_group(key)] if key else groups

    async def layer_gap(self, message: dict) -> None:
        """The channel layer may have missed events (Redis pub/sub lost its connection): close so the page
        reconnects and resyncs what changed (1012, "service restart": browsers' ws extension retries it)."""
        await self.close(code=CLOSE_RESYNC)

    async def session_ended(self, message: dict) -> None:
        """The session this socket was opened with has ended: close as unauthenticated."""
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def chat_deleted(self, message: dict) -> None:
        """The chat was deleted (this tab, another, any process): close for good, the page says so."""
        await self.close(code=CLOSE_NOT_FOUND)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.chat is None:  # refused at connect and closing: nothing it sends is read
            return
        refusal = frames.frame_refusal(text_data, max_chars=frames.max_frame_chars(settings.MESSAGE_MAX_CHARS))
        if refusal is not None:  # checked before parsing: json.loads recurses once per nesting level
            await self.refuse(*refusal)
            return
        content, refusal = frames.frame_json(text_data)  # no NaN, no property named twice: said in words
        if refusal is not None:
            await self.refuse(*refusal)
            return
        try:
            await self.receive_json(content)
        except Exception:  # a bug behind one action must not drop the socket (close 1011) for the user
            log.exception("socket action failed (chat %s)", self.chat_id)
            await self.refuse("server_error", "Something went wrong on our side. Please try again.")

    async def receive_json(self, content, **kwargs):
        action = content.get("action", "send")
        if action == "stop":
            await self.stop_turn()
        elif action == "send":
            await self.send_message(content.get("text"))  # the kind's own check runs in turns.begin (`on_send`)
        elif action in ("regenerate", "edit"):
            # An edit always has text: none is an empty edit (refused), never a plain regenerate.
            await self.regenerate(content.get("text", "") if action == "edit" else None, _message_ref(content))
        elif action == "retry":
            await self.retry()
        elif action == "version":
            await self.select_version(_message_ref(content), _number(content.get("index")))
        else:
            await self.refuse("unknown_action", f"Unknown action {str(action)[:40]!r}.")

    async def send_message(self, text) -> None:
        """Start a turn, or say plainly why not (the typed text stays in the box)."""
        try:
            await turns.begin(user=self.scope["user"], chat_id=self.chat_id, text=text, watch=False)
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message, text=displayable(text))
            return
        await self.send_accepted()

    async def regenerate(self, new_text, message_id=None) -> None:
        """Answer a turn again as a new version (the last one without `message_id`), optionally with an edited question.

        An edit's text that is not text (a list, a number) reaches the text check as it is: "The message must be text."
        """
        try:
            await turns.regenerate(
                user=self.scope["user"], chat_id=self.chat_id, new_text=new_text, message_id=message_id, watch=False
            )
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send_regenerating()

    async def retry(self) -> None:
        """Run an interrupted answer again (one click on "Try again")."""
        try:
            await turns.retry(user=self.scope["user"], chat_id=self.chat_id, watch=False)
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send_regenerating()  # a draft in the composer stays where it is

    async def select_version(self, message_id, index) -> None:
        """Show another version of a message (every open page follows through the group)."""
        try:
            await turns.select_version(
                user=self.scope["user"], chat_id=self.chat_id, message_id=message_id, index=index
            )
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send_regenerating()  # an earlier refusal no longer applies

    async def stop_turn(self) -> None:
        """Cancel the running turn on the server (or close one that no process is running any more)."""
        try:
            await turns.stop_any(user=self.scope["user"], chat=self.chat)
        except MarqueeError as exc:
            await self.refuse(exc.code, exc.message)

    async def refuse(self, code: str, message: str, text: str = "") -> None:
        event = TurnRefused(chat_id=self.chat_id, turn_key="", code=code, message=message, text=displayable(text))
        await self.send_event(event)

    # --- the one group message type: every event of the chat -----------------
    async def chat_event(self, message: dict) -> None:
        """An event published on the chat's group (core or the chat kind's own), sent on."""
        payload = message["event"]
        event = parse_core(payload)
        if event is None:
            event = self.kind.load(self.kind.events)(payload)
        if isinstance(event, TurnStarted):
            await self.send_turn_started(event)
        elif isinstance(event, VersionSelected):
            await self.send_version_selected(event)
        elif isinstance(event, TurnEnded):
            await self.send_turn_ended(event)
        else:
            await self.send_event(event)

    async def _message(self, message_id: int) -> Message | None:
        try:
            return await database_sync_to_async(selectors.message_get)(chat=self.chat, message_id=message_id)
        except NotFound:
            return None

    # --- rendering (the JSON consumer overrides these) ---------------------
    async def send_event(self, event: Event) -> None:
        renderer = render.RENDERERS.get(event.type) or self.kind.renderer(event.type)
        if renderer is None:
            return
        html = renderer(event, chat=self.chat, user=self.scope["user"])
        if inspect.isawaitable(html):  # a renderer that reads the database is async
            html = await html
        if html:
            await self.send(text_data=html)

    async def send_accepted(self) -> None:
        await self.send(text_data=render.composer_reset_html(max_chars=settings.MESSAGE_MAX_CHARS))

    async def send_regenerating(self) -> None:
        # An earlier refusal no longer applies; a draft in the composer stays where it is.
        await self.send(text_data=render.composer_error_html())

    def take_since(self) -> datetime | None:
        """The client's mark, once: a later sync (a branch switch) sends the whole history."""
        since, self.since = self.since, None
        return since

    async def send_sync(self) -> None:
        # Rendering may read the DB (image chats render their jobs), so it runs off the event loop.
        await self.send(text_data=await database_sync_to_async(_sync_html)(self.chat, self.take_since()))

    # Each event below reads its messages and renders them in one database hop (not one per read and render).
    async def send_version_selected(self, event: VersionSelected) -> None:
        if event.branched:  # later turns were swapped for another branch: the whole history changed
            await self.send_sync()
            return
        await self._send_html(database_sync_to_async(_version_selected_html)(self.chat, event))

    async def send_turn_started(self, event: TurnStarted) -> None:
        if event.branched:  # an edited question hid the turns after it
            await self.send_sync()
            return
        await self._send_html(database_sync_to_async(_turn_started_html)(self.chat, event))

    async def send_turn_ended(self, event: TurnEnded) -> None:
        await self._send_html(database_sync_to_async(_turn_ended_html)(self.chat, event))

    async def _send_html(self, rendering) -> None:
        html = await rendering
        if html:
            await self.send(text_data=html)


class ChatJsonConsumer(ChatConsumer):
    """The same stream as JSON events, for API clients (a chat kind may add actions, e.g. approving a diff card)."""

    async def receive_json(self, content, **kwargs):
        action = content.get("action")
        handler = self.kind.socket_actions.get(action) if isinstance(action, str) else None
        if handler is not None:
            await self.kind.load(handler)(self, content)
        else:
            await super().receive_json(content, **kwargs)

    async def send_event(self, event: Event) -> None:
        data = event.model_dump(mode="json")
        extra = self.kind.json_extras.get(event.type) if self.chat is not None else None
        if extra is not None:
            data.update(await self.kind.load(extra)(event, chat=self.chat))
        await self.send_json(data)

    async def send_accepted(self) -> None:
        await self.send_json({"type": "message.accepted"})

    async def chat_deleted(self, message: dict) -> None:
        await self.send_json({"type": "chat.deleted", "chat_id": self.chat_id})  # said in words before the close
        await super().chat_deleted(message)

    async def send_regenerating(self) -> None:
        pass  # API clients follow the turn's own events

    async def send_sync(self) -> None:
        data = await database_sync_to_async(_sync_json)(self.chat, self.take_since())
        await self.send(text_data=json.dumps(data, cls=DjangoJSONEncoder))  # message times are datetimes

    async def send_turn_started(self, event: TurnStarted) -> None:
        await self.send_event(event)

    async def send_version_selected(self, event: VersionSelected) -> None:
        await self.send_event(event)

    async def send_turn_ended(self, event: TurnEnded) -> None:
        message = await self._message(event.assistant_message_id)
        await self.send_json({**event.model_dump(mode="json"), "assistant_message": _message_json(message)})


def _message_ref(content: dict) -> object:
    """The message an action names (None: not named); a page's form sends ids as text."""
    return _number(content["message"]) if "message" in content else None


def _number(value: object) -> object:
    """An id or index a form sent as text, as an int; anything else is left for the action to refuse."""
    # ASCII digits only, at most a bigint's 19: str.isdigit() also passes "²" or "٣", which int() refuses or reads.
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value)
    if isinstance(value, float) and value.is_integer():  # JSON's 3.0 is the integer 3, as the API reads it
        return int(value)
    return value


def _message_json(message: Message | None) -> dict | None:
    return assistant_message_out(message) if message else None
