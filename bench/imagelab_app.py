"""The product path of bench/imagelab.py: image turns through `flows.start_turn`, timed to the first step result."""

import statistics
import tempfile
import time
from pathlib import Path

from imagelab_common import offline_app, rss_mb

APP_TEXT = "warmer and punchier, keep the framing"


def run_app(data: bytes, runs: int, delay: float = 0.0) -> dict:
    """The product path: an upload through `flows.start_turn`, timed per turn, then a next turn without one.

    A throwaway SQLite DB and image root; the rule planner, no OpenAI. With `delay` > 0 the planner
    stands in for a model: it answers the same plans after `delay` seconds (and, like the model path,
    gets the photo's preview). Per turn: the job's own stored `t_first_step` (planning end → first step
    result), and on the chat's channel-layer group `plans` → first `step.result` and upload in hand
    (start_turn called) → first `step.result`.
    """
    import asyncio
    import shutil

    tmp = Path(tempfile.mkdtemp(prefix="marquee-bench-imagelab-"))
    offline_app(tmp)
    from channels.layers import get_channel_layer
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections

    from chatapp import llm, running
    from chatapp.db import database_sync_to_async as db
    from chatapp.events import group_name
    from chatapp.planner.backends.base import BackendProfile
    from imagelab import services, starting
    from imagelab.models import ImageJob

    async def one(user) -> dict:
        chat = await db(services.image_chat_create)(user=user)
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(group_name(chat.pk), channel)
        seen: dict[str, float] = {}

        async def listen():
            while "step.result" not in seen:
                kind = (await layer.receive(channel))["event"]["type"]
                seen.setdefault(kind, time.perf_counter())

        listener = asyncio.ensure_future(listen())
        t0 = time.perf_counter()
        turn, _ = await starting.start_turn(
            user=user, chat=chat, text=APP_TEXT, data=data, filename="photo.jpg", with_job=False
        )
        await asyncio.wait_for(listener, 30)
        while any(not t.done() for t in running.tasks()):
            await asyncio.sleep(0.01)
        job = await db(ImageJob.objects.get)(message_id=turn.message_id)
        assert job.status == "done", job.error
        # The next edit starts from the chosen variation (a stored 2048 px JPEG, decoded during planning).
        await db(services.job_choose_result)(user=user, job_id=job.pk, variation=0)
        turn2, _ = await starting.start_turn(user=user, chat=chat, text="now crop it square", data=None, with_job=False)
        while any(not t.done() for t in running.tasks()):
            await asyncio.sleep(0.01)
        job2 = await db(ImageJob.objects.get)(message_id=turn2.message_id)
        assert job2.status == "done", job2.error
        return {
            "stored": job.timings["t_first_step"],
            "plans": (seen["step.result"] - seen["plans"]) * 1000,
            "upload": (seen["step.result"] - t0) * 1000,
            "plan": job.timings.get("t_plan", float("nan")),
            "second": job2.timings["t_first_step"],
        }

    class SlowPlanner:
        """A model planner's latency with the rule planner's answer (the flow takes the model path)."""

        name, profile = "openai", BackendProfile(threads_responses=False, reads_images=True)

        def __init__(self, inner):
            self.inner = inner

        async def complete(self, request, *, on_text=None):
            await asyncio.sleep(delay)
            return await self.inner.complete(request, on_text=on_text)

    async def all_runs(user) -> list[dict]:
        await one(user)  # warm-up: imports, first DB connection, libvips start
        return [await one(user) for _ in range(runs)]

    def planned(user) -> list[dict]:
        if not delay:
            return asyncio.run(all_runs(user))
        with llm.backend_override(SlowPlanner(llm.planner_backend())):
            return asyncio.run(all_runs(user))

    try:
        call_command("migrate", verbosity=0, interactive=False)
        user = get_user_model().objects.create_user(username="bench")
        rows = planned(user)
    finally:
        connections.close_all()
        shutil.rmtree(tmp, ignore_errors=True)
    med = statistics.median
    return (
        {k: med(r[k] for r in rows) for k in rows[0]}
        | {f"{k}_all": [round(r[k], 1) for r in rows] for k in rows[0]}
        | {"peak_rss_mb": rss_mb()}
    )


def print_app(app: dict, runs: int, planner: str) -> None:
    """The product-path figures: where the first step result lands."""
    print(f"Product path, {planner} (flows.start_turn with the 12 MP upload, '{APP_TEXT}'), median of {runs} turns")
    print(
        f"  {'stored t_first_step (planning end → first step result) ms':62}{app['stored']:>8.0f}   {app['stored_all']}"
    )
    print(f"  {'plans event → first step.result event ms':62}{app['plans']:>8.0f}   {app['plans_all']}")
    print(
        f"  {'upload in hand (start_turn) → first step.result event ms':62}{app['upload']:>8.0f}   {app['upload_all']}"
    )
    print(f"  {'stored t_plan (planning) ms':62}{app['plan']:>8.1f}")
    print(f"  {'next turn, no upload: stored t_first_step ms':62}{app['second']:>8.0f}   {app['second_all']}")
    print(f"  {'peak RSS MB (the whole app process)':62}{app['peak_rss_mb']:>8.0f}\n")
