"""Timed database hops of a movie turn (each recorded under t_db_writes)."""

from __future__ import annotations

import time

from chatapp.db import database_sync_to_async
from chatapp.turns import Turn


async def timed_save(turn: Turn) -> None:
    """Save the turn, timed."""
    t0 = time.perf_counter()
    await turn.save()
    turn.steplog.record("db_write", label="t_db_writes", duration_ms=(time.perf_counter() - t0) * 1000)


async def db_call(turn: Turn, fn, **kwargs):
    """Run a sync database function off the loop, timed."""
    t0 = time.perf_counter()
    try:
        return await database_sync_to_async(fn)(**kwargs)
    finally:
        turn.steplog.record(f"db.{fn.__name__}", label="t_db_writes", duration_ms=(time.perf_counter() - t0) * 1000)
