"""An image job once planned: normalise the plan, save and stream it, execute, end the job (every way out)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from django.conf import settings

from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import PlannerError
from chatapp.turns import Turn
from imagelab import ai_edit, guarding, services, storage
from imagelab.core.normalize import NoVariations, normalize_plan
from imagelab.core.staged import Guarded
from imagelab.events import JobEnded, PlannedVariation, PlannerSource, Plans
from imagelab.jobrun import JobRun, Stopped, job_urls
from imagelab.models import ImageJob

log = logging.getLogger("marquee.flow")


class JobFailed(PlannerError):
    """The job could not start (no usable plan); the message says why in plain words."""

    def __init__(self, message: str, code: str = "no_variations"):
        super().__init__(message, user_message=message, code=code)


class SourceMissing(JobFailed):
    """The photo to edit has no stored file any more (deleted from storage): a plain failure, not a crash."""

    MESSAGE = "Your photo is no longer available (its stored file is gone), so no edit was made. Upload it again."

    def __init__(self):
        super().__init__(self.MESSAGE, code="source_missing")


async def close_unfinished(job: ImageJob | None, status: str, error: str) -> None:
    """A job (API or chat) that never reached its own end must not stay 'planning' or 'running' forever."""
    if job is None:
        return
    await database_sync_to_async(services.job_close_unfinished)(job_id=job.pk, status=status, error=error)


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


async def planner_failed(turn: Turn, job: ImageJob, exc: Exception) -> JobFailed:
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


async def run_job(
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
        guarded = settings.IMAGE_GUARD
        ran = await (guarding.execute_guarded if guarded else guarding.execute_unguarded)(
            run,
            work,
            [v.operations for v in plan.variations],
            ai_edit=run.wrap_ai(ai_edit.make_ai_edit()),
            workers=settings.IMAGE_WORKERS,
            side=side,
        )
        result = ran.execution
        _record_guard(turn, run, ran, guarded)
    except asyncio.CancelledError:
        run.cancel()
        await asyncio.shield(_finish_job(turn, run, "stopped", "Stopped."))
        raise
    except SourceMissing as exc:
        run.cancel()
        await asyncio.shield(_finish_job(turn, run, "failed", exc.user_message))
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
    answer = turn.payload.get("answer", "")
    summary = (f"{len(done)} variations: " + ", ".join(p["label"] for p in plans)) if done else ""
    turn.content = "\n\n".join(t for t in (answer, summary) if t)
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


def _record_guard(turn: Turn, run: JobRun, ran: Guarded, guarded: bool) -> None:
    """The guard's line in the step log; a guard that broke left the variations as they ran (the job ends well)."""
    if not guarded:
        result, status, error = "off (IMAGE_GUARD=0)", "skipped", None
    elif ran.error is None:
        result, status, error = guarding.summary(run.revisions), "ok", None
    elif isinstance(ran.error, Stopped):  # Stop was pressed while the guard ran: the turn's cancellation follows
        result, status, error = "stopped", "skipped", None
    else:
        log.error("quality guard of image job %s failed", run.job_id, exc_info=ran.error)
        result, status, error = "", "error", "the quality guard failed"
    # The guard's own time (it runs while the settled variations' finals render).
    turn.steplog.record("guard", label="t_guard", duration_ms=ran.guard_ms, result=result, status=status, error=error)


async def _finish_job(turn: Turn, run: JobRun, status: str, error: str, *, working=None, source_size=None) -> None:
    fields = {
        "status": status,
        "error": error,
        "variations": run.variations,
        "plans": run.plans,
        "revisions": run.revisions,
        "ai_images": run.ai_images,
        "ai_edits": len(run.ai_images),
        "step_log": turn.steplog.to_list(),
        "timings": turn.steplog.timings(),
    }
    if working:
        fields.update(working_width=working[0], working_height=working[1])
    if source_size:
        fields.update(source_width=source_size[0], source_height=source_size[1])
    if not await database_sync_to_async(services.job_save_progress)(job_id=run.job_id, **fields):
        # The chat was deleted while the job ran: its delete removed the folders the job's row named then, not
        # the files written since. The job has ended (every way out comes here), so its folder goes now.
        await asyncio.to_thread(storage.delete_folder, run.folder)
    await _emit_end(turn, run.job_id, status, error)
