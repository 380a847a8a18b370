"""The image-lab turn: plan (tool call or short answer) while decoding, normalise, execute, stream, persist."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from channels.db import database_sync_to_async
from django.conf import settings

from chatapp import llm, turns
from chatapp import services as chat_services
from chatapp.models import Chat, Message
from chatapp.planner.backends.base import (
    ImageInput,
    InputMessage,
    PlannerError,
    PlannerReply,
    PlannerRequest,
)
from chatapp.turns import Turn
from imagelab import ai_edit, planning, quality_turn, selectors, services, storage
from imagelab.core import ops
from imagelab.core.codec import decode
from imagelab.core.execute import execute
from imagelab.core.normalize import NoVariations, normalize_plan
from imagelab.events import JobEnded, PlannedVariation, PlannerSource, Plans
from imagelab.jobrun import JobRun, consume_outcome, job_urls
from imagelab.models import ImageAsset, ImageJob

log = logging.getLogger("marquee.flow")
DEFAULT_INSTRUCTION = "Make it look its best."
# Working images made before a job needs them, by stored path: reduced from an upload's decoded pixels
# while its files are written, or decoded from the stored file while the planner thinks. A job takes
# its own, so the first step result does not wait for a decode (~70 ms on 12 MP, which a rule planner,
# done in ~1 ms, cannot hide); a turn that made no job (a chat answer) leaves it for the next edit of
# the same image. At most a few are kept, none for long: path -> (future, working side, made at).
_PREDECODED: dict[str, tuple[asyncio.Future, int, float]] = {}
_PREDECODED_MAX = 4
_PREDECODED_TTL_S = 600.0


class JobFailed(PlannerError):
    """The job could not start (no usable plan); the message says why in plain words."""

    def __init__(self, message: str, code: str = "no_variations"):
        super().__init__(message, user_message=message, code=code)


@dataclass
class _Context:
    job: ImageJob | None
    source: ImageAsset | None
    history: list[str]
    ran_before: bool = False  # the message already has a job past planning: never rerun or rewrite it


def _load_context(turn: Turn) -> _Context:
    job = selectors.job_get_for_message(message_id=turn.message_id)
    if job is not None and job.status != ImageJob.Status.PLANNING:
        return _Context(job=None, source=None, history=[], ran_before=True)
    if job is not None:
        source = job.source
    else:
        source = selectors.chat_current_by_id(chat_id=turn.chat_id)
    earlier = selectors.message_texts_recent(chat_id=turn.chat_id, exclude_turn_key=turn.turn_key, limit=4)
    return _Context(job=job, source=source, history=[t[:200] for t in earlier])


def _data_url(asset: ImageAsset) -> str:
    import base64

    # The stored preview is a JPEG of at most 640 px: small enough for the model, ready at once.
    return "data:image/jpeg;base64," + base64.b64encode(storage.read(asset.preview_path)).decode()


async def run_image_turn(turn: Turn) -> None:
    """Run one image-chat turn end to end, publishing every step."""
    ctx = await database_sync_to_async(_load_context)(turn)
    if ctx.ran_before:
        raise JobFailed("This edit has already run; send a new message to edit again.", code="job_finished")
    if ctx.source is None:
        turn.payload["kind"] = "answer"
        await turn.stream_text("Add a photo first: drop one in, paste it, or pick a file.")
        return
    side = settings.IMAGE_WORKING_SIDE
    size = (ctx.source.width, ctx.source.height)
    # The working image made earlier (the upload's pixels, an earlier chat answer), or decode it while the
    # planner thinks: the first step result comes fast. Only a job takes it out of _PREDECODED.
    path = ctx.source.path
    decoding = asyncio.ensure_future(_working_image(path, side))
    job = ctx.job
    try:
        backend = llm.planner_backend()
        turn.planner_source = backend.name
        try:
            reply = await _plan(turn, backend, ctx, size, side)
        except Exception as exc:
            if job is None:  # a chat message: the planner never said it was an edit, so there is no job
                raise
            raise await _planner_failed(turn, job, exc) from exc
        call = next((c for c in reply.tool_calls if c.name == planning.PLAN_VARIATIONS_TOOL.name), None)
        if (asked := planning.quality_call(reply)) and call is None and ctx.job is None:
            return await quality_turn.answer_quality(turn, asked.arguments, decoding)
        if call is None and ctx.job is None:
            turn.payload["kind"] = "answer"
            if not turn.content and reply.text:
                await turn.stream_text(reply.text)
            return
        job = job or await database_sync_to_async(services.job_create_for_message)(
            message_id=turn.message_id, source=ctx.source, instruction=turn.text
        )
        turn.payload.update({"kind": "job", "job_id": job.pk})
        await turn.save()
        await _run_job(
            turn,
            job,
            backend.name,
            call.arguments if call else None,
            size,
            side,
            lambda: _take_working_image(decoding, path),
        )
    except asyncio.CancelledError:
        await asyncio.shield(_close_unfinished(job, "stopped", "Stopped before the edit started."))
        raise
    except Exception:
        await asyncio.shield(_close_unfinished(job, "failed", "Planning failed, so no edit was made."))
        raise
    finally:
        decoding.cancel()
        decoding.add_done_callback(consume_outcome)  # a decode that failed for a turn with no job is no error


async def _working_image(path: str, side: int):
    """(working image, source size): the one made earlier, else decoded from the stored file (and kept)."""
    _predecoded_prune()
    made, made_side, _at = _PREDECODED.get(path) or (None, None, None)
    if made is not None and made_side == side and not made.cancelled():
        try:
            return await asyncio.shield(made)  # a stopped turn must not cancel what the next one may take
        except Exception:  # noqa: BLE001 - the stored file is still there
            log.warning("early working image of %s failed; decoding the stored file", path)
    fresh = asyncio.ensure_future(asyncio.to_thread(lambda: decode(storage.read(path), max_side=side)))
    _predecoded_put(path, fresh, side)
    return await asyncio.shield(fresh)


async def _take_working_image(decoding: asyncio.Future, path: str):
    """The job's working image; from now on it is the job's, so it leaves _PREDECODED."""
    made = await decoding
    _PREDECODED.pop(path, None)
    return made


async def _close_unfinished(job: ImageJob | None, status: str, error: str) -> None:
    """A job (API or chat) that never reached its own end must not stay 'planning' or 'running' forever."""
    if job is None:
        return
    await database_sync_to_async(services.job_close_unfinished)(job_id=job.pk, status=status, error=error)


async def _plan(turn: Turn, backend, ctx: _Context, size, side) -> PlannerReply:
    working = ops.working_size(size, side)
    images = [ImageInput(url=await database_sync_to_async(_data_url)(ctx.source))] if backend.name != "rules" else []
    request = PlannerRequest(
        instructions=planning.instructions(working_side=side),
        input=[
            InputMessage(
                role="user",
                text=planning.planning_text(instruction=turn.text, working_size=working, history=ctx.history),
                images=images,
            )
        ],
        model=settings.OPENAI_MODEL,
        tools=planning.turn_tools(backend=backend.name, chat=ctx.job is None),
        tool_choice=planning.PLAN_VARIATIONS_TOOL.name if ctx.job is not None else None,  # an API job must plan
        context=planning.ImageContext(text=turn.text, image_size=size, max_side=side, chat_id=turn.chat_id),
        purpose=planning.PURPOSE,
    )
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


async def _fail_unplanned(turn: Turn, job: ImageJob, message: str, normalization_log: list[dict]) -> None:
    """End a job that got no usable plan: planner source none, an empty plans event, then the failed end."""
    ids = {"chat_id": turn.chat_id, "turn_key": turn.turn_key, "job_id": job.pk}
    await database_sync_to_async(services.job_save_progress)(
        job_id=job.pk,
        status=ImageJob.Status.FAILED,
        planner_source="none",
        normalization_log=normalization_log,
        error=message,
    )
    await turn.emit(PlannerSource(**ids, source="none"))
    await turn.emit(Plans(**ids, variations=[], source_url=job_urls(job.pk).source()))  # every job opens so
    await _emit_end(turn, job.pk, "failed", message)


async def _planner_failed(turn: Turn, job: ImageJob, exc: Exception) -> JobFailed:
    """The planner call of a job raised (service down, timeout, bad reply): end the job; the error to raise."""
    if not isinstance(exc, PlannerError):
        log.exception("planner of image job %s crashed", job.pk)
    why = exc.user_message if isinstance(exc, PlannerError) else "The planner failed unexpectedly."
    code = exc.code if isinstance(exc, PlannerError) else "planner_error"
    message = f"No plan could be made, so no variations were made. {why}"
    await _fail_unplanned(
        turn,
        job,
        message,
        [{"variation": None, "step": None, "change": "no plan", "reason": f"the planner call failed ({code})"}],
    )
    return JobFailed(message, code=code)


async def _emit_end(turn: Turn, job_id: int, status: str, error: str = "") -> None:
    await turn.emit(JobEnded(chat_id=turn.chat_id, turn_key=turn.turn_key, job_id=job_id, status=status, error=error))


async def _run_job(
    turn: Turn, job: ImageJob, source_name: str, arguments: str | None, size, side, working: Callable[[], Awaitable]
) -> None:
    ids = {"chat_id": turn.chat_id, "turn_key": turn.turn_key, "job_id": job.pk}
    try:
        if arguments is None:
            raise NoVariations(
                "The planner did not return a plan.",
                [{"variation": None, "step": None, "change": "rejected plan", "reason": "no plan_variations call"}],
            )
        plan = normalize_plan(arguments, image_size=size, max_side=side)
    except NoVariations as exc:
        message = f"{exc.message} No variations were made; try rephrasing the instruction."
        turn.steplog.record("normalize", result="no usable variations", status="error", error=exc.message)
        await _fail_unplanned(turn, job, message, exc.log)
        raise JobFailed(message) from None
    turn.steplog.record("normalize", result=f"{len(plan.variations)} variations, {len(plan.log)} changes")
    source = source_name if source_name in ("openai", "rules", "scripted") else "openai"
    plans = [v.model_dump(mode="json") for v in plan.variations]
    run = JobRun(turn=turn, job_id=job.pk, plans=plans, folder=storage.new_folder("jobs"))
    planned_at = time.perf_counter()
    try:  # from here on every way out (Stop included) ends the job through _finish_job
        await database_sync_to_async(services.job_save_progress)(
            job_id=job.pk,
            status=ImageJob.Status.RUNNING,
            planner_source=source,
            plans=plans,
            diversity_axes=plan.diversity_axes,
            normalization_log=plan.log,
        )
        await turn.emit(PlannerSource(**ids, source=source))
        await turn.emit(
            Plans(
                **ids,
                diversity_axes=plan.diversity_axes,
                source_url=job_urls(job.pk).source(),
                variations=[PlannedVariation(index=i, **p) for i, p in enumerate(plans)],
            )
        )
        work, source_size = await working()
        result = await run.execute(
            lambda on_step, on_done: execute(
                work,
                [v.operations for v in plan.variations],
                on_step=on_step,
                on_variation_done=on_done,
                ai_edit=run.wrap_ai(ai_edit.make_ai_edit()),
                workers=settings.IMAGE_WORKERS,
                max_side=side,
                keep_images=False,
                stopped=run.stopped,
            )
        )
    except asyncio.CancelledError:
        run.cancel()
        await asyncio.shield(_finish_job(turn, run, "stopped", "Stopped."))
        raise
    except Exception as exc:
        run.cancel()
        log.exception("image job %s crashed", job.pk)
        await asyncio.shield(_finish_job(turn, run, "failed", f"The edit failed: {type(exc).__name__}."))
        raise
    if run.first_step_at is not None:
        turn.steplog.record("first_step", label="t_first_step", duration_ms=(run.first_step_at - planned_at) * 1000)
    turn.steplog.record(
        "execute",
        label="t_execute",
        duration_ms=result.ms,
        result=f"prefix {result.prefix_length}, working {result.working_size}",
    )
    done = [v for v in run.variations if v["status"] == "done"]
    status = "done" if done else "failed"
    turn.content = (f"{len(done)} variations: " + ", ".join(p["label"] for p in plans)) if done else ""
    await _finish_job(
        turn,
        run,
        status,
        "" if done else "Every variation failed.",
        working=result.working_size,
        source_size=source_size,
    )
    if not done:
        raise JobFailed("Every variation failed; nothing to show.", code="job_failed")


async def _finish_job(turn: Turn, run: JobRun, status: str, error: str, *, working=None, source_size=None) -> None:
    fields = {
        "status": status,
        "error": error,
        "variations": run.variations,
        "ai_images": run.ai_images,
        "ai_edits": len(run.ai_images),
        "step_log": turn.steplog.to_list(),
        "timings": turn.steplog.timings(),
    }
    if working:
        fields.update(working_width=working[0], working_height=working[1])
    if source_size:
        fields.update(source_width=source_size[0], source_height=source_size[1])
    await database_sync_to_async(services.job_save_progress)(job_id=run.job_id, **fields)
    await _emit_end(turn, run.job_id, status, error)


async def submit_turn(
    *, user, chat: Chat, text: str, upload: services.StoredUpload | None, with_job: bool
) -> tuple[Turn, ImageJob | None]:
    """Start an image turn (stores the message, the upload's row and, for the API, the job)."""
    made: dict = {}

    def prepare(user_message: Message, assistant: Message) -> None:
        made["job"] = services.turn_prepare(
            user=user, chat=chat, user_message=user_message, assistant=assistant, upload=upload, with_job=with_job
        )

    try:
        # A photo alone is a fine message; text alone applies to the current image.
        text = text if (text or "").strip() or upload is None else DEFAULT_INSTRUCTION
        turn, _task = await turns.begin(user=user, chat_id=chat.pk, text=text, prepare=prepare)
    except BaseException:
        await asyncio.to_thread(services.upload_discard, stored=upload)
        raise
    return turn, made.get("job")


def instruction_check(*, text: str) -> None:
    """Refuse an over-long instruction whole, before any photo is decoded or written (a blank one is fine here)."""
    if (text or "").strip():
        chat_services.message_text_clean(text=text)


async def start_turn(
    *, user, chat: Chat, text: str, data: bytes | None, filename: str = "", with_job: bool, loaded=None
) -> tuple[Turn, ImageJob | None]:
    """Validate the upload (if any; nothing stored on refusal), store it, and start the turn."""
    instruction_check(text=text)
    stored = None
    if data is not None:
        if loaded is None:
            loaded = await asyncio.to_thread(services.upload_validate, data=data, filename=filename)
        # The working image comes from the pixels already in memory, while the files are written.
        image, side = loaded.image, settings.IMAGE_WORKING_SIDE
        working = asyncio.ensure_future(asyncio.to_thread(lambda: decode(image, max_side=side)))
        try:
            stored = await asyncio.to_thread(services.upload_store, loaded=loaded, data=data, filename=filename)
        except BaseException:
            working.cancel()
            raise
        _predecoded_put(stored.path, working, side)
    try:
        return await submit_turn(user=user, chat=chat, text=text, upload=stored, with_job=with_job)
    except BaseException:
        if stored is not None:
            _PREDECODED.pop(stored.path, None)
        raise


def _predecoded_put(path: str, working: asyncio.Future, side: int) -> None:
    """Keep a working image for the next job on `path` (the oldest waiting one goes past the limit)."""
    working.add_done_callback(consume_outcome)  # a turn that takes it sees a failure anyway
    _PREDECODED[path] = (working, side, time.monotonic())
    _predecoded_prune()


def _predecoded_prune() -> None:
    """Drop working images nobody took in time, then the oldest past the limit."""
    now = time.monotonic()
    for path in [p for p, (_f, _s, at) in _PREDECODED.items() if now - at > _PREDECODED_TTL_S]:
        del _PREDECODED[path]
    while len(_PREDECODED) > _PREDECODED_MAX:
        del _PREDECODED[next(iter(_PREDECODED))]
