"""A variation picked by a superlative and asked about ("are the highlights clipped on the brightest one?"): the one
it names found by measurement, the question answered about it, saying which it is, not a ranking."""

import pytest

from imagelab.core import quality
from tests.imagelab.test_quality_turn import db, decoded, detailed, edited
from tests.support.images import assistant_of, job_of, run_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_answers_the_clipping_of_the_brightest_variation_saying_which_it_is(alice):
    chat, job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "are the highlights clipped on the brightest one?")
    message = await db(assistant_of)(turn)
    assert await db(job_of)(turn) is None
    light = {v["index"] + 1: quality.measure(decoded(v["final"]))["mean_luminance"] for v in job.variations}
    top = max(light.values())
    brightest = next(n for n in sorted(light) if light[n] == top)
    quality_ = message.payload["quality"]
    assert "ranking" not in quality_ and quality_["measured"] == f"variation {brightest}"
    assert quality_["plan"]["distortions"] == {"Global": ["overexposure"]}
    assert f"The brightest is variation {brightest} (mean brightness: #1 {light[1]:.0f};" in message.content
    assert "highlights_clipped" in quality_["figures"] or "overexposure" in quality_["verdicts"]


async def test_it_answers_the_noise_of_the_sharpest_variation_not_its_blur(alice):
    chat, _job = await edited(alice, detailed())
    turn = await run_turn(alice, chat, "is the sharpest one noisy?")
    message = await db(assistant_of)(turn)
    quality_ = message.payload["quality"]
    assert quality_["verdicts"].keys() == {"noise"} and quality_["measured"].startswith("variation ")
    assert f"The sharpest is {quality_['measured']}" in message.content
