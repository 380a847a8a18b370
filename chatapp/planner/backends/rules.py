"""A deterministic, offline backend: apps plan with plain Python rules reading `request.context`."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from chatapp.planner.backends.base import (
    BackendProfile,
    PlannerContext,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    TextSink,
    ToolCall,
)

# A tool handler answers a forced call to the tool it is registered for (by tool name).
ToolHandler = Callable[[PlannerRequest], "dict[str, Any] | BaseModel"]
# A text handler (an answerer) answers in words, or (when the request offers tools with auto
# choice) may return a PlannerReply carrying a tool call, just as a model could. It is registered
# for a PlannerContext subclass: a chat kind answers the requests that carry its context.
TextHandler = Callable[[PlannerRequest], "str | PlannerReply"]


class RulesBackend:
    """Answers forced tool calls and text requests with app-supplied handlers (never reads prompts).

    A forced call goes to the handler of that tool; a text request goes to the answerer registered
    for the class of its `context` (or of a base class of it).

    Handlers run in a worker thread, so they must be thread-safe: pure functions of the request
    and of read-only shared data (the catalogue), with no database access.
    """

    profile = BackendProfile(threads_responses=False, answers_at_once=True)

    def __init__(
        self,
        *,
        tool_handlers: dict[str, ToolHandler] | None = None,
        answerers: dict[type[PlannerContext], TextHandler] | None = None,
        name: str = "rules",
    ):
        self.tool_handlers = dict(tool_handlers or {})
        self.answerers = dict(answerers or {})
        self.name = name

    def answerer_for(self, context: PlannerContext | None) -> TextHandler | None:
        """The answerer registered for the context's class, or for the nearest base class."""
        for cls in type(context).__mro__ if context is not None else ():
            if cls in self.answerers:
                return self.answerers[cls]
        return None

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply:
        """Run the handler for the forced tool, or the answerer for the request's context."""
        model = self.name  # no model ran: the step log and the message say "rules", not the configured model
        if request.tool_choice:
            handler = self.tool_handlers.get(request.tool_choice)
            if handler is None:
                raise PlannerError(
                    f"rules backend has no handler for tool {request.tool_choice!r}",
                    code="rules_missing_handler",
                )
            call = rules_tool_call(request.tool_choice, await _off_loop(handler, request))
            return PlannerReply(model=model, tool_calls=[call])
        text_handler = self.answerer_for(request.context)
        if text_handler is None:
            raise PlannerError(
                f"rules backend has no answerer for context {type(request.context).__name__}",
                code="rules_missing_handler",
            )
        text = await _off_loop(text_handler, request)
        if isinstance(text, PlannerReply):
            offered = {tool.name for tool in request.tools}
            unknown = [c.name for c in text.tool_calls if c.name not in offered]
            if unknown:
                raise PlannerError(f"rules handler called tools not offered: {unknown}", code="rules_bad_tool")
            return text.model_copy(update={"model": model})
        if on_text is not None:
            for word in re.findall(r"\S+\s*|\s+", text):
                await on_text(word)
        return PlannerReply(model=model, text=text)


async def _off_loop(handler: Callable[[PlannerRequest], Any], request: PlannerRequest) -> Any:
    # Handlers are pure, CPU-bound functions of the request (ranking, the first catalogue load):
    # a worker thread keeps the server's event loop free for other sockets meanwhile.
    return await asyncio.to_thread(handler, request)


def rules_tool_call(name: str, args: dict[str, Any] | BaseModel) -> ToolCall:
    """A tool call with a stable id (same tool + same arguments -> same id, so replays are stable)."""
    if isinstance(args, BaseModel):
        args = args.model_dump(mode="json")
    arguments = json.dumps(args, ensure_ascii=False, sort_keys=True)
    digest = hashlib.sha1(f"{name}:{arguments}".encode()).hexdigest()[:16]
    return ToolCall(call_id=f"call_rules_{digest}", name=name, arguments=arguments)
