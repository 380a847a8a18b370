"""Working images made before a job needs them, by stored path.

Reduced from an upload's decoded pixels while its files are written, or decoded from the stored file while
the planner thinks, as arrays (`codec.decode_pixels`, what the executor works on). A job takes its own, so
the first step result does not wait for a decode (~70 ms on 12 MP, which a rule planner, done in ~1 ms,
cannot hide); a turn that made no job (a chat answer) leaves it for the next edit of the same image. At most a few are kept, none for long: path -> (future, working side,
made at).
"""

from __future__ import annotations

import asyncio
import logging
import time

from django.conf import settings

from imagelab import storage
from imagelab.core.codec import decode_pixels
from imagelab.jobrun import consume_outcome

log = logging.getLogger("marquee.flow")
PREDECODED: dict[str, tuple[asyncio.Future, int, float]] = {}
PREDECODED_MAX = 4
PREDECODED_TTL_S = 600.0


def from_pixels(image, side: int) -> asyncio.Future | None:
    """Start reducing an upload's pixels (already in memory) to a working image, in a thread (in process only)."""
    if settings.TURN_RUNNER != "inprocess":
        return None  # a worker runs the turn and decodes its own: one made here would be image work nobody takes
    return asyncio.ensure_future(asyncio.to_thread(lambda: decode_pixels(image, max_side=side)))


async def working_image(path: str, side: int):
    """(working image, source size): the one made earlier, else decoded from the stored file (and kept)."""
    prune()
    made, made_side, _at = PREDECODED.get(path) or (None, None, None)
    if made is not None and made_side == side and not made.cancelled():
        try:
            return await asyncio.shield(made)  # a stopped turn must not cancel what the next one may take
        except Exception:  # noqa: BLE001 - the stored file is still there
            log.warning("early working image of %s failed; decoding the stored file", path)
    fresh = asyncio.ensure_future(asyncio.to_thread(lambda: decode_pixels(storage.read(path), max_side=side)))
    put(path, fresh, side)
    return await asyncio.shield(fresh)


async def take(decoding: asyncio.Future, path: str):
    """The job's working image; from now on it is the job's, so it leaves PREDECODED."""
    made = await decoding
    PREDECODED.pop(path, None)
    return made


def put(path: str, working: asyncio.Future, side: int) -> None:
    """Keep a working image for the next job on `path` (the oldest waiting one goes past the limit)."""
    working.add_done_callback(consume_outcome)  # a turn that takes it sees a failure anyway
    PREDECODED[path] = (working, side, time.monotonic())
    prune()


def prune() -> None:
    """Drop working images nobody took in time, then the oldest past the limit."""
    now = time.monotonic()
    for path in [p for p, (_f, _s, at) in PREDECODED.items() if now - at > PREDECODED_TTL_S]:
        del PREDECODED[path]
    while len(PREDECODED) > PREDECODED_MAX:
        del PREDECODED[next(iter(PREDECODED))]
