"""The OpenAI Chat Completions backend (for providers without the Responses API)."""

from __future__ import annotations

from typing import Any

from chatapp.planner.backends.base import (
    BackendProfile,
    FunctionCallItem,
    FunctionCallOutput,
    InputItem,
    InputMessage,
    PlannerReply,
    PlannerRequest,
    TextSink,
    ToolCall,
)
from chatapp.planner.backends.responses import OpenAIBackendBase, StreamError
from chatapp.planner.usage import usage_from_chat


def chat_messages(instructions: str, items: list[InputItem]) -> list[dict[str, Any]]:
    """Convert planner input items to Chat Completions messages, instructions first."""
    messages: list[dict[str, Any]] = []
    if instructions:
        messages.append({"role": "system", "content": instructions})
    for item in items:
        if isinstance(item, InputMessage):
            if item.role == "user" and item.images:
                content: list[dict[str, Any]] = [{"type": "text", "text": item.text}]
                content += [{"type": "image_url", "image_url": {"url": i.url, "detail": i.detail}} for i in item.images]
                messages.append({"role": "user", "content": content})
            else:
                messages.append({"role": item.role, "content": item.text})
        elif isinstance(item, FunctionCallItem):
            spec = {
                "id": item.call_id,
                "type": "function",
                "function": {"name": item.name, "arguments": item.arguments},
            }
            last = messages[-1] if messages else None
            # Consecutive calls belong to one assistant turn, as the API returned them.
            if last and last["role"] == "assistant" and "tool_calls" in last:
                last["tool_calls"].append(spec)
            elif last and last["role"] == "assistant" and isinstance(last.get("content"), str):
                last["tool_calls"] = [spec]
            else:
                messages.append({"role": "assistant", "content": None, "tool_calls": [spec]})
        elif isinstance(item, FunctionCallOutput):
            messages.append({"role": "tool", "tool_call_id": item.call_id, "content": item.output})
    return messages


class OpenAIChatBackend(OpenAIBackendBase):
    """Plans with Chat Completions; no server-side thread, so history is always resent."""

    profile = BackendProfile(threads_responses=False, reads_images=True, reports_usage=True)
    name = "openai-chat"
    api_label = "chat"

    def request_kwargs(self, request: PlannerRequest) -> dict[str, Any]:
        """The keyword arguments for `client.chat.completions.create` (previous_response_id is ignored)."""
        kwargs: dict[str, Any] = {
            "model": request.model,
            "messages": chat_messages(request.instructions, request.input),
            "stream": True,
            # The last chunk then carries the call's token usage (with empty choices).
            "stream_options": {"include_usage": True},
        }
        if request.tools:
            kwargs["tools"] = [t.chat_completions_spec() for t in request.tools]
            kwargs["parallel_tool_calls"] = False
            if request.tool_choice:
                kwargs["tool_choice"] = {
                    "type": "function",
                    "function": {"name": request.tool_choice},
                }
        if self.reasoning_effort:
            kwargs["reasoning_effort"] = self.reasoning_effort
        if self.verbosity:
            kwargs["verbosity"] = self.verbosity
        return kwargs

    async def _stream_once(
        self, kwargs: dict[str, Any], sink: TextSink, on_reasoning: TextSink | None = None
    ) -> PlannerReply:
        stream = await self.client.chat.completions.create(**kwargs)
        completion_id: str | None = None
        model = ""
        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}  # fragments arrive keyed by index
        finished = False
        usage = None
        async with stream:
            async for chunk in stream:
                completion_id = completion_id or getattr(chunk, "id", None)
                model = model or str(getattr(chunk, "model", "") or "")
                usage = usage_from_chat(getattr(chunk, "usage", None)) or usage
                for choice in getattr(chunk, "choices", None) or []:
                    if choice.finish_reason:
                        finished = True
                    delta = choice.delta
                    if delta is None:
                        continue
                    if delta.content:
                        text.append(delta.content)
                        await sink(delta.content)
                    for fragment in delta.tool_calls or []:
                        slot = calls.setdefault(fragment.index, {"id": "", "name": "", "arguments": ""})
                        if fragment.id:
                            slot["id"] = fragment.id
                        if fragment.function is not None:
                            # Some providers repeat the name in every fragment; keep the first.
                            slot["name"] = slot["name"] or fragment.function.name or ""
                            slot["arguments"] += fragment.function.arguments or ""
        if not finished:
            raise StreamError("stream_ended", "the stream ended without a finish_reason")
        return PlannerReply(
            response_id=completion_id,
            model=model,
            text="".join(text),
            tool_calls=[
                ToolCall(
                    call_id=slot["id"] or f"call_{index}",
                    name=slot["name"],
                    arguments=slot["arguments"],
                )
                for index, slot in sorted(calls.items())
            ],
            usage=usage,
        )
