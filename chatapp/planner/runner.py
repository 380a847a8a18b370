"""Run one forced tool call against a backend: validate, re-ask once, fall back, or fail plainly."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from pydantic import BaseModel

from chatapp.planner.backends.base import (
    FunctionCallItem,
    FunctionCallOutput,
    InputItem,
    InputMessage,
    PlannerBackend,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    PlannerUnavailable,
    TextSink,
    ToolCall,
)
from chatapp.planner.steplog import StepLog
from chatapp.planner.tools import Tool, ToolArgumentsError

_SUMMARY_CHARS = 240


class PlanningFailed(PlannerError):
    """Every attempt (first, re-ask, fallback) returned no usable tool call."""

    def __init__(self, message: str, *, reasons: list[str]):
        super().__init__(
            message,
            user_message="The assistant's plan was not usable, so this turn stopped. Please try again.",
            code="planning_failed",
        )
        self.reasons = reasons


@dataclass
class ToolRun:
    """A validated tool call and how it was obtained."""

    args: BaseModel
    call: ToolCall
    reply: PlannerReply
    model: str
    attempts: int
    ignored_calls: list[ToolCall] = field(default_factory=list)

    def ignored_outputs(self) -> list[FunctionCallOutput]:
        """Outputs for the ignored calls: the Responses API wants one for every open call."""
        return [
            FunctionCallOutput(call_id=c.call_id, output="Ignored: only one call to the requested tool is used.")
            for c in self.ignored_calls
        ]


@dataclass
class _Outcome:
    """What one attempt produced, good or bad."""

    request: PlannerRequest
    reply: PlannerReply | None = None
    call: ToolCall | None = None
    args: BaseModel | None = None
    reason: str = ""
    detail: str = ""  # the validation message alone, for the FunctionCallOutput
    ignored: list[ToolCall] = field(default_factory=list)


def _uses_threading(backend: PlannerBackend) -> bool:
    return backend.profile.threads_responses


def _summary(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _SUMMARY_CHARS else text[: _SUMMARY_CHARS - 1] + "…"


async def _attempt(
    backend: PlannerBackend,
    request: PlannerRequest,
    tool: Tool,
    steplog: StepLog,
    name: str,
    label: str | None,
) -> _Outcome:
    """Send one request and judge its reply; backend exceptions propagate (and mark the step)."""
    outcome = _Outcome(request=request)
    step_args = {
        "tool": tool.name,
        "purpose": request.purpose,
        "previous_response_id": request.previous_response_id,
        "input_items": len(request.input),
    }
    async with steplog.step(name, args=step_args, label=label, model=request.model) as step:
        reply = await backend.complete(request)
        step.model = reply.model or step.model  # what actually answered (a dated model id, or "rules")
        outcome.reply = reply
        for call in reply.tool_calls:
            if call.name == tool.name and outcome.call is None:
                outcome.call = call
            else:
                outcome.ignored.append(call)
        if outcome.call is None:
            said = f" It answered in text instead: {_summary(reply.text)!r}." if reply.text.strip() else ""
            others = f" It called {', '.join(c.name for c in reply.tool_calls)} instead." if reply.tool_calls else ""
            outcome.reason = f"no {tool.name} call in the reply.{said}{others}".strip()
        else:
            try:
                outcome.args = tool.parse(outcome.call.arguments)
            except ToolArgumentsError as exc:
                outcome.detail = exc.reason
                outcome.reason = f"invalid {tool.name} arguments: {exc.reason}"
        if outcome.args is not None:
            step.result = _summary(outcome.args.model_dump_json())
        else:
            step.status = "error"
            step.error = outcome.reason
            step.result = _summary(reply.text or (outcome.call.arguments if outcome.call else ""))
    for call in outcome.ignored:
        reason = "a second call to the tool" if call.name == tool.name else f"not the requested tool ({tool.name})"
        steplog.record(
            f"{name}.ignored_call",
            args={
                "name": call.name,
                "call_id": call.call_id,
                "arguments": _summary(call.arguments),
            },
            result=f"ignored: {reason}",
            status="skipped",
            label=None,
            model=request.model,
        )
    return outcome


def _reask_request(base: PlannerRequest, outcome: _Outcome, tool: Tool, threads: bool) -> PlannerRequest:
    """The follow-up that tells the model what was wrong with its reply."""
    reply = outcome.reply
    assert reply is not None
    follow_up: list[InputItem] = []
    if outcome.call is not None:
        follow_up.append(
            FunctionCallOutput(
                call_id=outcome.call.call_id,
                output=f"Invalid arguments: {outcome.detail}. Call {tool.name} again with valid arguments.",
            )
        )
    # Every call the reply left open needs an output, or the Responses API rejects the thread.
    follow_up.extend(
        FunctionCallOutput(call_id=c.call_id, output=f"Ignored: call {tool.name} only.") for c in outcome.ignored
    )
    if outcome.call is None:
        follow_up.append(
            InputMessage(
                role="user",
                text=f"You must call the {tool.name} tool now, with valid arguments. Do not answer in plain text.",
            )
        )
    if threads and reply.response_id:
        return dataclasses.replace(base, input=follow_up, previous_response_id=reply.response_id)
    # No server-side thread: replay what the model said so the outputs have their calls.
    replay: list[InputItem] = list(base.input)
    if reply.text.strip():
        replay.append(InputMessage(role="assistant", text=reply.text))
    replay.extend(FunctionCallItem(call_id=c.call_id, name=c.name, arguments=c.arguments) for c in reply.tool_calls)
    return dataclasses.replace(base, input=replay + follow_up)


async def run_tool_call(
    *,
    backend: PlannerBackend,
    request: PlannerRequest,
    tool: Tool,
    steplog: StepLog,
    step_name: str,
    label: str | None = None,
    fallback_model: str | None = None,
) -> ToolRun:
    """Force `tool`, validate its arguments, re-ask once, then try the fallback model, else PlanningFailed."""
    base = dataclasses.replace(
        request,
        tools=[tool, *[t for t in request.tools if t.name != tool.name]],
        tool_choice=tool.name,
    )
    can_fall_back = bool(fallback_model) and fallback_model != request.model
    reasons: list[str] = []
    attempts = 0

    def done(outcome: _Outcome) -> ToolRun:
        assert outcome.args is not None and outcome.call is not None and outcome.reply is not None
        return ToolRun(
            args=outcome.args,
            call=outcome.call,
            reply=outcome.reply,
            model=outcome.request.model,
            attempts=attempts,
            ignored_calls=outcome.ignored,  # the accepted reply's extra calls: still open in its thread
        )

    def out_of_time() -> bool:
        # The turn's deadline is shared: a re-ask or fallback never starts after it (or gets a fresh budget).
        return request.deadline is not None and request.deadline.expired()

    # 1. the first call, then 2. one re-ask on the same model.
    try:
        attempts += 1
        first = await _attempt(backend, base, tool, steplog, step_name, label)
        if first.args is not None:
            return done(first)
        reasons.append(f"attempt 1 ({base.model}): {first.reason}")
        if out_of_time():
            raise _out_of_time(tool, attempts, reasons)
        reask = _reask_request(base, first, tool, _uses_threading(backend))
        attempts += 1
        second = await _attempt(backend, reask, tool, steplog, f"{step_name}.reask", label)
        if second.args is not None:
            return done(second)
        reasons.append(f"attempt 2, re-ask ({base.model}): {second.reason}")
    except PlannerUnavailable as exc:
        if not can_fall_back or out_of_time():
            raise
        reasons.append(f"attempt {attempts} ({base.model}): service unavailable: {exc}")

    # 3. a fresh request on the fallback model (same input, same thread, same deadline).
    if can_fall_back and out_of_time():
        raise _out_of_time(tool, attempts, reasons)
    if can_fall_back:
        assert fallback_model is not None
        attempts += 1
        # A PlannerUnavailable here propagates: there is nothing left to try.
        fallback = dataclasses.replace(base, model=fallback_model)
        third = await _attempt(backend, fallback, tool, steplog, f"{step_name}.fallback", label)
        if third.args is not None:
            return done(third)
        reasons.append(f"attempt {attempts}, fallback ({fallback_model}): {third.reason}")
    raise PlanningFailed(
        f"{tool.name}: no usable call after {attempts} attempts: " + " | ".join(reasons),
        reasons=reasons,
    )


def _out_of_time(tool: Tool, attempts: int, reasons: list[str]) -> PlanningFailed:
    reasons.append("the planning deadline passed: no further attempt")
    return PlanningFailed(
        f"{tool.name}: no usable call after {attempts} attempt(s) within the deadline: " + " | ".join(reasons),
        reasons=reasons,
    )


async def run_text(
    *,
    backend: PlannerBackend,
    request: PlannerRequest,
    steplog: StepLog,
    step_name: str,
    label: str | None = None,
    on_text: TextSink,
    offer: list[Tool] | None = None,
    fallback_model: str | None = None,
) -> PlannerReply:
    """Ask for a conversational answer, streaming it through `on_text`.

    With `offer`, those tools are available with automatic choice (e.g. proposing a list change).
    The reply keeps every call the model made, because a Responses thread needs an output for each
    of them; callers run only offered ones, after validating them with the tool.
    When the service is unavailable before any text was shown, the answer is asked once more of
    `fallback_model` (a different model, within the same deadline).
    """
    offered = list(offer or [])
    text_request = dataclasses.replace(request, tools=offered, tool_choice=None)
    shown = False

    async def sink(delta: str) -> None:
        nonlocal shown
        shown = True
        await on_text(delta)

    try:
        return await _text_attempt(backend, text_request, steplog, step_name, label, sink, offered)
    except PlannerUnavailable:
        out_of_time = request.deadline is not None and request.deadline.expired()
        if shown or out_of_time or not fallback_model or fallback_model == request.model:
            raise
    fallback = dataclasses.replace(text_request, model=fallback_model)
    return await _text_attempt(backend, fallback, steplog, f"{step_name}.fallback", label, sink, offered)


async def _text_attempt(
    backend: PlannerBackend,
    request: PlannerRequest,
    steplog: StepLog,
    step_name: str,
    label: str | None,
    on_text: TextSink,
    offered: list[Tool],
) -> PlannerReply:
    step_args = {
        "purpose": request.purpose,
        "previous_response_id": request.previous_response_id,
        "input_items": len(request.input),
    }
    async with steplog.step(step_name, args=step_args, label=label, model=request.model) as step:
        reply = await backend.complete(request, on_text=on_text)
        step.model = reply.model or step.model
        step.result = f"{len(reply.text)} chars: {_summary(reply.text)[:80]}"
        names = {tool.name for tool in offered}
        unknown = [c.name for c in reply.tool_calls if c.name not in names]
        if unknown:
            # Never run: noted, and answered as ignored at the next turn.
            step.result += f" (ignored {len(unknown)} call(s) to {', '.join(sorted(set(unknown)))})"
        if len(unknown) != len(reply.tool_calls):
            step.result += " (called " + ", ".join(c.name for c in reply.tool_calls if c.name in names) + ")"
    return reply
