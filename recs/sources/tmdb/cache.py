"""Caches for TMDB results: a protocol, and the in-process TTL + LRU default."""

from __future__ import annotations

import inspect
import threading
import time
from collections import OrderedDict
from typing import Any, Protocol


class TmdbCache(Protocol):
    """Where results are kept; methods may be coroutines or plain functions."""

    def get(self, key: str) -> Any: ...

    def set(self, key: str, value: Any, ttl: float) -> Any: ...


class TtlLruCache:
    """In-process TTL + LRU dict, the default cache."""

    def __init__(self, maxsize: int = 2048):
        self._maxsize = maxsize
        self._data: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()  # a process-wide source may be used from several threads

    async def get(self, key: str) -> Any:
        """The value, or None when missing or expired."""
        with self._lock:
            item = self._data.get(key)
            if item is None:
                return None
            if item[0] <= time.monotonic():
                del self._data[key]
                return None
            self._data.move_to_end(key)
            return item[1]

    async def set(self, key: str, value: Any, ttl: float) -> None:
        """Store value for ttl seconds, evicting the least recently used entry."""
        with self._lock:
            self._data[key] = (time.monotonic() + ttl, value)
            self._data.move_to_end(key)
            while len(self._data) > self._maxsize:
                self._data.popitem(last=False)


async def _maybe_await(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value
