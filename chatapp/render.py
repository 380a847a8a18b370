"""Core events and messages → HTML fragments (templates/chatapp/stream.html); kinds render their own events."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from chatapp import kinds, resync, selectors
from chatapp.events import TextDelta, ThinkingDelta, TurnProgress, TurnRefused
from chatapp.models import Message
from chatapp.text import without_bidi_controls

STREAM = "chatapp/stream.html"


def fragment(name: str, **context) -> str:
    """One of the core stream partials (`swap` marks it for an out-of-band swap)."""
    return render_to_string(f"{STREAM}#{name}", context)


def status_html(*, turn_key: str, text: str, thinking: bool = True) -> str:
    """The status line under an answer ("Finding films…", "Done: pick one.")."""
    return fragment("status", turn_key=turn_key, text=text, thinking=thinking)


def message_html(message: Message, *, swap: str | None = None) -> str:
    """A whole message, drawn by its chat kind (may read the DB: call off the event loop)."""
    kind = kinds.get(message.chat.kind)
    return kind.load(kind.message_html)(message, swap=swap)


def controls_html(*, busy: bool) -> str:
    """The Send/Stop buttons, swapped when a turn starts or ends."""
    return fragment("composer_controls", busy=busy, swap="outerHTML")


def composer_text_html(*, max_chars: int, text: str = "") -> str:
    """The composer's textarea holding `text`, for an out-of-band swap."""
    return fragment("composer_text", MESSAGE_MAX_CHARS=max_chars, text=text, swap="outerHTML")


def composer_error_html(message: str = "") -> str:
    """The reason beside the composer (empty clears an earlier refusal)."""
    return fragment("composer_error", message=message, swap="outerHTML")


def composer_reset_html(*, max_chars: int) -> str:
    """An empty textarea for the tab whose message was accepted; an earlier refusal no longer applies."""
    return composer_text_html(max_chars=max_chars) + composer_error_html()


def turn_started_html(
    user_message: Message | None, assistant: Message, *, replace: bool = False, title_read: bool = False
) -> str:
    """Append the user's message and the thinking placeholder (or replace them in place); show Stop.

    `title_read`: the chat's stored title was read with the messages (selectors.message_pair(title=True)).
    """
    if replace:
        swapped = (message_html(user_message, swap="outerHTML") if user_message else "") + message_html(
            assistant, swap="outerHTML"
        )
        return swapped + controls_html(busy=True)
    body = (message_html(user_message) if user_message else "") + message_html(assistant)
    # The first message names the chat: update the header too.
    chat = assistant.chat if title_read else selectors.chat_title_refresh(chat=assistant.chat)
    title = fragment("chat_title", title=chat.display_title, swap="outerHTML")
    # `body` is template output joined: already escaped, so it goes in as is.
    return fragment("messages_append", body=mark_safe(body)) + title + controls_html(busy=True)


def text_delta_html(event: TextDelta, **_) -> str:
    """Streamed text, escaped, without bidi controls (as the Markdown it is re-rendered as once finished)."""
    return fragment("text_delta", turn_key=event.turn_key, delta=without_bidi_controls(event.delta))


def progress_html(event: TurnProgress, **_) -> str:
    """The turn's step line drawn whole, ending with the step it has begun (earlier steps show as done)."""
    return fragment("progress_steps", turn_key=event.turn_key, steps=[*event.earlier, event.label])


def thinking_delta_html(event: ThinkingDelta, **_) -> str:
    """A piece of the reasoning summary, escaped, appended inside the collapsed "Thinking" line."""
    return fragment("thinking_delta", turn_key=event.turn_key, delta=event.delta)


def turn_refused_html(event: TurnRefused, **_) -> str:
    """The reason, beside the composer; a refused text goes back into the box (another reply may have emptied it)."""
    error = composer_error_html(event.message)
    if not event.text:
        return error
    return composer_text_html(max_chars=settings.MESSAGE_MAX_CHARS, text=event.text) + error


def turn_ended_html(message: Message) -> str:
    """The finished message from the database, and Send back in place of Stop.

    The composer's error stays: it may be the reason a message typed meanwhile was refused.
    """
    return message_html(message, swap="outerHTML") + controls_html(busy=False) + mark_html(resync.mark([message]))


def mark_html(mark: str) -> str:
    """What the page has seen up to (chatapp/resync.py): its next reconnect sends it back."""
    return fragment("sync_mark", mark=mark)


def sync_html(messages: list[Message]) -> str:
    """On a first connect: the whole history as stored (turns may have happened while away), and the controls."""
    body = "".join(message_html(m) for m in messages)
    busy = any(m.is_active for m in messages)
    # `body` is joined template output
    return fragment("messages_all", body=mark_safe(body)) + controls_html(busy=busy) + mark_html(resync.mark(messages))


def resync_html(changes: resync.Changes) -> str:
    """On a reconnect: only the messages changed since the page's mark (swapped or appended), and the controls."""
    swapped = "".join(message_html(m, swap="outerHTML") for m in changes.changed)
    added = "".join(message_html(m) for m in changes.new)
    appended = fragment("messages_append", body=mark_safe(added)) if added else ""
    return swapped + appended + controls_html(busy=changes.busy) + mark_html(changes.mark)


# Core events the HTML socket renders without a database read (turn.started/ended read the messages).
RENDERERS = {
    "text.delta": text_delta_html,
    "turn.progress": progress_html,
    "thinking.delta": thinking_delta_html,
    "turn.refused": turn_refused_html,
}
