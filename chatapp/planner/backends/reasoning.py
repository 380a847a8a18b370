"""Reasoning summaries of the Responses API: which models reason, and the summary's streamed events."""

from __future__ import annotations

import re
from typing import Any

from chatapp.planner.backends.base import TextSink

# o-series and GPT-5 models reason; "gpt-5-chat…" is the non-reasoning chat model.
_REASONING_MODEL = re.compile(r"^(o[1-9]|gpt-5(?!-chat))", re.I)
PART_GAP = "\n\n"  # before each summary part (the turn drops it before its first text, holds it back after)


def reasoning_model(model: str) -> bool:
    """Whether `model` reasons (only these accept `reasoning.summary`)."""
    return bool(_REASONING_MODEL.match(model or ""))


def add_summary(kwargs: dict[str, Any], *, model: str, summary: str | None) -> None:
    """Ask for the reasoning summary (`reasoning.summary`) when it is wanted and the model reasons."""
    if summary and summary != "off" and reasoning_model(model):
        kwargs["reasoning"] = {**kwargs.get("reasoning", {}), "summary": summary}


class SummaryStream:
    """Forwards `response.reasoning_summary_text.delta` events to a sink, each part after a blank-line gap.

    The gap comes as a delta of its own (whitespace only), so a sink can drop it before its first text.
    A part that arrives whole in its `.done` event (no deltas before it) is forwarded then.
    """

    def __init__(self, sink: TextSink | None):
        self.sink = sink
        self._last: tuple | None = None
        self._streamed: set[tuple] = set()

    async def feed(self, event: Any) -> None:
        """Handle one `response.reasoning_summary_*` event (others of that family are ignored)."""
        kind = getattr(event, "type", "")
        part = (getattr(event, "item_id", ""), getattr(event, "summary_index", 0))
        if kind == "response.reasoning_summary_text.delta":
            self._streamed.add(part)
            await self._send(part, getattr(event, "delta", "") or "")
        elif kind == "response.reasoning_summary_text.done" and part not in self._streamed:
            await self._send(part, getattr(event, "text", "") or "")

    async def _send(self, part: tuple, text: str) -> None:
        if self.sink is None or not text:
            return
        if part != self._last:  # a sink keeps text from several calls: the first part is set apart too
            await self.sink(PART_GAP)
        self._last = part
        await self.sink(text)
