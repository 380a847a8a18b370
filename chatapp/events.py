"""One pydantic model per thing that happens in a turn.

The same event goes to the channel-layer group of its chat; the HTMX consumer
renders it to an HTML fragment and the JSON consumer sends it as JSON.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter


class PickCard(BaseModel):
    """A resolved pick as shown on a card (no movie-source payload beyond these fields)."""

    source: str
    id: str
    media_type: str = "movie"
    title: str
    year: int | None = None
    reason: str = ""
    genres: list[str] = Field(default_factory=list)
    runtime: int | None = None
    overview: str = ""
    poster_url: str | None = None
    director: str | None = None
    rating: float | None = None


class DroppedPick(BaseModel):
    """A planned pick the server did not show, and why."""

    title: str
    year: int | None = None
    reason: str


class _Event(BaseModel):
    chat_id: int
    turn_key: str


class TurnStarted(_Event):
    type: Literal["turn.started"] = "turn.started"
    user_message_id: int | None
    assistant_message_id: int
    replace: bool = False  # a regenerated turn updates its messages in place


class ModeDecided(_Event):
    type: Literal["mode.decided"] = "mode.decided"
    mode: Literal["A", "B"]
    reason: str


class TextDelta(_Event):
    type: Literal["text.delta"] = "text.delta"
    delta: str


class IntroShown(_Event):
    type: Literal["intro.shown"] = "intro.shown"
    intro: str
    planned: int


class PickResolved(_Event):
    type: Literal["pick.resolved"] = "pick.resolved"
    index: int
    pick: PickCard


class PickDropped(_Event):
    type: Literal["pick.dropped"] = "pick.dropped"
    index: int
    dropped: DroppedPick


class ProposalShown(_Event):
    """A diff card of proposed list changes, waiting for the user's approval."""

    type: Literal["proposal.shown"] = "proposal.shown"
    assistant_message_id: int


class ProposalUpdated(_Event):
    """A diff card was applied or discarded (possibly from another tab)."""

    type: Literal["proposal.updated"] = "proposal.updated"
    assistant_message_id: int


class TurnEnded(_Event):
    type: Literal["turn.ended"] = "turn.ended"
    assistant_message_id: int
    status: Literal["complete", "failed", "stopped"]
    error: str = ""


class TurnRefused(_Event):
    """A message the server did not accept; the text is handed back untouched."""

    type: Literal["turn.refused"] = "turn.refused"
    code: str
    message: str
    text: str = ""


Event = Annotated[
    TurnStarted
    | ModeDecided
    | TextDelta
    | IntroShown
    | PickResolved
    | PickDropped
    | ProposalShown
    | ProposalUpdated
    | TurnEnded
    | TurnRefused,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def group_name(chat_id: int) -> str:
    """The channel-layer group every event of a chat is published to."""
    return f"chat_{chat_id}"


def to_group_message(event: _Event) -> dict:
    """Channel-layer message: the dotted type maps to a consumer handler (pick.resolved → pick_resolved)."""
    return {"type": event.type, "event": event.model_dump(mode="json")}


def from_group_message(message: dict) -> _Event:
    """Parse a channel-layer message back into its event model."""
    return EVENT_ADAPTER.validate_python(message["event"])
