"""A quality question with an unmeasured part in an image chat: the measured part answered, the rest said."""

import pytest

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_answers_the_blur_and_says_the_tilt_is_not_measured(alice):
    message = await ask(alice, detailed(blur=4), "is it tilted and blurry?")
    quality = message.payload["quality"]
    assert quality["verdicts"] == {"blur": "yes"} and f"{quality['figures']['blur_effect']:.2f}" in message.content
    assert "I can't measure whether the horizon or lines are straight here" in message.content
    assert '"straighten it by 2°"' in message.content


async def test_it_answers_a_fault_asked_beside_oversaturation_too(alice):
    message = await ask(alice, detailed(gain=0.3), "is it too saturated and too dark?")
    quality = message.payload["quality"]
    assert quality["verdicts"] == {"underexposure": "yes"} and "saturation" in quality
    assert "so yes, it is underexposed" in message.content and "not oversaturated" in message.content
