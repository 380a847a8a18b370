"""Image-lab fixtures: private storage in a temp dir, small real photos, API clients."""

import io

import pytest
from PIL import Image


@pytest.fixture(autouse=True)
def image_root(settings, tmp_path):
    """Every test stores its images in its own temp directory."""
    settings.IMAGE_ROOT = tmp_path / "imagelab"
    settings.IMAGE_EDIT_BACKEND = "none"
    return settings.IMAGE_ROOT


@pytest.fixture(autouse=True)
def no_early_working_images():
    """Working images a test's turns left for a next edit do not outlive the test (they are per process)."""
    from imagelab import flows

    flows._PREDECODED.clear()
    yield
    flows._PREDECODED.clear()


def photo(size=(320, 240), fmt="JPEG", mode="RGB") -> bytes:
    """A small synthetic photo: a gradient with a bright square (so crops and tones show)."""
    w, h = size
    img = Image.new(mode, size)
    px = img.load()
    for y in range(h):
        for x in range(w):
            r, g, b = int(255 * x / max(w - 1, 1)), int(255 * y / max(h - 1, 1)), 128
            if w // 3 < x < 2 * w // 3 and h // 3 < y < 2 * h // 3:
                r, g, b = 240, 200, 60
            px[x, y] = (r, g, b) if mode == "RGB" else (r, g, b, 255)
    buf = io.BytesIO()
    img.save(buf, fmt)
    return buf.getvalue()


@pytest.fixture
def jpeg() -> bytes:
    """A 320x240 JPEG."""
    return photo()


def api_for(user):
    """A Django test client carrying a fresh personal API token."""
    from django.test import Client

    from chatapp.services import api_token_create

    _token, key = api_token_create(user=user)
    return Client(headers={"authorization": f"Bearer {key}"})


async def async_api_for(user):
    """An async test client carrying a fresh personal API token (and no session)."""
    from channels.db import database_sync_to_async
    from django.test import AsyncClient

    from chatapp.services import api_token_create

    _token, key = await database_sync_to_async(api_token_create)(user=user)
    return AsyncClient(authorization=f"Bearer {key}")  # async defaults are ASGI header names


async def run_turn(user, chat, text, data=None, *, filename="photo.jpg", with_job=False):
    """Start an image turn in this event loop and wait until it has finished."""
    from imagelab import flows
    from tests.chatapp.wsutil import wait_turns_idle

    turn, job = await flows.start_turn(user=user, chat=chat, text=text, data=data,
                                       filename=filename if data else "", with_job=with_job)
    await wait_turns_idle(30)
    return turn


def job_of(turn):
    """The job of a finished turn (or None)."""
    from imagelab.models import ImageJob

    return ImageJob.objects.select_related("source").filter(message_id=turn.message_id).first()


def assistant_of(turn):
    """The assistant message of a finished turn."""
    from chatapp.models import Message

    return Message.objects.get(pk=turn.message_id)
