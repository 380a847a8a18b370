"""Two parts compared and a number set against a figure, answered in a chat turn (offline planner).

`imagelab.rules.iqa_parts` and `iqa_thresholds` answer them, called from `quality_turn.answer_quality`.
"""

import io

import numpy as np
import pytest
from PIL import Image

from imagelab import services
from tests.support.images import assistant_of, job_of, run_turn

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
]


def db(fn):
    from chatapp.db import database_sync_to_async

    return database_sync_to_async(fn)


def left_noisy():
    """A checkerboard photo (400×300) with noise (σ 12) in its left half only, as PNG."""
    rng = np.random.default_rng(4)
    y, x = np.mgrid[0:300, 0:400]
    grey = 110 + 60 * (((x // 25) + (y // 25)) % 2) + rng.normal(0, 1, x.shape)
    grey[:, :200] += rng.normal(0, 12, grey[:, :200].shape)
    buf = io.BytesIO()
    Image.fromarray(np.clip(np.stack([grey] * 3, axis=-1), 0, 255).astype(np.uint8)).save(buf, "PNG")
    return buf.getvalue()


async def ask(user, data, text):
    chat = await db(services.image_chat_create)(user=user)
    await run_turn(user, chat, "warmer", data, filename="photo.png")
    turn = await run_turn(user, chat, text)
    assert await db(job_of)(turn) is None
    return await db(assistant_of)(turn)


async def test_it_measures_both_halves_a_question_compares(alice):
    message = await ask(alice, left_noisy(), "is the left half noisier than the right?")
    parts = message.payload["quality"]["parts"]
    left, right = parts["left half"]["noise_sigma"], parts["right half"]["noise_sigma"]
    assert f"the left half {left:.1f}, the right half {right:.1f}" in message.content
    assert "so yes, the left half is noisier than the right half" in message.content


async def test_it_answers_a_number_in_the_question_yes_or_no(alice):
    message = await ask(alice, left_noisy(), "is the sharpness over 100000?")
    sharpness = message.payload["quality"]["figures"]["sharpness"]
    assert message.content.startswith(f"Sharpness {sharpness:.0f} — below 100000, so no.")
