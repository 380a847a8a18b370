"""The image-lab turn: plan (tool call or short answer) while decoding, then hand the plan to the job."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from django.conf import settings

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import ImageInput, InputMessage, PlannerReply, PlannerRequest
from chatapp.turns import Turn
from imagelab import planning, quality_turn, selectors, services, storage, working
from imagelab.core import ops
from imagelab.core.codec import shrink
from imagelab.core.simulate import PixelSample
from imagelab.jobflow import JobFailed, SourceMissing, close_unfinished, planner_failed, run_job
from imagelab.jobrun import consume_outcome
from imagelab.models import ImageAsset, ImageJob
from imagelab.rules import iqa as rules_iqa

# The image lab's progress lines (shown under the answer while the turn runs).
PLANNING = "Planning five looks…"
CHECKING_QUALITY = "Checking the photo's quality…"
EDITING = "Editing the variations…"


@dataclass
class _Context:
    job: ImageJob | None
    source: ImageAsset | None
    history: list[str]
    subject: dict | None = None  # what a quality question would measure, and against what
    chosen: dict | None = None  # the chosen variation's plan, for "push it further" (rules backend)
    ran_before: bool = False  # the message already has a job past planning: never rerun or rewrite it
    source_missing: bool = False  # the source's stored files are gone (deleted from storage)


def _load_context(turn: Turn) -> _Context:
    job = selectors.job_get_for_message(message_id=turn.message_id)
    if job is not None and job.status != ImageJob.Status.PLANNING:
        return _Context(job=None, source=None, history=[], ran_before=True)
    if job is not None:
        source = job.source
    else:
        source = selectors.chat_current_by_id(chat_id=turn.chat_id)
    earlier = selectors.message_texts_recent(chat_id=turn.chat_id, exclude_turn_key=turn.turn_key, limit=4)
    subject = None
    number = rules_iqa.variation_number(turn.text)
    if job is None:  # a chat turn may be a quality question ("is number 3 too dark?")
        subject = selectors.quality_subject(chat_id=turn.chat_id, variation=number)
    chosen = selectors.chosen_plan(chat_id=turn.chat_id, current=source, variation=number)
    missing = source is not None and not (storage.exists(source.path) and storage.exists(source.preview_path))
    return _Context(
        job=job,
        source=source,
        history=[t[:200] for t in earlier],
        subject=subject,
        chosen=chosen,
        source_missing=missing,
    )


def _data_url(asset: ImageAsset) -> str:
    import base64

    # The stored preview is a JPEG of at most 640 px: small enough for the model, ready at once.
    try:
        return "data:image/jpeg;base64," + base64.b64encode(storage.read(asset.preview_path)).decode()
    except FileNotFoundError:  # deleted since the turn's check
        raise SourceMissing() from None


async def _working_image(path: str, side: int):
    """The working image, or SourceMissing when the stored file went since the turn's check."""
    try:
        return await working.working_image(path, side)
    except FileNotFoundError:
        raise SourceMissing() from None


async def run_image_turn(turn: Turn) -> None:
    """Run one image-chat turn end to end, publishing every step."""
    ctx = await database_sync_to_async(_load_context)(turn)
    if ctx.ran_before:
        raise JobFailed("This edit has already run; send a new message to edit again.", code="job_finished")
    if ctx.source is None:
        turn.payload["kind"] = "answer"
        await turn.stream_text("Add a photo first: drop one in, paste it, or pick a file.")
        return
    if ctx.source_missing:  # nothing to plan on or edit: say so, never a crash further on
        await close_unfinished(ctx.job, "failed", SourceMissing.MESSAGE)
        raise SourceMissing()
    side = settings.IMAGE_WORKING_SIDE
    size = (ctx.source.width, ctx.source.height)
    # The working image made earlier (the upload's pixels, an earlier chat answer), or decode it while the
    # planner thinks: the first step result comes fast. Only a job takes it out of working.PREDECODED.
    path = ctx.source.path
    decoding = asyncio.ensure_future(_working_image(path, side))
    job = ctx.job
    try:
        backend = llm.planner_backend()
        turn.planner_source = backend.name
        await turn.progress(PLANNING)
        try:
            request = await _request(turn, backend, ctx, size, side, decoding)
            reply = await _plan(turn, backend, request)
        except Exception as exc:
            if job is None:  # a chat message: the planner never said it was an edit, so there is no job
                raise
            raise await planner_failed(turn, job, exc) from exc
        call = next((c for c in reply.tool_calls if c.name == planning.PLAN_VARIATIONS_TOOL.name), None)
        if planning.quality_call(reply) and call is None and ctx.job is None:
            await turn.progress(CHECKING_QUALITY)
            tool = next(t for t in request.tools if t.name == planning.ASSESS_QUALITY_TOOL.name)
            return await quality_turn.answer_quality(
                turn,
                backend=backend,
                request=request,
                reply=reply,
                tool=tool,
                subject=ctx.subject,
                working_image=decoding,
                side=side,
            )
        if planning.quality_call(reply) and call is not None and ctx.job is None:  # "too dark? if so brighten it"
            await turn.progress(CHECKING_QUALITY)
            tool = next(t for t in request.tools if t.name == planning.ASSESS_QUALITY_TOOL.name)
            asked = dict(backend=backend, request=request, reply=reply, tool=tool, subject=ctx.subject, side=side)
            if not await quality_turn.answer_conditional(turn, working_image=decoding, **asked):
                return  # the answer said no edit was called for
        if call is None and ctx.job is None:
            turn.payload["kind"] = "answer"
            if not turn.content and reply.text:
                await turn.stream_text(reply.text)
            return
        if reply.text and not turn.content:  # an answer said before the plan (what cannot be done here) comes first
            await turn.stream_text(reply.text)
        if turn.content.strip():
            turn.payload["answer"] = turn.content.strip()  # shown above the job, kept after it
        job = job or await database_sync_to_async(services.job_create_for_message)(
            message_id=turn.message_id, source=ctx.source, instruction=turn.text
        )
        turn.payload.update({"kind": "job", "job_id": job.pk})
        await turn.progress(EDITING)  # saves the payload too
        await run_job(
            turn,
            job,
            backend.name,
            call.arguments if call else None,
            size,
            side,
            lambda: working.take(decoding, path),
        )
    except asyncio.CancelledError:
        await asyncio.shield(close_unfinished(job, "stopped", "Stopped before the edit started."))
        raise
    except Exception:
        await asyncio.shield(close_unfinished(job, "failed", "Planning failed, so no edit was made."))
        raise
    finally:
        decoding.cancel()
        decoding.add_done_callback(consume_outcome)  # a decode that failed for a turn with no job is no error


async def _tone_sample(decoding: asyncio.Future) -> PixelSample | None:
    """The working image's pixel sample for the rule planner (which sees the photo only so), or None."""
    try:
        work, _size = await asyncio.shield(decoding)
    except Exception:  # noqa: BLE001 - the job reports a failed decode where it takes the working image
        return None
    return await asyncio.to_thread(lambda: PixelSample(shrink(work), working_size=(work.shape[1], work.shape[0])))


async def _request(turn: Turn, backend, ctx: _Context, size, side, decoding: asyncio.Future) -> PlannerRequest:
    working = ops.working_size(size, side)
    has_reference = bool(ctx.subject and ctx.subject["reference_path"])
    images = (
        [ImageInput(url=await database_sync_to_async(_data_url)(ctx.source))] if backend.profile.reads_images else []
    )
    return PlannerRequest(
        instructions=planning.instructions(working_side=side),
        input=[
            InputMessage(
                role="user",
                text=planning.planning_text(
                    instruction=turn.text, working_size=working, history=ctx.history, chosen=ctx.chosen
                ),
                images=images,
            )
        ],
        model=settings.OPENAI_MODEL,
        tools=planning.turn_tools(backend=backend.name, chat=ctx.job is None, has_reference=has_reference),
        tool_choice=planning.PLAN_VARIATIONS_TOOL.name if ctx.job is not None else None,  # an API job must plan
        context=planning.ImageContext(
            text=turn.text,
            image_size=size,
            max_side=side,
            chat_id=turn.chat_id,
            has_reference=has_reference,
            chosen=ctx.chosen,
            sample=None if backend.profile.reads_images else await _tone_sample(decoding),
        ),
        purpose=planning.PURPOSE,
        on_reasoning=turn.stream_thinking,
    )


async def _plan(turn: Turn, backend, request: PlannerRequest) -> PlannerReply:
    images = request.input[0].images
    async with turn.steplog.step(
        "plan_variations",
        args={"tool_choice": request.tool_choice or "auto", "images": len(images)},
        label="t_plan",
        model=request.model,
    ) as step:
        reply = await backend.complete(request, on_text=turn.stream_text)
        step.model = reply.model or step.model  # what actually answered (a dated model id, or "rules")
        step.result = f"{len(reply.tool_calls)} tool call(s), {len(reply.text)} chars of text"
    return reply
