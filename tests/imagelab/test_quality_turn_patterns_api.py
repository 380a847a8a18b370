"""The newer quality questions end to end over the API, on a chat with an edit's five variations: whether a
variation improved on its source, oversaturation of a thing on a variation, its rim, and a misspelt fault."""

import pytest

from chatapp.db import database_sync_to_async
from imagelab import services
from tests.support.api import async_api_for
from tests.support.images import photo, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
db = database_sync_to_async


async def ask_all(user, questions):
    chat = await db(services.image_chat_create)(user=user)
    await run_turn(user, chat, "hello", photo((200, 150)))
    await run_turn(user, chat, "warmer and punchier")  # five variations (rules planner)
    api = await async_api_for(user)
    answers = []
    for text in questions:
        response = await api.post(f"/api/chats/{chat.pk}/messages", {"text": text}, content_type="application/json")
        answers.append(response.json()["assistant_message"])
    return answers


async def test_the_newer_questions_are_measured_on_the_variation_named(alice):
    improved, grass, edges, typo = await ask_all(
        alice,
        ["is 2 an improvement?", "is the grass on 3 oversaturated?", "are the edges of #5 soft?", "is 4 grany?"],
    )
    said = improved["content"]
    assert "I measured variation 2 of the latest edit. Next to its source image, it is" in said
    assert any(v in said for v in ("Yes: by the figures", "No: by the figures", "Mixed: by the figures", "the same"))
    assert improved["quality"]["plan"]["reference_mode"] == "Full-Reference"
    assert "variation 3" in grass["content"] and "I can't locate the grass" in grass["content"]
    assert "Saturation clipping" in grass["content"] and "colourfulness" in grass["quality"]["figures"]
    assert "variation 5" in edges["content"] and "the outer border of the picture" in edges["content"]
    assert edges["quality"]["verdicts"].keys() == {"blur"}
    assert "variation 4" in typo["content"] and typo["quality"]["verdicts"].keys() == {"noise"}
