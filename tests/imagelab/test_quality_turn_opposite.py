"""A quality question asking the opposite of what is measured ("is it too contrasty?"): no yes that means flat."""

import io

import numpy as np
import pytest
from PIL import Image

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_it_says_a_flat_photo_is_the_opposite_of_too_contrasty(alice):
    message = await ask(alice, detailed(gain=0.3), "is it too contrasty?")
    assert message.payload["quality"]["verdicts"] == {"low_contrast": "yes"}
    assert "so yes" not in message.content and "opposite of too contrasty" in message.content


async def test_it_says_the_clipped_ends_of_a_contrasted_photo_asked_if_too_contrasty(alice):
    y, x = np.mgrid[0:300, 0:400]
    grey = np.where(((x // 25) + (y // 25)) % 2, 235, 20).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(np.stack([grey] * 3, axis=-1)).save(buf, "PNG")
    message = await ask(alice, buf.getvalue(), "is there too much contrast?")
    assert message.payload["quality"]["verdicts"]["low_contrast"] == "no"
    assert "so yes" not in message.content and "burnt to white" in message.content


async def test_it_says_the_faults_found_plainly_when_asked_if_it_is_ok_to_print(alice):
    message = await ask(alice, detailed(gain=0.3), "is it ok to print?")
    assert message.payload["quality"]["verdicts"]["underexposure"] == "yes"
    assert "so it is underexposed" in message.content and "yes, it is underexposed" not in message.content
    assert "Problems found: underexposure" in message.content
