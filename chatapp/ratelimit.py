"""A per-user turn rate limit on the shared cache (fixed one-minute windows), and the daily usage quotas."""

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from chatapp.db import database_sync_to_async
from chatapp.errors import MarqueeError, QuotaExceeded, RateLimited
from chatapp.selectors import day_start, usage_today


def _window(user_id: int) -> str:
    return f"turns:{user_id}:{int(time.time() // 60)}"


def turn_rate_check(*, user_id: int) -> bool:
    """Count one turn for the user; False when over TURNS_PER_MINUTE."""
    limit = settings.TURNS_PER_MINUTE
    if limit <= 0:
        return True
    key = _window(user_id)
    cache.add(key, 0, timeout=120)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr
        cache.set(key, 1, timeout=120)
        count = 1
    return count <= limit


def turn_rate_refund(*, key: str) -> None:
    """Give back one turn counted in the window `key` (a turn refused before anything was stored)."""
    if settings.TURNS_PER_MINUTE > 0:
        try:
            if cache.decr(key) < 0:
                cache.set(key, 0, timeout=120)
        except ValueError:  # the window has expired or was evicted: nothing to give back
            pass


def turn_rate_retry_after() -> int:
    """Seconds until the current one-minute window ends (a Retry-After for a refused turn)."""
    return max(1, 60 - int(time.time() % 60))


def daily_quotas_on() -> bool:
    """Whether a daily token or cost quota is set (else nothing needs counting before a turn)."""
    return settings.USER_DAILY_TOKEN_QUOTA > 0 or settings.USER_DAILY_COST_QUOTA > 0


def daily_quota_refusal(*, user_id: int) -> str | None:
    """Why the user may start no turn today (USER_DAILY_TOKEN_QUOTA / USER_DAILY_COST_QUOTA), or None."""
    tokens_quota, cost_quota = settings.USER_DAILY_TOKEN_QUOTA, settings.USER_DAILY_COST_QUOTA
    if not daily_quotas_on():
        return None
    used = usage_today(user_id=user_id)
    resets = f"It resets at midnight {settings.TIME_ZONE}, in {_duration(daily_quota_retry_after())}."
    if tokens_quota > 0 and used["total_tokens"] >= tokens_quota:
        return f"You have used today's allowance of {tokens_quota:,} tokens ({used['total_tokens']:,} used). {resets}"
    if cost_quota > 0 and used["cost"] >= Decimal(str(cost_quota)):  # as written: float 0.05 is a hair over 0.05
        return f"You have used today's allowance of ${cost_quota:,.2f} (${used['cost']:,.4f} used). {resets}"
    return None


def daily_quota_retry_after() -> int:
    """Seconds until the quotas' day ends (a Retry-After for a refused turn)."""
    now = timezone.now()
    return max(1, int((day_start(now) + timedelta(days=1) - now).total_seconds()))


def _duration(seconds: int) -> str:
    hours, minutes = divmod(max(seconds, 60) // 60, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


async def _quota_check(user) -> None:
    """Refuse a turn past the user's daily token or cost quota, saying when it resets."""
    if not daily_quotas_on():
        return
    refusal = await database_sync_to_async(daily_quota_refusal)(user_id=user.pk)
    if refusal is not None:
        raise QuotaExceeded(refusal, retry_after=daily_quota_retry_after())


async def turn_allowed(user) -> None:
    """Refuse a turn past the daily quotas or the per-minute limit, saying when the next one is allowed."""
    await _quota_check(user)  # first: a turn refused for the quota does not use up the minute's turns
    if not await database_sync_to_async(turn_rate_check)(user_id=user.pk):
        raise RateLimited(
            "Too many messages in a minute. Please wait a moment and try again.",
            retry_after=turn_rate_retry_after(),
        )


@asynccontextmanager
async def turn_counted(user) -> AsyncIterator[None]:
    """`turn_allowed`, and a turn the block then refuses (an empty or too long message, a turn already running:
    a MarqueeError, with nothing stored) gives its count back, so refusals do not use up the minute's turns."""
    key = _window(user.pk)
    await turn_allowed(user)
    try:
        yield
    except MarqueeError:
        await database_sync_to_async(turn_rate_refund)(key=key)
        raise
