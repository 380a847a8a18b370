"""Full-resolution downloads: the original upload re-rendered through the whole chain of chosen plans."""

from __future__ import annotations

import io

from django.conf import settings
from PIL import Image

from imagelab import storage
from imagelab.execute import encode, render_chain
from imagelab.models import ImageJob
from imagelab.selectors import job_chain
from imagelab.uploads import load_upload

CONTENT_TYPES = {"jpeg": "image/jpeg", "png": "image/png"}


def render_download(*, job: ImageJob, variation: int, fmt: str) -> tuple[bytes, str]:
    """(encoded bytes, content type) of one variation at the original's full resolution."""
    root, plans, ai_paths = job_chain(job=job, variation=variation)
    # The raw upload is decoded and normalised again exactly as at upload time (orientation, sRGB).
    original = load_upload(storage.read(root.original_path), max_bytes=1 << 62,
                           max_pixels=settings.IMAGE_MAX_PIXELS).image
    ai_images = {key: Image.open(io.BytesIO(storage.read(path))) for key, path in ai_paths.items()}
    image = render_chain(original, plans, full_resolution=True, max_side=settings.IMAGE_WORKING_SIDE,
                         ai_images=ai_images)
    return encode(image, fmt, quality=92), CONTENT_TYPES[fmt]
