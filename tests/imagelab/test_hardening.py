"""Review fixes: jobs always end, finished jobs are never rewritten, Stop stops paid calls, previews stay
small, rotations are read only when asked for, concurrent "Use this", the plans event, imports."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient
from PIL import Image

from chatapp import llm, turns
from chatapp.models import Chat, Message
from chatapp.planner.backends.base import PlannerReply, ToolCall
from chatapp.planner.testing import ScriptedBackend
from chatapp.turns import Turn
from imagelab import flows, rules, services
from imagelab.execute import execute
from imagelab.jobrun import JobRun, Stopped
from imagelab.models import ImageAsset, ImageJob
from tests.chatapp.wsutil import wait_turns_idle
from tests.imagelab.conftest import job_of, photo, run_turn

db = database_sync_to_async
ROOT = Path(__file__).resolve().parents[2]


def _on_plans(monkeypatch, action):
    """Run `action()` (async) when a turn publishes its plans event, before publishing it."""
    original = Turn.emit

    async def emit(self, event):
        if getattr(event, "type", "") == "plans":
            await action()
        return await original(self, event)

    monkeypatch.setattr(Turn, "emit", emit)


# ------------------------------------------------------------------ jobs always end
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("with_job", [False, True])
async def test_it_stores_a_job_as_stopped_when_stop_lands_between_planning_and_execution(alice, monkeypatch,
                                                                                          with_job):
    reached = asyncio.Event()

    async def slow():
        reached.set()
        await asyncio.sleep(5)  # the Stop lands while the plans event is being published

    _on_plans(monkeypatch, slow)
    chat = await db(services.image_chat_create)(user=alice)
    turn, _ = await flows.start_turn(user=alice, chat=chat, text="warmer", data=photo((400, 300)),
                                     filename="p.jpg", with_job=with_job)
    await asyncio.wait_for(reached.wait(), 10)
    assert turns.stop(chat.pk)
    await wait_turns_idle(30)
    job = await db(ImageJob.objects.get)(message_id=turn.message_id)
    assert job.status == "stopped" and not job.is_active


@pytest.mark.django_db(transaction=True)
async def test_it_stores_a_job_as_failed_when_publishing_its_plans_breaks(alice, monkeypatch):
    async def broken():
        raise RuntimeError("channel layer down")

    _on_plans(monkeypatch, broken)
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "failed" and not job.is_active


# ------------------------------------------------------------------ finished jobs stay as they are
@pytest.mark.django_db(transaction=True)
async def test_it_never_rewrites_a_finished_job_when_its_message_runs_again(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer", photo((400, 300)))
    await db(services.job_choose_result)(user=alice, job_id=(await db(job_of)(turn)).pk, variation=0)
    before = await db(job_of)(turn)
    assert before.status == "done"

    turn.text = "black and white"  # the same assistant message run a second time
    with pytest.raises(flows.JobFailed):
        await flows.run_image_turn(turn)
    after = await db(job_of)(turn)
    assert after.pk == before.pk and after.status == "done" and after.instruction == before.instruction
    assert (after.plans, after.variations, after.result_variation) == (before.plans, before.variations, 0)


# ------------------------------------------------------------------ Stop and paid calls
def test_it_makes_no_ai_call_and_starts_no_variation_once_stopped():
    run = JobRun(turn=None, job_id=0, plans=[], folder="jobs/x")
    calls = []
    ai = run.wrap_ai(lambda image, prompt: calls.append(prompt) or image)

    def on_step(result):
        run.cancel()  # the user pressed Stop right after the first step result
        raise Stopped("stopped")

    plans = ([[{"op": "brightness", "params": {"value": 1.1}}]]
             + [[{"op": "aiEdit", "params": {"prompt": f"p{i}"}}] for i in range(2)]
             + [[{"op": "contrast", "params": {"value": 1.1}}]] * 2)
    result = execute(Image.new("RGB", (256, 256)), plans, on_step=on_step, ai_edit=ai, workers=1,
                     stopped=run.stopped)
    assert calls == []
    assert all(v.status == "failed" and v.errors[0]["error"] == "stopped" for v in result.variations[1:])
    with pytest.raises(Stopped):  # a variation already past the check still pays for nothing
        ai(Image.new("RGB", (8, 8)), "p9")
    assert calls == []


# ------------------------------------------------------------------ previews
def test_it_keeps_every_step_preview_within_640_px_after_resize_and_rotate():
    sizes = []
    result = execute(Image.new("RGB", (2048, 1536), (120, 130, 140)), [
        [{"op": "resize", "params": {"width": 4000, "height": 4000, "fit": "contain"}},
         {"op": "crop", "params": {"x": 0, "y": 0, "width": 2000, "height": 3000}},
         {"op": "brightness", "params": {"value": 1.1}}],
        [{"op": "rotate", "params": {"degrees": 30}}],
    ], on_step=lambda s: sizes.append((s.variation, s.step, s.image.size)))
    assert sizes and all(max(size) <= 640 for _, _, size in sizes)
    # Scaled consistently: the cropped preview has the final's shape.
    final = result.variations[0].image.size
    cropped = next(size for v, s, size in sizes if (v, s) == (0, 1))
    assert final == (2000, 3000) and cropped[0] / cropped[1] == pytest.approx(2 / 3, abs=0.01)


# ------------------------------------------------------------------ rotations
@pytest.mark.parametrize(("text", "degrees"), [
    ("turn up the warmth 10%", None),
    ("turn it up 20%", None),
    ("turn the brightness down 30%", None),
    ("turn it into a 1970s film look", None),
    ("rotate it left 90 degrees", -90.0),
    ("rotate counter-clockwise by 15", -15.0),
    ("rotate 15 degrees counterclockwise", -15.0),
    ("rotate 90 degrees to the left", -90.0),
    ("rotate it 5 degrees", 5.0),
    ("straighten by -3°", -3.0),
    ("tilt it 4", 4.0),
    ("turn it 90 degrees", 90.0),
])
def test_it_reads_a_rotation_only_when_one_is_asked_for(text, degrees):
    assert rules.read_intent(text)["rotate"] == degrees


def test_it_adds_no_rotate_step_for_a_percentage():
    plan = rules.plan_variations("turn up the warmth 10%", image_size=(4000, 3000))
    assert all(o["op"] != "rotate" for v in plan["variations"] for o in v["operations"])


# ------------------------------------------------------------------ "Use this" and the history strip
@pytest.mark.django_db(transaction=True)
async def test_it_gives_two_simultaneous_use_this_the_same_asset(alice, monkeypatch, image_root):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    real = services.preview

    def racing_preview(image):  # the other request inserts the asset while this one encodes
        monkeypatch.setattr(services, "preview", real)
        services.job_choose_result(user=alice, job_id=job.pk, variation=1)
        return real(image)

    monkeypatch.setattr(services, "preview", racing_preview)
    asset = await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=1)
    assets = await db(lambda: list(ImageAsset.objects.filter(job=job, variation=1)))()
    assert [a.pk for a in assets] == [asset.pk]
    assert len(list((image_root / "chosen").glob("*/preview.jpg"))) == 1  # the loser's preview is gone


@pytest.mark.django_db(transaction=True)
async def test_it_marks_the_variation_picked_from_the_history_strip_as_in_use(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    first = await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=0)
    await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=2)
    client = AsyncClient()
    await client.aforce_login(alice)
    response = await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": first.pk})
    assert response.status_code == 200
    assert (await db(ImageJob.objects.get)(pk=job.pk)).result_variation == 0
    assert "variation 1 in use" in response.content.decode()  # its message is re-rendered with it


# ------------------------------------------------------------------ events and the API
@pytest.mark.django_db(transaction=True)
async def test_it_opens_a_job_without_usable_plans_with_an_empty_plans_event(alice, monkeypatch):
    seen = []
    original = Turn.emit

    async def emit(self, event):
        seen.append((getattr(event, "type", ""), getattr(event, "variations", None)))
        return await original(self, event)

    monkeypatch.setattr(Turn, "emit", emit)
    backend = ScriptedBackend(name="scripted")
    backend.add(PlannerReply(tool_calls=[ToolCall(call_id="c", name="plan_variations",
                                                  arguments=json.dumps({"variations": [], "diversity_axes": []}))]))
    with llm.backend_override(backend):
        chat = await db(services.image_chat_create)(user=alice)
        job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "failed"
    types = [t for t, _ in seen if t in ("planner.source", "plans", "job.ended")]
    assert types == ["planner.source", "plans", "job.ended"] and ("plans", []) in seen


@pytest.mark.django_db(transaction=True)
async def test_it_deletes_the_chat_it_made_when_the_api_job_cannot_start(alice, monkeypatch):
    monkeypatch.setattr("chatapp.ratelimit.turn_rate_check", lambda **kw: False)
    client = AsyncClient()
    await client.aforce_login(alice)
    response = await client.post("/api/imagelab/jobs", {"instruction": "warmer", "image": _upload()})
    assert response.status_code == 429
    assert not await db(Chat.objects.filter(owner=alice).exists)()
    assert not await db(Message.objects.exists)()


def _upload():
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")


# ------------------------------------------------------------------ imports
def test_it_imports_normalize_before_plans():
    code = "import imagelab.normalize, imagelab.plans as p; assert p.normalize_plan is imagelab.normalize.normalize_plan"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
