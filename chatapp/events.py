"""One pydantic model per thing that happens in any turn; each kind adds its own (recs/events.py…).

Every event travels on its chat's channel-layer group as one message type, `chat.event`; the HTML
consumer renders it to a fragment and the JSON consumer sends it as JSON.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

# The one channel-layer message type (its consumer handler is `chat_event`).
GROUP_MESSAGE_TYPE = "chat.event"


class Event(BaseModel):
    """Base of every event: which chat and turn it belongs to."""

    chat_id: int
    turn_key: str


class TurnStarted(Event):
    type: Literal["turn.started"] = "turn.started"
    user_message_id: int | None
    assistant_message_id: int
    replace: bool = False  # a regenerated turn updates its messages in place
    branched: bool = False  # an edited question hid the turns after it: the whole history changed


class VersionSelected(Event):
    """Another version of a message is shown (and, for a question, its answer and later turns)."""

    type: Literal["version.selected"] = "version.selected"
    message_id: int
    role: Literal["user", "assistant"]
    index: int
    count: int
    branched: bool = False


class TextDelta(Event):
    type: Literal["text.delta"] = "text.delta"
    delta: str


class TurnProgress(Event):
    """A step the turn has begun ("Planning picks…"); `index` orders a turn's steps from 0.

    `earlier` repeats the steps before it, so the step line can be drawn whole each time: a page that
    rendered the message after this step was stored, or missed a step, still shows each step once.
    """

    type: Literal["turn.progress"] = "turn.progress"
    index: int = Field(ge=0)
    label: str = Field(min_length=1, max_length=120)
    earlier: list[str] = Field(default_factory=list, max_length=50)


class ThinkingDelta(Event):
    """A piece of the model's reasoning summary (OpenAI only, when OPENAI_REASONING_SUMMARY asks for it)."""

    type: Literal["thinking.delta"] = "thinking.delta"
    delta: str


class TurnEnded(Event):
    type: Literal["turn.ended"] = "turn.ended"
    assistant_message_id: int
    status: Literal["complete", "failed", "stopped", "interrupted"]
    error: str = ""


class TurnRefused(Event):
    """A message the server did not accept; the text is handed back untouched."""

    type: Literal["turn.refused"] = "turn.refused"
    code: str
    message: str
    text: str = ""


CoreEvent = Annotated[
    TurnStarted | TextDelta | TurnProgress | ThinkingDelta | TurnEnded | TurnRefused | VersionSelected,
    Field(discriminator="type"),
]
CORE_EVENT_ADAPTER: TypeAdapter[CoreEvent] = TypeAdapter(CoreEvent)
CORE_EVENT_TYPES = frozenset(
    ("turn.started", "text.delta", "turn.progress", "thinking.delta", "turn.ended", "turn.refused", "version.selected")
)


def group_name(chat_id: int) -> str:
    """The channel-layer group every event of a chat is published to."""
    return f"chat_{chat_id}"


def to_group_message(event: Event) -> dict:
    """The channel-layer message carrying an event (one type for all: `chat.event`)."""
    return {"type": GROUP_MESSAGE_TYPE, "event": event.model_dump(mode="json")}


def parse_core(payload: dict) -> Event | None:
    """A core event back from its JSON; None when the type belongs to a chat kind."""
    if payload.get("type") not in CORE_EVENT_TYPES:
        return None
    return CORE_EVENT_ADAPTER.validate_python(payload)
