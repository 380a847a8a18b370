"""Benchmark: what the quality guard adds to a five-variation job as the product runs it (IMAGE_GUARD off vs on).

    DEBUG=1 PYTHONPATH=$PWD .venv/bin/python bench/guard_app.py [--runs 7] [--photos bench,coffee] ["instruction" ...]

bench/guard.py times the image work alone (the pure executor, previews and finals encoded, nothing stored).
Here each job is an image turn through `starting.start_turn` (a throwaway SQLite database and image root, the
rule planner, the in-memory channel layer), so it also stores every step's preview and every final, writes
its rows and publishes its events, as a job in the app does. Timed from the job's first `step.result` event to
its `job.ended` event, on the chat's group, wall and CPU of the process (all threads): what comes before (the
upload, planning, the working image's decode) is the same with or without the guard and is left out;
`--window turn` times from the turn's start instead (the upload stored, the photo decoded, the plans made). Rounds
interleave off and on (`settings.IMAGE_GUARD`, read by each job), medians of `--runs`. `--photos`: the 12 MP
synthetic bench photo ("bench", the default) and/or scikit-image's natural ones (`natural` for all four), each
a row per instruction; the rule planner fits its looks to each photo, as in the app. Not a test.
"""

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from imagelab_common import NATURAL, offline_app, photo_bytes  # isort: skip  (puts the repository on sys.path)

EVERYDAY = ("warmer and punchier, keep the framing", "make it brighter", "moody black and white", "crop it square")


def setup(tmp: Path) -> None:
    """Django on a throwaway database and image root, offline, as `make run` has it; migrated."""
    offline_app(tmp)
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


async def one_job(user, data: bytes, instruction: str, window: str = "job") -> tuple[float, float, int]:
    """(wall ms, CPU ms, revisions kept) of one image job, first step result (or the turn's start) to job end."""
    from channels.layers import get_channel_layer

    from chatapp import running
    from chatapp.db import database_sync_to_async as db
    from chatapp.events import group_name
    from imagelab import services, starting
    from imagelab.models import ImageJob

    chat = await db(services.image_chat_create)(user=user)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    marks: dict[str, tuple[float, float]] = {}

    async def listen() -> None:
        while "job.ended" not in marks:
            kind = (await layer.receive(channel))["event"]["type"]
            marks.setdefault(kind, (time.perf_counter(), time.process_time()))

    listener = asyncio.ensure_future(listen())
    started = (time.perf_counter(), time.process_time())
    turn, _ = await starting.start_turn(
        user=user, chat=chat, text=instruction, data=data, filename="photo.jpg", with_job=False
    )
    await asyncio.wait_for(listener, 60)
    while any(not t.done() for t in running.tasks()):
        await asyncio.sleep(0.005)
    job = await db(ImageJob.objects.get)(message_id=turn.message_id)
    assert job.status == "done", job.error
    (w0, c0), (w1, c1) = started if window == "turn" else marks["step.result"], marks["job.ended"]
    kept = sum(e["verdict"] == "revised" for v in job.revisions for e in v["revisions"])
    await layer.group_discard(group_name(chat.pk), channel)
    return (w1 - w0) * 1000, (c1 - c0) * 1000, kept


async def measure(user, data: bytes, instruction: str, runs: int, window: str = "job") -> dict:
    """Interleaved rounds, guard off then on; medians."""
    from django.conf import settings

    rows: dict[bool, list[tuple[float, float, int]]] = {False: [], True: []}
    for guarded in (False, True):  # warm-up of both paths
        settings.IMAGE_GUARD = guarded
        await one_job(user, data, instruction, window)
    for _ in range(runs):
        for guarded in (False, True):
            settings.IMAGE_GUARD = guarded
            rows[guarded].append(await one_job(user, data, instruction, window))
    settings.IMAGE_GUARD = True
    med = statistics.median
    off, on = rows[False], rows[True]
    return {
        "off": med(r[0] for r in off),
        "on": med(r[0] for r in on),
        "cpu_off": med(r[1] for r in off),
        "cpu_on": med(r[1] for r in on),
        "kept": on[-1][2],
    }


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("instructions", nargs="*", default=list(EVERYDAY))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--window", choices=("job", "turn"), default="job", help="job: first step result to job end; turn: all of it"
    )
    parser.add_argument("--photos", default="bench", help="comma-separated: bench, natural or scikit-image names")
    args = parser.parse_args()
    photos = [n for p in args.photos.split(",") for n in (NATURAL if p == "natural" else (p,))]
    tmp = Path(tempfile.mkdtemp(prefix="marquee-bench-guard-app-"))
    try:
        setup(tmp)
        from django.contrib.auth import get_user_model
        from django.db import connections

        user = get_user_model().objects.create_user(username="bench")
        print(
            "| photo | instruction (offline planner) | guard off (ms) | guard on (ms) | ratio | CPU off (ms) | CPU on (ms) "
            "| CPU ratio | revisions kept |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")

        async def all_rows() -> None:
            for name in photos:
                data = photo_bytes(name, tmp)
                for instruction in args.instructions:
                    r = await measure(user, data, instruction, args.runs, args.window)
                    print(
                        f"| {name} | {instruction!r} | {r['off']:.1f} | {r['on']:.1f} | {r['on'] / r['off']:.2f} "
                        f"| {r['cpu_off']:.1f} | {r['cpu_on']:.1f} | {r['cpu_on'] / r['cpu_off']:.2f} | {r['kept']} |",
                        flush=True,
                    )

        asyncio.run(all_rows())
        connections.close_all()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
