"""Every planner call counted: a backend wrapper that times each call, prices its usage, hands the
record to the running turn's meter and writes it as one line of a JSON Lines file (no Django here).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
import uuid
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field

from chatapp.planner.backends.base import PlannerBackend, PlannerReply, PlannerRequest, TextSink
from chatapp.planner.steplog import redact
from chatapp.planner.usage import Usage, price_for, usage_cost

log = logging.getLogger("marquee.planner")


class CallRecord(BaseModel):
    """One planner call as stored and logged (never an API key: the line is redacted before writing)."""

    request_id: str
    at: str  # UTC, ISO 8601
    backend: str
    model: str
    purpose: str = ""
    sampling: dict[str, Any] = Field(default_factory=dict)
    metered: bool = False  # the backend reports usage (False: offline, costs nothing)
    usage: Usage | None = None
    cost: Decimal | None = None  # US dollars; None: metered but no price known for the model
    ms: float = 0.0
    status: str = "ok"  # ok | error | stopped
    error: str = ""
    response_id: str | None = None
    output: dict[str, Any] | None = None


@dataclass
class Meter:
    """The planner calls of one turn, in the order they finished (ids go on every log line)."""

    ids: dict[str, Any] = field(default_factory=dict)
    records: list[CallRecord] = field(default_factory=list)


_current: ContextVar[Meter | None] = ContextVar("planner_meter", default=None)


@contextlib.contextmanager
def metering(meter: Meter):
    """Count every planner call made in this context (and the tasks it starts) into `meter`."""
    token = _current.set(meter)
    try:
        yield meter
    finally:
        _current.reset(token)


class JsonlLog:
    """Appends one JSON line per record: one `write` per line on an O_APPEND file, so lines from threads
    and processes never interleave. An unwritable file is logged, never raised."""

    def __init__(self, path: str):
        self.path = path
        self._lock = threading.Lock()
        self._fd: int | None = None

    def write(self, line: dict[str, Any]) -> None:
        """Append `line`, redacted, as one JSON line."""
        # Secret-named fields in what the model wrote (our own fields name none), then every `sk-…` key or
        # bearer token anywhere in the line's text: one pass over the text instead of one per field.
        if isinstance(line.get("output"), dict):
            line = {**line, "output": redact(line["output"])}
        data = (redact(json.dumps(line, default=str, ensure_ascii=False)) + "\n").encode()
        try:
            with self._lock:
                if self._fd is None:
                    os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
                    # Kept open for the process: appends go to the file's end even after a copytruncate rotation.
                    self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
                os.write(self._fd, data)
        except OSError as exc:  # the log must never break a turn
            log.warning("planner log %s not written: %s", self.path, exc)


def _output(reply: PlannerReply) -> dict[str, Any]:
    calls = []
    for call in reply.tool_calls:
        try:
            arguments: Any = json.loads(call.arguments)
        except (ValueError, RecursionError):
            arguments = call.arguments  # model output is untrusted: kept as the text it sent
        calls.append({"name": call.name, "call_id": call.call_id, "arguments": arguments})
    return {"text": reply.text, "tool_calls": calls}


class MeteredBackend:
    """Wraps a backend: same name, profile and answers; each call also becomes a CallRecord."""

    def __init__(
        self,
        inner: PlannerBackend,
        *,
        prices: dict[str, dict[str, float]] | None = None,
        sampling: dict[str, Any] | None = None,
        log_path: str = "",
    ):
        self.inner = inner
        self.name = inner.name
        self.profile = inner.profile
        self.prices = dict(prices or {})
        self.sampling = {k: v for k, v in (sampling or {}).items() if v is not None}
        self.log = JsonlLog(log_path) if log_path else None

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply:
        """The inner backend's reply; its usage, cost and time are recorded whatever happens."""
        record = CallRecord(
            request_id=uuid.uuid4().hex,
            at=datetime.now(UTC).isoformat(timespec="milliseconds"),
            backend=self.name,
            model=request.model,
            purpose=request.purpose,
            sampling=self.sampling if self.profile.reports_usage else {},
            metered=self.profile.reports_usage,
        )
        t0 = time.perf_counter()
        try:
            reply = await self.inner.complete(request, on_text=on_text)
        except BaseException as exc:  # a failed or stopped call is a line too (it may have cost tokens)
            record.status = "error" if isinstance(exc, Exception) else "stopped"
            record.error = redact(f"{type(exc).__name__}: {exc}")[:500]
            raise
        else:
            self._fill(record, reply)
            return reply
        finally:
            record.ms = round((time.perf_counter() - t0) * 1000, 1)
            self._keep(record)

    def _fill(self, record: CallRecord, reply: PlannerReply) -> None:
        record.model = reply.model or record.model
        record.response_id = reply.response_id
        record.output = _output(reply)
        if record.metered:
            record.usage = reply.usage or Usage()
            record.cost = usage_cost(record.usage, price_for(record.model, self.prices))
        else:
            record.cost = Decimal(0)  # offline: costs nothing

    def _keep(self, record: CallRecord) -> None:
        meter = _current.get()
        if meter is not None:
            meter.records.append(record)
        if self.log is not None:
            ids = meter.ids if meter is not None else {}
            line = record.model_dump(mode="json")
            line["cost"] = float(record.cost) if record.cost is not None else None
            self.log.write({**line, **ids})


def usage_summary(records: list[CallRecord]) -> dict[str, Any]:
    """A turn's usage as stored with its answer: token sums, cost in dollars, and whether it ran offline.

    `cost` is None when a metered call's model has no price (its models are in `unpriced`).
    """
    total = Usage()
    for record in records:
        total = total + (record.usage or Usage())
    metered = [r for r in records if r.metered]
    unpriced = sorted({r.model for r in metered if r.cost is None})
    cost = None if unpriced else sum((r.cost or Decimal(0) for r in metered), Decimal(0))
    return {
        **total.model_dump(),
        "total_tokens": total.total_tokens,
        "cost": float(cost) if cost is not None else None,
        "calls": len(records),
        "offline": not metered,
        "unpriced": unpriced,
    }
