"""Full-resolution downloads: the original upload re-rendered through the whole chain of chosen plans.

Bounded twice: the rendered chain never holds (and the result never has) more than
settings.IMAGE_MAX_PIXELS pixels — an upscaling plan is rendered smaller instead — and
at most MAX_CONCURRENT renders run per process; past that the answer is 429 `busy`.
"""

from __future__ import annotations

import io
import threading

from django.conf import settings
from PIL import Image

from chatapp.errors import RateLimited
from imagelab import storage
from imagelab.core.codec import encode
from imagelab.core.execute import render_chain
from imagelab.core.uploads import load_upload
from imagelab.models import ImageJob
from imagelab.selectors import job_chain

CONTENT_TYPES = {"jpeg": "image/jpeg", "png": "image/png"}
MAX_CONCURRENT = 2
_renders = threading.BoundedSemaphore(MAX_CONCURRENT)


def render_download(*, job: ImageJob, variation: int, fmt: str) -> tuple[bytes, str]:
    """(encoded bytes, content type) of one variation at the original's full resolution (capped)."""
    root, plans, ai_paths = job_chain(job=job, variation=variation)
    if not _renders.acquire(blocking=False):
        raise RateLimited("Other downloads are being rendered right now. Try again in a moment.", code="busy")
    try:
        # The raw upload is decoded and normalised again exactly as at upload time (orientation, sRGB).
        original = load_upload(
            storage.read(root.original_path), max_bytes=1 << 62, max_pixels=settings.IMAGE_MAX_PIXELS
        ).image
        # Our own PNGs (ai_edit.to_png): decoded as PNG only, never sniffed as anything else.
        ai_images = {key: Image.open(io.BytesIO(storage.read(path)), formats=["PNG"]) for key, path in ai_paths.items()}
        image = render_chain(
            original,
            plans,
            full_resolution=True,
            max_side=settings.IMAGE_WORKING_SIDE,
            ai_images=ai_images,
            max_pixels=settings.IMAGE_MAX_PIXELS,
        )
        return encode(image, fmt, quality=92), CONTENT_TYPES[fmt]
    finally:
        _renders.release()
