"""Continue a tool call the model made on its own (auto choice): validate it; when invalid, re-ask once with
the error, then the fallback model, else PlanningFailed (the tail of `runner.run_tool_call`)."""

from __future__ import annotations

import dataclasses

from chatapp.planner.backends.base import PlannerBackend, PlannerReply, PlannerRequest, PlannerUnavailable
from chatapp.planner.runner import (  # the runner's own attempt and re-ask, shared so both ask the same way
    PlanningFailed,
    ToolRun,
    _attempt,
    _Outcome,
    _reask_request,
    _uses_threading,
)
from chatapp.planner.steplog import StepLog
from chatapp.planner.tools import Tool, ToolArgumentsError


def _judged(request: PlannerRequest, reply: PlannerReply, tool: Tool) -> _Outcome:
    """An outcome for a reply already received (its calls sorted, the tool's arguments validated)."""
    outcome = _Outcome(request=request, reply=reply)
    for call in reply.tool_calls:
        if call.name == tool.name and outcome.call is None:
            outcome.call = call
        else:
            outcome.ignored.append(call)
    if outcome.call is None:
        outcome.reason = f"no {tool.name} call in the reply"
        return outcome
    try:
        outcome.args = tool.parse(outcome.call.arguments)
    except ToolArgumentsError as exc:
        outcome.detail = exc.reason
        outcome.reason = f"invalid {tool.name} arguments: {exc.reason}"
    return outcome


async def continue_tool_call(
    *,
    backend: PlannerBackend,
    request: PlannerRequest,
    reply: PlannerReply,
    tool: Tool,
    steplog: StepLog,
    step_name: str,
    label: str | None = None,
    fallback_model: str | None = None,
) -> ToolRun:
    """Validate a call to `tool` that an auto-choice `reply` made; when invalid, re-ask once (forced, with
    the error), then the fallback model, else PlanningFailed (as run_tool_call after its first attempt)."""
    base = dataclasses.replace(
        request, tools=[tool, *[t for t in request.tools if t.name != tool.name]], tool_choice=tool.name
    )
    first = _judged(base, reply, tool)
    outcomes = [first]
    if first.args is None:  # the auto-choice call's own step was the caller's: the verdict goes in the log here
        steplog.record(step_name, args={"tool": tool.name}, status="error", error=first.reason, model=request.model)
    reasons = [f"attempt 1 ({base.model}): {first.reason}"] if first.args is None else []

    def expired() -> bool:
        return request.deadline is not None and request.deadline.expired()

    try:
        if first.args is None and not expired():
            reask = _reask_request(base, first, tool, _uses_threading(backend))
            outcomes.append(await _attempt(backend, reask, tool, steplog, f"{step_name}.reask", label))
            if outcomes[-1].args is None:
                reasons.append(f"attempt 2, re-ask ({base.model}): {outcomes[-1].reason}")
    except PlannerUnavailable as exc:
        reasons.append(f"attempt 2 ({base.model}): service unavailable: {exc}")
    if outcomes[-1].args is None and fallback_model and fallback_model != request.model and not expired():
        fallback = dataclasses.replace(base, model=fallback_model)
        outcomes.append(await _attempt(backend, fallback, tool, steplog, f"{step_name}.fallback", label))
        if outcomes[-1].args is None:
            reasons.append(f"attempt {len(outcomes)}, fallback ({fallback_model}): {outcomes[-1].reason}")
    last = outcomes[-1]
    if last.args is None or last.call is None or last.reply is None:
        raise PlanningFailed(
            f"{tool.name}: no usable call after {len(outcomes)} attempts: " + " | ".join(reasons), reasons=reasons
        )
    return ToolRun(
        args=last.args,
        call=last.call,
        reply=last.reply,
        model=last.request.model,
        attempts=len(outcomes),
        ignored_calls=last.ignored,
    )
