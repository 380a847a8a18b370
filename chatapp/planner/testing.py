"""Test support: a backend that plays back a script of replies (tests, benchmarks), no network.

Not a product backend: `chatapp.planner.backends` does not export it, and settings never select it.
Tests install it with `llm.backend_override`.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import re
from collections import deque
from collections.abc import Callable
from typing import Any

from chatapp.planner.backends.base import (
    BackendProfile,
    PlannerReply,
    PlannerRequest,
    TextSink,
    ToolCall,
)

ScriptStep = PlannerReply | BaseException | Callable[[PlannerRequest], Any]
_ids = itertools.count(1)


def _chunks(text: str) -> list[str]:
    """Words with their trailing spaces, so the joined chunks equal the text."""
    return re.findall(r"\S+\s*|\s+", text)


class ScriptedBackend:
    """Returns scripted replies in order (per purpose first, then the shared script); records requests.

    `purpose` is the request's label (PlannerRequest.purpose: "decide_mode", "movies.answer"…):
    a script can be keyed by it so a test reads like the turn it drives.
    """

    def __init__(
        self,
        script: list[ScriptStep] | None = None,
        *,
        by_purpose: dict[str, list[ScriptStep]] | None = None,
        name: str = "scripted",
        delay: float = 0.0,
        threads_responses: bool = False,
    ):
        self.script: deque[ScriptStep] = deque(script or [])
        self.by_purpose: dict[str, deque[ScriptStep]] = {k: deque(v) for k, v in (by_purpose or {}).items()}
        self.name = name
        self.delay = delay
        self.requests: list[PlannerRequest] = []
        # True makes the runner thread re-asks by previous_response_id, like the Responses API.
        self.profile = BackendProfile(threads_responses=threads_responses, reads_images=True)

    def add(self, *steps: ScriptStep, purpose: str | None = None) -> None:
        """Append steps to the shared script, or to one purpose's script."""
        target = self.script if purpose is None else self.by_purpose.setdefault(purpose, deque())
        target.extend(steps)

    @property
    def remaining(self) -> int:
        """How many scripted steps have not been used yet."""
        return len(self.script) + sum(len(q) for q in self.by_purpose.values())

    def _next_step(self, request: PlannerRequest) -> ScriptStep:
        queue = self.by_purpose.get(request.purpose)
        if queue:
            return queue.popleft()
        if self.script:
            return self.script.popleft()
        raise AssertionError(
            f"ScriptedBackend {self.name!r} ran out of script at request #{len(self.requests)} "
            f"(purpose={request.purpose!r}, model={request.model!r}, tool_choice={request.tool_choice!r})"
        )

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply:
        """Play the next scripted step for this request."""
        self.requests.append(request)
        step = self._next_step(request)
        if self.delay:
            await asyncio.sleep(self.delay)
        if isinstance(step, BaseException):
            raise step
        if callable(step) and not isinstance(step, PlannerReply):
            step = step(request)
            if inspect.isawaitable(step):
                step = await step
        if not isinstance(step, PlannerReply):
            raise AssertionError(f"a scripted step returned {type(step).__name__}, not a PlannerReply")
        reply = step.model_copy(update={"model": step.model or request.model})
        if on_text is not None and reply.text:
            for chunk in _chunks(reply.text):
                await on_text(chunk)
        return reply

    @staticmethod
    def call(name: str, args: dict[str, Any] | str, call_id: str | None = None) -> ToolCall:
        """Build one tool call (args as a dict, or raw text to test invalid JSON)."""
        arguments = args if isinstance(args, str) else json.dumps(args)
        return ToolCall(call_id=call_id or f"call_scripted_{next(_ids)}", name=name, arguments=arguments)

    @classmethod
    def tool(
        cls,
        name: str,
        args: dict[str, Any] | str,
        call_id: str | None = None,
        response_id: str | None = None,
        *,
        extra_calls: list[ToolCall] | None = None,
    ) -> PlannerReply:
        """A reply calling `name` with `args` (plus optional extra calls)."""
        calls = [cls.call(name, args, call_id), *(extra_calls or [])]
        return PlannerReply(response_id=response_id, tool_calls=calls)

    @staticmethod
    def text(text: str, response_id: str | None = None) -> PlannerReply:
        """A plain text reply."""
        return PlannerReply(response_id=response_id, text=text)
