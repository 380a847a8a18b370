"""The planner call of an image job against the local fake OpenAI server: what it is sent, and how a job opens
when the model is down or answers in words."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from chatapp.events import group_name
from imagelab import flows, services
from imagelab.events import EVENT_TYPES
from tests.chatapp.wsutil import wait_turns_idle
from tests.fakes import openai_server
from tests.fakes.openai_server import error, text
from tests.imagelab.conftest import assistant_of, job_of, photo

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def _api_job_events(user, instruction: str) -> tuple[list[dict], object]:
    """Start an API job (the planner must plan) and collect the image-lab events of its chat."""
    chat = await db(services.image_chat_create)(user=user)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    turn, job = await flows.start_turn(user=user, chat=chat, text=instruction, data=photo((160, 120)),
                                       filename="photo.jpg", with_job=True)
    assert job is not None
    await wait_turns_idle(20)
    events = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), 0.2)
        except TimeoutError:
            break
        if message["type"] in EVENT_TYPES:
            events.append(message["event"])
    return events, turn


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
