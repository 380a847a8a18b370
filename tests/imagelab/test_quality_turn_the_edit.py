"""'How much did the edit change it compared with the original?' before a variation is chosen: the edit's five."""

import pytest

from imagelab.core import quality
from tests.imagelab.test_quality_turn import db, decoded, detailed, edited
from tests.support.images import assistant_of, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_compares_the_edits_variations_with_the_original_when_none_was_chosen(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "how much did the edit change it compared with the original?")
    message = await db(assistant_of)(turn)
    assert "There is no original to compare with" not in message.content
    assert "I measured the 5 finished variations of the latest edit." in message.content
    ranking = message.payload["quality"]["ranking"]
    assert ranking.keys() == {"1", "2", "3", "4", "5"} and all("ssim" in f for f in ranking.values())
    source = decoded(job.source.path)
    ssim = {v["index"] + 1: quality.compare(decoded(v["final"]), source)["ssim"] for v in job.variations}
    assert all(f"#{n} {s:.3f}" in message.content for n, s in ssim.items())


async def test_it_measures_the_edits_variations_when_the_question_names_the_edit(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "did your changes make it darker?")
    message = await db(assistant_of)(turn)
    lum = {v["index"] + 1: quality.measure(decoded(v["final"]))["mean_luminance"] for v in job.variations}
    assert "I measured the 5 finished variations of the latest edit." in message.content
    assert all(f"#{n} {v:.0f}" in message.content for n, v in lum.items())


async def test_it_still_says_an_upload_without_an_edit_has_no_original(alice):
    from imagelab import services

    chat = await db(services.image_chat_create)(user=alice)
    text = "how much did the edit change it compared with the original?"
    turn = await run_turn(alice, chat, text, detailed(), filename="photo.png")
    message = await db(assistant_of)(turn)
    assert "There is no original to compare with" in message.content and "ranking" not in message.payload["quality"]
