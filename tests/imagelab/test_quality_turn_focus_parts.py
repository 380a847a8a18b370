"""Focus said to be on one part instead of another ("is it focused on the background instead of the person?"): the
two parts measured and compared, never the background alone."""

import io

import numpy as np
import pytest
from PIL import Image
from skimage.filters import gaussian

from tests.imagelab.test_quality_turn import ask, detailed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def soft_centre() -> bytes:
    """A crisp picture whose centre (the subject's stand-in) is blurred: focus missed onto the background."""
    rgb = np.asarray(Image.open(io.BytesIO(detailed()))).astype(float)
    rgb[75:225, 100:300] = gaussian(rgb[75:225, 100:300], sigma=4, channel_axis=2, preserve_range=True)
    buf = io.BytesIO()
    Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize(
    "text",
    ["is it focused on the background instead of the person?", "is the background sharp rather than the subject?"],
)
async def test_it_compares_the_focus_of_the_background_and_the_person(alice, text):
    message = await ask(alice, soft_centre(), text)
    quality = message.payload["quality"]
    assert set(quality["parts"]) == {"background", "person"} or set(quality["parts"]) == {"background", "subject"}
    assert "yes, the background is sharper than the" in message.content
