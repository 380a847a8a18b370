"""The rule backend in a real image turn: what it cannot do at all gets words, not five empty plans."""

import pytest
from channels.db import database_sync_to_async

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
        ("blur the background", False),
        ("remove the person on the left", False),
        ("straighten the horizon", True),  # an unmeasured tilt: five plausible small angles (issue 12)
        ("blur the background and make it warmer", True),
        ("straighten by 2°", True),
    ],
)
def test_it_plans_only_what_local_ops_can_do(text, planned):
    reply = planning.answer_or_plan(auto_request(text))
    assert isinstance(reply, PlannerReply) is planned


@pytest.mark.parametrize(
    "text,says",
    [
        ("blur the background", ["AI edits aren't switched on for this app, so I can't blur the background."]),
        (
            "remove the person on the left",
            ["so I can't remove things from the picture.", "The closest I can do here is cropping it out"],
        ),
    ],
)
async def test_it_answers_without_a_job_when_nothing_asked_is_a_local_edit(alice, text, says):
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, text, photo((160, 120)))
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None
    assert message.status == "complete" and message.payload["kind"] == "answer"
    assert all(s in message.content for s in says)
    assert "OPENAI_API_KEY" not in message.content and "IMAGE_EDIT_BACKEND" not in message.content


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
