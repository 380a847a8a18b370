"""A quality question in an image chat: validate the IQA plan, measure the photo, answer with the figures.

The plan comes from the turn planner's `assess_quality` call (untrusted: missing fields take the seed's
defaults; an invalid plan is re-asked once with the error, then asked of the fallback model, else the
defaults whole). The figures are `imagelab.core.quality`'s, of the current image or a numbered variation,
against the original upload (or the variation's source) when the question compares. The answer is written
by the backend: the rule template (`imagelab.rules.iqa.answer`) offline, a model's ≤80 words citing the
figures otherwise, streamed. The message's payload carries `quality: {plan, figures, verdicts}`. "Which one is
sharpest?" (or two variations named) measures the latest edit's finished variations and ranks them (`rank`;
the payload adds `ranking`): by a fault's figure, warmth (Lab b*), colourfulness, or the fewest problems ("which
one looks best?").
"""

from __future__ import annotations

import asyncio
import logging
import math

from django.conf import settings

from chatapp.db import database_sync_to_async
from chatapp.planner import continuation
from chatapp.planner.backends.base import PlannerError, PlannerReply, PlannerRequest
from chatapp.planner.tools import Tool
from imagelab import selectors, storage
from imagelab.core import arrays, iqa, quality
from imagelab.core.codec import decode
from imagelab.quality_writer import write_answer
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import (
    iqa_answer,
    iqa_clauses,
    iqa_conditional,
    iqa_crops,
    iqa_hue_cast,
    iqa_improvement,
    iqa_parts,
    iqa_picked,
    iqa_polarity,
    iqa_rank_questions,
    iqa_regions,
    iqa_saturation,
    iqa_shadows,
    iqa_the_edit,
    iqa_thresholds,
    iqa_unmeasured,
)

log = logging.getLogger(__name__)

NOT_A_QUALITY_QUESTION = (
    "I can measure the photo's quality (sharpness, noise, exposure, JPEG blocks, contrast, colour cast) or make "
    "five variations of an edit: what would you like?"
)
# The background is what is around the subject: measured as the picture's left and right quarters, not its centre.
BACKGROUND = frozenset("background backgrounds backdrop surroundings bokeh".split())
SIDES = ("left and right quarters", None)  # a region without a box: `iqa_crops.sides` cuts it


async def read_plan(turn, backend, request: PlannerRequest, reply: PlannerReply, tool: Tool):
    """(validated plan, how it was obtained: None first time, "reask", "fallback" or "defaults")."""
    try:
        run = await continuation.continue_tool_call(
            backend=backend,
            request=request,
            reply=reply,
            tool=tool,
            steplog=turn.steplog,
            step_name="assess_quality",
            label="t_plan",
            fallback_model=settings.OPENAI_FALLBACK_MODEL,
        )
    except PlannerError as exc:
        log.warning("unusable IQA plan, using the defaults: %s", str(exc)[:300])
        return iqa.complete({}, has_reference=getattr(tool, "has_reference", False)), "defaults"
    if run.attempts == 1:
        return run.args, None
    return run.args, "fallback" if run.model != request.model else "reask"


def _notes(plan: iqa.IQAPlan, subject: dict, has_reference: bool, by_eye: bool, region=None) -> list[str]:
    notes = [subject["note"]] if subject.get("note") else []
    if subject["label"].startswith("variation"):
        notes.append(f"I measured {subject['label']} of the latest edit.")
    objects = plan.query_scope if isinstance(plan.query_scope, list) else []
    if objects and by_eye:  # a model sees the photo: it judges the object, citing the whole image's figures
        notes.append(f"These figures are of the whole image, not of the {' or '.join(objects)} alone.")
    elif objects and region == SIDES:
        notes.append(
            f"I can't locate the {' or '.join(objects)} in the photo here, so I measured the left and right quarters "
            "of the picture, around the centre where a subject usually is."
        )
    elif objects and region:  # "the trees on the right": where it is was said, so that part is measured
        notes.append(
            f"I can't locate the {' or '.join(objects)} in the photo here, so I measured the {region[0]} of the "
            f"picture, {'where a sky usually is' if region == iqa_crops.SKY else 'the part you named'}."
        )
    elif objects:
        notes.append(
            f"I can't locate the {' or '.join(objects)} in the photo here, so I measured the centre of the picture "
            "as the subject."
        )
    if plan.reference_mode == "Full-Reference" and not has_reference:
        notes.append(
            "There is no original to compare with (this is the uploaded photo itself), so these are figures "
            'of this photo alone. To set an edit against it, name a variation ("is #2 darker than the original?").'
        )
    return notes


def assess(
    plan: iqa.IQAPlan,
    image,
    reference=None,
    subject: dict | None = None,
    *,
    by_eye: bool = False,
    region=None,
    polar: bool = True,
    question: str = "",
    good: frozenset[str] | None = None,
) -> dict:
    """{text, notes, quality: {plan, figures, verdicts}} for a plan, the measured image and an optional reference.

    A named object is measured as the centre of the picture (the part named with it, "the dog on the left"; the
    background: the left and right quarters; the sky: its top third), unless the answer's writer sees the photo
    (`by_eye`). `polar`: a yes/no question, answered with yes or no; `good`: the faults asked by their good word.
    """
    subject = subject or {"label": "the photo", "note": ""}
    objects = plan.query_scope if isinstance(plan.query_scope, list) else []
    if objects and set(objects) <= BACKGROUND and not region and not by_eye:
        region = SIDES
    region = region or (None if by_eye else iqa_crops.usual_place(objects))  # the sky: its top third
    notes = _notes(plan, subject, reference is not None, by_eye, region)
    if plan.reference_mode == "Full-Reference" and reference is None:  # the seed: no reference, No-Reference
        plan = plan.model_copy(update={"reference_mode": "No-Reference"})
    named = isinstance(plan.query_scope, list) and plan.query_scope
    if region and not named:  # a part named by its position ("the top left corner")
        notes.append(f"I measured the {region[0]} of the picture, the part you named.")
    measure = _measurer(bool(named), region, by_eye)
    figures = measure(image)
    names = plan.distortion_names() or list(quality.DISTORTIONS)
    verdicts = quality.verdicts(figures, names)
    before, shown_extra = None, {}
    if plan.reference_mode == "Full-Reference" and reference is not None:
        # the same part of the reference, so each figure can be said against its own ("softer than the original")
        before = measure(reference)
        figures |= quality.compare(image, reference)
    if not plan.distortion_names():  # inferred: speak of what was found, show every verdict
        shown_verdicts = {d: v for d, v in verdicts.items() if v != "no"} or {"blur": verdicts["blur"]}
    else:
        shown_verdicts = verdicts
    against = subject.get("reference_label", "")
    good = iqa_polarity.asked_good(question) if good is None else good  # "is it sharp?": a soft photo's is no
    contrasty = "low_contrast" in verdicts and iqa_polarity.too_contrasty(question)  # the opposite of flat
    text = rules_iqa.answer(
        plan, figures, shown_verdicts, notes, against=against, before=before, polar=polar and not contrasty, good=good
    )
    if contrasty:
        text = f"{text} {iqa_polarity.contrast_said(verdicts['low_contrast'], figures)}"
    text = iqa_thresholds.answered(question, figures, text)  # "is the ssim above 0.9?": its yes or no first
    text = iqa_hue_cast.answered(question, verdicts, figures, text)  # "a blue cast?": an orange one is no
    text = " ".join(filter(None, [text, iqa_polarity.why_said(question, verdicts, figures)]))  # "why so muddy?"
    text = iqa_shadows.answered(question, verdicts, figures, text)  # "are the shadows crushed?": their own yes/no
    improved = ""
    if before and iqa_improvement.asks(question, plan):  # "is 2 an improvement?": what changed, better or worse
        # colours pushed onto the gamut's edge count against an edit, however colourful it made the photo
        clip = _measurer(bool(named), region, by_eye, iqa_saturation.measure)
        now, was = clip(image), clip(reference)
        improved = iqa_improvement.answer(figures | now, before | was, against or "the original", question)
    if improved:
        text, notes = " ".join([*notes, improved]), [*notes, improved]  # a model writing the answer is given it too
        shown_extra = {k: figures[k] for k in ("colourfulness", "shadows_clipped")}  # compared too, no fault's figure
    elif before:  # "is #2 sharper than the original?": its yes or no first
        text = iqa_rank_questions.answered_against_source(question, figures, before, text, plan.distortion_names())
    saturation = _saturation(question, bool(named), region, by_eye, image)
    if saturation:  # "are the reds in #2 too strong?": saturation clipping and colourfulness, said plainly
        said = iqa_saturation.answer(saturation, polar=polar, hue_name=iqa_saturation.hue(question))
        # a fault asked beside it keeps its answer: "is it too saturated and too dark?"
        text = f"{text} {said}" if plan.distortion_names() else " ".join([*notes, said])
        notes = [*notes, said]
        shown_extra |= {"colourfulness": saturation["colourfulness"]}
    shown = rules_iqa.figures_to_show(plan, figures, verdicts) | shown_extra | iqa_hue_cast.shown(question, figures)
    shown |= iqa_shadows.shown(question, verdicts, figures)
    return {
        "text": text,
        "notes": notes,
        "quality": {
            "plan": plan.as_seed(),
            # JSON has no infinity: identical images (PSNR ∞) are stored as null
            "figures": {k: (v if math.isfinite(v) else None) for k, v in shown.items()},
            "verdicts": verdicts,
            "measured": subject["label"],
        }
        | ({"saturation": saturation} if saturation else {}),
    }


def _saturation(question: str, named: bool, region, by_eye: bool, image) -> dict | None:
    """The saturation figures of the measured part when the question asks about oversaturation (a hue: its pixels)."""
    if not iqa_saturation.asks(question):
        return None
    hue = iqa_saturation.hue(question)
    figures = (lambda im: iqa_saturation.measure_hue(im, hue)) if hue else iqa_saturation.measure
    return _measurer(named, region, by_eye, figures)(image)


def _measurer(named: bool, region, by_eye: bool, figures=quality.measure):
    """How the measured part's `figures` are taken from an image: the rim's boxes each weighed by area, else a crop."""
    if region and region != SIDES and iqa_regions.several(region[1]) and not (named and by_eye):
        return lambda image: iqa_parts.measure(image, region[1], figures)  # "the edges of #5": the frame
    crop = _crop(named, region, by_eye)
    return lambda image: figures(crop(image) if crop else image)


def _crop(named: bool, region, by_eye: bool):
    """How the measured part is cut from an image: the named part, else a named object's centre, else None."""
    if region == SIDES:
        return iqa_crops.sides
    if region and not (named and by_eye):
        return lambda image: iqa_crops.part(image, region[1])
    return iqa_crops.centre if named and not by_eye else None


def rank(plan: iqa.IQAPlan, finals: dict, by: list[str] | tuple = (), question: str = "") -> dict:
    """{text, notes, quality} ranking the variations ({number: (image, reference or None)}) by what was asked.

    `by` is what the question ranks by beyond the plan's faults (`rules_iqa.ranked_by`: warmth, colourfulness);
    a yes/no `question` ("is 3 sharper than 4?", "is the ssim above 0.9 for all five?") is answered first.
    """
    per = {}
    for n, (image, reference) in finals.items():
        per[n] = quality.measure(image) | (quality.compare(image, reference) if reference is not None else {})
    if plan.reference_mode == "Full-Reference" and any(ref is None for _im, ref in finals.values()):
        plan = plan.model_copy(update={"reference_mode": "No-Reference"})
        per = {n: {k: v for k, v in f.items() if k not in ("ssim", "psnr", "delta_e")} for n, f in per.items()}
    numbers = sorted(finals)
    listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
    notes = [
        f"I measured the {len(finals)} finished variations of the latest edit."
        if len(finals) > 2 or len(finals) == len(_ALL)
        else f"I measured variations {listed} of the latest edit."
    ]
    text, best = iqa_answer.ranking(plan, per, by)
    before = {}  # "are all five sharper than the original?": each source measured too
    if iqa_rank_questions.against_source(question):
        before = {n: quality.measure(ref) for n, (_im, ref) in finals.items() if ref is not None}
    text = iqa_rank_questions.answered(question, per, text, before)
    verdicts = quality.verdicts(per[best], plan.distortion_names() or list(quality.DISTORTIONS))
    shown = rules_iqa.figures_to_show(plan, per[best], verdicts) | iqa_answer.ordered_by(by, per[best])
    return {
        "text": " ".join([*notes, text]),
        "notes": notes + [text],  # a model writing the answer is given the ranking too
        "quality": {
            "plan": plan.as_seed(),
            "figures": {k: (v if math.isfinite(v) else None) for k, v in shown.items()},
            "verdicts": verdicts,
            "measured": f"variation {best}",
            "ranking": {str(n): {k: (v if math.isfinite(v) else None) for k, v in f.items()} for n, f in per.items()},
        },
    }


_ALL = range(1, 6)  # an edit makes five variations


def _finished(chat_id: int) -> list[dict]:
    """The quality subjects of the latest edit's finished variations (numbered from 1)."""
    subjects = [selectors.quality_subject(chat_id=chat_id, variation=n) for n in _ALL]
    return [s | {"number": n} for n, s in enumerate(subjects, 1) if s["label"] == f"variation {n}"]


async def _finals(chat_id: int, side: int, *, compare: bool, only: list[int] | None = None) -> dict:
    """{number: (image, its source or None)} of the latest edit's finished variations (`only` those numbers)."""
    finals = {}
    for subject in await database_sync_to_async(_finished)(chat_id):
        if only and subject["number"] not in only:
            continue
        image = await asyncio.to_thread(_decode_stored, subject["path"], side)
        ref = subject.get("reference_path") if compare else None
        finals[subject["number"]] = (image, await asyncio.to_thread(_decode_stored, ref, side) if ref else None)
    return finals


def _decode_stored(path: str, side: int):
    return decode(storage.read(path), max_side=side)[0]


async def _images(subject: dict, working_image, side: int, *, compare: bool):
    """(measured image, reference image or None): the turn's working image unless a variation is named."""
    if subject["label"].startswith("variation"):
        image = await asyncio.to_thread(_decode_stored, subject["path"], side)
    else:
        pixels, _size = await working_image
        image = arrays.to_image(pixels)  # the working image is an array (`working.py`)
    reference = None
    if compare and subject.get("reference_path"):
        reference = await asyncio.to_thread(_decode_stored, subject["reference_path"], side)
    return image, reference


def _the_edit_meant(subject: dict, question: str) -> bool:
    """Whether a question on the upload itself names the latest edit ("how much did the edit change it compared with
    the original?", "did the edit remove the noise?"): its variations are measured, against their source. "Is it
    blurry compared with the original?" stays the upload's, which has no original."""
    on_upload = not subject["label"].startswith("variation") and not subject.get("reference_path")
    return on_upload and iqa_the_edit.about_the_edit(question)


async def answer_quality(turn, *, backend, request, reply, tool, subject: dict, working_image, side: int) -> None:
    """Answer a quality question in `turn`: plan, measure, store the quality payload, stream the answer."""
    plan, repaired = await read_plan(turn, backend, request, reply, tool)
    turn.payload["kind"] = "answer"
    if plan.query_type == "Other":  # the planner's own reading: not a quality question after all
        if not turn.content.strip():
            await turn.stream_text(NOT_A_QUALITY_QUESTION)
        return
    compare = plan.reference_mode == "Full-Reference"
    picked = await _picked(turn, side, plan)  # "is the brightest one clipped?": that one found by its figure
    if picked:
        subject, plan = picked
    elif rules_iqa.ranks(turn.text):  # "which one is sharpest?": every finished variation of the latest edit
        named = rules_iqa.variation_numbers(turn.text)  # "the 2nd or the 4th": those two, else all of them
        finals = await _finals(turn.chat_id, side, compare=compare, only=named if len(named) > 1 else None)
        if len(finals) > 1:
            result = await asyncio.to_thread(rank, plan, finals, rules_iqa.ranked_by(turn.text), turn.text)
            return await _said(turn, backend, result, finals[min(finals)][0], repaired)
    if _the_edit_meant(subject, turn.text):  # the upload has no original: the edit's variations have
        finals = await _finals(turn.chat_id, side, compare=True)
        if len(finals) > 1:
            plan = plan.model_copy(update={"reference_mode": "Full-Reference"})
            result = await asyncio.to_thread(rank, plan, finals, rules_iqa.ranked_by(turn.text), turn.text)
            return await _said(turn, backend, result, finals[min(finals)][0], repaired)
    image, reference = await _images(subject, working_image, side, compare=compare)
    by_eye = backend.profile.reads_images
    region = iqa_regions.region(turn.text)
    polar = not (rules_iqa.asks_how(turn.text) or iqa_polarity.either_or(turn.text))  # "sharp or soft?": neither
    polar = polar and not iqa_polarity.asks_why(turn.text)  # "why does it look muddy?": no yes or no
    # "is it ok to print?": each fault found said plainly, never "yes, it is underexposed"
    polar = polar and not (not plan.distortion_names() and iqa_polarity.asks_if_fine(turn.text))
    parts = iqa_regions.compared(turn.text)  # "is the left half noisier than the right?": both measured
    if parts:
        of = subject["label"] if subject and subject["label"].startswith("variation") else "the picture"
        result = await asyncio.to_thread(iqa_parts.assess, plan, image, parts, turn.text, polar=polar, of=of)
    else:  # "is the sky blown out and the shadows crushed?": each part in its own region
        plans = iqa_clauses.parts(turn.text, plan) if not region else None
        good = iqa_polarity.asked_good(turn.text)  # each part keeps its good word: "is the cat sharp and ..."
        result = await asyncio.to_thread(
            lambda: (
                iqa_clauses.merged(
                    plan, [assess(p, image, reference, subject, by_eye=by_eye, polar=polar, good=good) for p in plans]
                )
                if plans
                else assess(
                    plan, image, reference, subject, by_eye=by_eye, region=region, polar=polar, question=turn.text
                )
            )
        )
    size = (await working_image)[1]  # the source's pixels: "good enough for a 30x40 print?" is answered in dpi
    await _said(turn, backend, result, image, repaired, size)


async def answer_conditional(turn, **asked) -> bool:
    """Answer the question of "is it too dark? if so brighten it" (measured as `answer_quality` does, on the question
    alone) and say whether the edit runs; True when its answer calls for the edit."""
    conditional, said_in_full = iqa_conditional.split(turn.text), turn.text
    if conditional is None:  # a model called both tools on a plain message: the edit asked runs
        return True
    turn.text = conditional.question  # every reading of the answer is of the question, not of the edit after it
    try:
        await answer_quality(turn, **asked)
    finally:
        turn.text = said_in_full
    verdicts = (turn.payload.get("quality") or {}).get("verdicts") or {}
    run = iqa_conditional.holds(conditional, verdicts)
    await turn.stream_text(f" {iqa_conditional.said(conditional, run, verdicts)}")
    return run


async def _picked(turn, side: int, plan: iqa.IQAPlan) -> tuple[dict, iqa.IQAPlan] | None:
    """(the quality subject of the variation a superlative picks, its note saying which; the plan of what is asked
    of it), or None."""
    faults = rules_iqa.distortions_named(iqa_picked.without(turn.text))
    word = iqa_picked.asked(turn.text, faults)
    finals = await _finals(turn.chat_id, side, compare=False) if word else {}
    if len(finals) < 2:
        return None
    n, note = await asyncio.to_thread(iqa_picked.pick, word, {k: image for k, (image, _ref) in finals.items()})
    chosen = await database_sync_to_async(selectors.quality_subject)(chat_id=turn.chat_id, variation=n)
    return chosen | {"note": " ".join(filter(None, [note, chosen.get("note")]))}, iqa_picked.narrowed(plan, faults)


async def _said(turn, backend, result: dict, image, repaired: str | None, size=None) -> None:
    """Store the quality payload and stream the answer, each unmeasured part of the question said to be unmeasured
    ("is it tilted and blurry?": the blur answered, the tilt said not measured)."""
    quality = result["quality"] | ({"repaired": repaired} if repaired else {})
    turn.payload["quality"] = iqa_unmeasured.stored(quality, turn.text)  # "unmeasured": what its figures leave
    await write_answer(turn, backend, iqa_unmeasured.added(result, turn.text, size), image)
