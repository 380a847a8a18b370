"""The image turn through the real openai SDK against the local fake: image input, normalisation, AI edits."""

import io

import pytest
from PIL import Image

from chatapp.db import database_sync_to_async
from imagelab import downloads, services, storage
from tests.fakes import openai_server
from tests.fakes.openai_server import text, tool_call
from tests.support.images import assistant_of, job_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def local(label, *ops):
    return {"label": label, "strategy": f"{label} look", "operations": list(ops)}


SLOPPY = {
    "variations": [
        local(
            "Alias",
            {"op": "contrast", "params": {"strength": 1.2}},
            {"op": "hue", "params": {"degrees": 20}},
            {"op": "filter", "params": "sepia"},
        ),
        local("Loud", {"op": "brightness", "params": {"value": 9}}, {"op": "blur", "params": {"sigma": 50}}),
        local(
            "AI one",
            {"op": "aiEdit", "params": {"prompt": "add a hot air balloon"}},
            {"op": "googleEdit", "params": {"prompt": "and a second one"}},
        ),
        local("AI two", {"op": "googleEdit", "params": {"prompt": "remove the square"}}),
        local(
            "AI three",
            {"op": "aiEdit", "params": {"prompt": "make it snow"}},
            {"op": "sharpen", "params": {"amount": 1, "radius": 1}},
        ),
        local("Unknown", {"op": "teleport", "params": {}}, {"op": "saturation", "params": {"factor": 1.3}}),
        local("Seventh", {"op": "vignette", "params": {"strength": 0.3}}),
    ],
    "diversity_axes": ["tone", "generative", "finish"],
}


def changes(job):
    return [e["change"] for e in job.normalization_log]


async def test_it_sends_the_photo_as_an_input_image_and_normalises_sloppy_plans(alice, openai_on):
    openai_on.enqueue(tool_call("plan_variations", SLOPPY))
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "make it dramatic", photo((320, 240)))
    [request] = openai_on.bodies("/responses")
    [tool, quality] = request["tools"]  # an edit, or a quality question (seed 004): the model decides
    assert tool["name"] == "plan_variations" and tool["strict"] is True
    assert quality["name"] == "assess_quality" and quality["strict"] is True
    assert "tool_choice" not in request  # auto: the model may answer in words instead
    content = request["input"][0]["content"]
    assert content[0]["type"] == "input_text" and "make it dramatic" in content[0]["text"]
    assert content[1]["type"] == "input_image" and content[1]["image_url"].startswith("data:image/jpeg;base64,")

    job = await db(job_of)(turn)
    assert job.planner_source == "openai" and job.status == "done"
    assert [p["label"] for p in job.plans] == ["Alias", "Loud", "AI one", "AI two", "AI three"]
    log = changes(job)
    assert "contrast.strength -> contrast.value" in log and "hue.degrees -> hue.value" in log
    assert any(c.startswith("brightness.value 9 -> 3") for c in log)
    assert any(c.startswith("blur.sigma 50 -> 10") for c in log)
    assert "dropped step 'googleEdit'" in log  # the second AI step of one plan
    assert "dropped step aiEdit" in log  # the third AI plan loses its AI step
    assert "dropped step 'teleport'" in log
    assert any(e["reason"] == "more than 5 variations" for e in job.normalization_log)
    assert [o["op"] for o in job.plans[4]["operations"]] == ["sharpen"]
    # AI edits are off here: the step fails plainly and the variation goes on with the previous image.
    ai_step = job.variations[2]["steps"][0]
    assert (ai_step["op"], ai_step["status"], ai_step["error"]) == ("aiEdit", "error", "AI edit unavailable")
    assert job.variations[2]["status"] == "done" and storage.exists(job.variations[2]["final"])


async def test_it_fails_a_plan_with_zero_variations_with_planner_source_none(alice, openai_on):
    openai_on.enqueue(
        tool_call("plan_variations", {"variations": [local("Nothing", {"op": "teleport"})], "diversity_axes": []})
    )
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "do something", photo((160, 120)))
    job = await db(job_of)(turn)
    message = await db(assistant_of)(turn)
    assert (job.status, job.planner_source) == ("failed", "none")
    assert "no usable variations" in job.error and job.normalization_log
    assert message.status == "failed" and "No variations were made" in message.error


async def test_it_answers_in_words_when_the_model_does_not_plan(alice, openai_on):
    openai_on.enqueue(text("I can make five variations of your photo."))
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "what can you do?", photo((160, 120)))
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None
    assert message.status == "complete" and message.content == "I can make five variations of your photo."


def _red_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 12), (220, 20, 20)).save(buf, "PNG")
    return buf.getvalue()


async def test_it_runs_an_ai_edit_through_the_images_endpoint_and_replays_it_on_download(alice, openai_on, settings):
    settings.IMAGE_EDIT_BACKEND = "openai"
    plan = {
        "variations": [local("AI", {"op": "aiEdit", "params": {"prompt": "paint it red"}})]
        + [local(f"Local {i}", {"op": "contrast", "params": {"value": 1 + i / 10}}) for i in range(4)],
        "diversity_axes": ["generative"],
    }
    openai_on.enqueue(tool_call("plan_variations", plan), openai_server.image(_red_png()))
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "paint it red", photo((300, 200))))
    [edit] = openai_on.bodies("/images/edits")
    assert edit["model"] == "gpt-image-1" and edit["prompt"] == "paint it red" and edit["image"]["size"] > 0
    assert job.variations[0]["steps"][0]["status"] == "ok" and "0:0" in job.ai_images
    data, content_type = await db(downloads.render_download)(job=job, variation=0, fmt="png")
    image = Image.open(io.BytesIO(data))
    assert content_type == "image/png" and image.size == (300, 200)
    assert image.convert("RGB").getpixel((150, 100)) == (220, 20, 20)


async def test_it_stops_a_job_on_the_server_and_keeps_it_stored_as_stopped(alice, openai_on):
    import asyncio

    from chatapp import turns
    from imagelab import starting
    from tests.fakes.openai_server import hang
    from tests.support.ws import wait_turns_idle

    openai_on.enqueue(hang(5))  # the planner never answers in time
    chat = await db(services.image_chat_create)(user=alice)
    turn, _job = await starting.start_turn(
        user=alice, chat=chat, text="warmer please", data=photo((160, 120)), filename="photo.jpg", with_job=True
    )
    await asyncio.sleep(0.3)
    assert turns.stop(chat.pk) is True
    await wait_turns_idle(10)
    message = await db(assistant_of)(turn)
    job = await db(job_of)(turn)
    assert message.status == "stopped"
    assert job is not None and job.status == "stopped"
    assert not job.is_active
