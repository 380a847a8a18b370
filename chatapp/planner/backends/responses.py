"""The OpenAI Responses API backend, plus the retry and error mapping both OpenAI backends share."""

from __future__ import annotations

import asyncio
import email.utils
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import openai

from chatapp.planner.backends.base import (
    BackendProfile,
    FunctionCallItem,
    FunctionCallOutput,
    InputItem,
    InputMessage,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    PlannerUnavailable,
    PreviousResponseNotFound,
    TextSink,
    ToolCall,
)
from chatapp.planner.backends.reasoning import SummaryStream, add_summary
from chatapp.planner.deadline import Deadline
from chatapp.planner.steplog import redact
from chatapp.planner.usage import usage_from_responses

log = logging.getLogger("marquee.planner")
T = TypeVar("T")

AUTH_MESSAGE = "The AI service refused our API key; an operator must fix OPENAI_API_KEY."
QUOTA_MESSAGE = "The AI service account is out of credit; an operator must check the OpenAI billing."
_RETRYABLE_CODES = {
    "rate_limit_exceeded",
    "server_error",
    "server_is_overloaded",
    "slow_down",
    "stream_ended",
}


# A hard stop this long after the deadline catches a stream that trickles bytes (each read within the
# request timeout) without ever finishing; a silent server hits the request timeout first.
_HARD_STOP_GRACE = 0.5


def make_openai_client(api_key: str, base_url: str | None = None, timeout: float = 60.0) -> openai.AsyncOpenAI:
    """An AsyncOpenAI client that never retries by itself (the backends retry within a budget)."""
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0)


class StreamError(Exception):
    """An error the API reported inside a stream (an `error` or `response.failed` event)."""

    def __init__(self, code: str | None, message: str):
        super().__init__(f"{code or 'error'}: {message}")
        self.code = code
        self.message = message


class _Retry(Exception):
    """Internal: the error is transient; `delay` is the server's hint in seconds, if any."""

    def __init__(self, cause: BaseException, delay: float | None = None):
        super().__init__(str(cause))
        self.cause = cause
        self.delay = delay


def _is_previous_response_error(code: str | None, param: str | None, message: str) -> bool:
    text = message.lower()
    return (
        code == "previous_response_not_found"
        or (param == "previous_response_id" and "not found" in text)
        or ("previous response" in text and "not found" in text)
    )


def retry_after_seconds(headers: Any) -> float | None:
    """Read `retry-after-ms` / `retry-after` (seconds or an HTTP date) from response headers."""
    if headers is None:
        return None
    try:
        value = headers.get("retry-after-ms")
        if value is not None:
            return max(float(value) / 1000, 0.0)
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(float(value), 0.0)
        except ValueError:
            parsed = email.utils.parsedate_to_datetime(value)
            return max(parsed.timestamp() - time.time(), 0.0)
    except (TypeError, ValueError, OverflowError):
        return None


def classify_error(exc: BaseException) -> BaseException:
    """Map an SDK/stream error to a PlannerError, or a _Retry for transient failures."""
    if isinstance(exc, PlannerError):
        return exc
    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError, TimeoutError)):
        return _Retry(exc)
    if isinstance(exc, openai.APIStatusError):
        status, code, param = exc.status_code, exc.code, exc.param
        message = redact(str(exc.message))
        if _is_previous_response_error(code, param, message):
            return PreviousResponseNotFound(message)
        if status in (401, 403):
            return PlannerError(f"{status}: {message}", user_message=AUTH_MESSAGE, code="auth_failed")
        if status == 429 and code == "insufficient_quota":
            return PlannerError(f"429: {message}", user_message=QUOTA_MESSAGE, code="insufficient_quota")
        if status in (408, 409, 429) or status >= 500:
            return _Retry(exc, retry_after_seconds(exc.response.headers))
        return PlannerError(f"{status}: {message}", code="bad_request")
    if isinstance(exc, StreamError) or isinstance(exc, openai.APIError):
        code = getattr(exc, "code", None)
        message = redact(str(getattr(exc, "message", exc)))
        if _is_previous_response_error(code, getattr(exc, "param", None), message):
            return PreviousResponseNotFound(message)
        if code in _RETRYABLE_CODES:
            return _Retry(exc)
        return PlannerError(f"{code or 'error'}: {message}", code="bad_response")
    return exc


async def call_with_retries(
    attempt: Callable[[float], Awaitable[T]],
    *,
    deadline: Deadline,
    request_timeout: float,
    describe: str,
    may_retry: Callable[[], bool] = lambda: True,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> T:
    """Run `attempt(timeout)`, retrying transient errors with exponential backoff + jitter until `deadline`.

    Each attempt gets at most the time left (`min(request_timeout, remaining)`), and no retry
    starts (or sleeps) past the deadline: the deadline bounds the whole call, not each attempt.
    """
    tries = 0
    while True:
        remaining = deadline.remaining(clock=clock)
        if remaining <= 0:
            raise PlannerUnavailable(f"{describe}: no time left in the {deadline.budget:g}s planning budget")
        tries += 1
        try:
            return await attempt(min(request_timeout, remaining))
        except Exception as exc:  # noqa: BLE001 - every error is classified below
            mapped = classify_error(exc)
            if not isinstance(mapped, _Retry):
                if mapped is exc:
                    raise
                raise mapped from exc
            reason = redact(f"{type(exc).__name__}: {exc}")
            if not may_retry():
                # Text already reached the user; a retry would repeat it.
                raise PlannerUnavailable(f"{describe}: failed mid-stream: {reason}") from exc
            backoff = min(0.5 * 2 ** (tries - 1), 8.0) * random.uniform(0.5, 1.0)
            delay = mapped.delay if mapped.delay is not None else backoff
            if delay >= deadline.remaining(clock=clock):
                raise PlannerUnavailable(
                    f"{describe}: gave up after {tries} attempt(s) within {deadline.budget:g}s: {reason}"
                ) from exc
            log.warning("%s: attempt %d failed (%s); retrying in %.2fs", describe, tries, reason, delay)
            await sleep(delay)


def _client_timeout(client: openai.AsyncOpenAI) -> float:
    """The client's own request timeout in seconds (a number, or an httpx.Timeout's read timeout)."""
    timeout = getattr(client, "timeout", None)
    if isinstance(timeout, (int, float)):
        return float(timeout)
    return float(getattr(timeout, "read", None) or 60.0)


def _effort(value: str | None) -> str | None:
    return None if value in (None, "", "none") else value


def responses_input(items: list[InputItem]) -> list[dict[str, Any]]:
    """Convert planner input items to Responses API input items."""
    out: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, InputMessage):
            if item.role == "user":
                content: list[dict[str, Any]] = [{"type": "input_text", "text": item.text}]
                content += [{"type": "input_image", "image_url": i.url, "detail": i.detail} for i in item.images]
                out.append({"role": "user", "content": content})
            else:
                out.append({"role": item.role, "content": item.text})
        elif isinstance(item, FunctionCallOutput):
            out.append({"type": "function_call_output", "call_id": item.call_id, "output": item.output})
        elif isinstance(item, FunctionCallItem):
            out.append(
                {
                    "type": "function_call",
                    "call_id": item.call_id,
                    "name": item.name,
                    "arguments": item.arguments,
                }
            )
        else:  # pragma: no cover - InputItem is a closed union
            raise TypeError(f"unknown input item {item!r}")
    return out


class OpenAIBackendBase:
    """What both OpenAI backends share: client, reasoning/verbosity, retry budget, streaming with retries."""

    name = "openai"
    api_label = "openai"  # names the API in retry logs

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        reasoning_effort: str | None = "low",
        verbosity: str | None = "low",
        retry_budget: float = 20.0,
        request_timeout: float | None = None,
        name: str | None = None,
    ):
        self.client = client
        self.reasoning_effort = _effort(reasoning_effort)
        self.verbosity = _effort(verbosity)
        self.retry_budget = retry_budget  # a call's own deadline when its request brings none
        self.request_timeout = request_timeout if request_timeout is not None else _client_timeout(client)
        self.name = name or type(self).name

    async def complete(self, request: PlannerRequest, *, on_text: TextSink | None = None) -> PlannerReply:
        """Stream one reply, retrying transient failures until text has been shown (then never again).

        The whole call (every attempt and backoff) ends by the request's deadline: until text
        reaches the user, an attempt is stopped when the deadline passes; once text is flowing the
        user is no longer waiting, and only the request timeout (per read) applies.
        """
        kwargs = self.request_kwargs(request)
        deadline = request.deadline or Deadline.after(self.retry_budget)
        emitted = False

        async def attempt(timeout: float) -> PlannerReply:
            async with asyncio.timeout(deadline.remaining() + _HARD_STOP_GRACE) as stop:

                async def sink(delta: str) -> None:
                    nonlocal emitted
                    if not emitted:
                        stop.reschedule(None)  # the answer is reaching the user: no hard stop
                    emitted = True
                    if on_text is not None:
                        await on_text(delta)

                return await self._stream_once({**kwargs, "timeout": timeout}, sink, request.on_reasoning)

        return await call_with_retries(
            attempt,
            deadline=deadline,
            request_timeout=self.request_timeout,
            describe=f"{self.api_label} {request.model} {request.purpose}".strip(),
            may_retry=lambda: not emitted,
        )

    async def _stream_once(
        self, kwargs: dict[str, Any], sink: TextSink, on_reasoning: TextSink | None = None
    ) -> PlannerReply:
        """One streamed API call (each backend speaks its own API); `on_reasoning` gets a reasoning summary."""
        raise NotImplementedError

    def request_kwargs(self, request: PlannerRequest) -> dict[str, Any]:
        """The keyword arguments of the API call for this request."""
        raise NotImplementedError


class OpenAIResponsesBackend(OpenAIBackendBase):
    """Plans with the Responses API; conversations are threaded by previous_response_id."""

    profile = BackendProfile(threads_responses=True, reads_images=True, reports_usage=True)
    name = "openai"
    api_label = "responses"
    # `reasoning.summary` (auto/concise/detailed) asked of reasoning models; None or "off": never.
    reasoning_summary: str | None = None

    def __init__(self, client: openai.AsyncOpenAI, *, reasoning_summary: str | None = None, **options: Any):
        super().__init__(client, **options)
        self.reasoning_summary = reasoning_summary

    def request_kwargs(self, request: PlannerRequest) -> dict[str, Any]:
        """The keyword arguments for `client.responses.create`."""
        kwargs: dict[str, Any] = {
            "model": request.model,
            "instructions": request.instructions,
            "input": responses_input(request.input),
            "stream": True,
            "store": True,  # previous_response_id threading needs stored responses
        }
        if request.tools:
            kwargs["tools"] = [t.responses_spec() for t in request.tools]
            # Only with tools: compatible servers may refuse tool options on a tool-less call.
            kwargs["parallel_tool_calls"] = False
            if request.tool_choice:
                kwargs["tool_choice"] = {"type": "function", "name": request.tool_choice}
        if request.previous_response_id:
            kwargs["previous_response_id"] = request.previous_response_id
        if self.reasoning_effort:
            kwargs["reasoning"] = {"effort": self.reasoning_effort}
        if self.verbosity:
            kwargs["text"] = {"verbosity": self.verbosity}
        add_summary(kwargs, model=request.model, summary=self.reasoning_summary)
        return kwargs

    async def _stream_once(
        self, kwargs: dict[str, Any], sink: TextSink, on_reasoning: TextSink | None = None
    ) -> PlannerReply:
        stream = await self.client.responses.create(**kwargs)
        summary = SummaryStream(on_reasoning)
        final = None
        streamed: list[str] = []
        async with stream:
            async for event in _read_events(stream):
                kind = getattr(event, "type", "")
                if kind == "response.output_text.delta":
                    streamed.append(event.delta)
                    await sink(event.delta)
                elif kind.startswith("response.reasoning_summary"):
                    await summary.feed(event)
                elif kind in ("response.completed", "response.incomplete"):
                    final = event.response
                elif kind == "response.failed":
                    error = getattr(event.response, "error", None)
                    raise StreamError(
                        getattr(error, "code", None) or "response_failed",
                        getattr(error, "message", None) or "the response failed",
                    )
                elif kind == "error":
                    raise StreamError(getattr(event, "code", None), getattr(event, "message", "stream error"))
        if final is None:
            raise StreamError("stream_ended", "the stream ended before response.completed")
        return _reply_from_response(final, "".join(streamed))


# The SDK builds a pydantic model of every streamed event (~80 µs each) and a tool call streams one arguments
# delta per token: only the events `_stream_once` reads are built; the others are skipped after json.loads.
_READ = ("response.output_text.delta", "response.reasoning_summary", "response.completed", "response.incomplete")
_READ += ("response.failed", "error")


async def _read_events(stream: Any):
    """The stream's events `_stream_once` reads, parsed by the SDK as it would (its error checks included)."""
    options = getattr(stream, "_options", None)
    raw = getattr(stream, "_iter_events", None)
    mode = (getattr(options, "stream_mode", "legacy"), getattr(options, "synthesize_event_and_data", None))
    if raw is None or mode != ("legacy", None) and mode != ("legacy", False):
        async for event in stream:  # an SDK or mode this filter was not written for: every event built
            yield event
        return
    async for sse in raw():  # reads to the end (no [DONE] in the Responses API): the connection is reused
        data = sse.json() if not sse.data.startswith("[DONE]") else None
        if not isinstance(data, dict):
            continue
        if data.get("error"):  # as the SDK's own stream: a top-level error is an APIError
            error = data["error"]
            message = error.get("message") if isinstance(error, dict) else None
            raise openai.APIError(
                message if isinstance(message, str) and message else "An error occurred during streaming",
                stream.response.request,
                body=error,
            )
        if str(data.get("type", "")).startswith(_READ):
            yield stream._client._process_response_data(data=data, cast_to=stream._cast_to, response=stream.response)


def _reply_from_response(response: Any, streamed_text: str) -> PlannerReply:
    calls: list[ToolCall] = []
    texts: list[str] = []
    for item in getattr(response, "output", None) or []:
        kind = getattr(item, "type", None)
        if kind == "function_call":
            calls.append(ToolCall(call_id=item.call_id, name=item.name, arguments=item.arguments or ""))
        elif kind == "message":
            for part in getattr(item, "content", None) or []:
                if getattr(part, "type", None) == "output_text":
                    texts.append(part.text)
    return PlannerReply(
        response_id=getattr(response, "id", None),
        model=str(getattr(response, "model", "") or ""),
        text="".join(texts) or streamed_text,
        tool_calls=calls,
        usage=usage_from_responses(getattr(response, "usage", None)),
    )
