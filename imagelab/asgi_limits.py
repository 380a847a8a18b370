"""Refuse oversized request bodies before they are read (413 JSON `{code, message}`).

Two layers. `UploadLimit` wraps the ASGI http app: Django's ASGIHandler reads the whole
body before any view runs, so the check must come first. But daphne (twisted) itself
spools the whole body (to a temp file above 100 kB) and then pushes all of it into the
application's queue before the app runs, so `install_daphne_guard()` also answers 413
from twisted's `gotLength` hook — right after the headers — and closes the connection;
a body without a declared length (`Transfer-Encoding: chunked`) is counted as it arrives
and refused the moment it passes the limit. It also stops twisted from parsing multipart
bodies into memory for `request.args`, which daphne never reads (bench/upload_memory.py).

Limits: the upload paths (matched on the percent-decoded path, as Django routes it) accept
IMAGE_MAX_UPLOAD_BYTES plus the multipart overhead; every other request gets one generous
cap, OTHER_FACTOR x DATA_UPLOAD_MAX_MEMORY_SIZE (Django refuses more than that in memory anyway).
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from django.conf import settings

from chatapp.request_target import origin_form

UPLOAD_PATHS = re.compile(r"^/(api/imagelab/jobs/?|imagelab/chats/\d+/turn/?)$")
# Multipart boundaries, headers and the text fields travel with the file.
MULTIPART_ALLOWANCE = 64 * 1024
OTHER_FACTOR = 4


def limit() -> int:
    """The largest accepted body of an upload request."""
    return settings.IMAGE_MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE


def is_upload(method: str, path: str) -> bool:
    """Whether the request is an image upload (`path` raw or decoded, origin or absolute form: matched decoded)."""
    return method == "POST" and UPLOAD_PATHS.match(unquote(origin_form(path))) is not None


def body_limit(method: str, path: str) -> int:
    """The largest body accepted for this request."""
    return limit() if is_upload(method, path) else settings.DATA_UPLOAD_MAX_MEMORY_SIZE * OTHER_FACTOR


def refusal(method: str = "POST", path: str = "/api/imagelab/jobs") -> tuple[bytes, str]:
    """The 413 body and its message."""
    if is_upload(method, path):
        code, message = (
            "image_too_large",
            f"The file is larger than {settings.IMAGE_MAX_UPLOAD_BYTES // (1024 * 1024)} MB.",
        )
    else:
        code, message = "payload_too_large", "The request body is too large."
    return json.dumps({"code": code, "message": message}).encode(), message


def too_large(method: str, path: str, content_length: str | bytes | None) -> bool:
    """Whether a request declares a body above its limit."""
    if content_length is None:
        return False
    try:
        return int(content_length) > body_limit(method, path)
    except (TypeError, ValueError):
        return False


class UploadLimit:
    """ASGI middleware: a 413 JSON answer without receiving the body of an oversized request."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            length = dict(scope.get("headers") or []).get(b"content-length")
            if too_large(scope["method"], scope["path"], length):
                body, _ = refusal(scope["method"], scope["path"])
                await send(
                    {
                        "type": "http.response.start",
                        "status": 413,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"x-content-type-options", b"nosniff"),
                            (b"connection", b"close"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class _Discard:
    """A write-only sink for the body twisted keeps receiving until the connection closes."""

    def write(self, data):
        pass

    def seek(self, *args):
        return 0

    def read(self, *args):
        return b""

    def close(self):
        pass

    def dataReceived(self, data):  # noqa: N802 - also stands in for twisted's transfer decoder
        pass

    def noMoreData(self):  # noqa: N802
        pass

    closed = False


def _method_path(request) -> tuple[str, str]:
    channel = request.channel
    method = getattr(channel, "_command", b"").decode("latin-1")
    return method, getattr(channel, "_path", b"").split(b"?", 1)[0].decode("latin-1")


def _refuse(request) -> None:
    """Answer 413 now, drop the rest of the body, never run the request, close the connection."""
    channel = request.channel
    request._marquee_refused = True
    # Twisted answers "100 Continue" right after gotLength when asked: not after a refusal.
    request.requestHeaders.removeHeader(b"Expect")
    old, request.content = request.content, _Discard()
    if old is not None and hasattr(old, "close"):
        old.close()
    decoder = getattr(channel, "_transferDecoder", None)
    if decoder is not None:  # a chunked decoder mid-body must not complete the request
        decoder.finishCallback = lambda rest: None
    channel._transferDecoder = _Discard()
    body, _ = refusal(*_method_path(request))
    channel.transport.write(
        b"HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\n"
        b"x-content-type-options: nosniff\r\nconnection: close\r\n"
        + f"content-length: {len(body)}\r\n\r\n".encode()
        + body
    )
    channel.transport.loseConnection()


def install_daphne_guard() -> bool:
    """Patch daphne's request class to refuse from the headers (True when daphne is importable)."""
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:
        return False
    if getattr(WebRequest, "_marquee_upload_guard", False):
        return True
    original_length, original_chunk = WebRequest.gotLength, WebRequest.handleContentChunk

    def gotLength(self, length):  # noqa: N802 - twisted's name
        self._marquee_cap, self._marquee_seen = body_limit(*_method_path(self)), 0
        if length is not None and length > self._marquee_cap:
            self.content = None
            _refuse(self)
            return
        original_length(self, length)
        # Twisted would also read a whole multipart body into memory to fill request.args,
        # which daphne never uses (measured: ~1.2 GB for 100 MB); the app parses the body itself.
        self._parsePOSTFormSubmission = False

    def handleContentChunk(self, data):  # noqa: N802 - twisted's name
        if getattr(self, "_marquee_refused", False):
            return
        self._marquee_seen = getattr(self, "_marquee_seen", 0) + len(data)
        if self._marquee_seen > getattr(self, "_marquee_cap", self._marquee_seen):  # chunked: no declared length
            _refuse(self)
            return
        original_chunk(self, data)

    WebRequest.gotLength = gotLength
    WebRequest.handleContentChunk = handleContentChunk
    WebRequest._marquee_upload_guard = True
    return True


def wrap_http(app):
    """The image lab's ASGI http wrapper (ChatKind.http_wrapper): both layers of the body limit."""
    install_daphne_guard()
    return UploadLimit(app)
