"""Image-lab helpers: small synthetic photos, running an image turn, and reading back its job and answer."""

import io

from PIL import Image


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


async def run_turn(user, chat, text, data=None, *, filename="photo.jpg", with_job=False):
    """Start an image turn in this event loop and wait until it has finished."""
    from imagelab import starting
    from tests.support.ws import wait_turns_idle

    turn, job = await starting.start_turn(
        user=user, chat=chat, text=text, data=data, filename=filename if data else "", with_job=with_job
    )
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
