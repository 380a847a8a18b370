"""Image-lab events (one pydantic model per thing that happens), published on the chat's group."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from chatapp.events import Event


class _Event(Event):
    job_id: int


class PlannerSource(_Event):
    type: Literal["planner.source"] = "planner.source"
    source: Literal["openai", "rules", "none", "scripted"]


class PlannedVariation(BaseModel):
    """One normalised plan as shown in its column."""

    index: int
    label: str
    strategy: str
    operations: list[dict]


class Plans(_Event):
    type: Literal["plans"] = "plans"
    variations: list[PlannedVariation]
    diversity_axes: list[str] = Field(default_factory=list)
    source_url: str = ""


class StepResultEvent(_Event):
    type: Literal["step.result"] = "step.result"
    variation: int
    step: int
    op: str
    status: Literal["ok", "error"]
    error: str | None = None
    ms: float
    preview_url: str


class VariationDone(_Event):
    type: Literal["variation.done"] = "variation.done"
    variation: int
    status: Literal["done", "failed"]
    final_url: str | None = None
    errors: list[dict] = Field(default_factory=list)


class VariationRevised(_Event):
    """The quality guard kept a revision of a variation: its steps from `from_step` re-run and its final follow."""

    type: Literal["variation.revised"] = "variation.revised"
    variation: int
    revision: int  # how many revisions of this variation were kept so far (1, 2, ...)
    from_step: int  # the first step of the revised plan that changed
    operations: list[dict]  # the revised plan's steps [{op, params}]
    steps: list[dict] = Field(default_factory=list)  # [{index, op, status, error}]: kept ones ran, the rest pending
    revisions: list[dict] = Field(default_factory=list)  # the kept iterations so far [{iteration, verdict, edits, ...}]


class JobEnded(_Event):
    type: Literal["job.ended"] = "job.ended"
    status: Literal["done", "failed", "stopped"]
    error: str = ""


ImageEvent = Annotated[
    PlannerSource | Plans | StepResultEvent | VariationDone | VariationRevised | JobEnded, Field(discriminator="type")
]
IMAGE_EVENT_ADAPTER: TypeAdapter[ImageEvent] = TypeAdapter(ImageEvent)
EVENT_TYPES = ("planner.source", "plans", "step.result", "variation.done", "variation.revised", "job.ended")


def parse(payload: dict) -> _Event:
    """An image-lab event back from its JSON (as the channel layer carried it)."""
    return IMAGE_EVENT_ADAPTER.validate_python(payload)
