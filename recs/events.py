"""Movie-chat events (one pydantic model per thing that happens), published on the chat's group."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from chatapp.events import Event


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


class ModeDecided(Event):
    type: Literal["mode.decided"] = "mode.decided"
    mode: Literal["A", "B"]
    reason: str


class IntroShown(Event):
    type: Literal["intro.shown"] = "intro.shown"
    intro: str
    planned: int


class PickResolved(Event):
    type: Literal["pick.resolved"] = "pick.resolved"
    index: int
    pick: PickCard


class PickDropped(Event):
    type: Literal["pick.dropped"] = "pick.dropped"
    index: int
    dropped: DroppedPick


class ProposalShown(Event):
    """A diff card of proposed list changes, waiting for the user's approval."""

    type: Literal["proposal.shown"] = "proposal.shown"
    assistant_message_id: int


class ProposalUpdated(Event):
    """A diff card was applied or discarded (possibly from another tab)."""

    type: Literal["proposal.updated"] = "proposal.updated"
    assistant_message_id: int


MovieEvent = Annotated[
    ModeDecided | IntroShown | PickResolved | PickDropped | ProposalShown | ProposalUpdated,
    Field(discriminator="type"),
]
MOVIE_EVENT_ADAPTER: TypeAdapter[MovieEvent] = TypeAdapter(MovieEvent)


def parse(payload: dict) -> Event:
    """A movie event back from its JSON (as the channel layer carried it)."""
    return MOVIE_EVENT_ADAPTER.validate_python(payload)
