"""How a quality answer is worded in an image chat (offline planner): yes or no only to a yes/no question."""

import pytest

from tests.imagelab.test_quality_turn import ask, db, detailed, edited
from tests.support.images import assistant_of, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_answers_how_sharp_without_yes_or_no(alice):
    message = await ask(alice, detailed(), "how sharp is it?")
    assert "so it is sharp" in message.content and "so no" not in message.content


async def test_it_still_answers_a_yes_or_no_question_with_no(alice):
    message = await ask(alice, detailed(), "is it blurry?")
    assert "so no, it is sharp" in message.content


async def test_it_answers_is_it_sharp_about_a_soft_photo_with_no(alice):
    message = await ask(alice, detailed(blur=4), "is the dark red dress sharp?")
    assert message.payload["quality"]["verdicts"] == {"blur": "yes"}
    assert "so no, it is soft" in message.content and "yes" not in message.content


async def test_it_answers_whether_a_variation_is_darker_than_the_original_with_yes_or_no(alice):
    chat, _job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "is number 2 darker than the original?")
    message = await db(assistant_of)(turn)
    assert message.payload["quality"]["measured"] == "variation 2"
    assert message.content.startswith(("Yes. I measured", "No. I measured", "No, about the same. I measured"))


async def test_it_answers_sharp_or_soft_without_a_yes_or_no(alice):
    message = await ask(alice, detailed(blur=4), "is it sharp or soft?")
    assert "so it is soft" in message.content and "yes" not in message.content
