"""A turn-wide deadline (monotonic): every planning attempt of a turn shares it, fallback included."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """A point on the monotonic clock by which something must be done, and the budget it came from."""

    at: float
    budget: float

    @classmethod
    def after(cls, seconds: float, *, clock: Callable[[], float] = time.monotonic) -> Deadline:
        """The deadline `seconds` from now."""
        return cls(at=clock() + max(0.0, seconds), budget=max(0.0, seconds))

    def remaining(self, *, clock: Callable[[], float] = time.monotonic) -> float:
        """Seconds left (0 once passed)."""
        return max(0.0, self.at - clock())

    def expired(self, *, clock: Callable[[], float] = time.monotonic) -> bool:
        """Whether no time is left."""
        return self.remaining(clock=clock) <= 0.0

    def cap(self, seconds: float, *, clock: Callable[[], float] = time.monotonic) -> float:
        """`seconds`, or the time left when that is shorter (e.g. one request's timeout)."""
        return min(seconds, self.remaining(clock=clock))
