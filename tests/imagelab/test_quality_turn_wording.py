"""How a quality answer is worded in an image chat (offline planner): yes or no only to a yes/no question."""

import pytest

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_answers_how_sharp_without_yes_or_no(alice):
    message = await ask(alice, detailed(), "how sharp is it?")
    assert "so it is sharp" in message.content and "so no" not in message.content


async def test_it_still_answers_a_yes_or_no_question_with_no(alice):
    message = await ask(alice, detailed(), "is it blurry?")
    assert "so no, it is sharp" in message.content
