"""A quality question in an image chat: validate the IQA plan, measure the photo, answer with the figures.

The plan comes from the planner's `assess_quality` call (untrusted: missing fields take the seed's defaults,
an invalid plan falls back to the defaults whole). The figures are `imagelab.core.quality`'s; the answer is
the rule template (`imagelab.rules.iqa.answer`), and the message's payload carries
`quality: {plan, figures, verdicts}` for the page and the API.
"""

from __future__ import annotations

import asyncio
import json
import logging

from pydantic import ValidationError

from imagelab.core import iqa, quality
from imagelab.rules import iqa as rules_iqa

log = logging.getLogger(__name__)

SUBJECT_SHARE = 0.5  # a named subject is measured as the centre of the picture: this share of each side


def read_plan(arguments: str) -> IQAPlanResult:
    """The validated plan of an `assess_quality` call (the seed's defaults when it is unusable), and a note."""
    try:
        raw = json.loads(arguments or "{}")
        return IQAPlanResult(iqa.complete(raw, has_reference=False), None)
    except (ValueError, TypeError, ValidationError) as exc:
        log.warning("unusable IQA plan, using the defaults: %s", str(exc)[:300])
        return IQAPlanResult(iqa.complete({}, has_reference=False), "defaults")


class IQAPlanResult(tuple):
    """(plan, how it was repaired or None)."""

    def __new__(cls, plan: iqa.IQAPlan, repaired: str | None):
        return super().__new__(cls, (plan, repaired))


def centre(image):
    """The centre region of a PIL image (SUBJECT_SHARE of each side)."""
    w, h = image.size
    dx, dy = int(w * (1 - SUBJECT_SHARE) / 2), int(h * (1 - SUBJECT_SHARE) / 2)
    return image.crop((dx, dy, w - dx, h - dy))


def assess(plan: iqa.IQAPlan, image) -> dict:
    """{text, quality: {plan, figures, verdicts}} for a plan and the working image (PIL, RGB)."""
    notes = []
    subject = plan.query_scope if isinstance(plan.query_scope, list) else []
    measured = image
    if subject:
        measured = centre(image)
        notes.append(
            f"I can't locate the {' or '.join(subject)} in the photo here, so I measured the centre of the picture "
            "as the subject."
        )
    if plan.reference_mode == "Full-Reference":
        notes.append("I have no original to compare with in this turn, so these are figures of this photo alone.")
    figures = quality.measure(measured)
    names = plan.distortion_names() or list(quality.DISTORTIONS)
    verdicts = quality.verdicts(figures, names)
    if not plan.distortion_names():  # inferred: speak of what was found, show every verdict
        shown_verdicts = {d: v for d, v in verdicts.items() if v != "no"} or {"blur": verdicts["blur"]}
    else:
        shown_verdicts = verdicts
    text = rules_iqa.answer(plan, figures, shown_verdicts, notes)
    return {
        "text": text,
        "quality": {
            "plan": plan.as_seed(),
            "figures": rules_iqa.figures_to_show(plan, figures, verdicts),
            "verdicts": verdicts,
        },
    }


async def answer_quality(turn, arguments: str, working_image) -> None:
    """Answer a quality question in `turn`: stream the text, store the quality payload."""
    plan, repaired = read_plan(arguments)
    image, _size = await working_image
    result = await asyncio.to_thread(assess, plan, image)
    turn.payload["kind"] = "answer"
    turn.payload["quality"] = result["quality"] | ({"repaired": repaired} if repaired else {})
    await turn.stream_text(result["text"])
