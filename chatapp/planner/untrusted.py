"""Model output made storable before anything reads it: no NUL, no lone surrogate (no Django here).

A model (or a service pretending to be one) may answer with U+0000 or half of a surrogate pair, in its text, its
streamed deltas or inside the JSON of a tool call (`"\\u0000"`). PostgreSQL refuses both (a text column or jsonb
cannot hold NUL; a lone surrogate cannot be encoded as UTF-8), so one such character would crash the turn while
it saves, leaving the answer streaming. Every backend is wrapped once (chatapp/llm.py), so no flow has to care.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from chatapp.planner.backends.base import PlannerBackend, PlannerReply, PlannerRequest, TextSink

_NUL = "\x00"
_SURROGATE = re.compile("[\ud800-\udfff]")
# A JSON escape that decodes to NUL or to a surrogate (a pair decodes to one character, so it is checked after).
_RISKY_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


def storable(text: str) -> str:
    """`text` without NUL characters, a lone surrogate replaced by U+FFFD."""
    if _NUL in text:
        text = text.replace(_NUL, "")
    return _SURROGATE.sub("\ufffd", text)


def _storable_value(value: Any) -> Any:
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, list):
        return [_storable_value(v) for v in value]
    if isinstance(value, dict):
        return {storable(k): _storable_value(v) for k, v in value.items()}
    return value


def storable_arguments(arguments: str) -> str:
    """A tool call's raw JSON with its strings made storable; text that is not JSON only loses raw NULs."""
    arguments = storable(arguments)
    if not _RISKY_ESCAPE.search(arguments):  # the usual case: nothing the JSON could decode to is unstorable
        return arguments
    try:
        data = json.loads(arguments)
    except (ValueError, RecursionError):  # not JSON (or too deep for it): the tool's parser refuses it
        return arguments
    cleaned = _storable_value(data)
    return arguments if cleaned == data else json.dumps(cleaned, ensure_ascii=False)


def storable_reply(reply: PlannerReply) -> PlannerReply:
    """The reply with its text and every tool call's arguments made storable."""
    calls = [c.model_copy(update={"arguments": storable_arguments(c.arguments)}) for c in reply.tool_calls]
    return reply.model_copy(update={"text": storable(reply.text), "tool_calls": calls})


def _storable_sink(sink: TextSink | None) -> TextSink | None:
    if sink is None:
        return None

    async def clean_sink(delta: str) -> None:
        await sink(storable(delta))

    return clean_sink


class StorableBackend:
    """Wraps a backend: same name, profile and answers, with every text and tool call made storable."""

    def __init__(self, inner: PlannerBackend):
        self.inner = inner
        self.name = inner.name
        self.profile = inner.profile

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply:
        """The inner backend's reply (and its streamed text and reasoning), cleaned."""
        if request.on_reasoning is not None:
            request = dataclasses.replace(request, on_reasoning=_storable_sink(request.on_reasoning))
        reply = await self.inner.complete(request, on_text=_storable_sink(on_text))
        return storable_reply(reply)
