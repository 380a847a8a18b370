"""AI edit steps against the fake OpenAI images endpoint: the per-job cap and the timeout."""

import io

import numpy as np
import pytest
from PIL import Image

from chatapp.db import database_sync_to_async
from imagelab import services, storage
from tests.fakes import openai_server
from tests.fakes.openai_server import hang, image, tool_call
from tests.support.images import job_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async
RED = (220, 20, 20)


def local(label, *ops):
    return {"label": label, "strategy": f"{label} look", "operations": list(ops)}


def ai(prompt):
    return {"op": "aiEdit", "params": {"prompt": prompt}}


def _red_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 12), RED).save(buf, "PNG")
    return buf.getvalue()


def _final(job, vi) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(storage.read(job.variations[vi]["final"])), formats=["JPEG"]), float)


@pytest.fixture
def ai_on(openai_on, settings):
    settings.IMAGE_EDIT_BACKEND = "openai"
    return openai_on


async def test_it_calls_the_images_endpoint_at_most_cap_times_per_job(alice, ai_on, settings):
    settings.IMAGE_AI_EDITS_PER_JOB = 1
    plan = {
        "variations": [local("AI sky", ai("paint the sky red")), local("AI walls", ai("paint the walls red"))]
        + [local(f"Local {i}", {"op": "contrast", "params": {"value": 1 + i / 10}}) for i in range(3)],
        "diversity_axes": ["generative", "tone"],
    }
    ai_on.enqueue(tool_call("plan_variations", plan), image(_red_png()), image(_red_png()))
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "paint it red", photo((300, 200))))

    assert len(ai_on.bodies("/images/edits")) == 1  # the second AI step never reached the endpoint
    steps = {vi: job.variations[vi]["steps"][0] for vi in (0, 1)}
    [paid] = [vi for vi, s in steps.items() if s["status"] == "ok"]
    [capped] = [vi for vi, s in steps.items() if s["status"] == "error"]
    assert steps[capped]["error"] == "AI edit skipped: this job's limit of 1 AI edit is used up"
    assert job.status == "done" and all(v["status"] == "done" for v in job.variations)
    assert np.abs(_final(job, paid) - RED).mean() < 3  # the AI result
    # The capped column keeps the previous image: the photo itself (same as a no-op local column would be).
    source = np.asarray(Image.open(io.BytesIO(storage.read(job.source.path)), formats=["JPEG"]), float)
    assert np.abs(_final(job, capped) - source).mean() < 3


async def test_it_fails_an_ai_step_that_times_out_and_the_variation_goes_on(alice, ai_on, settings):
    settings.IMAGE_EDIT_TIMEOUT = 0.5
    plan = {
        "variations": [local("AI", ai("add a balloon"), {"op": "brightness", "params": {"value": 0.5}})]
        + [local(f"Local {i}", {"op": "contrast", "params": {"value": 1 + i / 10}}) for i in range(4)],
        "diversity_axes": ["generative", "tone"],
    }
    ai_on.enqueue(tool_call("plan_variations", plan), hang(5), hang(5))
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "add a balloon", photo((300, 200))))

    assert len(ai_on.bodies("/images/edits")) == 1  # a timeout is not retried: the limit bounds the step
    ai_step, darker = job.variations[0]["steps"]
    assert (ai_step["status"], ai_step["error"]) == ("error", "AI edit timed out after 0.5 s")
    assert darker["status"] == "ok" and job.variations[0]["status"] == "done"
    source = np.asarray(Image.open(io.BytesIO(storage.read(job.source.path)), formats=["JPEG"]), float)
    assert np.abs(_final(job, 0) - source * 0.5).mean() < 3  # the previous image, then the next step
    assert job.status == "done" and "0:0" not in job.ai_images


async def test_it_retries_a_server_error_once_then_says_the_service_is_unavailable(alice, ai_on, settings):
    from tests.fakes.openai_server import error

    plan = {
        "variations": [local("AI once", ai("paint it red")), local("AI twice", ai("paint it red too"))]
        + [local(f"Local {i}", {"op": "contrast", "params": {"value": 1 + i / 10}}) for i in range(3)],
        "diversity_axes": ["generative"],
    }
    settings.IMAGE_WORKERS = 1  # the AI columns run one after the other: replies in a known order
    ai_on.enqueue(tool_call("plan_variations", plan), error(500), image(_red_png()), error(502), error(503))
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "paint it red", photo((300, 200))))

    assert len(ai_on.bodies("/images/edits")) == 4
    first, second = job.variations[0]["steps"][0], job.variations[1]["steps"][0]
    assert first["status"] == "ok" and np.abs(_final(job, 0) - RED).mean() < 3  # the retry worked
    assert (second["status"], second["error"]) == (
        "error",
        "AI edit failed: the image service is unavailable right now",
    )
    assert job.variations[1]["status"] == "done"
