"""The answer to a quality question written by the backend: the rule template offline, a model's words otherwise.

The model gets the question, the plan, the figures with their meanings, the verdicts and notes, and the photo when
it reads images; it writes at most `planning.ANSWER_WORDS` words, streamed (cut there: model output is untrusted).
The template answers when the model cannot.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging

from django.conf import settings

from chatapp.planner import runner
from chatapp.planner.backends.base import ImageInput, InputMessage, PlannerError, PlannerRequest
from imagelab import planning
from imagelab.core import quality
from imagelab.core.codec import preview

log = logging.getLogger(__name__)


class WordCap:
    """A text sink that forwards at most `words` words (model output is untrusted), then an ellipsis."""

    def __init__(self, sink, words: int):
        self.sink, self.words, self.said, self.full = sink, words, "", False

    async def __call__(self, delta: str) -> None:
        if self.full or not delta:
            return
        text = self.said + delta
        if len(text.split()) <= self.words:
            self.said = text
            return await self.sink(delta)
        self.full = True
        kept = " ".join(text.split()[: self.words])
        cut = kept[len(self.said.rstrip()) :] if kept.startswith(self.said.rstrip()) else ""
        self.said = kept + "…"
        await self.sink(cut + "…")


def _brief(question: str, result: dict) -> str:
    q = result["quality"]
    meanings = {k: quality.MEANINGS.get(k, "") for k in q["figures"]}
    return json.dumps(
        {
            "question": question,
            "measured": q["measured"],
            "notes": result["notes"],
            "plan": q["plan"],
            "figures": q["figures"],
            "figure_meanings": meanings,
            "verdicts": q["verdicts"],
        },
        ensure_ascii=False,
    )


def _data_url(image) -> str:
    return "data:image/jpeg;base64," + base64.b64encode(preview(image)).decode()


async def write_answer(turn, backend, result: dict, image) -> None:
    """Stream the answer: the backend writes it from the plan, figures and photo (the template if it fails)."""
    images = [ImageInput(url=await asyncio.to_thread(_data_url, image))] if backend.profile.reads_images else []
    request = PlannerRequest(
        instructions=planning.ANSWER_INSTRUCTIONS,
        input=[InputMessage(role="user", text=_brief(turn.text, result), images=images)],
        model=settings.OPENAI_MODEL,
        context=planning.QualityAnswerContext(text=result["text"]),
        purpose="imagelab.quality_answer",
    )
    if turn.content.strip() and not turn.content.endswith("\n"):  # words the planner said before its call
        await turn.stream_text("\n\n")
    sink = WordCap(turn.stream_text, planning.ANSWER_WORDS)
    try:
        await runner.run_text(
            backend=backend,
            request=request,
            steplog=turn.steplog,
            step_name="quality_answer",
            label="t_answer",
            on_text=sink,
            fallback_model=settings.OPENAI_FALLBACK_MODEL,
        )
    except PlannerError as exc:
        log.warning("quality answer not written by the model: %s", str(exc)[:300])
        if not sink.said:
            await turn.stream_text(result["text"])
    if not sink.said.strip():  # a model that said nothing: the template says it
        await turn.stream_text(result["text"])
