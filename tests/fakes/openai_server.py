"""A local fake of the OpenAI HTTP API speaking the real wire formats (JSON and SSE).

Point the real SDK at it: `AsyncOpenAI(api_key="sk-test", base_url=server.base_url, max_retries=0)`.
Queue replies with `server.enqueue(tool_call(...))`, `text(...)`, `error(...)`, `hang(...)`, or answer every
request from its body with `server.respond_with(fn)` (load benchmarks: many users, varied answers);
every request is recorded in `server.requests` as (path, headers, body).
"""

from __future__ import annotations

import base64
import email.parser
import email.policy
import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, NamedTuple

import pytest

# A valid 1x1 transparent PNG.
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
_ids = itertools.count(1)


class RecordedRequest(NamedTuple):
    """One request the fake received; `body` is the JSON (or form fields for multipart)."""

    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeReply:
    """One queued reply; build it with tool_call(), text(), error(), hang(), failed() or image()."""

    kind: str
    calls: list[tuple[str, str, str | None]] = field(default_factory=list)  # (name, arguments, call_id)
    text: str = ""
    chunks: int = 3
    response_id: str | None = None
    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    code: str = ""
    png: bytes = PNG_1X1
    reasoning: list[str] = field(default_factory=list)  # reasoning summary parts, streamed first (Responses)
    pause: float = 0.0  # seconds the stream waits after the reasoning summary, before the output
    # Token counts the reply reports: {input, cached, output, reasoning}; None: the fake's standard 42 in, 7 out.
    usage: dict[str, int] | None = None


def _arguments(arguments: dict[str, Any] | str) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def tool_call(
    name: str,
    arguments: dict[str, Any] | str,
    *,
    response_id: str | None = None,
    call_id: str | None = None,
    extra_calls: list[tuple[str, dict[str, Any] | str]] | None = None,
    reasoning: list[str] | None = None,
    pause: float = 0.0,
    usage: dict[str, int] | None = None,
) -> FakeReply:
    """A reply with one function call (arguments as a dict or raw text), plus optional extra calls.

    `reasoning`: summary parts streamed before the call (Responses API); `pause`: a wait after them.
    """
    calls = [(name, _arguments(arguments), call_id)] + [(n, _arguments(a), None) for n, a in extra_calls or []]
    return FakeReply(
        "tool_call", calls=calls, response_id=response_id, reasoning=list(reasoning or []), pause=pause, usage=usage
    )


def text(
    text: str,
    *,
    chunks: int = 3,
    response_id: str | None = None,
    reasoning: list[str] | None = None,
    pause: float = 0.0,
    usage: dict[str, int] | None = None,
) -> FakeReply:
    """A text reply streamed in about `chunks` deltas (after any `reasoning` summary parts and `pause`)."""
    return FakeReply(
        "text",
        text=text,
        chunks=max(chunks, 1),
        response_id=response_id,
        reasoning=list(reasoning or []),
        pause=pause,
        usage=usage,
    )


def error(status: int, body: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> FakeReply:
    """An HTTP error with an OpenAI-style body ({"error": {...}} is added when missing)."""
    body = body or _api_error(f"fake error {status}", "server_error", None)
    if "error" not in body:
        body = {"error": body}
    return FakeReply("error", status=status, body=body, headers=dict(headers or {}))


def hang(seconds: float) -> FakeReply:
    """Accept the request and say nothing for `seconds` (then drop the connection)."""
    return FakeReply("hang", seconds=seconds)


def failed(code: str, message: str, *, response_id: str | None = None) -> FakeReply:
    """A stream that starts fine and ends with `response.failed` (or an error chunk for chat)."""
    return FakeReply("failed", code=code, text=message, response_id=response_id)


def stream_error(code: str, message: str) -> FakeReply:
    """A Responses stream that starts fine and ends with an `error` event."""
    return FakeReply("stream_error", code=code, text=message)


def image(png: bytes = PNG_1X1) -> FakeReply:
    """An /images/edits result carrying `png` as b64_json."""
    return FakeReply("image", png=png)


class FakeOpenAIServer:
    """A ThreadingHTTPServer on 127.0.0.1:<free port> serving queued replies."""

    tool_call = staticmethod(tool_call)
    text = staticmethod(text)
    error = staticmethod(error)
    hang = staticmethod(hang)
    failed = staticmethod(failed)
    image = staticmethod(image)

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self._queue: deque[FakeReply] = deque()
        self._responder: Callable[[RecordedRequest], FakeReply | None] | None = None
        self._lock = threading.Lock()
        self.stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._httpd.fake = self  # type: ignore[attr-defined]
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The URL to give the SDK as base_url."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def enqueue(self, *replies: FakeReply) -> None:
        """Queue replies; each request takes the next one."""
        with self._lock:
            self._queue.extend(replies)

    def next_reply(self) -> FakeReply | None:
        """Pop the next queued reply (None when the queue is empty)."""
        with self._lock:
            return self._queue.popleft() if self._queue else None

    def respond_with(self, responder: Callable[[RecordedRequest], FakeReply | None] | None) -> None:
        """Answer each request the queue does not cover with `responder(request)` (None: no reply)."""
        self._responder = responder

    def reply_for(self, request: RecordedRequest) -> FakeReply | None:
        """The next queued reply, else the responder's answer to `request`."""
        reply = self.next_reply()
        if reply is None and self._responder is not None:
            reply = self._responder(request)
        return reply

    @property
    def pending(self) -> int:
        """Replies not used yet."""
        with self._lock:
            return len(self._queue)

    def bodies(self, path_suffix: str = "") -> list[Any]:
        """The recorded bodies, optionally only for paths ending with `path_suffix`."""
        return [r.body for r in self.requests if r.path.endswith(path_suffix)]

    def start(self) -> FakeOpenAIServer:
        """Serve in a daemon thread."""
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="fake-openai",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and wake any hanging handlers."""
        self.stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@pytest.fixture
def fake_openai():
    """A running FakeOpenAIServer, stopped after the test."""
    with FakeOpenAIServer() as server:
        yield server


# --- wire formats -------------------------------------------------------------------


def _split(text: str, parts: int) -> list[str]:
    size = max(1, -(-len(text) // parts))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _counts(reply: FakeReply) -> dict[str, int]:
    return {"input": 42, "cached": 0, "output": 7, "reasoning": 0, **(reply.usage or {})}


def _usage(reply: FakeReply) -> dict[str, Any]:
    n = _counts(reply)
    return {
        "input_tokens": n["input"],
        "input_tokens_details": {"cached_tokens": n["cached"]},
        "output_tokens": n["output"],
        "output_tokens_details": {"reasoning_tokens": n["reasoning"]},
        "total_tokens": n["input"] + n["output"],
    }


def _chat_usage(reply: FakeReply) -> dict[str, Any]:
    n = _counts(reply)
    return {
        "prompt_tokens": n["input"],
        "prompt_tokens_details": {"cached_tokens": n["cached"]},
        "completion_tokens": n["output"],
        "completion_tokens_details": {"reasoning_tokens": n["reasoning"]},
        "total_tokens": n["input"] + n["output"],
    }


def _response_object(req: dict[str, Any], reply: FakeReply, rid: str, output: list, status: str) -> dict[str, Any]:
    return {
        "id": rid,
        "object": "response",
        "created_at": int(time.time()),
        "status": status,
        "background": False,
        "error": None,
        "incomplete_details": None,
        "instructions": req.get("instructions"),
        "max_output_tokens": None,
        "model": req.get("model", "gpt-fake"),
        "output": output,
        "parallel_tool_calls": req.get("parallel_tool_calls", True),
        "previous_response_id": req.get("previous_response_id"),
        "reasoning": {"effort": (req.get("reasoning") or {}).get("effort"), "summary": None},
        "store": req.get("store", True),
        "temperature": 1.0,
        "text": {
            "format": {"type": "text"},
            "verbosity": (req.get("text") or {}).get("verbosity", "medium"),
        },
        "tool_choice": req.get("tool_choice", "auto"),
        "tools": req.get("tools", []),
        "top_p": 1.0,
        "truncation": "disabled",
        "usage": _usage(reply) if status == "completed" else None,
        "user": None,
        "metadata": {},
    }


def responses_events(req: dict[str, Any], reply: FakeReply) -> tuple[list[tuple[str, dict]], dict]:
    """The SSE events of /v1/responses for `reply`, and the final response object."""
    rid = reply.response_id or f"resp_fake_{next(_ids)}"
    events: list[dict[str, Any]] = []
    output: list[dict[str, Any]] = []

    def emit(kind: str, **fields: Any) -> None:
        events.append({"type": kind, **fields})

    emit("response.created", response=_response_object(req, reply, rid, [], "in_progress"))
    emit("response.in_progress", response=_response_object(req, reply, rid, [], "in_progress"))
    if reply.kind == "failed":
        failed_obj = _response_object(req, reply, rid, [], "failed")
        failed_obj["error"] = {"code": reply.code, "message": reply.text}
        emit("response.failed", response=failed_obj)
        return _numbered(events), failed_obj
    if reply.kind == "stream_error":
        emit("error", code=reply.code, message=reply.text, param=None)
        return _numbered(events), {}
    if reply.reasoning:
        output.append(_reasoning_events(emit, reply.reasoning))
    if reply.pause:
        emit(PAUSE, seconds=reply.pause)
    if reply.kind == "text":
        item_id = f"msg_fake_{next(_ids)}"
        part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
        item = {"id": item_id, "type": "message", "status": "in_progress", "role": "assistant"}
        at = len(output)
        emit("response.output_item.added", output_index=at, item={**item, "content": []})
        where = {"item_id": item_id, "output_index": at, "content_index": 0}
        emit("response.content_part.added", **where, part=part)
        for delta in _split(reply.text, reply.chunks):
            emit("response.output_text.delta", **where, delta=delta, logprobs=[])
        emit("response.output_text.done", **where, text=reply.text, logprobs=[])
        done_part = {**part, "text": reply.text}
        emit("response.content_part.done", **where, part=done_part)
        done_item = {**item, "status": "completed", "content": [done_part]}
        emit("response.output_item.done", output_index=at, item=done_item)
        output.append(done_item)
    for index, (name, arguments, call_id) in enumerate(reply.calls, start=len(output)):
        n = next(_ids)
        item = {"id": f"fc_fake_{n}", "type": "function_call", "status": "in_progress"}
        item.update(call_id=call_id or f"call_fake_{n}", name=name, arguments="")
        emit("response.output_item.added", output_index=index, item=item)
        where = {"item_id": item["id"], "output_index": index}
        for delta in _split(arguments, reply.chunks):  # 3 unless a test or bench sets more
            emit("response.function_call_arguments.delta", **where, delta=delta)
        emit("response.function_call_arguments.done", **where, arguments=arguments)
        done_item = {**item, "status": "completed", "arguments": arguments}
        emit("response.output_item.done", output_index=index, item=done_item)
        output.append(done_item)
    final = _response_object(req, reply, rid, output, "completed")
    emit("response.completed", response=final)
    return _numbered(events), final


# Not an API event: the handler waits `seconds` here before streaming the rest.
PAUSE = "fake.pause"


def _reasoning_events(emit, parts: list[str]) -> dict[str, Any]:
    """Stream a reasoning item's summary parts as the Responses API does; return the finished item."""
    item_id = f"rs_fake_{next(_ids)}"
    emit("response.output_item.added", output_index=0, item={"id": item_id, "type": "reasoning", "summary": []})
    summary = []
    for index, part in enumerate(parts):
        where = {"item_id": item_id, "output_index": 0, "summary_index": index}
        emit("response.reasoning_summary_part.added", **where, part={"type": "summary_text", "text": ""})
        for delta in _split(part, 2):
            emit("response.reasoning_summary_text.delta", **where, delta=delta)
        emit("response.reasoning_summary_text.done", **where, text=part)
        emit("response.reasoning_summary_part.done", **where, part={"type": "summary_text", "text": part})
        summary.append({"type": "summary_text", "text": part})
    done = {"id": item_id, "type": "reasoning", "summary": summary}
    emit("response.output_item.done", output_index=0, item=done)
    return done


def _numbered(events: list[dict[str, Any]]) -> list[tuple[str, dict]]:
    return [(e["type"], {**e, "sequence_number": i}) for i, e in enumerate(events)]


def chat_chunks(req: dict[str, Any], reply: FakeReply) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The stream chunks of /v1/chat/completions for `reply`, and the non-streamed completion."""
    cid = reply.response_id or f"chatcmpl-fake{next(_ids)}"
    base = {
        "id": cid,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": req.get("model", "gpt-fake"),
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            **base,
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
        }

    chunks = [chunk({"role": "assistant", "content": ""})]
    message: dict[str, Any] = {"role": "assistant", "content": None, "refusal": None}
    if reply.kind == "failed":
        chunks.append({"error": {"message": reply.text, "type": "server_error", "code": reply.code}})
        return chunks, {}
    if reply.kind == "text":
        chunks += [chunk({"content": delta}) for delta in _split(reply.text, reply.chunks)]
        message["content"] = reply.text
    calls = []
    for index, (name, arguments, given_id) in enumerate(reply.calls):
        call_id = given_id or f"call_fake_{next(_ids)}"
        calls.append({"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}})
        first = {
            "index": index,
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        chunks.append(chunk({"tool_calls": [first]}))
        for fragment in _split(arguments, 3):
            chunks.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]}))
    if calls:
        message["tool_calls"] = calls
    finish = "tool_calls" if calls else "stop"
    chunks.append(chunk({}, finish))
    if (req.get("stream_options") or {}).get("include_usage"):
        chunks.append({**base, "choices": [], "usage": _chat_usage(reply)})  # as the API: a last chunk, no choices
    completion = {
        **base,
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": _chat_usage(reply),
    }
    return chunks, completion


class _Handler(BaseHTTPRequestHandler):
    server_version = "FakeOpenAI/1.0"

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    @property
    def fake(self) -> FakeOpenAIServer:
        return self.server.fake  # type: ignore[attr-defined]

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        content_type = self.headers.get("content-type", "")
        body: Any
        if content_type.startswith("multipart/form-data"):
            body = _parse_multipart(content_type, raw)
        else:
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = raw.decode("utf-8", "replace")
        path = self.path.split("?", 1)[0]
        recorded = RecordedRequest(path, {k.lower(): v for k, v in self.headers.items()}, body)
        self.fake.requests.append(recorded)

        reply = self.fake.reply_for(recorded)
        if reply is None:
            message = f"FakeOpenAIServer: no reply queued for POST {path}"
            self._json(500, _api_error(message, "server_error", "fake_queue_empty"))
            return
        if reply.kind == "hang":
            self.fake.stopping.wait(reply.seconds)
            self.close_connection = True
            return
        if reply.kind == "error":
            self._json(reply.status, reply.body or {}, reply.headers)
            return
        stream = isinstance(body, dict) and body.get("stream") is True
        if path.endswith("/responses"):
            events, final = responses_events(body, reply)
            if stream:
                frames = [
                    data["seconds"] if name == PAUSE else f"event: {name}\ndata: {json.dumps(data)}\n\n"
                    for name, data in events
                ]
                self._sse(frames)
            else:
                self._json(200, final)
        elif path.endswith("/chat/completions"):
            chunks, completion = chat_chunks(body, reply)
            if stream:
                self._sse([f"data: {json.dumps(c)}\n\n" for c in chunks] + ["data: [DONE]\n\n"])
            else:
                self._json(200, completion)
        elif path.endswith("/images/edits") or path.endswith("/images/generations"):
            b64 = base64.b64encode(reply.png).decode()
            payload = {"created": int(time.time()), "data": [{"b64_json": b64}]}
            self._json(200, {**payload, "usage": {"total_tokens": 1}})
        else:
            message = f"FakeOpenAIServer: unknown path {path}"
            self._json(404, _api_error(message, "invalid_request_error", None))

    def _json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("x-request-id", f"req_fake_{next(_ids)}")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, frames: list[str | float]) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self.send_header("x-request-id", f"req_fake_{next(_ids)}")
        self.end_headers()  # HTTP/1.0: the body ends when the connection closes
        for frame in frames:
            if isinstance(frame, float | int):  # a scripted pause mid-stream
                self.fake.stopping.wait(frame)
                continue
            self.wfile.write(frame.encode())
            self.wfile.flush()


def _api_error(message: str, kind: str, code: str | None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def _parse_multipart(content_type: str, raw: bytes) -> dict[str, Any]:
    """Form fields as text; files as {"filename", "content_type", "size"}."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        f"content-type: {content_type}\r\n\r\n".encode() + raw
    )
    fields: dict[str, Any] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_filename()
        payload = part.get_payload(decode=True) or b""
        if filename:
            entry = {"filename": filename, "content_type": part.get_content_type()}
            entry["size"] = len(payload)
            if name in fields:  # several files under one name ("image[]")
                previous = fields[name]
                fields[name] = (previous if isinstance(previous, list) else [previous]) + [entry]
            else:
                fields[name] = entry
        else:
            fields[name] = payload.decode("utf-8", "replace")
    return fields
