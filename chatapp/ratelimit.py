"""A per-user turn rate limit on the shared cache (fixed one-minute windows)."""

import time

from django.conf import settings
from django.core.cache import cache


def turn_rate_check(*, user_id: int) -> bool:
    """Count one turn for the user; False when over TURNS_PER_MINUTE."""
    limit = settings.TURNS_PER_MINUTE
    if limit <= 0:
        return True
    key = f"turns:{user_id}:{int(time.time() // 60)}"
    cache.add(key, 0, timeout=120)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr
        cache.set(key, 1, timeout=120)
        count = 1
    return count <= limit


def turn_rate_retry_after() -> int:
    """Seconds until the current one-minute window ends (a Retry-After for a refused turn)."""
    return max(1, 60 - int(time.time() % 60))
