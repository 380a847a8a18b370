"""The small interface every planner backend implements (no Django here)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from pydantic import BaseModel, Field

from chatapp.planner.deadline import Deadline
from chatapp.planner.tools import Tool
from chatapp.planner.usage import Usage

TextSink = Callable[[str], Awaitable[None]]


class ImageInput(BaseModel):
    """An image handed to the model (a data: URL or an https URL)."""

    url: str
    detail: Literal["low", "high", "auto"] = "auto"


class InputMessage(BaseModel):
    """One conversational message given to the planner."""

    type: Literal["message"] = "message"
    role: Literal["user", "assistant", "system", "developer"]
    text: str
    images: list[ImageInput] = Field(default_factory=list)


class FunctionCallOutput(BaseModel):
    """The result of a tool call left open by an earlier response (Responses API)."""

    type: Literal["function_call_output"] = "function_call_output"
    call_id: str
    output: str


class FunctionCallItem(BaseModel):
    """A tool call the model made, replayed as input (used by the re-ask)."""

    type: Literal["function_call"] = "function_call"
    call_id: str
    name: str
    arguments: str


InputItem = InputMessage | FunctionCallOutput | FunctionCallItem


class ToolCall(BaseModel):
    """One tool call as the model returned it; arguments are raw, untrusted JSON text."""

    call_id: str
    name: str
    arguments: str


@dataclass(frozen=True, kw_only=True)
class PlannerContext:
    """Typed facts a chat kind hands the rule-based backend instead of a prompt to parse.

    Each kind subclasses it next to its flows (the movie chat's `MovieContext`, the image lab's
    `ImageContext`); the rules backend finds the kind's text answerer by this class.
    Model backends ignore it.
    """


@dataclass
class PlannerRequest:
    """Everything one planning call needs.

    `context` carries the kind's structured facts (user text, blocked list, profile…) that
    the rule-based backend reads instead of parsing prompts; model backends ignore it.
    """

    instructions: str
    input: list[InputItem]
    model: str
    tools: list[Tool] = field(default_factory=list)
    tool_choice: str | None = None  # a tool name forces that tool; None lets the model answer in text
    previous_response_id: str | None = None
    context: PlannerContext | None = None
    # A label only: recorded in the step log and matched by test scripts (ScriptedBackend), e.g.
    # "decide_mode". No product backend dispatches on it.
    purpose: str = ""
    # The turn's planning deadline, shared by every attempt, re-ask and fallback of the turn
    # (copies made with dataclasses.replace keep it). None: each call gets the backend's own budget.
    deadline: Deadline | None = None
    # Where a model's reasoning summary streams while it plans (the "Thinking" line); backends that
    # produce none (rules, Chat Completions, or OPENAI_REASONING_SUMMARY=off) never call it.
    on_reasoning: TextSink | None = None


class PlannerReply(BaseModel):
    """What a backend returned for one call."""

    response_id: str | None = None
    model: str = ""
    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    # Tokens the service counted for this call; None when it reports none (the rule backend).
    usage: Usage | None = None


class PlannerError(Exception):
    """A planning call failed; `user_message` is safe to show a person."""

    def __init__(self, message: str, *, user_message: str | None = None, code: str = "planner_error"):
        super().__init__(message)
        self.user_message = user_message or "The assistant could not plan an answer. Please try again."
        self.code = code


class PlannerUnavailable(PlannerError):
    """The model service kept failing (429, 5xx, timeouts) past the retry budget."""

    def __init__(self, message: str, *, user_message: str | None = None):
        super().__init__(
            message,
            user_message=user_message
            or "The AI service is busy or unreachable right now. Please try again in a minute.",
            code="upstream_unavailable",
        )


class PreviousResponseNotFound(PlannerError):
    """The thread named by previous_response_id has expired or was deleted."""

    def __init__(self, message: str = "previous response not found"):
        super().__init__(message, code="previous_response_not_found")


@dataclass(frozen=True)
class BackendProfile:
    """What a backend can do, declared once so callers read it instead of probing attributes."""

    # Replies carry a response id that a later request continues with previous_response_id
    # (the Responses API): re-asks and turns send only the new items, not a replay.
    threads_responses: bool = False
    # The model sees image inputs (a photo attached to the request); the rule backend reads none.
    reads_images: bool = False
    # Calls cost tokens the service reports (OpenAI); False: offline, nothing to count or pay.
    reports_usage: bool = False
    # Answers within the turn's own CPU time (no network, no model): nothing to wait for, so a save made only so
    # that a page reloaded during the call shows the step is skipped.
    answers_at_once: bool = False


class PlannerBackend(Protocol):
    """A backend answers one planning call, streaming text to `on_text` when given."""

    name: str  # "openai", "rules", "scripted": recorded as the planner source
    profile: BackendProfile

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply: ...
