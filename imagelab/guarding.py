"""The quality guard of a job: once the variations' previews ran, measure each, revise and re-run it, stream it.

The loop is `imagelab.core.guard` and the job around it `imagelab.core.staged.run_guarded` (both pure): every
step streams on the preview track first, the guard verifies and revises there (a revision re-runs the preview
track from its first changed step, streamed after a `variation.revised` event), and each final is rendered
once at working size with its settled plan. This module gives them the reviser (IMAGE_REVISER: rules, or the
planner model through `imagelab.reviser`) and the job's JobRun, which saves and streams it all.
"""

from __future__ import annotations

import asyncio
import logging

from django.conf import settings

from chatapp import llm
from imagelab import reviser
from imagelab.core.execute import ExecutionResult, execute
from imagelab.core.guard import Outcome, run_guard
from imagelab.core.staged import Guarded, run_guarded
from imagelab.jobrun import JobRun

log = logging.getLogger("marquee.flow")
PREVIEW_SIDE = 640  # the executor's preview track (what the guard measures)
REVISER_TIMEOUT_S = 30.0


def _proposer(loop: asyncio.AbstractEventLoop, labels: list[str]):
    """None (the rule edits) or a function asking the planner model, called from the guard's thread."""
    if settings.IMAGE_REVISER != "openai":
        return None
    backend = llm.planner_backend()
    if backend.name == "rules":  # no model configured: the rules answer
        return None

    def propose(report, operations):
        coro = reviser.propose(backend, settings.OPENAI_MODEL, report, operations, labels[report.variation])
        try:
            return asyncio.run_coroutine_threadsafe(coro, loop).result(REVISER_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - a reviser that failed leaves the rule edits
            log.warning("reviser call failed; using the rule edits", exc_info=True)
            return list(report.edits)

    return propose


async def execute_guarded(run: JobRun, work, plans: list, *, ai_edit, workers: int, side: int) -> Guarded:
    """Run the job's plans with the guard between the previews and the finals; the guard's log on `run`."""
    operations = [list(p["operations"]) for p in run.plans]
    propose = _proposer(asyncio.get_running_loop(), [p["label"] for p in run.plans])

    def guard(source_preview, previews, **hooks) -> list[Outcome]:
        return run_guard(
            source_preview,
            previews,
            operations,
            propose=propose,
            max_revisions=settings.MAX_REVISIONS,
            stopped=run.stopped,
            **hooks,
        )

    def job(on_step, on_done, on_revised) -> Guarded:
        hooks = _hooks(run, on_step, on_done, ai_edit, workers)
        return run_guarded(work, plans, guard, on_revised=on_revised, **hooks)

    ran = await run.execute(job, revisions=True)
    run.revisions = [o.as_log() for o in ran.outcomes or []]
    return ran


async def execute_unguarded(run: JobRun, work, plans: list, *, ai_edit, workers: int, side: int) -> Guarded:
    """IMAGE_GUARD off: the plans run as planned (`execute`), nothing measured; no guard log on `run`."""

    def job(on_step, on_done) -> ExecutionResult:
        return execute(work, plans, max_side=side, **_hooks(run, on_step, on_done, ai_edit, workers))

    run.revisions = []
    return Guarded(await run.execute(job), None, 0.0)


def _hooks(run: JobRun, on_step, on_done, ai_edit, workers: int) -> dict:
    """What a job's executor gets either way: the callbacks that store and stream, its pool, its Stop."""
    return {
        "on_step": on_step,
        "on_variation_done": on_done,
        "ai_edit": ai_edit,
        "workers": workers,
        "preview_side": PREVIEW_SIDE,
        "keep_images": False,
        "stopped": run.stopped,
    }


def summary(log: list[dict]) -> str:
    """One line for the step log: revisions kept, variations still flagged."""
    kept = sum(e["verdict"] == "revised" for v in log for e in v["revisions"])
    flagged = sum(1 for v in log if v["ok"] is False)
    return f"{kept} revision(s) kept, {flagged} variation(s) still flagged"
