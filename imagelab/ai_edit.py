"""The AI edit step: the OpenAI Images edit endpoint through the openai SDK (the only place it is called).

`make_ai_edit()` returns None when AI edits are off (IMAGE_EDIT_BACKEND=none or no key); the
executor then fails the step with "AI edit unavailable" and keeps the previous image.
"""

from __future__ import annotations

import base64
import io
import logging
import threading
from collections.abc import Callable

from django.conf import settings
from PIL import Image

from imagelab.core.codec import encode
from imagelab.core.execute import StepError
from imagelab.core.uploads import load_upload

log = logging.getLogger("marquee.imagelab")
# The longest side sent to the endpoint: it works on about 1 MP anyway, and a smaller upload is faster.
SEND_SIDE = 1536


class AiEditCapReached(StepError):
    """The job has used all its AI edits."""


class AiEditTimedOut(StepError):
    """The endpoint did not answer within IMAGE_EDIT_TIMEOUT."""


class AiEditUnavailable(StepError):
    """The endpoint failed twice (connection dropped or a server error)."""


def enabled() -> bool:
    """Whether AI edit steps call OpenAI."""
    return settings.IMAGE_EDIT_BACKEND == "openai" and bool(settings.OPENAI_API_KEY)


def _client():
    import openai

    return openai.OpenAI(
        api_key=settings.OPENAI_API_KEY,
        base_url=settings.OPENAI_BASE_URL or None,
        timeout=settings.IMAGE_EDIT_TIMEOUT,
        max_retries=0,  # edit_image retries what is worth it; a timeout is not (IMAGE_EDIT_TIMEOUT bounds a step)
    )


def edit_image(client, image: Image.Image, prompt: str) -> Image.Image:
    """One images.edit call: PNG in, the b64 result decoded (and validated like an upload) out."""
    import openai

    small = image.copy()
    small.thumbnail((SEND_SIDE, SEND_SIDE))
    png = encode(small, "png")
    for attempt in (1, 2):
        try:
            result = client.images.edit(
                model=settings.IMAGE_EDIT_MODEL, image=("image.png", png, "image/png"), prompt=prompt
            )
            break
        except openai.APITimeoutError:
            raise AiEditTimedOut(f"AI edit timed out after {settings.IMAGE_EDIT_TIMEOUT:g} s") from None
        except (openai.APIConnectionError, openai.InternalServerError) as exc:
            log.warning("AI edit attempt %d failed: %s: %s", attempt, type(exc).__name__, exc)
            if attempt == 2:  # one retry for a dropped connection or a 5xx, as the SDK's own retry did
                raise AiEditUnavailable("AI edit failed: the image service is unavailable right now") from None
    b64 = result.data[0].b64_json if result.data else None
    if not b64:
        raise RuntimeError("the AI edit returned no image")
    return load_upload(base64.b64decode(b64), max_pixels=settings.IMAGE_MAX_PIXELS).image


def make_ai_edit(*, cap: int | None = None) -> Callable[[Image.Image, str], Image.Image] | None:
    """A thread-safe ai_edit callable for one job (at most `cap` calls), or None when AI edits are off."""
    if not enabled():
        return None
    client = _client()
    limit = settings.IMAGE_AI_EDITS_PER_JOB if cap is None else cap
    lock = threading.Lock()
    used = 0

    def ai_edit(image: Image.Image, prompt: str) -> Image.Image:
        nonlocal used
        with lock:
            if used >= limit:
                raise AiEditCapReached(
                    f"AI edit skipped: this job's limit of {limit} AI edit{'' if limit == 1 else 's'} is used up"
                )
            used += 1
        return edit_image(client, image, prompt)

    return ai_edit


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of an AI result, stored so downloads can replay the step."""
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()
