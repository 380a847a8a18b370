"""The quality guard of a job: after the five variations ran, measure each, revise and re-run it, stream it.

The loop is `imagelab.core.guard` (pure); this module gives it the job's pieces: the previews the executor
streamed (`PreviewTap`), a re-run from the first changed step (`execute.rerun_variation`), the reviser
(IMAGE_REVISER: rules, or the planner model through `imagelab.reviser`) and the job's JobRun, which saves and
streams a kept revision like any step (a `variation.revised` event, then its steps and its final).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from django.conf import settings

from chatapp import llm
from imagelab import reviser
from imagelab.core.codec import shrink
from imagelab.core.execute import StepResult, rerun_variation
from imagelab.core.guard import Outcome, Rerun, run_guard
from imagelab.core.revise import Applied
from imagelab.jobrun import JobRun

log = logging.getLogger("marquee.flow")
PREVIEW_SIDE = 640  # the executor's preview track (what the guard measures)
REVISER_TIMEOUT_S = 30.0


class PreviewTap:
    """Keeps each variation's last step picture (its final at preview size) as the executor streams it."""

    def __init__(self, plans: list[dict]):
        self.lengths = [len(p["operations"]) for p in plans]
        self.previews: list = [None] * len(plans)

    def wrap(self, on_step: Callable[[StepResult], None]) -> Callable[[StepResult], None]:
        """`on_step`, also keeping the last step's picture of every variation."""

        def tapped(r: StepResult) -> None:
            on_step(r)
            if r.step == self.lengths[r.variation] - 1:
                self.previews[r.variation] = r.image

        return tapped


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


async def guard_job(run: JobRun, work, previews: list) -> list[dict]:
    """Verify every finished variation against `work` (the working image), revise and re-run; the log."""
    done = [p if run.variations[i]["status"] == "done" else None for i, p in enumerate(previews)]
    plans = [list(p["operations"]) for p in run.plans]
    propose = _proposer(asyncio.get_running_loop(), [p["label"] for p in run.plans])

    def guard(on_step, on_done, on_revised) -> list[Outcome]:
        def rerun(vi: int, operations: list[dict], start: int) -> Rerun:
            held: list[StepResult] = []
            result = rerun_variation(work, operations, start, vi, on_step=held.append, preview_side=PREVIEW_SIDE)
            preview = held[-1].image if held else shrink(result.image, PREVIEW_SIDE)
            return Rerun(preview, (held, result))

        def accept(vi: int, applied: Applied, ran: Rerun, entry: dict) -> None:
            held, result = ran.payload
            on_revised(
                {"variation": vi, "operations": applied.operations, "from_step": applied.first_changed, "entry": entry}
            )
            for step in held:
                on_step(step)
            on_done(result)

        return run_guard(
            shrink(work, PREVIEW_SIDE),
            done,
            plans,
            propose=propose,
            rerun=rerun,
            accept=accept,
            max_revisions=settings.MAX_REVISIONS,
            stopped=run.stopped,
        )

    outcomes = await run.execute(guard, revisions=True)
    run.revisions = [o.as_log() for o in outcomes]
    return run.revisions


def summary(log: list[dict]) -> str:
    """One line for the step log: revisions kept, variations still flagged."""
    kept = sum(e["verdict"] == "revised" for v in log for e in v["revisions"])
    flagged = sum(1 for v in log if v["ok"] is False)
    return f"{kept} revision(s) kept, {flagged} variation(s) still flagged"
