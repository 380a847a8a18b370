"""The planner call of an image job against the local fake OpenAI server: what it is sent, and how a job opens
when the model is down or answers in words."""

import pytest
from channels.layers import get_channel_layer

from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from imagelab import services, starting
from imagelab.events import EVENT_TYPES
from tests.fakes import openai_server
from tests.fakes.openai_server import error, text
from tests.support.images import assistant_of, job_of, photo
from tests.support.ws import drain_events, wait_turns_idle

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def _api_job_events(user, instruction: str) -> tuple[list[dict], object]:
    """Start an API job (the planner must plan) and collect the image-lab events of its chat."""
    chat = await db(services.image_chat_create)(user=user)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    turn, job = await starting.start_turn(
        user=user, chat=chat, text=instruction, data=photo((160, 120)), filename="photo.jpg", with_job=True
    )
    assert job is not None
    await wait_turns_idle(20)
    return await drain_events(layer, channel, EVENT_TYPES), turn


def _opening(events: list[dict]) -> list[tuple]:
    return [(e["type"], e.get("source") or e.get("status") or len(e.get("variations", []))) for e in events]


async def test_it_opens_and_fails_a_job_in_plain_words_when_the_planner_is_down(alice, openai_on, settings):
    settings.PLANNER_RETRY_BUDGET = 0.05  # no backoff fits: one attempt, then the outage is reported
    openai_on.enqueue(error(500), error(500), error(500))
    events, turn = await _api_job_events(alice, "warmer please")

    assert openai_on.bodies("/responses")  # the model was asked
    assert _opening(events) == [("planner.source", "none"), ("plans", 0), ("job.ended", "failed")]
    ended = events[-1]
    job = await db(job_of)(turn)
    message = await db(assistant_of)(turn)
    assert (job.status, job.planner_source) == ("failed", "none")
    assert job.error == ended["error"]
    assert "no variations were made" in job.error and "unreachable" in job.error
    assert "500" not in job.error and "Error" not in job.error  # plain words, no exception text
    assert job.normalization_log and job.normalization_log[0]["change"] == "no plan"
    assert message.status == "failed" and message.error == job.error


async def test_it_fails_a_forced_job_whose_model_answers_in_words(alice, openai_on):
    openai_on.enqueue(text("Sure, I would make it warmer."))
    events, turn = await _api_job_events(alice, "warmer please")

    [request] = openai_on.bodies("/responses")
    assert request["tool_choice"] == {"type": "function", "name": "plan_variations"}  # the API job must plan
    assert _opening(events) == [("planner.source", "none"), ("plans", 0), ("job.ended", "failed")]
    job = await db(job_of)(turn)
    message = await db(assistant_of)(turn)
    assert (job.status, job.planner_source) == ("failed", "none")
    assert "did not return a plan" in job.error and "No variations were made" in job.error
    assert job.normalization_log[0]["reason"] == "no plan_variations call"
    assert job.plans == [] and job.variations == []
    assert message.status == "failed" and "No variations were made" in message.error


PLAN = {
    "variations": [
        {
            "label": f"Look {i}",
            "strategy": "A look.",
            "operations": [{"op": "contrast", "params": {"value": 1 + i / 10}}],
        }
        for i in range(5)
    ],
    "diversity_axes": ["tone"],
}


@pytest.mark.parametrize("side", [2048, 1536])
async def test_it_sends_the_planning_principles_and_the_photo_to_the_model(alice, openai_on, settings, side):
    import base64
    import io

    from PIL import Image

    from tests.fakes.openai_server import tool_call
    from tests.support.images import run_turn

    settings.IMAGE_WORKING_SIDE = side
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer please", photo((320, 240)))

    [request] = openai_on.bodies("/responses")
    prompt = " ".join(request["instructions"].split()).lower()  # one line: the prompt wraps freely
    for principle in (
        "local operations first",
        "use aiedit only for generative needs",
        "at most one aiedit per plan, at most two plans with one",
        "concrete, bounded numbers",
        f"working size: longest side {side} px unless the user asks for another size",
        "diversity axes: tone/colour, geometry, finish",
        "give every variation a short `label` and a one-sentence `strategy`",
    ):
        assert principle in prompt, principle
    content = request["input"][0]["content"]
    [picture] = [c for c in content if c["type"] == "input_image"]
    header, data = picture["image_url"].split(",", 1)
    assert header == "data:image/jpeg;base64"
    sent = Image.open(io.BytesIO(base64.b64decode(data)), formats=["JPEG"])
    assert sent.size == (320, 240)  # the photo itself (already under the 640 px preview size)


async def test_an_image_turns_planning_call_is_counted_with_the_answer(alice, openai_on, settings):
    from chatapp.models import Message, PlannerCall
    from tests.fakes.openai_server import tool_call
    from tests.support.images import run_turn

    settings.PLANNER_RETRY_BUDGET = 30.0  # counts tokens, not time
    openai_on.enqueue(tool_call("plan_variations", PLAN, usage={"input": 1500, "cached": 0, "output": 700}))
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer please", photo((320, 240)))
    [call] = await db(list)(PlannerCall.objects.filter(chat=chat))
    assert (call.purpose, call.metered, call.input_tokens, call.output_tokens) == ("imagelab.plan", True, 1500, 700)
    assistant = await db(Message.objects.get)(chat=chat, role="assistant")
    assert assistant.payload["usage"]["total_tokens"] == 2200 and assistant.payload["usage"]["offline"] is False
    assert assistant.payload["usage"]["cost"] == pytest.approx(1500 * 1.25e-6 + 700 * 10e-6)


async def test_it_tells_the_model_which_chosen_variation_push_it_further_builds_on(alice, openai_on):
    from tests.fakes.openai_server import tool_call
    from tests.support.images import run_turn

    openai_on.enqueue(tool_call("plan_variations", PLAN))
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "punchier please", photo((160, 120))))
    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=2)
    await run_turn(alice, chat, "love it, push it further")

    first_ask, second_ask = (r["input"][0]["content"][0]["text"] for r in openai_on.bodies("/responses"))
    assert "Variation the user refers to" not in first_ask
    assert "Variation the user refers to: “Look 2”" in second_ask
    assert '{"op":"contrast","params":{"value":1.2}}' in second_ask and "already applied" in second_ask
