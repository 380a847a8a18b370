"""Full-resolution downloads: the original upload re-rendered through the whole chain of chosen plans.

Bounded three times: the rendered chain never holds (and the result never has) more than
settings.IMAGE_MAX_PIXELS pixels — an upscaling plan is rendered smaller instead —, a user has at most
IMAGE_DOWNLOADS_PER_USER renders running, and a process at most IMAGE_DOWNLOAD_RENDERS (each render holds
a full-resolution image in memory); past either the answer is 429 `busy`, never a queue.

The per-user count lives in the shared cache (Redis with REDIS_URL, so it holds across daphne processes;
local memory otherwise, where one process is the whole server): an atomic incr/decr on one key per user,
with a timeout so a process killed mid-render cannot hold a user's slot for ever. A database row would
need a write and a lock per download for the same answer.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache
from PIL import Image

from chatapp.errors import RateLimited
from imagelab.core.codec import encode
from imagelab.core.rerender import render_chain
from imagelab.core.uploads import load_upload
from imagelab.models import ImageJob
from imagelab.selectors import image_bytes, job_chain

CONTENT_TYPES = {"jpeg": "image/jpeg", "png": "image/png"}
# A render never takes this long; past it a slot left by a killed process frees itself.
SLOT_TIMEOUT = 300
_process_renders: threading.BoundedSemaphore | None = None
_process_lock = threading.Lock()


def _process_semaphore() -> threading.BoundedSemaphore:
    global _process_renders
    with _process_lock:
        if _process_renders is None:
            _process_renders = threading.BoundedSemaphore(settings.IMAGE_DOWNLOAD_RENDERS)
        return _process_renders


def _slot_key(user_id: int) -> str:
    return f"imagelab:downloads:{user_id}"


def _user_slot_take(user_id: int) -> bool:
    key = _slot_key(user_id)
    cache.add(key, 0, timeout=SLOT_TIMEOUT)
    try:
        count = cache.incr(key)
    except ValueError:  # expired or evicted between add and incr
        cache.add(key, 1, timeout=SLOT_TIMEOUT)
        count = 1
    if count > settings.IMAGE_DOWNLOADS_PER_USER:
        _user_slot_give_back(user_id)
        return False
    return True


def _user_slot_give_back(user_id: int) -> None:
    try:
        cache.decr(_slot_key(user_id))
    except ValueError:  # the slot timed out meanwhile: nothing left to give back
        pass


@contextmanager
def download_slot(*, user_id: int) -> Iterator[None]:
    """Hold one of the user's download renders (and one of the process's); RateLimited `busy` when none is free."""
    if not _user_slot_take(user_id):
        limit = settings.IMAGE_DOWNLOADS_PER_USER
        raise RateLimited(
            f"You already have {limit} download{'s' if limit != 1 else ''} rendering. Try again when one has finished.",
            code="busy",
        )
    try:
        renders = _process_semaphore()
        if not renders.acquire(blocking=False):
            raise RateLimited("Other downloads are being rendered right now. Try again in a moment.", code="busy")
        try:
            yield
        finally:
            renders.release()
    finally:
        _user_slot_give_back(user_id)


def render_download(*, job: ImageJob, variation: int, fmt: str) -> tuple[bytes, str]:
    """(encoded bytes, content type) of one variation at the original's full resolution (capped)."""
    root, plans, ai_paths = job_chain(job=job, variation=variation)
    with download_slot(user_id=job.owner_id):
        # The raw upload is decoded and normalised again exactly as at upload time (orientation, sRGB).
        # A file gone from under its row (a chat deleted meanwhile, a lost volume) is NotFound, as the job's images.
        original = load_upload(
            image_bytes(path=root.original_path), max_bytes=1 << 62, max_pixels=settings.IMAGE_MAX_PIXELS
        ).image
        # Our own PNGs (ai_edit.to_png): decoded as PNG only, never sniffed as anything else.
        ai_images = {
            key: Image.open(io.BytesIO(image_bytes(path=path)), formats=["PNG"]) for key, path in ai_paths.items()
        }
        image = render_chain(
            original,
            plans,
            full_resolution=True,
            max_side=settings.IMAGE_WORKING_SIDE,
            ai_images=ai_images,
            max_pixels=settings.IMAGE_MAX_PIXELS,
            as_array=True,  # encoded as it is: a 12 MP Pillow image costs ~60 ms to copy back out
        )
        return encode(image, fmt, quality=92), CONTENT_TYPES[fmt]
