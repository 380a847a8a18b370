"""The image turn's progress lines and Thinking line, through the real SDK against the local fake OpenAI."""

import pytest

from chatapp import llm
from chatapp.db import database_sync_to_async
from imagelab import services
from imagelab.flows import EDITING, PLANNING
from tests.fakes import openai_server
from tests.fakes.openai_server import text, tool_call
from tests.support.images import assistant_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

PLAN = {
    "variations": [
        {"label": f"Look {n}", "strategy": "a look", "operations": [{"op": "brightness", "params": {"value": 1.1}}]}
        for n in range(5)
    ],
    "diversity_axes": ["tone"],
}


@pytest.fixture
def summaries_on(settings, openai_on):
    settings.OPENAI_REASONING_SUMMARY = "auto"
    settings.PLANNER_RETRY_BUDGET = settings.OPENAI_TIMEOUT = 15.0  # a busy machine decodes the photo slowly
    llm.reset_caches()
    return openai_on


async def test_it_stores_the_steps_and_the_models_reasoning_of_an_edit(alice, summaries_on):
    summaries_on.enqueue(tool_call("plan_variations", PLAN, reasoning=["Warmer means tone.", "Five looks."]))
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "make it warmer", photo((320, 240)))
    message = await db(assistant_of)(turn)
    assert message.status == "complete"
    assert message.payload["progress"] == [PLANNING, EDITING]
    assert message.payload["thinking"] == "Warmer means tone.\n\nFive looks."
    [body] = summaries_on.bodies("/responses")
    assert body["reasoning"]["summary"] == "auto"


async def test_it_asks_for_no_summary_by_default_and_stores_no_thinking(alice, openai_on):
    openai_on.enqueue(text("I edit photos: send one with an instruction."))
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "what can you do?", photo((320, 240)))
    message = await db(assistant_of)(turn)
    assert message.payload["progress"] == [PLANNING]  # a plain answer: no edit step
    assert "thinking" not in message.payload
    [body] = openai_on.bodies("/responses")
    assert "summary" not in body.get("reasoning", {})
