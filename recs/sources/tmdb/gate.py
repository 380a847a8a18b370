"""When a TMDB request may start: a rate, a cap on requests in flight, a 429 pause, and an order.

No Django imports. One gate belongs to one TmdbClient, so to one event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import AsyncIterator

Priority = tuple[int, float]  # (rank, since): lower starts first


class RequestGate:
    """Starts requests at most `rate` a second and `concurrency` at a time, the most urgent first.

    The token bucket holds a tenth of a second of requests: a bucket of a whole second (aiolimiter's
    AsyncLimiter(rate, 1)) lets `rate` start at once and `rate` more within the same second, up to twice
    TMDB's allowance, which TMDB answers with 429s that pause every lookup. Waiters are served by
    priority, not arrival: with many turns at once a turn's first pick (rank 0) goes before anyone's
    second or third, and within a rank the lookup that started first goes first, so its details call
    does not queue behind searches that came later.
    """

    def __init__(self, *, rate: float, concurrency: int):
        self._rate = max(float(rate), 0.001)
        self._capacity = max(1.0, self._rate / 10)
        self._tokens = self._capacity
        self._stamp: float | None = None  # loop time of the last refill
        self._free = max(1, concurrency)
        self._waiters: list[tuple[Priority, int, asyncio.Future]] = []
        self._order = itertools.count()
        self._timer: asyncio.TimerHandle | None = None
        self.paused_until = 0.0  # loop time before which nothing starts (TMDB's Retry-After)

    def pause_until(self, when: float) -> None:
        """Start nothing before loop time `when` (a 429's Retry-After); never shortens a pause."""
        self.paused_until = max(self.paused_until, when)

    @contextlib.asynccontextmanager
    async def slot(self, priority: Priority) -> AsyncIterator[None]:
        """Hold one of the in-flight places, entered when the rate, the pause and the queue allow."""
        await self._acquire(priority)
        try:
            yield
        finally:
            self._free += 1
            self._wake()

    async def _acquire(self, priority: Priority) -> None:
        granted = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (priority, next(self._order), granted))
        self._wake()
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self._free += 1  # granted, then cancelled before it could run: give the place back
                self._wake()
            raise

    def _wake(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._stamp is not None:
            self._tokens = min(self._capacity, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        while self._waiters and self._free > 0 and self._tokens >= 1 and now >= self.paused_until:
            granted = heapq.heappop(self._waiters)[2]
            if granted.done():  # its waiter was cancelled
                continue
            self._tokens -= 1
            self._free -= 1
            granted.set_result(None)
        while self._waiters and self._waiters[0][2].done():
            heapq.heappop(self._waiters)
        if self._waiters and self._free > 0 and self._timer is None:
            at = max(self.paused_until, now + (1 - self._tokens) / self._rate)
            self._timer = loop.call_at(at, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._wake()
