"""The rule backend in a real image turn: what it cannot do at all gets words, not five empty plans."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import PlannerReply, PlannerRequest
from imagelab import planning, services
from tests.support.images import assistant_of, job_of, photo, run_turn

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def auto_request(text):
    return PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        tools=[planning.PLAN_VARIATIONS_TOOL],
        context=planning.ImageContext(text=text, image_size=(400, 300)),
        purpose=planning.PURPOSE,
    )


@pytest.mark.parametrize(
    "text,planned",
    [
        ("blur the background", True),  # answered first, then the closest local alternatives (issue 12)
        ("remove the person on the left", True),
        ("asdfgh", False),
        ("straighten the horizon", True),  # an unmeasured tilt: five plausible small angles (issue 12)
        ("blur the background and make it warmer", True),
        ("straighten by 2°", True),
    ],
)
def test_it_plans_only_what_local_ops_can_do(text, planned):
    reply = planning.answer_or_plan(auto_request(text))
    assert isinstance(reply, PlannerReply) is planned


@pytest.mark.parametrize(
    "text,says,ops",
    [
        (
            "blur the background",
            ["Blurring only the background needs the AI edit, which is off here, so I can't blur the background."],
            {"vignette", "crop", "brightness"},
        ),
        (
            "remove the person on the left",
            [
                "Removing an object needs the AI edit, which is off here",
                "so I can't remove things from the picture.",
                "the closest local edits instead",
                "crop",
            ],
            {"crop"},
        ),
        (
            "replace the sky with a sunset",
            ["Replacing the sky or the background needs the AI edit, which is off here"],
            {"temperature", "tint", "saturation", "contrast", "levels", "brightness", "vignette", "crop"},
        ),
    ],
)
async def test_it_answers_first_and_plainly_then_runs_the_closest_local_alternatives(alice, text, says, ops):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, text, photo((160, 120)))
    message = await db(assistant_of)(turn)
    job = await db(job_of)(turn)
    assert message.status == "complete" and message.payload["kind"] == "job"
    assert message.content.startswith(says[0]) and message.payload["answer"].startswith(says[0])
    assert all(s in message.content for s in says)
    assert message.content.endswith("5 variations: " + ", ".join(p["label"] for p in job.plans))
    assert job.status == "done" and len(job.plans) == 5
    for plan in job.plans:
        used = {o["op"] for o in plan["operations"]} - {"resize"}
        assert used and used <= ops, plan
        assert plan["strategy"].startswith("Instead of ")
    assert "OPENAI_API_KEY" not in message.content and "IMAGE_EDIT_BACKEND" not in message.content


async def test_it_answers_nonsense_without_a_job(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "banana phone", photo((160, 120)))
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None
    assert message.status == "complete" and message.payload["kind"] == "answer"
    assert message.content.startswith("I'm not sure what to change in the photo")


async def test_it_runs_the_doable_part_of_a_mixed_request_and_notes_the_rest(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "blur the background and make it warmer", photo((160, 120))))
    assert job.status == "done" and len(job.plans) == 5
    assert all("Not done: blurring only the background" in p["strategy"] for p in job.plans)


async def test_it_straightens_an_unmeasured_tilt_at_five_small_angles_without_corner_wedges(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "it's a bit crooked", photo((160, 120))))
    assert job.status == "done" and len(job.plans) == 5
    angles = [next(o["params"]["degrees"] for o in p["operations"] if o["op"] == "rotate") for p in job.plans]
    assert len(set(angles)) == 5 and all(0 < abs(a) <= 3 for a in angles)
    assert all([o["op"] for o in p["operations"][:3]] == ["resize", "rotate", "crop"] for p in job.plans)


async def test_it_mirrors_the_photo_in_every_plan_of_a_real_turn(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "flip it upside down and make it warmer", photo((160, 120))))
    assert job.status == "done" and len(job.plans) == 5
    assert all({"op": "flip", "params": {"direction": "vertical"}} in p["operations"] for p in job.plans)
    assert all("flipped upside down" in p["strategy"] for p in job.plans)


async def test_it_shows_the_answer_above_the_alternatives_in_the_message(alice):
    from imagelab import render

    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "replace the sky with a sunset", photo((160, 120)))
    message = await db(assistant_of)(turn)
    html = await db(render.message_html)(message)
    text = html.index(f'id="text-{turn.turn_key}"')
    answer = html.index("Replacing the sky or the background needs the AI edit, which is off here")
    job = html.index(f'id="job-{turn.turn_key}"')
    columns = html.index('<section class="column')
    assert text < answer < job < columns
    assert html.count('<section class="column') == 5 and "5 variations:" not in html  # the summary stays out of sight


async def test_it_pushes_the_chosen_variations_own_look_further_in_the_next_turn(alice):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "warmer and punchier", photo((160, 120))))
    await db(services.job_choose_result)(user=alice, job_id=first.pk, variation=1)
    job = await db(job_of)(await run_turn(alice, chat, "i liked it, push it further"))
    assert job.status == "done" and len(job.plans) == 5
    chosen = {o["op"]: o["params"] for o in first.plans[1]["operations"]}
    temps = [next(o["params"] for o in p["operations"] if o["op"] == "temperature") for p in job.plans]
    assert all(t["warm"] is chosen["temperature"]["warm"] for t in temps)
    assert [t["strength"] for t in temps] == sorted({t["strength"] for t in temps})  # graded, each stronger


async def test_it_answers_push_it_further_plainly_when_no_variation_is_chosen(alice):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "more of that", photo((160, 120)))
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None and message.payload["kind"] == "answer"
    assert message.content.startswith("I can't tell which look to push further") and "Use this" in message.content


async def test_it_scales_a_named_variation_of_the_latest_edit_from_its_source_when_it_was_not_chosen(alice):
    chat = await db(services.image_chat_create)(user=alice)
    first = await db(job_of)(await run_turn(alice, chat, "much more saturated", photo((160, 120))))
    job = await db(job_of)(await run_turn(alice, chat, "love number 2, push it even further"))
    assert job.status == "done" and job.source_id == first.source_id
    base = next(o["params"]["value"] for o in first.plans[1]["operations"] if o["op"] == "saturation")
    sats = [next(o["params"]["value"] for o in p["operations"] if o["op"] == "saturation") for p in job.plans]
    assert all(base < s for s in sats) and sats == sorted(set(sats))


async def test_it_fits_its_looks_own_character_to_the_uploaded_photo(alice):
    import io

    from imagelab.rules.planner import plan_variations
    from tests.support.images import dark_photo

    buf = io.BytesIO()
    dark_photo().save(buf, "JPEG", quality=92)
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "crop it square", buf.getvalue()))
    assert job.status == "done"
    blind = plan_variations("crop it square", image_size=(320, 240))["variations"]
    assert {"op": "levels", "params": {"black": 6, "white": 250, "gamma": 1.0}} in blind[0]["operations"]
    pop = {o["op"]: o["params"] for o in job.plans[0]["operations"]}
    assert job.plans[0]["label"] == blind[0]["label"] and pop.get("levels", {}).get("black", 0) < 6


@pytest.mark.asyncio
async def test_it_says_what_a_numbered_variation_did_step_by_step(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer and punchier", photo((400, 300)), filename="p.jpg"))
    turn = await run_turn(alice, chat, "what did you change in number 3?")
    message = await db(assistant_of)(turn)
    assert message.content.startswith(f"**{job.plans[2]['label']}** (number 3) ran these steps, in order:\n\n1. ")
    assert await db(job_of)(turn) is None  # answered in words: nothing ran
