"""A timed, redacted log of the steps of one flow (a chat turn, an image job).

The same JSON (`StepLog.to_list()`) goes to the database, the `marquee.flow`
logger and the admin, so a turn can be explained from any of them.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any, Literal

from pydantic import BaseModel, Field

flow_logger = logging.getLogger("marquee.flow")

REDACTED = "[redacted]"
_SECRET_KEY = re.compile(r"api[_-]?key|authorization|secret|password|passwd|token$|^token|cookie", re.I)
_SECRET_VALUES = [
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{6,}"), REDACTED),
    (re.compile(r"\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=\-]{6,}", re.I), r"\1 " + REDACTED),
]


def redact(value: Any) -> Any:
    """Return `value` with secrets replaced: secret-looking keys, `sk-…` keys and bearer tokens."""
    if isinstance(value, dict):
        return {
            k: (REDACTED if isinstance(k, str) and _SECRET_KEY.search(k) and v not in (None, "") else redact(v))
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [redact(v) for v in value]
    if isinstance(value, str):
        for pattern, replacement in _SECRET_VALUES:
            value = pattern.sub(replacement, value)
        return value
    return value


def _ms(value: float) -> float:
    return round(value, 1)


class Step(BaseModel):
    """One finished (or running) action; times are ms since the log's t0."""

    name: str
    label: str | None = None
    model: str | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    result: str = ""
    status: Literal["ok", "error", "skipped"] = "ok"
    error: str | None = None
    start_ms: float = 0.0
    end_ms: float | None = None
    duration_ms: float | None = None


class _StepContext:
    """Times one step; usable as `with` and `async with`, yields the Step to fill in."""

    def __init__(self, log: StepLog, step: Step):
        self._log = log
        self.step = step

    def __enter__(self) -> Step:
        self.step.start_ms = self._log.now_ms()
        return self.step

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc is not None:
            self.step.status = "error"
            # Keep the exception type: "PlannerUnavailable: …" explains more than the text alone.
            self.step.error = f"{type(exc).__name__}: {exc}"
        self._log._finish(self.step)  # the exception (if any) propagates: we return None

    async def __aenter__(self) -> Step:
        return self.__enter__()

    async def __aexit__(self, exc_type, exc, tb) -> None:
        self.__exit__(exc_type, exc, tb)


class StepLog:
    """Steps of one flow, with its identifiers (chat_id, turn_key…) on every log line."""

    def __init__(
        self,
        flow: str = "",
        ids: dict[str, Any] | None = None,
        *,
        logger: logging.Logger | None = None,
    ):
        self.t0 = time.perf_counter()
        self.flow = flow
        self.ids = dict(ids or {})
        self.steps: list[Step] = []
        self._logger = logger or flow_logger
        self._total_ms: float | None = None

    def now_ms(self) -> float:
        """Milliseconds since this log was created."""
        return _ms((time.perf_counter() - self.t0) * 1000)

    def step(
        self,
        name: str,
        *,
        args: dict[str, Any] | None = None,
        label: str | None = None,
        model: str | None = None,
    ) -> _StepContext:
        """Time a block: `with log.step("decide_mode", args={...}) as step: step.result = "mode=B"`."""
        return _StepContext(self, Step(name=name, label=label, model=model, args=dict(args or {})))

    def record(
        self,
        name: str,
        *,
        args: dict[str, Any] | None = None,
        result: str = "",
        status: Literal["ok", "error", "skipped"] = "ok",
        error: str | None = None,
        label: str | None = None,
        model: str | None = None,
        start_ms: float | None = None,
        duration_ms: float | None = None,
    ) -> Step:
        """Add an action timed elsewhere; without times it is an instant at "now"."""
        end = self.now_ms()
        if start_ms is None:
            start_ms = end - (duration_ms or 0.0)
        elif duration_ms is not None:
            end = start_ms + duration_ms
        step = Step(
            name=name,
            label=label,
            model=model,
            args=dict(args or {}),
            result=result,
            status=status,
            error=error,
            # An action that began before t0 is clamped to 0 but keeps its real duration.
            start_ms=_ms(max(start_ms, 0.0)),
            end_ms=_ms(end),
            duration_ms=_ms(duration_ms if duration_ms is not None else end - start_ms),
        )
        return self._finish(step, timed=True)

    def _finish(self, step: Step, *, timed: bool = False) -> Step:
        if not timed:
            step.end_ms = self.now_ms()
            step.start_ms = _ms(step.start_ms)
            step.duration_ms = _ms(max((step.end_ms or 0.0) - step.start_ms, 0.0))
        # Redact before storing: the stored list is what reaches the DB and the admin.
        step.args = redact(step.args)
        step.result = redact(str(step.result or ""))
        step.error = redact(step.error) if step.error else None
        self.steps.append(step)
        self._emit(step)
        return step

    def _emit(self, step: Step) -> None:
        if not self._logger.isEnabledFor(logging.INFO):
            return
        line = {"flow": self.flow, **self.ids, **step.model_dump(mode="json")}
        self._log(line, fallback={"flow": self.flow, "name": step.name, "status": step.status})

    def _log(self, line: dict, *, fallback: dict) -> None:
        if not self._logger.isEnabledFor(logging.INFO):  # LOG_LEVEL=WARNING: no JSON made for nothing
            return
        try:
            text = json.dumps(redact(line), default=str, ensure_ascii=False)
        except (TypeError, ValueError):  # a log line must never break the flow
            text = json.dumps(fallback)
        # The message is the JSON text (plain-text logs); `data` is the same line as a dict, which a JSON
        # formatter (LOG_FORMAT=json) writes as the record's `data` field.
        self._logger.info(text, extra={"data": json.loads(text)})

    def finish(self) -> float:
        """Freeze t_total (ms since t0), log it once as a `t_total` line, and return it."""
        if self._total_ms is None:
            self._total_ms = self.now_ms()
            self._emit_total()
        return self._total_ms

    def _emit_total(self) -> None:
        # The turn's own line: per-step lines carry their label, this one closes the turn with
        # t_total and the per-label sums, so a log reader needs no DB to see where time went.
        total = self._total_ms or 0.0
        line = {
            "flow": self.flow,
            **self.ids,
            "name": "total",
            "label": "t_total",
            "status": "error" if self.errors() else "ok",
            "start_ms": 0.0,
            "end_ms": total,
            "duration_ms": total,
            "timings": self.timings(),
        }
        self._log(line, fallback={"flow": self.flow, "name": "total", "label": "t_total", "duration_ms": total})

    def timings(self) -> dict[str, float]:
        """Sum of durations per step label, plus `t_total` (frozen by finish(), else now)."""
        out: dict[str, float] = {}
        for step in self.steps:
            if step.label:
                out[step.label] = _ms(out.get(step.label, 0.0) + (step.duration_ms or 0.0))
        out["t_total"] = self._total_ms if self._total_ms is not None else self.now_ms()
        return out

    def to_list(self) -> list[dict[str, Any]]:
        """The steps as plain JSON-able dicts (what the DB, the logs and the admin store)."""
        return [step.model_dump(mode="json") for step in self.steps]

    @classmethod
    def from_list(cls, items: list[dict[str, Any]], *, flow: str = "", ids: dict[str, Any] | None = None) -> StepLog:
        """Rebuild a log from `to_list()` output (for display; nothing is re-logged)."""
        log = cls(flow=flow, ids=ids)
        log.steps = [Step.model_validate(item) for item in items]
        if log.steps:
            log._total_ms = max((s.end_ms or 0.0) for s in log.steps)
        return log

    def errors(self) -> list[Step]:
        """Steps that failed."""
        return [s for s in self.steps if s.status == "error"]
