"""The chat-kind registry: each feature registers what it brings; the core looks kinds up by name.

A feature's `kind.py` calls `register(ChatKind(...))` from its `AppConfig.ready()`. Everything a kind
brings is named by dotted path and imported on first use (as healthchecks names its transports), so the
core never imports a feature and a feature's modules may import the core freely.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

from chatapp.errors import InvalidInput

# A flow registered under this version serves every CHAT_API_VERSION (the image lab has one flow).
ANY_VERSION = "*"


def _frozen(mapping: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class ExportPart:
    """What a kind adds to one message of a chat export: JSON fields, and Markdown after the message's text."""

    data: Mapping[str, Any] = field(default_factory=_frozen)
    markdown: str = ""


@dataclass(frozen=True)
class ChatKind:
    """What one kind of chat brings to the core. Every callable is a dotted path, imported on first use."""

    name: str  # the value stored in Chat.kind
    label: str  # "movie chat": the new-chat button says "New {label}"
    # flow version ("v2", "v1", or ANY_VERSION) → `async def run(turn)`
    flows: Mapping[str, str]
    # `view(request, chat, history, busy)`: the chat page
    page: str
    # `message_html(message, *, swap=None) -> str`: one stored message (may read the DB)
    message_html: str
    # `parse(payload: dict) -> event`: the kind's own events back from the channel layer
    events: str | None = None
    # event type → `render(event, *, user) -> str` (sync, or async when it reads the DB)
    renderers: Mapping[str, str] = field(default_factory=_frozen)
    # event type → `async extra(event) -> dict`, merged into the event the JSON socket sends
    json_extras: Mapping[str, str] = field(default_factory=_frozen)
    # action → `async handle(consumer, content)`: extra actions of the JSON socket (API clients)
    socket_actions: Mapping[str, str] = field(default_factory=_frozen)
    # `prepare(*, user, chat, user_message, assistant)`: runs in the insert of a plain text send (either socket,
    # POST /api/chats/{id}/messages), so the kind can refuse it with nothing stored (an image chat's photo first)
    on_send: str | None = None
    # the rule (offline) planner: dict tool name → handler, and dict context type → text answerer
    rule_tools: str | None = None
    rule_answerers: str | None = None
    # hooks: `enabled(*, user) -> bool` greets a new chat with a turn; `forget(*, user_id, picks)` runs
    # before a turn is re-run; a kind that cannot re-run turns says so with can_regenerate=False;
    autostart: str | None = None
    on_regenerate: str | None = None
    can_regenerate: bool = False
    # versions (chatapp/versions.py): has_versions lets Regenerate/Edit answer any turn again as a new
    # version; `prepare(*, user_message, assistant)` runs in that re-run's transaction (the image lab opens
    # the new version's job on the image the first one edited); `versions_changed(*, message_ids)`: those
    # messages got another selected version or were hidden/shown (a branch), in the same transaction, so
    # what the kind keeps per message follows what is shown
    has_versions: bool = False
    on_rerun: str | None = None
    on_versions_changed: str | None = None
    # `close(*, message_id, status, error)`: a turn nobody runs any more was closed (Stop after a crash, or
    # no heartbeat); the kind ends what the turn owned (an image job), in the same transaction
    on_turn_closed: str | None = None
    # the job queue a worker runs this kind's turns from (TURN_RUNNER=procrastinate): image work has its own
    queue: str = "turns"
    # web: URL patterns (mounted at /), a ninja Router (mounted at /api/<api_prefix>), an ASGI http wrapper
    urls: str | None = None
    api_router: str | None = None
    api_prefix: str = "/"
    http_wrapper: str | None = None
    # chat list: related rows to fetch with the chats, and the template of the kind's icon
    list_related: tuple[str, ...] = ()
    list_icon: str = ""
    # (label, URL name) links the kind adds to the top bar
    nav: tuple[tuple[str, str], ...] = ()
    # `export(*, chat, messages, base_url) -> {message id: ExportPart}`: the kind's part of a chat export
    # (picks, image links and plans); messages it adds nothing to may be left out
    export: str | None = None
    # every `code` the kind's endpoints, services and turns can answer with (the API's ErrorOut.code enum)
    error_codes: tuple[str, ...] = ()

    def load(self, path: str) -> Any:
        """The object at one of this kind's dotted paths."""
        return _import(path)

    def send_prepare(self, *, user, chat) -> Callable[[Any, Any], None] | None:
        """`prepare(user_message, assistant)` for a plain text send into `chat`: its `on_send`, bound; else None."""
        if not self.on_send:
            return None
        check = self.load(self.on_send)
        return lambda user_message, assistant: check(
            user=user, chat=chat, user_message=user_message, assistant=assistant
        )

    def flow(self, version: str):
        """The function that runs a turn of this kind on flow `version`."""
        path = self.flows.get(version) or self.flows.get(ANY_VERSION)
        if path is None:
            raise ValueError(f"No flow for chat kind {self.name!r} and version {version!r}")
        return _import(path)

    def renderer(self, event_type: str):
        """The HTML renderer of one of this kind's events, or None."""
        path = self.renderers.get(event_type)
        return _import(path) if path else None


@cache
def _import(path: str) -> Any:
    return import_string(path)


_registry: dict[str, ChatKind] = {}


def register(kind: ChatKind) -> ChatKind:
    """Add a kind of chat (from its app's ready()); registering the same name twice is a mistake."""
    existing = _registry.get(kind.name)
    if existing is not None and existing != kind:
        raise ImproperlyConfigured(f"Chat kind {kind.name!r} is registered twice.")
    _registry[kind.name] = kind
    return kind


def get(name: str) -> ChatKind:
    """The registered kind called `name`."""
    try:
        return _registry[name]
    except (KeyError, TypeError):  # TypeError: not even a string (an API client's odd JSON)
        raise InvalidInput(f"Unknown chat kind {name!r}.", code="invalid_kind") from None


def all_kinds() -> list[ChatKind]:
    """Every registered kind, in registration order."""
    return list(_registry.values())
