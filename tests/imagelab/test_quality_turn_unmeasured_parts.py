"""Parts of a quality question nothing measures, said plainly and stored: banding (not the JPEG blockiness figure),
the cause of a blur, too much contrast asked in other words."""

import io

import numpy as np
import pytest
from PIL import Image

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_says_banding_is_not_the_blockiness_figure_it_measures(alice):
    message = await ask(alice, detailed(), "is there banding in the sky?")
    quality = message.payload["quality"]
    assert quality["unmeasured"] == ["banding"] and "jpeg" in quality["verdicts"]
    assert "I can't measure banding here" in message.content and "not banding" in message.content


async def test_it_answers_the_blur_and_says_its_cause_is_not_measured(alice):
    message = await ask(alice, detailed(blur=4), "is it blurry because of motion or focus?")
    quality = message.payload["quality"]
    assert quality["verdicts"] == {"blur": "yes"} and "so yes" in message.content
    assert quality["unmeasured"] == ["whether the blur comes from motion or from focus"]
    assert "I can't measure whether the blur comes from motion or from focus here" in message.content


async def test_it_stores_the_unmeasured_parts_in_the_quality_payload(alice):
    message = await ask(alice, detailed(blur=4), "is it tilted and blurry?")
    assert message.payload["quality"]["unmeasured"] == ["whether the horizon or lines are straight"]
    plain = await ask(alice, detailed(blur=4), "is it blurry?")
    assert "unmeasured" not in plain.payload["quality"]


@pytest.mark.parametrize("text", ["is it too harsh?", "is number 1 a bit too punchy?", "does it look over-punchy?"])
async def test_it_reads_too_harsh_or_punchy_as_too_much_contrast(alice, text):
    y, x = np.mgrid[0:300, 0:400]
    grey = np.where(((x // 25) + (y // 25)) % 2, 235, 20).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(np.stack([grey] * 3, axis=-1)).save(buf, "PNG")
    message = await ask(alice, buf.getvalue(), text)
    assert message.payload["quality"]["verdicts"]["low_contrast"] == "no"
    assert "so yes" not in message.content and "burnt to white" in message.content
