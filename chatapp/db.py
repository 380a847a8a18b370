"""Database hops on a bounded pool of threads, one Django connection per thread (issue 10).

A drop-in for `channels.db.database_sync_to_async`: the same call signature, and old connections are closed
around every hop as Channels does. Channels runs every hop of every turn on asgiref's one shared
thread-sensitive thread, so 50 turns at once queue behind each other's queries; here hops run on `DB_THREADS`
threads, each keeping its own persistent connection (`CONN_MAX_AGE`), so one turn's query waits for
PostgreSQL while another's runs (bench/README.md, "Database hops off one thread").

Atomic blocks never span hops (a hop is one synchronous call), so transactions are unchanged. A hop awaited
from code that `async_to_sync` called (a sync view, a sync test, a hop calling async code) still runs in that
waiting thread, as Channels would: it keeps that thread's connection and open transaction.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import AsyncToSync, SyncToAsync
from channels.db import DatabaseSyncToAsync as _ChannelsHop
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections

logger = logging.getLogger("marquee.db")
_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None


def hop_executor() -> ThreadPoolExecutor:
    """The process's pool for database hops, (re)built when `DB_THREADS` changes."""
    global _pool
    size = settings.DB_THREADS
    pool = _pool
    if pool is not None and pool._max_workers == size:
        return pool
    with _lock:
        if _pool is None or _pool._max_workers != size:
            old, _pool = _pool, ThreadPoolExecutor(max_workers=size, thread_name_prefix="db-hop")
            if old is not None:  # only tests resize: the old threads' connections close with them
                _close(old)
        return _pool


def hop_pool_close() -> None:
    """Close every hop thread's connections and stop the pool (so a test database can be dropped)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        _close(pool)


def _close(pool: ThreadPoolExecutor) -> None:
    size = pool._max_workers
    barrier = threading.Barrier(size)

    def close() -> None:
        # One task per thread: each holds its thread until all threads have one, then closes that thread's.
        barrier.wait(timeout=30)
        connections.close_all()

    for future in [pool.submit(close) for _ in range(size)]:
        future.exception()  # a hop still running past the barrier's wait: its thread's connection ends with it
    pool.shutdown(wait=True)


def _outer_sync_thread() -> bool:
    # async_to_sync left a sync thread waiting on this loop: thread-sensitive code belongs in it.
    if getattr(AsyncToSync.executors, "current", None) is not None:
        return True
    return asyncio.get_running_loop() in AsyncToSync.loop_thread_executors


class DatabaseSyncToAsync(_ChannelsHop):
    """Channels' hop (old connections closed around the call), run on the hop pool."""

    def __init__(self, func, thread_sensitive: bool = True, executor: ThreadPoolExecutor | None = None, context=None):
        super().__init__(func, thread_sensitive=thread_sensitive, executor=executor, context=context)
        # An explicit executor is the caller's choice; thread_sensitive=False without one meant "not on the
        # shared thread", which the pool gives too.
        self._pooled = executor is None
        self._on_pool: tuple[ThreadPoolExecutor, _ChannelsHop] | None = None

    async def __call__(self, *args, **kwargs):
        if not self._pooled or _outer_sync_thread():
            return await super().__call__(*args, **kwargs)
        pool = hop_executor()
        on_pool = self._on_pool
        if on_pool is None or on_pool[0] is not pool:
            hop = _ChannelsHop(_reconnecting(self.func), thread_sensitive=False, executor=pool, context=self.context)
            on_pool = self._on_pool = (pool, hop)
        return await on_pool[1](*args, **kwargs)


class _Statements:
    """An execute wrapper counting the statements that completed."""

    def __init__(self) -> None:
        self.done = 0

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.done += 1
        return result


def _reconnecting(func):
    """`func`, run once more on a new connection when a kept one was found dead before any statement completed."""

    # Django's health check (CONN_HEALTH_CHECKS) runs once per hop, before its first statement; a session that
    # PostgreSQL ends after that check (a restart, pg_terminate_backend, a failover) failed the next message of
    # whoever's hop held it. Nothing of the hop has run on the database then, so running it again is safe.
    @functools.wraps(func)
    def run(*args, **kwargs):
        conn = connections[DEFAULT_DB_ALIAS]
        if conn.connection is None:  # a new connection: nothing stale to retry past (an outage fails at once)
            return func(*args, **kwargs)
        # The retry below is the health check of a kept connection: Django's own (CONN_HEALTH_CHECKS) would
        # cost a `SELECT 1` round trip before every hop, ~10 % of a worker's and a web process's samples at
        # 50 turns at once (py-spy), and still miss a session ended after it.
        conn.health_check_done = True
        statements = _Statements()
        try:
            with conn.execute_wrapper(statements):
                return func(*args, **kwargs)
        except (OperationalError, InterfaceError) as exc:
            if statements.done or conn.in_atomic_block or conn.is_usable():
                raise
            logger.warning("database hop %s: its connection had ended (%s); once more on a new one", _name(func), exc)
            conn.close()
        return func(*args, **kwargs)

    return run


def _name(func) -> str:
    return getattr(func, "__qualname__", None) or type(func).__name__


def request_connections_close(**kwargs) -> None:
    """Close the connections of a request's own thread when the request ends (`request_finished`)."""
    # Django's ASGI handler runs each request's sync code on a thread of its own (a ThreadSensitiveContext per
    # request), so a connection kept there for CONN_MAX_AGE is never used again: it stays open until the
    # garbage collector reaches that thread's locals. One test server held 46 idle PostgreSQL connections and
    # the suite ran out ("too many clients"). Hop threads are long-lived and keep theirs; WSGI, the test
    # client and commands run outside such a context and keep Django's own close_old_connections.
    if SyncToAsync.thread_sensitive_context.get(None) is None:
        return
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            conn.close()


# Lower-case, like Channels': used as a decorator or a wrapper.
database_sync_to_async = DatabaseSyncToAsync
