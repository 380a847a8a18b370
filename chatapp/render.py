"""Event → HTML fragment for the HTMX websocket (out-of-band swaps by element id)."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.html import escape, format_html

from chatapp.events import (
    IntroShown,
    ModeDecided,
    PickDropped,
    PickResolved,
    TextDelta,
    TurnRefused,
    TurnStarted,
)
from chatapp.models import Message

CHAT = "chatapp/chat.html"


def _partial(name: str, context: dict) -> str:
    return render_to_string(f"{CHAT}#{name}", context)


def message_html(message: Message, *, swap: str | None = None) -> str:
    """A whole message; with `swap`, marked for an out-of-band swap."""
    custom = MESSAGE_RENDERERS.get(message.chat.kind)
    if custom is not None:  # e.g. image chats render their jobs (may read the DB: call off the event loop)
        return custom(message, swap=swap)
    # Context processors do not run here: pass what the templates need.
    context = {"m": message, "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS}
    for extra in MESSAGE_CONTEXT.get(message.chat.kind, ()):
        context.update(extra(message))  # e.g. the movie chat's watchlist/seen marks on pick cards
    html = _partial("message", context)
    if swap:
        html = html.replace("<article ", f'<article hx-swap-oob="{swap}" ', 1)
    return html


def controls_html(*, busy: bool) -> str:
    """The Send/Stop buttons, swapped when a turn starts or ends."""
    html = _partial("composer_controls", {"busy": busy})
    return html.replace('<span id="composer-controls"', '<span id="composer-controls" hx-swap-oob="outerHTML"', 1)


def composer_text_html(*, max_chars: int, text: str = "") -> str:
    """The composer's textarea holding `text`, for an out-of-band swap."""
    html = _partial("composer_text", {"MESSAGE_MAX_CHARS": max_chars, "text": text})
    return html.replace("<textarea ", '<textarea hx-swap-oob="outerHTML" ', 1)


def composer_reset_html(*, max_chars: int) -> str:
    """An empty textarea for the tab whose message was accepted; an earlier refusal no longer applies."""
    return composer_text_html(max_chars=max_chars) + clear_error_html()


def turn_started_html(user_message: Message | None, assistant: Message, *, replace: bool = False) -> str:
    """Append the user's message and the thinking placeholder (or replace them in place); show Stop."""
    if replace:
        swapped = (message_html(user_message, swap="outerHTML") if user_message else "") + message_html(
            assistant, swap="outerHTML"
        )
        return swapped + controls_html(busy=True)
    body = (message_html(user_message) if user_message else "") + message_html(assistant)
    # The first message names the chat: update the header too.
    title = format_html('<h1 id="chat-title" hx-swap-oob="outerHTML">{}</h1>', assistant.chat.display_title)
    return f'<div id="messages" hx-swap-oob="beforeend">{body}</div>' + title + controls_html(busy=True)


def mode_decided_html(event: ModeDecided) -> str:
    label = "Finding films…" if event.mode == "B" else "Writing…"
    return format_html(
        '<div id="status-{}" class="status" hx-swap-oob="innerHTML"><span class="thinking">{}</span></div>',
        event.turn_key,
        label,
    )


def text_delta_html(event: TextDelta) -> str:
    # Escaped while streaming; the finished message is re-rendered as sanitised Markdown.
    return f'<div id="text-{escape(event.turn_key)}" hx-swap-oob="beforeend">{escape(event.delta)}</div>'


def intro_shown_html(event: IntroShown) -> str:
    slots = "".join(
        f'<div class="pick slot" id="pick-{escape(event.turn_key)}-{i}"><div class="shimmer"></div></div>'
        for i in range(event.planned)
    )
    key = escape(event.turn_key)
    return (
        f'<div id="text-{key}" class="text" hx-swap-oob="innerHTML">{escape(event.intro)}</div>'
        f'<div id="picks-{key}" class="picks" hx-swap-oob="innerHTML">{slots}</div>'
    )


def pick_resolved_html(event: PickResolved) -> str:
    pick = {"index": event.index, **event.pick.model_dump()}
    html = _partial("pick_card", {"m": {"turn_key": event.turn_key, "chat_id": event.chat_id}, "pick": pick})
    # Only a card arriving live animates; re-renders (turn end, reload, reconnect) do not flicker.
    return html.replace('<div class="pick card-pick"', '<div hx-swap-oob="outerHTML" class="pick card-pick fresh"', 1)


def pick_dropped_html(event: PickDropped) -> str:
    # The slot goes away; the finished message lists what was skipped and why.
    return f'<div id="pick-{escape(event.turn_key)}-{event.index}" hx-swap-oob="delete"></div>'


def proposal_html(message: Message) -> str:
    """The diff card of a message, swapped in place (out of band)."""
    html = _partial("proposal", {"m": message})
    return html.replace('<form class="proposal', '<form hx-swap-oob="outerHTML" class="proposal', 1)


def proposal_shown_html(message: Message) -> str:
    """A new diff card goes right after the message text."""
    card = _partial("proposal", {"m": message})
    return f'<div id="text-{escape(message.turn_key)}" hx-swap-oob="afterend">{card}</div>'


def turn_refused_html(event: TurnRefused) -> str:
    """The reason, beside the composer; a refused text goes back into the box (another reply may have emptied it)."""
    error = format_html('<span id="composer-error" class="error" role="alert" hx-swap-oob="outerHTML">{}</span>', event.message)
    if not event.text:
        return error
    return composer_text_html(max_chars=settings.MESSAGE_MAX_CHARS, text=event.text) + error


def turn_ended_html(message: Message) -> str:
    """The finished message from the database, and Send back in place of Stop.

    The composer's error stays: it may be the reason a message typed meanwhile was refused.
    """
    return message_html(message, swap="outerHTML") + controls_html(busy=False)


def sync_html(messages: list[Message]) -> str:
    """On (re)connect: the whole history as stored (turns may have happened while away), and the controls."""
    body = "".join(message_html(m) for m in messages)
    busy = any(m.is_active for m in messages)
    return f'<div id="messages" class="messages" aria-live="polite" hx-swap-oob="innerHTML">{body}</div>' + controls_html(
        busy=busy
    )


def clear_error_html() -> str:
    """An empty composer error (the next accepted message makes an old refusal moot)."""
    return '<span id="composer-error" class="error" role="alert" hx-swap-oob="outerHTML"></span>'


RENDERERS = {
    "mode.decided": mode_decided_html,
    "text.delta": text_delta_html,
    "intro.shown": intro_shown_html,
    "pick.resolved": pick_resolved_html,
    "pick.dropped": pick_dropped_html,
    "turn.refused": turn_refused_html,
}
# Other apps (the image lab) register their own events and, per chat kind, how a message renders.
EXTRA_EVENT_PARSERS: dict = {}
MESSAGE_RENDERERS: dict = {}
MESSAGE_CONTEXT: dict[str, list] = {}


def register_context(*, kind: str, provider) -> None:
    """Add template context for a chat kind's messages: provider(message) -> dict (may read the DB)."""
    MESSAGE_CONTEXT.setdefault(kind, []).append(provider)


def register(*, kind: str, message_renderer, event_renderers: dict, parse) -> None:
    """Add a chat kind's message renderer and its extra event types (type -> renderer; `parse` reads them)."""
    MESSAGE_RENDERERS[kind] = message_renderer
    RENDERERS.update(event_renderers)
    EXTRA_EVENT_PARSERS.update(dict.fromkeys(event_renderers, parse))


def parse_extra(message: dict):
    """A registered app's channel-layer message back into its event model."""
    return EXTRA_EVENT_PARSERS[message["type"]](message)


__all__ = ["RENDERERS", "TurnStarted", "register"]
