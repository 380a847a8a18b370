"""Quality questions planned and answered by a model, through the real openai SDK against the local fake server:
sloppy or invalid IQA plans (missing fields, wrong enums, text instead of a call) and the streamed answer."""

import asyncio
import json

import pytest
from channels.layers import get_channel_layer

from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from imagelab import services
from tests.fakes import openai_server
from tests.fakes.openai_server import text, tool_call
from tests.support.images import assistant_of, job_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
db = database_sync_to_async

ANSWER = "Yes: the blur effect is 0.31, well below 0.50, so the photo is sharp."


async def ask(user, openai_on, question, *replies):
    """Upload a photo (rule-free: the model plans nothing for it), then ask `question` with queued replies."""
    chat = await db(services.image_chat_create)(user=user)
    openai_on.enqueue(text("Nice photo."))
    await run_turn(user, chat, "hello", photo((160, 120)))
    openai_on.requests.clear()
    openai_on.enqueue(*replies)
    turn = await run_turn(user, chat, question)
    assert await db(job_of)(turn) is None
    return await db(assistant_of)(turn), openai_on.bodies("/responses")


def brief_of(request) -> dict:
    content = request["input"][0]["content"]
    return json.loads(content[0]["text"])


async def test_it_fills_the_fields_a_model_left_out_with_the_seeds_defaults(alice, openai_on):
    message, requests = await ask(
        alice, openai_on, "is it ok?", tool_call("assess_quality", {"query_type": "IQA"}), text(ANSWER)
    )
    assert len(requests) == 2  # the plan, then the answer: missing fields are no reason to re-ask
    plan = message.payload["quality"]["plan"]
    assert plan["distortion_source"] == "Inferred" and plan["plan"]["distortion_detection"] is True
    assert plan["reference_mode"] == "No-Reference" and plan["query_scope"] == "Global"
    assert "repaired" not in message.payload["quality"]
    assert message.content == ANSWER and message.status == "complete"


async def test_it_offers_the_plan_as_a_strict_tool_and_attaches_the_photo(alice, openai_on):
    plan = {"query_type": "IQA", "distortions": {"Global": ["blur"]}}
    _message, requests = await ask(alice, openai_on, "is it blurry?", tool_call("assess_quality", plan), text(ANSWER))
    first, answer = requests
    assert {t["name"]: t["strict"] for t in first["tools"]} == {"plan_variations": True, "assess_quality": True}
    assert "tool_choice" not in first  # the model decides: edit, quality question, or talk
    assert first["input"][0]["content"][1]["type"] == "input_image"
    # The answer is written from the plan, the figures (with their meanings) and the photo.
    assert "tools" not in answer or not answer["tools"]
    brief = brief_of(answer)
    assert brief["question"] == "is it blurry?" and brief["plan"]["distortions"] == {"Global": ["blur"]}
    assert "blur_effect" in brief["figures"] and "blurry from 0.5" in brief["figure_meanings"]["blur_effect"]
    assert set(brief["verdicts"]) == {"blur"}
    assert answer["input"][0]["content"][1]["image_url"].startswith("data:image/jpeg;base64,")
    assert "80 words" in answer["instructions"]


async def test_it_re_asks_once_with_the_error_when_an_enum_is_wrong(alice, openai_on):
    wrong = {"query_type": "Quality", "distortions": {"Global": ["blur"]}}
    right = {"query_type": "IQA", "distortions": {"Global": ["blur"]}, "distortion_source": "Explicit"}
    message, requests = await ask(
        alice,
        openai_on,
        "is it blurry?",
        tool_call("assess_quality", wrong, call_id="call_wrong"),
        tool_call("assess_quality", right),
        text(ANSWER),
    )
    assert len(requests) == 3
    reask = requests[1]
    assert reask["tool_choice"] == {"type": "function", "name": "assess_quality"}
    [output] = [i for i in reask["input"] if i.get("type") == "function_call_output"]
    assert output["call_id"] == "call_wrong" and "query_type" in output["output"]
    assert message.payload["quality"]["repaired"] == "reask"
    assert message.payload["quality"]["verdicts"].keys() == {"blur"}


async def test_it_falls_back_then_uses_the_defaults_when_the_model_answers_in_words(alice, openai_on, settings):
    wrong = {"query_type": "IQA", "reference_mode": "Sideways"}
    message, requests = await ask(
        alice,
        openai_on,
        "is it too dark?",
        tool_call("assess_quality", wrong),
        text("It looks fine to me."),  # the re-ask: words instead of the call
        text("Still fine."),  # the fallback model: words again
        text(ANSWER),
    )
    assert [r["model"] for r in requests] == [settings.OPENAI_MODEL] * 2 + [settings.OPENAI_FALLBACK_MODEL] + [
        settings.OPENAI_MODEL
    ]
    quality = message.payload["quality"]
    assert quality["repaired"] == "defaults"
    assert quality["plan"]["distortion_source"] == "Inferred" and quality["plan"]["distortions"] is None
    assert set(quality["verdicts"]) == {
        "blur",
        "noise",
        "overexposure",
        "underexposure",
        "jpeg",
        "low_contrast",
        "colour_cast",
    }
    assert message.content == ANSWER  # the words of the failed attempts are never shown


async def test_it_streams_the_answer_as_text_deltas_and_cuts_it_at_80_words(alice, openai_on):
    chat = await db(services.image_chat_create)(user=alice)
    openai_on.enqueue(text("Nice photo."))
    await run_turn(alice, chat, "hello", photo((160, 120)))
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    long = " ".join(f"w{i}" for i in range(120))
    openai_on.enqueue(tool_call("assess_quality", {"query_type": "IQA"}), text(long, chunks=12))
    turn = await run_turn(alice, chat, "any problems?")
    deltas = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), 0.2)
        except TimeoutError:
            break
        if message["event"]["type"] == "text.delta":
            deltas.append(message["event"]["delta"])
    answer = await db(assistant_of)(turn)
    assert len(deltas) >= 5 and "".join(deltas) == answer.content
    assert answer.content.endswith("w79…") and len(answer.content.split()) == 80


async def test_it_answers_with_the_template_when_the_model_cannot_write(alice, openai_on, settings):
    settings.PLANNER_RETRY_BUDGET = 0.05
    message, _requests = await ask(
        alice,
        openai_on,
        "is it noisy?",
        tool_call("assess_quality", {"query_type": "IQA", "distortions": {"Global": ["noise"]}}),
        openai_server.error(500),
        openai_server.error(500),
    )
    assert message.status == "complete" and "noise σ" in message.content.lower()


async def test_it_measures_nothing_when_the_plan_says_the_question_is_other(alice, openai_on):
    message, requests = await ask(alice, openai_on, "what's up?", tool_call("assess_quality", {"query_type": "Other"}))
    assert len(requests) == 1 and "quality" not in message.payload
    assert "measure the photo's quality" in message.content and message.status == "complete"


async def test_it_defaults_to_comparing_a_chosen_variation_with_the_original_upload(alice, openai_on):
    plan = {
        "variations": [
            {
                "label": f"Look {i}",
                "strategy": "More contrast.",
                "operations": [{"op": "contrast", "value": 1.2 + i / 10}],
            }
            for i in range(5)
        ],
        "diversity_axes": ["tone"],
    }
    chat = await db(services.image_chat_create)(user=alice)
    openai_on.enqueue(tool_call("plan_variations", plan))
    job = await db(job_of)(await run_turn(alice, chat, "punchier", photo((160, 120))))
    assert job.status == "done"
    await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=4)
    openai_on.requests.clear()
    openai_on.enqueue(tool_call("assess_quality", {"query_type": "IQA"}), text(ANSWER))
    turn = await run_turn(alice, chat, "how is it now?")
    message = await db(assistant_of)(turn)
    quality = message.payload["quality"]
    # Left out by the model: the reference mode follows whether a reference exists (the upload it came from).
    assert quality["plan"]["reference_mode"] == "Full-Reference" and quality["measured"] == "the current image"
    assert {"psnr", "ssim", "delta_e"} <= set(quality["figures"]) and quality["figures"]["ssim"] < 1
    brief = brief_of(openai_on.bodies("/responses")[-1])
    assert brief["figures"]["ssim"] == quality["figures"]["ssim"] and "structural similarity" in str(brief)


async def test_it_lets_the_model_judge_a_named_object_citing_the_whole_images_figures(alice, openai_on):
    plan = {"query_type": "IQA", "query_scope": ["car"], "distortions": {"car": ["blur"]}}
    message, requests = await ask(
        alice, openai_on, "is the car blurry?", tool_call("assess_quality", plan), text(ANSWER)
    )
    brief = brief_of(requests[-1])
    assert brief["plan"]["query_scope"] == ["car"] and brief["measured"] == "the photo"
    assert brief["notes"] == ["These figures are of the whole image, not of the car alone."]
    assert "judge it by eye" in requests[-1]["instructions"]
    assert message.payload["quality"]["verdicts"].keys() == {"blur"}
